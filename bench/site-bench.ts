// Site build: the site stage on the snapshot of the real data (../shared/data, or the demo data without it or in
// --quick) and of synthetic data with ten times the dapils and parties; first build, rebuilds with nothing changed (as the
// build runs them, keeping the last site, and forced to run Astro), and `build --offline` again with nothing changed.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { RawRecord } from '../scripts/datasets/dataset-definition.ts';
import { partyDataset } from '../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../scripts/datasets/turnout-dataset.ts';
import { demoDataset, generatePartyRecords, generateTurnoutRecords } from '../scripts/synthetic/synthetic-data.ts';
import { loadUpstreamData, withDemoRecords, type UpstreamData } from '../scripts/upstream/upstream-data.ts';
import { startUpstreamServer } from '../scripts/upstream/upstream-server.ts';
import { countBuiltPages, createBareAstroProject, timeBareAstroBuild } from './bare-astro.ts';
import type { SiteBuild, SiteSection } from './bench-results.ts';
// The canonical files the site tests serve too.
import { REAL_FILES } from '../test/site/site-fixtures.ts';
import type { BenchContext } from './support/bench-context.ts';
import { assertSucceeded, runMeasured, timedRuns, type MeasuredRun } from './support/measured-process.ts';
import { CLI_SCRIPT, PROJECT_ROOT, SHARED_DATA_DIR } from './support/paths.ts';
import { round } from './support/stats.ts';

const BENCH_KEY = 'bench-key-not-secret';

interface SiteVariant {
  name: string;
  description: string;
  /** null: the CLI's own demo (no upstream configured). */
  data: UpstreamData | null;
  dapils: number;
  parties: number;
  turnoutRecords: number;
}

/** A built site the pages section can serve. */
export interface BuiltSite {
  name: string;
  siteDir: string;
}

function countDapils(records: readonly RawRecord[]): number {
  const year = turnoutDataset.yearField;
  const dapilField = turnoutDataset.columns.find((column) => column.name === 'dapil_id')?.source ?? '';
  return new Set(records.map((record) => `${String(record[year])}/${String(record[dapilField])}`)).size;
}

function describeData(name: string, description: string, data: UpstreamData): SiteVariant {
  return {
    name,
    description,
    data,
    dapils: countDapils(data.turnout),
    parties: data.parties.length,
    turnoutRecords: data.turnout.length,
  };
}

/** The real data when ../shared/data is there (and the plan does not ask for the demo), else the demo data. */
async function smallestSiteVariant(demoSite: boolean): Promise<SiteVariant> {
  const canonical = path.join(SHARED_DATA_DIR, 'canonical');
  if (!demoSite && existsSync(canonical)) {
    const data = await loadUpstreamData(REAL_FILES.map((file) => path.join(canonical, file)));
    return describeData(
      'real',
      'the real data of ../shared/data/canonical (2014 turnout, Sumatra and Java; parties 2014, 2019, 2024)',
      data,
    );
  }
  const demo = describeData(
    'demo',
    demoSite ? 'the demo data' : 'the demo data (../shared/data is absent)',
    demoDataset(),
  );
  return { ...demo, data: null };
}

/** Ten times the real data's dapils (53 → 530), parties (59 → 590) and turnout records, all synthetic. */
function largeSiteVariant(): SiteVariant {
  const turnout = generateTurnoutRecords({
    years: [2014],
    dapils: 530,
    provinces: 160,
    regenciesPerDapil: [3, 7],
    seed: 2014,
  });
  const parties = [
    ...generatePartyRecords({ years: [2014], parties: 150, seed: 2014 }),
    ...generatePartyRecords({ years: [2019], parties: 200, seed: 2014 }),
    ...generatePartyRecords({ years: [2024], parties: 240, seed: 2014 }),
  ];
  if (parties.some((record) => !(partyDataset.yearField in record)))
    throw new Error('synthetic party records lack the year field');
  return describeData(
    'synthetic-10x',
    'synthetic: 530 dapils (10 × 53), 590 party records (10 × 59), about 10 × the turnout records',
    withDemoRecords({ turnout, parties }),
  );
}

