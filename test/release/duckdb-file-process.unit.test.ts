// The release's DuckDB file writer (scripts/release/duckdb-file-process.ts): the same script gives the same bytes,
// written from folders at paths of other lengths, after other DuckDB work in the calling process; its process stops
// when the process that started it is killed, while it starts and while DuckDB runs its script. Its table is large
// enough that DuckDB reuses buffers and leaves nearly full string segments with unused middles, which held other
// bytes at every write when DuckDB ran in the calling process on its general allocator.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashFile } from '../../scripts/foundation/hashing.ts';
import { writeDuckDbFile } from '../../scripts/release/duckdb-file-process.ts';
import { isProcessAlive } from '../../scripts/foundation/owned-folders.ts';

const run = promisify(execFile);
const MODULE = path.resolve(import.meta.dirname, '../../scripts/release/duckdb-file-process.ts');

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kpu-duckdb-file-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** 300,000 rows of texts like the turnout table's names, with a primary key, as the release stage writes a table. */
const SCRIPT = [
  'BEGIN TRANSACTION',
  'CREATE TABLE t (i BIGINT, province VARCHAR, dapil VARCHAR, regency VARCHAR, PRIMARY KEY (i))',
  `INSERT INTO t SELECT i, 'PROVINSI CONTOH ' || (i % 34), 'DAPIL CONTOH ' || (i % 580) || ' ' || (i % 7),
     'KABUPATEN ' || (i * 7919 % 100003) FROM range(300000) r(i)`,
  'COMMIT',
  'CHECKPOINT',
].join(';\n');

/** Some DuckDB work in this process, as the release stage's reference check does before the file is written. */
async function otherWork(): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const connection = await instance.connect();
  try {
    await connection.runAndReadAll(
      `SELECT count(DISTINCT s) FROM (SELECT 'x' || (i % 50000) AS s FROM range(400000) r(i))`,
    );
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

it('writes the same script to the same bytes, from any folder, whatever the calling process did before', async () => {
  const hashes: string[] = [];
  for (const folder of ['a', 'a-folder-with-a-much-longer-name/b', 'c']) {
    const dataDir = path.join(dir, folder);
    await mkdir(dataDir, { recursive: true });
    await otherWork();
    await writeDuckDbFile(dataDir, 'out.duckdb', 'spill', SCRIPT);
    hashes.push((await hashFile(path.join(dataDir, 'out.duckdb'))).sha256);
  }
  expect(new Set(hashes).size).toBe(1);
});

it('fails with DuckDB’s own message when the script fails', async () => {
  const dataDir = path.join(dir, 'failing');
  await mkdir(dataDir, { recursive: true });
  await expect(writeDuckDbFile(dataDir, 'out.duckdb', 'spill', 'SELECT * FROM no_such_table')).rejects.toThrow(
    /writing out\.duckdb failed \(exit code 1\):[\s\S]*no_such_table/,
  );
});

/** Polls `condition` every 50 ms for up to `ms`; whether it came true. */
async function within(ms: number, condition: () => Promise<boolean>): Promise<boolean> {
  for (const started = Date.now(); Date.now() - started < ms; await new Promise((resolve) => setTimeout(resolve, 50)))
    if (await condition()) return true;
  return false;
}

it.each([
  ['while it starts', false],
  ['while its script runs', true],
])(
  'stops when the process that started it is killed %s',
  async (_when, atWork) => {
    const dataDir = path.join(dir, `killed-${atWork ? 'at-work' : 'starting'}`);
    await mkdir(dataDir, { recursive: true });
    const file = `killed-${process.pid}-${atWork ? 'at-work' : 'starting'}.duckdb`;
    // A script that runs for minutes: the sum of a hundred billion numbers.
    const starter = `import { writeDuckDbFile } from ${JSON.stringify(pathToFileURL(MODULE).href)};
    await writeDuckDbFile(${JSON.stringify(dataDir)}, ${JSON.stringify(file)}, 'spill',
      'CREATE TABLE t AS SELECT sum(i) AS s FROM range(100000000000) r(i)');`;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', starter], { stdio: 'ignore' });
    let writer = 0;
    const started = await within(20_000, async () => {
      const found = await run('pgrep', ['-f', `duckdb-file-process.ts ${file}`]).catch(() => ({ stdout: '' }));
      writer = Number(found.stdout.trim().split('\n')[0] || 0);
      return writer > 0;
    });
    expect(started, 'the writer process started').toBe(true);
    if (atWork) {
      // DuckDB made the file, then runs the script on one of libuv's threads: a second later it is at work.
      expect(await within(20_000, async () => existsSync(path.join(dataDir, file))), 'the writer opened its file').toBe(
        true,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    parent.kill('SIGKILL');
    expect(await within(10_000, async () => !isProcessAlive(writer)), 'the writer stopped').toBe(true);
  },
  60_000,
);
