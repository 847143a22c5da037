// The build pipeline: the stages of stages.ts run in order, each reading the previous stage's result on disk
// (harvest → check → snapshot → release → site → publish). The CLI calls runCommand; describeResult
// renders a result for people. One build at a time per cache folder, and per published folder from the
// release stage through the swap (build-lock.ts).
import path from 'node:path';
import { acquireBuildLock, acquireDistLock } from './build-lock.ts';
import { formatLogCount, formatLogCounted } from './foundation/digit-groups.ts';
import type { PublisherConfig } from './config.ts';
import { readLatestHarvest, runHarvestStage, type HarvestStageResult } from './harvest/harvest-stage.ts';
import type { Reporter } from './log/progress-reporter.ts';
import { BuildError, toBuildError, type Stage } from './errors.ts';
import { STAGES, stageFolder, type StageName } from './stages.ts';
import { harvestIdOf, type EndEvidence } from './harvest/harvest-store.ts';
import { killPoint } from './kill-point.ts';
import { runStageProcess } from './stage-process.ts';
// The later stages are imported when they run (below), the check, snapshot and release stages in processes of
// their own (stage-process.ts): `harvest` alone then loads none of their modules (Arrow, DuckDB, the ZIP and site
// code), about 0.3 s less before its first request.
import type { SnapshotStageResult } from './snapshot/snapshot-stage.ts';

export type CommandName = 'build' | 'harvest' | 'snapshot';

export interface CommandContext {
  config: PublisherConfig;
  reporter: Reporter;
  signal?: AbortSignal;
  offline: boolean;
  strict: boolean;
  /** Publish a harvest with fewer records than the published release (--accept-shrink). */
  acceptShrink?: boolean;
  /** Build the site with Astro even when the last site build had the same inputs. */
  rebuildSite?: boolean;
  registerSecret: (secret: string) => void;
}

export interface CommandResult {
  command: CommandName;
  demo: boolean;
  harvest: {
    dir: string;
    harvestId: string;
    offline: boolean;
    startedAt: string;
    finishedAt: string;
    upstreamHost: string;
    resumed: boolean;
    attempts: number;
    retries: number;
    /** Per dataset: its records, pages and retries, and how its end was established (null: a harvest without it). */
    datasets: Record<string, { records: number; pages: number; retries: number; end: EndEvidence | null }>;
    warnings: string[];
  };
  snapshot?: {
    dir: string;
    years: number[];
    files: number;
    bytes: number;
    quality: { recordsChecked: number; recordsFlagged: number; violationCount: number };
    /** True when the data files are the published release's, kept: its content is the same. */
    kept: boolean;
  };
  release?: {
    id: string;
    new: boolean;
    previous: string | null;
    changed: boolean;
    summary: string;
    /** True when the published releases were restored from the release archive (dist/ lacked them). */
    restoredFromArchive: boolean;
    /** True when the published releases were restored from the deployed site (KPU_SITE_URL; dist/ lacked them). */
    restoredFromSite: boolean;
    /** Releases this build added to the release archive (KPU_RELEASE_ARCHIVE_DIR), after the swap. */
    archived: string[];
  };
  /** `reused`: the last site build was kept, nothing the pages depend on having changed. */
  site?: { dir: string; pages: number; files: number; reused: boolean };
  publish?: { distDir: string; target: string; files: number; pages: number };
}

/** Runs one stage; anything it throws that is not already catalogued is reported as that stage's failure. */
async function inStage<T>(stage: Stage, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toBuildError(error, stage);
  }
}

/** Where each stage leaves its result (stages.ts), and the releases restored from the release archive. */
function stageDirs(config: PublisherConfig) {
  const dirs = { cacheDir: config.cacheDir, distDir: config.distDir };
  return {
    check: stageFolder('check', dirs),
    snapshotData: stageFolder('snapshot', dirs),
    releaseData: stageFolder('release', dirs),
    site: stageFolder('site', dirs),
    restoredData: path.join(config.cacheDir, 'stages', 'release', 'restored', 'data'),
    deployedData: path.join(config.cacheDir, 'stages', 'harvest', 'deployed', 'data'),
  };
}

