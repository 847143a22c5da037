// The quality report: counts per dataset and year, deterministic order, and its Markdown rendering for people.
import { describe, expect, it } from 'vitest';
import { buildQualityReport, checkDataset, listBrokenRules } from '../../scripts/check/quality-check.ts';
import { escapeTableCell, renderQualityReportMarkdown } from '../../scripts/check/quality-report-markdown.ts';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';

function party(year: unknown, number: string, extra: RawRecord = {}): RawRecord {
  const record: RawRecord = Object.fromEntries(partyDataset.upstreamFields.map((field) => [field, '']));
  return { ...record, tahunPemilu: year, NomorUrutPartai: number, NamaPartai: `Partai ${number}`, ...extra };
}

const records: RawRecord[] = [
  party('2024', '1'),
  party('2019', '1', { Email: 'not an e-mail', TanggalAkteNotaris: '31-02-2020' }),
  party('24', '2'),
  party('2024', '2', { PersentaseKeterwakilanPerempuan: '30.5' }),
  party('2019', '2'),
];

describe('checkDataset report', () => {
  const { flags, report } = checkDataset(partyDataset, records);

  it('aligns sorted flags with the input records', () => {
    expect(flags).toEqual([[], ['deed-date', 'email-format'], ['year-format'], ['women-pct'], []]);
  });

  it('counts per year, grouping a malformed year under its raw value, years in order', () => {
    expect(
      report.years.map(({ year, recordsChecked, recordsFlagged, violationCount }) => ({
        year,
        recordsChecked,
        recordsFlagged,
        violationCount,
      })),
    ).toEqual([
      { year: '2019', recordsChecked: 2, recordsFlagged: 1, violationCount: 2 },
      { year: '2024', recordsChecked: 2, recordsFlagged: 1, violationCount: 1 },
      { year: '24', recordsChecked: 1, recordsFlagged: 1, violationCount: 1 },
    ]);
    const y2019 = report.years[0]?.violationsByRule;
    expect(Object.keys(y2019 ?? {})).toEqual(partyDataset.rules.map((rule) => rule.id));
    expect(y2019).toMatchObject({ 'deed-date': 1, 'email-format': 1, 'women-pct': 0, 'key-unique': 0 });
    expect([report.recordsChecked, report.recordsFlagged, report.violationCount]).toEqual([5, 3, 4]);
  });

  it('lists violations by position then rule id, with the key and the values', () => {
    expect(report.violations.map(({ position, ruleId, year, key }) => [position, ruleId, year, key])).toEqual([
      [1, 'deed-date', '2019', { tahunPemilu: '2019', NomorUrutPartai: '1' }],
      [1, 'email-format', '2019', { tahunPemilu: '2019', NomorUrutPartai: '1' }],
      [2, 'year-format', '24', { tahunPemilu: '24', NomorUrutPartai: '2' }],
      [3, 'women-pct', '2024', { tahunPemilu: '2024', NomorUrutPartai: '2' }],
    ]);
    expect(report.violations[3]?.values).toEqual({ PersentaseKeterwakilanPerempuan: '30.5' });
  });

  it('groups a missing or non-string year under its JSON form; a year sent as a JSON integer under its digits', () => {
    const missingYear = party('2024', '9');
    delete missingYear.tahunPemilu;
    const result = checkDataset(partyDataset, [missingYear, party(2024, '8'), party(2024.5, '7')]);
    expect(result.report.years.map((year) => year.year)).toEqual(['2024', '2024.5', 'null']);
    expect(result.flags).toEqual([['field-string'], [], ['field-string']]);
    expect(result.report.numberValues).toEqual({ tahunPemilu: 1 });
    expect(result.report.inexactNumbers).toEqual({
      count: 1,
      listed: [{ position: 2, field: 'tahunPemilu', value: '2024.5' }],
    });
    expect(result.report.violations[0]?.key).toEqual({ tahunPemilu: null, NomorUrutPartai: '9' });
  });

  it('is deterministic and JSON-serializable (no BigInt leaks from the arithmetic)', () => {
    const again = checkDataset(partyDataset, records);
    expect(JSON.stringify(again.report)).toBe(JSON.stringify(report));
    const turnout = checkDataset(turnoutDataset, [
      { TahunPemilu: '2014', JumlahSeluruhPenggunaHakPilih: '99999999999999999999' },
    ]);
    expect(() => JSON.stringify(turnout.report)).not.toThrow();
  });

  it('describes the rules it applied', () => {
    expect(report.rules.map((rule) => rule.id)).toEqual(partyDataset.rules.map((rule) => rule.id));
    expect(report.rules.find((rule) => rule.id === 'key-unique')).toMatchObject({
      kind: 'dataset',
      fields: ['tahunPemilu', 'NomorUrutPartai'],
    });
  });
});

