// Builds a published site the way users get it: the real build command (harvest, snapshot, release, site,
// publish) from the demo upstream or the stand-in serving the real files, then a static server on a real
// port, and Chromium.
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startStaticServer, type RunningStaticServer } from '../../scripts/site/static-server.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { loadUpstreamData } from '../../scripts/upstream/upstream-data.ts';
import type { UpstreamRequestLogEntry } from '../../scripts/upstream/upstream-server.ts';
import { createBuildWorld, moveWorldFiles } from '../support/build-fixtures.ts';
import { runCli, type CliRun } from '../support/run-cli.ts';
import { CHROMIUM_PATH } from '../support/chromium-setup.ts';
import { canonicalFile } from '../support/shared-data.ts';
import { sharedWorld, type SharedWorld } from '../support/shared-worlds.ts';

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
  /** The release stage's data folder (the snapshot's files and the release's) the site was built from. */
  dataDir: string;
  manifest: SnapshotManifest;
  server: RunningStaticServer;
  /** Milliseconds the whole build command took. */
  buildMs: number;
  /** The build command's output (a shared world's). */
  run?: CliRun;
  close(): Promise<void>;
}

/** The build must have succeeded and published a site; returns the release stage's data folder it was built from. */
function checkBuild(cacheDir: string, distDir: string, run: CliRun): { dataDir: string } {
  if (run.code !== 0) throw new Error(`build failed (${String(run.code)}):\n${run.stderr}`);
  if (!existsSync(path.join(distDir, 'index.html')))
    throw new Error(`the build published no site in ${distDir}:\n${run.stderr}`);
  return { dataDir: path.join(cacheDir, 'stages', 'release', 'data') };
}

async function serve(
  distDir: string,
  dataDir: string,
  buildMs: number,
  run: CliRun,
  cleanup: () => Promise<void>,
): Promise<PublishedSite> {
  const manifest = JSON.parse(await readFile(path.join(distDir, 'data', 'manifest.json'), 'utf8')) as SnapshotManifest;
  const server = await startStaticServer({ root: distDir });
  return {
    distDir,
    dataDir,
    manifest,
    server,
    buildMs,
    run,
    async close() {
      await server.close();
      await cleanup();
    },
  };
}

/**
 * `npm run build` with no upstream configured: the synthetic demo data. Built once and shared (read-only) by every
 * file that reads it (test/support/shared-worlds.ts): the site suite, the out-of-the-box build's harvest.
 */
export function sharedDemoWorld(): Promise<SharedWorld> {
  return sharedWorld('demo', 'demo', (root) =>
    runCli(['build'], { env: { KPU_CACHE_DIR: path.join(root, 'cache'), KPU_DIST_DIR: path.join(root, 'dist') } }),
  );
}

/** The public address of the shared demo world built with KPU_SITE_URL: its pages are served under /kpu/. */
export const SITE_URL_OF_SHARED_WORLD = 'https://example.org/kpu/';

/**
 * `npm run build` of the demo with KPU_SITE_URL set (KPU_SITE_BASE left to follow it): canonical links, absolute
 * alternates, the sitemap and the base path /kpu/. Built once and shared, read-only.
 */
export function sharedSiteUrlDemoWorld(): Promise<SharedWorld> {
  return sharedWorld('demo-site-url', SITE_URL_OF_SHARED_WORLD, (root) =>
    runCli(['build'], {
      env: {
        KPU_CACHE_DIR: path.join(root, 'cache'),
        KPU_DIST_DIR: path.join(root, 'dist'),
        KPU_SITE_URL: SITE_URL_OF_SHARED_WORLD,
        KPU_SITE_BASE: '',
      },
    }),
  );
}

/** The demo site, served; shared and read-only. */
export async function buildDemoSite(): Promise<PublishedSite> {
  const world = await sharedDemoWorld();
  const { dataDir } = checkBuild(world.cacheDir, world.distDir, world.run);
  return serve(world.distDir, dataDir, world.buildMs, world.run, async () => {});
}

/** The stand-in's silent cap on records per page in the real-data world: below the default page size, so the harvest pages. */
export const REAL_PAGE_CAP = 100;

/** What the stand-in saw while the real-data world was built (REAL_HARVEST_LOG in the world's folder). */
export interface RealHarvestLog {
  upstreamUrl: string;
  /** The test's clock just before the build command started and just after it ended. */
  buildStartedAt: number;
  buildEndedAt: number;
  requests: Pick<UpstreamRequestLogEntry, 'path' | 'query' | 'status' | 'time' | 'dataRequest'>[];
}
const REAL_HARVEST_LOG = 'harvest-log.json';

