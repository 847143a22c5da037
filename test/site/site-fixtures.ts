// Builds a published site the way users get it: the real build command (harvest, snapshot, release, site,
// publish) from the demo upstream or the stand-in serving the real files, then a static server on a real
// port, and Chromium.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startStaticServer, type RunningStaticServer } from '../../scripts/site/static-server.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { loadUpstreamData } from '../../scripts/upstream/upstream-data.ts';
import { createBuildWorld } from '../support/build-fixtures.ts';
import { runCli, type CliRun } from '../support/run-cli.ts';
import { CHROMIUM_PATH } from '../support/chromium-setup.ts';
import { canonicalFile } from '../support/shared-data.ts';

/** Every canonical file, the broken records included, so real pages show flagged records too. */
export const REAL_FILES = [
  'datahakpilihdpr_2014_sumatra_jawa.csv',
  'datahakpilihdpr_2014_broken.csv',
  'profilpartai_2014.csv',
  'profilpartai_2019.csv',
  'profilpartai_2024.csv',
];

export interface PublishedSite {
  /** The published folder (a symlink to the live build, as the publish stage leaves it). */
  distDir: string;
  /** The snapshot stage's data folder the site was built from. */
  dataDir: string;
  manifest: SnapshotManifest;
  server: RunningStaticServer;
  /** Milliseconds the whole build command took. */
  buildMs: number;
  close(): Promise<void>;
}

/** The build must have succeeded and published a site; returns the snapshot folder it was built from. */
function checkBuild(cacheDir: string, distDir: string, run: CliRun): { dataDir: string } {
  if (run.code !== 0) throw new Error(`build failed (${String(run.code)}):\n${run.stderr}`);
  if (!existsSync(path.join(distDir, 'index.html'))) throw new Error(`the build published no site in ${distDir}:\n${run.stderr}`);
  return { dataDir: path.join(cacheDir, 'stages', 'snapshot', 'data') };
}

async function serve(root: string, distDir: string, dataDir: string, started: number, cleanup: () => Promise<void>): Promise<PublishedSite> {
  const buildMs = Date.now() - started;
  const manifest = JSON.parse(await readFile(path.join(distDir, 'data', 'manifest.json'), 'utf8')) as SnapshotManifest;
  const server = await startStaticServer({ root: distDir });
  return {
    distDir,
    dataDir,
    manifest,
    server,
    buildMs,
    async close() {
      await server.close();
      await cleanup();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** `npm run build` with no upstream configured: the synthetic demo data. */
export async function buildDemoSite(): Promise<PublishedSite> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'kpu-site-demo-'));
  const cacheDir = path.join(root, 'cache');
  const distDir = path.join(root, 'dist');
  const started = Date.now();
  try {
    const run = await runCli(['build'], { env: { KPU_CACHE_DIR: cacheDir, KPU_DIST_DIR: distDir } });
    const { dataDir } = checkBuild(cacheDir, distDir, run);
    return await serve(root, distDir, dataDir, started, async () => {});
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

/** `npm run build` against the stand-in upstream serving ../shared/data/canonical. */
export async function buildRealSite(): Promise<PublishedSite> {
  const world = await createBuildWorld(await loadUpstreamData(REAL_FILES.map(canonicalFile)));
  const started = Date.now();
  try {
    const run = await world.build();
    const { dataDir } = checkBuild(world.cacheDir, world.distDir, run);
    return await serve(world.root, world.distDir, dataDir, started, () => world.close());
  } catch (error) {
    await world.close();
    throw error;
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      '--disable-gpu',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Where screenshots are kept (git-ignored). */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/site');
