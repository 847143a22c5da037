// The stand-in upstream: a local HTTP server answering both queries as the seed describes, able to behave in each
// "unknown" way of UPSTREAM.md (page shapes, a silent limit cap, count meanings, an ignored or clamped offset,
// faults, slowness, data changing mid-harvest) so the harvester can be proven against each. Never the real API.
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { roleColumn, type DatasetDefinition, type RawRecord } from '../datasets/dataset-definition.ts';
import { UPSTREAM_DATASETS } from '../datasets/datasets.ts';
import type { DatasetId, UpstreamData } from './upstream-data.ts';
import { drainedOrClosed, listen, readBody, sameKey } from './upstream-http.ts';
import { formatCounts, type CountFormat, type UpstreamMutation } from './upstream-changes.ts';
import { recordsWithValue } from './filter-index.ts';

/**
 * How `data` carries the records of a page. 'array' is the seed's: one record → the bare record, several →
 * an array. 'keyed' is the same but several → {"0": …, "1": …} (positions within the page). 'always-array'
 * sends an array even for one record. No records at all → see EmptyDataMode.
 */
export type ResponseShape = 'array' | 'keyed' | 'always-array';
export const RESPONSE_SHAPES: readonly ResponseShape[] = ['array', 'keyed', 'always-array'];

/** How a page with no records is sent: `"data": []`, `"data": null`, `"data": {}`, or no `data` at all. */
export type EmptyDataMode = 'array' | 'null' | 'object' | 'absent';
export const EMPTY_DATA_MODES: readonly EmptyDataMode[] = ['array', 'null', 'object', 'absent'];

/**
 * What `count` says: the records in this response, the total matching the filter, or a wrong number. 'wrong' is
 * wrong on pages with records only: on the empty page that ends the data it says 0, as a wrong number there would
 * claim records the upstream never sent (a truncation, HARVEST_TRUNCATED; see hostile-envelopes.ts for that).
 */
export type CountMode = 'records' | 'total' | 'wrong';
export const COUNT_MODES: readonly CountMode[] = ['records', 'total', 'wrong'];

export type FaultStatus = 400 | 403 | 404 | 408 | 429 | 500 | 502 | 503 | 504;
/**
 * 'timeout': accept the request and never answer (until the server closes). 'reset': destroy the socket.
 * 'bad-json': 200 with an HTML body. 'bad-shape': 200 with valid JSON whose `data` is a string.
 */
export type FaultKind = FaultStatus | 'timeout' | 'reset' | 'bad-json' | 'bad-shape';
export const FAULT_KINDS: readonly FaultKind[] = [
  400,
  403,
  404,
  408,
  429,
  500,
  502,
  503,
  504,
  'timeout',
  'reset',
  'bad-json',
  'bad-shape',
];

/**
 * A fault injected on data requests. It applies to data requests numbered `at` or later (1-based, one counter
 * across both endpoints, every request to a data path counts), whose path (the dataset path, e.g.
 * /api/profilpartai) and `offset` match when given, and is used up after `times` (default 1) answers.
 * So `{ at: 3, kind: 429, times: 2 }` answers requests 3 and 4 with 429; `{ path, offset: 20, kind: 500 }`
 * answers the first request for that page with 500.
 */
export interface UpstreamFault {
  kind: FaultKind;
  at?: number;
  path?: string;
  offset?: number;
  times?: number;
  /** Sent as Retry-After: seconds, or an HTTP date string (RFC 9110 §10.2.3). */
  retryAfter?: number | string;
}

export interface UpstreamServerOptions {
  apiKey: string;
  data: UpstreamData;
  /** Default 0: an ephemeral port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** A path prefix before /api/… (e.g. "/kpu"), to prove base URLs with a path are joined correctly. */
  basePath?: string;
  shape?: ResponseShape;
  emptyData?: EmptyDataMode;
  /** A silent cap: a larger `limit` is answered with this many records at most, without an error. */
  maxLimit?: number;
  countMode?: CountMode;
  /** Send X-Total-Count (the number of records matching the filter). */
  totalHeader?: boolean;
  faults?: readonly UpstreamFault[];
  /** Wait this long before answering each data request: a slow upstream. */
  delayMs?: number;
  /**
   * The wait before answering a request asked by value (the filter set), in place of delayMs: 0 for a test that times
   * the pages of the chain, whose end is then asked by value (every dapil, 84 official ones) without waiting.
   */
  byValueDelayMs?: number;
  /** How counts are sent (default 'string'). */
  countFormat?: CountFormat;
  /** Answer every page from offset 0, as a server ignoring `offset` would. */
  ignoreOffset?: boolean;
  /**
   * Answer an offset past the end with the last page (the one starting at the last multiple of `limit`), as a
   * server clamping a page number to its last page would: paging never reaches an empty page.
   */
  clampOffset?: boolean;
  mutation?: UpstreamMutation | readonly UpstreamMutation[];
  /**
   * Hostile answers (docs/upstream.md): each is asked, in order, after faults and before the normal answer, and
   * the first that returns an answer is sent instead of the normal one.
   */
  hostile?: HostileAnswer | readonly HostileAnswer[];
}

