// The pages of one dataset's chain as the harvester asks for them: each offset read back from the partial harvest
// or fetched once, the pages ahead requested speculatively, and the ones off the chain forgotten.
import type { UpstreamConfig } from '../config.ts';
import type { DatasetDefinition } from '../datasets/dataset-definition.ts';
import type { PageProvenance, PartialHarvest } from './harvest-store.ts';
import { describeRecords, type PageContent } from './page-content.ts';
import type { UpstreamClient } from './upstream-client.ts';

export interface LoadedPage {
  /** What the page's records hold; the records themselves for the first page and a page read back. */
  content: PageContent;
  /** Read back from the partial harvest (a resume): already written, `provenance` complete. */
  stored: boolean;
  provenance: Omit<PageProvenance, 'file' | 'bytes' | 'sha256'> | PageProvenance;
  /** The body as received; null for a stored page. */
  body: Buffer | null;
  /** The body as text (what was parsed); null for a stored page. */
  text: string | null;
}

export interface PageCache {
  /** The page at `offset`, requested now unless it is already in flight. */
  load(offset: number): Promise<LoadedPage>;
  /** Requests `count` pages from `offset` on, `step` records apart, on the guess that each is that full. */
  requestAhead(offset: number, step: number, count: number): void;
  /** The page at `offset`, taken out of the cache (the chain has reached it). */
  take(offset: number): Promise<LoadedPage>;
  /** Forgets the pages in flight that the chain, now at `offset` going by `step`, will not reach. */
  keepChain(offset: number, step: number): void;
}

/** The page at `offset`: read back from the partial harvest when it was kept there, else fetched. */
async function readOrFetchPage(
  dataset: DatasetDefinition,
  client: UpstreamClient,
  partial: PartialHarvest,
  config: UpstreamConfig,
  offset: number,
): Promise<LoadedPage> {
  const limit = config.pageSize;
  const stored = await partial.readPage(dataset, offset, limit);
  if (stored) {
    const content = describeRecords(dataset, offset, stored.records, config.limits.maxFieldChars, true);
    return { content, stored: true, provenance: stored.provenance, body: null, text: null };
  }
  // The first page's records are kept whole: the harvest compares them with the same page read again at its end.
  const page = await client.fetchPage(dataset, offset, limit, offset === 0);
  return {
    content: page.parsed.content,
    stored: false,
    body: page.body,
    text: page.text,
    provenance: {
      dataset: dataset.id,
      offset,
      limit,
      url: page.url,
      method: config.method,
      fetchedAt: page.fetchedAt,
      status: page.status,
      durationMs: page.durationMs,
      attempts: page.attempts,
      records: page.parsed.content.size,
      count: page.parsed.count,
      shape: page.parsed.shape,
      totalCount: page.totalCount,
      ...page.notes,
    },
  };
}

export function createPageCache(
  dataset: DatasetDefinition,
  client: UpstreamClient,
  partial: PartialHarvest,
  config: UpstreamConfig,
): PageCache {
  const inflight = new Map<number, Promise<LoadedPage>>();
  const load = (offset: number): Promise<LoadedPage> => {
    let pending = inflight.get(offset);
    if (!pending) {
      pending = readOrFetchPage(dataset, client, partial, config, offset);
      // Speculative pages may never be awaited; their failures surface when (if) the chain reaches them.
      pending.catch(() => {});
      inflight.set(offset, pending);
    }
    return pending;
  };
  return {
    load,
    requestAhead(offset, step, count) {
      for (let ahead = 0; ahead < count; ahead += 1) load(offset + ahead * step);
    },
    async take(offset) {
      const page = await load(offset);
      inflight.delete(offset);
      return page;
    },
    keepChain(offset, step) {
      for (const pending of inflight.keys()) {
        if (pending < offset || (pending - offset) % step !== 0) inflight.delete(pending);
      }
    },
  };
}
