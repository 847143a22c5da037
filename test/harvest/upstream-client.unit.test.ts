// The upstream client's pure parts (URLs, Retry-After, the retry delay), and its retries against the stand-in
// upstream with the jitter made predictable.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HARVEST_LIMITS, type UpstreamConfig } from '../../scripts/config.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import {
  buildPageUrl,
  createUpstreamClient,
  parseRetryAfter,
  retryDelayMs,
  type RetryNotice,
} from '../../scripts/harvest/upstream-client.ts';
import { generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { withDemoRecords } from '../../scripts/upstream/upstream-data.ts';
import {
  startUpstreamServer,
  type RunningUpstream,
  type UpstreamFault,
} from '../../scripts/upstream/upstream-server.ts';

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
  });
  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 00:00:00 GMT', now)).toBe(0);
  });
  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('buildPageUrl', () => {
  it('keeps a base path prefix and sets limit and offset, nothing else', () => {
    const url = buildPageUrl(new URL('https://opendata.example/kpu/'), partyDataset, 2000, 1000);
    expect(url.href).toBe('https://opendata.example/kpu/api/profilpartai?limit=1000&offset=2000');
  });
});

describe('retryDelayMs', () => {
  const config = { retryBaseMs: 500, retryMaxDelayMs: 6000 };

  it('waits from nothing (jitter 0) up to the doubling backoff (jitter 1)', () => {
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(retry, null, config, () => 0))).toEqual([0, 0, 0, 0]);
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(retry, null, config, () => 1))).toEqual([500, 1000, 2000, 4000]);
    expect(retryDelayMs(3, null, config, () => 0.5)).toBe(1000);
  });

  it('never waits longer than KPU_RETRY_MAX_DELAY_MS', () => {
    expect([5, 6, 30, 100].map((retry) => retryDelayMs(retry, null, config, () => 1))).toEqual([
      6000, 6000, 6000, 6000,
    ]);
  });

  it('waits at least as long as Retry-After says', () => {
    expect(retryDelayMs(1, 3000, config, () => 0)).toBe(3000);
    expect(retryDelayMs(1, 3000, config, () => 1)).toBe(3000);
    expect(retryDelayMs(4, 3000, config, () => 1)).toBe(4000);
  });
});

describe('createUpstreamClient retries', () => {
  const KEY = 'client-test-key';
  const config: UpstreamConfig = {
    baseUrl: null,
    apiKey: null,
    method: 'GET',
    pageSize: 5,
    concurrency: 1,
    pauseMs: 0,
    retries: 4,
    retryBaseMs: 20,
    retryMaxDelayMs: 70,
    timeoutMs: 5000,
    maxPages: 10,
    limits: DEFAULT_HARVEST_LIMITS,
  };
  const data = withDemoRecords({
    turnout: generateTurnoutRecords({ years: [2024], dapils: 2, regenciesPerDapil: 3 }),
    parties: [],
  });
  const running: RunningUpstream[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((server) => server.close()));
  });

  async function fetchThroughFaults(
    faults: UpstreamFault[],
    random: () => number,
    settings: Partial<UpstreamConfig> = {},
  ) {
    const upstream = await startUpstreamServer({ apiKey: KEY, data, faults });
    running.push(upstream);
    const notices: RetryNotice[] = [];
    const client = createUpstreamClient({
      config: { ...config, ...settings },
      baseUrl: new URL(upstream.url),
      apiKey: KEY,
      random,
      onRetry: (notice) => notices.push(notice),
    });
    try {
      const page = await client.fetchPage(turnoutDataset, 0, 5, true);
      return { page, delays: notices.map((notice) => notice.delayMs) };
    } finally {
      await client.close();
    }
  }

  it('backs off with the injected jitter: the full doubling backoff at 1, capped; nothing at 0', async () => {
    const fourErrors: UpstreamFault[] = [{ at: 1, kind: 503, times: 4 }];
    const highest = await fetchThroughFaults(fourErrors, () => 1);
    expect(highest.delays).toEqual([20, 40, 70, 70]);
    expect(highest.page.attempts).toBe(5);
    expect(highest.page.parsed.content.records).toEqual(data.turnout.slice(0, 5));
    expect((await fetchThroughFaults(fourErrors, () => 0)).delays).toEqual([0, 0, 0, 0]);
  });

  it('waits for Retry-After, longer than the backoff, whatever the jitter', async () => {
    const faults: UpstreamFault[] = [{ at: 1, kind: 429, retryAfter: 1 }];
    expect((await fetchThroughFaults(faults, () => 0, { retryMaxDelayMs: 2000 })).delays).toEqual([1000]);
    expect((await fetchThroughFaults(faults, () => 1, { retryMaxDelayMs: 2000 })).delays).toEqual([1000]);
  });
});
