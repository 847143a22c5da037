// The real harvest command (the CLI's own `main`, run in this process: runCliInProcess) against the stand-in
// upstream's hostile answers (docs/upstream.md): errors sent as HTTP 200 data, an end of data that contradicts
// `count`, overlapping pages, keyed data whose keys are not the positions. Each is retried or stops with its own
// code; none becomes a smaller or doubled dataset.
import { afterEach, describe, expect, it } from 'vitest';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import {
  countWithoutData,
  earlyEndWithTotal,
  envelopeFromPage,
  errorEnvelopeOnEveryPage,
  errorEnvelopeOnPage,
  errorRecords,
  endPageCount,
  keyedWithKeys,
  nameWrittenTwice,
  oneBasedOffsets,
} from '../../scripts/upstream/hostile-envelopes.ts';
import type { UpstreamServerOptions } from '../../scripts/upstream/upstream-server.ts';
import { type UpstreamData, withDemoRecords } from '../../scripts/upstream/upstream-data.ts';
import { errorOf } from '../support/dist-state.ts';
import {
  createHarvestWorld,
  expectHarvestedExactly,
  readLatestHarvested,
  TEST_KEY,
  type HarvestWorld,
} from '../support/harvest-fixtures.ts';
import { runCliInProcess } from '../support/run-cli.ts';

const TURNOUT_PATH = '/api/datahakpilihdpr';

function syntheticData(): UpstreamData {
  return withDemoRecords({
    turnout: generateTurnoutRecords({ years: [2019, 2024], dapils: 4, regenciesPerDapil: 2, seed: 11 }),
    parties: generatePartyRecords({ years: [2024], parties: 5, seed: 11 }),
  });
}

let world: HarvestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function harvestWith(options: Partial<UpstreamServerOptions>, env: Record<string, string> = {}) {
  const data = syntheticData();
  world = await createHarvestWorld(data, options, { KPU_PAGE_SIZE: '3', KPU_RETRIES: '2', ...env });
  const run = await runCliInProcess(['harvest', '--json'], { env: world.env });
  return { data, run, world };
}

/** The requests the stand-in received for one page of the turnout query's chain (not asked by value). */
function turnoutRequestsAt(current: HarvestWorld, offset: number) {
  return current.upstream.requests.filter(
    (request) =>
      request.path === TURNOUT_PATH && request.query.offset === String(offset) && request.query.id_dapil === undefined,
  );
}

