// The build pipeline: named stages run in order, each reading the previous stage's result on disk
// (harvest → check/normalize/snapshot → release → site → publish). The CLI calls runCommand; describeResult
// renders a result for people. One build at a time per cache folder, and per published folder from the
// release stage through the swap (build-lock.ts).
import path from 'node:path';
import { acquireBuildLock, acquireDistLock } from './build-lock.ts';
import type { PublisherConfig } from './config.ts';
import { readLatestHarvest, runHarvestStage, type HarvestStageResult } from './harvest/harvest-stage.ts';
import type { Reporter } from './log/progress-reporter.ts';
import { DATASETS } from './datasets/datasets.ts';
import { BuildError, toBuildError, type Stage } from './errors.ts';
import { harvestIdOf } from './harvest/harvest-store.ts';
import { killPoint } from './kill-point.ts';
// The later stages are imported when they run (below): `harvest` alone then loads none of their modules (Arrow,
// the Parquet WebAssembly, the ZIP and site code), about 0.3 s less before its first request.
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
    datasets: Record<string, { records: number; pages: number; retries: number }>;
    warnings: string[];
  };
  snapshot?: {
    dir: string;
    years: number[];
    files: number;
    bytes: number;
    quality: { recordsChecked: number; recordsFlagged: number; violationCount: number };
  };
  release?: {
    id: string;
    new: boolean;
    previous: string | null;
    changed: boolean;
    summary: string;
    /** True when the published releases were restored from the release archive (dist/ lacked them). */
    restoredFromArchive: boolean;
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

/** Where each stage leaves its result, below the cache folder. */
export function stageDirs(config: PublisherConfig) {
  const stages = path.join(config.cacheDir, 'stages');
  return { snapshotData: path.join(stages, 'snapshot', 'data'), site: path.join(stages, 'site'), restoredData: path.join(stages, 'restored', 'data') };
}

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
      Object.entries(manifest.datasets).map(([id, summary]) => [id, { records: summary.records, pages: summary.pages, retries: summary.retries }]),
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

async function runStages(command: CommandName, context: CommandContext): Promise<CommandResult> {
  // `snapshot` on its own rebuilds from the harvest on disk, never from the network.
  const harvest: HarvestStageResult = await inStage('harvest', async () =>
    command === 'snapshot' ? { ...(await readLatestHarvest(context.config.cacheDir, context.config.upstream.apiKey)), offline: true } : runHarvestStage(context),
  );
  const result: CommandResult = { command, demo: harvest.manifest.parameters.demo, harvest: summarizeHarvest(harvest) };
  if (command === 'harvest') return result;

  const dirs = stageDirs(context.config);
  const snapshot = await inStage('snapshot', async () =>
    (await import('./snapshot/snapshot-stage.ts')).runSnapshotStage({
      harvestDir: harvest.dir,
      harvest: harvest.manifest,
      outDir: dirs.snapshotData,
      strict: context.strict,
      reporter: context.reporter,
    }),
  );
  result.snapshot = summarizeSnapshot(dirs.snapshotData, snapshot);
  if (command === 'snapshot') return result;

  // From reading the published release to the swap, no other build may release into this dist/ (DIST_BUSY).
  const distLock = await inStage('build', () => acquireDistLock(context.config.distDir));
  try {
    await releaseAndPublish(context, dirs, result);
  } finally {
    await distLock.release();
  }
  return result;
}

type StageDirs = ReturnType<typeof stageDirs>;

/** The release, site and publish stages, run while this build holds the published folder's lock. */
async function releaseAndPublish(context: CommandContext, dirs: StageDirs, result: CommandResult): Promise<void> {
  const { config } = context;
  const { liveBuildOf } = await import('./publish/publish-stage.ts');
  const live = await inStage('release', () => liveBuildOf(config.distDir));
  const source = await inStage('release', async () =>
    (await import('./publish/release-archive.ts')).chooseReleaseSource(config.distDir, config.releaseArchiveDir, dirs.restoredData),
  );
  if (source.restored) context.reporter.warn(`release: dist/ lacked releases the archive holds; restored every release from ${config.releaseArchiveDir}`);
  const release = await inStage('release', async () =>
    (await import('./publish/release-stage.ts')).runReleaseStage({
      dataDir: dirs.snapshotData,
      publishedDataDir: source.dataDir,
      datasets: DATASETS,
      offline: result.harvest.offline,
      now: new Date(),
      usedReleaseIds: source.usedIds,
      acceptShrink: context.acceptShrink === true,
      shrinkTolerancePercent: config.shrinkTolerancePercent,
    }),
  );
  const releaseInfo = release.manifest.release as NonNullable<typeof release.manifest.release>;
  result.release = {
    id: releaseInfo.id,
    new: releaseInfo.new,
    previous: releaseInfo.previous,
    changed: release.changes.changed,
    summary: release.markdown,
    restoredFromArchive: source.restored,
    archived: [],
  };

  const site = await inStage('site', async () => {
    const { runSiteStage } = await import('./site/site-stage.ts');
    try {
      return await runSiteStage({
        dataDir: dirs.snapshotData,
        outDir: dirs.site,
        reporter: context.reporter,
        base: context.config.siteBase,
        reuse: context.rebuildSite !== true,
        ...(context.signal ? { signal: context.signal } : {}),
      });
    } catch (error) {
      if (error instanceof BuildError) throw error;
      throw new BuildError('SITE_BUILD_FAILED', (error as Error).message, { cause: error });
    }
  });
  result.site = { dir: dirs.site, pages: site.pages, files: site.files, reused: site.reused };
  killPoint('site:built');

  const published = await inStage('publish', async () =>
    (await import('./publish/publish-stage.ts')).runPublishStage({
      distDir: context.config.distDir,
      buildId: harvestIdOf(new Date()),
      dataDir: dirs.snapshotData,
      siteDir: dirs.site,
      expectedPages: site.pages,
      previousDataDir: source.dataDir,
      expectedLive: live,
    }),
  );
  for (const warning of published.warnings) context.reporter.warn(`publish: ${warning}`);
  result.publish = { distDir: context.config.distDir, target: published.target, files: published.files, pages: published.pages };
  // After the swap: the build is live, and the archive gets what it lacks of the published history. A failure here
  // fails the build (the archive must not silently fall behind); the next build adds what is missing.
  if (config.releaseArchiveDir !== null) {
    const archiveDir = config.releaseArchiveDir;
    result.release.archived = await inStage('release', async () =>
      (await import('./publish/release-archive.ts')).addToArchive(archiveDir, path.join(config.distDir, 'data')),
    );
  }
}

export function describeResult(result: CommandResult): string {
  const { harvest, snapshot } = result;
  const datasets = Object.entries(harvest.datasets).map(
    ([id, summary]) => `  ${id.padEnd(10)} ${summary.records.toLocaleString('en').padStart(9)} records in ${summary.pages} pages`,
  );
  const lines = [
    `${harvest.offline ? 'Harvest read from disk' : 'Harvest complete'}${result.demo ? ' (DEMO DATA, NOT REAL FIGURES)' : ''}: ${harvest.upstreamHost}, finished ${harvest.finishedAt}`,
    ...datasets,
    `  ${harvest.retries} retries, ${harvest.attempts} attempt${harvest.attempts === 1 ? '' : 's'}${harvest.resumed ? ', resumed' : ''}, ${harvest.warnings.length} warnings`,
    `  pages kept in ${harvest.dir}`,
  ];
  if (snapshot) {
    lines.push(
      `Snapshot: ${snapshot.files} files (${(snapshot.bytes / 1024).toFixed(0)} KiB) for ${snapshot.years.join(', ')} in ${snapshot.dir}`,
      `  quality: ${snapshot.quality.recordsFlagged} of ${snapshot.quality.recordsChecked.toLocaleString('en')} records flagged, ${snapshot.quality.violationCount} broken rules (see quality-report.md)`,
    );
  }
  if (result.site) {
    const how = result.site.reused ? ' (kept from the last site build: nothing they depend on changed)' : '';
    lines.push(`Site: ${result.site.pages} pages and ${result.site.files} other files in ${result.site.dir}${how}`);
  }
  if (result.publish) lines.push(`Published: ${result.publish.distDir} (${result.publish.files} data files and ${result.publish.pages} pages verified)`);
  if (result.release?.restoredFromArchive) lines.push('  earlier releases restored from the release archive (dist/ lacked them)');
  if (result.release && result.release.archived.length > 0) lines.push(`  added to the release archive: ${result.release.archived.join(', ')}`);
  if (result.release) lines.push('', result.release.summary);
  return lines.join('\n');
}
