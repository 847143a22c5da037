// Hostile answers for the stand-in upstream's `hostile` option (docs/upstream.md, "Limits" and "Bodies"): bodies
// that are too big, endless, compressed, bombs, BOM-prefixed, too deep, not UTF-8, numbers JSON.parse would
// change, and data that pages forever or spreads over thousands of years. Each factory returns a HostileAnswer.
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import type { DatasetDefinition, RawRecord } from '../datasets/dataset-definition.ts';
import type { DatasetId } from './upstream-data.ts';
import type { HostileAnswer, HostileRequest, RawAnswer } from './upstream-server.ts';

/** Which requests a hostile answer takes: a dataset, a page offset, or (omitted) every data request. */
export interface HostileTarget {
  dataset?: DatasetId;
  offset?: number;
}

/** JSON as the stand-in writes it (forward slashes escaped, as the real API does). */
function encodeJson(value: unknown): string {
  return JSON.stringify(value).replaceAll('/', '\\/');
}

/** Whether the target names the request; an offset names a page of the chain, never a request asked by value. */
function targets(request: HostileRequest, target: HostileTarget): boolean {
  return (
    (target.dataset === undefined || request.dataset.id === target.dataset) &&
    (target.offset === undefined || (request.offset === target.offset && request.filter === null))
  );
}

/** The normal envelope with the first record's `field` set to `value` (the page as it is when it has no records). */
function withFirstValue(request: HostileRequest, field: string, value: unknown): string {
  const [first, ...rest] = request.page;
  if (!first) return encodeJson(request.envelope);
  return encodeJson({ count: request.page.length, data: [{ ...first, [field]: value }, ...rest] });
}

/** A field of the first record on the targeted pages holds `chars` characters ("XXXX…"): KPU_MAX_FIELD_CHARS. */
export function hugeField(field: string, chars: number, target: HostileTarget = {}): HostileAnswer {
  return (request) =>
    targets(request, target) && request.page.length > 0
      ? { body: withFirstValue(request, field, 'X'.repeat(chars)) }
      : undefined;
}

export interface EndlessBody extends HostileAnswer {
  /** Bytes handed to the socket so far, over every answer it gave. */
  readonly bytesSent: number;
}

/**
 * A 200 whose body never ends: the start of an envelope, then 64 KiB chunks of one endless string, without a
 * Content-Length. It stops only when the client hangs up (or the server closes). KPU_MAX_RESPONSE_BYTES.
 */
export function endlessBody(target: HostileTarget = {}): EndlessBody {
  let bytesSent = 0;
  const chunk = Buffer.alloc(64 * 1024, 'A');
  async function* stream(): AsyncGenerator<Buffer> {
    const head = Buffer.from('{"count":1,"data":[{"NamaPartai":"');
    bytesSent += head.length;
    yield head;
    for (;;) {
      bytesSent += chunk.length;
      yield chunk;
    }
  }
  const answer = (request: HostileRequest): RawAnswer | undefined =>
    targets(request, target) ? { body: stream() } : undefined;
  return Object.defineProperty(answer, 'bytesSent', { get: () => bytesSent }) as EndlessBody;
}

/** A 200 that declares a Content-Length of `bytes` (and sends the normal, shorter body). KPU_MAX_RESPONSE_BYTES. */
export function declaredLength(bytes: number, target: HostileTarget = {}): HostileAnswer {
  return (request) =>
    targets(request, target)
      ? { headers: { 'Content-Length': String(bytes) }, body: encodeJson(request.envelope) }
      : undefined;
}

export type ContentEncoding = 'gzip' | 'deflate' | 'br';

const COMPRESS: Record<ContentEncoding, (data: Buffer) => Buffer> = {
  gzip: (data) => gzipSync(data),
  deflate: (data) => deflateSync(data),
  // Brotli's default quality (11) takes seconds on a bomb; 5 is what web servers use on the fly.
  br: (data) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
};

/** The normal answer, compressed and sent with `Content-Encoding: <encoding>` (asked for or not). */
export function encodedBody(encoding: ContentEncoding, target: HostileTarget = {}): HostileAnswer {
  return (request) =>
    targets(request, target)
      ? {
          headers: { 'Content-Encoding': encoding },
          body: COMPRESS[encoding](Buffer.from(encodeJson(request.envelope))),
        }
      : undefined;
}

/**
 * A compression bomb: a small compressed body that decodes to `decodedBytes` bytes (a JSON string of "A"s).
 * Built once, when the factory is called.
 */
