// Every declared quality rule, with a record that obeys it and one that breaks it.
import { describe, expect, it } from 'vitest';
import { checkDataset } from '../../scripts/check/quality-check.ts';
import type { DatasetDefinition, RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { DATASETS } from '../../scripts/datasets/datasets.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { createSumRule } from '../../scripts/datasets/quality-rules.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';

// A turnout record of a real regency (ACEH SELATAN in dapil ACEH I) with made-up counts, not real figures, that obeys every rule:
// per list male + female = both, DPT + DPTb + DPK = each total, total male + total female = the grand total.
const TURNOUT: Readonly<Record<string, string>> = {
  TahunPemilu: '2019',
  JenisPemilu: 'DPR',
  IdDapil: '1101',
  NamaDapil: 'ACEH I',
  NamaProvinsi: 'ACEH',
  NamaKabupaten: 'ACEH SELATAN',
  JumlahPenggunaHakPilihLakiLakiDalamDPT: '48213',
  JumlahPenggunaHakPilihPerempuanDalamDPT: '49876',
  JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPT: '98089',
  JumlahPenggunaHakPilihLakiLakiDalamDPTb: '73',
  JumlahPenggunaHakPilihPerempuanDalamDPTb: '58',
  JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPTb: '131',
  JumlahPenggunaHakPilihLakiLakiDalamDPK: '1204',
  JumlahPenggunaHakPilihPerempuanDalamDPK: '1187',
  JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPK: '2391',
  JumlahTotalPenggunaHakPilihLakiLaki: '49490',
  JumlahTotalPenggunaHakPilihPerempuan: '51121',
  JumlahSeluruhPenggunaHakPilih: '100611',
};

// A synthetic party profile (not a real party), with a women's share and a verification link filled in.
const PARTY: Readonly<Record<string, string>> = {
  tahunPemilu: '2024',
  NomorUrutPartai: '2',
  NamaPartai: 'Partai Contoh Dua',
  AkronimNamaPartai: 'PC2',
  AlamatKantor: 'Jalan Contoh Raya No. 12, Kota Contoh 3',
  Email: 'sekretariat@contoh-dua.example',
  Website: 'http://contoh-dua.example/',
  NamaNotaris: 'SARI CONTOH, S.H.',
  AlamatNotaris: 'Jalan Notaris Contoh No. 7, Kota Contoh 3',
  NomorAktaNotaris: '1',
  TanggalAkteNotaris: '07-03-2011',
  PersentaseKeterwakilanPerempuan: '30,5',
  NomorSk: 'SK-CONTOH/2/2024',
  KetuaUmum: 'Budi Contoh',
  SekretarisJenderal: 'Dewi Contoh',
  BendaharaUmum: 'Joko Contoh',
  Link: 'https://contoh.example/partai/2',
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
  {
    rule: 'field-string',
    // A JSON integer is taken exactly (next test); a fraction is not a count as sent, and the check stage stops on it.
    name: 'a count sent as a JSON number that is not an integer',
    change: { JumlahTotalPenggunaHakPilihLakiLaki: 49490.5 },
    flags: ['field-string'],
  },
  { rule: 'field-string', name: 'a null name', change: { NamaKabupaten: null }, flags: ['field-string'] },
  {
    rule: 'text-unicode',
    name: 'a lone surrogate in a name',
    change: { NamaKabupaten: 'KABUPATEN \uD800' },
    // The name no longer matches an official regency either.
    flags: ['region-code-match', 'text-unicode'],
  },
  { rule: 'text-utf8', name: 'U+FFFD in a name', change: { NamaDapil: 'DAPIL \uFFFD' }, flags: ['text-utf8'] },
  { rule: 'year-format', name: 'a two-digit year', change: { TahunPemilu: '19' }, flags: ['year-format'] },
  { rule: 'year-format', name: 'a padded year', change: { TahunPemilu: ' 2019' }, flags: ['year-format'] },
  { rule: 'dapil-id-digits', name: 'a letter O for a zero', change: { IdDapil: '01O1' }, flags: ['dapil-id-digits'] },
  { rule: 'dapil-id-digits', name: 'an empty dapil id', change: { IdDapil: '' }, flags: ['dapil-id-digits'] },
  {
    rule: 'dapil-id-official',
    name: 'a dapil id of the official form the 2019 list lacks',
    change: { IdDapil: '1199' },
    flags: ['dapil-id-official'],
  },
  {
    rule: 'regency-dapil-official',
    name: 'a regency the 2019 list puts in another dapil',
    change: { IdDapil: '1102', NamaKabupaten: 'ACEH BARAT' },
    flags: ['regency-dapil-official'],
  },
  { rule: 'name-non-empty', name: 'a blank regency', change: { NamaKabupaten: '   ' }, flags: ['name-non-empty'] },
  { rule: 'name-non-empty', name: 'an empty dapil name', change: { NamaDapil: '' }, flags: ['name-non-empty'] },
  {
    rule: 'region-code-match',
    name: 'a regency name that matches no official name',
    change: { NamaKabupaten: 'ACEH SELATANN' },
    flags: ['region-code-match'],
  },
  {
    rule: 'region-code-match',
    name: 'a regency of another province',
    change: { NamaKabupaten: 'KOTA BOGOR' },
    flags: ['region-code-match'],
  },
  {
    rule: 'region-code-match',
    name: 'a dapil id whose first two digits are not a province code',
    change: { IdDapil: '0101' },
    flags: ['region-code-match'],
  },
  {
    rule: 'count-digits',
    name: 'a thousands separator',
    change: { JumlahPenggunaHakPilihLakiLakiDalamDPT: '48.213' },
    flags: ['count-digits'],
  },
  {
    rule: 'count-digits',
    name: 'an empty count',
    change: { JumlahSeluruhPenggunaHakPilih: '' },
    flags: ['count-digits'],
  },
  {
    rule: 'count-digits',
    name: 'a negative count',
    change: { JumlahPenggunaHakPilihPerempuanDalamDPK: '-1187' },
    flags: ['count-digits'],
  },
  {
    rule: 'dpt-sex-sum',
    name: 'DPT both one too many (and the grand total with it)',
    change: { JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPT: '98090', JumlahSeluruhPenggunaHakPilih: '100612' },
    flags: ['dpt-sex-sum', 'total-sex-sum'],
  },
  {
    rule: 'dptb-sex-sum',
    name: 'DPTb both one too many',
    change: { JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPTb: '132', JumlahSeluruhPenggunaHakPilih: '100612' },
    flags: ['dptb-sex-sum', 'total-sex-sum'],
  },
  {
    rule: 'dpk-sex-sum',
    name: 'DPK both one too few',
    change: { JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPK: '2390', JumlahSeluruhPenggunaHakPilih: '100610' },
    flags: ['dpk-sex-sum', 'total-sex-sum'],
  },
  {
    rule: 'total-list-sum-male',
    name: 'total male one too many',
    change: { JumlahTotalPenggunaHakPilihLakiLaki: '49491' },
    flags: ['total-list-sum-male', 'total-sex-sum'],
  },
  {
    rule: 'total-list-sum-female',
    name: 'total female one too few',
    change: { JumlahTotalPenggunaHakPilihPerempuan: '51120' },
    flags: ['total-list-sum-female', 'total-sex-sum'],
  },
  {
    rule: 'total-list-sum-both',
    name: 'grand total one too many',
    change: { JumlahSeluruhPenggunaHakPilih: '100612' },
    flags: ['total-list-sum-both', 'total-sex-sum'],
  },
  {
    rule: 'total-sex-sum',
    name: 'a DPT male voter moved to the male total only',
    change: {
      JumlahPenggunaHakPilihLakiLakiDalamDPT: '48214',
      JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPT: '98090',
      JumlahSeluruhPenggunaHakPilih: '100612',
    },
    flags: ['total-list-sum-male', 'total-sex-sum'],
  },
];

const partyFailures: Case[] = [
  { rule: 'field-string', name: 'a missing Link', change: { Link: undefined }, flags: ['field-string'] },
  {
    rule: 'field-string',
    name: 'a ballot number sent as a number',
    change: { NomorUrutPartai: 2 },
    flags: ['field-string'],
  },
  {
    rule: 'text-unicode',
    name: 'a lone surrogate in the party name',
    change: { NamaPartai: 'PARTAI \uDC00' },
    flags: ['text-unicode'],
  },
  {
    rule: 'text-utf8',
    name: 'U+FFFD in the party name',
    change: { NamaPartai: 'PARTAI \uFFFD' },
    flags: ['text-utf8'],
  },
  { rule: 'year-format', name: 'a two-digit year', change: { tahunPemilu: '24' }, flags: ['year-format'] },
  {
    rule: 'ballot-number-digits',
    name: 'a ballot number with a letter',
    change: { NomorUrutPartai: '2a' },
    flags: ['ballot-number-digits'],
  },
  { rule: 'name-non-empty', name: 'a blank party name', change: { NamaPartai: ' ' }, flags: ['name-non-empty'] },
  { rule: 'deed-date', name: '31 February', change: { TanggalAkteNotaris: '31-02-2020' }, flags: ['deed-date'] },
  {
    rule: 'deed-date',
    name: '29 February of a common year',
    change: { TanggalAkteNotaris: '29-02-2023' },
    flags: ['deed-date'],
  },
  { rule: 'deed-date', name: 'an ISO date', change: { TanggalAkteNotaris: '2011-03-07' }, flags: ['deed-date'] },
  {
    rule: 'deed-date',
    name: 'single-digit day and month',
    change: { TanggalAkteNotaris: '7-3-2011' },
    flags: ['deed-date'],
  },
  {
    rule: 'women-pct',
    name: 'a decimal point',
    change: { PersentaseKeterwakilanPerempuan: '30.5' },
    flags: ['women-pct'],
  },
  {
    rule: 'women-pct',
    name: 'thousands grouping',
    change: { PersentaseKeterwakilanPerempuan: '1.234,5' },
    flags: ['women-pct'],
  },
  { rule: 'women-pct', name: 'above 100', change: { PersentaseKeterwakilanPerempuan: '100,5' }, flags: ['women-pct'] },
  {
    rule: 'women-pct',
    name: 'a percent sign',
    change: { PersentaseKeterwakilanPerempuan: '30,5%' },
    flags: ['women-pct'],
  },
  {
    rule: 'email-format',
    name: 'no @',
    change: { Email: 'sekretariat at contoh-dua.example' },
    flags: ['email-format'],
  },
  {
    rule: 'email-format',
    name: 'two addresses',
    change: { Email: 'a@contoh-dua.example, b@contoh-dua.example' },
    flags: ['email-format'],
  },
  { rule: 'link-url', name: 'no scheme', change: { Link: 'contoh.example/partai/2' }, flags: ['link-url'] },
  { rule: 'link-url', name: 'a relative path', change: { Link: '/partai/2' }, flags: ['link-url'] },
  { rule: 'link-url', name: 'a javascript: URL', change: { Link: 'javascript:alert(1)' }, flags: ['link-url'] },
  {
    rule: 'link-url',
    name: 'slashes still JSON-escaped',
    change: { Link: 'https:\\/\\/contoh.example\\/partai\\/2' },
    flags: ['link-url'],
  },
];

const partyPasses: Array<{ rule: string; name: string; change: RawRecord }> = [
  { rule: 'deed-date', name: 'an empty deed date', change: { TanggalAkteNotaris: '' } },
  { rule: 'deed-date', name: '29 February of a leap year', change: { TanggalAkteNotaris: '29-02-2024' } },
  { rule: 'women-pct', name: 'an empty share', change: { PersentaseKeterwakilanPerempuan: '' } },
  { rule: 'women-pct', name: 'a whole number', change: { PersentaseKeterwakilanPerempuan: '33' } },
  { rule: 'women-pct', name: '100 and 0', change: { PersentaseKeterwakilanPerempuan: '100' } },
  { rule: 'women-pct', name: '0,0', change: { PersentaseKeterwakilanPerempuan: '0,0' } },
  { rule: 'email-format', name: 'an empty e-mail', change: { Email: '' } },
  {
    rule: 'email-format',
    name: 'an address with dots and a subdomain',
    change: { Email: 'sekretariat.pusat@mail.contoh-dua.example' },
  },
  {
    rule: 'email-format',
    name: 'surrounding spaces (trimmed when published)',
    change: { Email: ' sekretariat@contoh-satu.example ' },
  },
  { rule: 'link-url', name: 'an empty link', change: { Link: '' } },
  { rule: 'link-url', name: 'an http link', change: { Link: 'http://contoh-dua.example/' } },
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
  it.each(DATASETS.map((dataset) => [dataset.id, dataset] as const))(
    '%s: rule ids are unique kebab-case and name only its fields',
    (_id, dataset) => {
      const ids = dataset.rules.map((rule) => rule.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const rule of dataset.rules) {
        expect(rule.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(rule.fields.length).toBeGreaterThan(0);
        for (const field of rule.fields) expect(dataset.upstreamFields).toContain(field);
        for (const text of [rule.title.id, rule.title.en, rule.description.id, rule.description.en])
          expect(text.trim()).not.toBe('');
      }
    },
  );

  it('declares every rule of UPSTREAM.md', () => {
    expect(turnoutDataset.rules.map((rule) => rule.id)).toEqual([
      'field-string',
      'text-unicode',
      'text-utf8',
      'year-format',
      'dapil-id-digits',
      'name-non-empty',
      'region-code-match',
      'count-digits',
      'count-safe-integer',
      'dpt-sex-sum',
      'dptb-sex-sum',
      'dpk-sex-sum',
      'total-list-sum-male',
      'total-list-sum-female',
      'total-list-sum-both',
      'total-sex-sum',
      'dapil-id-official',
      'regency-dapil-official',
      'key-unique',
    ]);
    expect(partyDataset.rules.map((rule) => rule.id)).toEqual([
      'field-string',
      'text-unicode',
      'text-utf8',
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
    const turnoutRules = turnoutDataset.rules
      .map((rule) => rule.id)
      .filter((id) => !['count-safe-integer', 'key-unique'].includes(id));
    const partyRules = partyDataset.rules.map((rule) => rule.id).filter((id) => id !== 'key-unique');
    expect(covered(turnoutFailures).sort()).toEqual([...turnoutRules].sort());
    expect(covered(partyFailures).sort()).toEqual([...partyRules].sort());
  });
});

describe('turnout rules', () => {
  it('the base record obeys every rule', () => {
    expect(flagsOf(turnoutDataset, { ...TURNOUT })).toEqual([]);
  });

  it.each(turnoutFailures.map((testCase) => [testCase.rule, testCase.name, testCase] as const))(
    '%s breaks on %s',
    (_rule, _name, testCase) => {
      expect(flagsOf(turnoutDataset, withChange(TURNOUT, testCase.change))).toEqual(testCase.flags);
    },
  );

  it('reads counts and the year sent as JSON integers as their digits: every rule judges them, none is broken', () => {
    const numbers = Object.fromEntries(
      Object.entries(TURNOUT).map(([field, value]) => [
        field,
        field.startsWith('Jumlah') || field === 'TahunPemilu' ? Number(value) : value,
      ]),
    );
    expect(flagsOf(turnoutDataset, numbers)).toEqual([]);
    // The sums still judge them: one count off by one breaks its two equations.
    expect(flagsOf(turnoutDataset, { ...numbers, JumlahTotalPenggunaHakPilihLakiLaki: 49491 })).toEqual([
      'total-list-sum-male',
      'total-sex-sum',
    ]);
  });

  it('states a broken sum with the expected wording, the values and the computed sum', () => {
    const { report } = checkDataset(turnoutDataset, [
      withChange(TURNOUT, { JumlahTotalPenggunaHakPilihLakiLaki: '49491' }),
    ]);
    const violation = report.violations.find((candidate) => candidate.ruleId === 'total-list-sum-male');
    expect(violation).toEqual({
      ruleId: 'total-list-sum-male',
      position: 0,
      year: '2019',
      key: { TahunPemilu: '2019', JenisPemilu: 'DPR', IdDapil: '1101', NamaKabupaten: 'ACEH SELATAN' },
      message:
        'LakiLaki: DPT+DPTb+DPK != JumlahTotalPenggunaHakPilihLakiLaki (48213 + 73 + 1204 = 49490, JumlahTotalPenggunaHakPilihLakiLaki = 49491)',
      values: {
        JumlahPenggunaHakPilihLakiLakiDalamDPT: '48213',
        JumlahPenggunaHakPilihLakiLakiDalamDPTb: '73',
        JumlahPenggunaHakPilihLakiLakiDalamDPK: '1204',
        JumlahTotalPenggunaHakPilihLakiLaki: '49491',
        sum: '49490',
      },
    });
  });

  it('does not evaluate a sum whose counts are not digits (count-digits reports it once)', () => {
    const record = withChange(TURNOUT, {
      JumlahPenggunaHakPilihLakiLakiDalamDPT: 'abc',
      JumlahPenggunaHakPilihPerempuanDalamDPT: '',
    });
    const { report } = checkDataset(turnoutDataset, [record]);
    expect(report.violations.map((violation) => violation.ruleId)).toEqual(['count-digits']);
    expect(report.violations[0]?.values).toEqual({
      JumlahPenggunaHakPilihLakiLakiDalamDPT: 'abc',
      JumlahPenggunaHakPilihPerempuanDalamDPT: '',
    });
  });

  describe('counts beyond Number.MAX_SAFE_INTEGER', () => {
    // A consistent record whose DPT male count is 2^53 + 1: a double would read it as 2^53.
    const huge = 9007199254740993n;
    function hugeRecord(dptBothDelta: bigint): RawRecord {
      const dptBoth = plus(TURNOUT.JumlahPenggunaHakPilihPerempuanDalamDPT, huge);
      const totalMale = plus(TURNOUT.JumlahTotalPenggunaHakPilihLakiLaki, huge - 48213n);
      const all = plus(TURNOUT.JumlahSeluruhPenggunaHakPilih, huge - 48213n);
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
      const asDoubles =
        Number(record.JumlahPenggunaHakPilihLakiLakiDalamDPT) + Number(record.JumlahPenggunaHakPilihPerempuanDalamDPT);
      expect(asDoubles).toBe(Number(record.JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPT));
      expect(flagsOf(turnoutDataset, record)).toEqual(['count-safe-integer', 'dpt-sex-sum', 'total-sex-sum']);
    });

    it('9007199254740991 itself is fine', () => {
      const record = withChange(TURNOUT, { JumlahPenggunaHakPilihLakiLakiDalamDPTb: '9007199254740991' });
      expect(flagsOf(turnoutDataset, record)).toEqual(['dptb-sex-sum', 'total-list-sum-male']);
    });
  });

  describe('key-unique', () => {
    const other = withChange(TURNOUT, { NamaKabupaten: 'ACEH TENGGARA' });

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
      const spaced = withChange(TURNOUT, { NamaKabupaten: ' ACEH  SELATAN' });
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
    expect(
      flagsOf(partyDataset, { ...sparse, tahunPemilu: '2019', NomorUrutPartai: '1', NamaPartai: 'PARTAI CONTOH SATU' }),
    ).toEqual([]);
  });

  it.each(partyFailures.map((testCase) => [testCase.rule, testCase.name, testCase] as const))(
    '%s breaks on %s',
    (_rule, _name, testCase) => {
      expect(flagsOf(partyDataset, withChange(PARTY, testCase.change))).toEqual(testCase.flags);
    },
  );

  it.each(partyPasses.map((testCase) => [testCase.rule, testCase.name, testCase] as const))(
    '%s passes %s',
    (_rule, _name, testCase) => {
      expect(flagsOf(partyDataset, withChange(PARTY, testCase.change))).toEqual([]);
    },
  );

  it('key-unique: the same ballot number in two years passes, twice in one year fails', () => {
    const nextYear = withChange(PARTY, { tahunPemilu: '2029' });
    expect(checkDataset(partyDataset, [{ ...PARTY }, nextYear]).flags).toEqual([[], []]);
    const sameNumber = withChange(PARTY, { NamaPartai: 'Another party' });
    expect(checkDataset(partyDataset, [{ ...PARTY }, nextYear, sameNumber]).flags).toEqual([
      ['key-unique'],
      [],
      ['key-unique'],
    ]);
    // NomorUrutPartai is published as text, so "02" is another key than "2".
    expect(checkDataset(partyDataset, [{ ...PARTY }, withChange(PARTY, { NomorUrutPartai: '02' })]).flags).toEqual([
      [],
      [],
    ]);
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

describe('sum rules: doubles up to 15 digits, BigInt beyond', () => {
  const rule = createSumRule({
    id: 'sum',
    addends: ['a', 'b'],
    total: 't',
    broken: 'a+b != t',
    title: { id: '', en: '' },
    description: { id: '', en: '' },
  });
  const test = (a: string, b: string, t: string) => rule.test({ a, b, t });
  const exact = (a: string, b: string, t: string): boolean => BigInt(a) + BigInt(b) === BigInt(t);

  it.each([
    // 15-digit counts, summed in doubles: the largest sum the shortcut takes, and one off.
    ['999999999999999', '999999999999999', '1999999999999998'],
    ['999999999999999', '999999999999999', '1999999999999997'],
    ['999999999999999', '1', '1000000000000000'],
    ['000000000000007', '3', '10'],
    // 16 digits and more: BigInt, where doubles would round.
    ['9007199254740991', '1', '9007199254740992'],
    ['9007199254740991', '2', '9007199254740992'], // 2^53 + 1 rounds to 2^53 as a double: must still break
    ['9007199254740993', '0', '9007199254740992'], // a 16-digit addend that is not a double
    ['4503599627370496', '4503599627370497', '9007199254740993'], // sum above 2^53, exact
    ['4503599627370496', '4503599627370497', '9007199254740992'],
    ['99999999999999999999', '1', '100000000000000000000'],
    ['99999999999999999999', '1', '100000000000000000001'],
    ['1', '2', '0000000000000000003'], // total of 19 digits (leading zeros): BigInt, equal
  ])('%s + %s = %s is judged exactly', (a, b, t) => {
    const finding = test(a, b, t);
    expect(finding === null).toBe(exact(a, b, t));
    if (finding !== null) {
      const sum = String(BigInt(a) + BigInt(b));
      expect(finding.message).toBe(`a+b != t (${a} + ${b} = ${sum}, t = ${t})`);
      expect(finding.values).toEqual({ a, b, t, sum });
    }
  });

  it('reports a broken 15-digit sum with the exact decimal sum', () => {
    expect(test('999999999999999', '999999999999999', '1')?.values).toMatchObject({ sum: '1999999999999998' });
  });
});
