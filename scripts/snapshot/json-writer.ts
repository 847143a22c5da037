// The JSON snapshot: an array of normalized records, one record per line, keys in column order, so a changed
// figure shows up as a one-line diff:
//   [
//   {"election_year":2024,"dapil_id":"0101",…,"quality_flags":[]},
//   {"election_year":2024,"dapil_id":"0102",…,"quality_flags":["dpt-sex-sum"]}
//   ]
// A snapshot file is DuckDB's query of the table's Parquet file (writeJsonFile); a site page's small files are
// formatted here from an Arrow table (serializeJson). Both give the same bytes for the same records.
import { type Schema, type Table } from 'apache-arrow';
import { writeChunksToFile } from '../foundation/atomic-file.ts';
import { joinFileParts, withFileSource, type FilePart } from '../foundation/file-splice.ts';
import type { EngineQuery } from './parquet-writer.ts';
import { sqlName, sqlString } from './sql-string.ts';
import { classifyField, firstFailure, readBatchColumns, type ColumnValues } from './table-reader.ts';

/** Lines per yielded chunk: large enough to keep stream overhead low, small enough to stay streaming. */
const LINES_PER_CHUNK = 1024;

/**
 * What JSON.stringify escapes in a string: the quote, the backslash, control characters and (well-formed
 * JSON.stringify) lone surrogates; any surrogate is sent to it, paired ones come back unchanged. Most text needs
 * none of it, and quoting it directly is much cheaper than JSON.stringify per value.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function jsonString(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/**
 * The `"name":value` of one column at rows `from` … `to` − 1 (cell 0 is row `from`), the key prefix included: the
 * same text JSON.stringify gives each value (String of a finite number is its JSON form; a non-finite one is null).
 */
function formatColumn(prefix: string, column: ColumnValues, from: number, to: number): string[] {
  const { values } = column;
  const cells = new Array<string>(to - from);
  const nullCell = `${prefix}null`;
  switch (column.kind) {
    case 'integer':
    case 'decimal':
      for (let row = from; row < to; row += 1) {
        const value = values[row] as number | null;
        cells[row - from] = value === null || !Number.isFinite(value) ? nullCell : prefix + String(value);
      }
      break;
    case 'date':
      // "YYYY-MM-DD": nothing to escape.
      for (let row = from; row < to; row += 1) {
        const value = values[row] as string | null;
        cells[row - from] = value === null ? nullCell : `${prefix}"${value}"`;
      }
      break;
    case 'text':
      for (let row = from; row < to; row += 1) {
        const value = values[row] as string | null;
        cells[row - from] = value === null ? nullCell : prefix + jsonString(value);
      }
      break;
    case 'text_list':
      for (let row = from; row < to; row += 1) {
        const value = values[row] as string[] | null;
        cells[row - from] =
          value === null ? nullCell : value.length === 0 ? `${prefix}[]` : prefix + JSON.stringify(value);
      }
      break;
  }
  return cells;
}

/**
 * The JSON text of the table, in chunks. Numbers print in JavaScript's shortest round-trip form (30.5),
 * dates as "YYYY-MM-DD", null as null, lists as arrays; text is UTF-8, not \u-escaped.
 */
export function* serializeJson(table: Table): Generator<string> {
  const prefixes = table.schema.fields.map(
    (field, index) => `${index === 0 ? '{' : ','}${JSON.stringify(field.name)}:`,
  );
  const width = prefixes.length;
  let first = true;
  yield '[';
  for (const batch of table.batches) {
    const columns = readBatchColumns(batch);
    const failure = firstFailure(columns.map((column) => column.failure));
    // One chunk of rows formatted at a time, so only that chunk's cells are alive.
    for (let from = 0; from < batch.numRows; from += LINES_PER_CHUNK) {
      const to = Math.min(from + LINES_PER_CHUNK, batch.numRows);
      const cells = columns.map((column, index) => formatColumn(prefixes[index] as string, column, from, to));
      const lines: string[] = [];
      for (let row = from; row < to; row += 1) {
        if (failure !== undefined && row === failure.row) throw failure.error;
        let line = first ? '\n' : ',\n';
        first = false;
        for (let index = 0; index < width; index += 1) line += (cells[index] as string[])[row - from] as string;
        lines.push(width === 0 ? `${line}{}` : `${line}}`);
      }
      yield lines.join('');
    }
  }
  yield '\n]\n';
}