/** The stages each command runs, in the order of stages.ts; `snapshot` reads the harvest on disk, never the network. */
export const COMMAND_STAGES: Record<CommandName, readonly StageName[]> = {
  harvest: ['harvest'],
  snapshot: ['harvest', 'check', 'snapshot'],
  build: STAGES.map((stage) => stage.name),
};

function summarizeHarvest(result: HarvestStageResult): CommandResult['harvest'] {
  const { manifest } = result;
  return {
    dir: result.dir,
    harvestId: manifest.harvestId,
    offline: result.offline,
    startedAt: manifest.startedAt,
    finishedAt: manifest.finishedAt,
    upstreamHost: manifest.parameters.upstreamHost,
    resumed: manifest.resumed,
    attempts: manifest.attempts,
    retries: manifest.retries,
    datasets: Object.fromEntries(
      Object.entries(manifest.datasets).map(([id, summary]) => [
        id,
        { records: summary.records, pages: summary.pages, retries: summary.retries, end: summary.end ?? null },
      ]),
    ),
    warnings: manifest.warnings,
  };
}

function summarizeSnapshot(dir: string, result: SnapshotStageResult): NonNullable<CommandResult['snapshot']> {
  return {
    dir,
    years: result.manifest.years,
    files: result.manifest.files.length,
    bytes: result.manifest.files.reduce((sum, file) => sum + file.bytes, 0),
    quality: {
      recordsChecked: result.quality.recordsChecked,
      recordsFlagged: result.quality.recordsFlagged,
      violationCount: result.quality.violationCount,
    },
    kept: result.kept,
  };
}

/** Runs a command's stages; one build at a time per cache folder (build-lock.ts), or BUILD_BUSY. */
export async function runCommand(command: CommandName, context: CommandContext): Promise<CommandResult> {
  const lock = await inStage('build', () => acquireBuildLock(context.config.cacheDir));
  try {
    return await runStages(command, context);
  } finally {
    await lock.release();
  }
}

/** What the stages of one run hand on: each stage's result on disk is in `dirs`, these are the few facts beside. */
interface RunState {
  command: CommandName;
  context: CommandContext;
  dirs: ReturnType<typeof stageDirs>;
  /** Set by the harvest stage, which every command runs first. */
  harvest: HarvestStageResult | null;
  /** The deployed site's release history the harvest stage fetched (dist/ and the archive held no release), or null. */
  deployed: string | null;
  result: CommandResult | null;
  /**
   * The published release a build names its release against (before the snapshot stage) and the release stage
   * compares with: the live build, where its data was read and how it was found.
   */
  published: {
    live: string | null;
    dataDir: string;
    usedIds: string[];
    restoredFrom: 'archive' | 'deployed' | null;
  } | null;
  sitePages: number | null;
}

function resultOf(state: RunState): CommandResult {
  if (state.result === null) throw new Error('the harvest stage has not run');
  return state.result;
}

function harvestOf(state: RunState): HarvestStageResult {
  if (state.harvest === null) throw new Error('the harvest stage has not run');
  return state.harvest;
}

/** Host names of this machine: an upstream there (a stand-in, a tunnel) is no address a reader can cite. */
const LOCAL_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/** The harvested upstream's origin when the files cite it (no KPU_SOURCE_URL, not the demo) and it is local, else null. */
function localSourceOf(config: PublisherConfig, demo: boolean): string | null {
  const baseUrl = config.upstream.baseUrl;
  if (demo || config.sourceUrl !== null || baseUrl === null || !LOCAL_HOST.test(baseUrl.hostname)) return null;
  return `${baseUrl.protocol}//${baseUrl.host}/`;
}

/**
 * The harvest stage's second step, for a build of the real upstream whose dist/ (and release archive, if any) holds
 * no release while KPU_SITE_URL is set: the deployed site's release history, fetched into the cache for the release
 * stage to verify and restore, so the new release continues it. Null when not needed, --offline, or when the site
 * has none (404). A demo build never continues a deployed history: its data is no release of the upstream's.
 */
