// The stand-in upstream over real HTTP on an ephemeral port: the seed's behaviour, and each "unknown"
// behaviour of UPSTREAM.md it can switch on.
import { afterEach, describe, expect, it } from 'vitest';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { demoDataset, generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { loadUpstreamData, type UpstreamData, withDemoRecords } from '../../scripts/upstream/upstream-data.ts';
import { createMutationPreset } from '../../scripts/upstream/upstream-changes.ts';
import {
  startUpstreamServer,
  type FaultStatus,
  type RunningUpstream,
  type UpstreamServerOptions,
} from '../../scripts/upstream/upstream-server.ts';
import { REAL_FILES, brokenTurnoutRules, callUpstream, hasRealData } from './upstream-test-helpers.ts';

const KEY = 'test-key';
const TURNOUT = turnoutDataset.path;
const PARTIES = partyDataset.path;

/**
 * 3 dapils × 5 regencies = 15 turnout records; 2 years × 6 = 12 party records. The dapil ids 1101, 1102, 1201
 * become 0101, 0102, 0201 (no province code starts with 0), so the filter's leading zeros are exercised.
 */
function createData(): UpstreamData {
  return withDemoRecords({
    turnout: generateTurnoutRecords({ years: [2024], dapils: 3, regenciesPerDapil: 5, provinces: 2 }).map((record) => ({
      ...record,
      IdDapil: `0${String(record.IdDapil).slice(1)}`,
    })),
    parties: generatePartyRecords({ years: [2019, 2024], parties: 6 }),
  });
}

const running: RunningUpstream[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function start(options: Partial<UpstreamServerOptions> = {}): Promise<RunningUpstream & { data: UpstreamData }> {
  const data = options.data ?? createData();
  const server = await startUpstreamServer({ apiKey: KEY, data, ...options });
  running.push(server);
  return Object.assign(server, { data });
}

/** Reads a whole dataset page by page as the harvester would. */
async function readAll(url: string, path: string, limit: number): Promise<unknown[]> {
  const records: unknown[] = [];
  for (let offset = 0; ; offset += limit) {
    const reply = await callUpstream(url, path, { limit, offset });
    const data = (reply.json as { data: unknown }).data;
    const page = Array.isArray(data)
      ? data
      : data && typeof data === 'object' && Object.keys(data).length > 0
        ? [data]
        : [];
    records.push(...page);
    if (page.length < limit) return records;
  }
}

describe('the seed behaviour', () => {
  it('answers both queries with {count, data}, limit 10 and offset 0 by default', async () => {
    const server = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const reply = await callUpstream(server.url, TURNOUT);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/json');
    expect(reply.json).toEqual({ count: 10, data: server.data.turnout.slice(0, 10) });
    const parties = await callUpstream(server.url, PARTIES);
    expect(parties.json).toEqual({ count: 10, data: server.data.parties.slice(0, 10) });
  });

  it('pages with limit and offset; past the end is an empty page', async () => {
    const server = await start();
    expect((await callUpstream(server.url, TURNOUT, { limit: 4, offset: 6 })).json).toEqual({
      count: 4,
      data: server.data.turnout.slice(6, 10),
    });
    expect((await callUpstream(server.url, TURNOUT, { limit: 10, offset: 10 })).json).toEqual({
      count: 5,
      data: server.data.turnout.slice(10),
    });
    expect((await callUpstream(server.url, TURNOUT, { offset: 15 })).json).toEqual({ count: 0, data: [] });
    expect(await readAll(server.url, TURNOUT, 4)).toEqual(server.data.turnout);
    expect(await readAll(server.url, PARTIES, 5)).toEqual(server.data.parties);
  });

  it('sends one record as the bare record, as the seed shows', async () => {
    const server = await start();
    expect((await callUpstream(server.url, TURNOUT, { limit: 1, offset: 2 })).json).toEqual({
      count: 1,
      data: server.data.turnout[2],
    });
  });

  it('escapes forward slashes in the JSON it writes, as the real API does', async () => {
    const server = await start();
    const reply = await callUpstream(server.url, PARTIES, { limit: 1 });
    expect(reply.text).toContain('"Link":"https:\\/\\/contoh.example\\/partai\\/');
    expect(reply.text).not.toContain('https://');
    expect((reply.json as { data: RawRecord }).data.Link).toMatch(/^https:\/\/contoh\.example\/partai\/\d+$/);
  });

  it('filters turnout by id_dapil, comparing the digits as a number', async () => {
    const server = await start();
    const inFirstDapil = server.data.turnout.filter((record) => record.IdDapil === '0101');
    expect(inFirstDapil).toHaveLength(5);
    expect((await callUpstream(server.url, TURNOUT, { id_dapil: '0101' })).json).toEqual({
      count: 5,
      data: inFirstDapil,
    });
    expect((await callUpstream(server.url, TURNOUT, { id_dapil: '101' })).json).toEqual({
      count: 5,
      data: inFirstDapil,
    });
    expect((await callUpstream(server.url, TURNOUT, { id_dapil: '0101', limit: 2, offset: 4 })).json).toEqual({
      count: 1,
      data: inFirstDapil[4],
    });
    expect((await callUpstream(server.url, TURNOUT, { id_dapil: '9999' })).json).toEqual({ count: 0, data: [] });
    // Data set anew is filtered anew: the first dapil's first record alone now.
    server.setData('turnout', inFirstDapil.slice(0, 1));
    expect((await callUpstream(server.url, TURNOUT, { id_dapil: '101' })).json).toEqual({
      count: 1,
      data: inFirstDapil[0],
    });
  });

  it('filters parties by tahun_pemilu, and ignores the other query filter', async () => {
    const server = await start();
    const of2019 = server.data.parties.filter((record) => record.tahunPemilu === '2019');
    expect((await callUpstream(server.url, PARTIES, { tahun_pemilu: 2019 })).json).toEqual({ count: 6, data: of2019 });
    expect((await callUpstream(server.url, PARTIES, { tahun_pemilu: 1999 })).json).toEqual({ count: 0, data: [] });
    expect((await callUpstream(server.url, PARTIES, { id_dapil: '0101', limit: 12 })).json).toEqual({
      count: 12,
      data: server.data.parties,
    });
  });

  it('answers POST like GET, with parameters in the query string or a JSON body', async () => {
    const server = await start();
    expect((await callUpstream(server.url, TURNOUT, { limit: 2, offset: 1 }, { method: 'POST' })).json).toEqual({
      count: 2,
      data: server.data.turnout.slice(1, 3),
    });
    const body = JSON.stringify({ limit: 3, offset: 2 });
    expect((await callUpstream(server.url, TURNOUT, {}, { method: 'POST', body })).json).toEqual({
      count: 3,
      data: server.data.turnout.slice(2, 5),
    });
    expect((await callUpstream(server.url, TURNOUT, { limit: 1 }, { method: 'POST', body })).json).toEqual({
      count: 1,
      data: server.data.turnout[2],
    });
    expect((await callUpstream(server.url, TURNOUT, {}, { method: 'POST', body: '{' })).status).toBe(400);
  });

  it('answers 404 for unknown paths, 400 for a bad limit or offset, 405 for other methods', async () => {
    const server = await start();
    expect((await callUpstream(server.url, '/api/unknown')).status).toBe(404);
    expect((await callUpstream(server.url, `${TURNOUT}/`)).status).toBe(404);
    for (const query of [{ limit: 'ten' }, { limit: '-1' }, { offset: '1.5' }, { offset: '' }] as Record<
      string,
      string
    >[]) {
      const reply = await callUpstream(server.url, TURNOUT, query);
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(reply.json).toMatchObject({ status: 400 });
    }
    const put = await callUpstream(server.url, TURNOUT, {}, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
  });

  it('serves under a base path', async () => {
    const server = await start({ basePath: '/kpu/' });
    expect(server.url).toMatch(/:\d+\/kpu$/);
    expect((await callUpstream(server.url, TURNOUT, { limit: 1 })).status).toBe(200);
    expect((await callUpstream(server.url.replace(/\/kpu$/, ''), TURNOUT)).status).toBe(404);
  });
});

describe('the API key', () => {
  it('answers 401 to a missing or wrong key, never echoing a key', async () => {
    const server = await start();
    for (const key of [null, '', 'wrong-key', `${KEY}x`, KEY.toUpperCase()]) {
      const reply = await callUpstream(server.url, TURNOUT, { limit: 1 }, { key });
      expect(reply.status, String(key)).toBe(401);
      expect(reply.headers.get('content-type')).toBe('application/json');
      expect(reply.json).toMatchObject({ status: 401, error: 'Unauthorized' });
      expect(reply.text).not.toContain(KEY);
      if (key) expect(reply.text).not.toContain(key);
    }
  });

  it('keeps the key out of the request log, even when a client puts it in the query', async () => {
    const server = await start();
    await callUpstream(server.url, TURNOUT, { limit: 1, api_key: KEY });
    await callUpstream(server.url, PARTIES, {}, { key: 'wrong' });
    expect(JSON.stringify(server.requests)).not.toContain(KEY);
    expect(
      server.requests.map(({ method, path, status, dataRequest }) => ({ method, path, status, dataRequest })),
    ).toEqual([
      { method: 'GET', path: TURNOUT, status: 200, dataRequest: 1 },
      { method: 'GET', path: PARTIES, status: 401, dataRequest: 2 },
    ]);
    expect(server.requests[0]?.query).toEqual({ limit: '1', api_key: '[redacted]' });
    expect(typeof server.requests[0]?.time).toBe('number');
  });
});

describe('page shapes', () => {
  const emptyQuery = { offset: 100 };

  it("'always-array' sends one record in an array", async () => {
    const server = await start({ shape: 'always-array' });
    expect((await callUpstream(server.url, TURNOUT, { limit: 1 })).json).toEqual({
      count: 1,
      data: [server.data.turnout[0]],
    });
    expect((await callUpstream(server.url, TURNOUT, { limit: 2 })).json).toEqual({
      count: 2,
      data: server.data.turnout.slice(0, 2),
    });
  });

  it("'keyed' sends several records keyed by position, one record bare", async () => {
    const server = await start({ shape: 'keyed' });
    const reply = await callUpstream(server.url, TURNOUT, { limit: 3, offset: 5 });
    expect(reply.json).toEqual({
      count: 3,
      data: { 0: server.data.turnout[5], 1: server.data.turnout[6], 2: server.data.turnout[7] },
    });
    expect(reply.text).toMatch(/^\{"count":3,"data":\{"0":\{/);
    expect((await callUpstream(server.url, TURNOUT, { limit: 1 })).json).toEqual({
      count: 1,
      data: server.data.turnout[0],
    });
  });

  it.each([
    ['array', '{"count":0,"data":[]}'],
    ['null', '{"count":0,"data":null}'],
    ['object', '{"count":0,"data":{}}'],
    ['absent', '{"count":0}'],
  ] as const)("sends no records with emptyData '%s' as %s", async (emptyData, body) => {
    for (const shape of ['array', 'keyed', 'always-array'] as const) {
      const server = await start({ emptyData, shape });
      expect((await callUpstream(server.url, TURNOUT, emptyQuery)).text).toBe(body);
      expect((await callUpstream(server.url, PARTIES, { tahun_pemilu: 1955 })).text).toBe(body);
    }
  });
});

describe('limits and counts', () => {
  it('caps limit silently at maxLimit', async () => {
    const server = await start({ maxLimit: 4 });
    const reply = await callUpstream(server.url, TURNOUT, { limit: 1000, offset: 2 });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ count: 4, data: server.data.turnout.slice(2, 6) });
    expect((await callUpstream(server.url, TURNOUT, { limit: 3 })).json).toEqual({
      count: 3,
      data: server.data.turnout.slice(0, 3),
    });
    expect(await readAll(server.url, TURNOUT, 4)).toEqual(server.data.turnout);
  });

  it("counts records in the response by default, the total matching with 'total', a wrong number with 'wrong'", async () => {
    const records = await start();
    expect((await callUpstream(records.url, TURNOUT, { limit: 4, offset: 12 })).json).toMatchObject({ count: 3 });
    const total = await start({ countMode: 'total' });
    expect((await callUpstream(total.url, TURNOUT, { limit: 4, offset: 12 })).json).toMatchObject({ count: 15 });
    expect((await callUpstream(total.url, TURNOUT, { id_dapil: '0101', limit: 2 })).json).toMatchObject({ count: 5 });
    const wrong = await start({ countMode: 'wrong' });
    const reply = await callUpstream(wrong.url, TURNOUT, { limit: 4 });
    expect((reply.json as { count: number; data: unknown[] }).count).not.toBe(4);
    expect((reply.json as { data: unknown[] }).data).toHaveLength(4);
  });

  it("sends counts as strings by default, as JSON integers with countFormat 'number', grouped with 'grouped'", async () => {
    const field = 'JumlahSeluruhPenggunaHakPilih';
    const strings = await start();
    const first = (await callUpstream(strings.url, TURNOUT, { limit: 1 })).json as { data: Record<string, unknown> };
    const digits = strings.data.turnout[0]?.[field] as string;
    expect(first.data[field]).toBe(digits);
    const numbers = await start({ countFormat: 'number' });
    const sent = (await callUpstream(numbers.url, TURNOUT, { limit: 1000 })).json as {
      data: Record<string, unknown>[];
    };
    expect(sent.data[0]?.[field]).toBe(Number(digits));
    // Every count of every record is a number; the other fields, the year included, stay strings.
    for (const record of sent.data)
      for (const [name, value] of Object.entries(record))
        expect(typeof value, name).toBe(name.startsWith('Jumlah') ? 'number' : 'string');
    expect(numbers.data.turnout[0]?.[field]).toBe(digits);
    const grouped = await start({ countFormat: 'grouped' });
    const groupedReply = (await callUpstream(grouped.url, TURNOUT, { limit: 1 })).json as {
      data: Record<string, unknown>;
    };
    expect(groupedReply.data[field]).toBe(digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.'));
    expect(Number(digits)).toBeGreaterThan(999);
    expect(groupedReply.data[field]).toContain('.');
  });

  it('sends X-Total-Count only when asked', async () => {
    const plain = await start();
    expect((await callUpstream(plain.url, TURNOUT)).headers.get('x-total-count')).toBeNull();
    const server = await start({ totalHeader: true });
    expect((await callUpstream(server.url, TURNOUT, { limit: 2 })).headers.get('x-total-count')).toBe('15');
    expect((await callUpstream(server.url, PARTIES, { tahun_pemilu: 2024 })).headers.get('x-total-count')).toBe('6');
  });

  it('answers every page from offset 0 with ignoreOffset', async () => {
    const server = await start({ ignoreOffset: true });
    expect((await callUpstream(server.url, TURNOUT, { limit: 3, offset: 9 })).json).toEqual({
      count: 3,
      data: server.data.turnout.slice(0, 3),
    });
  });

  it('answers an offset past the end with the last page with clampOffset, so paging never ends', async () => {
    const server = await start({ clampOffset: true });
    const lastPage = { count: 3, data: server.data.turnout.slice(12, 15) };
    expect((await callUpstream(server.url, TURNOUT, { limit: 4, offset: 12 })).json).toEqual(lastPage);
    expect((await callUpstream(server.url, TURNOUT, { limit: 4, offset: 15 })).json).toEqual(lastPage);
    expect((await callUpstream(server.url, TURNOUT, { limit: 4, offset: 1000 })).json).toEqual(lastPage);
    // Within the data, offset is honoured; with no records at all, the page is empty.
    expect((await callUpstream(server.url, TURNOUT, { limit: 4, offset: 13 })).json).toEqual({
      count: 2,
      data: server.data.turnout.slice(13, 15),
    });
    expect((await callUpstream(server.url, PARTIES, { tahun_pemilu: 1999, limit: 4, offset: 8 })).json).toEqual({
      count: 0,
      data: [],
    });
  });

  it('answers slowly with delayMs', async () => {
    const server = await start({ delayMs: 150 });
    const started = performance.now();
    expect((await callUpstream(server.url, TURNOUT, { limit: 1 })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('answers a request asked by value after byValueDelayMs in place of delayMs', async () => {
    // A chain that waits a minute, its requests by value at once: answered well within the test's time.
    const fast = await start({ delayMs: 60_000, byValueDelayMs: 0 });
    expect((await callUpstream(fast.url, TURNOUT, { limit: 1, id_dapil: '0101' })).status).toBe(200);
    const slow = await start({ byValueDelayMs: 150 });
    const started = performance.now();
    expect((await callUpstream(slow.url, TURNOUT, { limit: 1, id_dapil: '0101' })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('logs when each request arrived and when its answer ended', async () => {
    const server = await start({ delayMs: 100 });
    await Promise.all([
      callUpstream(server.url, TURNOUT, { limit: 1 }),
      callUpstream(server.url, PARTIES, { limit: 1 }),
    ]);
    expect(server.requests).toHaveLength(2);
    for (const entry of server.requests) {
      expect(entry.status).toBe(200);
      expect(entry.closedAt).not.toBeNull();
      expect((entry.closedAt as number) - entry.time).toBeGreaterThanOrEqual(99);
    }
  });
});

describe('faults', () => {
  it.each([400, 403, 404, 408, 429, 500, 502, 503, 504] satisfies FaultStatus[])(
    'answers data request 2 with %i, then recovers',
    async (status) => {
      const server = await start({ faults: [{ at: 2, kind: status }] });
      expect((await callUpstream(server.url, TURNOUT, { limit: 1 })).status).toBe(200);
      const faulty = await callUpstream(server.url, PARTIES, { limit: 1 });
      expect(faulty.status).toBe(status);
      expect(faulty.json).toMatchObject({ status });
      expect(faulty.text).not.toContain(KEY);
      expect((await callUpstream(server.url, PARTIES, { limit: 1 })).status).toBe(200);
      expect(server.requests.map((entry) => entry.fault)).toEqual([null, status, null]);
    },
  );

  it('repeats a fault `times` times and sends Retry-After as seconds or an HTTP date', async () => {
    const date = 'Wed, 21 Oct 2015 07:28:00 GMT';
    const server = await start({
      faults: [
        { at: 1, kind: 429, times: 2, retryAfter: 1 },
        { at: 4, kind: 503, retryAfter: date },
      ],
    });
    const statuses = [];
    const retryAfters = [];
    for (let request = 0; request < 5; request += 1) {
      const reply = await callUpstream(server.url, TURNOUT, { limit: 1 });
      statuses.push(reply.status);
      retryAfters.push(reply.headers.get('retry-after'));
    }
    expect(statuses).toEqual([429, 429, 200, 503, 200]);
    expect(retryAfters).toEqual(['1', '1', null, date, null]);
  });

  it('matches a fault by path and offset instead of request number', async () => {
    const server = await start({ faults: [{ path: TURNOUT, offset: 4, kind: 500 }] });
    expect((await callUpstream(server.url, PARTIES, { limit: 4, offset: 4 })).status).toBe(200);
    expect((await callUpstream(server.url, TURNOUT, { limit: 4, offset: 0 })).status).toBe(200);
    expect((await callUpstream(server.url, TURNOUT, { limit: 4, offset: 4 })).status).toBe(500);
    expect((await callUpstream(server.url, TURNOUT, { limit: 4, offset: 4 })).status).toBe(200);
  });

  it("'timeout' never answers, and close() ends the hung connection", async () => {
    const server = await start({ faults: [{ at: 1, kind: 'timeout' }] });
    await expect(callUpstream(server.url, TURNOUT, {}, { signal: AbortSignal.timeout(200) })).rejects.toThrow(
      /abort|timeout/i,
    );
    expect((await callUpstream(server.url, TURNOUT, { limit: 1 })).status).toBe(200);
    expect(server.requests[0]).toMatchObject({ status: null, fault: 'timeout' });
    // The client gave up, so the connection closed: the log says when.
    await waitFor(() => server.requests[0]?.closedAt !== null);

    const hung = await start({ faults: [{ at: 1, kind: 'timeout' }] });
    const pending = callUpstream(hung.url, TURNOUT);
    await waitFor(() => hung.requests.length === 1);
    const started = performance.now();
    await hung.close();
    expect(performance.now() - started).toBeLessThan(1000);
    await expect(pending).rejects.toThrow();
  });

  it("'reset' destroys the connection", async () => {
    const server = await start({ faults: [{ at: 1, kind: 'reset' }] });
    await expect(callUpstream(server.url, TURNOUT)).rejects.toThrow(/fetch failed/);
    expect((await callUpstream(server.url, TURNOUT, { limit: 1 })).status).toBe(200);
    expect(server.requests.map((entry) => [entry.status, entry.fault])).toEqual([
      [null, 'reset'],
      [200, null],
    ]);
    expect(server.requests.every((entry) => entry.closedAt !== null && entry.closedAt >= entry.time)).toBe(true);
  });

  it("'bad-json' answers 200 with an HTML body; 'bad-shape' with JSON whose data is a string", async () => {
    const server = await start({
      faults: [
        { at: 1, kind: 'bad-json' },
        { at: 2, kind: 'bad-shape' },
      ],
    });
    const html = await callUpstream(server.url, TURNOUT);
    expect(html.status).toBe(200);
    expect(html.json).toBeUndefined();
    expect(html.text).toMatch(/^<html>/);
    const shape = await callUpstream(server.url, TURNOUT);
    expect(shape.status).toBe(200);
    expect(shape.json).toEqual({ count: 1, data: 'unexpected' });
  });

  it('close() also ends a pending delay at once', async () => {
    const server = await start({ delayMs: 60_000 });
    const pending = callUpstream(server.url, TURNOUT);
    await waitFor(() => server.requests.length === 1);
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(1000);
    await expect(pending).rejects.toThrow();
  });
});

describe('data changing mid-harvest', () => {
  it('applies a mutation after the N-th data request, once', async () => {
    const extra = { ...createData().turnout[0], NamaKabupaten: 'KABUPATEN CONTOH BARU' };
    const server = await start({
      mutation: { afterRequest: 2, dataset: 'turnout', apply: (records) => [extra, ...records] },
    });
    const original = server.data.turnout;
    expect((await callUpstream(server.url, TURNOUT, { limit: 2 })).json).toEqual({
      count: 2,
      data: original.slice(0, 2),
    });
    expect((await callUpstream(server.url, PARTIES, { limit: 2 })).status).toBe(200);
    expect((await callUpstream(server.url, TURNOUT, { limit: 2 })).json).toEqual({
      count: 2,
      data: [extra, original[0]],
    });
    expect((await callUpstream(server.url, TURNOUT, { limit: 2 })).json).toEqual({
      count: 2,
      data: [extra, original[0]],
    });
    expect(server.getData('turnout')).toHaveLength(16);
  });

  it("preset 'insert-front' adds a record under a new key at the front of either dataset", async () => {
    const server = await start({
      mutation: [createMutationPreset('insert-front', 1), createMutationPreset('insert-front', 1, 'parties')],
    });
    const { turnout, parties } = server.data;
    expect((await callUpstream(server.url, TURNOUT, { limit: 1 })).json).toMatchObject({ data: turnout[0] });
    expect(server.getData('turnout')).toEqual(turnout);
    await callUpstream(server.url, PARTIES, { limit: 1 });
    const [inserted, ...rest] = server.getData('turnout');
    expect(rest).toEqual(turnout);
    expect(inserted?.NamaKabupaten).toBe(`${String(turnout[0]?.NamaKabupaten)} SISIPAN`);
    expect(brokenTurnoutRules(inserted as RawRecord)).toEqual([]);
    const [newParty] = server.getData('parties');
    expect(newParty?.NomorUrutPartai).toBe('7');
    expect(server.getData('parties').slice(1)).toEqual(parties);
  });

  it("preset 'change-value' changes one figure of the first record and keeps the rules", async () => {
    const server = await start({ mutation: createMutationPreset('change-value', 0) });
    const before = server.data.turnout[0] as RawRecord;
    const after = ((await callUpstream(server.url, TURNOUT, { limit: 1 })).json as { data: RawRecord }).data;
    expect(after.JumlahSeluruhPenggunaHakPilih).toBe(String(Number(before.JumlahSeluruhPenggunaHakPilih) + 1));
    expect(brokenTurnoutRules(after)).toEqual([]);
    const changed = Object.keys(before).filter((name) => before[name] !== after[name]);
    expect(changed).toHaveLength(4);

    const parties = await start({ mutation: createMutationPreset('change-value', 0, 'parties') });
    const party = ((await callUpstream(parties.url, PARTIES, { limit: 1 })).json as { data: RawRecord }).data;
    expect(party.KetuaUmum).toBe(`${String(parties.data.parties[0]?.KetuaUmum)} (DIUBAH)`);
  });

  it("preset 'remove-first' shifts every later page back by one", async () => {
    const server = await start({ mutation: createMutationPreset('remove-first', 1) });
    const first = ((await callUpstream(server.url, TURNOUT, { limit: 5 })).json as { data: RawRecord[] }).data;
    const second = ((await callUpstream(server.url, TURNOUT, { limit: 5, offset: 5 })).json as { data: RawRecord[] })
      .data;
    expect(first).toEqual(server.data.turnout.slice(0, 5));
    expect(second).toEqual(server.data.turnout.slice(6, 11));
  });

  it('setData replaces a dataset between builds', async () => {
    const server = await start();
    const replacement = generateTurnoutRecords({ years: [2019], dapils: 1, regenciesPerDapil: 2, seed: 99 });
    server.setData('turnout', replacement);
    expect((await callUpstream(server.url, TURNOUT)).json).toEqual({ count: 2, data: replacement });
    expect(server.getData('turnout')).toEqual(replacement);
    expect(server.dataRequestCount).toBe(1);
  });
});

describe('serving the demo data', () => {
  it('serves the synthetic demo dataset completely', async () => {
    const data = demoDataset();
    const server = await start({ data });
    expect(await readAll(server.url, TURNOUT, 7)).toEqual(data.turnout);
    expect(await readAll(server.url, PARTIES, 7)).toEqual(data.parties);
  });
});

describe.skipIf(!hasRealData)('serving the real files in ../shared/data', () => {
  it('serves every real record, page by page, exactly as in the files', async () => {
    const data = await loadUpstreamData(Object.values(REAL_FILES));
    const server = await start({ data, maxLimit: 100 });
    const turnout = await readAll(server.url, TURNOUT, 100);
    expect(turnout).toHaveLength(267);
    expect(turnout).toEqual(data.turnout);
    expect(await readAll(server.url, PARTIES, 100)).toEqual(data.parties);
    const aceh = await callUpstream(server.url, TURNOUT, { id_dapil: 1101, limit: 100 });
    expect((aceh.json as { data: RawRecord[] }).data.every((record) => record.NamaDapil === 'ACEH I')).toBe(true);
    expect((await callUpstream(server.url, PARTIES, { tahun_pemilu: 2019, limit: 100 })).json).toMatchObject({
      count: 20,
    });
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !condition(); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('condition not met in time');
}
