// Reads one upstream answer into records. Pure: every shape UPSTREAM.md allows is accepted, anything
// else is a reason, not an exception (an error envelope sent with HTTP 200 among them); the harvester
// and the client decide what a reason means.
import type { DatasetDefinition, RawRecord } from '../datasets/dataset-definition.ts';
import { keptNames, parseJsonExactly, scanJsonText, type JsonTextScan } from './exact-json.ts';

export type PageShape = 'array' | 'keyed' | 'single' | 'empty';

/** What a page is parsed against: the dataset's id and its upstream fields. */
type ParsedDataset = Pick<DatasetDefinition, 'id' | 'upstreamFields'>;

/**
 * Why a body is not a page. 'error-envelope': the envelope says it is an error in a way known to mean one (a
 * `status` "error", an `error` field, …); 'unknown-envelope': the envelope is not the known `{count, data}` (another
 * key, whatever it says, or `data` null or absent); 'not-records': `data` holds objects with none of the dataset's
 * fields. All three are the upstream failing (retried like a 5xx), not the data.
 */
export type PageFailure = 'not-json' | 'unexpected-shape' | 'error-envelope' | 'unknown-envelope' | 'not-records';

/** The only keys of the envelope the upstream is known to send (seed 2.2, 2.3): `{"count": N, "data": …}`. */
const ENVELOPE_KEYS: ReadonlySet<string> = new Set(['count', 'data']);

export type PageParse =
  | { ok: true; records: RawRecord[]; shape: PageShape; count: number | null }
  | { ok: false; reason: PageFailure; detail: string };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readCount(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return null;
}

/** Words a `status` uses to say "error" ("gagal" is Indonesian for "failed"); compared case-insensitively. */
const ERROR_STATUS_WORDS = new Set(['error', 'false', 'fail', 'failed', 'failure', 'gagal']);
/** Words (or true, or a 2xx code) with which a `status` says "success": a `message` beside it is then information. */
const SUCCESS_STATUS_WORDS = new Set(['success', 'ok', 'true', 'sukses', 'berhasil']);
/** Envelope fields that may carry an HTTP-like status code. */
const CODE_FIELDS = ['status', 'code', 'statusCode'] as const;

/** A status code in the body: a number or a string of digits (other values are not codes). */
function readCode(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value)) return Number(value);
  return null;
}

/** A value that says something: not null, false, 0, "", [] or {}. */
function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return true;
}

function quoteSnippet(value: unknown): string {
  return JSON.stringify(snippetOf(typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)), 120));
}

/**
 * Why an envelope says it is an error answer sent with HTTP 200, in a way known to mean one, or null. Examples:
 *   {"status":"error","message":"Database connection failed","data":null} → 'status "error"'
 *   {"status":false,"message":"…"} / {"code":"500",…} / {"statusCode":429,…} → the field and its value
 *   {"error":"Too many requests"} → 'an `error` field'
 *   {"message":"Unauthenticated."} (no data) → 'a `message` and no `data`'
 *   {"count":"2","data":[…],"status":"success","message":"OK"} → null (not a known error; describeUnknownEnvelope
 *   refuses it all the same)
 */
function describeErrorEnvelope(envelope: Record<string, unknown>): string | null {
  const reasons: string[] = [];
  const status = envelope.status;
  if (status === false || (typeof status === 'string' && ERROR_STATUS_WORDS.has(status.trim().toLowerCase()))) {
    reasons.push(`status ${JSON.stringify(status)}`);
  }
  for (const field of CODE_FIELDS) {
    const code = readCode(envelope[field]);
    if (code !== null && (code < 200 || code > 299)) reasons.push(`${field} ${JSON.stringify(envelope[field])}`);
  }
  if (isSet(envelope.error)) reasons.push(`error ${quoteSnippet(envelope.error)}`);
  const saysSuccess =
    status === true ||
    (typeof status === 'string' && SUCCESS_STATUS_WORDS.has(status.trim().toLowerCase())) ||
    CODE_FIELDS.some((field) => {
      const code = readCode(envelope[field]);
      return code !== null && code >= 200 && code <= 299;
    });
  const message = envelope.message;
  const hasMessage = typeof message === 'string' && message.trim() !== '';
  if (hasMessage && (envelope.data === undefined || envelope.data === null) && !saysSuccess)
    reasons.push('a `message` and no `data`');
  if (reasons.length === 0) return null;
  return `the envelope says error (${reasons.join(', ')})${hasMessage ? `: message ${quoteSnippet(message)}` : ''}`;
}

