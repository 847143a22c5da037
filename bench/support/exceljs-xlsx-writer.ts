// The baseline of bench/xlsx-bench.ts: ExcelJS's streaming WorkbookWriter with inline strings, column formats,
// the same about sheet and fixed ZIP times, to measure the streaming SpreadsheetML writer
// (scripts/snapshot/xlsx-writer.ts) against, side by side; not used by the build.
import { PassThrough } from 'node:stream';
import type { Table } from 'apache-arrow';
import ExcelJS from 'exceljs';
import { writeFileAtomic } from '../../scripts/foundation/atomic-file.ts';
import { CSV_LIST_SEPARATOR } from '../../scripts/snapshot/csv-writer.ts';
import { classifyField, firstFailure, readBatchColumns, type ColumnKind } from '../../scripts/snapshot/table-reader.ts';
import {
  XLSX_ABOUT_SHEET,
  XLSX_ABOUT_WIDTHS,
  XLSX_DATA_SHEET,
  XLSX_DATE_FORMAT,
  xlsxAboutRows,
  xlsxColumnWidths,
  type XlsxFileOptions,
} from '../../scripts/snapshot/xlsx-writer.ts';

/** Rows a sheet holds, header included. */
const XLSX_MAX_ROWS = 1_048_576;

/** Integers in full (General would switch to 1.23E+15 past 11 digits). */
const INTEGER_FORMAT = '0';
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FF1F2937' } };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E2F3' } };
/** The time written in docProps/core.xml and, by fixZipTimes, on every ZIP entry: the data decides the bytes. */
const FIXED_TIME = new Date(Date.UTC(1980, 0, 1));

type CellValue = string | number | Date | null;

