// The real harvest against the stand-in upstream on a real port, once for each behaviour UPSTREAM.md leaves open:
// the harvested records are exactly the served ones, or the build stops with the documented error. The cases run
// the CLI's own `main` in this process (runCliInProcess: same exit code and output, no Node start-up each; a harvest
// that fails awaits every request it made before it returns), the contract of the process itself (exit codes, --json,
// output to pipes, the key never printed) with the real CLI.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { filterValueText } from '../../scripts/datasets/dataset-definition.ts';
import type { EndEvidence, PageProvenance } from '../../scripts/harvest/harvest-store.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { filterRefused, statusFromPage } from '../../scripts/upstream/hostile-envelopes.ts';
import type { UpstreamFault, UpstreamServerOptions } from '../../scripts/upstream/upstream-server.ts';
import { type UpstreamData, withDemoRecords } from '../../scripts/upstream/upstream-data.ts';
import {
  createHarvestWorld,
  expectHarvestedExactly,
  FAST_SETTINGS,
  readLatestHarvested,
  TEST_KEY,
  type HarvestWorld,
} from '../support/harvest-fixtures.ts';
import { runCli, runCliInProcess } from '../support/run-cli.ts';

function syntheticData(): UpstreamData {
  return withDemoRecords({
    turnout: generateTurnoutRecords({ years: [2019, 2024], dapils: 5, regenciesPerDapil: 3, seed: 7 }),
    parties: generatePartyRecords({ years: [2019, 2024], parties: 6, seed: 7 }),
  });
}

let world: HarvestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** A harvest that completes, run in this process (see the top of the file). */
async function harvestWith(
  options: Partial<UpstreamServerOptions>,
  env: Record<string, string> = {},
  args: string[] = [],
) {
  const data = syntheticData();
  world = await createHarvestWorld(data, options, { KPU_PAGE_SIZE: '7', ...env });
  const run = await runCliInProcess(['harvest', '--json', ...args], { env: world.env });
  return { data, run, world };
}

/** A harvest that stops with an error, run in this process too. */
async function harvestFailingWith(options: Partial<UpstreamServerOptions>, env: Record<string, string> = {}) {
  const data = syntheticData();
  world = await createHarvestWorld(data, options, { KPU_PAGE_SIZE: '7', ...env });
  const run = await runCliInProcess(['harvest', '--json'], { env: world.env });
  return { data, run, world };
}

function errorOf(stdout: string): { code: string; stage: string; message: string; hint: string } {
  return (JSON.parse(stdout) as { error: { code: string; stage: string; message: string; hint: string } }).error;
}

describe('harvest: every shape of data', () => {
  it.each<[string, Partial<UpstreamServerOptions>]>([
    ['arrays (a bare object for one record)', { shape: 'array' }],
    ['objects keyed by position', { shape: 'keyed' }],
    ['always arrays', { shape: 'always-array' }],
    ['{} for no records', { emptyData: 'object' }],
  ])('harvests exactly the served records when pages are %s', async (_name, options) => {
    const { data, run, world: current } = await harvestWith(options);
    expect(run.code, run.stderr).toBe(0);
    await expectHarvestedExactly(current.cacheDir, data);
  });

  it.each<[string, Partial<UpstreamServerOptions>]>([
    ['null for no records', { emptyData: 'null' }],
    ['no data field for no records', { emptyData: 'absent' }],
  ])(
    'stops with UPSTREAM_UNKNOWN_ENVELOPE when the end of the data is %s: nothing says the data ended',
    async (_name, options) => {
      const { run, world: current } = await harvestFailingWith(options, { KPU_RETRIES: '1' });
      expect(run.code).toBe(3);
      expect(errorOf(run.stdout).code).toBe('UPSTREAM_UNKNOWN_ENVELOPE');
      await expect(readLatestHarvested(current.cacheDir)).rejects.toThrow(/no complete harvest/);
    },
  );

  it('reads a last page holding a single record, sent as the bare object', async () => {
    const data = syntheticData();
    // 30 turnout records in pages of 29: the second page holds one record.
    world = await createHarvestWorld(data, { shape: 'array' }, { KPU_PAGE_SIZE: '29' });
    const run = await runCliInProcess(['harvest', '--json'], { env: world.env });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await expectHarvestedExactly(world.cacheDir, data);
    expect(harvested.manifest.datasets.turnout?.shapes).toContain('single');
  });
});