/** What a hostile answer knows of the request it answers. */
export interface HostileRequest {
  /** The request's number in the data request counter (1-based). */
  number: number;
  dataset: DatasetDefinition;
  /** `limit` after the silent cap, and `offset` as asked (digits only reach here). */
  limit: number;
  offset: number;
  /** The value of the dataset's filter parameter (a request asked by value), or null for a page of the chain. */
  filter: string | null;
  /** Every record matching the filter, and the ones the normal answer would carry. */
  matching: readonly RawRecord[];
  page: readonly RawRecord[];
  /** The normal answer's envelope, before encoding. */
  envelope: { count: number; data?: unknown };
  apiKey: string;
}

/** A raw answer: a body as bytes, text, or a stream of chunks (which may never end). */
export interface RawAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: string | Buffer | AsyncIterable<Buffer | string>;
}

export type HostileAnswer = (request: HostileRequest) => RawAnswer | undefined;

export interface UpstreamRequestLogEntry {
  method: string;
  /** The path as requested, base path included. */
  path: string;
  /** Query parameters; any value equal to the API key is replaced by "[redacted]". */
  query: Record<string, string>;
  /** null while unanswered, and for requests answered with a hung or reset connection. */
  status: number | null;
  /** When the request arrived, ms since the epoch. */
  time: number;
  /**
   * When the server ended its answer (taken just before the last byte is handed over, so never later than the
   * client can have it), or saw the connection close without one; ms since the epoch, null while open.
   */
  closedAt: number | null;
  /** The request's number in the data request counter, null for other paths. */
  dataRequest: number | null;
  fault: FaultKind | null;
}

export interface RunningUpstream {
  /** The base URL to configure the harvester with (no trailing slash). */
  url: string;
  port: number;
  /** Every request received so far, oldest first. Never contains the key. */
  readonly requests: readonly UpstreamRequestLogEntry[];
  /** Data requests received so far (the counter `at` and `afterRequest` refer to). */
  readonly dataRequestCount: number;
  getData(dataset: DatasetId): readonly RawRecord[];
  /** Replaces a dataset's records, e.g. between two builds. */
  setData(dataset: DatasetId, records: readonly RawRecord[]): void;
  /** Stops the server, ending hung ('timeout') and keep-alive connections and pending delays. */
  close(): Promise<void>;
}

interface Route {
  dataset: DatasetDefinition;
  /** The record field the dataset's filter parameter compares with. */
  filterField: string;
}

function createRoutes(): Map<string, Route> {
  return new Map(
    UPSTREAM_DATASETS.map((dataset) => {
      // The field the documented filter compares with: its declared role's column (seed 4.1, 4.2).
      const filterColumn = dataset.roles.filter;
      if (filterColumn === undefined) throw new Error(`dataset ${dataset.id} declares no filter column`);
      const filterField = roleColumn(dataset, filterColumn).source;
      if (!filterField) throw new Error(`dataset ${dataset.id}: the filter column ${filterColumn} has no source`);
      return [dataset.path, { dataset, filterField }];
    }),
  );
}

/** JSON as the real API writes it: forward slashes escaped (`https:\/\/…`). A "/" can only occur inside strings. */
function encodeJson(body: unknown): string {
  return JSON.stringify(body).replaceAll('/', '\\/');
}

