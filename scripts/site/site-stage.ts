// The site stage: builds the Astro project in site/ into a static folder, reading only the snapshot data
// folder. The data files themselves are not copied here: the publish stage puts them under <site>/data/,
// where the pages link them. When nothing the pages depend on has changed since the last build of the same
// folder, that build is kept as it is instead of running Astro again (site-fingerprint.ts). A new build is
// written to a fresh folder of its own and renamed into place only when complete.
import { spawn } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readNodeCompileCache, readNodeCompileCacheDisabled, readTestDatasetsModule } from '../config.ts';
import { BuildError } from '../errors.ts';
import { childNodeOptions } from '../foundation/child-node-options.ts';
import { EXPOSE_GC_OPTION } from '../foundation/collect-garbage.ts';
import { killPoint } from '../kill-point.ts';
import type { Reporter } from '../log/progress-reporter.ts';
import { astroCompileCache } from './astro-compile-cache.ts';
import { checkSiteData } from './site-data.ts';
import { createOwnedFolder, removeLeftoverFolders } from '../foundation/owned-folders.ts';
import {
  computeSiteFingerprint,
  forgetSiteFingerprint,
  isReusableSite,
  recordSiteFingerprint,
} from './site-fingerprint.ts';
import { CARDS_FAILED_EXIT_CODE, SITE_ROOT } from './site-root.ts';

export interface SiteStageOptions {
  /** The snapshot stage's data folder (manifest.json, quality-report.json, <year>/…). */
  dataDir: string;
  /** The folder to write the site to; emptied first. */
  outDir: string;
  reporter?: Reporter;
  /** URL path the site is served under, e.g. "/kpu/"; default "/". */
  base?: string;
  /** Stops the build (the child process is killed). */
  signal?: AbortSignal;
  /** Keep the site already in `outDir` when it was built from the same inputs (default true). */
  reuse?: boolean;
  /**
   * KPU_SITE_URL (ending in "/"), the site's public address: the pages' og:url, sitemap.xml and robots.txt's
   * Sitemap line. Null or absent: no og:url, no sitemap.xml, robots.txt without a Sitemap line.
   */
  siteUrl?: string | null;
  /** KPU_REPORT_URL: where visitors report an error, linked from every page's footer. Null or absent: no link. */
  reportUrl?: string | null;
}

export interface SiteStageResult {
  /** HTML pages written. */
  pages: number;
  /** Other files generated next to the pages (per-page CSV and JSON, the search index, style and script). */
  files: number;
  /** Whether the site already in the output folder was kept, nothing it depends on having changed. */
  reused: boolean;
}

/**
 * The environment variable that hands the data folder to the Astro build; site/src/lib/snapshot.ts is its only
 * reader. The build process gets it and nothing else from the environment (but KPU_SITE_URL and KPU_REPORT_URL when set, and
 * KPU_TEST_DATASETS in a test that declared datasets of its own), so pages depend only on the data folder, the
 * site's address and the code.
 */
const SITE_DATA_DIR_VARIABLE = 'KPU_SITE_DATA_DIR';
/** The environment variable that hands KPU_SITE_URL to the Astro build (site/src/lib/snapshot.ts reads it). */
const SITE_URL_VARIABLE = 'KPU_SITE_URL';
/** The environment variable that hands KPU_REPORT_URL to the Astro build (site/src/lib/snapshot.ts reads it). */
const REPORT_URL_VARIABLE = 'KPU_REPORT_URL';

const testDatasets = readTestDatasetsModule();
const callerCompileCache = readNodeCompileCache();
const compileCacheDisabled = readNodeCompileCacheDisabled();
const ASTRO_BUILD_SCRIPT = fileURLToPath(new URL('./astro-build.ts', import.meta.url));
/** The code the pages are made from: the site's sources and the publisher's scripts they import. */
const SITE_CODE_DIRS = [SITE_ROOT, fileURLToPath(new URL('../', import.meta.url))];
const SITE_CODE_FILES = ['package.json', 'package-lock.json'].map((file) => path.join(SITE_ROOT, '..', file));
/** The project's dependencies, which the Astro build's render bundle imports (linked into its working folder). */
const NODE_MODULES = path.join(SITE_ROOT, '..', 'node_modules');

/** Whether `inner` is `outer` or a folder below it. */
function isWithin(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The pages and other files of a built site (listed synchronously, as site-fingerprint.ts lists it, and for why). */
function countFiles(dir: string): Omit<SiteStageResult, 'reused'> {
  const entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile());
  const pages = files.filter((entry) => entry.name.endsWith('.html')).length;
  return { pages, files: files.length - pages };
}