async function countHtml(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html')).length;
}

/** A variant's scratch folders, and the environment its builds run with. */
interface VariantFolders {
  root: string;
  cacheDir: string;
  distDir: string;
  env: Record<string, string>;
}

/** Harvests and builds the variant's data once (not timed): the release data folder the site is built from. */
async function buildVariantData(context: BenchContext, variant: SiteVariant): Promise<VariantFolders> {
  const root = path.join(context.workDir, `site-${variant.name}`);
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const cacheDir = path.join(root, 'cache');
  const distDir = path.join(root, 'dist');
  const env: Record<string, string> = {
    KPU_CACHE_DIR: cacheDir,
    KPU_DIST_DIR: distDir,
    CI: 'true',
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  const upstream = variant.data ? await startUpstreamServer({ apiKey: BENCH_KEY, data: variant.data }) : null;
  try {
    const upstreamEnv: Record<string, string> = upstream ? { KPU_BASE_URL: upstream.url, KPU_API_KEY: BENCH_KEY } : {};
    assertSucceeded(
      await runMeasured(process.execPath, [CLI_SCRIPT, 'build'], {
        cwd: PROJECT_ROOT,
        env: { ...env, ...upstreamEnv },
      }),
      `build of the ${variant.name} data`,
    );
  } finally {
    await upstream?.close();
  }
  return { root, cacheDir, distDir, env };
}

/** The site stage as the build runs it (`forced`: as `build --rebuild-site` runs it, Astro every time). */
async function timeSiteBuild(
  context: BenchContext,
  variant: SiteVariant,
  folders: VariantFolders,
  forced: boolean,
): Promise<{ run: MeasuredRun; reused: boolean }> {
  const dataDir = path.join(folders.cacheDir, 'stages', 'release', 'data');
  const siteDir = path.join(folders.root, 'site');
  const args = [
    path.join(PROJECT_ROOT, 'bench', 'site-build-child.ts'),
    dataDir,
    siteDir,
    ...(forced ? ['--rebuild'] : []),
  ];
  const run = await runMeasured(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env: { ASTRO_TELEMETRY_DISABLED: '1' },
  });
  context.noteCommand(run.command.replace(dataDir, '<snapshot data>').replace(siteDir, '<site>'));
  assertSucceeded(run, `site build of the ${variant.name} data`);
  const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as { reused?: boolean };
  return { run, reused: result.reused === true };
}

/**
 * The first --offline build after an online one builds the pages anew (they now say how old the data is):
 * run it once untimed, then time the builds that find nothing changed.
 */
async function timeOfflineBuilds(
  context: BenchContext,
  variant: SiteVariant,
  folders: VariantFolders,
): Promise<MeasuredRun[]> {
  const offlineBuild = async (): Promise<MeasuredRun> => {
    const run = await runMeasured(process.execPath, [CLI_SCRIPT, 'build', '--offline', '--json'], {
      cwd: PROJECT_ROOT,
      env: folders.env,
    });
    return assertSucceeded(run, `build --offline of the ${variant.name} data`);
  };
  if (context.plan.pipelineRebuilds > 0) await offlineBuild();
  const pipelineRuns: MeasuredRun[] = [];
  for (let repetition = 0; repetition < context.plan.pipelineRebuilds; repetition += 1) {
    const run = await offlineBuild();
    context.noteCommand(`${run.command}  (nothing changed since the previous build --offline)`);
    pipelineRuns.push(run);
  }
  return pipelineRuns;
}

/**
 * The bare Astro baseline of a built site, run as many times as the site stage's forced rebuilds (once in --quick,
 * then against the first build), and the ratio of the medians.
 */
