// The XLSX snapshot, streamed from the Arrow table as SpreadsheetML (ECMA-376) into a ZIP (docs/data.md, "How the
// workbook is written"): a "data" sheet of typed cells (text as text, so "0101" and "4.-" stay as they are; counts
// as integers; decimals as numbers; dates as dates) under a frozen, styled header, and an "about" sheet with the
// dataset, the source, how to cite (with the release) and the data dictionary. Each sheet's XML is written straight from the batch's
// column vectors, as UTF-8 bytes in chunks, and deflated by Node's zlib on its way into the ZIP (zip-writer.ts): no
// cell objects, no copy of the workbook in memory. Deterministic: the same table gives the same bytes (fixed
// times inside).
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Table } from 'apache-arrow';
import type { PublishedDataset } from '../datasets/dataset-definition.ts';
import { findDataset } from '../datasets/datasets.ts';
import { writeFileAtomically } from '../foundation/atomic-file.ts';
import { ZipWriter } from '../foundation/zip-writer.ts';
import { CSV_LIST_SEPARATOR } from './csv-writer.ts';
import { addedContentCreditOf, DEMO_NOTE, licenceNoteOf, sourceNoteOf } from './file-metadata.ts';
import { xlsxCitationReleaseOf, xlsxReleaseTextOf, type ReleaseStamp } from './release-identity.ts';
import { classifyField, firstFailure, readBatchColumns, type ColumnKind } from './table-reader.ts';

/** Rows a sheet holds, header included (Excel's and LibreOffice's limit). */
const XLSX_MAX_ROWS = 1_048_576;
/** The name of the sheet of records (the first; "data 2", "data 3", … when the records need more than one). */
export const XLSX_DATA_SHEET = 'data';
/** The name of the sheet describing the file. */
export const XLSX_ABOUT_SHEET = 'about';
/**
 * The about sheet's release cell of a workbook written outside a build (the snapshot command), which names no
 * release; a build's names its release and retrieval time (xlsxReleaseTextOf).
 */
const XLSX_RELEASE_NONE = 'No release: written by the snapshot command, outside a build.';
/** The end of the citation of a workbook written outside a build; a build's ends with its release (xlsxCitationReleaseOf). */
export const XLSX_CITATION_NONE = '[no release: written outside a build]';

/** ISO dates, whatever the reader's locale. */
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd';
/** Column widths in characters: the longest of the header and the first WIDTH_SAMPLE values, within bounds. */
const WIDTH_SAMPLE = 1000;
const MIN_WIDTH = 6;
const MAX_WIDTH = 60;
/** The about sheet's column widths: label or column name, type, unit, field, nullable, titles, descriptions. */
export const XLSX_ABOUT_WIDTHS = [30, 14, 10, 18, 9, 28, 28, 80, 80] as const;
/** The workbook's creation and modification time (docProps/core.xml); the ZIP entries carry the same (zip-writer.ts). */
const FIXED_TIME_ISO = '1980-01-01T00:00:00Z';
/**
 * zlib's level for the workbook's entries: 1, the fastest. At 100,000 turnout records it writes the workbook in
 * 0.5 s against 1.2 s at level 6 (zlib's default), for a file a fifth larger (12.3 MB against 10.3 MB; ExcelJS
 * wrote 12.6 MB): at a million records that is about seven seconds of the build (bench/xlsx-bench.ts, docs/data.md).
 */
const COMPRESSION_LEVEL = 1;
/** Integers General shows in full: up to 11 digits (from 10^11 on, General switches to 1.23457E+11). */
const GENERAL_INTEGER_LIMIT = 100_000_000_000;
/** Days from Excel's day 0 (1899-12-30, in the 1900 date system) to 1970-01-01. */
const EXCEL_EPOCH_OFFSET = 25_569;
const MILLISECONDS_PER_DAY = 86_400_000;

export interface XlsxFileOptions {
  dataset: PublishedDataset;
  /** The election year of the file, or 'all' for the all-years file. */
  year: number | 'all';
  /** A demo build's workbook: the about sheet says first that its records are synthetic. */
  demo?: boolean;
  /** The release the workbook belongs to (in its release cell and at the end of its citation); none outside a build. */
  release?: ReleaseStamp | null;
}

