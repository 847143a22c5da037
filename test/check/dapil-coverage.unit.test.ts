// Coverage of the official dapils and the two official-list rules: on hand-made records (a dapil missing, an
// unknown dapil id, a regency in another dapil, the voters abroad) and on the real 2014 records.
import { describe, expect, it } from 'vitest';
import { createCoverageAccumulator } from '../../scripts/check/dapil-coverage.ts';
import { checkDataset } from '../../scripts/check/quality-check.ts';
import { renderQualityReportMarkdown } from '../../scripts/check/quality-report-markdown.ts';
import { buildQualityReport } from '../../scripts/check/quality-check.ts';
import { officialDapilsOf } from '../../scripts/datasets/dapils/official-dapil-tables.ts';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { noticeSharedData, readCanonicalCsv } from '../support/shared-data.ts';

function record(year: string, dapilId: string, regency: string): RawRecord {
  return { TahunPemilu: year, JenisPemilu: 'DPR', IdDapil: dapilId, NamaKabupaten: regency };
}

/** Every member of the 2019 list as a turnout record, but for dapils dropped. */
function records2019(without: readonly string[]): RawRecord[] {
  const table = officialDapilsOf(2019);
  if (!table) throw new Error('no 2019 table');
  return table.dapils
    .filter((dapil) => !without.includes(dapil.id))
    .flatMap((dapil) => dapil.members.map(([, name]) => record('2019', dapil.id, name)));
}

