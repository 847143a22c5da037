// The region code columns through the declared pipeline (check, then normalize): coded by rule or crosswalk,
// null only with a flag that says why, the raw names never changed; and every real turnout record coded.
import { describe, expect, it } from 'vitest';
import { checkDataset } from '../../scripts/check/quality-check.ts';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { normalizeRecords } from '../../scripts/normalize/normalize-records.ts';
import { HAS_SHARED_DATA, noticeSharedData, readCanonicalCsv } from '../support/shared-data.ts';

noticeSharedData('the real-data case of test/regions/region-code-columns.unit.test.ts');

// Made-up counts (not real figures) that obey every arithmetic rule; only the dapil and the name vary.
const COUNTS: Record<string, string> = Object.fromEntries(
  turnoutDataset.upstreamFields
    .filter((field) => field.startsWith('Jumlah'))
    .map((field) => [field, /DanPerempuan|Seluruh/.test(field) ? '2' : '1']),
);
COUNTS.JumlahTotalPenggunaHakPilihLakiLaki = '3';
COUNTS.JumlahTotalPenggunaHakPilihPerempuan = '3';
COUNTS.JumlahSeluruhPenggunaHakPilih = '6';

function record(dapilId: unknown, regencyName: unknown): RawRecord {
  return {
    TahunPemilu: '2014',
    JenisPemilu: 'DPR',
    IdDapil: dapilId,
    NamaDapil: `DAPIL ${String(dapilId)}`,
    NamaProvinsi: 'PROVINSI',
    NamaKabupaten: regencyName,
    ...COUNTS,
  };
}

function run(records: RawRecord[]) {
  const { flags } = checkDataset(turnoutDataset, records);
  return normalizeRecords(turnoutDataset, records, flags).map((normalized) => ({
    regency_name: normalized.regency_name,
    province_code: normalized.province_code,
    regency_code: normalized.regency_code,
    quality_flags: normalized.quality_flags,
  }));
}

describe('province_code and regency_code', () => {
  it('are filled by rule and by crosswalk, with no flag, and the names stay as the source gave them', () => {
    expect(
      run([record('1101', 'KOTA BANDA ACEH'), record('1202', 'TOBA SAMOSIR'), record('3103', 'JAKARTA BARAT')]),
    ).toEqual([
      { regency_name: 'KOTA BANDA ACEH', province_code: '11', regency_code: '1171', quality_flags: [] },
      { regency_name: 'TOBA SAMOSIR', province_code: '12', regency_code: '1212', quality_flags: [] },
      { regency_name: 'JAKARTA BARAT', province_code: '31', regency_code: '3173', quality_flags: [] },
    ]);
  });

  it('give a name that matches nothing no regency code and the region-code-match flag, never a neighbour', () => {
    const [unmatched] = run([record('1101', 'ACEH BARATT')]);
    expect(unmatched).toEqual({
      regency_name: 'ACEH BARATT',
      province_code: '11',
      regency_code: null,
      quality_flags: ['region-code-match'],
    });
    const { report } = checkDataset(turnoutDataset, [record('1101', 'ACEH BARATT')]);
    expect(report.violations).toEqual([
      expect.objectContaining({
        ruleId: 'region-code-match',
        message:
          'no kabupaten named "ACEH BARATT" in province 11 of the official list, nor in the project\'s crosswalk',
        values: { IdDapil: '1101', NamaKabupaten: 'ACEH BARATT' },
      }),
    ]);
  });

  it('are null only where a flag explains it', () => {
    const cases = run([
      record('0101', 'ACEH BARAT'),
      record('11O1', 'ACEH BARAT'),
      record('1101', '  '),
      record('1102', null),
      record('9101', 'MERAUKE'),
    ]);
    expect(
      cases.map(({ province_code, regency_code, quality_flags }) => [province_code, regency_code, quality_flags]),
    ).toEqual([
      [null, null, ['region-code-match']],
      [null, null, ['dapil-id-digits']],
      ['11', null, ['name-non-empty']],
      [null, null, ['field-string']],
      // A regency of a province split in 2022: the province of the election, the regency's current code.
      ['91', '9301', []],
    ]);
  });
});

describe.skipIf(!HAS_SHARED_DATA)('the real turnout records of ../shared/data/canonical', () => {
  it('all get both codes, with no region-code-match flag', () => {
    for (const file of ['datahakpilihdpr_2014_sumatra_jawa.csv', 'datahakpilihdpr_2014_broken.csv']) {
      const rows = run(readCanonicalCsv(file));
      expect(rows.filter((row) => row.province_code === null || row.regency_code === null)).toEqual([]);
      expect(rows.filter((row) => (row.quality_flags as string[]).includes('region-code-match'))).toEqual([]);
    }
  });
});