/** A cell of the about sheet: text, or nothing. */
type AboutCell = string | null;

/** The workbook's cell styles (cellXfs of styles.xml), by index. */
const STYLE = { plain: 0, header: 1, date: 2, integer: 3, label: 4 } as const;

const SPREADSHEETML = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// eslint-disable-next-line no-control-regex -- the characters XML 1.0 cannot carry are exactly what is looked for
const NEEDS_ESCAPE = /[&<>\r\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|_x[0-9A-Fa-f]{4}_/;
// eslint-disable-next-line no-control-regex -- as above
const ESCAPED = /[&<>\r\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|_(?=x[0-9A-Fa-f]{4}_)/g;
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };

/**
 * Text as the content of a SpreadsheetML `<t>` element. XML escapes `&`, `<` and `>`, and a carriage return as a
 * character reference (a parser turns a raw one into a line feed). The characters XML 1.0 cannot hold at all (C0
 * controls but tab and line feed, U+FFFE, U+FFFF) are written as ECMA-376's `_xHHHH_`, which Excel and LibreOffice
 * read back as the character; so a text that already holds `_xHHHH_` gets its underscore escaped (`_x005F_`), and
 * reads back as written. Nothing is dropped: the cell holds exactly the record's text.
 */
export function xlsxText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(ESCAPED, (character) => {
    const entity = ENTITIES[character];
    if (entity !== undefined) return entity;
    return `_x${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`;
  });
}

/** Whitespace at either end, which an XML reader drops from `<t>` unless told to preserve it. */
const EDGE_SPACE = /^\s|\s$/;

/** An inline text cell after its reference: `" t="inlineStr"><is><t>…</t></is></c>`. */
function textCellTail(text: string, style: number): string {
  const styled = style === STYLE.plain ? '' : ` s="${style}"`;
  const space = EDGE_SPACE.test(text) ? ' xml:space="preserve"' : '';
  return `"${styled} t="inlineStr"><is><t${space}>${xlsxText(text)}</t></is></c>`;
}

/** An inline text cell: `<c r="B7" t="inlineStr"><is><t>…</t></is></c>`. */
function textCell(reference: string, text: string, style: number): string {
  return `<c r="${reference}${textCellTail(text, style)}`;
}

/** A number as a cell value: JavaScript's shortest round-trip form, which xsd:double accepts ("1e+21", "-5e-7"). */
function numberText(value: number, column: string): string {
  if (!Number.isFinite(value)) throw new Error(`Column ${column}: ${value} cannot be written to a spreadsheet cell`);
  return String(value);
}

/** 1 → "A", 27 → "AA": a column's letters in a cell reference. */
export function columnLetters(column: number): string {
  let rest = column;
  let letters = '';
  while (rest > 0) {
    const digit = (rest - 1) % 26;
    letters = String.fromCharCode(65 + digit) + letters;
    rest = Math.floor((rest - 1) / 26);
  }
  return letters;
}

/** "2024-02-14" → 45336, the date's serial in the 1900 date system (as Excel and LibreOffice store dates). */
export function excelDateSerial(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / MILLISECONDS_PER_DAY + EXCEL_EPOCH_OFFSET;
}

/** The width of a value as a spreadsheet shows it, in characters. */
function shownLength(kind: ColumnKind, value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (kind === 'date') return XLSX_DATE_FORMAT.length;
  if (kind === 'text_list') return (value as string[]).join(CSV_LIST_SEPARATOR).length;
  return String(value).length;
}