function shapeData(
  records: readonly RawRecord[],
  shape: ResponseShape,
  emptyData: EmptyDataMode,
): { present: boolean; data?: unknown } {
  if (records.length === 0) {
    if (emptyData === 'absent') return { present: false };
    return { present: true, data: emptyData === 'null' ? null : emptyData === 'object' ? {} : [] };
  }
  if (shape === 'always-array') return { present: true, data: records };
  if (records.length === 1) return { present: true, data: records[0] };
  if (shape === 'keyed')
    return { present: true, data: Object.fromEntries(records.map((record, index) => [String(index), record])) };
  return { present: true, data: records };
}

function isDigits(value: string | undefined): value is string {
  return value !== undefined && /^\d+$/.test(value);
}

/** What the server keeps across requests: the options resolved, the data as it changes, faults and mutations used. */
interface UpstreamState {
  options: UpstreamServerOptions;
  expectedKey: Buffer;
  basePath: string;
  shape: ResponseShape;
  emptyData: EmptyDataMode;
  countMode: CountMode;
  routes: Map<string, Route>;
  data: Map<DatasetId, RawRecord[]>;
  faults: (UpstreamFault & { used: number })[];
  mutations: { mutation: UpstreamMutation; applied: boolean }[];
  hostiles: readonly HostileAnswer[];
  requests: UpstreamRequestLogEntry[];
  pendingDelays: Set<() => void>;
  dataRequestCount: number;
  closed: boolean;
}

/** Checks the options and sets up the state the server starts with. */
function createUpstreamState(options: UpstreamServerOptions): UpstreamState {
  if (options.apiKey === '') throw new Error('the stand-in upstream needs a non-empty API key');
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  if (basePath !== '' && !basePath.startsWith('/')) throw new Error(`basePath must start with "/", got ${basePath}`);
  if (options.maxLimit !== undefined && !(Number.isInteger(options.maxLimit) && options.maxLimit >= 1)) {
    throw new Error(`maxLimit must be a positive integer, got ${options.maxLimit}`);
  }
  const mutations = Array.isArray(options.mutation)
    ? [...options.mutation]
    : options.mutation
      ? [options.mutation as UpstreamMutation]
      : [];
  return {
    options,
    expectedKey: Buffer.from(options.apiKey),
    basePath,
    shape: options.shape ?? 'array',
    emptyData: options.emptyData ?? 'array',
    countMode: options.countMode ?? 'records',
    routes: createRoutes(),
    data: new Map(UPSTREAM_DATASETS.map((dataset) => [dataset.id, [...(options.data[dataset.id] ?? [])]])),
    faults: (options.faults ?? []).map((fault) => ({ ...fault, used: 0 })),
    mutations: mutations.map((mutation) => ({ mutation, applied: false })),
    hostiles:
      options.hostile === undefined ? [] : typeof options.hostile === 'function' ? [options.hostile] : options.hostile,
    requests: [],
    pendingDelays: new Set(),
    dataRequestCount: 0,
    closed: false,
  };
}

/** Waits `ms`, or until close() ends every pending wait. */
function wait(state: UpstreamState, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const finish = (): void => {
      clearTimeout(timer);
      state.pendingDelays.delete(finish);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    state.pendingDelays.add(finish);
  });
}

function redactQuery(params: URLSearchParams, apiKey: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of params) query[name] = value === apiKey ? '[redacted]' : value;
  return query;
}

function send(
  entry: UpstreamRequestLogEntry,
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  entry.status = status;
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(body)),
    ...headers,
  });
  entry.closedAt = Date.now();
  response.end(body);
}

/** Sends a hostile answer; a streamed body goes on until it ends, the client hangs up or the server closes. */
async function sendRaw(
  state: UpstreamState,
  entry: UpstreamRequestLogEntry,
  response: ServerResponse,
  answer: RawAnswer,
): Promise<void> {
  entry.status = answer.status ?? 200;
  if (typeof answer.body === 'string' || Buffer.isBuffer(answer.body)) {
    response.writeHead(entry.status, {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(answer.body)),
      ...answer.headers,
    });
    entry.closedAt = Date.now();
    response.end(answer.body);
    return;
  }
  response.writeHead(entry.status, { 'Content-Type': 'application/json', ...answer.headers });
  for await (const chunk of answer.body) {
    if (state.closed || response.destroyed) return;
    if (!response.write(chunk)) await drainedOrClosed(response);
  }
  entry.closedAt = Date.now();
  response.end();
}

function sendError(
  entry: UpstreamRequestLogEntry,
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  send(entry, response, status, encodeJson({ status, error: STATUS_CODES[status] ?? 'Error', message }), headers);
}

