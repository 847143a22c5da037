// Fetches one page from the upstream with undici: the key only in the x-api-key header, bounded
// concurrency, a pause between requests that grows after 429s, and retries with exponential backoff,
// full jitter and Retry-After. Each body is read within KPU_MAX_RESPONSE_BYTES (response-body.ts) and its
// nesting measured before it is parsed. It returns parsed pages or throws a catalogued BuildError.
import { Agent, request } from 'undici';
import type { UpstreamConfig } from '../config.ts';
import type { DatasetDefinition } from '../datasets/dataset-definition.ts';
import { BuildError, type ErrorCode } from '../errors.ts';
import { formatLogCounted } from '../foundation/digit-groups.ts';
import { depthBreach } from './harvest-limits.ts';
import { createRedactor } from '../log/secret-redactor.ts';
import { pageDatasetOf, type PageContent, type PageDataset } from './page-content.ts';
import { snippetOf, type PageShape } from './page-parser.ts';
import { createPageReader } from './page-reader.ts';
import { bodyNotesOf, bodyText, readResponseBody, type BodyNotes, type BodyRead } from './response-body.ts';

export interface FetchedPage {
  /** The request URL; it never carries the key. */
  url: string;
  offset: number;
  limit: number;
  status: number;
  /** The body exactly as received, after any Content-Encoding is decoded (a BOM and invalid bytes included). */
  body: Buffer;
  /** The body as text (response-body.ts bodyText): what was parsed, and what the key scan reads before it is written. */
  text: string;
  /** How the body was read, when there is something to say: encoding, BOM, invalid UTF-8. */
  notes: BodyNotes;
  fetchedAt: string;
  durationMs: number;
  attempts: number;
  /** X-Total-Count, when the upstream sends it. */
  totalCount: number | null;
  /** The page read: its shape, its envelope's `count`, and what its records hold (page-content.ts). */
  parsed: { shape: PageShape; count: number | null; content: PageContent };
}

export interface RetryNotice {
  url: string;
  attempt: number;
  reason: string;
  delayMs: number;
}

export interface UpstreamClient {
  /**
   * The page at `offset`; `keepRecords`: its records whole in `parsed.content.records` (else only what they hold);
   * `filter`: the value of the dataset's documented filter parameter, for the checks that ask by value.
   */
  fetchPage(
    dataset: DatasetDefinition,
    offset: number,
    limit: number,
    keepRecords?: boolean,
    filter?: string,
  ): Promise<FetchedPage>;
  close(): Promise<void>;
}

export interface UpstreamClientOptions {
  config: UpstreamConfig;
  baseUrl: URL;
  apiKey: string;
  signal?: AbortSignal;
  onRetry?: (notice: RetryNotice) => void;
  /** Source of randomness for jitter, replaceable in tests. */
  random?: () => number;
}

const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504]);
/** The codes of a 200 that is not a page: the upstream failing, retried like a 5xx (docs/upstream.md). */
const ENVELOPE_FAILURE_CODES = {
  'error-envelope': 'UPSTREAM_ERROR_ENVELOPE',
  'unknown-envelope': 'UPSTREAM_UNKNOWN_ENVELOPE',
  'not-records': 'UPSTREAM_NOT_RECORDS',
} as const satisfies Record<string, ErrorCode>;
const ENVELOPE_CODES: ReadonlySet<ErrorCode> = new Set(Object.values(ENVELOPE_FAILURE_CODES));
/** Characters of a body quoted in an error message. */
const SNIPPET_LENGTH = 200;
const NETWORK_TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
/** After a 429 the pause between requests doubles, from at least this, up to the ceiling below. */
const THROTTLE_PAUSE_FLOOR_MS = 250;
const THROTTLE_PAUSE_CEILING_MS = 10_000;
/** Successes in a row after which a grown pause halves again, back towards the configured one. */
const SUCCESSES_TO_SPEED_UP = 20;

