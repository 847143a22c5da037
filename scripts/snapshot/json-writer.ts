// The JSON snapshot: an array of normalized records read from the Arrow table, one record per line, keys in
// column order, so a changed figure shows up as a one-line diff:
//   [
//   {"election_year":2024,"dapil_id":"0101",…,"quality_flags":[]},
//   {"election_year":2024,"dapil_id":"0102",…,"quality_flags":["dpt-sex-sum"]}
//   ]
import type { Table } from 'apache-arrow';
import { writeChunksToFile } from './snapshot-file.ts';
import { createColumnReaders, type ColumnReader } from './table-reader.ts';

/** Lines per yielded chunk: large enough to keep stream overhead low, small enough to stay streaming. */
const LINES_PER_CHUNK = 1024;

/**
 * The JSON text of the table, in chunks. Numbers print in JavaScript's shortest round-trip form (30.5),
 * dates as "YYYY-MM-DD", null as null, lists as arrays; text is UTF-8, not \u-escaped.
 */
export function* serializeJson(table: Table): Generator<string> {
  const prefixes = table.schema.fields.map((field, index) => `${index === 0 ? '{' : ','}${JSON.stringify(field.name)}:`);
  let first = true;
  yield '[';
  for (const batch of table.batches) {
    const readers = createColumnReaders(batch);
    let lines: string[] = [];
    for (let row = 0; row < batch.numRows; row += 1) {
      let line = first ? '\n' : ',\n';
      first = false;
      for (let index = 0; index < readers.length; index += 1) {
        line += (prefixes[index] as string) + JSON.stringify((readers[index] as ColumnReader)(row));
      }
      lines.push(readers.length === 0 ? `${line}{}` : `${line}}`);
      if (lines.length === LINES_PER_CHUNK) {
        yield lines.join('');
        lines = [];
      }
    }
    if (lines.length > 0) yield lines.join('');
  }
  yield '\n]\n';
}

/** Writes the table as a JSON array to `path` (atomically, streaming). */
export async function writeJsonFile(table: Table, path: string): Promise<void> {
  await writeChunksToFile(path, serializeJson(table));
}