async function fetchDeployedHistory(state: RunState, offline: boolean, demo: boolean): Promise<string | null> {
  const { config, reporter } = state.context;
  if (demo || config.siteUrl === null) return null;
  const { lacksReleases } = await import('./release/release-archive.ts');
  if (!(await lacksReleases(config.distDir, config.releaseArchiveDir))) return null;
  if (offline) {
    reporter.line(
      `harvest: offline, so the release history deployed at ${config.siteUrl} is not fetched; dist/ holds no release, so this build makes a first release`,
    );
    return null;
  }
  const [{ fetchDeployedReleases }, { isReleaseName, releaseFilesOf }] = await Promise.all([
    import('./harvest/deployed-releases.ts'),
    import('./release/release-history.ts'),
  ]);
  const fetched = await fetchDeployedReleases({
    siteUrl: config.siteUrl,
    outDir: state.dirs.deployedData,
    timeoutMs: config.upstream.timeoutMs,
    maxResponseBytes: config.upstream.limits.maxResponseBytes,
    maxTotalBytes: config.upstream.limits.maxHarvestBytes,
    isReleaseName,
    releaseFilesOf,
    ...(state.context.signal ? { signal: state.context.signal } : {}),
  });
  if (fetched === null) {
    reporter.line(
      `harvest: ${config.siteUrl}data/releases.json answers 404: no release history is deployed, so this build makes a first release`,
    );
    return null;
  }
  reporter.line(
    `harvest: dist/ holds no release; fetched the ${fetched.length} release(s) deployed at ${config.siteUrl} to continue their history`,
  );
  return state.dirs.deployedData;
}

/**
 * Before a build's snapshot stage: the published releases (dist/'s, else restored from the release archive or the
 * deployed site) that the snapshot stage names the release against and the release stage compares with. Its
 * failures are the release stage's (RELEASE_ARCHIVE_INVALID, RELEASE_DEPLOYED_INVALID).
 */
async function readPublishedReleases(state: RunState): Promise<NonNullable<RunState['published']>> {
  const { context, dirs } = state;
  const { config } = context;
  const { liveBuildOf } = await import('./publish/publish-stage.ts');
  const live = await liveBuildOf(config.distDir);
  const { chooseReleaseSource } = await import('./release/release-archive.ts');
  const source = await chooseReleaseSource(config.distDir, config.releaseArchiveDir, dirs.restoredData, state.deployed);
  if (source.restoredFrom === 'archive')
    context.reporter.warn(
      `release: dist/ lacked releases the archive holds; restored every release from ${config.releaseArchiveDir}`,
    );
  if (source.restoredFrom === 'deployed')
    context.reporter.warn(
      `release: dist/ lacked its releases; restored every release from the deployed site ${config.siteUrl}, each verified against its manifest`,
    );
  if (source.differ.length > 0)
    context.reporter.warn(
      `release: the archive's ${source.differ.join(', ')} differ from the history its verified releases give; the history made from the releases is used`,
    );
  return {
    live,
    dataDir: source.dataDir,
    usedIds: [...source.usedIds],
    restoredFrom: source.restoredFrom,
  };
}

