// The shape of a benchmark results file (bench/results/*.json): one section per part of issue 6, each
// either measured, "not-available" (with the reason: e.g. Chromium is absent, or the section is not in --only)
// or "failed".
import type { MachineInfo } from './support/machine-info.ts';

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
   * place); process wall time. Absent in results from before issue 16.
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
export type WrittenFormat = 'json' | 'csv' | 'parquet' | 'arrow' | 'baseline' | 'duckdb-parquet';

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
  /** JSON + CSV + Parquet medians: the "all formats" figure (Arrow listed separately). */
  jsonCsvParquetMs: number;
  csvToParquetSizeRatio: number;
}

export interface FormatsSection extends SectionBase {
  sizes: FormatSize[];
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
   * site only when the pipeline runs it).
   */
  pipelineRebuild: TimedRuns & { siteInPipeline: boolean };
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

export interface PageAudit {
  site: string;
  kind: 'home' | 'dapil' | 'party';
  path: string;
  runs: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Lighthouse's mobile scoring curves applied to the metrics above (not a Lighthouse run: see lighthouse.reason). */
  performanceEstimate: number;
  axe: { violations: number; byImpact: Record<string, number>; violatedRules: string[]; passedRules: number };
}

export interface PagesSection extends SectionBase {
  lighthouse: { available: boolean; reason: string; substitute: string };
  transfers: PageTransfer[];
  audits: PageAudit[];
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
