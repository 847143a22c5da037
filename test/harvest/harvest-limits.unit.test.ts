// The harvest's bounds and exact reading, unit by unit: the JSON text scan (depth, numbers that need their
// source), the exact parse, the bounded and decoded body read, the body's text (BOM, invalid UTF-8), the
// per-page limits, and the limits' configuration.
import { Readable } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HARVEST_LIMITS, loadConfig } from '../../scripts/config.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { BuildError } from '../../scripts/errors.ts';
import { keptNames, parseJsonExactly, scanJsonText } from '../../scripts/harvest/exact-json.ts';
import { createHarvestLimitTracker, findLongField } from '../../scripts/harvest/harvest-limits.ts';
import { describeRecords, type PageDataset } from '../../scripts/harvest/page-content.ts';
import { parsePage } from '../../scripts/harvest/page-parser.ts';
import { bodyText, readResponseBody } from '../../scripts/harvest/response-body.ts';

describe('scanJsonText', () => {
  it('measures nesting outside strings only', () => {
    expect(scanJsonText('"x"').depth).toBe(0);
    expect(scanJsonText('{"data":[{"f":"v"}]}').depth).toBe(3);
    expect(scanJsonText('{"f":"[[[{{{\\"[[["}').depth).toBe(1);
    expect(scanJsonText('{"f":"ends in a backslash \\\\","g":[[1]]}').depth).toBe(3);
  });

  it('stops at the first bracket past the limit', () => {
    const deep = `{"data":[{"f":${'['.repeat(3000)}"x"${']'.repeat(3000)}}]}`;
    const scan = scanJsonText(deep, 64);
    // `{`, `[`, `{` are levels 1 to 3: the field's 62nd bracket is level 65.
    expect(scan.tooDeepAt).toBe(deep.indexOf('[[') + 61);
    expect(scanJsonText(deep, 3003).tooDeepAt).toBeNull();
  });

  it('counts the member names written at depths 1 to 3, a repeated one each time, and no other string', () => {
    expect(scanJsonText('{"count":"1","data":[{"count":"x"}],"s":"a:b"}').names).toEqual([3, 0, 1]);
    expect(scanJsonText('{"data":[],"data" : {"data":1, "x" :{"y":2}}}').names).toEqual([2, 2, 1]);
    expect(scanJsonText('{"a\\\\":"x:","b":":"}').names).toEqual([2, 0, 0]);
    expect(scanJsonText('{"a":{"b":{"c":{"d":{"e":1}}}}}').names).toEqual([1, 1, 1]);
    expect(scanJsonText('["a", "b" ,"c"]').names).toEqual([0, 0, 0]);
    expect(scanJsonText('"a"').names).toEqual([0, 0, 0]);
  });

  it('counts the names the parsed value kept as the scan counts them in its text', () => {
    for (const text of [
      '{"count":"1","data":[{"count":"x"}],"s":"a:b"}',
      '{"a":{"b":{"c":{"d":{"e":1}}}}}',
      '[[{"a":1}]]',
    ])
      expect(keptNames(JSON.parse(text)), text).toEqual(scanJsonText(text).names);
    expect(keptNames(JSON.parse('{"count":"1","data":[{"a":"1","a":"2"}],"count":"1"}'))).toEqual([2, 0, 1]);
  });

  it('finds numbers JSON.parse would change, and not the ones it keeps', () => {
    expect(scanJsonText('{"count":2,"data":[{"n":"1e400"}],"total":0}').inexactNumbers).toBe(false);
    for (const number of ['1e400', '12345678901234567890', '0.1e1', '-0', '1.0', '-5', '30.5']) {
      expect(scanJsonText(`{"count":1,"v":${number}}`).inexactNumbers, number).toBe(true);
    }
  });
});