/**
 * Why an envelope is not the known `{count, data}`, or null when it is: a key other than `count` and `data` (whatever
 * it says: a list of error words can never be complete), or `data` null or absent (nothing says the data ended).
 * `count` may be absent beside records: the records present are what counts (not beside none: describeUnprovenEnd).
 * Examples:
 *   {"success":false,"data":[]} → 'the envelope has the key(s) "success" …'; {"count":"8","data":null} → 'data is null'
 *   {"count":"2","data":[…]} → null
 */
function describeUnknownEnvelope(envelope: Record<string, unknown>): string | null {
  const others = Object.keys(envelope).filter((key) => !ENVELOPE_KEYS.has(key));
  if (others.length > 0) {
    const listed = others
      .slice(0, 5)
      .map((key) => JSON.stringify(key.length > 24 ? `${key.slice(0, 24)}…` : key))
      .join(', ');
    return `the envelope has the key${others.length === 1 ? '' : 's'} ${listed}${others.length > 5 ? ', …' : ''} beside \`count\` and \`data\`: not the envelope this upstream sends`;
  }
  if (envelope.data === null)
    return '`data` is null: not the envelope this upstream sends (an empty page is `"data": []`)';
  if (!Object.hasOwn(envelope, 'data')) return 'the envelope has no `data`: not the envelope this upstream sends';
  return null;
}

/**
 * Why a page without records does not say that the data ended, or null when it does: the empty page this upstream
 * sends carries a `count` (0, or the records before it where `count` is a total: the harvester checks which), and an
 * empty `data` beside a `count` that is absent or not a count (`"error"`, `null`, `-1`, `"0 "`) is no evidence of an
 * end, whatever it means. Examples: {"count":"0","data":[]} → null; {"data":[]} → 'no records and no `count` …';
 * {"count":"error","data":{}} → 'no records, and `count` is "error" …'.
 */
function describeUnprovenEnd(envelope: Record<string, unknown>, count: number | null): string | null {
  if (count !== null) return null;
  const given = Object.hasOwn(envelope, 'count')
    ? `, and \`count\` is ${snippetOf(JSON.stringify(envelope.count) ?? String(envelope.count), 60)}`
    : ' and no `count`';
  return `no records${given}: not the empty page this upstream sends, which says with its \`count\` that the data ended`;
}

/** The first record carrying none of the dataset's upstream fields, as a reason; null when every record has one. */
function describeForeignRecord(records: readonly RawRecord[], dataset: ParsedDataset): string | null {
  const index = records.findIndex((record) => !dataset.upstreamFields.some((field) => Object.hasOwn(record, field)));
  if (index < 0) return null;
  const keys = Object.keys(records[index] as RawRecord);
  return `record ${index} of ${records.length} carries none of the ${dataset.id} fields (its fields: ${keys.length === 0 ? 'none' : keys.slice(0, 5).join(', ')})`;
}

/** The canonical text of a position: no sign, no leading zero ("0", "7", "12"). */
const POSITION_KEY = /^(0|[1-9]\d{0,14})$/;

