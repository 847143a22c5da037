// The shape of a benchmark results file (bench/results/*.json): one section per part of the benchmark,
// each either measured, "not-available" (with the reason: e.g. Chromium is absent, or the section is not in --only)
// or "failed".
import type { MachineInfo } from './support/machine-info.ts';
import type { PageRef } from '../scripts/site/site-routes.ts';

type SectionStatus = 'ok' | 'not-available' | 'failed';

interface SectionBase {
  status: SectionStatus;
  /** Why the section is not available or failed. */
  reason?: string;
  durationMs: number;
}

export interface TimedRuns {
  /** Every repetition, milliseconds, in run order. */
  runsMs: number[];
  medianMs: number;
  /** The largest peak RSS of one process over the repetitions, KiB. */
  peakRssKiB: number | null;
  /** The largest summed RSS of the process tree over the repetitions, KiB (sampled). */
  peakTreeRssKiB: number | null;
}

export interface HarvestSize {
  records: number;
  /** How long the stand-in waited before each answer (0: at once). */
  upstreamDelayMs: number;
  repetitions: number;
  /** `node scripts/cli.ts harvest`: process wall time. */
  harvest: TimedRuns & { inProcessMedianMs: number; requests: number; pages: number };
  /** The bare undici loop fetching the same URLs (fetch-only, the lower reference): process wall time. */
  bare: TimedRuns & { inProcessMedianMs: number; requests: number; bytes: number };
  /**
   * The fair floor: the same loop, also JSON.parse of each body and each body written to a file (renamed into
   * place); process wall time. Absent in results files that did not measure it.
   */
  floor?: TimedRuns & { inProcessMedianMs: number; requests: number; records: number };
  /** harvest median / bare median (process wall times). */
  ratio: number;
  /** The same ratio from the in-process times (the harvest's own start to finish; the loop's first request to last body). */
  inProcessRatio: number;
  /** harvest median / fair floor median (process wall times); absent with `floor`. */
  floorRatio?: number;
  /** The same ratio from the in-process times. */
  floorInProcessRatio?: number;
}

export interface HarvestSection extends SectionBase {
  concurrency: number;
  pageSize: number;
  sizes: HarvestSize[];
}

/** The project's writers, the JSON.stringify baseline, and DuckDB's Parquet writer as a reference. */
export type WrittenFormat = 'json' | 'csv' | 'parquet' | 'arrow' | 'xlsx' | 'baseline' | 'duckdb-parquet';

export interface FormatResult extends TimedRuns {
  format: WrittenFormat;
  recordsPerSecond: number;
  bytes: number;
  /** DuckDB reading the whole file into a table; null when DuckDB cannot read the format here. */
  duckdbReadMs: number | null;
  duckdbRows: number | null;
  duckdbNote?: string;
}

export interface FormatSize {
  records: number;
  repetitions: number;
  /** Generating, normalizing and building the Arrow table the writers read (median, not part of any write time). */
  prepareMedianMs: number;
  formats: FormatResult[];
  /** JSON + CSV + Parquet medians: the writers' goal's figure. */
  jsonCsvParquetMs: number;
  /**
   * Every format the publisher writes from a dataset's table (JSON, CSV, Parquet, Arrow, XLSX), the medians added:
   * the "all formats" figure. Absent in results files that did not measure XLSX.
   */
  allFormatsMs?: number;
  csvToParquetSizeRatio: number;
}

export interface FormatsSection extends SectionBase {
  sizes: FormatSize[];
}

export interface BuildGrowth {
  /** The previous size's records. */
  records: number;
  sizeRatio: number;
  timeRatio: number;
  /** timeRatio / sizeRatio: 1 when the time grows as the data. */
  timeOverSize: number;
  rssRatio: number | null;
  treeRssRatio: number | null;
}

export interface BuildSize {
  records: number;
  /** `node scripts/cli.ts build --offline` from the harvest of that size. */
  wallMs: number;
  peakRssKiB: number | null;
  peakTreeRssKiB: number | null;
  snapshotFiles: number | null;
  snapshotBytes: number | null;
  /** Whether the pipeline built the site too (dist/index.html exists). */
  siteInPipeline: boolean;
  /** Growth from the previous (smaller) size (bench/build-growth.ts); absent for the first size and in older results. */
  vsPrevious?: BuildGrowth;
}

