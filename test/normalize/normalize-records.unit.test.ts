// The normalize stage: typed records in the declared column order, and no value lost without a flag.
import { describe, expect, it } from 'vitest';
import { checkDataset } from '../../scripts/check/quality-check.ts';
import type { DatasetDefinition, RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { DATASETS } from '../../scripts/datasets/datasets.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { normalizeRecord, normalizeRecords } from '../../scripts/normalize/normalize-records.ts';
import { HAS_SHARED_DATA, readCanonicalCsv, noticeSharedData } from '../support/shared-data.ts';

noticeSharedData('test/normalize/normalize-records.unit.test.ts');

// Synthetic records (made-up values, not real figures). The turnout counts obey every arithmetic rule of UPSTREAM.md.
const TURNOUT: RawRecord = {
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

const PARTY: RawRecord = {
  tahunPemilu: '2024',
  NomorUrutPartai: '2',
  NamaPartai: 'Partai Contoh Dua',
  AkronimNamaPartai: 'PC2',
  AlamatKantor: '',
  Email: 'sekretariat@contoh-dua.example',
  Website: 'http://contoh-dua.example/',
  NamaNotaris: 'SARI CONTOH, S.H.',
  AlamatNotaris: '  Jalan Notaris  Contoh   No. 7 ',
  NomorAktaNotaris: '1',
  TanggalAkteNotaris: '07-03-2011',
  PersentaseKeterwakilanPerempuan: '30,5',
  NomorSk: 'SK-CONTOH/2/2024',
  KetuaUmum: 'Budi Contoh',
  SekretarisJenderal: 'Dewi Contoh',
  BendaharaUmum: '   ',
  Link: '',
};

function checkAndNormalize(
  dataset: DatasetDefinition,
  record: RawRecord,
): { flags: string[]; normalized: ReturnType<typeof normalizeRecord> } {
  const flags = checkDataset(dataset, [record]).flags[0] ?? [];
  return { flags, normalized: normalizeRecord(dataset, record, flags) };
}

describe('normalizeRecord', () => {
  it('turnout: counts become numbers, ids stay text, columns in declared order', () => {
    const { flags, normalized } = checkAndNormalize(turnoutDataset, TURNOUT);
    expect(flags).toEqual([]);
    expect(Object.keys(normalized)).toEqual(turnoutDataset.columns.map((column) => column.name));
    expect(normalized).toEqual({
      election_year: 2019,
      election_type: 'DPR',
      dapil_id: '1101',
      dapil_name: 'ACEH I',
      province_name: 'ACEH',
      regency_name: 'ACEH SELATAN',
      province_code: '11',
      regency_code: '1101',
      dpt_male: 48213,
      dpt_female: 49876,
      dpt_total: 98089,
      dptb_male: 73,
      dptb_female: 58,
      dptb_total: 131,
      dpk_male: 1204,
      dpk_female: 1187,
      dpk_total: 2391,
      total_male: 49490,
      total_female: 51121,
      total_voters: 100611,
      quality_flags: [],
    });
  });

  it('parties: decimal comma, ISO date, trimmed and collapsed text, empty as null', () => {
    const { flags, normalized } = checkAndNormalize(partyDataset, PARTY);
    expect(flags).toEqual([]);
    expect(Object.keys(normalized)).toEqual(partyDataset.columns.map((column) => column.name));
    expect(normalized).toMatchObject({
      election_year: 2024,
      ballot_number: '2',
      office_address: null,
      website: 'http://contoh-dua.example/',
      notary_address: 'Jalan Notaris Contoh No. 7',
      notarial_deed_number: '1',
      notarial_deed_date: '2011-03-07',
      women_representation_pct: 30.5,
      general_treasurer: null,
      verification_link: null,
      quality_flags: [],
    });
  });

  it('31-02-2020 becomes null, and the record keeps its deed-date flag', () => {
    const { flags, normalized } = checkAndNormalize(partyDataset, { ...PARTY, TanggalAkteNotaris: '31-02-2020' });
    expect(flags).toEqual(['deed-date']);
    expect(normalized.notarial_deed_date).toBeNull();
    expect(normalized.quality_flags).toEqual(['deed-date']);
    expect(normalized.party_name).toBe('Partai Contoh Dua');
  });

  it('a record that breaks an arithmetic rule is published as the source gave it, flagged', () => {
    const { normalized } = checkAndNormalize(turnoutDataset, {
      ...TURNOUT,
      JumlahTotalPenggunaHakPilihLakiLaki: '49491',
    });
    expect(normalized.total_male).toBe(49491);
    expect(normalized.quality_flags).toEqual(['total-list-sum-male', 'total-sex-sum']);
  });

  it('a count too large for an exact number becomes null, flagged count-safe-integer', () => {
    const { normalized } = checkAndNormalize(turnoutDataset, {
      ...TURNOUT,
      JumlahPenggunaHakPilihLakiLakiDalamDPTb: '99999999999999999999',
    });
    expect(normalized.dptb_male).toBeNull();
    expect(normalized.quality_flags).toContain('count-safe-integer');
  });

  it('refuses to drop a value no rule flagged', () => {
    expect(() => normalizeRecord(partyDataset, { ...PARTY, TanggalAkteNotaris: '31-02-2020' }, [])).toThrow(
      /TanggalAkteNotaris = "31-02-2020" \(not a calendar date\) becomes a null notarial_deed_date, but no quality rule on TanggalAkteNotaris flagged the record/,
    );
    // A flag from an unrelated rule does not count.
    expect(() =>
      normalizeRecord(partyDataset, { ...PARTY, TanggalAkteNotaris: '31-02-2020' }, ['email-format']),
    ).toThrow(/no quality rule/);
  });

  it('returns its own copy of the flags', () => {
    const flags = ['deed-date'];
    const normalized = normalizeRecord(partyDataset, { ...PARTY, TanggalAkteNotaris: '31-02-2020' }, flags);
    flags.push('changed');
    expect(normalized.quality_flags).toEqual(['deed-date']);
  });
});

describe('no value vanishes without a flag', () => {
  // Values each parser refuses, plus JSON values of the wrong type and a missing field.
  const oddValues: unknown[] = [
    '',
    '   ',
    'abc',
    ' 12',
    '12.5',
    '30.5',
    '1.234,5',
    '31-02-2020',
    '2011-03-07',
    '99999999999999999999',
    '-1',
    7,
    null,
    {},
    [],
    true,
    undefined,
  ];

  it.each(DATASETS.map((dataset) => [dataset.id, dataset] as const))(
    '%s: every column, every odd value',
    (_id, dataset) => {
      const base = dataset === turnoutDataset ? TURNOUT : PARTY;
      for (const column of dataset.columns) {
        if (column.source === null) continue;
        for (const value of oddValues) {
          const record: RawRecord = { ...base, [column.source]: value };
          if (value === undefined) delete record[column.source];
          const flags = checkDataset(dataset, [record]).flags[0] ?? [];
          const normalized = normalizeRecord(dataset, record, flags);
          const wasBlank = typeof value === 'string' && value.trim() === '';
          if (normalized[column.name] === null && !wasBlank) {
            expect(flags, `${column.source} = ${JSON.stringify(value)}`).not.toEqual([]);
          }
        }
      }
    },
  );

  it('every typed (non-text) column is read from a field some rule judges', () => {
    for (const dataset of DATASETS) {
      for (const column of dataset.columns) {
        if (column.source === null || column.type === 'text') continue;
        const judged = dataset.rules.filter(
          (rule) => rule.id !== 'field-string' && rule.fields.includes(column.source ?? ''),
        );
        expect(judged.length, `${dataset.id}.${column.name}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('column definitions', () => {
  it('names are snake_case, unique, and mean the same in every dataset', () => {
    const seen = new Map<string, string>();
    for (const dataset of DATASETS) {
      const names = dataset.columns.map((column) => column.name);
      expect(new Set(names).size).toBe(names.length);
      expect(names.at(-1)).toBe('quality_flags');
      for (const column of dataset.columns) {
        expect(column.name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
        const signature = JSON.stringify([column.type, column.unit ?? null, column.source === null]);
        expect(seen.get(column.name) ?? signature, column.name).toBe(signature);
        seen.set(column.name, signature);
      }
    }
    expect(seen.has('election_year')).toBe(true);
  });
});

describe('normalizeRecords', () => {
  it('needs one flag list per record', () => {
    expect(() => normalizeRecords(turnoutDataset, [TURNOUT], [])).toThrow(/1 records but 0 flag lists/);
  });
});

describe.skipIf(!HAS_SHARED_DATA)('normalize the real files', () => {
  it('the 263 turnout records: integers throughout, dapil ids as text, the published grand total', () => {
    const records = readCanonicalCsv('datahakpilihdpr_2014_sumatra_jawa.csv');
    const { flags } = checkDataset(turnoutDataset, records);
    const normalized = normalizeRecords(turnoutDataset, records, flags);
    const countColumns = turnoutDataset.columns
      .filter((column) => column.unit === 'persons')
      .map((column) => column.name);
    for (const record of normalized) {
      for (const name of countColumns) expect(Number.isSafeInteger(record[name])).toBe(true);
      expect(record.dapil_id).toMatch(/^[0-9]{4}$/);
      expect(record.election_year).toBe(2014);
    }
    // data/README.md: "Sum of JumlahSeluruhPenggunaHakPilih in this file: 102,564,049."
    expect(normalized.reduce((sum, record) => sum + Number(record.total_voters), 0)).toBe(102_564_049);
  });

  it('the 2024 parties: ISO dates, the four women shares as numbers, empty cells as null', () => {
    const records = readCanonicalCsv('profilpartai_2024.csv');
    const { flags } = checkDataset(partyDataset, records);
    const normalized = normalizeRecords(partyDataset, records, flags);
    expect(
      normalized
        .map((record) => record.notarial_deed_date)
        .every((date) => typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)),
    ).toBe(true);
    expect(normalized[1]?.notarial_deed_date).toBe('2008-02-06');
    expect(
      normalized.flatMap((record) =>
        record.women_representation_pct === null ? [] : [[record.party_acronym, record.women_representation_pct]],
      ),
    ).toEqual([
      ['HANURA', 33],
      ['PBB', 32.5],
      ['PSI', 62.5],
      ['PERSATUAN INDONESIA', 40],
    ]);
    expect(normalized.filter((record) => record.office_address === null).map((record) => record.ballot_number)).toEqual(
      ['18', '19', '20', '21', '22', '23'],
    );
    expect(normalized.every((record) => record.verification_link === null)).toBe(true);
    expect(normalized.every((record) => Array.isArray(record.quality_flags) && record.quality_flags.length === 0)).toBe(
      true,
    );
    expect(normalized.flatMap((record) => Object.values(record)).includes('')).toBe(false);
  });
});
