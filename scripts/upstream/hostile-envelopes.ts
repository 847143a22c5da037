// Hostile answers of the stand-in upstream for errors disguised as data and silently wrong paging: error
// envelopes sent with HTTP 200 (known ones and others), error objects in place of records, an end of data that
// contradicts `count` or does not hold when asked again, offsets read as 1-based, keyed `data` whose keys are not the
// positions, records repeated in place of others, an envelope's error hidden behind a last 429, an early end that
// X-Total-Count contradicts, answers capped in all, a record dropped from a page, a name written twice, a page sent with a status other than 200, a
// filter refused. Each factory returns a HostileAnswer for the server's `hostile` option; docs/upstream.md says what
// the harvester does with each.
import type { RawRecord } from '../datasets/dataset-definition.ts';
import type { HostileAnswer, HostileRequest, RawAnswer } from './upstream-server.ts';

/** Which requests an answer applies to: one dataset (its path, e.g. /api/profilpartai), and the first `times` only. */
export interface HostileScope {
  path?: string;
  /** Answers given before the upstream behaves again (default: every matching request, for ever). */
  times?: number;
}

/** The error envelope of docs/upstream.md: what a government API may send with HTTP 200 when its database is down. */
const DATABASE_ERROR_ENVELOPE = { status: 'error', message: 'Database connection failed', data: null } as const;

function json(body: unknown): RawAnswer {
  return { status: 200, body: JSON.stringify(body) };
}

/**
 * Answers with `answer` the requests that `matches` and the scope allow; the others get the normal answer. A scope
 * names pages of the chain: a request asked by value (the filter parameter set) is answered normally.
 */
function scoped(
  scope: HostileScope,
  matches: (request: HostileRequest) => boolean,
  answer: (request: HostileRequest) => RawAnswer,
): HostileAnswer {
  let given = 0;
  return (request) => {
    if (request.filter !== null) return undefined;
    if (scope.path !== undefined && request.dataset.path !== scope.path) return undefined;
    if (!matches(request)) return undefined;
    if (scope.times !== undefined && given >= scope.times) return undefined;
    given += 1;
    return answer(request);
  };
}

/** Every page (of the scope) answered with an error envelope, `{"status":"error","message":…,"data":null}` by default. */
export function errorEnvelopeOnEveryPage(
  envelope: unknown = DATABASE_ERROR_ENVELOPE,
  scope: HostileScope = {},
): HostileAnswer {
  return scoped(
    scope,
    () => true,
    () => json(envelope),
  );
}

/**
 * Page `page` (1-based: the page at offset (page − 1) × limit, as the chain asks for it when every page is full)
 * answered with an error envelope; every other page is normal. With KPU_PAGE_SIZE=3, page 2 is offset 3.
 */
export function errorEnvelopeOnPage(
  page: number,
  envelope: unknown = DATABASE_ERROR_ENVELOPE,
  scope: HostileScope = {},
): HostileAnswer {
  return scoped(
    scope,
    (request) => request.offset === (page - 1) * request.limit,
    () => json(envelope),
  );
}

/** Every page answered with error objects where the records belong: `{"count":"1","data":[{"error":message}]}`. */
export function errorRecords(message = 'Too many requests, slow down', scope: HostileScope = {}): HostileAnswer {
  return scoped(
    scope,
    () => true,
    () => json({ count: '1', data: [{ error: message }] }),
  );
}

/** Every page answered `{"count":"8","data":null}` (by default): a count of records, and none of them. */
export function countWithoutData(count: number | string = '8', scope: HostileScope = {}): HostileAnswer {
  return scoped(
    scope,
    () => true,
    () => json({ count, data: null }),
  );
}

/**
 * The empty page that ends the data says `count(request)` (the records matching, minus one, say) instead of the
 * normal count: an end of data that contradicts `count` although the pages before were complete.
 */
export function endPageCount(
  count: (request: HostileRequest) => number | string,
  scope: HostileScope = {},
): HostileAnswer {
  return scoped(
    scope,
    (request) => request.page.length === 0 && request.offset > 0,
    (request) => json({ count: count(request), data: [] }),
  );
}

/**
 * An early end that the header contradicts: each page from page `page` on (1-based, as envelopeFromPage counts)
 * answers as the empty page that ends the data, `{"count":"0","data":[]}`, with an `X-Total-Count` of every record
 * matching, as an upstream overloaded behind a header-writing proxy may.
 */
export function earlyEndWithTotal(page: number, scope: HostileScope = {}): HostileAnswer {
  return scoped(
    scope,
    (request) => request.offset >= (page - 1) * request.limit,
    (request) => ({
      ...json({ count: '0', data: [] }),
      headers: { 'X-Total-Count': String(request.matching.length) },
    }),
  );
}

