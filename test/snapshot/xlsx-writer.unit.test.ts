// The XLSX snapshot of both datasets, read back in-process (ExcelJS's reader): every value exact and of its
// declared cell type, a frozen styled header, the about sheet with the dictionary, and the same bytes whatever the
// clock says.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildArrowTable } from '../../scripts/snapshot/arrow-schema.ts';
import { renderXlsx, XLSX_ABOUT_SHEET, XLSX_DATA_SHEET } from '../../scripts/snapshot/xlsx-writer.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { FIXTURES } from './snapshot-fixtures.ts';
import { readXlsxRecords } from '../support/xlsx-records.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe.each(FIXTURES)('$dataset.id XLSX', ({ dataset, records }) => {
  const table = buildArrowTable(dataset.columns, records);

  it('holds every record exactly, each cell of its column type, under a frozen bold header', async () => {
    const bytes = await renderXlsx(table, { dataset, year: 2024 });
    const { header, records: back, workbook } = await readXlsxRecords(bytes, dataset);
    expect(header).toEqual(dataset.columns.map((column) => column.name));
    expect(back).toEqual(records.map((record) => ({ ...record, quality_flags: record.quality_flags ?? [] })));
    const sheet = workbook.getWorksheet(XLSX_DATA_SHEET);
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    for (const [index, column] of dataset.columns.entries()) {
      const width = sheet?.getColumn(index + 1).width ?? 0;
      expect(width, column.name).toBeGreaterThanOrEqual(Math.min(60, column.name.length + 2));
    }
  });

  it('describes itself on the about sheet: dataset, source, citation and every column', async () => {
    const { workbook } = await readXlsxRecords(await renderXlsx(table, { dataset, year: 'all' }), dataset);
    const about = workbook.getWorksheet(XLSX_ABOUT_SHEET);
    const rows: string[][] = [];
    about?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
    const text = rows.map((row) => row.join(' | ')).join('\n');
    expect(text).toContain(dataset.title.en);
    expect(text).toContain(dataset.upstreamName);
    expect(text).toContain('Komisi Pemilihan Umum (KPU)');
    expect(text).toContain('all election years');
    for (const column of dataset.columns) {
      expect(
        rows.some((row) => row[0] === column.name && row[1] === column.type && row[7] === column.description.en),
      ).toBe(true);
    }
  });

  it('gives the same bytes for the same table at any time, with fixed times inside', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-02T03:04:05Z'));
    const first = await renderXlsx(table, { dataset, year: 2024 });
    vi.setSystemTime(new Date('2031-07-08T09:10:11Z'));
    const second = await renderXlsx(table, { dataset, year: 2024 });
    expect(second.equals(first)).toBe(true);
    const { workbook } = await readXlsxRecords(first, dataset);
    expect([workbook.created, workbook.modified]).toEqual([
      new Date('1980-01-01T00:00:00Z'),
      new Date('1980-01-01T00:00:00Z'),
    ]);
    // Every entry's DOS time: 1980-01-01 00:00 (date 0x0021, time 0) in the central directory.
    const view = Buffer.from(first);
    for (let offset = view.indexOf('PK\x01\x02'); offset >= 0; offset = view.indexOf('PK\x01\x02', offset + 4)) {
      expect([view.readUInt16LE(offset + 12), view.readUInt16LE(offset + 14)]).toEqual([0, 0x21]);
    }
  });
});

it('keeps codes that look like numbers, formulas or dates as the text they are', async () => {
  const [record] = FIXTURES[1]?.records ?? [];
  const tricky = ['4.-', '0101', '=1+1', '+62 21', '2024-02-14', '1e5', ' 7 '];
  const records = tricky.map((text) => ({ ...record, notarial_deed_number: text, decree_number: text }));
  const table = buildArrowTable(partyDataset.columns, records);
  const { records: back } = await readXlsxRecords(
    await renderXlsx(table, { dataset: partyDataset, year: 2024 }),
    partyDataset,
  );
  expect(back.map((row) => [row.notarial_deed_number, row.decree_number])).toEqual(tricky.map((text) => [text, text]));
});

it('continues on "data 2", "data 3", … with the header again when the records need more rows than a sheet holds', async () => {
  const { dataset, records } = FIXTURES[0] as (typeof FIXTURES)[number];
  const table = buildArrowTable(dataset.columns, records);
  // Two rows a sheet: the header and one record.
  const bytes = await renderXlsx(table, { dataset, year: 2024 }, 2);
  const { workbook } = await readXlsxRecords(bytes, dataset);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['data', 'data 2', 'data 3', 'about']);
  for (const [index, name] of ['data', 'data 2', 'data 3'].entries()) {
    const sheet = workbook.getWorksheet(name);
    expect(sheet?.rowCount).toBe(2);
    expect((sheet?.getRow(1).values as unknown[]).slice(1)).toEqual(dataset.columns.map((column) => column.name));
    expect(sheet?.getRow(2).getCell(3).value).toBe(records[index]?.dapil_id ?? null);
  }
});
