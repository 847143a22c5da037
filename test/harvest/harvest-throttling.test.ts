// How hard the real harvest (the CLI as a process) presses the stand-in upstream on a real port: requests in
// flight, the pause between request starts, and the slow-down after a 429, read from the stand-in's request log
// and the pages' provenance. Only lower bounds on times and counts, so a loaded machine cannot fail them.
import { afterEach, describe, expect, it } from 'vitest';
import type { HarvestManifest } from '../../scripts/harvest/harvest-store.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { type UpstreamData, withDemoRecords } from '../../scripts/upstream/upstream-data.ts';
import { filterRefused } from '../../scripts/upstream/hostile-envelopes.ts';
import type { RunningUpstream, UpstreamRequestLogEntry } from '../../scripts/upstream/upstream-server.ts';
import { createHarvestWorld, expectHarvestedExactly, type HarvestWorld } from '../support/harvest-fixtures.ts';
import { runCli } from '../support/run-cli.ts';

/** 30 turnout records, 12 party records. */
function syntheticData(): UpstreamData {
  return withDemoRecords({
    turnout: generateTurnoutRecords({ years: [2019, 2024], dapils: 5, regenciesPerDapil: 3, seed: 11 }),
    parties: generatePartyRecords({ years: [2019, 2024], parties: 6, seed: 11 }),
  });
}

/** docs/upstream.md: after a 429 the pause between request starts doubles, from 250 ms. */
const THROTTLED_PAUSE_MS = 250;

/**
 * The filter refused with a 400, as by an upstream that does not serve it: the asking by value stops after its first
 * KPU_CONCURRENCY requests, and the requests measured are the chain's (otherwise every dapil of the data is read again
 * and each of the 79 official ones it lacks asked, a pause apart).
 */
const FILTER_REFUSED = filterRefused({ status: 400, body: '{"message":"unknown parameter"}' });

let world: HarvestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function harvest(
  data: UpstreamData,
  options: Parameters<typeof createHarvestWorld>[1],
  env: Record<string, string>,
) {
  world = await createHarvestWorld(data, options, env);
  const run = await runCli(['harvest', '--json'], { env: world.env });
  expect(run.code, run.stderr).toBe(0);
  const harvested = await expectHarvestedExactly(world.cacheDir, data);
  return { upstream: world.upstream, manifest: harvested.manifest };
}

/** The data requests the stand-in received, in the order they arrived. */
function dataRequests(upstream: RunningUpstream): UpstreamRequestLogEntry[] {
  return upstream.requests.filter((request) => request.dataRequest !== null);
}

/**
 * The most requests open at one moment: at each arrival, the requests that had arrived by then (to the
 * millisecond) and closed only in a later millisecond. All of those were open together at the end of that
 * millisecond; the stand-in stamps a close before the client can have the answer, so a request sent after
 * another's answer never counts as overlapping it.
 */
function peakInFlight(requests: readonly UpstreamRequestLogEntry[]): number {
  return Math.max(
    ...requests.map(
      (at) =>
        requests.filter((other) => other.time <= at.time && (other.closedAt === null || other.closedAt > at.time))
          .length,
    ),
  );
}

/** When each stored page's request started (its provenance `fetchedAt`), both datasets, in time order. */
function pageStarts(manifest: HarvestManifest): number[] {
  return Object.values(manifest.datasets)
    .flatMap((summary) => summary.pageFiles.map((page) => Date.parse(page.fetchedAt)))
    .sort((a, b) => a - b);
}

function gapsBetween(times: readonly number[]): number[] {
  return times.slice(1).map((time, index) => time - (times[index] as number));
}

