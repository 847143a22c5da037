// parsePage on the upstream's answers that look like data but are not: error envelopes sent with HTTP 200, objects
// that are not the dataset's records, and keyed `data` whose keys are not the positions. Genuine pages stay pages.
import { describe, expect, it } from 'vitest';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { parsePage } from '../../scripts/harvest/page-parser.ts';

// Synthetic key values (not real records).
const a = { TahunPemilu: '2019', IdDapil: '0101', NamaKabupaten: 'KABUPATEN CONTOH 1' };
const b = { TahunPemilu: '2019', IdDapil: '0101', NamaKabupaten: 'KABUPATEN CONTOH 2' };
const c = { TahunPemilu: '2019', IdDapil: '0102', NamaKabupaten: 'KABUPATEN CONTOH 3' };
const d = { TahunPemilu: '2019', IdDapil: '0102', NamaKabupaten: 'KABUPATEN CONTOH 4' };

const parse = (body: unknown, offset?: number) =>
  parsePage(typeof body === 'string' ? body : JSON.stringify(body), turnoutDataset, offset);

describe('an error envelope sent with HTTP 200 is an error, not an empty page', () => {
  it.each<[string, unknown]>([
    [
      'status "error", data null (the case of docs/upstream.md)',
      { status: 'error', message: 'Database connection failed', data: null },
    ],
    ['status false', { status: false, message: 'Token expired' }],
    ['status "FALSE" as text', { status: 'FALSE', count: '0', data: [] }],
    ['status "Fail"', { status: 'Fail', data: [] }],
    ['status "failed" with records', { status: 'failed', count: 1, data: [a] }],
    ['status "gagal" (Indonesian)', { status: 'gagal', data: null }],
    ['a numeric status 500', { status: 500, data: null }],
    ['a status "503" as digits', { status: '503', count: '0', data: [] }],
    ['a code 429', { code: 429, count: 0, data: [] }],
    ['a code "0"', { code: '0', data: [] }],
    ['a statusCode 404', { statusCode: 404, message: 'Not Found' }],
    ['an error field', { count: 0, data: [], error: 'Too many requests' }],
    ['an error object', { error: { code: 'E_DB', detail: 'down' } }],
    ['a message and no data', { message: 'Unauthenticated.' }],
    ['a message and data null', { count: '0', data: null, message: 'Server sedang sibuk' }],
  ])('%s', (_name, body) => {
    const parsed = parse(body);
    expect(parsed).toMatchObject({ ok: false, reason: 'error-envelope' });
    expect(!parsed.ok && parsed.detail).toMatch(/^the envelope says error \(/);
  });

  it("carries the upstream's message, cut short, in the detail", () => {
    const parsed = parse({ status: 'error', message: 'Database connection failed', data: null });
    expect(!parsed.ok && parsed.detail).toBe(
      'the envelope says error (status "error", a `message` and no `data`): message "Database connection failed"',
    );
    const long = parse({ status: false, message: 'x'.repeat(500) });
    expect(!parsed.ok && !long.ok && long.detail.length).toBeLessThan(200);
  });

  it.each<[string, unknown, number]>([
    ['count and data only', { count: '2', data: [a, b] }, 2],
    ['count as a number', { count: 1, data: [a] }, 1],
    ['no count (the records present are what counts)', { data: [a] }, 1],
    ['the end: data []', { count: '0', data: [] }, 0],
    ['the end: data {}', { count: 0, data: {} }, 0],
  ])('a genuine page stays a page: %s', (_name, body, records) => {
    const parsed = parse(body);
    expect(parsed).toMatchObject({ ok: true });
    expect(parsed.ok && parsed.records).toHaveLength(records);
  });
});

describe('an envelope other than {count, data} is an error, whatever it says', () => {
  it.each<[string, unknown, RegExp]>([
    // Five error bodies that are not in the list of known error envelopes.
    ['{"success":false,"data":[]}', { success: false, data: [] }, /key "success" beside/],
    ['{"data":[],"errors":[…]}', { data: [], errors: [{ message: 'DB down' }] }, /key "errors" beside/],
    ['{"meta":{"code":500},"data":[]}', { meta: { code: 500 }, data: [] }, /key "meta" beside/],
    [
      '{"result":"error","msg":"DB down","data":null}',
      { result: 'error', msg: 'DB down', data: null },
      /keys "result", "msg" beside/,
    ],
    [
      '{"status":"ok","message":"Rate limit exceeded","data":[]}',
      { status: 'ok', message: 'Rate limit exceeded', data: [] },
      /keys "status", "message" beside/,
    ],
    // Fields that look benign beside records: a list of benign fields is as incomplete as one of errors.
    [
      'status "success" and a message',
      { status: 'success', message: 'OK', count: 2, data: [a, b] },
      /"status", "message"/,
    ],
    [
      'status true, code 200, statusCode "200"',
      { status: true, code: 200, statusCode: '200', count: 1, data: [a] },
      /"status", "code", "statusCode"/,
    ],
    ['error null', { error: null, count: 1, data: [a] }, /key "error" beside/],
    ['error false', { error: false, count: 1, data: [a] }, /key "error" beside/],
    ['a message beside records', { message: 'Data ditemukan', count: 1, data: [a] }, /key "message" beside/],
    [
      'status "ok", a message, data null',
      { status: 'ok', message: 'no more records', count: 0, data: null },
      /"status", "message"/,
    ],
    ['status 201', { status: 201, count: 0, data: [] }, /key "status" beside/],
    ['an empty message and no data', { message: '', count: 0 }, /key "message" beside/],
    [
      'other fields',
      { count: 1, data: [a], page: 3, total: '14', links: { next: null }, timestamp: '2026-11-23' },
      /keys "page", "total", "links", "timestamp" beside/,
    ],
    ['data null', { count: '8', data: null }, /`data` is null/],
    ['data null and count 0', { count: 0, data: null }, /`data` is null/],
    ['no data', { count: 0 }, /has no `data`/],
  ])('%s', (_name, body, detail) => {
    const parsed = parse(body);
    expect(parsed).toMatchObject({ ok: false, reason: 'unknown-envelope' });
    expect(!parsed.ok && parsed.detail).toMatch(detail);
  });

  it.each([
    [
      'records, then data again empty',
      `{"count":"2","data":${JSON.stringify([a, b])},"data":[]}`,
      '3 members written, 2',
    ],
    ['count twice', '{"count":"2","data":[],"count":"0"}', '3 members written, 2'],
    ['a key twice among spaces', '{ "count" : "0" , "data" : [ ] , "data"\n: [ ] }', '3 members written, 2'],
  ])('a key written twice (%s): JSON.parse would keep only the last', (_name, body, detail) => {
    const parsed = parsePage(body, turnoutDataset);
    expect(parsed).toMatchObject({ ok: false, reason: 'unknown-envelope' });
    expect(!parsed.ok && parsed.detail).toContain(`the envelope repeats a key (${detail} distinct)`);
  });
});

describe("objects with none of the dataset's fields are not records", () => {
  it.each<[string, unknown]>([
    ['[{"error": …}] (the case of docs/upstream.md)', [{ error: 'Too many requests, slow down' }]],
    [
      'objects with foreign keys',
      [
        { id: 1, name: 'x' },
        { id: 2, name: 'y' },
      ],
    ],
    ['one foreign object among records', [a, { note: 'truncated' }, b]],
    ['an empty object', [{}]],
    ['keyed objects with foreign keys', { 0: { error: 'x' }, 1: { error: 'y' } }],
    ['one object of plain values with foreign keys', { error: 'Too many requests, slow down' }],
  ])('%s', (_name, data) => {
    const parsed = parse({ count: '1', data });
    expect(parsed).toMatchObject({ ok: false, reason: 'not-records' });
    expect(!parsed.ok && parsed.detail).toMatch(/none of the turnout fields/);
  });

  it('a record with some of the fields is data: the quality rules flag it', () => {
    expect(parse({ count: 2, data: [a, { IdDapil: '0103' }] })).toMatchObject({
      ok: true,
      records: [a, { IdDapil: '0103' }],
    });
  });

  it("judges by the dataset's own fields: a turnout record is not a party record", () => {
    expect(parsePage(JSON.stringify({ count: 1, data: [a] }), partyDataset)).toMatchObject({
      ok: false,
      reason: 'not-records',
    });
  });
});

describe('keyed data: the keys must be exactly the positions', () => {
  const keyed = (keys: readonly string[], records: readonly object[] = [a, b, c, d]): string =>
    `{"count":"${keys.length}","data":{${keys.map((key, index) => `${JSON.stringify(key)}:${JSON.stringify(records[index % records.length])}`).join(',')}}}`;

  it('accepts 0..n-1 in any order, as records in position order', () => {
    expect(parse(keyed(['2', '0', '3', '1'], [c, a, d, b]))).toMatchObject({
      ok: true,
      shape: 'keyed',
      records: [a, b, c, d],
    });
  });

  it('accepts offset..offset+n-1 when the offset is known (positions in the dataset), and not otherwise', () => {
    expect(parse(keyed(['21', '20'], [b, a]), 20)).toMatchObject({ ok: true, shape: 'keyed', records: [a, b] });
    expect(parse(keyed(['0', '1']), 20)).toMatchObject({ ok: true, records: [a, b] });
    expect(parse(keyed(['20', '21']))).toMatchObject({ ok: false, reason: 'unexpected-shape' });
    expect(parse(keyed(['20', '21']), 19)).toMatchObject({ ok: false, reason: 'unexpected-shape' });
  });

  it.each<[string, string[], RegExp]>([
    [
      '"0","01","1","00": two records would be dropped and two doubled (the case of docs/upstream.md)',
      ['0', '01', '1', '00'],
      /the key "01" is not a position \(a leading zero\)/,
    ],
    ['a leading zero', ['00', '1'], /the key "00" is not a position \(a leading zero\)/],
    ['a gap', ['0', '2'], /the keys are not the positions 0\.\.1 \(keys: "0", "2"\)/],
    ['not starting at 0', ['1', '2'], /the keys are not the positions 0\.\.1/],
    ['a key beyond any position', ['99999999999999999999'], /the key "99999999999999999999" is not a position/],
    ['a huge key beside a good one', ['0', '99999999999999999999'], /is not a position/],
  ])('refuses %s, with the keys in the detail', (_name, keys, detail) => {
    const parsed = parse(keyed(keys));
    expect(parsed).toMatchObject({ ok: false, reason: 'unexpected-shape' });
    expect(!parsed.ok && parsed.detail).toMatch(detail);
  });
});

describe('keyed data that repeats a key', () => {
  it('refuses {"0":a,"0":b,"1":c}: JSON.parse would keep b and drop a silently', () => {
    const body = `{"count":"3","data":{"0":${JSON.stringify(a)},"0":${JSON.stringify(b)},"1":${JSON.stringify(c)}}}`;
    const parsed = parse(body);
    expect(parsed).toMatchObject({ ok: false, reason: 'unexpected-shape' });
    expect(!parsed.ok && parsed.detail).toBe(
      'data is keyed by position, but repeats a key: 3 members written, 2 distinct keys',
    );
  });

  it('counts only the members of the data object, strings and nesting skipped', () => {
    const body = (data: string) => `{"count":"2","data":${data}}`;
    expect(parse(body(`{"0":{"IdDapil":"x\\":y"},"1":{"IdDapil":"z","b":{"0":[1,{"0":2}]}}}`))).toMatchObject({
      ok: true,
      shape: 'keyed',
    });
    expect(parse(body(`{ "0" : ${JSON.stringify(a)} , "0" : ${JSON.stringify(b)} }`))).toMatchObject({
      ok: false,
      detail: 'data is keyed by position, but repeats a key: 2 members written, 1 distinct keys',
    });
  });
});

describe('a record that writes a field twice', () => {
  it.each([
    ['in an array', (record: string) => `{"count":"1","data":[${record}]}`],
    ['keyed', (record: string) => `{"count":"1","data":{"0":${record}}}`],
    ['bare', (record: string) => `{"count":"1","data":${record}}`],
  ])('refuses it %s: which of the two values is the figure cannot be told', (_name, page) => {
    const parsed = parse(page('{"IdDapil":"1101","JmlPemilihL":"0","JmlPemilihL":"120"}'));
    expect(parsed).toMatchObject({ ok: false, reason: 'unexpected-shape' });
    expect(!parsed.ok && parsed.detail).toMatch(/^a record writes a field twice \(3 field names written, 2 distinct\)/);
  });
});
