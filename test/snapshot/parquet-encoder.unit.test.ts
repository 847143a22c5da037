// The Parquet encoder's thread (scripts/snapshot/parquet-encoder.ts, started by parquet-writer.ts; issue 16): files
// written at the same time through the one thread are each the same bytes as written alone; a file-system error
// keeps its code across the thread boundary (so the build reports DISK_ERROR) and leaves nothing; a batch that
// cannot be made fails its own file only, and the thread goes on serving the others.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RecordBatch, Table } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { normalizeRecord } from '../../scripts/normalize/normalize-records.ts';
import { BATCH_ROWS, buildArrowTable } from '../../scripts/snapshot/arrow-schema.ts';
import { fileMetadataOf, withFileMetadata } from '../../scripts/snapshot/file-metadata.ts';
import { writeParquetBatches, writeParquetFile } from '../../scripts/snapshot/parquet-writer.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { queryDuckDb } from './snapshot-readers.ts';

let dir: string;
let tables: Table[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'parquet-encoder-'));
  // Two record batches, one, and none (a file with the schema only).
  const turnout = generateTurnoutRecords({ years: [2024], dapils: 100, regenciesPerDapil: 700, seed: 7 }).map(
    (record) => normalizeRecord(turnoutDataset, record, []),
  );
  const parties = generatePartyRecords({ years: [2024], parties: 18, seed: 7 }).map((record) =>
    normalizeRecord(partyDataset, record, []),
  );
  tables = [
    withFileMetadata(buildArrowTable(turnoutDataset.columns, turnout), fileMetadataOf(turnoutDataset, 2024)),
    withFileMetadata(buildArrowTable(partyDataset.columns, parties), fileMetadataOf(partyDataset, 2024)),
    withFileMetadata(buildArrowTable(partyDataset.columns, []), fileMetadataOf(partyDataset, 2019)),
  ];
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A batch source that fails when asked for its second batch. */
function failingAfterOne(table: Table): () => RecordBatch | undefined {
  let asked = 0;
  return () => {
    asked += 1;
    if (asked === 2) throw new Error('the second batch cannot be made');
    return table.batches[asked - 1];
  };
}

describe('the Parquet encoder thread', () => {
  it('writes files at the same time, each the same bytes as written alone, read back whole by DuckDB', async () => {
    expect(tables[0]?.batches.length).toBe(2);
    expect(tables[0]?.numRows).toBeGreaterThan(BATCH_ROWS);
    const alone: Buffer[] = [];
    for (const [index, table] of tables.entries()) {
      const file = path.join(dir, `alone-${index}.parquet`);
      await writeParquetFile(table, file);
      alone.push(await readFile(file));
    }
    const together = tables.map((_, index) => path.join(dir, `together-${index}.parquet`));
    await Promise.all(tables.map((table, index) => writeParquetFile(table, together[index] as string)));
    for (const [index, file] of together.entries())
      expect((await readFile(file)).equals(alone[index] as Buffer)).toBe(true);
    const counts = await queryDuckDb(together.map((file) => `SELECT count(*) AS n FROM read_parquet('${file}')`));
    expect(counts.map((rows) => Number(rows[0]?.n))).toEqual(tables.map((table) => table.numRows));
  });

  it("fails with the file system's error and its code, leaving nothing, and serves the next file", async () => {
    const missing = path.join(dir, 'no-such-folder', 'file.parquet');
    const failure = writeParquetFile(tables[1] as Table, missing);
    await expect(failure).rejects.toThrow(/ENOENT/);
    await expect(failure).rejects.toMatchObject({ code: 'ENOENT', syscall: 'open' });
    expect(existsSync(path.dirname(missing))).toBe(false);
    const next = path.join(dir, 'after-failure.parquet');
    await writeParquetFile(tables[1] as Table, next);
    expect(existsSync(next)).toBe(true);
  });

  it('fails only the file whose batch cannot be made, with that error, while another is written', async () => {
    const broken = path.join(dir, 'broken.parquet');
    const good = path.join(dir, 'good.parquet');
    const table = tables[0] as Table;
    const [brokenResult, goodResult] = await Promise.allSettled([
      writeParquetBatches(table.schema, failingAfterOne(table), broken),
      writeParquetFile(table, good),
    ]);
    expect(brokenResult).toMatchObject({ status: 'rejected', reason: { message: 'the second batch cannot be made' } });
    expect(goodResult.status).toBe('fulfilled');
    expect((await readFile(good)).equals(await readFile(path.join(dir, 'alone-0.parquet')))).toBe(true);
    expect((await readdir(dir)).filter((name) => name.startsWith('broken'))).toEqual([]);
  });
});