/**
 * The control characters whose JSON.stringify escape holds hexadecimal letters (U+000B, U+000E, U+000F, U+001A …
 * U+001F: the nine without a short form like \n), each as DuckDB's to_json writes it (\u001B) and as JSON.stringify
 * does (\u001b). Every other character both write alike.
 */
const UPPER_CASE_ESCAPES = Array.from({ length: 0x20 }, (_, code) =>
  JSON.stringify(String.fromCharCode(code)).slice(1, -1),
)
  .filter((escape) => /^\\u00[0-9]*[a-f]/.test(escape))
  .map((escape) => [escape.toUpperCase().replace('\\U', '\\u'), escape] as const);

/**
 * `kpu_js_number(v)`: a finite DOUBLE as JavaScript's String(v) writes it, from DuckDB's shortest round-trip form: its
 * digits and the place of the decimal point, then JavaScript's layout (ECMAScript Number::toString: plain up to 21
 * integer digits, "0.000001" down to 1e-6, else "1.5e+300"). Example: '1e-07' → 1e-7; '1000000000000000.0' →
 * 1000000000000000; '1e+16' → 10000000000000000; '-0.0' → 0.
 */
export const JSON_MACROS: readonly string[] = [
  `CREATE OR REPLACE TEMP MACRO kpu_number_parts(r) AS regexp_extract(r, '^(-?)([0-9]+)(?:\\.([0-9]+))?(?:e([+-][0-9]+))?$', ['sign', 'whole', 'fraction', 'exponent'])`,
  `CREATE OR REPLACE TEMP MACRO kpu_number_digits(p) AS {'sign': p.sign, 'digits': rtrim(ltrim(p.whole || p.fraction, '0'), '0'), ` +
    `'point': length(p.whole) + coalesce(TRY_CAST(p.exponent AS INTEGER), 0) - (length(p.whole || p.fraction) - length(ltrim(p.whole || p.fraction, '0')))}`,
  `CREATE OR REPLACE TEMP MACRO kpu_number_layout(d) AS CASE WHEN d.digits = '' THEN '0' ELSE d.sign || CASE ` +
    `WHEN length(d.digits) <= d.point AND d.point <= 21 THEN d.digits || repeat('0', d.point - length(d.digits)) ` +
    `WHEN 0 < d.point AND d.point <= 21 THEN d.digits[1:d.point] || '.' || d.digits[d.point + 1:] ` +
    `WHEN -6 < d.point AND d.point <= 0 THEN '0.' || repeat('0', -d.point) || d.digits ` +
    `ELSE d.digits[1] || CASE WHEN length(d.digits) > 1 THEN '.' || d.digits[2:] ELSE '' END || 'e' || ` +
    `CASE WHEN d.point >= 1 THEN '+' ELSE '-' END || abs(d.point - 1)::VARCHAR END END`,
  `CREATE OR REPLACE TEMP MACRO kpu_js_number(v) AS kpu_number_layout(kpu_number_digits(kpu_number_parts(CAST(v AS VARCHAR))))`,
];

/**
 * A record's JSON text, keys in column order, as JSON.stringify writes it: DuckDB's to_json of the record as a struct,
 * in which integers, dates, text and lists are what JSON.stringify writes, and each decimal is the text of its
 * JavaScript form, unquoted after (a JSON value inside to_json would be parsed and written again, 1e-7 as 1e-07; the
 * key followed by `:"` is found only where the key is, since a quote inside a text is escaped). In the rare record
 * where to_json escaped a control character in upper case (UPPER_CASE_ESCAPES), the escapes are written in lower
 * case: each escaped backslash (`\\`) first set aside as U+0001, which valid JSON never holds as it is, so that a
 * text's own backslash before "u001B" is never taken for an escape.
 */
