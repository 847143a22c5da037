// The sheet XML the streaming XLSX writer makes (scripts/snapshot/xlsx-writer.ts), read at the level a spreadsheet
// reads it: the text of every awkward value is escaped so an XML parser gives it back exactly (ampersands, angle
// brackets, carriage returns, control characters as ECMA-376's _xHHHH_, a literal "_x0041_", edge spaces, very
// long text), numbers are written as xsd:double accepts them, and cells are where their references say.
import { describe, expect, it } from 'vitest';
import type { Table } from 'apache-arrow';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { buildArrowTable } from '../../scripts/snapshot/arrow-schema.ts';
import { readZipBuffer } from '../support/release-checks.ts';
import {
  columnLetters,
  excelDateSerial,
  renderXlsx,
  xlsxText,
  type XlsxFileOptions,
} from '../../scripts/snapshot/xlsx-writer.ts';
import { AWKWARD_TEXTS, FIXTURES } from './snapshot-fixtures.ts';
import { readXlsxRecords } from '../support/xlsx-records.ts';

/** Undoes xlsxText the way Excel and LibreOffice read a `<t>`: XML entities, then _xHHHH_ escapes. */
function readBack(escaped: string): string {
  const xml = escaped
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&#13;', '\r')
    .replaceAll('&amp;', '&');
  return xml.replace(/_x([0-9A-Fa-f]{4})_/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const AWKWARD = AWKWARD_TEXTS;

describe('xlsxText', () => {
  it.each(AWKWARD.map((text) => [text.slice(0, 40), text]))('reads back exactly: %j', (_name, text) => {
    const escaped = xlsxText(text);
    // Nothing XML 1.0 forbids, and no raw carriage return (a parser would turn it into a line feed).
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(escaped).not.toMatch(/[\x00-\x08\x0b\x0c\x0e-\x1f\r\ufffe\uffff<>]/);
    expect(readBack(escaped)).toBe(text);
  });

  it('leaves plain text as it is (no copy)', () => {
    const text = 'KOTA BANDA ACEH';
    expect(xlsxText(text)).toBe(text);
  });
});

describe('cell references and dates', () => {
  it('names columns as spreadsheets do', () => {
    expect([1, 2, 26, 27, 52, 53, 702, 703, 16_384].map(columnLetters)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });

  it('gives dates their 1900-system serials', () => {
    expect(excelDateSerial('2024-02-14')).toBe(45_336);
    expect(excelDateSerial('1970-01-01')).toBe(25_569);
    expect(excelDateSerial('1900-03-01')).toBe(61);
  });
});

async function sheetXml(table: Table, options: XlsxFileOptions, entry = 'xl/worksheets/sheet1.xml'): Promise<string> {
  return ((await readZipBuffer(await renderXlsx(table, options))).get(entry) as Buffer).toString('utf8');
}

describe('the data sheet', () => {
  const fixture = FIXTURES[1] as (typeof FIXTURES)[number];
  const [record] = fixture.records;

  it('keeps every awkward text exactly, read back by ExcelJS too (which does not decode _xHHHH_)', async () => {
    // Control characters and U+FFFE/U+FFFF aside, ExcelJS reads the text as written.
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    const plain = AWKWARD.filter((text) => !/[\u0000-\u0008\u000b-\u001f\ufffe\uffff]|_x[0-9A-Fa-f]{4}_/.test(text));
    const records = plain.map((text) => ({ ...record, party_name: text, office_address: text }));
    const table = buildArrowTable(partyDataset.columns, records);
    const { records: back } = await readXlsxRecords(
      await renderXlsx(table, { dataset: partyDataset, year: 2024 }),
      partyDataset,
    );
    expect(back.map((row) => row.party_name)).toEqual(plain);
    expect(back.map((row) => row.office_address)).toEqual(plain);
  });

  it('writes every awkward text so that an XML reader gives it back exactly', async () => {
    const records = AWKWARD.map((text) => ({ ...record, party_name: text }));
    const table = buildArrowTable(partyDataset.columns, records);
    const xml = await sheetXml(table, { dataset: partyDataset, year: 2024 });
    const column = columnLetters(partyDataset.columns.findIndex((candidate) => candidate.name === 'party_name') + 1);
    AWKWARD.forEach((text, index) => {
      const match = new RegExp(
        `<c r="${column}${index + 2}" t="inlineStr"><is><t( xml:space="preserve")?>([^<]*)</t>`,
      ).exec(xml);
      expect(match, text.slice(0, 40)).not.toBeNull();
      expect(readBack(match?.[2] ?? '')).toBe(text);
      expect(Boolean(match?.[1]), 'xml:space="preserve" exactly when the text has edge spaces').toBe(
        /^\s|\s$/.test(text),
      );
    });
  });

  it('writes numbers as xsd:double reads them, and counts of 12 digits or more in format 0', async () => {
    const turnout = FIXTURES[0] as (typeof FIXTURES)[number];
    const numbers = [0, -0, 7, -7, 99_999_999_999, 100_000_000_000, -100_000_000_000, Number.MAX_SAFE_INTEGER];
    const records = numbers.map((value) => ({ ...turnout.records[0], dpt_male: value }));
    const table = buildArrowTable(turnoutDataset.columns, records);
    const xml = await sheetXml(table, { dataset: turnoutDataset, year: 2024 });
    const column = columnLetters(turnoutDataset.columns.findIndex((candidate) => candidate.name === 'dpt_male') + 1);
    const cells = numbers.map(
      (_value, index) => new RegExp(`<c r="${column}${index + 2}"[^>]*><v>[^<]*</v></c>`).exec(xml)?.[0],
    );
    expect(cells).toEqual([
      `<c r="${column}2"><v>0</v></c>`,
      `<c r="${column}3"><v>0</v></c>`,
      `<c r="${column}4"><v>7</v></c>`,
      `<c r="${column}5"><v>-7</v></c>`,
      `<c r="${column}6"><v>99999999999</v></c>`,
      `<c r="${column}7" s="3"><v>100000000000</v></c>`,
      `<c r="${column}8" s="3"><v>-100000000000</v></c>`,
      `<c r="${column}9" s="3"><v>9007199254740991</v></c>`,
    ]);
  });

  it('writes decimals in their shortest exact form, 1e21 and 5e-7 included', async () => {
    const values = [32.5, 1e21, 5e-7, -0.1];
    const records = values.map((value) => ({ ...record, women_representation_pct: value }));
    const table = buildArrowTable(partyDataset.columns, records);
    const { records: back } = await readXlsxRecords(
      await renderXlsx(table, { dataset: partyDataset, year: 2024 }),
      partyDataset,
    );
    expect(back.map((row) => row.women_representation_pct)).toEqual(values);
    const xml = await sheetXml(table, { dataset: partyDataset, year: 2024 });
    expect(xml).toContain('<v>1e+21</v>');
    expect(xml).toContain('<v>5e-7</v>');
  });

  it('writes a sheet of many chunks, and a text longer than a chunk, whole and in order', async () => {
    // The sheet's XML goes to zlib in chunks of about 256 KB: 3,000 rows of up to 1 KB cross several, and 300,000
    // two-byte characters (600 KB of UTF-8) make one cell longer than a chunk.
    const long = 'Ā'.repeat(300_000);
    const records = Array.from({ length: 3000 }, (_, index) => ({
      ...record,
      office_address: index === 1500 ? long : `Jl. ${'x'.repeat(index % 900)} ${index}`,
    }));
    const table = buildArrowTable(partyDataset.columns, records);
    const { records: back } = await readXlsxRecords(
      await renderXlsx(table, { dataset: partyDataset, year: 2024 }),
      partyDataset,
    );
    expect(back.map((row) => row.office_address)).toEqual(records.map((row) => row.office_address));
  });

  it('leaves null values and empty lists as empty cells, and holds the package parts a spreadsheet needs', async () => {
    const table = buildArrowTable(partyDataset.columns, [{ ...record, office_address: null, quality_flags: [] }]);
    const bytes = await renderXlsx(table, { dataset: partyDataset, year: 2024 });
    const xml = await sheetXml(table, { dataset: partyDataset, year: 2024 });
    const row = /<row r="2">.*?<\/row>/.exec(xml)?.[0] ?? '';
    const address = columnLetters(partyDataset.columns.findIndex((column) => column.name === 'office_address') + 1);
    const flags = columnLetters(partyDataset.columns.findIndex((column) => column.name === 'quality_flags') + 1);
    expect(row).not.toContain(`r="${address}2"`);
    expect(row).not.toContain(`r="${flags}2"`);
    expect([...(await readZipBuffer(bytes)).keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'docProps/core.xml',
      'docProps/app.xml',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
  });

  it('fails at an integer beyond 2^53 − 1, as the other writers', async () => {
    const turnout = FIXTURES[0] as (typeof FIXTURES)[number];
    const table = buildArrowTable(turnoutDataset.columns, [turnout.records[0] as never]);
    // Arrow holds int64: write 2^53 into the first integer column's buffer directly.
    const data = table.batches[0]?.getChildAt(0)?.data[0];
    (data?.values as BigInt64Array)[0] = 2n ** 53n;
    await expect(renderXlsx(table, { dataset: turnoutDataset, year: 2024 })).rejects.toThrow(/beyond 2\^53/);
  });
});
