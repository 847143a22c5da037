// The harvest stage: every page of every dataset, paged by the number of records actually received,
// speculatively ahead by the concurrency, each page kept raw as it is accepted; then the consistency
// checks of UPSTREAM.md (repeated or overlapping pages, an early end, duplicate keys, a changed first page,
// kept pages of a resumed harvest that no longer match) and one retry.
import type { UpstreamConfig } from '../config.ts';
import type { DatasetDefinition, RawRecord } from '../datasets/dataset-definition.ts';
import { BuildError } from '../errors.ts';
import type { Reporter } from '../log/progress-reporter.ts';
import {
  createHarvestStore,
  harvestIdOf,
  type DatasetHarvestSummary,
  type HarvestManifest,
  type HarvestParameters,
  type PageProvenance,
  type PartialHarvest,
} from './harvest-store.ts';
import { createHarvestLimitTracker, type HarvestLimitTracker } from './harvest-limits.ts';
import { parsePage, type PageShape } from './page-parser.ts';
import { guardPartialHarvest } from './secret-scan.ts';
import { createPageCache, type LoadedPage, type PageCache } from './page-cache.ts';
import { createUpstreamClient, type FetchedPage, type UpstreamClient } from './upstream-client.ts';
import { formatLogCount } from '../foundation/digit-groups.ts';
import { compareCodeUnits } from '../foundation/text-order.ts';

export interface HarvestOptions {
  config: UpstreamConfig;
  baseUrl: URL;
  apiKey: string;
  demo: boolean;
  cacheDir: string;
  datasets: readonly DatasetDefinition[];
  reporter: Reporter;
  signal?: AbortSignal;
  now?: () => Date;
}

export interface HarvestResult {
  dir: string;
  manifest: HarvestManifest;
}

interface DatasetOutcome {
  summary: DatasetHarvestSummary;
  /** Keys found on two different pages: a sign that the data moved under the paging. */
  crossPageDuplicates: string[];
  /** Consecutive pages that overlap (pageOverlap), described. */
  overlaps: string[];
  firstPage: RawRecord[];
  warnings: string[];
}

/** What the live status line counts, per dataset id. */
export interface HarvestProgress {
  pages: Map<string, number>;
  records: Map<string, number>;
  retries: Map<string, number>;
  totals: Map<string, number | null>;
}

/** JSON with object keys sorted, so two reads of the same records compare equal whatever the key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => compareCodeUnits(a, b)))
      : item,
  );
}

/**
 * A page of the chain as the overlap check sees it: its records' keys, and its records, parsed again from its text
 * only when asked for (two pages' keys rarely match; a page read on the page reader's thread sent back only keys).
 */
interface ChainPage {
  offset: number;
  keys: readonly string[];
  records: () => readonly RawRecord[];
}

/** A loaded page's records: kept whole when it was read, or parsed again from its text (its depth already checked). */
function recordsOf(dataset: DatasetDefinition, offset: number, page: LoadedPage): RawRecord[] {
  if (page.content.records) return page.content.records;
  const parsed = parsePage(page.text ?? '', dataset, offset);
  if (!parsed.ok) throw new Error(`${dataset.id}: the page at offset ${offset} did not parse again (${parsed.reason})`);
  return parsed.records;
}

function chainPageOf(dataset: DatasetDefinition, offset: number, page: LoadedPage): ChainPage {
  let records: RawRecord[] | null = null;
  return { offset, keys: page.content.keys, records: () => (records ??= recordsOf(dataset, offset, page)) };
}

/** The records of a page fetched with its records kept (fetchPage's keepRecords). */
function keptRecords(page: FetchedPage): RawRecord[] {
  if (!page.parsed.content.records) throw new Error(`the page ${page.url} was fetched without its records`);
  return page.parsed.content.records;
}

const positions = (length: number): number[] => Array.from({ length }, (_, index) => index);

/**
 * How many records page n+1 repeats of the end of page n: the largest k ≥ 1 such that the first k records of
 * `next` equal the last k records of `previous` (`same`: canonical JSON), or 0.
 * Example: [a, b, c] then [c, d, e] → 1 (an upstream reading offsets as 1-based); [a, b] then [a, b] → 2.
 */
