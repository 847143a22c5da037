// The CSV snapshot, read from the Arrow table: RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180) with CRLF
// line ends, a header of column names, text always quoted, numbers and dates bare, null as an empty bare field.
// Example: "dapil_id","regency_name","dpt_male","quality_flags"⏎"0101","Jalan Ā ""x"", y",52731,"dpt-sex-sum;total-sex-sum"
import type { Table } from 'apache-arrow';
import { writeChunksToFile } from './snapshot-file.ts';
import { classifyField, createColumnReaders, type ColumnKind, type ColumnReader } from './table-reader.ts';
import type { NormalizedValue } from './arrow-schema.ts';

/**
 * A UTF-8 byte order mark opens the file: without it Excel, which is how most people open a CSV download, reads
 * it in the local ANSI code page and garbles every non-ASCII name. DuckDB, pandas and R's readr skip it; Python's
 * csv module needs encoding="utf-8-sig" and csv-parse `bom: true`. Programs wanting exact types should take the
 * Parquet file instead.
 */
export const CSV_BOM = '\uFEFF';
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
  return `"${text.replaceAll('"', '""')}"`;
}

type FormatField = (value: NormalizedValue, row: number) => string;

function createFieldFormatter(name: string, kind: ColumnKind): FormatField {
  switch (kind) {
    case 'integer':
    case 'decimal':
      // Shortest round-trip form: 52731, 30.5 (never a thousands separator or a decimal comma).
      return (value) => (value === null ? '' : String(value));
    case 'date':
      return (value) => (value === null ? '' : (value as string));
    case 'text':
      return (value) => (value === null ? '' : quoteText(value as string));
    case 'text_list':
      // An empty list is a quoted empty field (""), null an empty bare one: a reader that sees quoting tells them apart.
      return (value, row) => {
        if (value === null) return '';
        const elements = value as string[];
        const ambiguous = elements.find((element) => element === '' || element.includes(CSV_LIST_SEPARATOR));
        if (ambiguous !== undefined) {
          throw new Error(
            `Column ${name}, row ${row}: list element ${JSON.stringify(ambiguous)} is empty or contains "${CSV_LIST_SEPARATOR}", so the CSV list would be ambiguous`,
          );
        }
        return quoteText(elements.join(CSV_LIST_SEPARATOR));
      };
  }
}

/** The CSV text of the table, in chunks: BOM, header line, one line per record, each line ending in CRLF. */
export function* serializeCsv(table: Table): Generator<string> {
  const fields = table.schema.fields;
  const formatters = fields.map((field) => createFieldFormatter(field.name, classifyField(field)));
  // Column names are text too, so they are quoted like text.
  yield CSV_BOM + fields.map((field) => quoteText(field.name)).join(',') + LINE_END;
  let rowNumber = 0;
  for (const batch of table.batches) {
    const readers = createColumnReaders(batch);
    let lines = '';
    let count = 0;
    for (let row = 0; row < batch.numRows; row += 1, rowNumber += 1) {
      let line = '';
      for (let index = 0; index < readers.length; index += 1) {
        if (index > 0) line += ',';
        line += (formatters[index] as FormatField)((readers[index] as ColumnReader)(row), rowNumber);
      }
      lines += line + LINE_END;
      count += 1;
      if (count === LINES_PER_CHUNK) {
        yield lines;
        lines = '';
        count = 0;
      }
    }
    if (lines !== '') yield lines;
  }
}

/** Writes the table as CSV to `path` (atomically, streaming). */
export async function writeCsvFile(table: Table, path: string): Promise<void> {
  await writeChunksToFile(path, serializeCsv(table));
}
