// The CSV snapshot: RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180) with CRLF line ends, a header of column
// names, text always quoted, numbers and dates bare, null as an empty bare field.
// Example: "dapil_id","regency_name","dpt_male","quality_flags"⏎"0101","Jalan Ā ""x"", y",52731,"dpt-sex-sum;total-sex-sum"
// Text that a spreadsheet would take for a formula ("=…", "+…", "-…", "@…", fullwidth "＝…" too) is written with a leading "'".
// A snapshot file is DuckDB's CSV writer fed a query of the table's Parquet file (writeCsvFile); a site page's
// small files are formatted here from an Arrow table (serializeCsv). Both give the same bytes for the same records.
import type { Field, Schema, Table } from 'apache-arrow';
import { writeChunksToFile } from '../foundation/atomic-file.ts';
import { joinFileParts, withFileSource, type FilePart } from '../foundation/file-splice.ts';
import { JSON_MACROS } from './json-writer.ts';
import type { EngineQuery } from './parquet-writer.ts';
import { formulaStartPattern, neutralizeFormula } from './csv-formula.ts';
import { sqlName, sqlString } from './sql-string.ts';
import { classifyField, firstFailure, readBatchColumns, type ColumnValues, type RowFailure } from './table-reader.ts';

/**
 * A UTF-8 byte order mark opens the file: without it Excel, which is how most people open a CSV download, reads
 * it in the local ANSI code page and garbles every non-ASCII name. DuckDB, pandas and R's readr skip it; Python's
 * csv module needs encoding="utf-8-sig" and csv-parse `bom: true`. Programs wanting exact types should take the
 * Parquet file instead.
 */
const CSV_BOM = '\uFEFF';
const LINE_END = '\r\n';
/** Joins a list's elements in one field; quality flag ids are kebab-case, so they never contain it. */
export const CSV_LIST_SEPARATOR = ';';
const LINES_PER_CHUNK = 1024;

/**
 * Text is always quoted, so the file says which fields are text. Few readers listen: Excel still turns a quoted
 * "0101" into the number 101 (only its import wizard, column set to Text, keeps it), and DuckDB's and pandas'
 * type guessing ignores quotes too (a dapil_id column of "1101", "1102" comes out BIGINT; one "0101" keeps it
 * VARCHAR). Identifiers are safe in the Parquet, JSON and Arrow files; CSV readers should declare them as text.
 * Quotes inside are doubled; line breaks stay inside the quotes.
 */
function quoteText(text: string): string {
  return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : `"${text}"`;
}

/** A text cell: neutralized, then quoted. */
function textCell(text: string): string {
  return quoteText(neutralizeFormula(text));
}

/**
 * The fields of one column at rows `from` … `to` − 1 of a batch (cell 0 is row `from`), each with the separator
 * before it (`separator`: "" for the first column, "," after). `firstRow` is the table row of the batch's first
 * row, for error messages. A list that would be ambiguous is a failure at its row, not thrown here, so the writer
 * stops where it did row by row.
 */
function formatColumn(
  name: string,
  column: ColumnValues,
  separator: string,
  firstRow: number,
  from: number,
  to: number,
): { cells: string[]; failure: RowFailure | undefined } {
  const { values } = column;
  const cells = new Array<string>(to - from);
  let failure = column.failure !== undefined && column.failure.row < to ? column.failure : undefined;
  switch (column.kind) {
    case 'integer':
    case 'decimal':
      // Shortest round-trip form: 52731, 30.5 (never a thousands separator or a decimal comma).
      for (let row = from; row < to; row += 1) {
        const value = values[row] as number | null;
        cells[row - from] = value === null ? separator : separator + String(value);
      }
      break;
    case 'date':
      for (let row = from; row < to; row += 1) {
        const value = values[row] as string | null;
        cells[row - from] = value === null ? separator : separator + value;
      }
      break;
    case 'text':
      for (let row = from; row < to; row += 1) {
        const value = values[row] as string | null;
        cells[row - from] = value === null ? separator : separator + textCell(value);
      }
      break;
    case 'text_list':
      // An empty list is a quoted empty field (""), null an empty bare one: a reader that sees quoting tells them apart.
      for (let row = from; row < to; row += 1) {
        const elements = values[row] as string[] | null;
        if (elements === null) {
          cells[row - from] = separator;
          continue;
        }
        const ambiguous = elements.find((element) => element === '' || element.includes(CSV_LIST_SEPARATOR));
        if (ambiguous !== undefined) {
          const error = new Error(
            `Column ${name}, row ${firstRow + row}: list element ${JSON.stringify(ambiguous)} is empty or contains "${CSV_LIST_SEPARATOR}", so the CSV list would be ambiguous`,
          );
          failure = firstFailure([failure, { row, error }]);
          break;
        }
        cells[row - from] = separator + (elements.length === 0 ? '""' : textCell(elements.join(CSV_LIST_SEPARATOR)));
      }
      break;
  }
  return { cells, failure };
}