function applyDueMutations(state: UpstreamState): void {
  for (const pending of state.mutations) {
    if (pending.applied || state.dataRequestCount <= pending.mutation.afterRequest) continue;
    pending.applied = true;
    state.data.set(pending.mutation.dataset, pending.mutation.apply(state.data.get(pending.mutation.dataset) ?? []));
  }
}

function takeFault(
  state: UpstreamState,
  number: number,
  path: string,
  offset: string | undefined,
): UpstreamFault | undefined {
  const fault = state.faults.find(
    (candidate) =>
      candidate.used < (candidate.times ?? 1) &&
      (candidate.at === undefined || number >= candidate.at) &&
      (candidate.path === undefined || candidate.path === path) &&
      (candidate.offset === undefined || (isDigits(offset) && Number(offset) === candidate.offset)),
  );
  if (fault) fault.used += 1;
  return fault;
}

function serveFault(entry: UpstreamRequestLogEntry, response: ServerResponse, fault: UpstreamFault): void {
  entry.fault = fault.kind;
  const retryAfter: Record<string, string> =
    fault.retryAfter === undefined ? {} : { 'Retry-After': String(fault.retryAfter) };
  switch (fault.kind) {
    case 'timeout':
      return; // The socket stays open until the client gives up or close() ends it.
    case 'reset':
      response.socket?.resetAndDestroy();
      return;
    case 'bad-json':
      entry.status = 200;
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      entry.closedAt = Date.now();
      response.end('<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>');
      return;
    case 'bad-shape':
      send(entry, response, 200, encodeJson({ count: 1, data: 'unexpected' }));
      return;
    default:
      sendError(entry, response, fault.kind, 'injected fault', retryAfter);
  }
}

/** Logs a request as it arrives; its entry is completed as it is answered. */
function logRequest(
  state: UpstreamState,
  request: IncomingMessage,
  url: URL,
  response: ServerResponse,
): UpstreamRequestLogEntry {
  const entry: UpstreamRequestLogEntry = {
    method: request.method ?? '',
    path: url.pathname,
    query: redactQuery(url.searchParams, state.options.apiKey),
    status: null,
    time: Date.now(),
    closedAt: null,
    dataRequest: null,
    fault: null,
  };
  state.requests.push(entry);
  // Hung ('timeout') and reset requests end here, as do answers cut short by close().
  response.once('close', () => {
    entry.closedAt ??= Date.now();
  });
  return entry;
}

/** The dataset a path asks for, the base path removed; undefined for any other path. */
function routeOf(state: UpstreamState, pathname: string): Route | undefined {
  const { basePath } = state;
  const routePath =
    basePath === '' ? pathname : pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : undefined;
  return routePath === undefined ? undefined : state.routes.get(routePath);
}

/**
 * The request's parameters: a POST body's JSON object, then the query string, which wins; of a repeated
 * parameter, the first value counts. null when a POST body is not JSON.
 */
function requestParams(request: IncomingMessage, body: string, url: URL): Map<string, string> | null {
  const params = new Map<string, string>();
  if (request.method === 'POST' && body.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return null;
    }
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      for (const [name, value] of Object.entries(parsed)) params.set(name, String(value));
    }
  }
  for (const name of new Set(url.searchParams.keys())) params.set(name, url.searchParams.get(name) ?? '');
  return params;
}

/** The normal answer to a page request: the records of the page, the envelope and the headers around them. */
function answerPage(
  state: UpstreamState,
  route: Route,
  params: Map<string, string>,
  limit: number,
  offsetParam: string,
): Pick<HostileRequest, 'matching' | 'page' | 'envelope'> & { headers: Record<string, string> } {
  const { options, countMode } = state;
  const filter = params.get(route.dataset.filterParameter);
  const all = state.data.get(route.dataset.id) ?? [];
  const matching = filter === undefined || filter === '' ? all : recordsWithValue(all, route.filterField, filter);
  let offset = options.ignoreOffset ? 0 : Number(offsetParam);
  if (options.clampOffset && offset >= matching.length && matching.length > 0 && limit > 0) {
    offset = Math.floor((matching.length - 1) / limit) * limit;
  }
  const page = formatCounts(route.dataset, matching.slice(offset, offset + limit), options.countFormat ?? 'string');
  const count =
    countMode === 'total'
      ? matching.length
      : countMode === 'wrong'
        ? page.length === 0
          ? 0
          : page.length + 1
        : page.length;
  const shaped = shapeData(page, state.shape, state.emptyData);
  const headers: Record<string, string> = options.totalHeader ? { 'X-Total-Count': String(matching.length) } : {};
  const envelope = shaped.present ? { count, data: shaped.data } : { count };
  return { matching, page, envelope, headers };
}

