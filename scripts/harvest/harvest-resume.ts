// What a harvest keeps between runs: the pages of an interrupted harvest, reused only when each one read again
// still holds the same records (docs/upstream.md, "A resume proves its pages"), and a failed harvest's pages, removed
// when the failure condemns them. Records are compared as canonical JSON, here and by the consistency checks.
import { rm } from 'node:fs/promises';
import type { UpstreamConfig } from '../config.ts';
import type { DatasetDefinition, RawRecord } from '../datasets/dataset-definition.ts';
import { BuildError, type ErrorCode } from '../errors.ts';
import { sha256Hex } from '../foundation/hashing.ts';
import { compareCodeUnits } from '../foundation/text-order.ts';
import type { Reporter } from '../log/progress-reporter.ts';
import type { PartialHarvest } from './harvest-store.ts';
import { createUpstreamClient, type FetchedPage } from './upstream-client.ts';

/** What reading a resumed harvest's pages again needs of the harvest's options (HarvestOptions has it all). */
export interface ResumeOptions {
  config: UpstreamConfig;
  baseUrl: URL;
  apiKey: string;
  datasets: readonly DatasetDefinition[];
  reporter: Reporter;
  signal?: AbortSignal;
}

/** JSON with object keys sorted, so two reads of the same records compare equal whatever the key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => compareCodeUnits(a, b)))
      : item,
  );
}

/** The records of a page fetched with its records kept (fetchPage's keepRecords). */
export function keptRecords(page: FetchedPage): RawRecord[] {
  if (!page.parsed.content.records) throw new Error(`the page ${page.url} was fetched without its records`);
  return page.parsed.content.records;
}

/** The SHA-256 of records as canonical JSON: what a kept page and the same page read again are compared by. */
function recordsDigest(records: readonly RawRecord[]): string {
  return sha256Hex(canonicalJson(records));
}

/**
 * Reads every kept page of a resumed harvest again, `concurrency` at a time, and compares each one's records with the
 * kept ones by digest (recordsDigest). Returns where the upstream changed, or null when every kept page matches: only
 * then may the kept pages be mixed with pages fetched now. The cost: one request per kept page (docs/upstream.md,
 * "A resume proves its pages").
 */
async function findChangedKeptPage(partial: PartialHarvest, options: ResumeOptions): Promise<string | null> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const client = createUpstreamClient({
    config: options.config,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    signal,
  });
  const queue: [DatasetDefinition, number][] = [];
  for (const dataset of options.datasets) {
    for (const offset of await partial.keptOffsets(dataset)) queue.push([dataset, offset]);
  }
  let changed: string | null = null;
  const verifyNext = async (): Promise<void> => {
    for (let next = queue.shift(); next !== undefined && changed === null; next = queue.shift()) {
      const [dataset, offset] = next;
      const kept = await partial.readPage(dataset, offset, options.config.pageSize);
      // A page that cannot be read back is not reused anyway: the harvest fetches it again.
      if (!kept) continue;
      const records = keptRecords(await client.fetchPage(dataset, offset, options.config.pageSize, true));
      if (changed === null && recordsDigest(records) !== recordsDigest(kept.records)) {
        changed = `${dataset.id}: the page at offset ${offset} (${kept.records.length} records kept, ${records.length} now) differs from the kept one`;
        stop.abort();
      }
    }
  };
  try {
    const workers = await Promise.allSettled(
      Array.from({ length: Math.max(1, options.config.concurrency) }, () => verifyNext()),
    );
    if (changed !== null) return changed;
    const failed = workers.find((worker) => worker.status === 'rejected');
    if (failed) throw failed.reason;
    return null;
  } finally {
    await client.close();
  }
}

/**
 * A resumed harvest keeps its pages only when every one of them still matches the upstream: kept pages of the old
 * version beside new pages would publish a mix of two versions of the data. Returns the warning shown, if any.
 */
export async function resumeOrStartOver(
  partial: PartialHarvest,
  options: ResumeOptions,
  now: () => Date,
): Promise<string[]> {
  if (!partial.resumed) return [];
  options.reporter.line(
    `harvest: resuming the interrupted harvest started ${partial.startedAt}; reading each of its kept pages again`,
  );
  const changed = await findChangedKeptPage(partial, options);
  if (changed === null) return [];
  const warning = `the upstream changed since the interrupted harvest: starting over (${changed}).`;
  options.reporter.warn(warning);
  await partial.startOver(now());
  return [warning];
}

/**
 * The failures that condemn the pages fetched, not one request: the harvest as a whole is wrong (inconsistent,
 * repeating, endless, beyond a limit), so resuming it would only fetch the same fault again. A harvest failing so is
 * removed from the cache; one stopped by the network, the upstream's errors or an interruption keeps its pages to
 * resume (docs/operations.md, "Resuming an interrupted harvest").
 */
const USELESS_HARVEST_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'HARVEST_OFFSET_IGNORED',
  'HARVEST_TOO_MANY_PAGES',
  'HARVEST_TOO_MANY_RECORDS',
  'HARVEST_TOO_MANY_YEARS',
  'HARVEST_TOO_LARGE',
  'HARVEST_TRUNCATED',
  'HARVEST_PAGES_OVERLAP',
  'HARVEST_INCONSISTENT',
  'HARVEST_END_UNCONFIRMED',
  'HARVEST_RECORD_REPEATED',
]);

export async function discardUselessHarvest(partial: PartialHarvest, error: unknown): Promise<void> {
  if (error instanceof BuildError && USELESS_HARVEST_CODES.has(error.code))
    await rm(partial.dir, { recursive: true, force: true });
}