export function compressionBomb(
  decodedBytes: number,
  encoding: ContentEncoding = 'gzip',
  target: HostileTarget = {},
): HostileAnswer {
  const head = Buffer.from('{"count":1,"data":"');
  const bomb = COMPRESS[encoding](
    Buffer.concat([head, Buffer.alloc(Math.max(0, decodedBytes - head.length - 2), 'A'), Buffer.from('"}')]),
  );
  return (request) =>
    targets(request, target) ? { headers: { 'Content-Encoding': encoding }, body: bomb } : undefined;
}

/** The normal answer after a UTF-8 byte order mark (EF BB BF), as some Windows-side JSON writers send it. */
export function bomPrefixed(target: HostileTarget = {}): HostileAnswer {
  return (request) =>
    targets(request, target)
      ? { body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(encodeJson(request.envelope))]) }
      : undefined;
}

/** Puts raw JSON text in place of the first record's `field` (a placeholder string swapped after encoding). */
function withRawValue(request: HostileRequest, field: string, raw: string): string {
  const placeholder = '__HOSTILE_RAW_VALUE__';
  return withFirstValue(request, field, placeholder).replace(`"${placeholder}"`, raw);
}

/** The first record's `field` is `levels` arrays deep (`[[[…"x"…]]]`): KPU_MAX_JSON_DEPTH. */
export function deepNesting(field: string, levels: number, target: HostileTarget = {}): HostileAnswer {
  return (request) =>
    targets(request, target) && request.page.length > 0
      ? { body: withRawValue(request, field, `${'['.repeat(levels)}"x"${']'.repeat(levels)}`) }
      : undefined;
}

/**
 * The first record's `field` is the number literal `number`, as sent, e.g. "1e400", "12345678901234567890" or
 * "0.1e1": values JSON.parse alone turns into Infinity (null when written out), a rounded number, or 1.
 */
export function rawNumberValue(field: string, number: string, target: HostileTarget = {}): HostileAnswer {
  return (request) =>
    targets(request, target) && request.page.length > 0 ? { body: withRawValue(request, field, number) } : undefined;
}

/** The first record's `field` ends with bytes that are not UTF-8 (FF FE, then a lone continuation byte 80). */
export function invalidUtf8(field: string, target: HostileTarget = {}): HostileAnswer {
  const marker = '__HOSTILE_INVALID_UTF8__';
  return (request) => {
    const first = request.page[0];
    if (!targets(request, target) || !first) return undefined;
    const [before, after] = withFirstValue(request, field, `${String(first[field] ?? '')}${marker}`).split(marker) as [
      string,
      string,
    ];
    return { body: Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xfe, 0x80]), Buffer.from(after)]) };
  };
}

/** Records built from the dataset's first record, the `position`-th one with a key of its own. */
function syntheticRecord(dataset: DatasetDefinition, template: RawRecord, position: number, year: string): RawRecord {
  const keyField = dataset.keyFields[dataset.keyFields.length - 1] as string;
  return { ...template, [dataset.yearField]: year, [keyField]: String(position + 1) };
}

/** Answers a paged query over `total` generated records (paging honoured), in the stand-in's envelope. */
function pagedAnswer(request: HostileRequest, total: number, make: (position: number) => RawRecord): RawAnswer {
  const records: RawRecord[] = [];
  for (let position = request.offset; position < Math.min(total, request.offset + request.limit); position += 1)
    records.push(make(position));
  return { body: encodeJson(records.length === 0 ? { count: 0, data: [] } : { count: records.length, data: records }) };
}

/**
 * The dataset holds `years` records, each in an election year of its own (from 1000 up: four digits, so each
 * would get its own files and pages): KPU_MAX_YEARS.
 */
export function distinctYears(dataset: DatasetId, years: number): HostileAnswer {
  return (request) => {
    const template = request.matching[0];
    if (request.dataset.id !== dataset || !template) return undefined;
    return pagedAnswer(request, years, (position) =>
      syntheticRecord(request.dataset, template, position, String(1000 + position)),
    );
  };
}

/** Pagination that never ends: every offset answers a full page of new records (one year): KPU_MAX_HARVEST_BYTES, KPU_MAX_RECORDS. */
export function endlessPages(dataset: DatasetId): HostileAnswer {
  return (request) => {
    const template = request.matching[0];
    if (request.dataset.id !== dataset || !template) return undefined;
    const year = String(template[request.dataset.yearField] ?? '2024');
    return pagedAnswer(request, Number.MAX_SAFE_INTEGER, (position) =>
      syntheticRecord(request.dataset, template, position, year),
    );
  };
}
