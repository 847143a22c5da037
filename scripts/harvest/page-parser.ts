// Reads one upstream answer into records. Pure: every shape UPSTREAM.md allows is accepted, anything
// else is a reason, not an exception; the harvester decides what a reason means.
import type { DatasetDefinition, RawRecord } from '../datasets/dataset-definition.ts';

export type PageShape = 'array' | 'keyed' | 'single' | 'empty';

export type PageParse =
  | { ok: true; records: RawRecord[]; shape: PageShape; count: number | null }
  | { ok: false; reason: 'not-json' | 'unexpected-shape'; detail: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readCount(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return null;
}

/**
 * Parses a page body. Examples of accepted `data`:
 *   {"count":"2","data":[{…},{…}]}          → 2 records, shape "array"
 *   {"count":2,"data":{"0":{…},"1":{…}}}     → 2 records in key order, shape "keyed"
 *   {"count":1,"data":{"TahunPemilu":"2014",…}} → 1 record, shape "single"
 *   {"count":0,"data":null} / [] / {} / no data → 0 records, shape "empty"
 * A single record is recognised by carrying at least one of the dataset's upstream fields.
 */
export function parsePage(body: string, dataset: DatasetDefinition): PageParse {
  let envelope: unknown;
  try {
    envelope = JSON.parse(body);
  } catch (error) {
    return { ok: false, reason: 'not-json', detail: (error as Error).message };
  }
  if (!isPlainObject(envelope)) {
    return { ok: false, reason: 'unexpected-shape', detail: 'the body is not a JSON object with `count` and `data`' };
  }
  const count = readCount(envelope.count);
  const data = envelope.data;

  if (data === undefined || data === null) return { ok: true, records: [], shape: 'empty', count };
  if (Array.isArray(data)) {
    if (data.length === 0) return { ok: true, records: [], shape: 'empty', count };
    const bad = data.findIndex((item) => !isPlainObject(item));
    if (bad >= 0) return { ok: false, reason: 'unexpected-shape', detail: `data[${bad}] is not an object` };
    return { ok: true, records: data as RawRecord[], shape: 'array', count };
  }
  if (!isPlainObject(data)) {
    return { ok: false, reason: 'unexpected-shape', detail: `data is a ${typeof data}, not an array or an object` };
  }
  const keys = Object.keys(data);
  if (keys.length === 0) return { ok: true, records: [], shape: 'empty', count };
  if (keys.every((key) => /^\d+$/.test(key))) {
    const bad = keys.find((key) => !isPlainObject(data[key]));
    if (bad !== undefined) return { ok: false, reason: 'unexpected-shape', detail: `data["${bad}"] is not an object` };
    // JavaScript already orders integer-like keys ascending; sort anyway so the order is explicit.
    const ordered = keys.map(Number).sort((a, b) => a - b);
    return { ok: true, records: ordered.map((key) => data[String(key)] as RawRecord), shape: 'keyed', count };
  }
  if (dataset.upstreamFields.some((field) => field in data)) {
    return { ok: true, records: [data], shape: 'single', count };
  }
  return {
    ok: false,
    reason: 'unexpected-shape',
    detail: `data is an object with neither record fields nor positional keys (keys: ${keys.slice(0, 5).join(', ')})`,
  };
}

/** Characters past a snippet's end that are redacted with it: an encoded form of a key of 450 characters fits. */
const SNIPPET_REDACT_MARGIN = 8192;

/**
 * The first characters of a body, on one line, for error messages. With `redact`, secrets are redacted before
 * the cut, so a secret the cut falls inside cannot escape as a prefix; the printed message is redacted again
 * anyway, and there a secret cut short before `…` is redacted too (secret-redactor.ts).
 * Example: snippetOf('{"a":\n "b"}') → '{"a": "b"}'.
 */
export function snippetOf(body: string, length = 200, redact: (text: string) => string = (text) => text): string {
  const whole = body.replace(/\s+/g, ' ').trim();
  const flat = whole.length > length + SNIPPET_REDACT_MARGIN ? redact(whole.slice(0, length + SNIPPET_REDACT_MARGIN)) : redact(whole);
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}