/** Builds the page URL; the base URL's own path is kept as a prefix. `filter`: the filter parameter's value. */
export function buildPageUrl(
  baseUrl: URL,
  dataset: DatasetDefinition,
  offset: number,
  limit: number,
  filter?: string,
): URL {
  const url = new URL(baseUrl.href);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${dataset.path}`;
  const query = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (filter !== undefined) query.set(dataset.filterParameter, filter);
  url.search = query.toString();
  return url;
}

/**
 * Retry-After as milliseconds: delta-seconds ("120") or an HTTP date (RFC 9110 §10.2.3).
 * Example: "3" → 3000; "Wed, 21 Oct 2015 07:28:00 GMT" → time until then (0 if past).
 */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === '') return null;
  if (/^\s*\d+\s*$/.test(raw)) return Number(raw.trim()) * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * The wait before retry number `retry` (1 for the first): full jitter over an exponential backoff capped at
 * KPU_RETRY_MAX_DELAY_MS (AWS architecture blog, "Exponential Backoff And Jitter"); a Retry-After is a floor.
 * Example, base 500 ms: retry 3 waits 0 to 2000 ms; after "Retry-After: 5", at least 5000 ms.
 */
export function retryDelayMs(
  retry: number,
  retryAfterMs: number | null,
  config: Pick<UpstreamConfig, 'retryBaseMs' | 'retryMaxDelayMs'>,
  random: () => number,
): number {
  const backoff = Math.min(config.retryMaxDelayMs, config.retryBaseMs * 2 ** (retry - 1));
  return Math.max(retryAfterMs ?? 0, Math.round(random() * backoff));
}

/**
 * Limits requests in flight and spaces their starts by a pause that adapts to throttling. The pause runs from
 * the previous actual start (a timer firing late must not let the next request follow closer), on the
 * monotonic clock, and is re-read after each wait, so a pause grown by a 429 holds back requests already waiting.
 */
function createRequestGate(
  concurrency: number,
  basePauseMs: number,
  floorMs = THROTTLE_PAUSE_FLOOR_MS,
  ceilingMs = THROTTLE_PAUSE_CEILING_MS,
) {
  let active = 0;
  const waiting: (() => void)[] = [];
  let pauseMs = basePauseMs;
  let lastStart = Number.NEGATIVE_INFINITY;
  let successes = 0;
  const release = (): void => {
    // A freed slot passes straight to the next in line: were it counted free first, a newcomer could take it
    // before the woken waiter runs, and both would go.
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  };
  return {
    /** Resolves when the request may start, with its start time (ms since the epoch). */
    async acquire(signal?: AbortSignal): Promise<number> {
      if (active < concurrency) active += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        for (
          let wait = lastStart + pauseMs - performance.now();
          wait > 0;
          wait = lastStart + pauseMs - performance.now()
        ) {
          await sleep(Math.ceil(wait), signal);
        }
      } catch (error) {
        release();
        throw error;
      }
      lastStart = performance.now();
      // On the clock the pause is kept on (the wall clock read apart can step between two starts on a virtual
      // machine), so the recorded start times are the pause apart that the gate kept.
      return performance.timeOrigin + lastStart;
    },
    release,
    slowDown(): void {
      successes = 0;
      pauseMs = Math.min(ceilingMs, Math.max(pauseMs * 2, floorMs, basePauseMs));
    },
    succeeded(): void {
      successes += 1;
      if (pauseMs > basePauseMs && successes >= SUCCESSES_TO_SPEED_UP) {
        successes = 0;
        pauseMs = Math.max(basePauseMs, Math.floor(pauseMs / 2));
      }
    },
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new BuildError('INTERRUPTED', ''));
    const timer = setTimeout(done, ms);
    function done(): void {
      signal?.removeEventListener('abort', abort);
      resolve();
    }
    function abort(): void {
      clearTimeout(timer);
      reject(new BuildError('INTERRUPTED', ''));
    }
    signal?.addEventListener('abort', abort, { once: true });
  });
}

type Attempt =
  | { kind: 'page'; page: FetchedPage }
  | { kind: 'retry'; code: ErrorCode; reason: string; retryAfterMs: number | null }
  | { kind: 'bad-json'; reason: string };

/** A 2xx answer received whole, still to be read as a page. */
type Received = Omit<FetchedPage, 'parsed'> & { retryAfter: string | string[] | undefined };

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const { config, apiKey, signal } = options;
  const random = options.random ?? Math.random;
  // Snippets are redacted before they are cut: a key cut in half would escape the redaction of the whole line.
  const redact = createRedactor([apiKey]);
  const agent = new Agent({
    connections: config.concurrency,
    headersTimeout: config.timeoutMs,
    bodyTimeout: config.timeoutMs,
    connectTimeout: config.timeoutMs,
  });
  const gate = createRequestGate(config.concurrency, config.pauseMs, config.throttleFloorMs, config.throttleCeilingMs);
  const reader = createPageReader(config.limits);
  const headers = {
    'x-api-key': apiKey,
    'content-type': 'application/json',
    accept: 'application/json',
    'user-agent': 'kpu-open-data-publisher',
  };

  /** One request, while it holds its place at the gate: its answer received whole, or why it is retried or failed. */
  async function requestOnce(
    url: URL,
    offset: number,
    limit: number,
    attempts: number,
    startedAt: number,
  ): Promise<Received | Exclude<Attempt, { kind: 'page' }>> {
    const started = performance.now();
    const fetchedAt = new Date(startedAt).toISOString();
    let status: number;
    let read: BodyRead;
    let responseHeaders: Record<string, string | string[] | undefined>;
    try {
      const response = await request(url, {
        method: config.method,
        headers,
        dispatcher: agent,
        signal: AbortSignal.any([AbortSignal.timeout(config.timeoutMs), ...(signal ? [signal] : [])]),
      });
      status = response.statusCode;
      responseHeaders = response.headers;
      read = await readResponseBody(response.body, response.headers, config.limits.maxResponseBytes);
    } catch (error) {
      if (signal?.aborted) throw new BuildError('INTERRUPTED', '');
      const code = (error as { code?: string }).code ?? (error as Error).name;
      const timedOut =
        NETWORK_TIMEOUT_CODES.has(code) || (error as Error).name === 'TimeoutError' || code === 'UND_ERR_ABORTED';
      return {
        kind: 'retry',
        code: timedOut ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_UNREACHABLE',
        reason: timedOut ? `no answer within ${config.timeoutMs} ms` : `network error ${code}`,
        retryAfterMs: null,
      };
    }
    const durationMs = Math.round(performance.now() - started);
    // Any status: an endless error page is as harmful as an endless page of data.
    if (!read.ok && read.reason === 'too-large')
      throw new BuildError('UPSTREAM_RESPONSE_TOO_LARGE', `From ${url.href}: ${read.detail}.`);
    const body = read.ok ? read.body : Buffer.alloc(0);
    const decoded = bodyText(body);
    const { text } = decoded;
    if (status === 401 || status === 403) {
      throw new BuildError('UPSTREAM_KEY_REFUSED', `${status} from ${url.href}`);
    }
    // 304 Not Modified points nowhere: an unexpected status below, not a redirect.
    if (status >= 300 && status < 400 && status !== 304) {
      throw new BuildError(
        'UPSTREAM_REDIRECT',
        `${status} from ${url.href} to ${String(responseHeaders.location ?? '(no location)')}`,
      );
    }
    if (RETRYABLE_STATUSES.has(status)) {
      if (status === 429) gate.slowDown();
      return {
        kind: 'retry',
        code: status === 429 ? 'UPSTREAM_THROTTLED' : status === 408 ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_SERVER_ERROR',
        reason: `HTTP ${status}`,
        retryAfterMs: parseRetryAfter(responseHeaders['retry-after']),
      };
    }
    // Only a 200 carries a page. A 202 or 204 may be an empty envelope that reads as the end of the data, a 206 a
    // part of a page: taken on its word, each would publish a truncated dataset (docs/upstream.md).
    if (status !== 200) {
      const code =
        status >= 500
          ? 'UPSTREAM_SERVER_ERROR'
          : status >= 400
            ? 'UPSTREAM_CLIENT_ERROR'
            : 'UPSTREAM_UNEXPECTED_STATUS';
      throw new BuildError(code, `HTTP ${status} from ${url.href}: ${snippetOf(text, SNIPPET_LENGTH, redact)}`);
    }
    if (!read.ok) return { kind: 'bad-json', reason: read.detail };
    const total = responseHeaders['x-total-count'];
    return {
      url: url.href,
      offset,
      limit,
      status,
      body,
      text,
      notes: bodyNotesOf(read.wire, decoded),
      fetchedAt,
      durationMs,
      attempts,
      totalCount: typeof total === 'string' && /^\d+$/.test(total) ? Number(total) : null,
      retryAfter: responseHeaders['retry-after'],
    };
  }

  /**
   * A received answer read as a page, after its request has left the gate: the next request need not wait while
   * this one is parsed (on the page reader's thread, for every page but those whose records are kept).
   */
  async function readReceived(received: Received, dataset: PageDataset, keepRecords: boolean): Promise<Attempt> {
    const { retryAfter, ...fetched } = received;
    const { url, text } = fetched;
    const read = await reader.read(text, dataset, fetched.offset, keepRecords);
    // Measured before anything walked the value recursively (JSON.parse's reviver, canonicalJson).
    if (!read.ok && read.reason === 'too-deep') {
      const breach = depthBreach(url, read.tooDeepAt, config.limits.maxJsonDepth);
      throw new BuildError(breach.code, breach.detail);
    }
    if (!read.ok && read.reason === 'not-json') {
      return {
        kind: 'bad-json',
        reason: `${read.detail}; the body starts: ${snippetOf(text, SNIPPET_LENGTH, redact)}`,
      };
    }
    // An error sent as a 200 (an error envelope, or objects that are not the dataset's records) is the upstream
    // failing, like a 5xx: retried the same way, never taken for data (docs/upstream.md, "Errors inside a 200").
    if (!read.ok && read.reason in ENVELOPE_FAILURE_CODES) {
      return {
        kind: 'retry',
        code: ENVELOPE_FAILURE_CODES[read.reason as keyof typeof ENVELOPE_FAILURE_CODES],
        reason: `HTTP 200, but ${read.detail}; the body starts: ${snippetOf(text, SNIPPET_LENGTH, redact)}`,
        retryAfterMs: parseRetryAfter(retryAfter),
      };
    }
    if (!read.ok) {
      throw new BuildError(
        'UPSTREAM_UNEXPECTED_SHAPE',
        `${read.detail}, from ${url}: ${snippetOf(text, SNIPPET_LENGTH, redact)}`,
      );
    }
    gate.succeeded();
    return {
      kind: 'page',
      page: { ...fetched, parsed: { shape: read.shape, count: read.count, content: read.content } },
    };
  }

  async function fetchPage(
    dataset: DatasetDefinition,
    offset: number,
    limit: number,
    keepRecords = false,
    filter?: string,
  ): Promise<FetchedPage> {
    const url = buildPageUrl(options.baseUrl, dataset, offset, limit, filter);
    const pageDataset = pageDatasetOf(dataset);
    let retries = 0;
    let badJsonRetried = false;
    /** The last answer that was an error inside a 200: the cause to report if the retries run out on a 429. */
    let envelopeFailure: Extract<Attempt, { kind: 'retry' }> | null = null;
    for (let attempts = 1; ; attempts += 1) {
      const startedAt = await gate.acquire(signal);
      let received: Awaited<ReturnType<typeof requestOnce>>;
      try {
        received = await requestOnce(url, offset, limit, attempts, startedAt);
      } finally {
        gate.release();
      }
      const outcome = 'kind' in received ? received : await readReceived(received, pageDataset, keepRecords);
      if (outcome.kind === 'page') return outcome.page;
      let delayMs: number;
      if (outcome.kind === 'bad-json') {
        // UPSTREAM.md: a body that is not JSON is retried once, then the harvest stops.
        if (badJsonRetried) throw new BuildError('UPSTREAM_BAD_JSON', `From ${url.href}: ${outcome.reason}`);
        badJsonRetried = true;
        delayMs = config.retryBaseMs;
        options.onRetry?.({ url: url.href, attempt: attempts, reason: 'body is not JSON', delayMs });
      } else {
        retries += 1;
        if (ENVELOPE_CODES.has(outcome.code)) envelopeFailure = outcome;
        if (retries > config.retries && outcome.code === 'UPSTREAM_THROTTLED' && envelopeFailure !== null) {
          // Slowed down by the upstream while it was failing: its own error is the cause, the 429 only the last word.
          throw new BuildError(
            envelopeFailure.code,
            `${envelopeFailure.reason} from ${url.href}; ${config.retries === 1 ? 'the one retry' : `the last of ${config.retries} retries`} was answered ${outcome.reason}.`,
          );
        }
        if (retries > config.retries) {
          throw new BuildError(
            outcome.code,
            `${outcome.reason} from ${url.href}, ${formatLogCounted(config.retries, 'retry', 'retries')} exhausted.`,
          );
        }
        if (outcome.retryAfterMs !== null && outcome.retryAfterMs > config.retryMaxDelayMs) {
          throw new BuildError(
            outcome.code,
            `${outcome.reason} from ${url.href} with Retry-After ${Math.ceil(outcome.retryAfterMs / 1000)} s, longer than KPU_RETRY_MAX_DELAY_MS (${config.retryMaxDelayMs} ms).`,
          );
        }
        delayMs = retryDelayMs(retries, outcome.retryAfterMs, config, random);
        options.onRetry?.({ url: url.href, attempt: attempts, reason: outcome.reason, delayMs });
      }
      await sleep(delayMs, signal);
    }
  }

  return {
    fetchPage,
    async close() {
      await Promise.all([reader.close(), agent.close()]);
    },
  };
}
