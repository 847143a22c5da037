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
import { createBuildWorld, moveWorldFiles } from '../support/build-fixtures.ts';
import { runCli, type CliRun } from '../support/run-cli.ts';
import { CHROMIUM_PATH } from '../support/chromium-setup.ts';
import { readProcesses } from '../support/process-cpu.ts';
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

/** The demo site, served; shared and read-only. */
export async function buildDemoSite(): Promise<PublishedSite> {
  const world = await sharedDemoWorld();
  const { dataDir } = checkBuild(world.cacheDir, world.distDir, world.run);
  return serve(world.distDir, dataDir, world.buildMs, world.run, async () => {});
}

/** `npm run build` against the stand-in upstream serving ../shared/data/canonical; built once, shared, read-only. */
export async function buildRealSite(): Promise<PublishedSite> {
  const files = REAL_FILES.map(canonicalFile);
  const contents = createHash('sha256');
  for (const file of files) contents.update(await readFile(file));
  const world = await sharedWorld('real', contents.digest('hex'), async (root) => {
    const built = await createBuildWorld(await loadUpstreamData(files));
    try {
      const run = await built.build();
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

/**
 * The features Playwright (1.65.1) turns off in every Chromium it launches. Chromium keeps only the last
 * `--disable-features` switch it is given, so turning one more off means repeating Playwright's whole list:
 * launchChromium checks, on every launch, that none of Playwright's own is lost (a Playwright upgrade that adds one
 * fails the browser tests, naming it, until it is added here).
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Turned off for the tests besides: RenderDocument makes a new document, and a new compositor for it, on every
 * navigation, even to a page of the same site in the same tab; the browser tests make hundreds of such navigations,
 * and without it Chromium spends about a third less CPU on them (254 pages of the real-data site in one tab, in the
 * headless shell: 14.8–17.6 → 9.0–12.2 CPU-s; docs/performance.md, "The test suite", 2026-11-27). What a page shows
 * and runs is the same either way.
 */
const TEST_DISABLED_FEATURES = ['RenderDocument'];

/**
 * V8's options for the pages' JavaScript in the tests' Chromium: the interpreter and Sparkplug only, as the CLI a
 * test starts runs (TEST_NODE_OPTIONS, test/support/run-cli.ts). Every page load runs axe-core's rules and the page's
 * own script once in a fresh document, and V8's optimizing compilers (Maglev, TurboFan), working beside them on the
 * machine's two cores, compile code that never runs long enough to pay back: 252 pages of the real-data site in one
 * tab, axe on every fifth, 34.1–40.4 → 30.3–33.7 CPU-s of Chromium; axe on every page 79.8–80.1 → 56.4–60.4 in the
 * headless shell and 102.6 → 73.4 in the full browser (docs/performance.md, "The test suite", twenty-second session).
 * What the pages show and do is the same: a tier changes how fast code runs, never what it computes.
 */
const TEST_JS_FLAGS = '--max-opt=1';

/**
 * The command lines of the Chromium processes this process started, read from /proc (Linux; none elsewhere, where the
 * checks below have nothing to read).
 */
function chromiumArgsOfChildren(): string[][] {
  return (readProcesses() ?? [])
    .filter((child) => child.parentPid === process.pid && child.args.includes('--remote-debugging-pipe'))
    .map((child) => child.args);
}

/** The `--disable-features` lists of one Chromium command line. */
function disabledFeatureLists(args: readonly string[]): string[][] {
  return args
    .filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
}

/** The `--js-flags` value a Chromium command line keeps (the last one given; "" for none). */
function keptJsFlags(args: readonly string[]): string {
  return args.findLast((arg) => arg.startsWith('--js-flags='))?.slice('--js-flags='.length) ?? '';
}

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
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
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...TEST_DISABLED_FEATURES].join(',')}`,
      `--js-flags=${TEST_JS_FLAGS}`,
    ],
  });
  // Every Chromium this process started (this one among them) must have kept every feature Playwright turns off:
  // the last list, the one Chromium keeps, must name each feature an earlier one does.
  const launched = chromiumArgsOfChildren();
  const lost = new Set<string>();
  for (const lists of launched.map(disabledFeatureLists)) {
    const kept = new Set(lists.at(-1) ?? []);
    for (const feature of lists.flat()) if (!kept.has(feature)) lost.add(feature);
  }
  if (lost.size > 0) {
    await browser.close();
    throw new Error(
      `Playwright turns off Chromium features that launchChromium's list would turn back on: ${[...lost].join(', ')}; add them to PLAYWRIGHT_DISABLED_FEATURES (test/site/site-fixtures.ts)`,
    );
  }
  // And the V8 options above must be the ones Chromium keeps (the last `--js-flags`, were Playwright to add its own).
  const jsFlags = launched.map(keptJsFlags).filter((flags) => flags !== TEST_JS_FLAGS);
  if (jsFlags.length > 0) {
    await browser.close();
    throw new Error(
      `Chromium was started with --js-flags=${jsFlags.join(' / ')}, not TEST_JS_FLAGS (test/site/site-fixtures.ts)`,
    );
  }
  return browser;
}

/**
 * A PNG of the whole page at its CSS size, as `page.screenshot({ fullPage: true })` takes it, but asking Chromium
 * to encode it for speed (DevTools' `optimizeForSpeed`: a faster zlib setting; the same pixels, a file about a third
 * larger). Playwright has no option for it, and its own PNGs were most of the layout file's time: 66 full pages,
 * about twice as long (docs/performance.md, "The test suite", 2026-11-27).
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