/**
 * The records of a `data` object keyed by position, in position order, or why its keys are not positions. The keys
 * must be exactly "0".."n-1" (positions within the page) or, when the page's offset is known, exactly
 * "offset".."offset+n-1" (positions within the dataset); anything else would drop or double records.
 * Example: {"1":b,"0":a} → [a, b]; at offset 20, {"20":a,"21":b} → [a, b]; {"0":a,"01":b} → a reason.
 */
function readKeyedRecords(
  data: Record<string, unknown>,
  keys: readonly string[],
  offset: number | undefined,
): { records: RawRecord[] } | { problem: string } {
  const listed =
    keys
      .slice(0, 6)
      .map((key) => JSON.stringify(key))
      .join(', ') + (keys.length > 6 ? ', …' : '');
  const fail = (problem: string): { problem: string } => ({
    problem: `data is keyed by position, but ${problem} (keys: ${listed})`,
  });
  const bad = keys.find((key) => !POSITION_KEY.test(key));
  if (bad !== undefined) {
    return fail(
      `the key ${JSON.stringify(bad.length > 24 ? `${bad.slice(0, 24)}…` : bad)} is not a position${/^0\d/.test(bad) ? ' (a leading zero)' : ''}`,
    );
  }
  const positions = keys.map(Number).sort((a, b) => a - b);
  const first = positions[0] as number;
  const starts = offset !== undefined && offset > 0 ? [0, offset] : [0];
  if (!starts.includes(first) || positions.some((position, index) => position !== first + index)) {
    const expected = starts.map((start) => `${start}..${start + keys.length - 1}`).join(' or ');
    return fail(`the keys are not the positions ${expected}`);
  }
  const bare = positions.map((position) => data[String(position)]);
  const notObject = bare.findIndex((item) => !isPlainObject(item));
  if (notObject >= 0) return fail(`data["${positions[notObject]}"] is not an object`);
  return { records: bare as RawRecord[] };
}

/** Whether an object's keys read as positions (digits only), the keyed shape of `data`; readKeyedRecords judges them. */
function isKeyedByPosition(keys: readonly string[]): boolean {
  return keys.every((key) => /^\d+$/.test(key));
}

/**
 * Where the body writes a name twice in one object, which JSON.parse would read as its last (scanJsonText counts the
 * names written, keptNames the names kept), or null. The envelope's (`{"count":"0","data":[…],"data":[]}`: no
 * records), a keyed `data`'s (`{"0":a,"0":b,"1":c}`: a record dropped) or a record's (`{"JmlPemilihL":"0",
 * "JmlPemilihL":"120"}`: which is the figure?). Example: '{"count":"1","data":[{"a":"1","a":"2"}]}' → a record's.
 */
function describeRepeatedName(
  envelope: Record<string, unknown>,
  scan: JsonTextScan,
): { reason: PageFailure; detail: string } | null {
  const kept = keptNames(envelope);
  const depth = scan.names.findIndex((written, index) => written !== kept[index]);
  if (depth < 0) return null;
  const written = scan.names[depth] as number;
  const counted = `${written} members written, ${kept[depth]} distinct`;
  if (depth === 0)
    return {
      reason: 'unknown-envelope',
      detail: `the envelope repeats a key (${counted}): not the envelope this upstream sends`,
    };
  const data = envelope.data;
  const keyed = depth === 1 && isPlainObject(data) && isKeyedByPosition(Object.keys(data));
  return {
    reason: 'unexpected-shape',
    detail: keyed
      ? `data is keyed by position, but repeats a key: ${counted} keys`
      : `a record writes a field twice (${written} field names written, ${kept[depth]} distinct): which value is the upstream's cannot be told`,
  };
}

