// The harvest stage: every page of every dataset, paged by the number of records actually received,
// speculatively ahead by the concurrency, each page kept raw as it is accepted; then the consistency
// checks of UPSTREAM.md (repeated or overlapping pages, an early end, duplicate keys, records repeated exactly,
// a changed first page, an end of the data that is not confirmed: harvest-consistency.ts; kept pages of a resumed
// harvest that no longer match: harvest-resume.ts) and one retry.
import type { UpstreamConfig } from '../config.ts';
import { recordKey, type DatasetDefinition, type RawRecord } from '../datasets/dataset-definition.ts';
import { BuildError } from '../errors.ts';
import type { Reporter } from '../log/progress-reporter.ts';
import {
  createHarvestStore,
  harvestIdOf,
  readStoredPage,
  type DatasetHarvestSummary,
  type HarvestManifest,
  type HarvestParameters,
  type PageProvenance,
  type PartialHarvest,
} from './harvest-store.ts';
import { createHarvestLimitTracker, type HarvestLimitTracker } from './harvest-limits.ts';
import { parsePage, type PageShape } from './page-parser.ts';
import { guardPartialHarvest } from './key-refusal.ts';
import { checkConsistency, type AttemptOutcome, type ChainPage, type DatasetOutcome } from './harvest-consistency.ts';
import { canonicalJson, discardUselessHarvest, resumeOrStartOver } from './harvest-resume.ts';
import { createPageCache, type LoadedPage, type PageCache } from './page-cache.ts';
import { createUpstreamClient, type UpstreamClient } from './upstream-client.ts';
import { formatLogCount, formatLogCounted } from '../foundation/digit-groups.ts';

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
  /**
   * Waits `ms` before the end of the data is asked again (confirmEnds); a test may pass one that returns at once.
   * Default: a timer, cut short by `signal`.
   */
  pause?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface HarvestResult {
  dir: string;
  manifest: HarvestManifest;
}