describe('parseJsonExactly', () => {
  it('writes every number back exactly as it was sent', () => {
    const text = '{"a":1e400,"b":12345678901234567890,"c":0.1e1,"d":-0,"e":7,"f":[1.50,"1e400"]}';
    expect(JSON.stringify(parseJsonExactly(text))).toBe(text);
    // What JSON.parse alone makes of it: the promise of raw.json broken.
    expect(JSON.stringify(JSON.parse(text))).toBe(
      '{"a":null,"b":12345678901234567000,"c":1,"d":0,"e":7,"f":[1.5,"1e400"]}',
    );
  });

  it('walks the deepest value the configuration allows (512 levels) without running out of stack', () => {
    const text = `{"data":[{"f":${'['.repeat(509)}1e400${']'.repeat(509)}}]}`;
    expect(scanJsonText(text, 512)).toMatchObject({ depth: 512, tooDeepAt: null, inexactNumbers: true });
    const value = parseJsonExactly(text);
    expect(JSON.stringify(value)).toBe(text);
    // The harvester's first-page comparison walks records with a replacer, as 3,000 levels once overflowed.
    expect(JSON.stringify(value, (_key, item: unknown) => item)).toBe(text);
  });

  it('keeps plain numbers as numbers', () => {
    expect(parseJsonExactly('{"count":3,"x":1e400}')).toMatchObject({ count: 3 });
  });

  it('reaches the page parser: a count it cannot read exactly is no count', () => {
    const parsed = parsePage('{"count":1e400,"data":[{"NamaPartai":"A","tahunPemilu":2024.0}]}', partyDataset);
    expect(parsed.ok && parsed.count).toBeNull();
    expect(parsed.ok && JSON.stringify(parsed.records)).toBe('[{"NamaPartai":"A","tahunPemilu":2024.0}]');
  });
});

function streamOf(chunks: Iterable<Buffer> | AsyncIterable<Buffer>) {
  return Readable.from(chunks, { objectMode: false });
}

describe('readResponseBody', () => {
  const json = Buffer.from('{"count":1,"data":[{"NamaPartai":"Partai Contoh"}]}');

  it('decodes gzip, deflate and br, and records the bytes as received', async () => {
    for (const [encoding, compress] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      const wire = compress(json);
      const read = await readResponseBody(streamOf([wire]), { 'content-encoding': encoding }, 1024);
      expect(read.ok && read.body.equals(json), encoding).toBe(true);
      expect(read.ok && read.wire).toMatchObject({ contentEncoding: encoding, wireBytes: wire.length });
    }
  });

  it('reads an identity body as it is', async () => {
    const read = await readResponseBody(streamOf([json.subarray(0, 10), json.subarray(10)]), {}, json.length);
    expect(read).toEqual({ ok: true, body: json, wire: null });
  });

  it('stops a body at the cap, received or decoded', async () => {
    let produced = 0;
    async function* endless(): AsyncGenerator<Buffer> {
      for (;;) {
        produced += 65536;
        yield Buffer.alloc(65536, 'A');
      }
    }
    const endlessRead = await readResponseBody(streamOf(endless()), {}, 1024 * 1024);
    expect(endlessRead).toMatchObject({ ok: false, reason: 'too-large' });
    expect(produced).toBeLessThanOrEqual(1024 * 1024 + 3 * 65536);

    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, ' '));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const bombRead = await readResponseBody(streamOf([bomb]), { 'content-encoding': 'gzip' }, 1024 * 1024);
    expect(bombRead).toMatchObject({ ok: false, reason: 'too-large' });
  });

  it('refuses a Content-Length above the cap before reading', async () => {
    let read = false;
    const body = streamOf(
      (async function* () {
        read = true;
        yield json;
      })(),
    );
    expect(await readResponseBody(body, { 'content-length': '2000' }, 1024)).toMatchObject({
      ok: false,
      reason: 'too-large',
    });
    expect(read).toBe(false);
  });

  it('calls an unknown encoding or a broken compressed body unreadable', async () => {
    expect(await readResponseBody(streamOf([json]), { 'content-encoding': 'zstd' }, 1024)).toMatchObject({
      ok: false,
      reason: 'unreadable',
    });
    expect(await readResponseBody(streamOf([json]), { 'content-encoding': 'gzip' }, 1024)).toMatchObject({
      ok: false,
      reason: 'unreadable',
    });
  });
});

describe('bodyText', () => {
  it('sets a BOM aside and notices invalid UTF-8', () => {
    expect(bodyText(Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]))).toEqual({
      text: '{}',
      bom: true,
      invalidUtf8: false,
    });
    expect(bodyText(Buffer.from([0x22, 0xff, 0x22]))).toEqual({ text: '"\ufffd"', bom: false, invalidUtf8: true });
    expect(bodyText(Buffer.from('"Rp – ok"'))).toEqual({ text: '"Rp – ok"', bom: false, invalidUtf8: false });
  });
});

const TEST_SECRET = 'k-SECRET-1234';

