// The JSON snapshot: an array of normalized records read from the Arrow table, one record per line, keys in
// column order, so a changed figure shows up as a one-line diff:
//   [
//   {"election_year":2024,"dapil_id":"0101",…,"quality_flags":[]},
//   {"election_year":2024,"dapil_id":"0102",…,"quality_flags":["dpt-sex-sum"]}
//   ]
import type { Table } from 'apache-arrow';
import { writeChunksToFile } from '../foundation/atomic-file.ts';
import { joinFileParts, withFileSource, type FilePart } from '../foundation/file-splice.ts';
import { firstFailure, readBatchColumns, type ColumnValues } from './table-reader.ts';

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

/** Writes the table as a JSON array to `path` (atomically, streaming). */
export async function writeJsonFile(table: Table, path: string): Promise<void> {
  await writeChunksToFile(path, serializeJson(table));
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
