// The Parquet encoder (scripts/snapshot/parquet-encoding.ts, reached by parquet-writer.ts), on the writer's
// own thread (a small build) and as a process of its own (parquet-encoder.ts, for a stage in a process of its own):
// files written at the same time through the one encoder are each the same bytes as written alone, the same from
// either; a file-system error keeps its code across the
// boundary (so the build reports DISK_ERROR) and leaves nothing; a batch that cannot be made fails its own file only,
// and the encoder goes on serving the others.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
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
import { encodeParquetIn, writeParquetBatches, writeParquetFile } from '../../scripts/snapshot/parquet-writer.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { readProcesses } from '../support/process-cpu.ts';
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

/** The running processes (a zombie, ended but not yet waited for, has no arguments left), from /proc. */
const runningProcesses = () => (readProcesses() ?? []).filter((info) => info.args.length > 0);

/** Whether a process runs. */
const isRunning = (pid: number): boolean => runningProcesses().some((info) => info.pid === pid);

/** The running processes `parent` started that run the encoder's script. */
function encoderProcesses(parent = process.pid): number[] {
  return runningProcesses()
    .filter((info) => info.parentPid === parent && info.args.some((arg) => arg.endsWith('parquet-encoder.ts')))
    .map((info) => info.pid);
}

/** A process that writes an empty Parquet file with the encoder in a process of its own, says so, then waits. */
const WRITER_SCRIPT = `
import { encodeParquetIn, writeParquetFile } from ${JSON.stringify(new URL('../../scripts/snapshot/parquet-writer.ts', import.meta.url).href)};
import { buildArrowTable } from ${JSON.stringify(new URL('../../scripts/snapshot/arrow-schema.ts', import.meta.url).href)};
import { partyDataset } from ${JSON.stringify(new URL('../../scripts/datasets/party-dataset.ts', import.meta.url).href)};
encodeParquetIn('process');
await writeParquetFile(buildArrowTable(partyDataset.columns, []), process.argv[1]);
process.stdout.write('written\\n');
setInterval(() => undefined, 1000);
`;

describe.each([
  { where: 'here', as: "on the writer's own thread" },
  { where: 'process', as: 'in a process of its own' },
] as const)('the Parquet encoder $as', ({ where }) => {
  beforeAll(() => encodeParquetIn(where));
  // The unit files share their modules (vitest.config.ts): the next one finds the encoder on its own thread, as a
  // small build does.
  afterAll(() => encodeParquetIn('here'));

  it('runs where it was asked to', async () => {
    await writeParquetFile(tables[1] as Table, path.join(dir, `where-${where}.parquet`));
    expect(encoderProcesses()).toHaveLength(where === 'process' ? 1 : 0);
  });

  it('writes files at the same time, each the same bytes as written alone, read back whole by DuckDB', async () => {
    expect(tables[0]?.batches.length).toBe(2);
    expect(tables[0]?.numRows).toBeGreaterThan(BATCH_ROWS);
    const alone: Buffer[] = [];
    for (const [index, table] of tables.entries()) {
      const file = path.join(dir, `alone-${index}-${where}.parquet`);
      await writeParquetFile(table, file);
      alone.push(await readFile(file));
    }
    const together = tables.map((_, index) => path.join(dir, `together-${index}-${where}.parquet`));
    await Promise.all(tables.map((table, index) => writeParquetFile(table, together[index] as string)));
    for (const [index, file] of together.entries()) {
      expect((await readFile(file)).equals(alone[index] as Buffer)).toBe(true);
      // The bytes encoded here and those of the encoder's process are the same.
      if (where === 'process')
        expect((await readFile(file)).equals(await readFile(path.join(dir, `alone-${index}-here.parquet`)))).toBe(true);
    }
    const counts = await queryDuckDb(together.map((file) => `SELECT count(*) AS n FROM read_parquet('${file}')`));
    expect(counts.map((rows) => Number(rows[0]?.n))).toEqual(tables.map((table) => table.numRows));
  });

  it("fails with the file system's error and its code, leaving nothing, and serves the next file", async () => {
    const missing = path.join(dir, 'no-such-folder', 'file.parquet');
    const failure = writeParquetFile(tables[1] as Table, missing);
    await expect(failure).rejects.toThrow(/ENOENT/);
    await expect(failure).rejects.toMatchObject({ code: 'ENOENT', syscall: 'open' });
    expect(existsSync(path.dirname(missing))).toBe(false);
    const next = path.join(dir, `after-failure-${where}.parquet`);
    await writeParquetFile(tables[1] as Table, next);
    expect(existsSync(next)).toBe(true);
  });

  it('fails only the file whose batch cannot be made, with that error, while another is written', async () => {
    const broken = path.join(dir, `broken-${where}.parquet`);
    const good = path.join(dir, `good-${where}.parquet`);
    const table = tables[0] as Table;
    const [brokenResult, goodResult] = await Promise.allSettled([
      writeParquetBatches(table.schema, failingAfterOne(table), broken),
      writeParquetFile(table, good),
    ]);
    expect(brokenResult).toMatchObject({ status: 'rejected', reason: { message: 'the second batch cannot be made' } });
    expect(goodResult.status).toBe('fulfilled');
    expect((await readFile(good)).equals(await readFile(path.join(dir, `alone-0-${where}.parquet`)))).toBe(true);
    expect((await readdir(dir)).filter((name) => name.startsWith('broken'))).toEqual([]);
  });

  it('lets go of its process when asked to encode on this thread again', async () => {
    encodeParquetIn('here');
    await writeParquetFile(tables[1] as Table, path.join(dir, `back-${where}.parquet`));
    await expect.poll(() => encoderProcesses()).toEqual([]);
    encodeParquetIn(where);
  });
});

describe('the Parquet encoder in a process of its own', () => {
  it('ends with the process that started it, even killed', async () => {
    const file = path.join(dir, 'killed-writer.parquet');
    const writer = spawn(process.execPath, ['--input-type=module', '-e', WRITER_SCRIPT, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await once(writer.stdout, 'data');
      expect(existsSync(file)).toBe(true);
      const encoders = encoderProcesses(writer.pid);
      expect(encoders).toHaveLength(1);
      writer.kill('SIGKILL');
      await expect.poll(() => isRunning(encoders[0] as number), { timeout: 10_000 }).toBe(false);
    } finally {
      writer.kill('SIGKILL');
    }
  });
});