/** Each stage's run, reading the earlier stages' results from their folders. */
const STAGE_RUNS: Record<StageName, (state: RunState) => Promise<void>> = {
  async harvest(state) {
    const { context } = state;
    const harvest =
      state.command === 'snapshot'
        ? { ...(await readLatestHarvest(context.config.cacheDir, context.config.upstream.apiKey)), offline: true }
        : await runHarvestStage(context);
    state.harvest = harvest;
    if (state.command === 'build')
      state.deployed = await fetchDeployedHistory(state, harvest.offline, harvest.manifest.parameters.demo);
    state.result = {
      command: state.command,
      demo: harvest.manifest.parameters.demo,
      harvest: summarizeHarvest(harvest),
    };
  },

  async check(state) {
    const harvest = harvestOf(state);
    await runStageProcess(
      'check',
      { harvestDir: harvest.dir, harvest: harvest.manifest, outDir: state.dirs.check, strict: state.context.strict },
      state.context.reporter,
      state.context.signal,
    );
  },

  async snapshot(state) {
    const harvest = harvestOf(state);
    // A build names its release before the snapshot stage writes a file, against the published releases.
    if (state.command === 'build') state.published = await inStage('release', () => readPublishedReleases(state));
    const { published } = state;
    const snapshot = await runStageProcess(
      'snapshot',
      {
        harvestDir: harvest.dir,
        harvest: harvest.manifest,
        checkDir: state.dirs.check,
        outDir: state.dirs.snapshotData,
        sourceUrl: state.context.config.sourceUrl,
        upstreamProtocol: state.context.config.upstream.baseUrl?.protocol ?? 'https:',
        published: published
          ? { dataDir: published.dataDir, usedReleaseIds: published.usedIds, siteUrl: state.context.config.siteUrl }
          : null,
      },
      state.context.reporter,
      state.context.signal,
    );
    resultOf(state).snapshot = summarizeSnapshot(state.dirs.snapshotData, snapshot);
    const cited = localSourceOf(state.context.config, harvest.manifest.parameters.demo);
    if (cited !== null)
      state.context.reporter.warn(
        `snapshot: the files cite ${cited} as their source, an address of this machine (KPU_SOURCE_URL is unset); set KPU_SOURCE_URL to the address readers should cite`,
      );
  },

  async release(state) {
    const { context, dirs } = state;
    const { config } = context;
    const result = resultOf(state);
    const source = state.published;
    if (source === null) throw new Error('the published releases were not read before the snapshot stage');
    const release = await runStageProcess(
      'release',
      {
        snapshotDataDir: dirs.snapshotData,
        outDir: dirs.releaseData,
        publishedDataDir: source.dataDir,
        offline: result.harvest.offline,
        now: new Date(),
        acceptShrink: context.acceptShrink === true,
        shrinkTolerancePercent: config.shrinkTolerancePercent,
        siteUrl: config.siteUrl,
      },
      context.reporter,
      state.context.signal,
    );
    const releaseInfo = release.manifest.release as NonNullable<typeof release.manifest.release>;
    result.release = {
      id: releaseInfo.id,
      new: releaseInfo.new,
      previous: releaseInfo.previous,
      changed: release.changes.changed,
      summary: release.markdown,
      restoredFromArchive: source.restoredFrom === 'archive',
      restoredFromSite: source.restoredFrom === 'deployed',
      archived: [],
    };
  },

  async site(state) {
    const { context, dirs } = state;
    const { runSiteStage } = await import('./site/site-stage.ts');
    let site: Awaited<ReturnType<typeof runSiteStage>>;
    try {
      site = await runSiteStage({
        dataDir: dirs.releaseData,
        outDir: dirs.site,
        reporter: context.reporter,
        base: context.config.siteBase,
        siteUrl: context.config.siteUrl,
        reportUrl: context.config.reportUrl,
        reuse: context.rebuildSite !== true,
        ...(context.signal ? { signal: context.signal } : {}),
      });
    } catch (error) {
      if (error instanceof BuildError) throw error;
      throw new BuildError('SITE_BUILD_FAILED', (error as Error).message, { cause: error });
    }
    resultOf(state).site = { dir: dirs.site, pages: site.pages, files: site.files, reused: site.reused };
    state.sitePages = site.pages;
    killPoint('site:built');
  },

  async publish(state) {
    const { context, dirs } = state;
    const { config } = context;
    const result = resultOf(state);
    if (state.published === null || state.sitePages === null || !result.release)
      throw new Error('the release and site stages have not run');
    const published = await (
      await import('./publish/publish-stage.ts')
    ).runPublishStage({
      distDir: config.distDir,
      buildId: harvestIdOf(new Date()),
      dataDir: dirs.releaseData,
      siteDir: dirs.site,
      expectedPages: state.sitePages,
      previousDataDir: state.published.dataDir,
      expectedLive: state.published.live,
    });
    for (const warning of published.warnings) context.reporter.warn(`publish: ${warning}`);
    result.publish = {
      distDir: config.distDir,
      target: published.target,
      files: published.files,
      pages: published.pages,
    };
    // After the swap: the build is live, and the archive gets what it lacks of the published history. A failure here
    // fails the build (the archive must not silently fall behind); the next build adds what is missing.
    if (config.releaseArchiveDir !== null) {
      const archiveDir = config.releaseArchiveDir;
      result.release.archived = await inStage('release', async () =>
        (await import('./release/release-archive.ts')).addToArchive(archiveDir, path.join(config.distDir, 'data')),
      );
    }
  },
};