/** The BOM and the header line. Column names are text too, so they are quoted like text. */
function csvHeader(fields: readonly Field[]): string {
  return CSV_BOM + fields.map((field) => quoteText(field.name)).join(',') + LINE_END;
}

/** The CSV text of the table, in chunks: BOM, header line, one line per record, each line ending in CRLF. */
export function* serializeCsv(table: Table): Generator<string> {
  const fields = table.schema.fields;
  // Throws for a column type the writers do not handle, before anything is written.
  for (const field of fields) classifyField(field);
  yield csvHeader(fields);
  let rowNumber = 0;
  for (const batch of table.batches) {
    const columns = readBatchColumns(batch);
    const batchFirstRow = rowNumber;
    // One chunk of rows formatted at a time, so only that chunk's fields are alive.
    for (let from = 0; from < batch.numRows; from += LINES_PER_CHUNK) {
      const to = Math.min(from + LINES_PER_CHUNK, batch.numRows);
      const formatted = columns.map((column, index) =>
        formatColumn((fields[index] as Field).name, column, index === 0 ? '' : ',', batchFirstRow, from, to),
      );
      const failure = firstFailure(formatted.map((column) => column.failure));
      let lines = '';
      for (let row = from; row < to; row += 1, rowNumber += 1) {
        if (failure !== undefined && row === failure.row) throw failure.error;
        let line = '';
        for (let index = 0; index < formatted.length; index += 1)
          line += (formatted[index] as (typeof formatted)[number]).cells[row - from] as string;
        lines += line + LINE_END;
      }
      yield lines;
    }
  }
}

/**
 * `kpu_csv_text(v)`: a text cell's field, neutralizeFormula's in the engine (FORMULA_START in RE2's syntax);
 * `kpu_js_number` is the JSON writer's (JSON_MACROS).
 */
const CSV_MACROS: readonly string[] = [
  ...JSON_MACROS,
  `CREATE OR REPLACE TEMP MACRO kpu_csv_text(v) AS CASE WHEN regexp_matches(v, ${sqlString(
    formulaStartPattern((code) => `\\x{${code.toString(16)}}`),
  )}) THEN '''' || v ELSE v END`,
];

const LIST_ERROR = 'kpu-csv-list';
const LIST_ERROR_PATTERN = new RegExp(`${LIST_ERROR}:(\\d+):(\\d+):(".*")`, 's');

/**
 * The text of one column's field, as serializeCsv formats it: an integer's digits, a decimal in its JavaScript form
 * (a table holds finite ones only: arrow-schema.ts), a date as YYYY-MM-DD, a text neutralized (and quoted by the
 * writer: CsvCopy.quoted), a list's elements joined by CSV_LIST_SEPARATOR and neutralized (an empty list an empty
 * text, so a quoted empty field), null as null. A list element that is empty or holds the separator stops the write.
 */