export function pageOverlap<T>(
  previous: readonly T[],
  next: readonly T[],
  same: (a: T, b: T) => boolean = (a, b) => a === b,
): number {
  if (next.length === 0) return 0;
  for (let start = Math.max(0, previous.length - next.length); start < previous.length; start += 1) {
    const k = previous.length - start;
    let equal = true;
    for (let index = 0; index < k && equal; index += 1) equal = same(previous[start + index] as T, next[index] as T);
    if (equal) return k;
  }
  return 0;
}

/** Kept pages of a resumed harvest read again to prove the upstream did not change meanwhile, at most, per dataset. */
export const RESUME_SAMPLE_PAGES = 8;

/**
 * Which kept pages a resume reads again: the first, the last and others spread evenly between, `max` at most.
 * Example: offsets 0, 3, …, 30 (11 pages), max 4 → 0, 9, 21, 30.
 */
export function sampleKeptOffsets(offsets: readonly number[], max = RESUME_SAMPLE_PAGES): number[] {
  if (offsets.length <= max) return [...offsets];
  const picked = new Set<number>();
  for (let index = 0; index < max; index += 1)
    picked.add(offsets[Math.round((index * (offsets.length - 1)) / (max - 1))] as number);
  return [...picked];
}

/**
 * The live status line. Example: "harvest turnout: 3 pages, 3,000 of 10,512 records · parties: 1 pages, 59 records
 * · 2 retries" (a total only when the upstream sends X-Total-Count; retries only when there were some).
 */
export function describeProgress(
  progress: HarvestProgress,
  datasets: readonly Pick<DatasetDefinition, 'id'>[],
): string {
  const parts = datasets.map((dataset) => {
    const total = progress.totals.get(dataset.id);
    const records = formatLogCount(progress.records.get(dataset.id) ?? 0);
    return `${dataset.id}: ${progress.pages.get(dataset.id) ?? 0} pages, ${records}${total ? ` of ${formatLogCount(total)}` : ''} records`;
  });
  const retries = [...progress.retries.values()].reduce((sum, count) => sum + count, 0);
  return `harvest ${parts.join(' · ')}${retries ? ` · ${retries} retries` : ''}`;
}

/** What the walk along one dataset's chain of pages has gathered so far. */
interface DatasetWalk {
  dataset: DatasetDefinition;
  pageFiles: PageProvenance[];
  shapes: Set<PageShape>;
  warnings: string[];
  /** The offset of the page each key was first seen on. */
  keyPage: Map<string, number>;
  crossPageDuplicates: string[];
  overlaps: string[];
  firstPage: RawRecord[];
  totalCount: number | null;
  records: number;
  /** The previous page of the chain, for the overlap check. */
  previous: ChainPage | null;
  countMismatches: number;
  firstCountMismatch: string | undefined;
}

function startWalk(dataset: DatasetDefinition): DatasetWalk {
  return {
    dataset,
    pageFiles: [],
    shapes: new Set(),
    warnings: [],
    keyPage: new Map(),
    crossPageDuplicates: [],
    overlaps: [],
    firstPage: [],
    totalCount: null,
    records: 0,
    previous: null,
    countMismatches: 0,
    firstCountMismatch: undefined,
  };
}

/**
 * A page of nothing but records already seen: the upstream answering an earlier page again (offset ignored, or
 * clamped to the last page; paging would then never end), or the source repeating itself, or data moving. One
 * record further on, an upstream that honours offset moves too; the very same records again settle it. The source's
 * own repeats are left to the duplicate-key check (noteKeys; docs/upstream.md).
 */
async function checkOffsetHonoured(
  walk: DatasetWalk,
  pages: PageCache,
  offset: number,
  page: LoadedPage,
  keys: readonly string[],
): Promise<void> {
  const { dataset, keyPage } = walk;
  if (offset === 0 || keys.length === 0 || !keys.every((key) => keyPage.has(key))) return;
  const moved = await pages.load(offset + 1);
  if (moved.content.keys.join('\n') === keys.join('\n')) {
    throw new BuildError(
      'HARVEST_OFFSET_IGNORED',
      `${dataset.id}: the page at offset ${offset} holds only records of earlier pages (the first of them from the page at offset ${keyPage.get(keys[0] as string)}), and the page at offset ${offset + 1} the very same records: ${page.provenance.url}`,
    );
  }
}

