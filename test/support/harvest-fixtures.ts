// Shared pieces of the harvest integration tests: a stand-in upstream on a real port, a fresh cache
// folder, the CLI environment pointing at both, and the records a complete harvest holds.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { UPSTREAM_DATASETS } from '../../scripts/datasets/datasets.ts';
import {
  createHarvestStore,
  readHarvestManifest,
  readHarvestPages,
  type HarvestManifest,
} from '../../scripts/harvest/harvest-store.ts';
import {
  startUpstreamServer,
  type RunningUpstream,
  type UpstreamServerOptions,
} from '../../scripts/upstream/upstream-server.ts';
import { type GivenRecords, type UpstreamData, withDemoRecords } from '../../scripts/upstream/upstream-data.ts';
import { expect } from 'vitest';
import { discardFolder } from './test-trash.ts';

/**
 * The key the tests' builds send: random-looking as a real key is, with characters that need escaping in JSON, URLs
 * and HTML. Any 8 of its characters in a row count as the key (docs/upstream.md, "An echoed key"), so it holds no word
 * that ordinary output or data would contain.
 */
export const TEST_KEY = 'tk-7Qz!xK9#vR2wLp4Tn';

export interface HarvestWorld {
  upstream: RunningUpstream;
  cacheDir: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Settings that keep failing tests quick: short backoff, short timeout. */
export const FAST_SETTINGS: Record<string, string> = {
  KPU_RETRY_BASE_MS: '20',
  KPU_RETRY_MAX_DELAY_MS: '2000',
  KPU_TIMEOUT_MS: '2000',
  KPU_RETRIES: '3',
};

export async function createHarvestWorld(
  data: GivenRecords,
  options: Partial<UpstreamServerOptions> = {},
  env: Record<string, string> = {},
): Promise<HarvestWorld> {
  const upstream = await startUpstreamServer({ apiKey: TEST_KEY, data: withDemoRecords(data), ...options });
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'kpu-harvest-'));
  return {
    upstream,
    cacheDir,
    env: {
      KPU_BASE_URL: upstream.url,
      KPU_API_KEY: TEST_KEY,
      KPU_CACHE_DIR: cacheDir,
      ...FAST_SETTINGS,
      ...env,
    },
    async close() {
      await upstream.close();
      await discardFolder(cacheDir);
    },
  };
}

export interface HarvestedData {
  dir: string;
  manifest: HarvestManifest;
  records: Record<string, RawRecord[]>;
}

/** Checks that the newest complete harvest in `cacheDir` holds exactly the served records, and returns it. */
export async function expectHarvestedExactly(cacheDir: string, data: UpstreamData): Promise<HarvestedData> {
  const harvested = await readLatestHarvested(cacheDir);
  for (const { id } of UPSTREAM_DATASETS) {
    expect(harvested.records[id], id).toEqual(data[id] ?? []);
    expect(harvested.manifest.datasets[id]?.records, id).toBe((data[id] ?? []).length);
  }
  return harvested;
}

/** Reads the newest complete harvest back, every page checked against its SHA-256. */
export async function readLatestHarvested(cacheDir: string): Promise<HarvestedData> {
  const dir = await createHarvestStore(cacheDir).latestComplete();
  if (!dir) throw new Error(`no complete harvest in ${cacheDir}`);
  const manifest = await readHarvestManifest(dir);
  const records: Record<string, RawRecord[]> = {};
  for (const dataset of UPSTREAM_DATASETS) {
    records[dataset.id] = [];
    for await (const page of readHarvestPages(dir, manifest, dataset)) records[dataset.id]?.push(...page.records);
  }
  return { dir, manifest, records };
}

/** Every file below a folder, as [relative path, contents]. */
export async function readAllFiles(dir: string): Promise<[string, Buffer][]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (file) => [path.relative(dir, file), await readFile(file)] as [string, Buffer]));
}

/** Pages of `dataset` an interrupted harvest kept in `cacheDir` (each with its provenance file). */
export async function countKeptPages(cacheDir: string, dataset: string): Promise<number> {
  const dir = path.join(cacheDir, 'harvest/partial/pages', dataset);
  if (!existsSync(dir)) return 0;
  return (await readdir(dir)).filter((name) => name.endsWith('.json')).length;
}