/** Each column's width: the longest of its name and its values in the first WIDTH_SAMPLE rows. */
export function xlsxColumnWidths(table: Table, kinds: readonly ColumnKind[]): number[] {
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
export function xlsxAboutRows(options: XlsxFileOptions): { pairs: [string, string][]; table: AboutCell[][] } {
  const { dataset, year, demo = false, release = null } = options;
  const yearText = year === 'all' ? 'all election years / semua tahun pemilu' : String(year);
  // A derived dataset (the long turnout file) cites the query of the dataset it is computed from.
  const query =
    'upstreamName' in dataset ? dataset.upstreamName : (findDataset(dataset.from)?.upstreamName ?? dataset.from);
  const queryPath = 'upstreamName' in dataset ? dataset.path : `computed from the ${dataset.from} records`;
  // A table the project ships (the dapil lists, the region lists) names where it comes from, not a query.
  const project = 'origin' in dataset && dataset.origin?.kind === 'project';
  const yearWords = year === 'all' ? 'all election years' : `election ${year}`;
  const releaseWords = release ? xlsxCitationReleaseOf(release) : XLSX_CITATION_NONE;
  const citation = project
    ? `${dataset.title.en}, ${yearWords}. ${sourceNoteOf(dataset)} ${releaseWords}`
    : `${demo ? 'DEMO DATA, NOT REAL FIGURES: ' : ''}Komisi Pemilihan Umum (KPU). ${dataset.title.en}, ${yearWords}. KPU open-data API, query ${query}. ${releaseWords}`;
  const credit = addedContentCreditOf(dataset);
  const pairs: [string, string][] = [
    ...(demo ? [['DEMO', DEMO_NOTE] as [string, string]] : []),
    ['dataset', `${dataset.title.en} / ${dataset.title.id} (${dataset.id})`],
    ['election year / tahun pemilu', yearText],
    ['description', dataset.description.en],
    ['deskripsi', dataset.description.id],
    [
      'source / sumber',
      project
        ? sourceNoteOf(dataset)
        : `${demo ? `${DEMO_NOTE} In the shape of: ` : ''}Komisi Pemilihan Umum (KPU), open-data API, query ${query} (${queryPath}); harvested, checked and normalized by the KPU open-data publisher.`,
    ],
    ['how to cite / cara mengutip', citation],
    ['release, retrieval time / rilis, waktu pengambilan', release ? xlsxReleaseTextOf(release) : XLSX_RELEASE_NONE],
    [
      'licence / lisensi',
      'origin' in dataset && dataset.origin?.kind === 'project' && dataset.origin.licence
        ? licenceNoteOf(dataset)
        : 'The upstream publishes no licence for this data; none is granted or implied here. Credit the KPU as the source.',
    ],
    ...(credit ? [['added content licence / lisensi data tambahan', credit] as [string, string]] : []),
    [
      'sheet "data"',
      'One row per record. Text cells are text (identifiers keep their leading zeros), counts are integers, decimals numbers, dates dates; quality_flags lists the broken quality rules separated by ";".',
    ],
  ];
  const header = ['column', 'type', 'unit', 'upstream field', 'nullable', 'title', 'judul', 'description', 'deskripsi'];
  const table: AboutCell[][] = [
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

/** `<cols>`: each column's width and, for dates and counts, its default style. */
function colsXml(widths: readonly number[], styles: readonly number[]): string {
  const cols = widths.map((width, index) => {
    const number = index + 1;
    const style = styles[index] ?? STYLE.plain;
    const styled = style === STYLE.plain ? '' : ` style="${style}"`;
    return `<col min="${number}" max="${number}" width="${width}" customWidth="1"${styled}/>`;
  });
  return `<cols>${cols.join('')}</cols>`;
}

/** The start of a worksheet, up to the opening `<sheetData>`: extent, the frozen header row if any, columns. */
function sheetStart(lastCell: string, frozenHeader: boolean, cols: string): string {
  const view = frozenHeader
    ? '<sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView>'
    : '<sheetView workbookViewId="0"/>';
  return `${XML_DECLARATION}<worksheet xmlns="${SPREADSHEETML}" xmlns:r="${RELATIONSHIPS}"><dimension ref="A1:${lastCell}"/><sheetViews>${view}</sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols}<sheetData>`;
}

const SHEET_END = '</sheetData></worksheet>';

/** A row of text cells (the header, the about sheet), empty cells left out. */
function textRow(row: number, cells: readonly AboutCell[], styles: readonly number[]): string {
  const parts = cells.map((text, index) =>
    text === null ? '' : textCell(`${columnLetters(index + 1)}${row}`, text, styles[index] ?? STYLE.plain),
  );
  return `<row r="${row}">${parts.join('')}</row>`;
}

/** Bytes of sheet XML gathered before they go to zlib: large enough that the stream's overhead vanishes. */
const CHUNK_BYTES = 256 * 1024;
/** The most bytes a cell other than text takes: its reference, style, the value's digits and the tags around them. */
const CELL_BYTES_MAX = 96;

const ascii = (text: string): Uint8Array => Buffer.from(text, 'latin1');
const ROW_OPEN = ascii('<row r="');
const ROW_OPENED = ascii('">');
const ROW_END = ascii('</row>');
const PLAIN_VALUE = ascii('"><v>');
const INTEGER_VALUE = ascii(`" s="${STYLE.integer}"><v>`);
const DATE_VALUE = ascii(`" s="${STYLE.date}"><v>`);
const VALUE_END = ascii('</v></c>');

/**
 * A data sheet's XML written as UTF-8 bytes straight into chunks of CHUNK_BYTES, the same bytes the markup would
 * encode to: no string per cell or row to join and encode again (the 600,000 rows of a year's long turnout file
 * in about two thirds of the time of building the same XML as text).
 */
class SheetBytes {
  #chunk: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  #at = 0;

  /** Makes room for `bytes` more, returning the chunk filled so far when it had not the room. */
  room(bytes: number): Buffer | undefined {
    if (this.#at + bytes <= this.#chunk.length) return undefined;
    const full = this.#chunk.subarray(0, this.#at);
    this.#chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
    this.#at = 0;
    return full;
  }

  bytes(bytes: Uint8Array): void {
    this.#chunk.set(bytes, this.#at);
    this.#at += bytes.length;
  }

  /** Text of ASCII characters only (numbers' shortest forms). */
  ascii(text: string): void {
    this.#at += this.#chunk.write(text, this.#at, 'latin1');
  }

  /** A non-negative safe integer's decimal digits, as String() writes them. */
  digits(value: number): void {
    let length = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) length += 1;
    const chunk = this.#chunk;
    let at = this.#at + length;
    this.#at = at;
    let rest = value;
    do {
      at -= 1;
      chunk[at] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
  }

  /** The chunk filled so far; the sheet ends with it. */
  rest(): Buffer {
    return this.#chunk.subarray(0, this.#at);
  }
}

/** The records `[first, end)` of the table as one data sheet's XML, in chunks of about CHUNK_BYTES. */
function* dataSheetXml(
  table: Table,
  kinds: readonly ColumnKind[],
  start: string,
  first: number,
  end: number,
): Generator<string | Buffer> {
  const fields = table.schema.fields;
  const letters = fields.map((_field, index) => columnLetters(index + 1));
  const names = fields.map((field) => field.name);
  yield (
    start +
    textRow(
      1,
      names,
      names.map(() => STYLE.header),
    )
  );
  // Each cell is `<c r="` + column letters + row number + its tail. Text repeats down a column (the year's type,
  // a dapil's name over its regencies), so each column keeps its last text's escaped tail, as UTF-8.
  const opens = letters.map((letter) => ascii(`<c r="${letter}`));
  const lastText: (string | undefined)[] = fields.map(() => undefined);
  const lastTail: Buffer[] = fields.map(() => Buffer.alloc(0));
  const textTail = (column: number, text: string): Buffer => {
    if (lastText[column] !== text) {
      lastText[column] = text;
      lastTail[column] = Buffer.from(textCellTail(text, STYLE.plain), 'utf8');
    }
    return lastTail[column] as Buffer;
  };
  const sheet = new SheetBytes();
  let sheetRow = 1;
  let batchStart = 0;
  for (const batch of table.batches) {
    const batchEnd = batchStart + batch.numRows;
    if (batchEnd > first && batchStart < end) {
      const read = readBatchColumns(batch);
      const failure = firstFailure(read.map((column) => column.failure));
      const columns = read.map((column) => column.values);
      const from = Math.max(first, batchStart) - batchStart;
      const to = Math.min(end, batchEnd) - batchStart;
      for (let row = from; row < to; row += 1) {
        if (failure !== undefined && row === failure.row) throw failure.error;
        sheetRow += 1;
        const full = sheet.room(CELL_BYTES_MAX);
        if (full !== undefined) yield full;
        sheet.bytes(ROW_OPEN);
        sheet.digits(sheetRow);
        sheet.bytes(ROW_OPENED);
        for (let column = 0; column < columns.length; column += 1) {
          const value = (columns[column] as readonly unknown[])[row];
          if (value === null || value === undefined) continue;
          let tail: Buffer | undefined;
          switch (kinds[column]) {
            case 'text':
              // A string cell is text: never a number, a date or a formula, whatever it holds.
              tail = textTail(column, value as string);
              break;
            case 'text_list':
              // An empty list is an empty cell, as in the CSV.
              if ((value as string[]).length === 0) continue;
              tail = textTail(column, (value as string[]).join(CSV_LIST_SEPARATOR));
              break;
          }
          const fuller = sheet.room(CELL_BYTES_MAX + (tail?.length ?? 0));
          if (fuller !== undefined) yield fuller;
          sheet.bytes(opens[column] as Uint8Array);
          sheet.digits(sheetRow);
          if (tail !== undefined) {
            sheet.bytes(tail);
            continue;
          }
          switch (kinds[column]) {
            case 'integer': {
              // Format 0 only where General would not show the integer in full (12 digits or more): the same
              // display, and most counts' cells 6 bytes shorter.
              const count = value as number;
              const general = count < GENERAL_INTEGER_LIMIT && count > -GENERAL_INTEGER_LIMIT;
              sheet.bytes(general ? PLAIN_VALUE : INTEGER_VALUE);
              if (general && count >= 0) sheet.digits(count);
              else sheet.ascii(numberText(count, names[column] as string));
              break;
            }
            case 'decimal':
              sheet.bytes(PLAIN_VALUE);
              sheet.ascii(numberText(value as number, names[column] as string));
              break;
            case 'date':
              sheet.bytes(DATE_VALUE);
              sheet.ascii(String(excelDateSerial(value as string)));
              break;
          }
          sheet.bytes(VALUE_END);
        }
        sheet.bytes(ROW_END);
      }
    }
    batchStart = batchEnd;
    if (batchStart >= end) break;
  }
  yield Buffer.concat([sheet.rest(), Buffer.from(SHEET_END, 'latin1')]);
}

function aboutSheetXml(options: XlsxFileOptions): string {
  const { pairs, table } = xlsxAboutRows(options);
  const rows: string[] = [];
  let row = 0;
  for (const pair of pairs) rows.push(textRow((row += 1), pair, [STYLE.label, STYLE.plain]));
  row += 1; // an empty row between the description and the dictionary
  for (const [index, cells] of table.entries())
    rows.push(
      textRow(
        (row += 1),
        cells,
        cells.map(() => (index === 0 ? STYLE.header : STYLE.plain)),
      ),
    );
  const lastCell = `${columnLetters(XLSX_ABOUT_WIDTHS.length)}${row}`;
  const cols = colsXml(XLSX_ABOUT_WIDTHS, []);
  return `${sheetStart(lastCell, false, cols)}${rows.join('')}${SHEET_END}`;
}

/**
 * The styles every sheet refers to (cellXfs, in STYLE's order): plain; the header (bold, dark text on a light blue
 * fill); dates yyyy-mm-dd; integers in full (format 0: General would switch to 1.23E+15 past 11 digits); a label.
 */
const STYLES_XML = `${XML_DECLARATION}<styleSheet xmlns="${SPREADSHEETML}"><numFmts count="1"><numFmt numFmtId="164" formatCode="${XLSX_DATE_FORMAT}"/></numFmts><fonts count="3"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><color rgb="FF1F2937"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFD9E2F3"/><bgColor indexed="64"/></patternFill></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const CORE_XML = `${XML_DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>KPU open-data publisher</dc:creator><cp:lastModifiedBy>KPU open-data publisher</cp:lastModifiedBy><dcterms:created xsi:type="dcterms:W3CDTF">${FIXED_TIME_ISO}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${FIXED_TIME_ISO}</dcterms:modified></cp:coreProperties>`;

const APP_XML = `${XML_DECLARATION}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>KPU open-data publisher</Application></Properties>`;

const ROOT_RELS_XML = `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="${RELATIONSHIPS}/extended-properties" Target="docProps/app.xml"/></Relationships>`;

/** The package parts that depend on the sheets: content types, the workbook and its relationships. */
function workbookParts(sheetNames: readonly string[]): [name: string, xml: string][] {
  const sheets = sheetNames.map((name, index) => ({ name, number: index + 1 }));
  const contentTypes = `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((sheet) => `<Override PartName="/xl/worksheets/sheet${sheet.number}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`;
  const workbook = `${XML_DECLARATION}<workbook xmlns="${SPREADSHEETML}" xmlns:r="${RELATIONSHIPS}"><bookViews><workbookView/></bookViews><sheets>${sheets.map((sheet) => `<sheet name="${xlsxText(sheet.name)}" sheetId="${sheet.number}" r:id="rId${sheet.number}"/>`).join('')}</sheets></workbook>`;
  const relationships = `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${sheets.map((sheet) => `<Relationship Id="rId${sheet.number}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${sheet.number}.xml"/>`).join('')}<Relationship Id="rId${sheets.length + 1}" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`;
  return [
    ['[Content_Types].xml', contentTypes],
    ['_rels/.rels', ROOT_RELS_XML],
    ['docProps/core.xml', CORE_XML],
    ['docProps/app.xml', APP_XML],
    ['xl/workbook.xml', workbook],
    ['xl/_rels/workbook.xml.rels', relationships],
    ['xl/styles.xml', STYLES_XML],
  ];
}

/**
 * Writes the workbook to `sink`: the package parts, the data sheet(s) and the about sheet, each sheet streamed
 * through zlib. The records continue on "data 2", "data 3", … when they need more than `rowsPerSheet` rows
 * (header included). Throws at the first integer beyond ±(2^53 − 1), as the other writers.
 */
async function writeXlsx(table: Table, options: XlsxFileOptions, sink: Writable, rowsPerSheet: number): Promise<void> {
  if (rowsPerSheet < 2) throw new RangeError(`a sheet must hold the header and a record, got ${rowsPerSheet} rows`);
  const fields = table.schema.fields;
  const kinds = fields.map((field) => classifyField(field));
  const recordsPerSheet = rowsPerSheet - 1;
  const dataSheets = Math.max(1, Math.ceil(table.numRows / recordsPerSheet));
  const names = Array.from({ length: dataSheets }, (_, index) =>
    index === 0 ? XLSX_DATA_SHEET : `${XLSX_DATA_SHEET} ${index + 1}`,
  );
  const columnStyles = kinds.map((kind) =>
    kind === 'date' ? STYLE.date : kind === 'integer' ? STYLE.integer : STYLE.plain,
  );
  const cols = colsXml(xlsxColumnWidths(table, kinds), columnStyles);
  const lastColumn = columnLetters(Math.max(1, fields.length));

  const zip = new ZipWriter(sink, { level: COMPRESSION_LEVEL });
  for (const [name, xml] of workbookParts([...names, XLSX_ABOUT_SHEET]))
    await zip.addBuffer(name, Buffer.from(xml, 'utf8'));
  for (const [index] of names.entries()) {
    const first = index * recordsPerSheet;
    const end = Math.min(table.numRows, first + recordsPerSheet);
    const start = sheetStart(`${lastColumn}${end - first + 1}`, true, cols);
    await zip.addStream(`xl/worksheets/sheet${index + 1}.xml`, dataSheetXml(table, kinds, start, first, end));
  }
  await zip.addBuffer(`xl/worksheets/sheet${names.length + 1}.xml`, Buffer.from(aboutSheetXml(options), 'utf8'));
  await zip.finish();
}

/**
 * The workbook's bytes: the data sheet(s) and the about sheet. `rowsPerSheet` is the spreadsheets' limit; tests
 * lower it.
 */
export async function renderXlsx(
  table: Table,
  options: XlsxFileOptions,
  rowsPerSheet: number = XLSX_MAX_ROWS,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await writeXlsx(table, options, sink, rowsPerSheet);
  return Buffer.concat(chunks);
}

/** Writes the table as an XLSX file, streamed to `<file>.partial` and renamed when complete. */
export async function writeXlsxFile(table: Table, file: string, options: XlsxFileOptions): Promise<void> {
  await writeFileAtomically(file, async (stream) => {
    await writeXlsx(table, options, stream, XLSX_MAX_ROWS);
    stream.end();
    await finished(stream);
  });
}
