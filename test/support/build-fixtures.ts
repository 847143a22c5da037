// Runs the real build command against the stand-in upstream into temporary folders, and reads the
// published files back the way users do.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { startUpstreamServer, type RunningUpstream, type UpstreamServerOptions } from '../../scripts/upstream/upstream-server.ts';
import type { UpstreamData } from '../../scripts/upstream/upstream-data.ts';
import { FAST_SETTINGS, TEST_KEY } from './harvest-fixtures.ts';
import { runCli, type CliRun } from './run-cli.ts';

export interface BuildWorld {
  upstream: RunningUpstream;
  root: string;
  cacheDir: string;
  distDir: string;
  env: Record<string, string>;
  build(args?: string[], env?: Record<string, string>): Promise<CliRun>;
  readManifest(): Promise<SnapshotManifest>;
  close(): Promise<void>;
}

export async function createBuildWorld(data: UpstreamData, options: Partial<UpstreamServerOptions> = {}): Promise<BuildWorld> {
  const upstream = await startUpstreamServer({ apiKey: TEST_KEY, data, ...options });
  const root = await mkdtemp(path.join(os.tmpdir(), 'kpu-build-'));
  const cacheDir = path.join(root, 'cache');
  const distDir = path.join(root, 'dist');
  const env = { KPU_BASE_URL: upstream.url, KPU_API_KEY: TEST_KEY, KPU_CACHE_DIR: cacheDir, KPU_DIST_DIR: distDir, ...FAST_SETTINGS };
  return {
    upstream,
    root,
    cacheDir,
    distDir,
    env,
    build: (args = [], extra = {}) => runCli(['build', ...args], { env: { ...env, ...extra } }),
    readManifest: async () => JSON.parse(await readFile(path.join(distDir, 'data/manifest.json'), 'utf8')) as SnapshotManifest,
    async close() {
      await upstream.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export function sha256(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Runs one query in an in-memory DuckDB and returns the rows as plain objects (BIGINT as number). */
export async function queryDuckDb(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const reader = await connection.runAndReadAll(sql);
    return reader.getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