describe('buildQualityReport and listBrokenRules', () => {
  it('totals the datasets and names each broken rule with its count', () => {
    const turnout = checkDataset(turnoutDataset, []).report;
    const parties = checkDataset(partyDataset, records).report;
    const report = buildQualityReport([turnout, parties]);
    expect([report.recordsChecked, report.recordsFlagged, report.violationCount]).toEqual([5, 3, 4]);
    expect(report.datasets.map((dataset) => dataset.dataset)).toEqual(['turnout', 'parties']);
    expect(listBrokenRules(report)).toEqual([
      { dataset: 'parties', ruleId: 'year-format', violationCount: 1 },
      { dataset: 'parties', ruleId: 'deed-date', violationCount: 1 },
      { dataset: 'parties', ruleId: 'women-pct', violationCount: 1 },
      { dataset: 'parties', ruleId: 'email-format', violationCount: 1 },
    ]);
    expect(listBrokenRules(buildQualityReport([turnout]))).toEqual([]);
  });
});

describe('renderQualityReportMarkdown', () => {
  const hostile = party('2024', '3', { Email: 'a|b\nc <script>', Link: 'x|y' });
  const report = buildQualityReport([
    checkDataset(turnoutDataset, []).report,
    checkDataset(partyDataset, [...records, hostile]).report,
  ]);
  const markdown = renderQualityReportMarkdown(report);

  it('has Indonesian and English headings and a summary per dataset and year', () => {
    expect(markdown).toContain('# Laporan kualitas data / Data quality report');
    expect(markdown).toContain(
      '## Profil partai politik peserta pemilu / Profiles of the parties contesting the election (`parties`)',
    );
    expect(markdown).toContain('### Ringkasan per tahun / Summary per year');
    expect(markdown).toContain('| 2019 | 2 | 1 | 2 |');
    expect(markdown).toContain('| "24" | 1 | 1 | 1 |');
    expect(markdown).toContain('| `deed-date` | Tanggal akta valid / Deed date valid | 1 | 0 | 0 |');
    expect(markdown).toContain('_Tidak ada rekaman. / No records._');
    expect(markdown).toContain('| **Jumlah / Total** | 6 | 4 | 6 |');
  });

  it('lists each violation with its key and values', () => {
    expect(markdown).toContain(
      '| 3 | 2024 | `women-pct` | tahunPemilu = "2024"<br>NomorUrutPartai = "2" | PersentaseKeterwakilanPerempuan = "30.5" | PersentaseKeterwakilanPerempuan is not a number from 0 to 100 with a decimal comma |',
    );
  });

  it('escapes values for table cells: every violation row keeps its six cells', () => {
    const rows = markdown.split('\n').filter((line) => line.includes('Email = '));
    expect(rows).toHaveLength(2);
    const hostileRow = rows.find((line) => line.includes('a\\|b')) ?? '';
    expect(hostileRow).toContain('Email = "a\\|b\\\\nc &lt;script&gt;"');
    expect(hostileRow.split(/(?<!\\)\|/).length - 2).toBe(6);
    expect(markdown).not.toContain('<script>');
  });

  it('escapeTableCell: pipes, line breaks, HTML and emphasis', () => {
    expect(escapeTableCell('a|b\nc <d>')).toBe('a\\|b<br>c &lt;d&gt;');
    expect(escapeTableCell('x\r\ny\rz')).toBe('x<br>y<br>z');
    expect(escapeTableCell('*_`[]\\ & ')).toBe('\\*\\_\\`\\[\\]\\\\ &amp; ');
  });
});
