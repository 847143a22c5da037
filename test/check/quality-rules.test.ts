// Every declared quality rule, with a record that obeys it and one that breaks it.
import { describe, expect, it } from 'vitest';
import { checkDataset } from '../../scripts/check/quality-check.ts';
import type { DatasetDefinition, RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { DATASETS } from '../../scripts/datasets/datasets.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';

// ACEH BARAT, 2014, from the canonical turnout file: obeys every rule.
const TURNOUT: Readonly<Record<string, string>> = {
  TahunPemilu: '2014',
  JenisPemilu: 'DPR',
  IdDapil: '1101',
  NamaDapil: 'ACEH I',
  NamaProvinsi: 'ACEH',
  NamaKabupaten: 'ACEH BARAT',
  JumlahPenggunaHakPilihLakiLakiDalamDPT: '51685',
  JumlahPenggunaHakPilihPerempuanDalamDPT: '52152',
  JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPT: '103837',
  JumlahPenggunaHakPilihLakiLakiDalamDPTb: '65',
  JumlahPenggunaHakPilihPerempuanDalamDPTb: '59',
  JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPTb: '124',
  JumlahPenggunaHakPilihLakiLakiDalamDPK: '981',
  JumlahPenggunaHakPilihPerempuanDalamDPK: '1006',
  JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPK: '1987',
  JumlahTotalPenggunaHakPilihLakiLaki: '52731',
  JumlahTotalPenggunaHakPilihPerempuan: '53217',
  JumlahSeluruhPenggunaHakPilih: '105948',
};

// Gerindra 2024 as in the canonical file, with a women's share and a verification link filled in.
const PARTY: Readonly<Record<string, string>> = {
  tahunPemilu: '2024',
  NomorUrutPartai: '2',
  NamaPartai: 'Partai Gerakan Indonesia Raya',
  AkronimNamaPartai: 'Partai GERINDRA',
  AlamatKantor: 'Jl. RM. Harsono No. 54, Ragunan, Pasar Minggu, Jakarta Selatan 12550',
  Email: 'sekretariat@gerindra.id',
  Website: 'http://partaigerindra.or.id/',
  NamaNotaris: 'LIENA LATIEF, S.H.',
  AlamatNotaris: 'Jl. Bintaro Raya Tengah N I/11 Bintaro Jaya',
  NomorAktaNotaris: '1',
  TanggalAkteNotaris: '06-02-2008',
  PersentaseKeterwakilanPerempuan: '30,5',
  NomorSk: 'M.HH-18.AH.11.01',
  KetuaUmum: 'Prabowo Subianto',
  SekretarisJenderal: 'Ahmad Muzani',
  BendaharaUmum: 'Thomas Djiwandono',
  Link: 'https://infopemilu.kpu.go.id/Pemilu/Partai/2',
};

function flagsOf(dataset: DatasetDefinition, record: RawRecord): string[] {
  return checkDataset(dataset, [record]).flags[0] ?? [];
}

function plus(value: string | undefined, delta: bigint): string {
  return String(BigInt(value ?? '0') + delta);
}

type Case = { rule: string; name: string; change: RawRecord; flags: string[] };

// The arithmetic rules form a grid in which each count sits in two equations, so no single change breaks only
// one of them: each case names the second rule it unavoidably breaks.
const turnoutFailures: Case[] = [
  { rule: 'field-string', name: 'a missing field', change: { NamaDapil: undefined }, flags: ['field-string'] },
  { rule: 'field-string', name: 'a count sent as a JSON number', change: { JumlahTotalPenggunaHakPilihLakiLaki: 52731 }, flags: ['field-string'] },
  { rule: 'field-string', name: 'a null name', change: { NamaKabupaten: null }, flags: ['field-string'] },
  { rule: 'year-format', name: 'a two-digit year', change: { TahunPemilu: '14' }, flags: ['year-format'] },
  { rule: 'year-format', name: 'a padded year', change: { TahunPemilu: ' 2014' }, flags: ['year-format'] },
  { rule: 'dapil-id-digits', name: 'a letter O for a zero', change: { IdDapil: '11O1' }, flags: ['dapil-id-digits'] },
  { rule: 'dapil-id-digits', name: 'an empty dapil id', change: { IdDapil: '' }, flags: ['dapil-id-digits'] },
  { rule: 'name-non-empty', name: 'a blank regency', change: { NamaKabupaten: '   ' }, flags: ['name-non-empty'] },
  { rule: 'name-non-empty', name: 'an empty dapil name', change: { NamaDapil: '' }, flags: ['name-non-empty'] },
  { rule: 'count-digits', name: 'a thousands separator', change: { JumlahPenggunaHakPilihLakiLakiDalamDPT: '51.685' }, flags: ['count-digits'] },
  { rule: 'count-digits', name: 'an empty count', change: { JumlahSeluruhPenggunaHakPilih: '' }, flags: ['count-digits'] },
  { rule: 'count-digits', name: 'a negative count', change: { JumlahPenggunaHakPilihPerempuanDalamDPK: '-1006' }, flags: ['count-digits'] },
  {
    rule: 'dpt-sex-sum',
    name: 'DPT both one too many (and the grand total with it)',
    change: { JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPT: '103838', JumlahSeluruhPenggunaHakPilih: '105949' },
    flags: ['dpt-sex-sum', 'total-sex-sum'],
  },
  {
    rule: 'dptb-sex-sum',
    name: 'DPTb both one too many',
    change: { JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPTb: '125', JumlahSeluruhPenggunaHakPilih: '105949' },
    flags: ['dptb-sex-sum', 'total-sex-sum'],
  },
  {
    rule: 'dpk-sex-sum',
    name: 'DPK both one too few',
    change: { JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPK: '1986', JumlahSeluruhPenggunaHakPilih: '105947' },
    flags: ['dpk-sex-sum', 'total-sex-sum'],
  },
  {
    rule: 'total-list-sum-male',
    name: 'total male one too many',
    change: { JumlahTotalPenggunaHakPilihLakiLaki: '52732' },
    flags: ['total-list-sum-male', 'total-sex-sum'],
  },
  {
    rule: 'total-list-sum-female',
    name: 'total female one too few',
    change: { JumlahTotalPenggunaHakPilihPerempuan: '53216' },
    flags: ['total-list-sum-female', 'total-sex-sum'],
  },
  {
    rule: 'total-list-sum-both',
    name: 'grand total one too many',
    change: { JumlahSeluruhPenggunaHakPilih: '105949' },
    flags: ['total-list-sum-both', 'total-sex-sum'],
  },
  {
    rule: 'total-sex-sum',
    name: 'a DPT male voter moved to the male total only',
    change: { JumlahPenggunaHakPilihLakiLakiDalamDPT: '51686', JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPT: '103838', JumlahSeluruhPenggunaHakPilih: '105949' },
    flags: ['total-list-sum-male', 'total-sex-sum'],
  },
];

const partyFailures: Case[] = [
  { rule: 'field-string', name: 'a missing Link', change: { Link: undefined }, flags: ['field-string'] },
  { rule: 'field-string', name: 'a ballot number sent as a number', change: { NomorUrutPartai: 2 }, flags: ['field-string'] },
  { rule: 'year-format', name: 'a two-digit year', change: { tahunPemilu: '24' }, flags: ['year-format'] },
  { rule: 'ballot-number-digits', name: 'a ballot number with a letter', change: { NomorUrutPartai: '2a' }, flags: ['ballot-number-digits'] },
  { rule: 'name-non-empty', name: 'a blank party name', change: { NamaPartai: ' ' }, flags: ['name-non-empty'] },
  { rule: 'deed-date', name: '31 February', change: { TanggalAkteNotaris: '31-02-2020' }, flags: ['deed-date'] },
  { rule: 'deed-date', name: '29 February of a common year', change: { TanggalAkteNotaris: '29-02-2023' }, flags: ['deed-date'] },
  { rule: 'deed-date', name: 'an ISO date', change: { TanggalAkteNotaris: '2008-02-06' }, flags: ['deed-date'] },
  { rule: 'deed-date', name: 'single-digit day and month', change: { TanggalAkteNotaris: '6-2-2008' }, flags: ['deed-date'] },
  { rule: 'women-pct', name: 'a decimal point', change: { PersentaseKeterwakilanPerempuan: '30.5' }, flags: ['women-pct'] },
  { rule: 'women-pct', name: 'thousands grouping', change: { PersentaseKeterwakilanPerempuan: '1.234,5' }, flags: ['women-pct'] },
  { rule: 'women-pct', name: 'above 100', change: { PersentaseKeterwakilanPerempuan: '100,5' }, flags: ['women-pct'] },
  { rule: 'women-pct', name: 'a percent sign', change: { PersentaseKeterwakilanPerempuan: '30,5%' }, flags: ['women-pct'] },
  { rule: 'email-format', name: 'no @', change: { Email: 'sekretariat at gerindra.id' }, flags: ['email-format'] },
  { rule: 'email-format', name: 'two addresses', change: { Email: 'a@gerindra.id, b@gerindra.id' }, flags: ['email-format'] },
  { rule: 'link-url', name: 'no scheme', change: { Link: 'infopemilu.kpu.go.id/Pemilu/Partai/2' }, flags: ['link-url'] },
  { rule: 'link-url', name: 'a relative path', change: { Link: '/Pemilu/Partai/2' }, flags: ['link-url'] },
  { rule: 'link-url', name: 'a javascript: URL', change: { Link: 'javascript:alert(1)' }, flags: ['link-url'] },
  { rule: 'link-url', name: 'slashes still JSON-escaped', change: { Link: 'https:\\/\\/infopemilu.kpu.go.id\\/Partai\\/2' }, flags: ['link-url'] },
];

const partyPasses: Array<{ rule: string; name: string; change: RawRecord }> = [
  { rule: 'deed-date', name: 'an empty deed date', change: { TanggalAkteNotaris: '' } },
  { rule: 'deed-date', name: '29 February of a leap year', change: { TanggalAkteNotaris: '29-02-2024' } },
  { rule: 'women-pct', name: 'an empty share', change: { PersentaseKeterwakilanPerempuan: '' } },
  { rule: 'women-pct', name: 'a whole number', change: { PersentaseKeterwakilanPerempuan: '33' } },
  { rule: 'women-pct', name: '100 and 0', change: { PersentaseKeterwakilanPerempuan: '100' } },
  { rule: 'women-pct', name: '0,0', change: { PersentaseKeterwakilanPerempuan: '0,0' } },
  { rule: 'email-format', name: 'an empty e-mail', change: { Email: '' } },
  { rule: 'email-format', name: 'an address with dots and a subdomain', change: { Email: 'exco.partaiburuh@partaiburuh.or.id' } },
  { rule: 'email-format', name: 'surrounding spaces (trimmed when published)', change: { Email: ' dpp@pkb.id ' } },
  { rule: 'link-url', name: 'an empty link', change: { Link: '' } },
  { rule: 'link-url', name: 'an http link', change: { Link: 'http://partaigerindra.or.id/' } },
  { rule: 'name-non-empty', name: 'an empty acronym (not a rule)', change: { AkronimNamaPartai: '' } },
  { rule: 'ballot-number-digits', name: 'a leading zero', change: { NomorUrutPartai: '02' } },
];

function withChange(base: Readonly<Record<string, string>>, change: RawRecord): RawRecord {
  const record: RawRecord = { ...base };
  for (const [field, value] of Object.entries(change)) {
    if (value === undefined) delete record[field];
    else record[field] = value;
  }
  return record;
}

describe('dataset rule declarations', () => {
  it.each(DATASETS.map((dataset) => [dataset.id, dataset] as const))('%s: rule ids are unique kebab-case and name only its fields', (_id, dataset) => {
    const ids = dataset.rules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of dataset.rules) {
      expect(rule.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(rule.fields.length).toBeGreaterThan(0);
      for (const field of rule.fields) expect(dataset.upstreamFields).toContain(field);
      for (const text of [rule.title.id, rule.title.en, rule.description.id, rule.description.en]) expect(text.trim()).not.toBe('');
    }
  });

  it('declares every rule of UPSTREAM.md', () => {
    expect(turnoutDataset.rules.map((rule) => rule.id)).toEqual([
      'field-string',
      'year-format',
      'dapil-id-digits',
      'name-non-empty',
      'count-digits',
      'count-safe-integer',
      'dpt-sex-sum',
      'dptb-sex-sum',
      'dpk-sex-sum',
      'total-list-sum-male',
      'total-list-sum-female',
      'total-list-sum-both',
      'total-sex-sum',
      'key-unique',
    ]);
    expect(partyDataset.rules.map((rule) => rule.id)).toEqual([
      'field-string',
      'year-format',
      'ballot-number-digits',
      'name-non-empty',
      'key-unique',
      'deed-date',
      'women-pct',
      'email-format',
      'link-url',
    ]);
  });

  it('every rule has a failing case below', () => {
    const covered = (cases: Case[]): string[] => [...new Set(cases.map((testCase) => testCase.rule))];
    const turnoutRules = turnoutDataset.rules.map((rule) => rule.id).filter((id) => !['count-safe-integer', 'key-unique'].includes(id));
    const partyRules = partyDataset.rules.map((rule) => rule.id).filter((id) => id !== 'key-unique');
    expect(covered(turnoutFailures).sort()).toEqual([...turnoutRules].sort());
    expect(covered(partyFailures).sort()).toEqual([...partyRules].sort());
  });
});

describe('turnout rules', () => {
  it('the base record obeys every rule', () => {
    expect(flagsOf(turnoutDataset, { ...TURNOUT })).toEqual([]);
  });

  it.each(turnoutFailures.map((testCase) => [testCase.rule, testCase.name, testCase] as const))('%s breaks on %s', (_rule, _name, testCase) => {
    expect(flagsOf(turnoutDataset, withChange(TURNOUT, testCase.change))).toEqual(testCase.flags);
  });

  it('states a broken sum with the expected wording, the values and the computed sum', () => {
    const { report } = checkDataset(turnoutDataset, [withChange(TURNOUT, { JumlahTotalPenggunaHakPilihLakiLaki: '52732' })]);
    const violation = report.violations.find((candidate) => candidate.ruleId === 'total-list-sum-male');
    expect(violation).toEqual({
      ruleId: 'total-list-sum-male',
      position: 0,
      year: '2014',
      key: { TahunPemilu: '2014', JenisPemilu: 'DPR', IdDapil: '1101', NamaKabupaten: 'ACEH BARAT' },
      message: 'LakiLaki: DPT+DPTb+DPK != JumlahTotalPenggunaHakPilihLakiLaki (51685 + 65 + 981 = 52731, JumlahTotalPenggunaHakPilihLakiLaki = 52732)',
      values: {
        JumlahPenggunaHakPilihLakiLakiDalamDPT: '51685',
        JumlahPenggunaHakPilihLakiLakiDalamDPTb: '65',
        JumlahPenggunaHakPilihLakiLakiDalamDPK: '981',
        JumlahTotalPenggunaHakPilihLakiLaki: '52732',
        sum: '52731',
      },
    });
  });

  it('does not evaluate a sum whose counts are not digits (count-digits reports it once)', () => {
    const record = withChange(TURNOUT, { JumlahPenggunaHakPilihLakiLakiDalamDPT: 'abc', JumlahPenggunaHakPilihPerempuanDalamDPT: '' });
    const { report } = checkDataset(turnoutDataset, [record]);
    expect(report.violations.map((violation) => violation.ruleId)).toEqual(['count-digits']);
    expect(report.violations[0]?.values).toEqual({ JumlahPenggunaHakPilihLakiLakiDalamDPT: 'abc', JumlahPenggunaHakPilihPerempuanDalamDPT: '' });
  });

  describe('counts beyond Number.MAX_SAFE_INTEGER', () => {
    // A consistent record whose DPT male count is 2^53 + 1: a double would read it as 2^53.
    const huge = 9007199254740993n;
    function hugeRecord(dptBothDelta: bigint): RawRecord {
      const dptBoth = plus(TURNOUT.JumlahPenggunaHakPilihPerempuanDalamDPT, huge);
      const totalMale = plus(TURNOUT.JumlahTotalPenggunaHakPilihLakiLaki, huge - 51685n);
      const all = plus(TURNOUT.JumlahSeluruhPenggunaHakPilih, huge - 51685n);
      return withChange(TURNOUT, {
        JumlahPenggunaHakPilihLakiLakiDalamDPT: String(huge),
        JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPT: plus(dptBoth, dptBothDelta),
        JumlahTotalPenggunaHakPilihLakiLaki: totalMale,
        JumlahSeluruhPenggunaHakPilih: plus(all, dptBothDelta),
      });
    }

    it('are flagged count-safe-integer, and the sums are still checked exactly', () => {
      const { report } = checkDataset(turnoutDataset, [hugeRecord(0n)]);
      expect(report.violations.map((violation) => violation.ruleId)).toEqual(['count-safe-integer']);
      expect(Object.keys(report.violations[0]?.values ?? {})).toEqual([
        'JumlahPenggunaHakPilihLakiLakiDalamDPT',
        'JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPT',
        'JumlahTotalPenggunaHakPilihLakiLaki',
        'JumlahSeluruhPenggunaHakPilih',
      ]);
    });

    it('an off-by-one that double arithmetic would miss is caught', () => {
      const record = hugeRecord(-1n);
      const asDoubles = Number(record.JumlahPenggunaHakPilihLakiLakiDalamDPT) + Number(record.JumlahPenggunaHakPilihPerempuanDalamDPT);
      expect(asDoubles).toBe(Number(record.JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPT));
      expect(flagsOf(turnoutDataset, record)).toEqual(['count-safe-integer', 'dpt-sex-sum', 'total-sex-sum']);
    });

    it('9007199254740991 itself is fine', () => {
      const record = withChange(TURNOUT, { JumlahPenggunaHakPilihLakiLakiDalamDPTb: '9007199254740991' });
      expect(flagsOf(turnoutDataset, record)).toEqual(['dptb-sex-sum', 'total-list-sum-male']);
    });
  });

  describe('key-unique', () => {
    const other = withChange(TURNOUT, { NamaKabupaten: 'ACEH BARAT DAYA' });

    it('passes distinct keys, including the same regency under another election type', () => {
      const records = [{ ...TURNOUT }, other, withChange(TURNOUT, { JenisPemilu: 'DPD' })];
      expect(checkDataset(turnoutDataset, records).flags).toEqual([[], [], []]);
    });

    it('flags every record of a duplicated key, naming all positions', () => {
      const { flags, report } = checkDataset(turnoutDataset, [{ ...TURNOUT }, other, { ...TURNOUT }]);
      expect(flags).toEqual([['key-unique'], [], ['key-unique']]);
      expect(report.violations.map((violation) => [violation.position, violation.values.positions])).toEqual([
        [0, [0, 2]],
        [2, [0, 2]],
      ]);
    });

    it('compares keys as published: spacing differences collide', () => {
      const spaced = withChange(TURNOUT, { NamaKabupaten: ' ACEH  BARAT' });
      expect(checkDataset(turnoutDataset, [{ ...TURNOUT }, spaced]).flags).toEqual([['key-unique'], ['key-unique']]);
    });

    it('an empty key field is part of the key too: two such records collide once published', () => {
      const blank = withChange(TURNOUT, { JenisPemilu: '' });
      expect(checkDataset(turnoutDataset, [blank, { ...blank }]).flags).toEqual([['key-unique'], ['key-unique']]);
      const noName = withChange(TURNOUT, { NamaKabupaten: ' ' });
      expect(checkDataset(turnoutDataset, [noName, withChange(TURNOUT, { NamaKabupaten: '' })]).flags).toEqual([
        ['key-unique', 'name-non-empty'],
        ['key-unique', 'name-non-empty'],
      ]);
    });
  });
});

describe('party rules', () => {
  it('the base record obeys every rule', () => {
    expect(flagsOf(partyDataset, { ...PARTY })).toEqual([]);
  });

  it('a record of empty optional fields obeys every rule', () => {
    const sparse = Object.fromEntries(partyDataset.upstreamFields.map((field) => [field, '']));
    expect(flagsOf(partyDataset, { ...sparse, tahunPemilu: '2019', NomorUrutPartai: '1', NamaPartai: 'PARTAI KEBANGKITAN BANGSA' })).toEqual([]);
  });

  it.each(partyFailures.map((testCase) => [testCase.rule, testCase.name, testCase] as const))('%s breaks on %s', (_rule, _name, testCase) => {
    expect(flagsOf(partyDataset, withChange(PARTY, testCase.change))).toEqual(testCase.flags);
  });

  it.each(partyPasses.map((testCase) => [testCase.rule, testCase.name, testCase] as const))('%s passes %s', (_rule, _name, testCase) => {
    expect(flagsOf(partyDataset, withChange(PARTY, testCase.change))).toEqual([]);
  });

  it('key-unique: the same ballot number in two years passes, twice in one year fails', () => {
    const nextYear = withChange(PARTY, { tahunPemilu: '2029' });
    expect(checkDataset(partyDataset, [{ ...PARTY }, nextYear]).flags).toEqual([[], []]);
    const sameNumber = withChange(PARTY, { NamaPartai: 'Another party' });
    expect(checkDataset(partyDataset, [{ ...PARTY }, nextYear, sameNumber]).flags).toEqual([['key-unique'], [], ['key-unique']]);
    // NomorUrutPartai is published as text, so "02" is another key than "2".
    expect(checkDataset(partyDataset, [{ ...PARTY }, withChange(PARTY, { NomorUrutPartai: '02' })]).flags).toEqual([[], []]);
  });

  it('reports the broken value of a format rule', () => {
    const { report } = checkDataset(partyDataset, [withChange(PARTY, { TanggalAkteNotaris: '31-02-2020' })]);
    expect(report.violations).toEqual([
      {
        ruleId: 'deed-date',
        position: 0,
        year: '2024',
        key: { tahunPemilu: '2024', NomorUrutPartai: '2' },
        message: 'TanggalAkteNotaris is not a real date written DD-MM-YYYY',
        values: { TanggalAkteNotaris: '31-02-2020' },
      },
    ]);
  });
});