async function timeBareAstro(
  context: BenchContext,
  variant: SiteVariant,
  siteDir: string,
  first: MeasuredRun,
  forcedRebuilds: readonly MeasuredRun[],
): Promise<NonNullable<SiteBuild['bareAstro']>> {
  const root = path.join(context.workDir, `bare-astro-${variant.name}`);
  const pages = await createBareAstroProject(siteDir, root);
  // Against the forced rebuilds, one untimed build first, as the site stage's first build is: the compile cache
  // filled, as it is for the rebuilds it is compared with.
  if (forcedRebuilds.length > 0) await timeBareAstroBuild(context, root);
  const runs: MeasuredRun[] = [];
  for (let repetition = 0; repetition < Math.max(1, forcedRebuilds.length); repetition += 1)
    runs.push(await timeBareAstroBuild(context, root));
  const built = await countBuiltPages(root);
  if (built !== pages) throw new Error(`the bare Astro project built ${built} pages, not ${pages}`);
  await rm(root, { recursive: true, force: true });
  const builds = timedRuns(runs);
  const siteStage =
    forcedRebuilds.length > 0
      ? { run: 'forced rebuild' as const, medianMs: timedRuns(forcedRebuilds).medianMs }
      : { run: 'first build' as const, medianMs: round(first.wallMs) };
  const ratio = round(siteStage.medianMs / builds.medianMs, 2);
  context.log(
    `site ${variant.name}: bare Astro ${(builds.medianMs / 1000).toFixed(1)} s for ${pages} pages; site stage (${siteStage.run}) ${(siteStage.medianMs / 1000).toFixed(1)} s: ${ratio} ×`,
  );
  return { pages, builds, siteStage, ratio };
}

async function buildVariant(context: BenchContext, variant: SiteVariant, built: BuiltSite[]): Promise<SiteBuild> {
  const folders = await buildVariantData(context, variant);
  const siteDir = path.join(folders.root, 'site');
  const first = (await timeSiteBuild(context, variant, folders, false)).run;
  context.log(`site ${variant.name}: first build ${(first.wallMs / 1000).toFixed(1)} s`);
  const rebuilds: MeasuredRun[] = [];
  const forcedRebuilds: MeasuredRun[] = [];
  let rebuildKeptSite = true;
  for (let repetition = 0; repetition < context.plan.siteRebuilds; repetition += 1) {
    const rebuild = await timeSiteBuild(context, variant, folders, false);
    rebuilds.push(rebuild.run);
    rebuildKeptSite &&= rebuild.reused;
    forcedRebuilds.push((await timeSiteBuild(context, variant, folders, true)).run);
    const last = (runs: MeasuredRun[]): string => ((runs.at(-1)?.wallMs ?? 0) / 1000).toFixed(1);
    context.log(
      `site ${variant.name}: rebuild ${last(rebuilds)} s (${rebuild.reused ? 'site kept' : 'built anew'}), forced ${last(forcedRebuilds)} s`,
    );
  }
  built.push({ name: variant.name, siteDir });
  const bareAstro = await timeBareAstro(context, variant, siteDir, first, forcedRebuilds);
  const pipelineRuns = await timeOfflineBuilds(context, variant, folders);
  return {
    name: variant.name,
    description: variant.description,
    dapils: variant.dapils,
    parties: variant.parties,
    turnoutRecords: variant.turnoutRecords,
    htmlPages: await countHtml(siteDir),
    firstBuild: { wallMs: round(first.wallMs), peakRssKiB: first.peakRssKiB, peakTreeRssKiB: first.peakTreeRssKiB },
    rebuild: rebuilds.length > 0 ? timedRuns(rebuilds) : null,
    forcedRebuild: forcedRebuilds.length > 0 ? timedRuns(forcedRebuilds) : null,
    rebuildKeptSite: rebuilds.length > 0 && rebuildKeptSite,
    pipelineRebuild:
      pipelineRuns.length > 0
        ? { ...timedRuns(pipelineRuns), siteInPipeline: existsSync(path.join(folders.distDir, 'index.html')) }
        : null,
    bareAstro,
  };
}

export async function benchSite(context: BenchContext, built: BuiltSite[]): Promise<Omit<SiteSection, 'durationMs'>> {
  const variants = [
    await smallestSiteVariant(context.plan.demoSite),
    ...(context.plan.largeSite ? [largeSiteVariant()] : []),
  ];
  const builds: SiteBuild[] = [];
  for (const variant of variants) builds.push(await buildVariant(context, variant, built));
  return { status: 'ok', builds };
}
