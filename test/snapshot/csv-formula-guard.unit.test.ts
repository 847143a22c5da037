// Spreadsheet formulas in CSV text cells: a text value a spreadsheet would run as a formula is written
// with a leading "'" (OWASP), read back here with a CSV parser; numbers stay bare and the JSON keeps the value exactly.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { NormalizedRecord } from '../../scripts/normalize/normalize-records.ts';
import { parseDecimalComma, parseInteger } from '../../scripts/datasets/value-parsers.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { buildArrowTable } from '../../scripts/snapshot/arrow-schema.ts';
import { neutralizeFormula } from '../../scripts/snapshot/csv-formula.ts';
import { serializeCsv } from '../../scripts/snapshot/csv-writer.ts';
import { serializeJson } from '../../scripts/snapshot/json-writer.ts';
import { TURNOUT_RECORDS } from './snapshot-fixtures.ts';

/** [value as the record holds it, the CSV cell as a CSV parser reads it back]. */
const CELLS: ReadonlyArray<[string, string]> = [
  ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
  ['=1+1', "'=1+1"],
  ['+1+1', "'+1+1"],
  ['-1+1', "'-1+1"],
  ['-', "'-"],
  ['@SUM(1;1)', "'@SUM(1;1)"],
  ['\t=1+1', "'\t=1+1"],
  [' =1+1', "' =1+1"],
  ['\u00A0\u3000@SUM(1;1)', "'\u00A0\u3000@SUM(1;1)"],
  ['\r=1+1', "'\r=1+1"],
  ['\nbaris', "'\nbaris"],
  ['\tKOTA', "'\tKOTA"],
  // The compatibility forms of the four, which NFKC (or an East Asian input method) makes live formulas.
  ['＝HYPERLINK("http://evil.example","click")', `'＝HYPERLINK("http://evil.example","click")`],
  ['＝1+1', "'＝1+1"],
  ['＋1+1', "'＋1+1"],
  ['－1+1', "'－1+1"],
  ['＠SUM(1;1)', "'＠SUM(1;1)"],
  [' ＝1+1', "' ＝1+1"],
  ['﹦1+1', "'﹦1+1"],
  ['﹢1', "'﹢1"],
  ['﹣1', "'﹣1"],
  ['﹫SUM(1;1)', "'﹫SUM(1;1)"],
  ['⁼1', "'⁼1"],
  ['⁺1', "'⁺1"],
  ['₌1', "'₌1"],
  ['₊1', "'₊1"],
  ['﬩1', "'﬩1"],
  // Not formulas: a formula character later in the text, or a look-alike NFKC does not make one of the four.
  ['KOTA =1+1', 'KOTA =1+1'],
  ['Jl. A-1 @ 2', 'Jl. A-1 @ 2'],
  ['KOTA ＝1+1', 'KOTA ＝1+1'],
  ['\u22121', '\u22121'],
  ['\u2010x', '\u2010x'],
  ["'=quoted", "'=quoted"],
];

it('guards exactly the characters whose NFKC form starts a formula', () => {
  const differing: string[] = [];
  for (let code = 0x80; code <= 0x10ffff; code += 1) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const character = String.fromCodePoint(code);
    const startsFormula = ['=', '+', '-', '@'].includes(character.normalize('NFKC'));
    if ((neutralizeFormula(`${character}1`) !== `${character}1`) !== startsFormula)
      differing.push(`U+${code.toString(16)}`);
  }
  expect(differing).toEqual([]);
});

function recordWith(text: string, flags: string[] = []): NormalizedRecord {
  return { ...(TURNOUT_RECORDS[0] as NormalizedRecord), dapil_name: text, regency_name: text, quality_flags: flags };
}

function csvRows(records: NormalizedRecord[]): string[][] {
  const csv = [...serializeCsv(buildArrowTable(turnoutDataset.columns, records))].join('');
  return parse(csv, { bom: true, relax_column_count: false }) as string[][];
}

describe('CSV formula guard', () => {
  it.each(CELLS)('writes the text %j as %j', (value, cell) => {
    expect(neutralizeFormula(value)).toBe(cell);
    const [header, row] = csvRows([recordWith(value)]) as [string[], string[]];
    expect(row[header.indexOf('dapil_name')]).toBe(cell);
    expect(row[header.indexOf('regency_name')]).toBe(cell);
  });

  it('keeps the exact value in the JSON written from the same table', () => {
    const records = CELLS.map(([value]) => recordWith(value));
    const json = JSON.parse(
      [...serializeJson(buildArrowTable(turnoutDataset.columns, records))].join(''),
    ) as NormalizedRecord[];
    expect(json.map((record) => record.dapil_name)).toEqual(CELLS.map(([value]) => value));
  });

  it('guards a list column too, and leaves numbers bare', () => {
    const [header, row] = csvRows([recordWith('KOTA', ['-x', 'y'])]) as [string[], string[]];
    expect(row[header.indexOf('quality_flags')]).toBe("'-x;y");
    const csv = [...serializeCsv(buildArrowTable(turnoutDataset.columns, [recordWith('KOTA')]))].join('');
    const dataLine = csv.split('\r\n')[1] ?? '';
    // Counts are bare digits, never quoted or prefixed.
    expect(dataLine).toContain(`,${String((TURNOUT_RECORDS[0] as NormalizedRecord).dpt_male)},`);
    expect(dataLine).not.toContain(`'${String((TURNOUT_RECORDS[0] as NormalizedRecord).dpt_male)}`);
  });

  it('never meets a negative number: the parsers accept no sign', () => {
    expect(parseInteger('-1')).toMatchObject({ ok: false });
    expect(parseInteger('+1')).toMatchObject({ ok: false });
    expect(parseDecimalComma('-1,5')).toMatchObject({ ok: false });
    expect(parseDecimalComma('+1,5')).toMatchObject({ ok: false });
  });
});