describe('errors inside a 200 are retried like a 5xx', () => {
  it('an error envelope on page 2 that clears after two answers: retried, and every record harvested', async () => {
    const {
      data,
      run,
      world: current,
    } = await harvestWith({ hostile: errorEnvelopeOnPage(2, undefined, { path: TURNOUT_PATH, times: 2 }) });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await expectHarvestedExactly(current.cacheDir, data);
    expect(harvested.manifest.retries).toBe(2);
    expect(turnoutRequestsAt(current, 3)).toHaveLength(3);
    expect(run.stderr).toMatch(
      /retry: HTTP 200, but the envelope says error \(status "error".*Database connection failed/,
    );
  });

  it('an error envelope on page 2 every time (KPU_PAGE_SIZE=3, the case of docs/upstream.md): UPSTREAM_ERROR_ENVELOPE after the retries, with the URL and the message', async () => {
    const { run, world: current } = await harvestWith({
      hostile: errorEnvelopeOnPage(2, undefined, { path: TURNOUT_PATH }),
    });
    expect(run.code, run.stderr).toBe(3);
    const error = errorOf(run);
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR_ENVELOPE', stage: 'harvest', exitCode: 3 });
    expect(error.message).toContain(`${current.upstream.url}${TURNOUT_PATH}?limit=3&offset=3`);
    expect(error.message).toContain('Database connection failed');
    expect(error.message).toContain('2 retries exhausted');
    // The first answer and KPU_RETRIES retries.
    expect(turnoutRequestsAt(current, 3)).toHaveLength(3);
    expect(`${run.stdout}${run.stderr}`).not.toContain(TEST_KEY);
    await expect(readLatestHarvested(current.cacheDir)).rejects.toThrow(/no complete harvest/);
  });

  it.each<[string, string, Partial<UpstreamServerOptions>, string]>([
    [
      'every page an error envelope',
      'UPSTREAM_ERROR_ENVELOPE',
      { hostile: errorEnvelopeOnEveryPage() },
      'Database connection failed',
    ],
    [
      'status false',
      'UPSTREAM_ERROR_ENVELOPE',
      { hostile: errorEnvelopeOnEveryPage({ status: false, message: 'Token tidak valid' }) },
      'Token tidak valid',
    ],
    [
      'a code 500 in the body',
      'UPSTREAM_ERROR_ENVELOPE',
      { hostile: errorEnvelopeOnEveryPage({ code: '500', count: '0', data: [] }) },
      'code "500"',
    ],
    [
      '[{"error": …}] as the records',
      'UPSTREAM_NOT_RECORDS',
      { hostile: errorRecords() },
      'Too many requests, slow down',
    ],
  ])('%s: %s', async (_name, code, options, snippet) => {
    const { run, world: current } = await harvestWith(options);
    expect(run.code, run.stderr).toBe(3);
    const error = errorOf(run);
    expect(error.code).toBe(code);
    expect(error.message).toContain('retries exhausted');
    expect(error.message).toContain(snippet);
    await expect(readLatestHarvested(current.cacheDir)).rejects.toThrow(/no complete harvest/);
  });
});

describe('an end of data that contradicts count', () => {
  it('{"count":"8","data":null} on every page (docs/upstream.md): UPSTREAM_UNKNOWN_ENVELOPE, not an empty dataset', async () => {
    const { run } = await harvestWith({ hostile: countWithoutData('8') });
    expect(run.code, run.stderr).toBe(3);
    const error = errorOf(run);
    expect(error.code).toBe('UPSTREAM_UNKNOWN_ENVELOPE');
    expect(error.message).toMatch(/`data` is null: not the envelope this upstream sends/);
  });

  it('records, then `data` written again empty (JSON.parse keeps the last): UPSTREAM_UNKNOWN_ENVELOPE, no record dropped', async () => {
    const { run } = await harvestWith({ hostile: nameWrittenTwice('envelope', 2, { path: TURNOUT_PATH }) });
    expect(run.code, run.stderr).toBe(3);
    const error = errorOf(run);
    expect(error.code).toBe('UPSTREAM_UNKNOWN_ENVELOPE');
    expect(error.message).toContain('the envelope repeats a key (3 members written, 2 distinct)');
  });

  it("each record's first field written twice, with two values: UPSTREAM_UNEXPECTED_SHAPE, no value chosen", async () => {
    const { run } = await harvestWith({ hostile: nameWrittenTwice('record', 1, { path: TURNOUT_PATH }) });
    expect(run.code, run.stderr).toBe(3);
    const error = errorOf(run);
    expect(error.code).toBe('UPSTREAM_UNEXPECTED_SHAPE');
    expect(error.message).toContain('a record writes a field twice');
  });

  it('{"count":"8","data":[]} on every page: HARVEST_TRUNCATED, not an empty dataset', async () => {
    const { run } = await harvestWith({ hostile: errorEnvelopeOnEveryPage({ count: '8', data: [] }) });
    expect(run.code, run.stderr).toBe(3);
    const error = errorOf(run);
    expect(error.code).toBe('HARVEST_TRUNCATED');
    expect(error.message).toMatch(
      /the page at offset 0 has no records, but its count says 8, after 0 records harvested: http/,
    );
  });

  it('an empty last page whose count is one less than the records harvested: HARVEST_TRUNCATED', async () => {
    const { run, data } = await harvestWith({
      hostile: endPageCount((request) => request.matching.length - 1, { path: TURNOUT_PATH }),
    });
    expect(run.code, run.stderr).toBe(3);
    expect(errorOf(run).message).toContain(
      `count says ${data.turnout.length - 1}, after ${data.turnout.length} records harvested`,
    );
  });

  it('an early empty page saying count 0 while X-Total-Count says more: HARVEST_TRUNCATED, the header believed', async () => {
    // From offset 3 on, the turnout query answers as the end of the data, its header still giving the total.
    const { run, data } = await harvestWith({
      totalHeader: true,
      hostile: earlyEndWithTotal(2, { path: TURNOUT_PATH }),
    });
    expect(run.code, run.stderr).toBe(3);
    const error = errorOf(run);
    expect(error.code).toBe('HARVEST_TRUNCATED');
    expect(error.message).toContain(
      `the page at offset 3 has no records, but its X-Total-Count says ${data.turnout.length}, after 3 records harvested`,
    );
  });

  it('an early empty page without the header, after pages whose X-Total-Count says more: HARVEST_TRUNCATED', async () => {
    const { run, data } = await harvestWith({
      totalHeader: true,
      hostile: envelopeFromPage(2, { count: '0', data: [] }, { path: TURNOUT_PATH }),
    });
    expect(run.code, run.stderr).toBe(3);
    expect(errorOf(run)).toMatchObject({ code: 'HARVEST_TRUNCATED' });
    expect(errorOf(run).message).toContain(
      `the page at offset 3 has no records, but the last X-Total-Count says ${data.turnout.length}, after 3 records harvested`,
    );
  });

  it('an empty last page whose count is the total harvested is consistent (a total, as countMode "total" sends)', async () => {
    const {
      run,
      data,
      world: current,
    } = await harvestWith({ hostile: endPageCount((request) => String(request.matching.length)) });
    expect(run.code, run.stderr).toBe(0);
    await expectHarvestedExactly(current.cacheDir, data);
  });

  it("countMode 'total' (the total on every page, the empty end included) is consistent", async () => {
    const { run, data, world: current } = await harvestWith({ countMode: 'total' });
    expect(run.code, run.stderr).toBe(0);
    await expectHarvestedExactly(current.cacheDir, data);
  });

  it("countMode 'wrong' (a wrong count on pages with records, 0 on the empty end) is still only a warning", async () => {
    const { run, data, world: current } = await harvestWith({ countMode: 'wrong' });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await expectHarvestedExactly(current.cacheDir, data);
    expect(harvested.manifest.warnings.join('\n')).toMatch(/count.*disagrees/);
  });
});

describe('overlapping pages', () => {
  it('offsets read as 1-based: HARVEST_PAGES_OVERLAP naming both offsets, not duplicated boundary records', async () => {
    const { run, world: current } = await harvestWith({ hostile: oneBasedOffsets() });
    expect(run.code, run.stderr).toBe(3);
    const error = errorOf(run);
    expect(error.code).toBe('HARVEST_PAGES_OVERLAP');
    expect(error.message).toMatch(
      /(turnout|parties): the page at offset 3 begins with the last record of the page at offset 0 \(http:\S+limit=3&offset=3\)/,
    );
    expect(error.message).toContain('Identical in two full harvests.');
    await expect(readLatestHarvested(current.cacheDir)).rejects.toThrow(/no complete harvest/);
  });

  it('with pages of one record too (each page is the one before)', async () => {
    const { run } = await harvestWith({ hostile: oneBasedOffsets() }, { KPU_PAGE_SIZE: '1' });
    expect(run.code, run.stderr).toBe(3);
    expect(errorOf(run).message).toMatch(/the page at offset 1 begins with the last record of the page at offset 0/);
  });
});

describe('overlapping pages: what the docs promise around them', () => {
  it('records inserted in front during the harvest overlap once: harvested again, and the second harvest is kept', async () => {
    const insert = {
      afterRequest: 2,
      dataset: 'turnout' as const,
      apply: (records: readonly Record<string, unknown>[]) => [
        { ...records[0], NamaKabupaten: 'KABUPATEN CONTOH SISIPAN' },
        ...records,
      ],
    };
    const { run, world: current } = await harvestWith({ mutation: insert }, { KPU_CONCURRENCY: '1' });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await readLatestHarvested(current.cacheDir);
    expect(harvested.manifest.attempts).toBe(2);
    expect(harvested.records.turnout).toEqual(current.upstream.getData('turnout'));
  });

  it('a source holding one record twice in a row fails: across a page boundary as overlapping pages, within a page as a repeated record', async () => {
    const data = syntheticData();
    // Records 2 and 3 identical: with pages of 3, the page at offset 3 begins with the last record of the page at 0.
    data.turnout.splice(3, 0, { ...data.turnout[2] } as (typeof data.turnout)[number]);
    world = await createHarvestWorld(data, {}, { KPU_PAGE_SIZE: '3', KPU_RETRIES: '2' });
    const run = await runCliInProcess(['harvest', '--json'], { env: world.env });
    expect(run.code, run.stderr).toBe(3);
    expect(errorOf(run).message).toMatch(
      /turnout: the page at offset 3 begins with the last record of the page at offset 0/,
    );
    // Another page size moves the boundary: the two copies share a page, and a record repeated exactly on one page
    // is a paging fault too (it hides the record it took the place of).
    const other = await runCliInProcess(['harvest', '--json'], { env: { ...world.env, KPU_PAGE_SIZE: '4' } });
    expect(other.code, other.stderr).toBe(3);
    expect(errorOf(other)).toMatchObject({ code: 'HARVEST_RECORD_REPEATED' });
    expect(errorOf(other).message).toMatch(
      /turnout: record 3 of the page at offset 0 repeats record 2 of the same page exactly/,
    );
  });
});

describe('keyed data whose keys are not the positions', () => {
  it.each<[string, (offset: number, records: number) => string[], RegExp]>([
    [
      '"0","01","1","00" (the case of docs/upstream.md: two records dropped, two doubled)',
      () => ['0', '01', '1', '00'],
      /the key "01" is not a position \(a leading zero\)/,
    ],
    [
      'a gap',
      (_offset, records) => Array.from({ length: records }, (_, index) => String(index * 2)),
      /the keys are not the positions 0\.\.2/,
    ],
    [
      '"99999999999999999999" (was INTERNAL)',
      () => ['99999999999999999999'],
      /the key "99999999999999999999" is not a position/,
    ],
    [
      '"0","0","1" (JSON.parse would keep one of the two "0")',
      () => ['0', '0', '1'],
      /repeats a key: 3 members written, 2 distinct keys/,
    ],
  ])('%s: UPSTREAM_UNEXPECTED_SHAPE', async (_name, keys, detail) => {
    const { run } = await harvestWith({
      hostile: keyedWithKeys((request) => keys(request.offset, request.page.length)),
    });
    expect(run.code, run.stderr).toBe(3);
    const error = errorOf(run);
    expect(error.code).toBe('UPSTREAM_UNEXPECTED_SHAPE');
    expect(error.message).toMatch(detail);
  });

  it('keys counting from the offset (positions in the dataset) are accepted: every record once', async () => {
    const {
      run,
      data,
      world: current,
    } = await harvestWith({
      hostile: keyedWithKeys((request) => request.page.map((_record, index) => String(request.offset + index))),
    });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await expectHarvestedExactly(current.cacheDir, data);
    expect(harvested.manifest.datasets.turnout?.shapes).toContain('keyed');
  });
});
