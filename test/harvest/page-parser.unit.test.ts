import { describe, expect, it } from 'vitest';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { parsePage, snippetOf } from '../../scripts/harvest/page-parser.ts';

// Synthetic key values (not real records).
const record = { TahunPemilu: '2019', IdDapil: '0101', NamaKabupaten: 'KABUPATEN CONTOH 1' };
const other = { TahunPemilu: '2019', IdDapil: '0101', NamaKabupaten: 'KABUPATEN CONTOH 2' };

describe('parsePage accepts every shape UPSTREAM.md allows', () => {
  it('reads an array of records', () => {
    expect(parsePage(JSON.stringify({ count: 2, data: [record, other] }), turnoutDataset)).toEqual({
      ok: true,
      records: [record, other],
      shape: 'array',
      count: 2,
    });
  });

  it('reads an object keyed by position, in numeric order', () => {
    // Every position 0..10, in an order where "10" would sort before "2" as text (keys that are not exactly the
    // positions are refused: test/harvest/page-parser-envelopes.unit.test.ts).
    const order = [10, 2, 0, 1, 3, 4, 5, 6, 7, 8, 9];
    const body = `{"count":"11","data":{${order.map((key) => `"${key}":{"IdDapil":"${String.fromCharCode(97 + key)}"}`).join(',')}}}`;
    const parsed = parsePage(body, turnoutDataset);
    expect(parsed).toMatchObject({ ok: true, shape: 'keyed', count: 11 });
    expect(parsed.ok && parsed.records.map((item) => item.IdDapil)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
      'j',
      'k',
    ]);
  });

  it('reads a single record as the bare object (seed: "with one record, data is that record")', () => {
    const party = { tahunPemilu: '2024', NomorUrutPartai: '1', Link: 'https://x.example/1' };
    const body = '{"count":1,"data":{"tahunPemilu":"2024","NomorUrutPartai":"1","Link":"https:\\/\\/x.example\\/1"}}';
    expect(parsePage(body, partyDataset)).toEqual({ ok: true, records: [party], shape: 'single', count: 1 });
  });

  it.each([
    ['empty array', '{"count":0,"data":[]}'],
    ['empty object', '{"count":0,"data":{}}'],
  ])('reads no records from data %s', (_name, body) => {
    expect(parsePage(body, turnoutDataset)).toEqual({ ok: true, records: [], shape: 'empty', count: 0 });
  });

  it.each([
    ['null', '{"count":0,"data":null}'],
    ['absent', '{"count":0}'],
  ])('refuses data %s: nothing says the data ended (page-parser-envelopes.unit.test.ts)', (_name, body) => {
    expect(parsePage(body, turnoutDataset)).toMatchObject({ ok: false, reason: 'unknown-envelope' });
  });

  it('keeps count null beside records when it is absent or not a number: the records present are what counts', () => {
    expect(parsePage(JSON.stringify({ data: [record] }), turnoutDataset)).toMatchObject({ ok: true, count: null });
    expect(parsePage(JSON.stringify({ count: 'many', data: [record] }), turnoutDataset)).toMatchObject({
      ok: true,
      count: null,
    });
  });

  it.each([
    ['no count', '{"data":[]}', 'no records and no `count`'],
    ['a word', '{"count":"error","data":[]}', 'no records, and `count` is "error"'],
    ['null', '{"count":null,"data":{}}', 'no records, and `count` is null'],
    ['a negative', '{"count":-1,"data":[]}', 'no records, and `count` is -1'],
    ['digits and a space', '{"count":"0 ","data":[]}', 'no records, and `count` is "0 "'],
    ['an object', '{"count":{},"data":[]}', 'no records, and `count` is {}'],
  ])('refuses no records beside %s for count: no evidence that the data ended', (_name, body, detail) => {
    const parsed = parsePage(body, turnoutDataset);
    expect(parsed).toMatchObject({ ok: false, reason: 'unknown-envelope' });
    expect(!parsed.ok && parsed.detail).toContain(detail);
  });
});

describe('parsePage refuses anything else with a reason', () => {
  it('says when the body is not JSON', () => {
    expect(parsePage('<html>Maintenance</html>', turnoutDataset)).toMatchObject({ ok: false, reason: 'not-json' });
  });

  it.each([
    ['a top-level array', '[1,2]'],
    ['data as a string', '{"count":1,"data":"oops"}'],
    ['data as a number', '{"count":1,"data":5}'],
    ['an array holding a non-object', '{"count":2,"data":[{"IdDapil":"1"},"x"]}'],
    ['positional keys holding a non-object', '{"count":1,"data":{"0":"x"}}'],
    ['an object that is neither a record nor positional', '{"count":1,"data":{"rows":[]}}'],
  ])('refuses %s', (_name, body) => {
    expect(parsePage(body, turnoutDataset)).toMatchObject({ ok: false, reason: 'unexpected-shape' });
  });
});

describe('snippetOf', () => {
  it('flattens white space and cuts long bodies', () => {
    expect(snippetOf('a\n  b')).toBe('a b');
    expect(snippetOf('x'.repeat(300))).toBe(`${'x'.repeat(200)}…`);
  });
});