function fieldSql(field: Field, column: number): string {
  const name = sqlName(field.name);
  switch (classifyField(field)) {
    case 'integer':
    case 'date':
      return `CAST(${name} AS VARCHAR)`;
    case 'decimal':
      return `kpu_js_number(${name})`;
    case 'text':
      return `kpu_csv_text(${name})`;
    case 'text_list': {
      const ambiguous = `list_filter(${name}, item -> item = '' OR contains(item, ${sqlString(CSV_LIST_SEPARATOR)}))`;
      return (
        `CASE WHEN len(${ambiguous}) > 0 THEN error('${LIST_ERROR}:${column}:' || kpu_row || ':' || CAST(to_json(${ambiguous}[1]) AS VARCHAR)) ` +
        `ELSE kpu_csv_text(array_to_string(${name}, ${sqlString(CSV_LIST_SEPARATOR)})) END`
      );
    }
  }
}

/** The query of the CSV file's fields from the table's Parquet file, and the columns the writer quotes. */
function csvQuery(schema: Schema, parquetFile: string): { query: EngineQuery; quoted: string[] } {
  const fields = schema.fields;
  const columns = fields.map((field, index) => `${fieldSql(field, index)} AS ${sqlName(field.name)}`);
  const sql =
    `SELECT ${columns.join(', ')} FROM (SELECT *, file_row_number AS kpu_row ` +
    `FROM read_parquet(${sqlString(parquetFile)}, file_row_number = true))`;
  const errorOf = (message: string) => {
    const match = LIST_ERROR_PATTERN.exec(message);
    if (match === null) return undefined;
    return new Error(
      `Column ${(fields[Number(match[1])] as Field).name}, row ${match[2]}: list element ${match[3]} is empty or contains "${CSV_LIST_SEPARATOR}", so the CSV list would be ambiguous`,
    );
  };
  const quoted = fields
    .filter((field) => ['text', 'text_list'].includes(classifyField(field)))
    .map((field) => field.name);
  return { query: { sql, setup: CSV_MACROS, errorOf }, quoted };
}

/**
 * Writes the CSV file of `table` to `path` (atomically), serializeCsv's bytes, read by DuckDB from `parquetFile`,
 * the table's Parquet file (written first, or asked for first: the engine writes in turn). A table of no records
 * is its header alone, written here.
 */
export async function writeCsvFile(table: Table, parquetFile: string, path: string): Promise<void> {
  const fields = table.schema.fields;
  // Throws for a column type the writers do not handle, before anything is written.
  for (const field of fields) classifyField(field);
  if (table.numRows === 0) await writeChunksToFile(path, [csvHeader(fields)]);
  else {
    const { query, quoted } = csvQuery(table.schema, parquetFile);
    // The engine loaded only here, as in writeJsonFile: the site's page files (serializeCsv) need none.
    const { writeCsvQuery } = await import('./parquet-writer.ts');
    await writeCsvQuery(query, { opening: csvHeader(fields), quoted }, path);
  }
}

/**
 * Writes to `path` (atomically, streaming) the CSV file serializeCsv makes of the tables of `files` one after the
 * other, all of the schema `fields`, from the files themselves: one header, then each file's lines. Each line is
 * its record alone, so the bytes are the same. Throws for a file that does not open with the header of `fields`.
 */
export async function joinCsvFiles(fields: readonly Field[], files: readonly string[], path: string): Promise<void> {
  await joinFileParts(path, await csvJoinParts(Buffer.from(csvHeader(fields)), files));
}

/**
 * The parts joinCsvFiles writes: `header` once, then each file's lines after its own header. Throws for a file that
 * does not open with `header`. The release stage reads them to find the year files' bytes in the all-years file.
 */
export async function csvJoinParts(header: Buffer, files: readonly string[]): Promise<FilePart[]> {
  const parts: FilePart[] = [header];
  for (const file of files) {
    const { size, opening } = await withFileSource(file, async (source) => ({
      size: source.size,
      opening: await source.read(0, Math.min(source.size, header.length)),
    }));
    if (!opening.equals(header))
      throw new Error(`${file} does not open with this table's CSV header: it cannot be joined`);
    parts.push({ file, start: header.length, end: size });
  }
  return parts;
}