/** Answers a request to a dataset's path that passed the key check: a fault, a hostile answer or the page. */
async function answerDataRequest(
  state: UpstreamState,
  entry: UpstreamRequestLogEntry,
  response: ServerResponse,
  route: Route,
  params: Map<string, string>,
): Promise<void> {
  const { options } = state;
  const number = entry.dataRequest as number;
  const fault = takeFault(state, number, route.dataset.path, params.get('offset'));
  const byValue = (params.get(route.dataset.filterParameter) ?? '') !== '';
  const delayMs = (byValue ? options.byValueDelayMs : undefined) ?? options.delayMs ?? 0;
  if (delayMs > 0 && fault?.kind !== 'timeout') {
    await wait(state, delayMs);
    if (state.closed) return;
  }
  if (fault) return serveFault(entry, response, fault);

  const limitParam = params.get('limit') ?? '10';
  const offsetParam = params.get('offset') ?? '0';
  if (!isDigits(limitParam)) return sendError(entry, response, 400, 'limit must be a non-negative integer');
  if (!isDigits(offsetParam)) return sendError(entry, response, 400, 'offset must be a non-negative integer');
  const limit = Math.min(Number(limitParam), options.maxLimit ?? Number.POSITIVE_INFINITY);
  const { matching, page, envelope, headers } = answerPage(state, route, params, limit, offsetParam);
  for (const hostile of state.hostiles) {
    const answer = hostile({
      number,
      dataset: route.dataset,
      limit,
      offset: Number(offsetParam),
      filter: params.get(route.dataset.filterParameter) || null,
      matching,
      page,
      envelope,
      apiKey: options.apiKey,
    });
    if (answer) return sendRaw(state, entry, response, answer);
  }
  send(entry, response, 200, encodeJson(envelope), headers);
}

async function handleRequest(state: UpstreamState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://stand-in.invalid');
  const entry = logRequest(state, request, url, response);
  const route = routeOf(state, url.pathname);
  const body = await readBody(request);
  if (!route) return sendError(entry, response, 404, 'no such query');
  if (request.method !== 'GET' && request.method !== 'POST')
    return sendError(entry, response, 405, 'GET or POST only', { Allow: 'GET, POST' });

  state.dataRequestCount += 1;
  entry.dataRequest = state.dataRequestCount;
  applyDueMutations(state);

  const header = request.headers['x-api-key'];
  if (!sameKey(Array.isArray(header) ? header.join(',') : header, state.expectedKey)) {
    return sendError(entry, response, 401, 'a valid x-api-key header is required');
  }
  const params = requestParams(request, body, url);
  if (params === null) return sendError(entry, response, 400, 'the request body is not JSON');
  return answerDataRequest(state, entry, response, route, params);
}

/** A request that failed unexpectedly gets a 500 with the error's message, unless its answer has begun. */
function sendInternalError(response: ServerResponse, error: unknown): void {
  if (response.headersSent || response.destroyed) return;
  response.writeHead(500, { 'Content-Type': 'application/json' });
  response.end(
    encodeJson({
      status: 500,
      error: 'Internal Server Error',
      message: error instanceof Error ? error.message : 'error',
    }),
  );
}

export async function startUpstreamServer(options: UpstreamServerOptions): Promise<RunningUpstream> {
  const state = createUpstreamState(options);
  const server = createServer((request, response) => {
    handleRequest(state, request, response).catch((error: unknown) => sendInternalError(response, error));
  });
  await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}${state.basePath}`,
    port: address.port,
    requests: state.requests,
    get dataRequestCount() {
      return state.dataRequestCount;
    },
    getData: (dataset) => state.data.get(dataset) ?? [],
    setData: (dataset, records) => {
      state.data.set(dataset, [...records]);
    },
    close: () => {
      if (state.closed) return Promise.resolve();
      state.closed = true;
      for (const finish of [...state.pendingDelays]) finish();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