describe('coverage of the official dapils', () => {
  it('counts dapils and regencies against the list, lists the dapils missing, says which years have no turnout', () => {
    const coverage = createCoverageAccumulator(true, turnoutDataset);
    for (const entry of records2019(['1101', '3102'])) coverage.add(entry);
    const result = coverage.finish([2014, 2019, 2099]);
    expect(result.compared).toBe(true);
    expect(result.years.map((year) => year.status)).toEqual(['no-turnout', 'compared', 'no-official-list']);
    const year = result.years[1];
    // ACEH I has 15 regencies; DKI JAKARTA II two regencies and the voters abroad (not a regency).
    expect(year).toMatchObject({
      year: 2019,
      dapils: { harvested: 78, official: 80 },
      regencies: { harvested: 514 - 15 - 2, official: 514 },
      missingDapils: [
        { id: '1101', name: 'ACEH I' },
        { id: '3102', name: 'DKI JAKARTA II' },
      ],
      unknownDapils: [],
      misplacedRegencies: 0,
      unmatchedRegencies: 0,
    });
    expect(result.years[0]).toMatchObject({ dapils: { harvested: 0, official: 77 }, missingDapils: [] });
  });

  it('reads "JAKARTA PUSAT + LUAR NEGERI" as two members, and flags unknown dapil ids of the list form and regencies in another dapil', () => {
    const records = [
      record('2019', '3102', 'JAKARTA PUSAT + LUAR NEGERI'),
      record('2019', '3102', 'JAKARTA SELATAN'),
      record('2019', '1199', 'ACEH BARAT'),
      record('2019', '0101', 'KABUPATEN CONTOH 1'),
      record('2019', '1102', 'ACEH BARAT'),
      record('2019', '1101', 'ACEH BARATT'),
    ];
    const coverage = createCoverageAccumulator(true, turnoutDataset);
    for (const entry of records) coverage.add(entry);
    const [year] = coverage.finish([2019]).years;
    expect(year).toMatchObject({
      dapils: { harvested: 3, official: 80 },
      regencies: { harvested: 3, official: 514 },
      unknownDapils: [
        { id: '0101', records: 1 },
        { id: '1199', records: 1 },
      ],
      misplacedRegencies: 1,
      unmatchedRegencies: 1,
    });

    const check = checkDataset(turnoutDataset, records);
    const flagged = check.report.violations.filter((violation) =>
      ['dapil-id-official', 'regency-dapil-official'].includes(violation.ruleId),
    );
    expect(flagged.map((violation) => [violation.position, violation.ruleId, violation.message])).toEqual([
      [2, 'dapil-id-official', 'IdDapil "1199" is not a dapil of the official list of 2019'],
      [4, 'regency-dapil-official', 'the official list of 2019 puts ACEH BARAT in 1101 ACEH I, not in 1102 ACEH II'],
    ]);
    // A year without a list obeys both rules.
    const noList = checkDataset(turnoutDataset, [record('2099', '9999', 'ACEH BARAT')]).report.violations;
    expect(noList.filter((violation) => violation.ruleId.endsWith('-official'))).toEqual([]);
  });

  it('does not compare a demo harvest', () => {
    const coverage = createCoverageAccumulator(false, turnoutDataset);
    coverage.add(record('2019', '0101', 'KOTA CONTOH 1'));
    expect(coverage.finish([2019]).years).toMatchObject([
      { status: 'not-compared', dapils: { harvested: 0, official: 80 }, missingDapils: [] },
    ]);
  });

  it('writes the coverage into the quality report, JSON and Markdown', () => {
    const coverage = createCoverageAccumulator(true, turnoutDataset);
    for (const entry of records2019(['1101'])) coverage.add(entry);
    const report = buildQualityReport([], coverage.finish([2014, 2019]));
    expect(report.coverage?.years[1]?.dapils).toEqual({ harvested: 79, official: 80 });
    const markdown = renderQualityReportMarkdown(report);
    expect(markdown).toContain('## Cakupan dapil resmi / Coverage of the official dapils');
    expect(markdown).toContain('| 2014 | tidak ada data pengguna hak pilih / no turnout data |');
    expect(markdown).toContain('| 2019 | 79 / 80 | 499 / 514 |');
    expect(markdown).toContain('### 2019: dapil tanpa data / dapils missing (1)\n\n1101 ACEH I');
  });

  it('names the official regencies missing inside the dapils covered, in the JSON and the Markdown', () => {
    // ACEH I without ACEH BARAT DAYA and SIMEULUE; ACEH II whole; a regency harvested in another dapil is not missing.
    const dropped = new Set(['ACEH BARAT DAYA', 'SIMEULUE']);
    const records = records2019([]).filter((entry) => !dropped.has(String(entry.NamaKabupaten)));
    records.push(record('2019', '1102', 'ACEH BARAT DAYA'));
    const coverage = createCoverageAccumulator(true, turnoutDataset);
    for (const entry of records) coverage.add(entry);
    const result = coverage.finish([2019]);
    expect(result.years[0]?.incompleteDapils).toEqual([
      { id: '1101', name: 'ACEH I', official: 15, missing: [{ code: '1109', name: 'SIMEULUE' }] },
    ]);
    const none = createCoverageAccumulator(true, turnoutDataset);
    for (const entry of records2019(['1101'])) none.add(entry);
    expect(none.finish([2019]).years[0]?.incompleteDapils).toEqual([]);
    const markdown = renderQualityReportMarkdown(buildQualityReport([], result));
    expect(markdown).toContain(
      '### 2019: kabupaten/kota tanpa data di dapil yang tercakup / regencies missing in the dapils covered (1)\n\n' +
        '| Dapil | Kabupaten/kota / Regencies | Tanpa data / Missing |\n| --- | --- | --- |\n' +
        '| 1101 ACEH I | 14 / 15 | 1109 SIMEULUE |',
    );
  });

  it('names no missing regency for a demo harvest', () => {
    const coverage = createCoverageAccumulator(false, turnoutDataset);
    coverage.add(record('2024', '0101', 'KOTA CONTOH 1'));
    expect(coverage.finish([2024]).years).toMatchObject([{ status: 'not-compared', incompleteDapils: [] }]);
  });

  it.runIf(noticeSharedData('the real 2014 turnout coverage'))(
    'the real 2014 records with the broken ones: the regencies of NTT II, Sulawesi Tengah and Papua the source lacks',
    () => {
      const records = [
        ...readCanonicalCsv('datahakpilihdpr_2014_sumatra_jawa.csv'),
        ...readCanonicalCsv('datahakpilihdpr_2014_broken.csv'),
      ];
      const coverage = createCoverageAccumulator(true, turnoutDataset);
      for (const entry of records) coverage.add(entry);
      const [year] = coverage.finish([2014]).years;
      const incomplete = year?.incompleteDapils ?? [];
      // Sumatra and Java are whole; the broken records add one regency each of three eastern dapils.
      expect(incomplete.map((dapil) => [dapil.id, dapil.official, dapil.missing.length])).toEqual([
        ['5302', 11, 10],
        ['7201', 11, 10],
        ['9101', 29, 28],
      ]);
      const names = incomplete.flatMap((dapil) => dapil.missing.map((regency) => regency.name));
      for (const present of ['SUMBA BARAT DAYA', 'BANGGAI', 'KEPULAUAN YAPEN']) expect(names).not.toContain(present);
      expect(incomplete[2]?.missing[0]).toEqual({ code: '9301', name: 'MERAUKE' });
    },
  );

  it.runIf(noticeSharedData('the real 2014 turnout coverage'))(
    'the real 2014 records: 53 of 77 dapils, none unknown or misplaced',
    () => {
      const records = readCanonicalCsv('datahakpilihdpr_2014_sumatra_jawa.csv');
      const coverage = createCoverageAccumulator(true, turnoutDataset);
      for (const entry of records) coverage.add(entry);
      const [year] = coverage.finish([2014]).years;
      expect(year).toMatchObject({
        status: 'compared',
        dapils: { harvested: 53, official: 77 },
        regencies: { harvested: 263, official: 497 },
        unknownDapils: [],
        misplacedRegencies: 0,
        unmatchedRegencies: 0,
      });
      expect(year?.missingDapils.map((dapil) => dapil.id)).toContain('3102');
      expect(year?.missingDapils.map((dapil) => dapil.id)).toContain('3210');
      expect(year?.missingDapils).toHaveLength(24);
    },
  );
});
