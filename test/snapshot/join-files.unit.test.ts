// Joining year files into the all-years file (json-writer.ts joinJsonFiles, csv-writer.ts joinCsvFiles): the
// result is the file the writer makes of the tables one after the other, byte for byte, on the records that break
// naive writers (snapshot-fixtures.ts) with an empty table among them; a file the writer did not frame is refused
// and nothing is left behind.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Table } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArrowTable } from '../../scripts/snapshot/arrow-schema.ts';
import { joinCsvFiles, writeCsvFile } from '../../scripts/snapshot/csv-writer.ts';
import { joinJsonFiles, writeJsonFile } from '../../scripts/snapshot/json-writer.ts';
import { writeParquetFile } from '../../scripts/snapshot/parquet-writer.ts';
import { FIXTURES } from './snapshot-fixtures.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kpu-join-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The JSON file as the snapshot stage writes it: DuckDB's query of the table's Parquet file, written first. */
async function writeJson(table: Table, file: string): Promise<void> {
  await writeParquetFile(table, `${file}.parquet`);
  await writeJsonFile(table, `${file}.parquet`, file);
}

/** The CSV file as the snapshot stage writes it: DuckDB's query of the table's Parquet file, written first. */
async function writeCsv(table: Table, file: string): Promise<void> {
  await writeParquetFile(table, `${file}.parquet`);
  await writeCsvFile(table, `${file}.parquet`, file);
}

const WRITERS = [
  { format: 'json', write: writeJson, join: (_: Table, files: string[], to: string) => joinJsonFiles(files, to) },
  {
    format: 'csv',
    write: writeCsv,
    join: (table: Table, files: string[], to: string) => joinCsvFiles(table.schema.fields, files, to),
  },
] as const;

describe.each(WRITERS)('joining $format files', ({ format, write, join }) => {
  it.each(FIXTURES.map((fixture) => [fixture.dataset.id, fixture] as const))(
    '%s: the file of the tables one after the other, an empty one among them',
    async (id, { dataset, records }) => {
      const half = Math.ceil(records.length / 2);
      const parts = [records.slice(0, half), [], records.slice(half)].map((part) =>
        buildArrowTable(dataset.columns, part),
      );
      const files = parts.map((_, index) => path.join(dir, `${id}-${format}-${index}.${format}`));
      for (const [index, table] of parts.entries()) await write(table, files[index] as string);
      const whole = path.join(dir, `${id}-whole.${format}`);
      await write(buildArrowTable(dataset.columns, records), whole);
      const joined = path.join(dir, `${id}-joined.${format}`);
      await join(parts[0] as Table, files, joined);
      expect((await readFile(joined)).equals(await readFile(whole))).toBe(true);
      // No file at all, or only empty ones: the file of an empty table.
      const empty = path.join(dir, `${id}-empty.${format}`);
      await join(parts[1] as Table, [files[1] as string], empty);
      await write(parts[1] as Table, `${empty}.expected`);
      expect(await readFile(empty, 'utf8')).toBe(await readFile(`${empty}.expected`, 'utf8'));
      if (format === 'json') {
        await join(parts[1] as Table, [], empty);
        expect(await readFile(empty, 'utf8')).toBe('[\n]\n');
      }
    },
  );

  it('refuses a file the writer did not frame, leaving nothing behind', async () => {
    const { dataset, records } = FIXTURES[0] as (typeof FIXTURES)[number];
    const table = buildArrowTable(dataset.columns, records);
    const good = path.join(dir, `good.${format}`);
    await write(table, good);
    const odd = path.join(dir, `odd.${format}`);
    await writeFile(odd, format === 'json' ? '[{"a":1}]' : '"other","header"\r\n1,2\r\n');
    const target = path.join(dir, 'refused', `all.${format}`);
    await expect(join(table, [good, odd], target)).rejects.toThrow(/cannot be joined/);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(path.dirname(target)) ? await readdir(path.dirname(target)) : []).toEqual([]);
  });
});
