// The check stage on the real published files in ../shared/data/canonical: the broken turnout records yield
// exactly the listed violations, and the clean turnout and party files yield none.
import { describe, expect, it } from 'vitest';
import {
  buildQualityReport,
  checkDataset,
  findSchemaChanges,
  SCHEMA_CHANGE_MIN_RECORDS,
  SCHEMA_CHANGE_SHARE,
  violationsOfRule,
} from '../../scripts/check/quality-check.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { HAS_SHARED_DATA, readCanonicalCsv, readCanonicalText, noticeSharedData } from '../support/shared-data.ts';

noticeSharedData('test/check/real-data.unit.test.ts');

// The expectations file's wording of each break, and the rule that states it.
const EXPECTED_PHRASES: Readonly<Record<string, string>> = {
  'DPT: male+female != both': 'dpt-sex-sum',
  'DPTb: male+female != both': 'dptb-sex-sum',
  'DPK: male+female != both': 'dpk-sex-sum',
  'LakiLaki: DPT+DPTb+DPK != JumlahTotalPenggunaHakPilihLakiLaki': 'total-list-sum-male',
  'Perempuan: DPT+DPTb+DPK != JumlahTotalPenggunaHakPilihPerempuan': 'total-list-sum-female',
  'LakiLakiDanPerempuan: DPT+DPTb+DPK != JumlahSeluruhPenggunaHakPilih': 'total-list-sum-both',
  'total male + total female != JumlahSeluruhPenggunaHakPilih': 'total-sex-sum',
};

type ExpectedBreak = { position: number; regency: string; phrase: string; ruleId: string };

/** "line 3 (SUMBA BARAT DAYA): DPT: male+female != both; …" → one entry per phrase; line 2 is the first record. */
function readExpectedBreaks(text: string): ExpectedBreak[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      const match = /^line (\d+) \((.+?)\): (.+)$/.exec(line);
      if (!match) throw new Error(`unreadable expectations line: ${line}`);
      const [, lineNumber = '', regency = '', phrases = ''] = match;
      return phrases.split('; ').map((phrase) => {
        const ruleId = EXPECTED_PHRASES[phrase];
        if (ruleId === undefined) throw new Error(`no rule states "${phrase}"`);
        return { position: Number(lineNumber) - 2, regency, phrase, ruleId };
      });
    });
}

describe.skipIf(!HAS_SHARED_DATA)('check on the real turnout files', () => {
  it('datahakpilihdpr_2014_broken.csv yields exactly the violations of its expectations file', () => {
    const records = readCanonicalCsv('datahakpilihdpr_2014_broken.csv');
    const expected = readExpectedBreaks(readCanonicalText('datahakpilihdpr_2014_broken.expected.txt'));
    const { flags, report } = checkDataset(turnoutDataset, records);

    const byRecord = (breaks: ReadonlyArray<{ position: number; ruleId: string }>): string[] =>
      breaks.map(({ position, ruleId }) => `${position} ${ruleId}`).sort();
    expect(byRecord(report.violations)).toEqual(byRecord(expected));
    expect(expected).toHaveLength(12);

    for (const expectedBreak of expected) {
      const violation = report.violations.find(
        (candidate) => candidate.position === expectedBreak.position && candidate.ruleId === expectedBreak.ruleId,
      );
      expect(violation?.key.NamaKabupaten).toBe(expectedBreak.regency);
      expect(violation?.message.startsWith(`${expectedBreak.phrase} (`)).toBe(true);
    }
    expect(flags).toEqual([
      ['total-list-sum-female', 'total-list-sum-male'],
      ['dpk-sex-sum', 'dpt-sex-sum', 'dptb-sex-sum', 'total-list-sum-female', 'total-list-sum-male'],
      ['total-list-sum-female', 'total-list-sum-male'],
      ['total-list-sum-both', 'total-list-sum-female', 'total-list-sum-male'],
    ]);
    expect(report.years).toEqual([
      expect.objectContaining({ year: '2014', recordsChecked: 4, recordsFlagged: 4, violationCount: 12 }),
    ]);
  });

  it('SUMBA BARAT DAYA, with zeros for every "both" count and total, is judged like any record', () => {
    const records = readCanonicalCsv('datahakpilihdpr_2014_broken.csv');
    const { report } = checkDataset(turnoutDataset, records);
    const sumba = report.violations.filter((violation) => violation.key.NamaKabupaten === 'SUMBA BARAT DAYA');
    expect(sumba.find((violation) => violation.ruleId === 'dpt-sex-sum')?.values).toEqual({
      JumlahPenggunaHakPilihLakiLakiDalamDPT: '626767',
      JumlahPenggunaHakPilihPerempuanDalamDPT: '646353',
      JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPT: '0',
      sum: '1273120',
    });
  });

  it('the 263 records of datahakpilihdpr_2014_sumatra_jawa.csv break no rule', () => {
    const records = readCanonicalCsv('datahakpilihdpr_2014_sumatra_jawa.csv');
    const { flags, report } = checkDataset(turnoutDataset, records);
    expect(records).toHaveLength(263);
    expect(report.violations).toEqual([]);
    expect(flags.every((recordFlags) => recordFlags.length === 0)).toBe(true);
    expect(
      report.years.map(({ year, recordsChecked, recordsFlagged }) => [year, recordsChecked, recordsFlagged]),
    ).toEqual([['2014', 263, 0]]);
  });
});

