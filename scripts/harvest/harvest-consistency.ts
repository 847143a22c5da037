// The consistency checks of a harvest once every dataset's chain of pages has ended (UPSTREAM.md): pages that
// overlap, keys on two pages, records repeated exactly, a first page that changed, an end of the data that does not
// hold when asked again or that records asked by value contradict (end-by-value.ts). The harvester runs them after
// each full harvest and decides from what they found.
import { setTimeout as delay } from 'node:timers/promises';
import type { UpstreamConfig } from '../config.ts';
import type { DatasetDefinition, RawRecord } from '../datasets/dataset-definition.ts';
import { BuildError } from '../errors.ts';
import type { DatasetHarvestSummary } from './harvest-store.ts';
import { askEndsByValue, type PagedHarvest } from './end-by-value.ts';
import { canonicalJson, keptRecords } from './harvest-resume.ts';
import type { UpstreamClient } from './upstream-client.ts';

/** What the consistency checks need of the harvest's options (HarvestOptions has it all). */
export interface ConsistencyOptions {
  config: UpstreamConfig;
  datasets: readonly DatasetDefinition[];
  signal?: AbortSignal;
  /** Waits `ms` before the end of the data is asked again (confirmEnds); by default a timer cut short by `signal`. */
  pause?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface DatasetOutcome {
  summary: DatasetHarvestSummary;
  /** Keys found on two different pages: a sign that the data moved under the paging. */
  crossPageDuplicates: string[];
  /** Consecutive pages that overlap (pageOverlap), described. */
  overlaps: string[];
  firstPage: RawRecord[];
  /** Every key the chain returned, with the offset of the page it was first seen on. */
  keys: ReadonlyMap<string, number>;
  /** Records that came twice exactly (the same key and the same values), described. */
  exactRepeats: string[];
  /** The empty page that ended the chain, and the page before it (null when the first page was empty). */
  end: { offset: number; before: ChainPage | null };
  warnings: string[];
}

/**
 * A page of the chain as the overlap check sees it: its records' keys, and its records, parsed again from its text
 * only when asked for (two pages' keys rarely match; a page read on the page reader's thread sent back only keys).
 */
export interface ChainPage {
  offset: number;
  keys: readonly string[];
  records: () => readonly RawRecord[];
}

export interface AttemptOutcome {
  outcomes: Map<string, DatasetOutcome>;
  /** Why the harvest is not consistent; empty when it is. */
  inconsistencies: string[];
  /** Overlapping pages, one description per dataset that has some. */
  overlaps: string[];
  firstPageChanged: boolean;
  /** Records repeated exactly (noteKeys), described; empty when none. */
  exactRepeats: string[];
  /** Ends of the data that did not hold when asked again (confirmEnds), described; empty when every end held. */
  unconfirmedEnds: string[];
  /** Ends of the data that records asked by value contradict (end-by-value.ts), described; empty when none. */
  truncations: string[];
}

function defaultPause(ms: number, signal?: AbortSignal): Promise<void> {
  return delay(ms, undefined, signal ? { signal } : {}).catch(() => {
    throw new BuildError('INTERRUPTED', '');
  });
}

/**
 * Confirms each dataset's end of the data (docs/upstream.md, "The end of the data is confirmed"): after a pause of
 * KPU_RETRY_BASE_MS, the empty page that ended the chain is asked again and must still be empty, and the page before
 * it (the last with records, often short) is read again and must hold the same records (canonical JSON). Two
 * requests per dataset; a dataset whose first page was its end is left to the first page's own reading again.
 * Returns what did not hold.
 */
async function confirmEnds(
  outcomes: Map<string, DatasetOutcome>,
  client: UpstreamClient,
  options: ConsistencyOptions,
): Promise<string[]> {
  const ends = options.datasets.filter((dataset) => (outcomes.get(dataset.id) as DatasetOutcome).end.offset > 0);
  if (ends.length === 0) return [];
  await (options.pause ?? defaultPause)(options.config.retryBaseMs, options.signal);
  const unconfirmed: string[] = [];
  for (const dataset of ends) {
    const { end } = outcomes.get(dataset.id) as DatasetOutcome;
    const again = keptRecords(await client.fetchPage(dataset, end.offset, options.config.pageSize, true));
    if (again.length > 0) {
      unconfirmed.push(
        `${dataset.id}: the page at offset ${end.offset} ended the data with no records; asked again, it holds ${again.length}.`,
      );
      continue;
    }
    const { before } = end;
    if (before === null || before.offset === 0) continue;
    const reread = keptRecords(await client.fetchPage(dataset, before.offset, options.config.pageSize, true));
    if (canonicalJson(reread) !== canonicalJson(before.records())) {
      unconfirmed.push(
        `${dataset.id}: the page at offset ${before.offset}, the last before the end, read again holds other records (${before.keys.length} before, ${reread.length} now).`,
      );
    }
  }
  return unconfirmed;
}

/**
 * The consistency checks once every dataset's chain has ended: overlaps, keys on two pages, records repeated exactly,
 * a changed first page, an end of the data that does not hold.
 */
export async function checkConsistency(
  outcomes: Map<string, DatasetOutcome>,
  client: UpstreamClient,
  options: ConsistencyOptions,
): Promise<AttemptOutcome> {
  const inconsistencies: string[] = [];
  const overlaps: string[] = [];
  const exactRepeats: string[] = [];
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
    const [firstRepeat] = outcome.exactRepeats;
    if (firstRepeat !== undefined) {
      const more = outcome.exactRepeats.length - 1;
      exactRepeats.push(`${firstRepeat}${more > 0 ? ` (and ${more} more records repeated exactly)` : ''}`);
      inconsistencies.push(`${dataset.id}: ${outcome.exactRepeats.length} records repeated exactly.`);
    }
    // Read the first page again: if it changed, the pages in between may mix two versions.
    const again = await client.fetchPage(dataset, 0, options.config.pageSize, true);
    if (canonicalJson(keptRecords(again)) !== canonicalJson(outcome.firstPage)) {
      firstPageChanged = true;
      inconsistencies.push(`${dataset.id}: the first page changed while the harvest ran.`);
    }
  }
  const unconfirmedEnds = await confirmEnds(outcomes, client, options);
  inconsistencies.push(...unconfirmedEnds);
  const paged = new Map<string, PagedHarvest>();
  for (const [id, { keys, end, warnings }] of outcomes)
    paged.set(id, { keys, endOffset: end.offset, lastPage: end.before, warnings });
  const { truncations, evidence } = await askEndsByValue(options.datasets, paged, client, options.config);
  inconsistencies.push(...truncations);
  for (const [id, outcome] of outcomes)
    outcome.summary.end = {
      emptyPageOffset: outcome.end.offset,
      confirmed: outcome.end.offset > 0,
      byValue: evidence.get(id) ?? null,
    };
  return { outcomes, inconsistencies, overlaps, firstPageChanged, exactRepeats, unconfirmedEnds, truncations };
}