/**
 * Pages that overlap: the upstream counts offsets otherwise than the chain (1-based, say), so each page boundary
 * would duplicate records; or records were inserted in front while the harvest ran. Like any record on two pages,
 * it makes the harvest inconsistent, so it runs again; overlaps in two identical harvests are the upstream's paging
 * (runHarvest; docs/upstream.md, "Overlapping pages"). No extra request: a harvest chasing data that grows must not
 * slow.
 */
function noteOverlap(walk: DatasetWalk, offset: number, page: LoadedPage): void {
  const next = chainPageOf(walk.dataset, offset, page);
  const { previous } = walk;
  // Two records are the same when their canonical JSON is; the keys, cheaper, rule most pairs out first.
  const same = (before: ChainPage, after: ChainPage) => (a: number, b: number) =>
    before.keys[a] === after.keys[b] && canonicalJson(before.records()[a]) === canonicalJson(after.records()[b]);
  const overlap =
    previous === null
      ? 0
      : pageOverlap(positions(previous.keys.length), positions(next.keys.length), same(previous, next));
  if (previous !== null && overlap > 0) {
    walk.overlaps.push(
      `${walk.dataset.id}: the page at offset ${offset} begins with the last ${overlap === 1 ? 'record' : `${overlap} records`} of the page at offset ${previous.offset} (${page.provenance.url}).`,
    );
  }
  walk.previous = next;
}

/**
 * An empty page ends the chain; a `count` on it that is neither 0 nor the records harvested (a total) says the
 * upstream stopped early (docs/upstream.md, "An end that contradicts count").
 */
function checkEnd(walk: DatasetWalk, offset: number, page: LoadedPage): void {
  const endCount = page.provenance.count;
  if (page.content.size === 0 && endCount !== null && endCount !== 0 && endCount !== walk.records) {
    throw new BuildError(
      'HARVEST_TRUNCATED',
      `${walk.dataset.id}: the page at offset ${offset} has no records, but its count says ${endCount}, after ${walk.records} records harvested: ${page.provenance.url}`,
    );
  }
}

/** Notes a page as written: its provenance, its shape, what its `count` and X-Total-Count say. */
function notePage(walk: DatasetWalk, offset: number, records: number, provenance: PageProvenance): void {
  walk.pageFiles.push(provenance);
  if (provenance.invalidUtf8) {
    walk.warnings.push(
      `${walk.dataset.id}: the page at offset ${offset} is not valid UTF-8; its invalid bytes were read as U+FFFD (the body file keeps them): ${provenance.url}`,
    );
  }
  walk.shapes.add(provenance.shape);
  if (provenance.totalCount !== null) walk.totalCount = provenance.totalCount;
  if (provenance.count !== records) {
    walk.countMismatches += 1;
    walk.firstCountMismatch ??= `offset ${offset}: count ${provenance.count ?? '(none)'}, ${records} records`;
  }
}

/** Keys seen on an earlier page: a sign that the data moved under the paging (or the source's own duplicates). */
function noteKeys(walk: DatasetWalk, keys: readonly string[], offset: number): void {
  for (const key of keys) {
    const seenOn = walk.keyPage.get(key);
    if (seenOn !== undefined && seenOn !== offset) walk.crossPageDuplicates.push(key);
    else walk.keyPage.set(key, offset);
  }
}

function reportProgress(walk: DatasetWalk, progress: HarvestProgress, options: HarvestOptions): void {
  const id = walk.dataset.id;
  progress.pages.set(id, walk.pageFiles.length);
  progress.records.set(id, walk.records);
  progress.totals.set(id, walk.totalCount);
  options.reporter.status(() => describeProgress(progress, options.datasets));
}

