// The XLSX snapshot, read from the Arrow table with ExcelJS's streaming writer (docs/data.md, "Why ExcelJS"): a
// "data" sheet of typed cells (text as text, so "0101" and "4.-" stay as they are; counts as integers; decimals
// as numbers; dates as dates) under a frozen, styled header, and an "about" sheet with the dataset, the source,
// how to cite and the data dictionary. Deterministic: the same table gives the same bytes (fixed times inside).
import { PassThrough } from 'node:stream';
import type { Table } from 'apache-arrow';
import ExcelJS from 'exceljs';
import type { PublishedDataset } from '../datasets/dataset-definition.ts';
import { findDataset } from '../datasets/datasets.ts';
import { writeFileAtomic } from '../foundation/atomic-file.ts';
import { CSV_LIST_SEPARATOR } from './csv-writer.ts';
import { classifyField, firstFailure, readBatchColumns, type ColumnKind } from './table-reader.ts';

/** Rows a sheet holds, header included (Excel's and LibreOffice's limit). */
const XLSX_MAX_ROWS = 1_048_576;
/** The name of the sheet of records (the first; "data 2", "data 3", … when the records need more than one). */
export const XLSX_DATA_SHEET = 'data';
/** The name of the sheet describing the file. */
export const XLSX_ABOUT_SHEET = 'about';
/**
 * The about sheet's release cell as the snapshot stage writes it: the release stage, once it has named the
 * release, writes the release id and the retrieval time in its place (scripts/release/release-stamp.ts).
 */
export const XLSX_RELEASE_PENDING = 'The release id and the retrieval time, written by the release stage.';

/** ISO dates, whatever the reader's locale. */
const DATE_FORMAT = 'yyyy-mm-dd';
/** Integers in full (General would switch to 1.23E+15 past 11 digits). */
const INTEGER_FORMAT = '0';
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FF1F2937' } };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E2F3' } };
/** Column widths in characters: the longest of the header and the first WIDTH_SAMPLE values, within bounds. */
const WIDTH_SAMPLE = 1000;
const MIN_WIDTH = 6;
const MAX_WIDTH = 60;
/** The time written in docProps/core.xml and, by fixZipTimes, on every ZIP entry: the data decides the bytes. */
const FIXED_TIME = new Date(Date.UTC(1980, 0, 1));

export interface XlsxFileOptions {
  dataset: PublishedDataset;
  /** The election year of the file, or 'all' for the all-years file. */
  year: number | 'all';
}

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

/** The width of a value as a spreadsheet shows it, in characters. */
function shownLength(kind: ColumnKind, value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (kind === 'date') return DATE_FORMAT.length;
  if (kind === 'text_list') return (value as string[]).join(CSV_LIST_SEPARATOR).length;
  return String(value).length;
}

/** Each column's width: the longest of its name and its values in the first WIDTH_SAMPLE rows. */
function columnWidths(table: Table, kinds: readonly ColumnKind[]): number[] {
  const widths = table.schema.fields.map((field) => field.name.length + 2);
  let seen = 0;
  for (const batch of table.batches) {
    if (seen >= WIDTH_SAMPLE) break;
    const columns = readBatchColumns(batch);
    const rows = Math.min(batch.numRows, WIDTH_SAMPLE - seen);
    columns.forEach((column, index) => {
      for (let row = 0; row < rows; row += 1)
        widths[index] = Math.max(widths[index] as number, shownLength(kinds[index] as ColumnKind, column.values[row]));
    });
    seen += rows;
  }
  return widths.map((width) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, width + 1)));
}

/** The about sheet: what the file is, its source, how to cite it, then the data dictionary of its columns. */
function aboutSheetRows(options: XlsxFileOptions): { pairs: [string, string][]; table: CellValue[][] } {
  const { dataset, year } = options;
  const yearText = year === 'all' ? 'all election years / semua tahun pemilu' : String(year);
  // A derived dataset (the long turnout file) cites the query of the dataset it is computed from.
  const query =
    'upstreamName' in dataset ? dataset.upstreamName : (findDataset(dataset.from)?.upstreamName ?? dataset.from);
  const queryPath = 'upstreamName' in dataset ? dataset.path : `computed from the ${dataset.from} records`;
  const citation = `Komisi Pemilihan Umum (KPU). ${dataset.title.en}, ${year === 'all' ? 'all election years' : `election ${year}`}. KPU open-data API, query ${query}.`;
  const pairs: [string, string][] = [
    ['dataset', `${dataset.title.en} / ${dataset.title.id} (${dataset.id})`],
    ['election year / tahun pemilu', yearText],
    ['description', dataset.description.en],
    ['deskripsi', dataset.description.id],
    [
      'source / sumber',
      `Komisi Pemilihan Umum (KPU), open-data API, query ${query} (${queryPath}); harvested, checked and normalized by the KPU open-data publisher.`,
    ],
    ['how to cite / cara mengutip', citation],
    ['release, retrieval time / rilis, waktu pengambilan', XLSX_RELEASE_PENDING],
    [
      'licence / lisensi',
      'The upstream publishes no licence for this data; none is granted or implied here. Credit the KPU as the source.',
    ],
    [
      'sheet "data"',
      'One row per record. Text cells are text (identifiers keep their leading zeros), counts are integers, decimals numbers, dates dates; quality_flags lists the broken quality rules separated by ";".',
    ],
  ];
  const header = ['column', 'type', 'unit', 'upstream field', 'nullable', 'title', 'judul', 'description', 'deskripsi'];
  const table: CellValue[][] = [
    header,
    ...dataset.columns.map((column) => [
      column.name,
      column.type,
      column.unit ?? null,
      column.source ?? '(derived)',
      column.nullable ? 'yes' : 'no',
      column.title.en,
      column.title.id,
      column.description.en,
      column.description.id,
    ]),
  ];
  return { pairs, table };
}

const ABOUT_WIDTHS = [30, 14, 10, 18, 9, 28, 28, 80, 80];

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
  const widths = columnWidths(table, kinds);
  return table.schema.fields.map((field, index) => ({
    key: field.name,
    width: widths[index] as number,
    style:
      kinds[index] === 'date' ? { numFmt: DATE_FORMAT } : kinds[index] === 'integer' ? { numFmt: INTEGER_FORMAT } : {},
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
  about.columns = ABOUT_WIDTHS.map((width) => ({ width }));
  const { pairs, table: dictionary } = aboutSheetRows(options);
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
export async function renderXlsx(
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
export async function writeXlsxFile(table: Table, file: string, options: XlsxFileOptions): Promise<void> {
  await writeFileAtomic(file, await renderXlsx(table, options));
}