function recordLineSql(schema: Schema): { fast: string; line: string } {
  const struct = schema.fields.map((field) => {
    const name = sqlName(field.name);
    const value =
      classifyField(field) === 'decimal' ? `CASE WHEN isfinite(${name}) THEN kpu_js_number(${name}) END` : name;
    return `${sqlString(field.name)}: ${value}`;
  });
  const fast = schema.fields.reduce(
    (line, field) => {
      if (classifyField(field) !== 'decimal') return line;
      const key = JSON.stringify(field.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return `regexp_replace(${line}, ${sqlString(`(${key}:)"([^"]*)"`)}, '\\1\\2')`;
    },
    `CAST(to_json({${struct.join(', ')}}) AS VARCHAR)`,
  );
  const lowerCased = UPPER_CASE_ESCAPES.reduce(
    (text, [upper, lower]) => `replace(${text}, ${sqlString(upper)}, ${sqlString(lower)})`,
    `replace(kpu_json, ${sqlString('\\\\')}, chr(1))`,
  );
  const careful = `replace(${lowerCased}, chr(1), ${sqlString('\\\\')})`;
  const line = `CASE WHEN contains(kpu_json, '\\u00') AND regexp_matches(kpu_json, '\\\\u00[01][A-F]') THEN ${careful} ELSE kpu_json END`;
  return { fast, line };
}

/**
 * The lines of the JSON file of the `rows` records of `parquetFile` (a table of `schema`): each record's JSON text
 * (recordLineSql), the first after "[⏎", each but the last followed by ",", the last by "⏎]", so that with each
 * line's "⏎" the file is serializeJson's.
 */
function jsonLinesQuery(schema: Schema, rows: number, parquetFile: string): EngineQuery {
  if (schema.fields.length === 0) throw new Error('A JSON snapshot needs at least one column');
  const { fast, line } = recordLineSql(schema);
  const sql =
    `SELECT CASE WHEN kpu_row = 0 THEN '[' || chr(10) ELSE '' END || ${line} || ` +
    `CASE WHEN kpu_row = ${rows - 1} THEN chr(10) || ']' ELSE ',' END AS line FROM (SELECT *, ${fast} AS kpu_json, ` +
    `file_row_number AS kpu_row FROM read_parquet(${sqlString(parquetFile)}, file_row_number = true))`;
  return { sql, setup: JSON_MACROS, errorOf: () => undefined };
}

/**
 * Writes the JSON file of `table` to `path` (atomically), read by DuckDB from `parquetFile`, the table's Parquet
 * file (written first, or asked for first: the engine writes in turn). An empty table is "[⏎]⏎", written here.
 */
export async function writeJsonFile(table: Table, parquetFile: string, path: string): Promise<void> {
  if (table.numRows === 0) {
    await writeChunksToFile(path, ['[\n]\n']);
    return;
  }
  // The engine loaded only here: a process that formats page files alone (serializeJson, the Astro build) never
  // loads DuckDB's 180 modules and native library (about 0.2 CPU-s).
  const { writeLinesQuery } = await import('./parquet-writer.ts');
  await writeLinesQuery(jsonLinesQuery(table.schema, table.numRows, parquetFile), path);
}

const OPENING = Buffer.from('[\n');
const CLOSING = Buffer.from('\n]\n');

/**
 * Writes to `path` (atomically, streaming) the JSON file serializeJson makes of the tables of `files` one after the
 * other, from the files themselves: their lines between the brackets, joined. Each line is its record alone, so
 * the bytes are the same. Throws for a file not framed as serializeJson frames it.
 */
export async function joinJsonFiles(files: readonly string[], path: string): Promise<void> {
  await joinFileParts(path, await jsonJoinParts(files));
}

/**
 * The parts joinJsonFiles writes: "[", then each non-empty file's lines (after "\n" for the first, ",\n" for the
 * others), then "\n]\n". The release stage reads them to find the year files' bytes in the all-years file.
 */
export async function jsonJoinParts(files: readonly string[]): Promise<FilePart[]> {
  const parts: FilePart[] = [Buffer.from('[')];
  for (const file of files) {
    const { size, opening, closing } = await withFileSource(file, async (source) => ({
      size: source.size,
      opening: await source.read(0, Math.min(source.size, OPENING.length)),
      closing: await source.read(Math.max(0, source.size - CLOSING.length), source.size),
    }));
    // An empty table's file is "[\n]\n"; any other is "[\n" + lines + "\n]\n".
    if (size === OPENING.length + CLOSING.length - 1 && opening.equals(OPENING)) continue;
    if (!opening.equals(OPENING) || !closing.equals(CLOSING) || size < OPENING.length + CLOSING.length + 2)
      throw new Error(`${file} is not a JSON file this writer made: it cannot be joined`);
    parts.push(Buffer.from(parts.length === 1 ? '\n' : ',\n'), {
      file,
      start: OPENING.length,
      end: size - CLOSING.length,
    });
  }
  parts.push(CLOSING);
  return parts;
}