/** The dataset's outcome once its chain has ended, with the warnings on the whole chain. */
function finishWalk(walk: DatasetWalk, progress: HarvestProgress): DatasetOutcome {
  const { dataset, pageFiles, totalCount, records, warnings } = walk;
  if (walk.countMismatches > 0) {
    warnings.push(
      `${dataset.id}: on ${walk.countMismatches} of ${pageFiles.length} pages the envelope's \`count\` disagrees with the records present (first: ${walk.firstCountMismatch}); the records present are used.`,
    );
  }
  if (totalCount !== null && totalCount !== records) {
    warnings.push(`${dataset.id}: X-Total-Count says ${totalCount}, ${records} records harvested.`);
  }
  return {
    summary: {
      records,
      pages: pageFiles.length,
      retries: progress.retries.get(dataset.id) ?? 0,
      totalCount,
      shapes: [...walk.shapes].sort(),
      pageFiles,
    },
    crossPageDuplicates: walk.crossPageDuplicates,
    overlaps: walk.overlaps,
    firstPage: walk.firstPage,
    warnings,
  };
}

async function harvestDataset(
  dataset: DatasetDefinition,
  client: UpstreamClient,
  partial: PartialHarvest,
  options: HarvestOptions,
  progress: HarvestProgress,
  limits: HarvestLimitTracker,
): Promise<DatasetOutcome> {
  const { config } = options;
  const pages = createPageCache(dataset, client, partial, config);
  const walk = startWalk(dataset);
  // The chain of pages: offset₀ = 0, offsetₙ₊₁ = offsetₙ + records received; it ends at an empty page.
  // Pages ahead are requested on the guess that each page is as full as the first one.
  let offset = 0;
  let step = config.pageSize;
  for (;;) {
    if (walk.pageFiles.length >= config.maxPages) {
      throw new BuildError(
        'HARVEST_TOO_MANY_PAGES',
        `${dataset.id}: ${config.maxPages} pages (KPU_MAX_PAGES) and still records at offset ${offset}.`,
      );
    }
    pages.requestAhead(offset, step, config.concurrency);
    const page = await pages.take(offset);
    const { content } = page;
    const bytes = page.body?.length ?? (page.provenance as PageProvenance).bytes;
    limits.checkPage(dataset, { offset, url: page.provenance.url, content, bytes });
    const { keys } = content;
    await checkOffsetHonoured(walk, pages, offset, page, keys);
    noteOverlap(walk, offset, page);
    checkEnd(walk, offset, page);
    // The next pages are known once this one is parsed: ask for them now, before it is written and checked, so
    // the requests in flight stay at the concurrency while this page is stored (the same requests as the top of
    // the next turn would make; only sooner). Not when the chain ends here, and not beyond the page cap.
    if (content.size > 0 && walk.pageFiles.length + 1 < config.maxPages) {
      const nextStep = offset === 0 ? content.size : step;
      pages.requestAhead(offset + content.size, nextStep, config.concurrency);
    }
    const provenance = page.stored
      ? (page.provenance as PageProvenance)
      : await partial.writePage(page.provenance, page.body as Buffer, page.text ?? undefined);
    notePage(walk, offset, content.size, provenance);
    if (offset === 0) walk.firstPage = recordsOf(dataset, offset, page);
    noteKeys(walk, keys, offset);
    walk.records += content.size;
    reportProgress(walk, progress, options);

    if (content.size === 0) break;
    if (offset === 0) step = content.size;
    offset += content.size;
    pages.keepChain(offset, step);
  }
  return finishWalk(walk, progress);
}

interface AttemptOutcome {
  outcomes: Map<string, DatasetOutcome>;
  /** Why the harvest is not consistent; empty when it is. */
  inconsistencies: string[];
  /** Overlapping pages, one description per dataset that has some. */
  overlaps: string[];
  firstPageChanged: boolean;
}

/** The consistency checks once every dataset's chain has ended: overlaps, keys on two pages, a changed first page. */
async function checkConsistency(
  outcomes: Map<string, DatasetOutcome>,
  client: UpstreamClient,
  options: HarvestOptions,
): Promise<AttemptOutcome> {
  const inconsistencies: string[] = [];
  const overlaps: string[] = [];
  let firstPageChanged = false;
  for (const dataset of options.datasets) {
    const outcome = outcomes.get(dataset.id) as DatasetOutcome;
    const [firstOverlap] = outcome.overlaps;
    if (firstOverlap !== undefined) {
      const more = outcome.overlaps.length - 1;
      overlaps.push(`${firstOverlap.slice(0, -1)}${more > 0 ? `, and ${more} more page boundaries` : ''}.`);
      inconsistencies.push(`${dataset.id}: ${outcome.overlaps.length} pages overlap the page before.`);
    }
    if (outcome.crossPageDuplicates.length > 0) {
      const sample = outcome.crossPageDuplicates.slice(0, 3).join(', ');
      inconsistencies.push(
        `${dataset.id}: ${outcome.crossPageDuplicates.length} keys appear on two pages (${sample}).`,
      );
    }
    // Read the first page again: if it changed, the pages in between may mix two versions.
    const again = await client.fetchPage(dataset, 0, options.config.pageSize, true);
    if (canonicalJson(keptRecords(again)) !== canonicalJson(outcome.firstPage)) {
      firstPageChanged = true;
      inconsistencies.push(`${dataset.id}: the first page changed while the harvest ran.`);
    }
  }
  return { outcomes, inconsistencies, overlaps, firstPageChanged };
}