/** "2024-02-14" → the UTC midnight of that day, which ExcelJS writes as the date serial 45336. */
function dateOf(isoDate: string): Date {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`));
}

function cellValue(kind: ColumnKind, value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'integer':
    case 'decimal':
      return value as number;
    case 'date':
      return dateOf(value as string);
    case 'text':
      // A string cell is text: never a number, a date or a formula, whatever it holds.
      return value as string;
    case 'text_list':
      return (value as string[]).join(CSV_LIST_SEPARATOR);
  }
}

function styleHeader(row: ExcelJS.Row): void {
  row.eachCell((cell) => {
    cell.font = HEADER_FONT;
    cell.fill = HEADER_FILL;
  });
}

/**
 * The ZIP's DOS time and date of every entry set to 1980-01-01 00:00, in its local and central headers: archiver,
 * which ExcelJS zips with, stamps each entry with the current time and has no option for it. Nothing else in the
 * workbook depends on the clock (docProps/core.xml gets FIXED_TIME). A ZIP64 archive (over 65,535 entries or
 * 4 GiB) is refused rather than half fixed.
 */
function fixZipTimes(zip: Buffer): Buffer {
  const END_SIGNATURE = 0x06054b50;
  const CENTRAL_SIGNATURE = 0x02014b50;
  const LOCAL_SIGNATURE = 0x04034b50;
  const DOS_DATE_1980_01_01 = (0 << 9) | (1 << 5) | 1;
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== END_SIGNATURE) end -= 1;
  if (end < 0) throw new Error('XLSX: no ZIP end of central directory');
  const entries = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  if (entries === 0xffff || offset === 0xffffffff) throw new Error('XLSX: ZIP64 archives are not expected');
  for (let entry = 0; entry < entries; entry += 1) {
    if (zip.readUInt32LE(offset) !== CENTRAL_SIGNATURE) throw new Error('XLSX: malformed ZIP central directory');
    zip.writeUInt16LE(0, offset + 12);
    zip.writeUInt16LE(DOS_DATE_1980_01_01, offset + 14);
    const local = zip.readUInt32LE(offset + 42);
    if (zip.readUInt32LE(local) !== LOCAL_SIGNATURE) throw new Error('XLSX: malformed ZIP local header');
    zip.writeUInt16LE(0, local + 10);
    zip.writeUInt16LE(DOS_DATE_1980_01_01, local + 12);
    offset += 46 + zip.readUInt16LE(offset + 28) + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
  }
  return zip;
}

/** Each column's cell format: dates as yyyy-mm-dd, integers in full; the rest as General. */
function dataColumns(table: Table, kinds: readonly ColumnKind[]): Partial<ExcelJS.Column>[] {
  const widths = xlsxColumnWidths(table, kinds);
  return table.schema.fields.map((field, index) => ({
    key: field.name,
    width: widths[index] as number,
    style:
      kinds[index] === 'date'
        ? { numFmt: XLSX_DATE_FORMAT }
        : kinds[index] === 'integer'
          ? { numFmt: INTEGER_FORMAT }
          : {},
  }));
}

/**
 * The records, row by row, each row committed (written out) at once: "data", then "data 2", … when they need more
 * than `rowsPerSheet` rows (header included). Throws at the first integer beyond ±(2^53 − 1), as the other writers.
 */
function writeDataSheets(workbook: ExcelJS.stream.xlsx.WorkbookWriter, table: Table, rowsPerSheet: number): void {
  const fields = table.schema.fields;
  const kinds = fields.map((field) => classifyField(field));
  const columns = dataColumns(table, kinds);
  let part = 0;
  let sheetRows = 0;
  const startSheet = (): ExcelJS.Worksheet => {
    part += 1;
    const next = workbook.addWorksheet(part === 1 ? XLSX_DATA_SHEET : `${XLSX_DATA_SHEET} ${part}`, {
      views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
    });
    next.columns = columns;
    const header = next.addRow(fields.map((field) => field.name));
    styleHeader(header);
    header.commit();
    sheetRows = 1;
    return next;
  };
  let sheet = startSheet();
  for (const batch of table.batches) {
    const batchColumns = readBatchColumns(batch);
    const failure = firstFailure(batchColumns.map((column) => column.failure));
    for (let row = 0; row < batch.numRows; row += 1) {
      if (failure !== undefined && row === failure.row) throw failure.error;
      if (sheetRows === rowsPerSheet) {
        sheet.commit();
        sheet = startSheet();
      }
      const values = batchColumns.map((column, index) => cellValue(kinds[index] as ColumnKind, column.values[row]));
      sheet.addRow(values).commit();
      sheetRows += 1;
    }
  }
  sheet.commit();
}

function writeAboutSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, options: XlsxFileOptions): void {
  const about = workbook.addWorksheet(XLSX_ABOUT_SHEET);
  about.columns = XLSX_ABOUT_WIDTHS.map((width) => ({ width }));
  const { pairs, table: dictionary } = xlsxAboutRows(options);
  for (const pair of pairs) {
    const row = about.addRow(pair);
    row.getCell(1).font = { bold: true };
    row.commit();
  }
  about.addRow([]).commit();
  dictionary.forEach((values, index) => {
    const row = about.addRow(values);
    if (index === 0) styleHeader(row);
    row.commit();
  });
  about.commit();
}

/**
 * The workbook's bytes: the data sheet(s) and the about sheet, streamed by ExcelJS into memory. `rowsPerSheet`
 * is the spreadsheets' limit; tests lower it.
 */
async function renderXlsxWithExcelJs(
  table: Table,
  options: XlsxFileOptions,
  rowsPerSheet: number = XLSX_MAX_ROWS,
): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    // Inline strings: shared strings would hold every distinct text of the sheet in memory until the end.
    useSharedStrings: false,
    useStyles: true,
  });
  workbook.creator = 'KPU open-data publisher';
  workbook.lastModifiedBy = 'KPU open-data publisher';
  workbook.created = FIXED_TIME;
  workbook.modified = FIXED_TIME;
  writeDataSheets(workbook, table, rowsPerSheet);
  writeAboutSheet(workbook, options);
  await workbook.commit();
  return fixZipTimes(Buffer.concat(chunks));
}

/** Writes the table as an XLSX file, atomically (`<file>.partial`, then renamed). */
export async function writeXlsxFileWithExcelJs(table: Table, file: string, options: XlsxFileOptions): Promise<void> {
  await writeFileAtomic(file, await renderXlsxWithExcelJs(table, options));
}