describe('harvest: requests in flight', () => {
  it.each([1, 3])(
    'never has more than KPU_CONCURRENCY=%i requests open at the upstream, and uses them all',
    async (concurrency) => {
      // Every answer takes 150 ms, so requests that overlap are seen to overlap.
      const { upstream } = await harvest(
        syntheticData(),
        { delayMs: 150, byValueDelayMs: 0 },
        { KPU_PAGE_SIZE: '7', KPU_CONCURRENCY: String(concurrency) },
      );
      const requests = dataRequests(upstream);
      // 6 turnout and 3 party pages, and each dataset's first page read again.
      expect(requests.length).toBeGreaterThanOrEqual(11);
      expect(requests.every((request) => request.status === 200 && request.closedAt !== null)).toBe(true);
      expect(peakInFlight(requests)).toBe(concurrency);
    },
  );
});

describe('harvest: the pause between requests', () => {
  it('starts requests at least KPU_PAUSE_MS apart, however many may be in flight', async () => {
    const pauseMs = 200;
    const { upstream, manifest } = await harvest(
      syntheticData(),
      { hostile: FILTER_REFUSED },
      { KPU_PAGE_SIZE: '7', KPU_CONCURRENCY: '3', KPU_PAUSE_MS: String(pauseMs) },
    );
    expect(manifest.settings.pauseMs).toBe(pauseMs);

    // As the harvester recorded them: every page's request started a pause after the one before (timestamps
    // are whole milliseconds, hence the 1).
    const starts = pageStarts(manifest);
    expect(starts.length).toBeGreaterThanOrEqual(7);
    for (const gap of gapsBetween(starts)) expect(gap).toBeGreaterThanOrEqual(pauseMs - 1);

    // As the upstream saw them: N requests span N - 1 pauses, less at most one for the first request's way there.
    const arrivals = dataRequests(upstream).map((request) => request.time);
    expect(arrivals.length).toBeGreaterThanOrEqual(9);
    expect((arrivals.at(-1) as number) - (arrivals[0] as number)).toBeGreaterThanOrEqual(
      (arrivals.length - 2) * pauseMs,
    );
  });

  it.each([
    [1, THROTTLED_PAUSE_MS],
    [2, 2 * THROTTLED_PAUSE_MS],
  ])(
    'after %i 429 answers in a row, starts requests at least %i ms apart, with no pause configured',
    async (throttled, pauseMs) => {
      const { upstream, manifest } = await harvest(
        syntheticData(),
        { faults: [{ at: 3, kind: 429, times: throttled, retryAfter: 0 }], hostile: FILTER_REFUSED },
        { KPU_PAGE_SIZE: '7', KPU_CONCURRENCY: '1', KPU_PAUSE_MS: '0' },
      );
      expect(manifest.settings.pauseMs).toBe(0);
      expect(manifest.retries).toBe(throttled);
      const requests = dataRequests(upstream);
      const lastThrottled = requests.findLastIndex((request) => request.status === 429);
      expect(requests.filter((request) => request.status === 429)).toHaveLength(throttled);
      const throttledAnswer = requests[lastThrottled] as UpstreamRequestLogEntry;

      // As the harvester recorded them: the pages whose requests started after the 429 reached it (one request at
      // a time, so none started in between) are a grown pause apart. Fewer than 20 requests follow, too few for
      // the pause to shrink again.
      const after = requests.slice(lastThrottled + 1);
      expect(after.length).toBeGreaterThanOrEqual(4);
      expect(after.length).toBeLessThan(20);
      const starts = pageStarts(manifest).filter((start) => start >= (throttledAnswer.closedAt as number));
      expect(starts.length).toBeGreaterThanOrEqual(3);
      for (const gap of gapsBetween(starts)) expect(gap).toBeGreaterThanOrEqual(pauseMs - 1);

      // As the upstream saw them: the k requests after the 429 each started a grown pause after the one before,
      // less at most one pause for the 429's own way there.
      expect((after.at(-1) as UpstreamRequestLogEntry).time - throttledAnswer.time).toBeGreaterThanOrEqual(
        (after.length - 1) * pauseMs,
      );
    },
  );
});
