// The site stage: builds the Astro project in site/ into a static folder, reading only the snapshot data
// folder. The data files themselves are not copied here: the publish stage puts them under <site>/data/,
// where the pages link them.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter } from '../log/progress-reporter.ts';
import { loadSiteData } from './site-data.ts';
import { SITE_ROOT } from './site-root.ts';

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
}

export interface SiteStageResult {
  /** HTML pages written. */
  pages: number;
  /** Other files generated next to the pages (per-page CSV and JSON, the search index, style and script). */
  files: number;
}

/**
 * The environment variable that hands the data folder to the Astro build; site/src/lib/snapshot.ts is its only
 * reader. The build process gets it and nothing else from the environment, so pages depend only on the data
 * folder and the code.
 */
export const SITE_DATA_DIR_VARIABLE = 'KPU_SITE_DATA_DIR';

const ASTRO_BUILD_SCRIPT = fileURLToPath(new URL('./astro-build.ts', import.meta.url));

/** Whether `inner` is `outer` or a folder below it. */
function isWithin(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

async function countFiles(dir: string): Promise<SiteStageResult> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile());
  const pages = files.filter((entry) => entry.name.endsWith('.html')).length;
  return { pages, files: files.length - pages };
}

/**
 * Runs scripts/site/astro-build.ts in a child process, in `workDir`; resolves with its output, rejects with it on
 * failure. Astro writes its temporary render bundle to <working folder>/.astro/ when the output folder is outside
 * the working folder, and that bundle imports Astro's own packages: so the working folder must sit inside the
 * project (where node_modules resolves), and be private to the build (so parallel builds do not share it).
 */
function runAstroBuild(workDir: string, outDir: string, base: string, dataDir: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASTRO_BUILD_SCRIPT, outDir, base, path.join(workDir, 'cache')], {
      cwd: workDir,
      env: { [SITE_DATA_DIR_VARIABLE]: dataDir, ASTRO_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(signal ? { signal } : {}),
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code, signalName) => {
      if (code === 0) resolve(output);
      else reject(new Error(`the Astro build of the site failed (${signalName ?? `exit code ${String(code)}`}):\n${output.trim().split('\n').slice(-40).join('\n')}`));
    });
  });
}

export async function runSiteStage(options: SiteStageOptions): Promise<SiteStageResult> {
  const dataDir = path.resolve(options.dataDir);
  const outDir = path.resolve(options.outDir);
  // The output folder is emptied: never one holding the site's sources (the project root, site/) or inside them.
  if (isWithin(outDir, SITE_ROOT) || isWithin(SITE_ROOT, outDir)) {
    throw new Error(`the site cannot be written to ${outDir}: it holds or is inside the site's sources (${SITE_ROOT})`);
  }
  // Fail before Astro starts, with the data folder's own error (a missing or altered file), not a render trace.
  const site = await loadSiteData(dataDir);
  options.reporter?.status('site: building pages');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  // A private working folder (git-ignored site/.astro/) holds Astro's caches and render bundle for this build only.
  const workRoot = path.join(SITE_ROOT, '.astro');
  await mkdir(workRoot, { recursive: true });
  const workDir = await mkdtemp(path.join(workRoot, 'build-'));
  let output: string;
  try {
    output = await runAstroBuild(workDir, outDir, options.base ?? '/', dataDir, options.signal);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  options.reporter?.clearStatus();
  for (const line of output.split('\n')) {
    if (/\bWARN\b/.test(line)) options.reporter?.warn(`site: ${line.replace(/^.*?\[WARN\]\s*/, '')}`);
  }
  const counts = await countFiles(outDir);
  options.reporter?.line(`site: ${counts.pages} pages for ${site.years.length} election years${site.manifest.demo ? ' (DEMO DATA)' : ''} in ${outDir}`);
  return counts;
}