/**
 * At most the first `total` records of a query without a filter, as an upstream capping a query's results silently
 * would: the page across the cap short, the pages past it empty, asked again or not. A request asked by value gets
 * its own records in full (under the cap).
 */
export function answersCappedAt(total: number, scope: HostileScope = {}): HostileAnswer {
  return scoped(
    scope,
    () => true,
    (request) => {
      const page = request.matching.slice(0, total).slice(request.offset, request.offset + request.limit);
      return json({ count: String(page.length), data: page });
    },
  );
}

/**
 * The record at `position` of the data left out of the pages of the chain, as an upstream losing a record from a page
 * would: that page one record short, the pages after it on by one. A request asked by value gets it.
 */
export function recordDropped(position: number, scope: HostileScope = {}): HostileAnswer {
  return scoped(
    scope,
    () => true,
    (request) => {
      const kept = request.matching.filter((_record, index) => index !== position);
      const page = kept.slice(request.offset, request.offset + request.limit);
      return json({ count: String(page.length), data: page });
    },
  );
}

/**
 * A name written twice, which JSON parsers read as its last: from page `page` on, in the envelope, its records
 * followed by `"data":[]` again (so no records, `{"count":"0","data":[…],"data":[]}`), or in each record, its first
 * field written again before it with another value (`{"TahunPemilu":"20240","TahunPemilu":"2024",…}`).
 */
export function nameWrittenTwice(where: 'envelope' | 'record', page: number, scope: HostileScope = {}): HostileAnswer {
  return scoped(
    scope,
    (request) => request.offset >= (page - 1) * request.limit && request.page.length > 0,
    (request) => {
      if (where === 'envelope')
        return { status: 200, body: `{"count":"0","data":${JSON.stringify(request.page)},"data":[]}` };
      const records = request.page.map((record) => {
        const [name, value] = Object.entries(record)[0] as [string, unknown];
        return `{${JSON.stringify(name)}:${JSON.stringify(`${String(value)}0`)},${JSON.stringify(record).slice(1)}`;
      });
      return { status: 200, body: `{"count":"${request.page.length}","data":[${records.join(',')}]}` };
    },
  );
}

/** `data` as the seed sends it: one record bare, several as an array. */
function seedData(records: readonly RawRecord[]): unknown {
  return records.length === 1 ? records[0] : records;
}

/**
 * Offsets read as 1-based (offset n means the n-th record, so offset 0 and 1 both mean the first): every page after
 * the first begins one record early, with the last record of the page before. A 2014 total grew from 10,116 to 12,745
 * this way.
 */
export function oneBasedOffsets(scope: HostileScope = {}): HostileAnswer {
  return scoped(
    scope,
    (request) => request.offset > 0,
    (request) => {
      const page = request.matching.slice(request.offset - 1, request.offset - 1 + request.limit);
      return json({ count: page.length, data: page.length === 0 ? [] : seedData(page) });
    },
  );
}

/**
 * Pages with records sent as `data` keyed by `keysFor(request)` instead of the positions: the page's records take the
 * keys in order (more keys than records reuse the last records from the start; fewer leave records out). Examples:
 * () => ['0', '01', '1', '00'] (docs/upstream.md's case), () => ['0', '2'] (a gap), () => ['99999999999999999999'].
 */
export function keyedWithKeys(
  keysFor: (request: HostileRequest) => readonly string[],
  scope: HostileScope = {},
): HostileAnswer {
  return scoped(
    scope,
    (request) => request.page.length > 0,
    (request) => {
      const keys = keysFor(request);
      // Built as text: an object would reorder integer-like keys and merge keys that are equal.
      const entries = keys.map(
        (key, index) => `${JSON.stringify(key)}:${JSON.stringify(request.page[index % request.page.length])}`,
      );
      return { status: 200, body: `{"count":${JSON.stringify(String(keys.length))},"data":{${entries.join(',')}}}` };
    },
  );
}

/**
 * Envelopes other than `{count, data}` that, taken for pages, would end the data early (exit 0, records missing):
 * each says something (an error, a limit) no list of error words can foresee, so the harvester refuses any key
 * beside `count` and `data`, and a page without records whose `count` is absent or not a count.
 */
export const UNKNOWN_ENVELOPES: Readonly<Record<string, unknown>> = {
  'success-false': { success: false, data: [] },
  errors: { data: [], errors: [{ message: 'Database connection failed' }] },
  'meta-code': { meta: { code: 500 }, data: [] },
  'result-error': { result: 'error', msg: 'DB down', data: null },
  'status-ok-message': { status: 'ok', message: 'Rate limit exceeded', data: [] },
  // The known keys alone, but no records beside a `count` that does not say the data ended.
  'count-word': { count: 'error', data: [] },
  'count-null': { count: null, data: {} },
  'no-count': { data: [] },
};