async function runStages(command: CommandName, context: CommandContext): Promise<CommandResult> {
  const state: RunState = {
    command,
    context,
    dirs: stageDirs(context.config),
    harvest: null,
    deployed: null,
    result: null,
    published: null,
    sitePages: null,
  };
  let distLock: Awaited<ReturnType<typeof acquireDistLock>> | null = null;
  try {
    for (const stage of COMMAND_STAGES[command]) {
      // From reading the published release (before a build's snapshot stage names the release against it) to the
      // swap, no other build may release into this dist/ (DIST_BUSY).
      if (stage === 'snapshot' && command === 'build')
        distLock = await inStage('build', () => acquireDistLock(context.config.distDir));
      await inStage(stage, () => STAGE_RUNS[stage](state));
    }
  } finally {
    await distLock?.release();
  }
  return resultOf(state);
}

/** What the query's filter showed of a dataset's end, as its summary line ends (docs/upstream.md). */
function endByValueText(end: EndEvidence | null): string {
  const byValue = end?.byValue;
  if (!byValue) return '';
  if (byValue.unanswered !== null) return `, not confirmed by ${byValue.parameter} (see the warnings)`;
  return `, confirmed by ${byValue.parameter}: ${formatLogCounted(byValue.valuesReturned, 'value', 'values')} read again, ${formatLogCounted(byValue.unseenValuesAsked, 'official value', 'official values')} without records`;
}

export function describeResult(result: CommandResult): string {
  const { harvest, snapshot } = result;
  const datasets = Object.entries(harvest.datasets).map(
    ([id, summary]) =>
      `  ${id.padEnd(10)} ${formatLogCount(summary.records).padStart(9)} ${summary.records === 1 ? 'record' : 'records'} in ${formatLogCounted(summary.pages, 'page', 'pages')}${endByValueText(summary.end)}`,
  );
  const lines = [
    `${harvest.offline ? 'Harvest read from disk' : 'Harvest complete'}${result.demo ? ' (DEMO DATA, NOT REAL FIGURES)' : ''}: ${harvest.upstreamHost}, finished ${harvest.finishedAt}`,
    ...datasets,
    `  ${formatLogCounted(harvest.retries, 'retry', 'retries')}, ${formatLogCounted(harvest.attempts, 'attempt', 'attempts')}${harvest.resumed ? ', resumed' : ''}, ${formatLogCounted(harvest.warnings.length, 'warning', 'warnings')}`,
    `  pages kept in ${harvest.dir}`,
  ];
  if (snapshot) {
    lines.push(
      `Snapshot: ${snapshot.files} files (${(snapshot.bytes / 1024).toFixed(0)} KiB) for ${snapshot.years.join(', ')} in ${snapshot.dir}${snapshot.kept ? ' (the data files of the published release, kept: the same content)' : ''}`,
      `  quality: ${snapshot.quality.recordsFlagged} of ${formatLogCount(snapshot.quality.recordsChecked)} records flagged, ${snapshot.quality.violationCount} broken rules (see quality-report.md)`,
    );
  }
  if (result.site) {
    const how = result.site.reused ? ' (kept from the last site build: nothing they depend on changed)' : '';
    lines.push(`Site: ${result.site.pages} pages and ${result.site.files} other files in ${result.site.dir}${how}`);
  }
  if (result.publish)
    lines.push(
      `Published: ${result.publish.distDir} (${result.publish.files} data files and ${result.publish.pages} pages verified)`,
    );
  if (result.release?.restoredFromArchive)
    lines.push('  earlier releases restored from the release archive (dist/ lacked them)');
  if (result.release?.restoredFromSite)
    lines.push('  earlier releases restored from the deployed site (dist/ lacked them)');
  if (result.release && result.release.archived.length > 0)
    lines.push(`  added to the release archive: ${result.release.archived.join(', ')}`);
  if (result.release) lines.push('', result.release.summary);
  return lines.join('\n');
}