async function harvestOnce(
  partial: PartialHarvest,
  options: HarvestOptions,
  progress: HarvestProgress,
): Promise<AttemptOutcome> {
  const failure = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, failure.signal]) : failure.signal;
  const datasetOfUrl = (url: string): string =>
    options.datasets.find((dataset) => new URL(url).pathname.endsWith(dataset.path))?.id ?? 'unknown';
  const client = createUpstreamClient({
    config: options.config,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    signal,
    onRetry(notice) {
      const id = datasetOfUrl(notice.url);
      progress.retries.set(id, (progress.retries.get(id) ?? 0) + 1);
      if (!options.reporter.terminal) {
        options.reporter.line(
          `retry: ${notice.reason} from ${notice.url}; attempt ${notice.attempt + 1} in ${notice.delayMs} ms`,
        );
      }
      options.reporter.status(() => describeProgress(progress, options.datasets));
    },
  });
  const limits = createHarvestLimitTracker(options.config.limits);
  try {
    const results = await Promise.all(
      options.datasets.map((dataset) =>
        harvestDataset(dataset, client, partial, options, progress, limits).catch((error: unknown) => {
          failure.abort();
          throw error;
        }),
      ),
    );
    const outcomes = new Map(options.datasets.map((dataset, index) => [dataset.id, results[index] as DatasetOutcome]));
    return await checkConsistency(outcomes, client, options);
  } finally {
    await client.close();
  }
}

/**
 * Reads a sample of the kept pages of a resumed harvest again (sampleKeptOffsets, per dataset) and compares their
 * records with the kept ones (canonical JSON). Returns where the upstream changed, or null when every sample matches:
 * only then may the kept pages be mixed with pages fetched now.
 */