describe('harvest: paging', () => {
  it('keeps paging past a silent cap on limit, by the number of records received', async () => {
    const { data, run, world: current } = await harvestWith({ maxLimit: 4 }, { KPU_PAGE_SIZE: '1000' });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await expectHarvestedExactly(current.cacheDir, data);
    // 30 records at 4 a page: 8 pages with records, then the empty page that ends the chain.
    expect(harvested.manifest.datasets.turnout?.pages).toBe(9);
    expect(harvested.manifest.datasets.turnout?.pageFiles.map((page) => page.offset)).toEqual([
      0, 4, 8, 12, 16, 20, 24, 28, 30,
    ]);
  });

  it('stops with HARVEST_OFFSET_IGNORED when later pages repeat the first', async () => {
    const { run } = await harvestFailingWith({ ignoreOffset: true });
    expect(run.code).toBe(3);
    const error = errorOf(run.stdout);
    expect(error.code).toBe('HARVEST_OFFSET_IGNORED');
    expect(error.message).toMatch(
      /the page at offset 7 holds only records of earlier pages .* the page at offset 8 the very same records: http:\/\/127\.0\.0\.1:\d+\/api\/\w+\?limit=7&offset=7/,
    );
  });

  it('stops with HARVEST_OFFSET_IGNORED, at once, when every offset past the end answers the last page again', async () => {
    // Unnoticed, the chain would never reach an empty page: KPU_MAX_PAGES would end it, with a different error.
    const { run, world: current } = await harvestFailingWith({ clampOffset: true }, { KPU_MAX_PAGES: '50' });
    expect(run.code).toBe(3);
    const error = errorOf(run.stdout);
    expect(error.code).toBe('HARVEST_OFFSET_IGNORED');
    // 30 turnout records (last page at 28) and 12 party records (last page at 7), in pages of 7.
    expect(error.message).toMatch(
      /turnout: the page at offset 30 .*offset=30$|parties: the page at offset 12 .*offset=12$/,
    );
    // 6 turnout and 3 party pages, a look one record on, and requests made ahead: nowhere near the 50 pages.
    expect(current.upstream.dataRequestCount).toBeLessThan(30);
    await expect(readLatestHarvested(current.cacheDir)).rejects.toThrow(/no complete harvest/);
  });

  it("keeps a source that repeats a whole page of keys: one record on, the page moves, so that is the source's own", async () => {
    const data = syntheticData();
    // The keys of records 0-6 again at 14-20, with other counts: in pages of 7, the page at offset 14 holds the keys of
    // the first page over again (an exact repeat of the records would be HARVEST_RECORD_REPEATED, below).
    data.turnout.splice(
      14,
      0,
      ...data.turnout.slice(0, 7).map((record) => ({ ...record, JumlahSeluruhPenggunaHakPilih: '1' })),
    );
    world = await createHarvestWorld(data, {}, { KPU_PAGE_SIZE: '7' });
    const run = await runCliInProcess(['harvest', '--json'], { env: world.env });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await expectHarvestedExactly(world.cacheDir, data);
    expect(harvested.records.turnout).toHaveLength(37);
    expect(harvested.manifest.attempts).toBe(2);
    expect(harvested.manifest.warnings.join('\n')).toMatch(
      /turnout: 7 keys appear on two pages .* kept as the source's own duplicates/,
    );
  });

  it.each<[string, (turnout: Record<string, string>[]) => void]>([
    ['on a later page', (turnout) => turnout.splice(10, 0, { ...(turnout[0] as Record<string, string>) })],
    ['on the same page', (turnout) => turnout.splice(2, 0, { ...(turnout[0] as Record<string, string>) })],
    [
      'a whole page over again',
      (turnout) => turnout.splice(14, 0, ...turnout.slice(0, 7).map((record) => ({ ...record }))),
    ],
  ])(
    'stops with HARVEST_RECORD_REPEATED when a record comes twice exactly (same key, same values) %s',
    async (_name, repeat) => {
      const data = syntheticData();
      repeat(data.turnout as Record<string, string>[]);
      world = await createHarvestWorld(data, {}, { KPU_PAGE_SIZE: '7' });
      const run = await runCliInProcess(['harvest', '--json'], { env: world.env });
      expect(run.code, run.stderr).toBe(3);
      const error = errorOf(run.stdout);
      expect(error.code).toBe('HARVEST_RECORD_REPEATED');
      expect(error.message).toMatch(/turnout: record \d+ of the page at offset \d+ repeats .* exactly \(key /);
      // Two full harvests, then the harvest is gone: resuming it would only fetch the same fault again.
      await expect(readLatestHarvested(world.cacheDir)).rejects.toThrow(/no complete harvest/);
      await expect(readdir(path.join(world.cacheDir, 'harvest', 'partial'))).rejects.toThrow(/ENOENT/);
    },
  );

  it('stops with HARVEST_TOO_MANY_PAGES at the page cap', async () => {
    const { run } = await harvestFailingWith({}, { KPU_MAX_PAGES: '3' });
    expect(run.code).toBe(3);
    expect(errorOf(run.stdout).code).toBe('HARVEST_TOO_MANY_PAGES');
  });

  it('trusts the records present when count disagrees, and reports it', async () => {
    const { data, run, world: current } = await harvestWith({ countMode: 'wrong' });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await expectHarvestedExactly(current.cacheDir, data);
    expect(harvested.manifest.warnings.join('\n')).toMatch(/count.*disagrees/);
  });

  it('uses X-Total-Count when sent', async () => {
    const { data, run, world: current } = await harvestWith({ totalHeader: true, countMode: 'total' });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await expectHarvestedExactly(current.cacheDir, data);
    expect(harvested.manifest.datasets.turnout?.totalCount).toBe(data.turnout.length);
  });

  it('joins a base URL with a path prefix, and can use POST', async () => {
    const data = syntheticData();
    world = await createHarvestWorld(data, { basePath: '/kpu' }, { KPU_HTTP_METHOD: 'POST' });
    expect(world.upstream.url).toMatch(/\/kpu$/);
    const run = await runCliInProcess(['harvest', '--json'], { env: world.env });
    expect(run.code, run.stderr).toBe(0);
    await expectHarvestedExactly(world.cacheDir, data);
    expect(new Set(world.upstream.requests.map((request) => request.method))).toEqual(new Set(['POST']));
  });
});

describe('harvest: errors the upstream may send', () => {
  it.each<[string, Partial<UpstreamServerOptions>]>([
    ['429 with Retry-After', { faults: [{ at: 2, kind: 429, times: 2, retryAfter: 1 }] }],
    [
      '429 with an HTTP-date Retry-After',
      { faults: [{ at: 1, kind: 429, retryAfter: new Date(Date.now() + 500).toUTCString() }] },
    ],
    ['408', { faults: [{ at: 1, kind: 408 }] }],
    [
      '500 then 502',
      {
        faults: [
          { at: 1, kind: 500 },
          { at: 3, kind: 502 },
        ],
      },
    ],
    [
      '503 and 504',
      {
        faults: [
          { at: 2, kind: 503 },
          { at: 4, kind: 504 },
        ],
      },
    ],
    ['a request that never answers', { faults: [{ at: 2, kind: 'timeout' }] }],
    ['a connection reset', { faults: [{ at: 3, kind: 'reset' }] }],
    ['a body that is not JSON, once', { faults: [{ at: 2, kind: 'bad-json' }] }],
  ])('retries through %s and harvests everything', async (_name, options) => {
    // A short throttle pause after a 429 (test-only settings); a Retry-After is still waited for in full.
    const {
      data,
      run,
      world: current,
    } = await harvestWith(options, {
      KPU_TIMEOUT_MS: '700',
      KPU_TEST_THROTTLE_FLOOR_MS: '20',
      KPU_TEST_THROTTLE_CEILING_MS: '100',
    });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await expectHarvestedExactly(current.cacheDir, data);
    expect(harvested.manifest.retries).toBeGreaterThan(0);
  });

  it('honours Retry-After: the retry waits at least that long', async () => {
    const { run, world: current } = await harvestWith(
      { faults: [{ at: 1, kind: 429, retryAfter: 1 }] },
      { KPU_CONCURRENCY: '1' },
    );
    expect(run.code, run.stderr).toBe(0);
    const [first, second] = current.upstream.requests.filter(
      (request) => request.query.offset === '0' && request.path.endsWith('datahakpilihdpr'),
    );
    expect(first?.status).toBe(429);
    expect((second?.time ?? 0) - (first?.time ?? 0)).toBeGreaterThanOrEqual(950);
  });

  // The timeout is 300 ms only where timeouts are the subject: elsewhere an answer slowed past it on a busy machine
  // would count as a timeout, not as the fault under test (a first bad-JSON answer cut short as a timeout left the
  // second the only one the harvest saw, and the third attempt succeeded: exit 0).
  it.each<[string, Partial<UpstreamServerOptions>, string]>([
    ['persistent 503', { faults: [{ at: 1, kind: 503, times: 1000 }] }, 'UPSTREAM_SERVER_ERROR'],
    ['persistent 429', { faults: [{ at: 1, kind: 429, times: 1000, retryAfter: 0 }] }, 'UPSTREAM_THROTTLED'],
    ['a Retry-After longer than allowed', { faults: [{ at: 1, kind: 429, retryAfter: 3600 }] }, 'UPSTREAM_THROTTLED'],
    ['persistent timeouts', { faults: [{ at: 1, kind: 'timeout', times: 1000 }] }, 'UPSTREAM_TIMEOUT'],
    [
      'a body that is not JSON, twice',
      { faults: [{ path: '/api/profilpartai', offset: 0, kind: 'bad-json', times: 2 }] },
      'UPSTREAM_BAD_JSON',
    ],
    ['JSON of an unexpected shape', { faults: [{ at: 1, kind: 'bad-shape' }] }, 'UPSTREAM_UNEXPECTED_SHAPE'],
    ['404', { faults: [{ at: 1, kind: 404 }] }, 'UPSTREAM_CLIENT_ERROR'],
    ['400', { faults: [{ at: 2, kind: 400 }] }, 'UPSTREAM_CLIENT_ERROR'],
    ['403', { faults: [{ at: 1, kind: 403 }] }, 'UPSTREAM_KEY_REFUSED'],
    ['501, a server error never retried', { hostile: statusFromPage(1, 501) }, 'UPSTREAM_SERVER_ERROR'],
    ['an empty page sent with 202', { hostile: statusFromPage(1, 202) }, 'UPSTREAM_UNEXPECTED_STATUS'],
    ['304 Not Modified', { hostile: statusFromPage(1, 304) }, 'UPSTREAM_UNEXPECTED_STATUS'],
  ])('stops on %s with %s, exit code 3, and no complete harvest', async (_name, options, code) => {
    // The throttle's pause grows from 20 ms to at most 100 ms here (test-only settings): the growth itself is
    // harvest-throttling.test.ts's subject, and from 250 ms to 10 s it made "persistent 429" take 16 s.
    const { run, world: current } = await harvestFailingWith(options, {
      KPU_TIMEOUT_MS: code === 'UPSTREAM_TIMEOUT' ? '300' : (FAST_SETTINGS.KPU_TIMEOUT_MS as string),
      KPU_RETRIES: '2',
      KPU_TEST_THROTTLE_FLOOR_MS: '20',
      KPU_TEST_THROTTLE_CEILING_MS: '100',
    });
    expect(run.code).toBe(3);
    const error = errorOf(run.stdout);
    expect(error.code).toBe(code);
    expect(error.stage).toBe('harvest');
    expect(error.hint.length).toBeGreaterThan(10);
    await expect(readLatestHarvested(current.cacheDir)).rejects.toThrow(/no complete harvest/);
  });

  it.each<[string, UpstreamFault, string, string]>([
    [
      'another 4xx',
      { at: 2, kind: 404 },
      'UPSTREAM_CLIENT_ERROR',
      '{"status":404,"error":"Not Found","message":"injected fault"}',
    ],
    [
      'JSON of an unexpected shape',
      { at: 2, kind: 'bad-shape' },
      'UPSTREAM_UNEXPECTED_SHAPE',
      '{"count":1,"data":"unexpected"}',
    ],
    [
      'a body that is not JSON, twice',
      { path: '/api/profilpartai', offset: 7, kind: 'bad-json', times: 2 },
      'UPSTREAM_BAD_JSON',
      '<title>502 Bad Gateway</title>',
    ],
  ])(
    'on %s, names the request with its limit and offset (not the key) and quotes the body',
    async (_name, fault, code, snippet) => {
      const { run, world: current } = await harvestFailingWith({ faults: [fault] });
      expect(run.code).toBe(3);
      const error = errorOf(run.stdout);
      expect(error.code).toBe(code);
      const faulted = current.upstream.requests.filter((request) => request.fault === fault.kind);
      expect(faulted).toHaveLength(fault.times ?? 1);
      const [request] = faulted;
      const { limit, offset } = request?.query ?? {};
      expect(limit).toBe('7');
      expect(error.message).toContain(
        `http://127.0.0.1:${current.upstream.port}${request?.path}?limit=${limit}&offset=${offset}`,
      );
      expect(error.message).toContain(snippet);
      expect(`${run.stdout}${run.stderr}`).not.toContain(TEST_KEY);
    },
  );

  it.each([
    ['a 400', { status: 400, body: '{"message":"unknown parameter"}' }, 'UPSTREAM_CLIENT_ERROR'],
    ['an error envelope', { body: '{"status":false,"message":"filter not supported"}' }, 'UPSTREAM_ERROR_ENVELOPE'],
    ['a 500, retried', { status: 500, body: '{"message":"internal error"}' }, 'UPSTREAM_SERVER_ERROR'],
  ])(
    'harvests every record when the filter is answered with %s: it is never required, and the manifest says so',
    async (_name, answer, code) => {
      const { data, run, world: current } = await harvestWith({ hostile: filterRefused(answer) }, { KPU_RETRIES: '1' });
      expect(run.code, run.stderr).toBe(0);
      const harvested = await expectHarvestedExactly(current.cacheDir, data);
      const warnings = harvested.manifest.warnings.filter((warning) => warning.includes('does not answer'));
      expect(warnings).toEqual([
        expect.stringMatching(
          new RegExp(`^turnout: the upstream does not answer id_dapil=\\d+ \\(${code}: .*confirmation alone\\.$`),
        ),
        expect.stringMatching(
          new RegExp(`^parties: the upstream does not answer tahun_pemilu=2024 \\(${code}: .*confirmation alone\\.$`),
        ),
      ]);
      // The manifest's evidence of the end: the empty page after the records, asked again; the filter unanswered.
      expect(harvested.manifest.datasets.parties?.end).toEqual({
        emptyPageOffset: data.parties.length,
        confirmed: true,
        byValue: {
          parameter: 'tahun_pemilu',
          valuesReturned: 0,
          recordsAnswered: 0,
          unseenValuesAsked: 0,
          unanswered: expect.stringMatching(new RegExp(`^the upstream does not answer tahun_pemilu=2024 \\(${code}: `)),
        },
      });
    },
  );

  it('stops at once on a refused key, says so without printing the key, and does not retry', async () => {
    const data = syntheticData();
    world = await createHarvestWorld(data);
    const run = await runCli(['harvest'], { env: { ...world.env, KPU_API_KEY: 'wrong-key-XYZ' } });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('UPSTREAM_KEY_REFUSED');
    expect(run.stderr).toContain('KPU_API_KEY');
    expect(`${run.stdout}${run.stderr}`).not.toContain('wrong-key-XYZ');
    expect(world.upstream.requests.filter((request) => request.status === 401).length).toBeLessThanOrEqual(2);
  });
});

describe('harvest: data changing during the harvest', () => {
  it('harvests again once when the data moves, and keeps the consistent second harvest', async () => {
    const { run, world: current } = await harvestWith({
      mutation: {
        afterRequest: 2,
        dataset: 'turnout',
        apply: (records) => [{ ...records[0], NamaKabupaten: 'KABUPATEN CONTOH BARU' }, ...records],
      },
    });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await readLatestHarvested(current.cacheDir);
    expect(harvested.manifest.attempts).toBe(2);
    expect(harvested.records.turnout).toEqual(current.upstream.getData('turnout'));
    expect(harvested.records.turnout?.[0]?.NamaKabupaten).toBe('KABUPATEN CONTOH BARU');
  });

  it('fails with HARVEST_INCONSISTENT when the data keeps moving', async () => {
    const insert = (n: number) => ({
      afterRequest: n,
      dataset: 'turnout' as const,
      apply: (records: readonly Record<string, unknown>[]) => [
        { ...records[0], NamaKabupaten: `KABUPATEN CONTOH BARU ${n}` },
        ...records,
      ],
    });
    // A new record at the front every fourth request, for as long as the harvest runs. (One between a page of seen
    // records and the same page one record further on is what an upstream ignoring `offset` answers, and is named
    // so: HARVEST_OFFSET_IGNORED, a test of its own; every third request falls there once.)
    const { run } = await harvestFailingWith({
      mutation: Array.from({ length: 40 }, (_, index) => insert(2 + 4 * index)),
    });
    expect(run.code).toBe(3);
    expect(errorOf(run.stdout).code).toBe('HARVEST_INCONSISTENT');
  });

  it('detects a changed first page even when no key repeats', async () => {
    const change = {
      afterRequest: 3,
      dataset: 'parties' as const,
      apply: (records: readonly Record<string, unknown>[]) =>
        records.map((record, index) => (index === 0 ? { ...record, KetuaUmum: 'Nama Baru' } : record)),
    };
    const { run, world: current } = await harvestWith({ mutation: change });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await readLatestHarvested(current.cacheDir);
    expect(harvested.manifest.attempts).toBe(2);
    expect(harvested.records.parties?.[0]?.KetuaUmum).toBe('Nama Baru');
  });

  it("publishes the source's own duplicate keys when two full harvests agree on them", async () => {
    const data = syntheticData();
    const duplicate = { ...data.turnout[0], JumlahSeluruhPenggunaHakPilih: '1' };
    data.turnout.splice(10, 0, duplicate as Record<string, string>);
    world = await createHarvestWorld(data, {}, { KPU_PAGE_SIZE: '7' });
    const run = await runCliInProcess(['harvest', '--json'], { env: world.env });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await expectHarvestedExactly(world.cacheDir, data);
    expect(harvested.manifest.attempts).toBe(2);
    expect(harvested.manifest.warnings.join('\n')).toMatch(/source's own duplicates/);
  });
});

describe('harvest: output', () => {
  it('prints a readable summary by default and JSON with --json', async () => {
    const data = syntheticData();
    world = await createHarvestWorld(data, {}, { KPU_PAGE_SIZE: '7' });
    const text = await runCli(['harvest'], { env: world.env });
    expect(text.code, text.stderr).toBe(0);
    // Each line says what the query's filter confirmed: every value of the pages read again, and the official
    // values the data lacks (84 dapils in the official tables; 2014, 2019 and 2024) asked without finding a record.
    const dapils = new Set(data.turnout.map((record) => filterValueText(record.IdDapil))).size;
    expect(text.stdout).toMatch(
      new RegExp(
        `turnout +30 records in 6 pages, confirmed by id_dapil: ${dapils} values read again, ${84 - dapils} official values without records\n`,
      ),
    );
    expect(text.stdout).toMatch(
      /parties +12 records in 3 pages, confirmed by tahun_pemilu: 2 values read again, 1 official value without records\n/,
    );
    const json = await runCli(['harvest', '--json'], { env: world.env });
    const summary = JSON.parse(json.stdout) as {
      ok: boolean;
      harvest: { datasets: Record<string, { records: number; end: EndEvidence | null }> };
    };
    expect(summary.ok).toBe(true);
    expect(summary.harvest.datasets.turnout?.records).toBe(30);
    expect(summary.harvest.datasets.turnout?.end?.byValue).toMatchObject({
      valuesReturned: dapils,
      recordsAnswered: 30,
    });
  });
});

describe('harvest: what is kept of each page', () => {
  it('stores the body exactly as sent, its provenance, and the harvest times and host in the manifest', async () => {
    const data = syntheticData();
    // Each answer waits 30 ms, a floor for the recorded durations.
    world = await createHarvestWorld(data, { delayMs: 30, byValueDelayMs: 0 }, { KPU_PAGE_SIZE: '7' });
    const before = Date.now();
    const run = await runCliInProcess(['harvest', '--json'], { env: world.env });
    const after = Date.now();
    expect(run.code, run.stderr).toBe(0);
    const { dir, manifest } = await readLatestHarvested(world.cacheDir);

    // The second page of party profiles: records 7 to 11, whose links and decree numbers hold slashes.
    const provenance = JSON.parse(
      await readFile(path.join(dir, 'pages/parties/000000000007.json'), 'utf8'),
    ) as PageProvenance;
    const url = `${world.upstream.url}/api/profilpartai?limit=7&offset=7`;
    const body = await readFile(path.join(dir, 'pages/parties/000000000007.body'));
    expect(provenance).toEqual({
      dataset: 'parties',
      offset: 7,
      limit: 7,
      url,
      method: 'GET',
      fetchedAt: expect.any(String),
      status: 200,
      durationMs: expect.any(Number),
      attempts: 1,
      bytes: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
      records: 5,
      count: 5,
      shape: 'array',
      totalCount: null,
      file: 'pages/parties/000000000007.body',
    });
    expect(provenance.url).not.toContain(TEST_KEY);
    expect(Number.isInteger(provenance.durationMs)).toBe(true);
    expect(provenance.durationMs).toBeGreaterThanOrEqual(29);

    // The very bytes the stand-in sends for that request, slashes escaped as the real API writes them: a body
    // parsed and written again would read "https://".
    const sent = await fetch(url, { headers: { 'x-api-key': TEST_KEY } });
    expect(body.equals(Buffer.from(await sent.arrayBuffer()))).toBe(true);
    expect(body.toString('utf8')).toContain('"Link":"https:\\/\\/contoh.example\\/partai\\/');
    expect((JSON.parse(body.toString('utf8')) as { data: unknown }).data).toEqual(data.parties.slice(7, 12));

    // The manifest lists the same provenance, names the upstream's host, and its times frame every page's.
    expect(manifest.datasets.parties?.pageFiles[1]).toEqual(provenance);
    expect(manifest.parameters.upstreamHost).toBe(`127.0.0.1:${world.upstream.port}`);
    const times = [manifest.startedAt, provenance.fetchedAt, manifest.finishedAt];
    for (const time of times) expect(new Date(Date.parse(time)).toISOString()).toBe(time);
    const [startedAt, fetchedAt, finishedAt] = times.map(Date.parse) as [number, number, number];
    expect(before).toBeLessThanOrEqual(startedAt);
    expect(startedAt).toBeLessThanOrEqual(fetchedAt);
    expect(fetchedAt).toBeLessThanOrEqual(finishedAt);
    expect(finishedAt).toBeLessThanOrEqual(after);
  });
});

describe('harvest: output in CI', () => {
  it('draws no live status line when CI=true and output goes to pipes: plain lines, retries among them', async () => {
    const data = syntheticData();
    world = await createHarvestWorld(data, { faults: [{ at: 2, kind: 503 }] }, { KPU_PAGE_SIZE: '7' });
    const run = await runCli(['harvest'], { env: { ...world.env, CI: 'true' } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /^retry: HTTP 503 from http:\/\/127\.0\.0\.1:\d+\/api\/\w+\?limit=7&offset=\d+; attempt 2 in \d+ ms$/m,
    );
    for (const output of [run.stderr, run.stdout]) {
      expect(output).not.toContain('\r');
      expect(output).not.toContain('\x1b[');
    }
  });
});