/**
 * Every page from page `page` on (1-based: offset (page − 1) × limit and beyond, as the chain asks when every page is
 * full) answered with `envelope`; the pages before are normal. With KPU_PAGE_SIZE=3 and page 3, offsets 6, 9, ….
 */
export function envelopeFromPage(page: number, envelope: unknown, scope: HostileScope = {}): HostileAnswer {
  return scoped(
    scope,
    (request) => request.offset >= (page - 1) * request.limit,
    () => json(envelope),
  );
}

/**
 * Every page from page `page` on (as envelopeFromPage counts) answered with HTTP `status` where a 200 belongs, and
 * `envelope(request)`: by default the empty page that ends the data, as a gateway answering "accepted, not ready"
 * (202) might. A 206 with a part of the page (`{"count":"1","data":[its first record]}`) is another such answer.
 */
export function statusFromPage(
  page: number,
  status: number,
  envelope: (request: HostileRequest) => unknown = () => ({ count: '0', data: [] }),
  scope: HostileScope = {},
): HostileAnswer {
  return scoped(
    scope,
    (request) => request.offset >= (page - 1) * request.limit,
    (request) => ({ ...json(envelope(request)), status }),
  );
}

/**
 * Every request asked by value (the filter parameter set) answered with `answer`, the pages of the chain normally:
 * an upstream that does not serve its documented filter, or not now (a 400, an error envelope, a 500).
 */
export function filterRefused(answer: RawAnswer): HostileAnswer {
  return (request) => (request.filter === null ? undefined : answer);
}

/**
 * An end of the data that does not hold: each page at offset `from` or beyond that has records answers as the empty
 * page that ends the data, `{"count":"0","data":[]}`, on its first request, its third, …, and normally on the others,
 * `times` false answers at most (default: for ever). A stand-in for an upstream that, overloaded, answers a page as
 * empty now and again: with `times: 1`, once.
 */
export function flickeringEnd(from: number, scope: HostileScope = {}): HostileAnswer {
  const asked = new Map<string, number>();
  let given = 0;
  return (request) => {
    if (scope.path !== undefined && request.dataset.path !== scope.path) return undefined;
    if (request.offset < from || request.page.length === 0) return undefined;
    const page = `${request.dataset.path}?offset=${request.offset}`;
    const times = (asked.get(page) ?? 0) + 1;
    asked.set(page, times);
    if (times % 2 === 0 || (scope.times !== undefined && given >= scope.times)) return undefined;
    given += 1;
    return json({ count: '0', data: [] });
  };
}

/**
 * Every page after the first has its first record replaced by the first record of the data, exactly: the records it
 * replaced are nowhere, and each page still holds as many records as asked (a paging fault seen on real APIs).
 */
export function firstRecordRepeated(scope: HostileScope = {}): HostileAnswer {
  return scoped(
    scope,
    (request) => request.offset > 0 && request.page.length > 0 && request.matching.length > 0,
    (request) => {
      const page = [request.matching[0] as RawRecord, ...request.page.slice(1)];
      return json({ count: String(page.length), data: seedData(page) });
    },
  );
}

/**
 * The page at offset `offset` (of each dataset of the scope) answered with `envelope` (an error inside a 200)
 * `failures` times, then once with 429 (Retry-After: 0), then normally: with KPU_RETRIES equal to `failures`, the retries run out on the 429, while the
 * cause is the envelope's error.
 */
export function envelopeThenThrottled(
  offset: number,
  failures: number,
  envelope: unknown = DATABASE_ERROR_ENVELOPE,
  scope: HostileScope = {},
): HostileAnswer {
  const answered = new Map<string, number>();
  return (request) => {
    if (scope.path !== undefined && request.dataset.path !== scope.path) return undefined;
    const given = (answered.get(request.dataset.path) ?? 0) + 1;
    if (request.offset !== offset || given > failures + 1) return undefined;
    answered.set(request.dataset.path, given);
    return given <= failures
      ? json(envelope)
      : { status: 429, headers: { 'Retry-After': '0' }, body: 'Too Many Requests' };
  };
}

/** A hostile answer a test can turn on after a good build, and off again: `set(answer)`, `set(undefined)`. */
export interface HostileSwitch {
  answer: HostileAnswer;
  set(answer: HostileAnswer | undefined): void;
}

export function createHostileSwitch(): HostileSwitch {
  let current: HostileAnswer | undefined;
  return {
    answer: (request) => current?.(request),
    set(answer) {
      current = answer;
    },
  };
}