/**
 * `npm run build` against the stand-in upstream serving ../shared/data/canonical, its pages capped at REAL_PAGE_CAP
 * records; built once, shared, read-only. What the stand-in saw is kept beside (RealHarvestLog).
 */
export async function buildRealSite(): Promise<PublishedSite> {
  const files = REAL_FILES.map(canonicalFile);
  const contents = createHash('sha256');
  for (const file of files) contents.update(await readFile(file));
  const world = await sharedWorld('real', contents.digest('hex'), async (root) => {
    const built = await createBuildWorld(await loadUpstreamData(files), { maxLimit: REAL_PAGE_CAP });
    try {
      const buildStartedAt = Date.now();
      const run = await built.build();
      const log: RealHarvestLog = {
        upstreamUrl: built.upstream.url,
        buildStartedAt,
        buildEndedAt: Date.now(),
        requests: built.upstream.requests.map((request) => ({
          path: request.path,
          query: request.query,
          status: request.status,
          time: request.time,
          dataRequest: request.dataRequest,
        })),
      };
      await writeFile(path.join(root, REAL_HARVEST_LOG), `${JSON.stringify(log)}\n`);
      // The world is kept in its own folder: cache/ and dist/ (with dist.builds/) move there.
      await moveWorldFiles(built.root, root);
      return run;
    } finally {
      await built.close();
    }
  });
  const { dataDir } = checkBuild(world.cacheDir, world.distDir, world.run);
  return serve(world.distDir, dataDir, world.buildMs, world.run, async () => {});
}

/** The real-data world's cache folder and what its stand-in saw (buildRealSite): the world holds dist/ beside them. */
export async function realHarvestOf(site: PublishedSite): Promise<{ cacheDir: string; log: RealHarvestLog }> {
  const root = path.dirname(site.distDir);
  const log = JSON.parse(await readFile(path.join(root, REAL_HARVEST_LOG), 'utf8')) as RealHarvestLog;
  return { cacheDir: path.join(root, 'cache'), log };
}

/**
 * Debian's Chromium as a person's headless Chromium runs, with only the switches this machine needs: no sandbox (the
 * tests run as root), no GPU, and no traffic but to the loopback address (the machine has no network, and Chromium's
 * background services would try it at every start).
 */
export async function launchChromium(): Promise<Browser> {
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

/**
 * A PNG of the whole page at its CSS size, as `page.screenshot({ fullPage: true })` takes it, but asking Chromium
 * to encode it for speed (DevTools' `optimizeForSpeed`: a faster zlib setting; the same pixels, a file about a third
 * larger). Playwright has no option for it, and its own PNGs were most of the layout file's time: 66 full pages,
 * about twice as long.
 */
export async function saveFullPageScreenshot(page: Page, file: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    const { cssContentSize } = await session.send('Page.getLayoutMetrics');
    const { data } = await session.send('Page.captureScreenshot', {
      format: 'png',
      optimizeForSpeed: true,
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, width: Math.ceil(cssContentSize.width), height: Math.ceil(cssContentSize.height), scale: 1 },
    });
    await writeFile(file, Buffer.from(data, 'base64'));
  } finally {
    await session.detach();
  }
}

/**
 * Whether the browser files keep screenshots and printed pages for a person to look at (KPU_TEST_SCREENSHOTS=1,
 * README "Development"): nothing a test asserts depends on them, and drawing them is much of those files' time.
 */
export const KEEP_SCREENSHOTS = process.env.KPU_TEST_SCREENSHOTS === '1';

/** Where screenshots are kept (git-ignored). */
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/site');

/**
 * A published site and Chromium, started together for one test file. Settled, not Promise.all: when one fails, the
 * one that started is closed before the error is thrown, so the file's afterAll has nothing left to close.
 */
export async function openSiteInChromium(
  build: () => Promise<PublishedSite>,
): Promise<{ site: PublishedSite; browser: Browser }> {
  const [built, launched] = await Promise.allSettled([build(), launchChromium()]);
  if (built.status === 'fulfilled' && launched.status === 'fulfilled') {
    return { site: built.value, browser: launched.value };
  }
  if (built.status === 'fulfilled') await built.value.close();
  if (launched.status === 'fulfilled') await launched.value.close();
  throw built.status === 'rejected' ? built.reason : (launched as PromiseRejectedResult).reason;
}