describe('harvest limits per page', () => {
  const record = { tahunPemilu: '2024', NomorUrutPartai: '1', NamaPartai: 'Partai Contoh' };
  // A page as the harvester hands it to the tracker: what its records hold, read as the page reader reads them.
  const page = (dataset: PageDataset, offset: number, records: Record<string, unknown>[], bytes = 100) => ({
    offset,
    url: 'http://upstream.invalid/api/profilpartai',
    content: describeRecords(dataset, offset, records, DEFAULT_HARVEST_LIMITS.maxFieldChars, false),
    bytes,
  });

  it('names the dataset, the record offset and the field of a value too long', () => {
    const breach = findLongField(partyDataset, 20, [record, { ...record, NamaPartai: 'X'.repeat(101) }], 100);
    expect(breach?.code).toBe('UPSTREAM_FIELD_TOO_LONG');
    expect(breach?.detail).toContain(
      'parties: the record at offset 21 has a NamaPartai of 101 characters, more than the 100 allowed',
    );
    expect(findLongField(partyDataset, 0, [{ ...record, NamaPartai: ['X'.repeat(100)] }], 100)?.code).toBe(
      'UPSTREAM_FIELD_TOO_LONG',
    );
    expect(findLongField(partyDataset, 0, [{ ...record, ['F'.repeat(101)]: '' }], 100)?.detail).toContain(
      'a field name of 101 characters',
    );
    expect(findLongField(partyDataset, 0, [{ ...record, NamaPartai: 'X'.repeat(100) }], 100)).toBeNull();
    // A name the dataset does not declare is the upstream's text: never printed.
    const unknown = findLongField(partyDataset, 0, [{ ...record, [`${TEST_SECRET}x`]: 'X'.repeat(101) }], 100);
    expect(unknown?.detail).toContain(
      "a field not in the dataset's definition (its name 14 characters long) of 101 characters",
    );
    expect(unknown?.detail).not.toContain(TEST_SECRET);
  });

  it('counts records and years per dataset, and bytes over both', () => {
    const limits = { ...DEFAULT_HARVEST_LIMITS, maxRecords: 3, maxYears: 2, maxHarvestBytes: 1024 * 1024 };
    const tracker = createHarvestLimitTracker(limits);
    expect(tracker.review(partyDataset, page(partyDataset, 0, [record, record, record]))).toBeNull();
    expect(tracker.review(partyDataset, page(partyDataset, 3, [record]))?.code).toBe('HARVEST_TOO_MANY_RECORDS');
    expect(
      tracker.review(turnoutDataset, page(turnoutDataset, 0, [{ TahunPemilu: '2014' }, { TahunPemilu: '2019' }])),
    ).toBeNull();
    expect(tracker.review(turnoutDataset, page(turnoutDataset, 2, [{ TahunPemilu: 2024 }]))?.code).toBe(
      'HARVEST_TOO_MANY_YEARS',
    );

    const bytes = createHarvestLimitTracker({ ...DEFAULT_HARVEST_LIMITS, maxHarvestBytes: 1000 });
    expect(bytes.review(partyDataset, page(partyDataset, 0, [record], 600))).toBeNull();
    const breach = bytes.review(turnoutDataset, page(turnoutDataset, 0, [{ TahunPemilu: '2014' }], 600));
    expect(breach?.code).toBe('HARVEST_TOO_LARGE');
    expect(() =>
      createHarvestLimitTracker({ ...DEFAULT_HARVEST_LIMITS, maxRecords: 1 }).checkPage(
        partyDataset,
        page(partyDataset, 0, [record, record]),
      ),
    ).toThrow(BuildError);
  });
});

describe('the limits in the configuration', () => {
  it('has documented defaults and reads each variable', () => {
    expect(loadConfig({}).upstream.limits).toEqual(DEFAULT_HARVEST_LIMITS);
    const limits = loadConfig({
      KPU_MAX_RESPONSE_BYTES: '1048576',
      KPU_MAX_FIELD_CHARS: '500',
      KPU_MAX_JSON_DEPTH: '8',
      KPU_MAX_RECORDS: '100',
      KPU_MAX_YEARS: '3',
      KPU_MAX_HARVEST_BYTES: '2097152',
    }).upstream.limits;
    expect(limits).toEqual({
      maxResponseBytes: 1048576,
      maxFieldChars: 500,
      maxJsonDepth: 8,
      maxRecords: 100,
      maxYears: 3,
      maxHarvestBytes: 2097152,
    });
  });

  it.each([
    ['KPU_MAX_RESPONSE_BYTES', '100'],
    ['KPU_MAX_FIELD_CHARS', '99'],
    ['KPU_MAX_JSON_DEPTH', '2'],
    ['KPU_MAX_JSON_DEPTH', '3000'],
    ['KPU_MAX_RECORDS', 'many'],
    ['KPU_MAX_YEARS', '0'],
    ['KPU_MAX_HARVEST_BYTES', '1000'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