/**
 * Runs scripts/site/astro-build.ts in a child process, in `workDir`; resolves with its output, rejects with it on
 * failure. Astro writes a temporary render bundle beside the pages, and that bundle imports Astro's own packages: so
 * the working folder must resolve node_modules (a link to the project's), and be private to the build (so parallel
 * builds do not share it).
 */
function runAstroBuild(
  workDir: string,
  outDir: string,
  cardsDir: string,
  base: string,
  dataDir: string,
  siteUrl: string | null,
  reportUrl: string | null,
  compileCache: string | null,
  signal?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      // The build's own Node options too (child-node-options.ts), as its stage processes have them.
      [
        EXPOSE_GC_OPTION,
        ...childNodeOptions(),
        ASTRO_BUILD_SCRIPT,
        outDir,
        base,
        path.join(workDir, 'cache'),
        cardsDir,
        '--stop-with-parent',
      ],
      {
        cwd: workDir,
        env: {
          [SITE_DATA_DIR_VARIABLE]: dataDir,
          ...(siteUrl === null ? {} : { [SITE_URL_VARIABLE]: siteUrl }),
          ...(reportUrl === null ? {} : { [REPORT_URL_VARIABLE]: reportUrl }),
          ASTRO_TELEMETRY_DISABLED: '1',
          NODE_ENV: 'production',
          // Rolldown and the other native parts of Astro's build allocate through mimalloc, which asks the kernel for
          // transparent huge pages on its arenas (`madvise`). On a kernel that grants them on request, every first
          // touch of a 2 MB region zeroes all of it, and Rolldown's threads each touch regions of their own: half of
          // their CPU time went to the kernel zeroing pages, about 8 % of a small site's build (1.70 → 1.56 CPU-s;
          // docs/operations.md, "Transparent huge pages in the Astro process"). This makes mimalloc turn them off for
          // the process (prctl PR_SET_THP_DISABLE). The bundler only ever bundles the site's own few sources, whatever
          // the size of the data.
          MIMALLOC_ALLOW_THP: '0',
          // resvg (the social cards' rasterizer, its own mimalloc) draws each card into a 3 MB image, set free once
          // its PNG is made (cards/card-thread.ts); mimalloc's default returns freed pages to the kernel soon after, so
          // the next card faults them in, zeroed, again: most of a card's CPU time, in the kernel. Kept, freed pages
          // are reused (docs/operations.md, "mimalloc's freed pages in the Astro process").
          MIMALLOC_PURGE_DELAY: '-1',
          // A test's own datasets (scripts/datasets/datasets.ts) are declared for the pages too.
          ...(testDatasets === null ? {} : { KPU_TEST_DATASETS: testDatasets }),
          // Its modules compiled once, not at every build (astro-compile-cache.ts).
          ...(compileCache === null ? {} : { NODE_COMPILE_CACHE: compileCache }),
        },
        // Standard input: a pipe never written to, whose end tells the child that this process is gone.
        stdio: ['pipe', 'pipe', 'pipe'],
        ...(signal ? { signal } : {}),
      },
    );
    // The Astro process runs, and holds the other end of its standard input.
    killPoint('site:astro-started');
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code, signalName) => {
      if (code === 0) resolve(output);
      else if (code === CARDS_FAILED_EXIT_CODE)
        reject(new BuildError('SITE_CARDS_FAILED', output.trim().split('\n').slice(-20).join('\n')));
      else
        reject(
          new Error(
            `the Astro build of the site failed (${signalName ?? `exit code ${String(code)}`}):\n${output.trim().split('\n').slice(-40).join('\n')}`,
          ),
        );
    });
  });
}

/**
 * Under a base path the site writes no robots.txt (crawlers read only the host's /robots.txt): the lines that belong
 * in the host's file. Example: ("/kpu/", "https://example.org/kpu/") → "site: no robots.txt under the base path
 * /kpu/ (crawlers read only the host's /robots.txt); for the site, add there: Allow: /kpu/ and Sitemap:
 * https://example.org/kpu/sitemap.xml".
 */
function robotsNote(base: string, siteUrl: string | null): string {
  const sitemap = siteUrl === null ? '' : ` and Sitemap: ${new URL('sitemap.xml', siteUrl).href}`;
  return `site: no robots.txt under the base path ${base} (crawlers read only the host's /robots.txt); for the site, add there: Allow: ${base}${sitemap}`;
}