export interface BuildSection extends SectionBase {
  sizes: BuildSize[];
}

export interface SiteBuild {
  name: string;
  description: string;
  dapils: number;
  parties: number;
  turnoutRecords: number;
  htmlPages: number | null;
  firstBuild: { wallMs: number; peakRssKiB: number | null; peakTreeRssKiB: number | null };
  /**
   * Site stage run again on the same snapshot into the same folder, as a build with nothing changed runs it
   * (the last site kept when its fingerprint matches); null when not measured (--quick).
   */
  rebuild: TimedRuns | null;
  /** The same, made to run Astro anyway (`--rebuild-site`): what keeping the site saves. Absent in older results. */
  forcedRebuild?: TimedRuns | null;
  /** Whether every `rebuild` run kept the last site. Absent in older results. */
  rebuildKeptSite?: boolean;
  /**
   * `build --offline` again with nothing changed since the previous `build --offline` (the whole pipeline; the
   * site only when the pipeline runs it); null when not measured (--quick).
   */
  pipelineRebuild: (TimedRuns & { siteInPipeline: boolean }) | null;
  /**
   * The site stage's baseline (bench/bare-astro.ts): a bare Astro project emitting the same pages' markup from one JSON
   * file, built as many times as the site stage's compared runs. Absent in older results.
   */
  bareAstro?: {
    pages: number;
    builds: TimedRuns;
    /** The site stage's time compared: the forced rebuilds' median (Astro every time), or the first build in --quick. */
    siteStage: { run: 'forced rebuild' | 'first build'; medianMs: number };
    /** Site stage / bare Astro, medians. */
    ratio: number;
  };
}

export interface SiteSection extends SectionBase {
  builds: SiteBuild[];
}

export interface PageTransfer {
  site: string;
  kind: 'dapil' | 'party' | 'home';
  path: string;
  /** Response headers + compressed bodies of every request the page made while loading, bytes. */
  transferBytes: number;
  bodyBytes: number;
  requests: number;
}

/**
 * The page kinds Lighthouse runs on (test/site/every-page-kind.ts: the route's kinds, the heaviest dapil and party
 * page of the site among them; the not-found, embed and release landing pages); older results name the party page
 * "party".
 */
export type LighthousePageKind = PageRef['kind'] | 'party' | 'not-found' | 'embed' | 'release';

/** Lighthouse (its default mobile settings) on one page: the median of `runs` runs by performance score. */
export interface LighthouseRun {
  site: string;
  language: string;
  kind: LighthousePageKind;
  path: string;
  runs: number;
  /** Category scores, 0–100 (null: Lighthouse could not score the category). */
  scores: {
    performance: number | null;
    accessibility: number | null;
    bestPractices: number | null;
    seo: number | null;
  };
  /** Lighthouse's metrics (ms; CLS unitless); Speed Index included. */
  metrics: {
    fcpMs: number | null;
    lcpMs: number | null;
    tbtMs: number | null;
    cls: number | null;
    speedIndexMs: number | null;
  };
  /** In each category below 100, every audit that weighs in its score and scored below 1: what to fix for 100. */
  failedAudits: { category: string; id: string; title: string; score: number; displayValue?: string }[];
  runtimeError?: string;
}

export interface PagesSection extends SectionBase {
  lighthouse: {
    /** Lighthouse's version, the browser and its flags, and the settings. */
    version: string;
    setup: string;
    runs: LighthouseRun[];
  };
  transfers: PageTransfer[];
}

export interface GoalCheck {
  goal: string;
  target: string;
  measured: string;
  met: boolean | null;
}

export interface BenchResults {
  schemaVersion: 1;
  mode: 'quick' | 'full';
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  machine: MachineInfo & { loadAverageAtEnd: number };
  rssMethod: string;
  /** Every command the benchmark ran to produce its figures, as typed from the project folder. */
  commands: string[];
  harvest: HarvestSection;
  formats: FormatsSection;
  build: BuildSection;
  site: SiteSection;
  pages: PagesSection;
  goals: GoalCheck[];
}