async function findChangedKeptPage(partial: PartialHarvest, options: HarvestOptions): Promise<string | null> {
  const client = createUpstreamClient({
    config: options.config,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  try {
    for (const dataset of options.datasets) {
      for (const offset of sampleKeptOffsets(await partial.keptOffsets(dataset))) {
        const kept = await partial.readPage(dataset, offset, options.config.pageSize);
        // A page that cannot be read back is not reused anyway: the harvest fetches it again.
        if (!kept) continue;
        const now = await client.fetchPage(dataset, offset, options.config.pageSize, true);
        const records = keptRecords(now);
        if (canonicalJson(records) !== canonicalJson(kept.records)) {
          return `${dataset.id}: the page at offset ${offset} (${kept.records.length} records kept, ${records.length} now) differs from the kept one`;
        }
      }
    }
    return null;
  } finally {
    await client.close();
  }
}

function pageHashes(outcomes: Map<string, DatasetOutcome>): string {
  return [...outcomes.values()].flatMap((outcome) => outcome.summary.pageFiles.map((page) => page.sha256)).join(',');
}

/**
 * A resumed harvest keeps its pages only when a sample of them still matches the upstream: kept pages of the old
 * version beside new pages would publish a mix of two versions of the data. Returns the warning shown, if any.
 */
async function resumeOrStartOver(partial: PartialHarvest, options: HarvestOptions, now: () => Date): Promise<string[]> {
  if (!partial.resumed) return [];
  options.reporter.line(
    `harvest: resuming the interrupted harvest started ${partial.startedAt}; reading a sample of its pages again`,
  );
  const changed = await findChangedKeptPage(partial, options);
  if (changed === null) return [];
  const warning = `the upstream changed since the interrupted harvest: starting over (${changed}).`;
  options.reporter.warn(warning);
  await partial.startOver(now());
  return [warning];
}

const newProgress = (): HarvestProgress => ({
  pages: new Map(),
  records: new Map(),
  retries: new Map(),
  totals: new Map(),
});

/**
 * The harvest, run again once when it is not consistent. Inconsistencies identical in two complete harvests
 * belong to the source (kept, with a warning), except overlapping pages; any other fails the harvest.
 */
async function harvestConsistently(
  partial: PartialHarvest,
  options: HarvestOptions,
): Promise<{ attempt: AttemptOutcome; attempts: number; progress: HarvestProgress; warnings: string[] }> {
  let progress = newProgress();
  const first = await harvestOnce(partial, options, progress);
  if (first.inconsistencies.length === 0) return { attempt: first, attempts: 1, progress, warnings: [] };
  for (const reason of first.inconsistencies)
    options.reporter.warn(`harvest not consistent: ${reason} Harvesting again.`);
  await partial.clearPages();
  progress = newProgress();
  const attempt = await harvestOnce(partial, options, progress);
  if (attempt.inconsistencies.length === 0) return { attempt, attempts: 2, progress, warnings: [] };
  // Keys duplicated identically in two complete harvests belong to the source, not to the paging:
  // they are published and flagged by the key-unique rule (docs/upstream.md).
  const stableDuplicates = !attempt.firstPageChanged && pageHashes(first.outcomes) === pageHashes(attempt.outcomes);
  if (!stableDuplicates) throw new BuildError('HARVEST_INCONSISTENT', attempt.inconsistencies.join(' '));
  // The same overlaps in two identical harvests: the upstream reads offsets otherwise (1-based, say); publishing
  // would duplicate a record at every page boundary.
  if (attempt.overlaps.length > 0)
    throw new BuildError('HARVEST_PAGES_OVERLAP', `${attempt.overlaps.join(' ')} Identical in two full harvests.`);
  const warnings = attempt.inconsistencies.map(
    (reason) => `${reason} Identical in two full harvests: kept as the source's own duplicates.`,
  );
  return { attempt, attempts: 2, progress, warnings };
}

/** Runs the harvest stage and returns the complete harvest folder with its manifest. */
export async function runHarvest(options: HarvestOptions): Promise<HarvestResult> {
  const now = options.now ?? (() => new Date());
  const store = createHarvestStore(options.cacheDir);
  const parameters: HarvestParameters = {
    // The demo's stand-in listens on a new port each run; naming it so keeps an interrupted demo resumable.
    upstreamHost: options.demo ? 'stand-in upstream (demo)' : options.baseUrl.host,
    upstreamPath: options.baseUrl.pathname,
    demo: options.demo,
    pageSize: options.config.pageSize,
    method: options.config.method,
    datasets: options.datasets.map((dataset) => dataset.id),
  };
  // Every page is scanned for the key before it is written; a hit removes this folder (secret-scan.ts).
  const partial = guardPartialHarvest(await store.openPartial(parameters, now()), options.apiKey);
  /** Warnings already shown as they happened; the manifest lists them with the others. */
  const shownWarnings = await resumeOrStartOver(partial, options, now);
  const { attempt, attempts, progress, warnings } = await harvestConsistently(partial, options);
  options.reporter.clearStatus();

  const datasets: Record<string, DatasetHarvestSummary> = {};
  for (const [id, outcome] of attempt.outcomes) {
    datasets[id] = outcome.summary;
    warnings.push(...outcome.warnings);
  }
  const finishedAt = now();
  const manifest: HarvestManifest = {
    schemaVersion: 1,
    harvestId: harvestIdOf(finishedAt),
    startedAt: partial.startedAt,
    finishedAt: finishedAt.toISOString(),
    parameters,
    settings: {
      concurrency: options.config.concurrency,
      pauseMs: options.config.pauseMs,
      retries: options.config.retries,
      timeoutMs: options.config.timeoutMs,
    },
    resumed: partial.resumed,
    attempts,
    retries: [...progress.retries.values()].reduce((sum, count) => sum + count, 0),
    warnings: [...shownWarnings, ...warnings],
    datasets,
  };
  const dir = await partial.complete(manifest);
  for (const warning of warnings) options.reporter.warn(warning);
  return { dir, manifest };
}