describe.skipIf(!HAS_SHARED_DATA)('check on the real party files', () => {
  const files = ['profilpartai_2014.csv', 'profilpartai_2019.csv', 'profilpartai_2024.csv'];

  it.each(files)('%s breaks no rule', (file) => {
    const { report } = checkDataset(partyDataset, readCanonicalCsv(file));
    expect(report.violations).toEqual([]);
  });

  it('all three years together: keys unique, one summary per year', () => {
    const { report } = checkDataset(partyDataset, files.flatMap(readCanonicalCsv));
    expect(report.violationCount).toBe(0);
    expect(report.years.map(({ year, recordsChecked }) => [year, recordsChecked])).toEqual([
      ['2014', 15],
      ['2019', 20],
      ['2024', 24],
    ]);
  });

  it('the 2024 file really exercises the format rules (no rule passes for want of values)', () => {
    const records = readCanonicalCsv('profilpartai_2024.csv');
    const filled = (field: string): number => records.filter((record) => String(record[field]).trim() !== '').length;
    expect(filled('TanggalAkteNotaris')).toBe(24);
    expect(filled('Email')).toBe(22);
    expect(filled('PersentaseKeterwakilanPerempuan')).toBe(4);
    // Link is empty everywhere in the published sources (data README); its rule is exercised in quality-rules.test.ts.
    expect(filled('Link')).toBe(0);
  });
});

describe.skipIf(!HAS_SHARED_DATA)('the real files against the schema test (a rule broken by most records)', () => {
  const turnout = (): ReturnType<typeof readCanonicalCsv> => [
    ...readCanonicalCsv('datahakpilihdpr_2014_sumatra_jawa.csv'),
    ...readCanonicalCsv('datahakpilihdpr_2014_broken.csv'),
  ];
  const parties = ['profilpartai_2014.csv', 'profilpartai_2019.csv', 'profilpartai_2024.csv'].flatMap(readCanonicalCsv);

  it('served together as a build serves them, no rule comes near the share', () => {
    const reports = [checkDataset(turnoutDataset, turnout()).report, checkDataset(partyDataset, parties).report];
    expect(findSchemaChanges(buildQualityReport(reports), [turnoutDataset, partyDataset])).toEqual([]);
    // The largest share of any rule: 4 of 267 turnout records (the broken file's sums), far below the share.
    const largest = Math.max(
      ...reports.flatMap((report) =>
        report.rules.map((rule) => violationsOfRule(report, rule.id) / report.recordsChecked),
      ),
    );
    expect(largest).toBeCloseTo(4 / 267, 6);
    expect(largest).toBeLessThan(SCHEMA_CHANGE_SHARE / 10);
  });

  it('the broken file alone (4 records, every one breaking a sum) is below the minimum size, so it is bad data', () => {
    const { report } = checkDataset(turnoutDataset, readCanonicalCsv('datahakpilihdpr_2014_broken.csv'));
    expect(report.recordsChecked).toBeLessThan(SCHEMA_CHANGE_MIN_RECORDS);
    expect(violationsOfRule(report, 'total-list-sum-male')).toBe(4);
    expect(findSchemaChanges(buildQualityReport([report]), [turnoutDataset])).toEqual([]);
  });

  it('the turnout files with every count sent as a JSON integer: the same flags, noted per field', () => {
    const records = turnout();
    const asNumbers = records.map((record) =>
      Object.fromEntries(
        Object.entries(record).map(([field, value]) => [
          field,
          field.startsWith('Jumlah') && /^(?:0|[1-9][0-9]*)$/.test(String(value)) ? Number(value) : value,
        ]),
      ),
    );
    const strings = checkDataset(turnoutDataset, records);
    const numbers = checkDataset(turnoutDataset, asNumbers);
    expect(numbers.flags).toEqual(strings.flags);
    expect(numbers.report.violations).toEqual(strings.report.violations);
    expect(numbers.report.numberValues?.JumlahSeluruhPenggunaHakPilih).toBe(267);
    expect(numbers.report.inexactNumbers).toBeUndefined();
    expect(strings.report.numberValues).toBeUndefined();
  });
});