/** What the live status line counts, per dataset id. */
export interface HarvestProgress {
  pages: Map<string, number>;
  records: Map<string, number>;
  retries: Map<string, number>;
  totals: Map<string, number | null>;
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
    const count = total ?? progress.records.get(dataset.id) ?? 0;
    return `${dataset.id}: ${formatLogCounted(progress.pages.get(dataset.id) ?? 0, 'page', 'pages')}, ${records}${total ? ` of ${formatLogCount(total)}` : ''} ${count === 1 ? 'record' : 'records'}`;
  });
  const retries = [...progress.retries.values()].reduce((sum, count) => sum + count, 0);
  return `harvest ${parts.join(' · ')}${retries ? ` · ${formatLogCounted(retries, 'retry', 'retries')}` : ''}`;
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
  exactRepeats: string[];
  end: DatasetOutcome['end'] | null;
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
    exactRepeats: [],
    end: null,
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
 * An empty page ends the chain; a `count` on it that is neither 0 nor the records harvested (a total), or an
 * X-Total-Count above the records harvested (its own, or when it has none the last page's that had one), says the
 * upstream stopped early (docs/upstream.md, "An end that contradicts count").
 */
function checkEnd(walk: DatasetWalk, offset: number, page: LoadedPage): void {
  if (page.content.size > 0) return;
  const { count, url } = page.provenance;
  const totalCount = page.provenance.totalCount ?? walk.totalCount;
  const says =
    count !== null && count !== 0 && count !== walk.records
      ? `its count says ${count}`
      : totalCount !== null && totalCount > walk.records
        ? `${page.provenance.totalCount === null ? 'the last X-Total-Count' : 'its X-Total-Count'} says ${totalCount}`
        : null;
  if (says !== null) {
    throw new BuildError(
      'HARVEST_TRUNCATED',
      `${walk.dataset.id}: the page at offset ${offset} has no records, but ${says}, after ${walk.records} records harvested: ${url}`,
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

/**
 * Keys seen before: on an earlier page, a sign that the data moved under the paging (or the source's own duplicates).
 * A record that comes again with the same key and the same values, on another page or on the same one, is a record
 * repeated exactly: a paging fault that hides the record it took the place of (the source's own duplicates differ in
 * their values). Only then are the records compared: the page's own, and the earlier page's, read back from disk.
 */
async function noteKeys(
  walk: DatasetWalk,
  keys: readonly string[],
  offset: number,
  page: LoadedPage,
  partialDir: string,
): Promise<void> {
  const { dataset } = walk;
  const onPage = new Map<string, number>();
  const earlierPages = new Map<number, readonly RawRecord[]>();
  const earlierRecords = async (seenOn: number): Promise<readonly RawRecord[]> => {
    let records = earlierPages.get(seenOn);
    if (records === undefined) {
      const stored = seenOn === 0 ? null : await readStoredPage(partialDir, dataset, seenOn);
      records = seenOn === 0 ? walk.firstPage : (stored?.records ?? []);
      earlierPages.set(seenOn, records);
    }
    return records;
  };
  let records: readonly RawRecord[] | null = null;
  const recordAt = (index: number): RawRecord => (records ??= recordsOf(dataset, offset, page))[index] as RawRecord;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    const firstIndex = onPage.get(key);
    if (firstIndex === undefined) onPage.set(key, index);
    else if (canonicalJson(recordAt(firstIndex)) === canonicalJson(recordAt(index))) {
      walk.exactRepeats.push(
        `${dataset.id}: record ${index} of the page at offset ${offset} repeats record ${firstIndex} of the same page exactly (key ${key}): ${page.provenance.url}`,
      );
    }
    const seenOn = walk.keyPage.get(key);
    if (seenOn === undefined || seenOn === offset) {
      walk.keyPage.set(key, offset);
      continue;
    }
    walk.crossPageDuplicates.push(key);
    const record = canonicalJson(recordAt(index));
    const earlier = (await earlierRecords(seenOn)).find(
      (candidate) => recordKey(dataset, candidate) === key && canonicalJson(candidate) === record,
    );
    if (earlier !== undefined) {
      walk.exactRepeats.push(
        `${dataset.id}: record ${index} of the page at offset ${offset} repeats a record of the page at offset ${seenOn} exactly (key ${key}): ${page.provenance.url}`,
      );
    }
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
    keys: walk.keyPage,
    exactRepeats: walk.exactRepeats,
    end: walk.end ?? { offset: 0, before: null },
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
    const before = walk.previous;
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
    await noteKeys(walk, keys, offset, page, partial.dir);
    walk.records += content.size;
    reportProgress(walk, progress, options);

    if (content.size === 0) {
      walk.end = { offset, before };
      break;
    }
    if (offset === 0) step = content.size;
    offset += content.size;
    pages.keepChain(offset, step);
  }
  return finishWalk(walk, progress);
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
    // The first failure stops the other chains; they are awaited before it is thrown, so none is still writing a
    // page when the caller acts on the failure (discardUselessHarvest).
    let firstFailure: { error: unknown } | null = null;
    const settled = await Promise.allSettled(
      options.datasets.map((dataset) =>
        harvestDataset(dataset, client, partial, options, progress, limits).catch((error: unknown) => {
          firstFailure ??= { error };
          failure.abort();
          throw error;
        }),
      ),
    );
    if (firstFailure !== null) throw (firstFailure as { error: unknown }).error;
    const results = settled.map((result) => (result as PromiseFulfilledResult<DatasetOutcome>).value);
    const outcomes = new Map(options.datasets.map((dataset, index) => [dataset.id, results[index] as DatasetOutcome]));
    return await checkConsistency(outcomes, client, options);
  } finally {
    await client.close();
  }
}

function pageHashes(outcomes: Map<string, DatasetOutcome>): string {
  return [...outcomes.values()].flatMap((outcome) => outcome.summary.pageFiles.map((page) => page.sha256)).join(',');
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
  // An end that did not hold, and nothing else: the upstream's end flickers. With other findings beside it (keys
  // moving between pages, a changed first page) the data itself is moving, which the codes below name.
  const onlyEnds = !attempt.firstPageChanged && attempt.inconsistencies.length === attempt.unconfirmedEnds.length;
  if (attempt.unconfirmedEnds.length > 0 && onlyEnds)
    throw new BuildError('HARVEST_END_UNCONFIRMED', `${attempt.unconfirmedEnds.join(' ')} In two full harvests.`);
  // Keys duplicated identically in two complete harvests belong to the source, not to the paging:
  // they are published and flagged by the key-unique rule (docs/upstream.md).
  const stableDuplicates = !attempt.firstPageChanged && pageHashes(first.outcomes) === pageHashes(attempt.outcomes);
  if (!stableDuplicates) throw new BuildError('HARVEST_INCONSISTENT', attempt.inconsistencies.join(' '));
  // The same overlaps in two identical harvests: the upstream reads offsets otherwise (1-based, say); publishing
  // would duplicate a record at every page boundary.
  if (attempt.overlaps.length > 0)
    throw new BuildError('HARVEST_PAGES_OVERLAP', `${attempt.overlaps.join(' ')} Identical in two full harvests.`);
  // A record repeated exactly in two identical full harvests is the upstream's paging, not data moving: it hides the
  // record it took the place of, so it is never kept as the source's own.
  if (attempt.exactRepeats.length > 0)
    throw new BuildError(
      'HARVEST_RECORD_REPEATED',
      `${attempt.exactRepeats.join(' ')} Identical in two full harvests.`,
    );
  // An end that did not hold is never kept, whatever else two identical harvests share.
  if (attempt.unconfirmedEnds.length > 0)
    throw new BuildError('HARVEST_END_UNCONFIRMED', `${attempt.unconfirmedEnds.join(' ')} In two full harvests.`);
  // Nor is an end that records asked by value contradict: it came early in both.
  if (attempt.truncations.length > 0)
    throw new BuildError('HARVEST_TRUNCATED', `${attempt.truncations.join(' ')} In two full harvests.`);
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
  let shownWarnings: string[];
  let consistent: Awaited<ReturnType<typeof harvestConsistently>>;
  try {
    shownWarnings = await resumeOrStartOver(partial, options, now);
    consistent = await harvestConsistently(partial, options);
  } catch (error) {
    await discardUselessHarvest(partial, error);
    throw error;
  }
  const { attempt, attempts, progress, warnings } = consistent;
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