/**
 * Parses a page body; `offset` (the page's, when known) also allows keys that count from it. Examples of accepted `data`:
 *   {"count":"2","data":[{…},{…}]}          → 2 records, shape "array"
 *   {"count":2,"data":{"0":{…},"1":{…}}}     → 2 records in key order, shape "keyed"
 *   {"count":1,"data":{"TahunPemilu":"2014",…}} → 1 record, shape "single"
 *   {"count":0,"data":[]} / {"count":0,"data":{}} → 0 records, shape "empty"
 * An envelope with any other key or `data` null or absent (describeUnknownEnvelope), a key written twice
 * (describeRepeatedName), or no records beside a `count` that is absent or not a count (describeUnprovenEnd), is
 * 'unknown-envelope'; a name written twice in a keyed `data` or a record is 'unexpected-shape'.
 * A single record is recognised by carrying at least one of the dataset's upstream fields; every record of an array
 * or a keyed object must carry at least one too ('not-records' otherwise). An error envelope is 'error-envelope'.
 * `scan`: the body's scanJsonText, when the caller has made it already (it is made otherwise).
 */
export function parsePage(
  body: string,
  dataset: ParsedDataset,
  offset?: number,
  scan: JsonTextScan = scanJsonText(body),
): PageParse {
  let envelope: unknown;
  try {
    envelope = parseJsonExactly(body, scan);
  } catch (error) {
    return { ok: false, reason: 'not-json', detail: (error as Error).message };
  }
  if (!isPlainObject(envelope)) {
    return { ok: false, reason: 'unexpected-shape', detail: 'the body is not a JSON object with `count` and `data`' };
  }
  const envelopeError = describeErrorEnvelope(envelope);
  if (envelopeError !== null) return { ok: false, reason: 'error-envelope', detail: envelopeError };
  const unknownEnvelope = describeUnknownEnvelope(envelope);
  if (unknownEnvelope !== null) return { ok: false, reason: 'unknown-envelope', detail: unknownEnvelope };
  const repeated = describeRepeatedName(envelope, scan);
  if (repeated !== null) return { ok: false, ...repeated };
  const count = readCount(envelope.count);
  const data = envelope.data;
  const empty = (): PageParse => {
    const unproven = describeUnprovenEnd(envelope, count);
    return unproven === null
      ? { ok: true, records: [], shape: 'empty', count }
      : { ok: false, reason: 'unknown-envelope', detail: unproven };
  };
  const records = (items: RawRecord[], shape: PageShape): PageParse => {
    const foreign = describeForeignRecord(items, dataset);
    return foreign === null
      ? { ok: true, records: items, shape, count }
      : { ok: false, reason: 'not-records', detail: foreign };
  };

  if (Array.isArray(data)) {
    if (data.length === 0) return empty();
    const bad = data.findIndex((item) => !isPlainObject(item));
    if (bad >= 0) return { ok: false, reason: 'unexpected-shape', detail: `data[${bad}] is not an object` };
    return records(data as RawRecord[], 'array');
  }
  if (!isPlainObject(data)) {
    return { ok: false, reason: 'unexpected-shape', detail: `data is a ${typeof data}, not an array or an object` };
  }
  const keys = Object.keys(data);
  if (keys.length === 0) return empty();
  if (isKeyedByPosition(keys)) {
    const keyed = readKeyedRecords(data, keys, offset);
    if ('problem' in keyed) return { ok: false, reason: 'unexpected-shape', detail: keyed.problem };
    return records(keyed.records, 'keyed');
  }
  if (dataset.upstreamFields.some((field) => Object.hasOwn(data, field))) {
    return { ok: true, records: [data], shape: 'single', count };
  }
  // An object of plain values is record-like: a record of something else (`{"error": "…"}`), not a new shape.
  if (Object.values(data).every((value) => value === null || typeof value !== 'object')) {
    return {
      ok: false,
      reason: 'not-records',
      detail: `data is one object with none of the ${dataset.id} fields (its fields: ${keys.slice(0, 5).join(', ')})`,
    };
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
  const flat =
    whole.length > length + SNIPPET_REDACT_MARGIN
      ? redact(whole.slice(0, length + SNIPPET_REDACT_MARGIN))
      : redact(whole);
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}
