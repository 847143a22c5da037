// The page reader (scripts/harvest/page-reader.ts): a page read on its thread answers exactly as the same page read
// on the harvest's own thread; the pages whose records are wanted whole are read here, numbers kept exact, every
// other page on the thread from the first on; a read waiting on a closed reader fails.
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_HARVEST_LIMITS } from '../../scripts/config.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { pageDatasetOf, readPageText, type PageDataset } from '../../scripts/harvest/page-content.ts';
import { createPageReader, type PageReader } from '../../scripts/harvest/page-reader.ts';

const limits = { maxJsonDepth: 16, maxFieldChars: 100 };
const turnout = pageDatasetOf(turnoutDataset);
const parties = pageDatasetOf(partyDataset);
// Synthetic values (not real records).
const record = (index: number, year: unknown = '2019') => ({
  TahunPemilu: year,
  JenisPemilu: 'DPR',
  IdDapil: `01${String(index).padStart(2, '0')}`,
  NamaKabupaten: `KABUPATEN CONTOH ${index}`,
  JumlahSeluruhPenggunaHakPilih: String(1000 + index),
});

/** Bodies of every kind a page reader meets: pages of each shape, failures of each kind, limits breached. */
const BODIES: [string, string, PageDataset, number][] = [
  ['an array page', JSON.stringify({ count: 3, data: [record(1), record(2), record(3, '2024')] }), turnout, 0],
  ['a keyed page at its offset', JSON.stringify({ count: 2, data: { 20: record(4), 21: record(5) } }), turnout, 20],
  ['a single record', JSON.stringify({ count: 1, data: record(6, 2019) }), turnout, 7],
  ['an empty end', '{"count":0,"data":[]}', turnout, 40],
  ['inexact numbers', '{"count":1,"data":[{"TahunPemilu":2019,"IdDapil":12345678901234567890,"X":1e400}]}', turnout, 3],
  [
    'a value too long',
    JSON.stringify({ count: 1, data: [{ NamaPartai: 'X'.repeat(101), tahunPemilu: '2024' }] }),
    parties,
    8,
  ],
  [
    'a field name too long',
    JSON.stringify({ count: 1, data: [{ NamaPartai: 'A', ['F'.repeat(101)]: 1 }] }),
    parties,
    9,
  ],
  ['too deep', `{"count":1,"data":[${'['.repeat(20)}${']'.repeat(20)}]}`, turnout, 10],
  ['not JSON', '<html>Service Unavailable</html>', turnout, 11],
  ['an error envelope', '{"status":"error","message":"Database connection failed","data":null}', turnout, 12],
  ['records of another dataset', JSON.stringify({ count: 1, data: [{ Foo: 'bar' }, { Baz: 1 }] }), turnout, 13],
  ['a repeated key', '{"count":2,"data":{"0":{"IdDapil":"a"},"0":{"IdDapil":"b"},"1":{"IdDapil":"c"}}}', turnout, 0],
];

let reader: PageReader | undefined;
afterEach(async () => {
  await reader?.close();
  reader = undefined;
});

describe('the page reader', () => {
  it('answers on its thread exactly as the page read here, for every kind of page', async () => {
    reader = createPageReader(limits);
    for (const [what, text, dataset, offset] of BODIES) {
      const here = readPageText(text, dataset, offset, limits, false);
      expect(await reader.read(text, dataset, offset, false), what).toEqual(here);
    }
    // The answers say what they found: an array page's keys and years, a breach, a failure's reason.
    const [array, , , , inexact, long, , deep, notJson] = await Promise.all(
      BODIES.map(([, text, dataset, offset]) => (reader as PageReader).read(text, dataset, offset, false)),
    );
    expect(array).toMatchObject({
      ok: true,
      shape: 'array',
      count: 3,
      content: { size: 3, years: ['2019', '2024'], records: null },
    });
    expect(array?.ok && array.content.keys[0]).toBe('["2019","DPR","0101","KABUPATEN CONTOH 1"]');
    // A number kept exactly is counted and keyed by its source text on the thread too.
    expect(inexact?.ok && inexact.content.keys[0]).toBe('[2019,null,12345678901234567890,null]');
    expect(long?.ok && long.content.longField?.code).toBe('UPSTREAM_FIELD_TOO_LONG');
    expect(deep).toEqual({ ok: false, reason: 'too-deep', tooDeepAt: expect.any(Number) });
    expect(notJson).toMatchObject({ ok: false, reason: 'not-json' });
  });

  it('reads a page whose records are wanted whole on this thread: their numbers stay exact', async () => {
    reader = createPageReader(limits);
    const [, text, dataset, offset] = BODIES[4] as (typeof BODIES)[number];
    const read = await reader.read(text, dataset, offset, true);
    expect(read.ok && JSON.stringify(read.content.records)).toBe(
      '[{"TahunPemilu":2019,"IdDapil":12345678901234567890,"X":1e400}]',
    );
  });

  it('reads every page whose records are not wanted whole on its thread, from the first on', async () => {
    reader = createPageReader(DEFAULT_HARVEST_LIMITS);
    const text = JSON.stringify({ count: 2, data: [record(1), record(2)] });
    // A read waiting on the thread holds its message port open: the one resource it adds while it waits.
    const ports = (): number => process.getActiveResourcesInfo().filter((kind) => kind === 'MessagePort').length;
    const before = ports();
    const read = (offset: number) => (reader as PageReader).read(text, turnout, offset, false);
    const kept = (reader as PageReader).read(text, turnout, 0, true);
    expect(ports(), 'a page whose records are wanted whole, read here').toBe(before);
    const onThread = [read(2), read(4)];
    expect(ports(), 'the first page not wanted whole, and the next, waiting on the thread').toBe(before + 1);
    const reads = await Promise.all(onThread);
    expect(new Set(reads.map((each) => JSON.stringify(each))).size).toBe(1);
    // The page read here says the same of its records as the thread, and holds them too.
    const here = await kept;
    expect(here.ok && { ...here, content: { ...here.content, records: null } }).toEqual(reads[0]);
  });

  it('fails a read still waiting for its thread when the reader is closed, and every read after', async () => {
    reader = createPageReader(limits);
    const large = JSON.stringify({ count: 20_000, data: Array.from({ length: 20_000 }, (_, index) => record(index)) });
    const waiting = expect(reader.read(large, turnout, 0, false)).rejects.toThrow(
      'the page reader was closed while a page was being read on its thread',
    );
    await reader.close();
    await waiting;
    await expect(reader.read(large, turnout, 0, false)).rejects.toThrow('closed');
  });
});