export async function runSiteStage(options: SiteStageOptions): Promise<SiteStageResult> {
  const dataDir = path.resolve(options.dataDir);
  const outDir = path.resolve(options.outDir);
  // The output folder is emptied: never one holding the site's sources (the project root, site/) or inside them.
  if (isWithin(outDir, SITE_ROOT) || isWithin(SITE_ROOT, outDir)) {
    throw new Error(`the site cannot be written to ${outDir}: it holds or is inside the site's sources (${SITE_ROOT})`);
  }
  // The data folder checked record by record, keeping none (this process stays small while Astro loads them), on
  // this process's core while Astro builds on another (a million records: 2–4 s that went before Astro). Its error
  // (a missing or altered file) is the one reported, never Astro's render trace of the same fault, and it stops
  // Astro.
  const checking = checkSiteData(dataDir);
  // Awaited below on every path; a failure before then must not count as unhandled.
  checking.catch(() => undefined);
  const base = options.base ?? '/';
  const siteUrl = options.siteUrl ?? null;
  const reportUrl = options.reportUrl ?? null;
  const fingerprint = await computeSiteFingerprint({
    dataDir,
    base,
    siteUrl,
    reportUrl,
    codeDirs: SITE_CODE_DIRS,
    codeFiles: SITE_CODE_FILES,
  });
  if (options.reuse !== false && (await isReusableSite(outDir, fingerprint))) {
    await checking;
    const counts = countFiles(outDir);
    options.reporter?.line(
      `site: nothing changed since the last site build: its ${counts.pages} pages kept (${outDir})`,
    );
    return { ...counts, reused: true };
  }
  options.reporter?.status('site: building pages');
  await forgetSiteFingerprint(outDir);
  // Folders of builds that were killed before they finished (their process is gone); never a live build's.
  const building = `${outDir}.building-`;
  for (const failure of await removeLeftoverFolders(building)) {
    options.reporter?.warn(`site: a folder left by an interrupted build could not be removed: ${failure}`);
  }
  // Astro's private working folder, beside the output folder: its caches, its render bundle and the pages, all on the
  // output's filesystem, so the finished pages are renamed into place (Astro moves its own assets with rename(),
  // which cannot cross filesystems: a cache on a mounted disk or a tmpfs failed with EXDEV when the working folder
  // was in the project), and a build writes nothing into the project. A link to the project's node_modules lets the
  // render bundle import Astro's packages from there.
  const workDir = await createOwnedFolder(building);
  // The last site can no longer be kept (its fingerprint is forgotten): it is removed once Astro's process has
  // started on the new one, this process's work beside Astro's (thousands of files at ten times the real data). Node's
  // synchronous removal walks the folder in C++, at about a third of the CPU time of the asynchronous one, whose every
  // call goes through libuv's thread pool (the real data's site, 1,505 files: 0.07 against 0.2 CPU-s). A failure is
  // kept for after the build.
  let removal: { error: unknown } | null = null;
  let output: string;
  try {
    await symlink(NODE_MODULES, path.join(workDir, 'node_modules'), 'dir');
    const pages = path.join(workDir, 'site');
    const checkFailed = new AbortController();
    checking.catch(() => checkFailed.abort());
    const signal = options.signal ? AbortSignal.any([options.signal, checkFailed.signal]) : checkFailed.signal;
    try {
      // The social cards' cache (scripts/site/social-cards.ts) beside the site: kept from build to build, as the
      // site's own folder is not.
      const compileCache = await astroCompileCache(outDir, callerCompileCache, compileCacheDisabled);
      const astro = runAstroBuild(
        workDir,
        pages,
        `${outDir}-cards`,
        base,
        dataDir,
        siteUrl,
        reportUrl,
        compileCache,
        signal,
      );
      try {
        rmSync(outDir, { recursive: true, force: true });
      } catch (error) {
        removal = { error };
      }
      output = await astro;
    } catch (error) {
      await checking;
      throw error;
    }
    await checking;
    if (removal !== null) throw removal.error;
    await rename(pages, outDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  options.reporter?.clearStatus();
  for (const line of output.split('\n')) {
    if (/\bWARN\b/.test(line)) options.reporter?.warn(`site: ${line.replace(/^.*?\[WARN\]\s*/, '')}`);
  }
  const counts = countFiles(outDir);
  await recordSiteFingerprint(outDir, fingerprint);
  const checked = await checking;
  options.reporter?.line(
    `site: ${counts.pages} pages for ${checked.pageYears} election years${checked.manifest.demo ? ' (DEMO DATA)' : ''} in ${outDir}`,
  );
  if (base !== '/') options.reporter?.line(robotsNote(base, siteUrl));
  return { ...counts, reused: false };
}
