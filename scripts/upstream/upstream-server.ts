// The stand-in upstream: a local HTTP server answering both queries as the seed describes, able to behave in each
// "unknown" way of UPSTREAM.md (page shapes, a silent limit cap, count meanings, an ignored or clamped offset,
// faults, slowness, data changing mid-harvest) so the harvester can be proven against each. Never the real API.
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import {
  roleColumn,
  type CountCell,
  type CountGroup,
  type DatasetDefinition,
  type RawRecord,
} from '../datasets/dataset-definition.ts';
import { DATASETS } from '../datasets/datasets.ts';
import type { DatasetId, UpstreamData } from './upstream-data.ts';

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

/** Data that changes mid-harvest: `apply` replaces the dataset's records once, after the `afterRequest`-th data request. */
export interface UpstreamMutation {
  afterRequest: number;
  dataset: DatasetId;
  apply: (records: readonly RawRecord[]) => RawRecord[];
  /** For logs and the CLI's summary. */
  label?: string;
}

export type MutationPreset = 'insert-front' | 'change-value' | 'remove-first';
export const MUTATION_PRESETS: readonly MutationPreset[] = ['insert-front', 'change-value', 'remove-first'];

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
  /** Wait this long before answering each data request. */
  delayMs?: number;
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
    DATASETS.map((dataset) => {
      // The field the documented filter compares with: its declared role's column (seed 4.1, 4.2).
      const filterField = roleColumn(dataset, dataset.roles.filter).source;
      if (!filterField)
        throw new Error(`dataset ${dataset.id}: the filter column ${dataset.roles.filter} has no source`);
      return [dataset.path, { dataset, filterField }];
    }),
  );
}

/**
 * The filter as an integer-typed API would apply it (seed: id_dapil is an integer): digit strings compare by
 * value, so id_dapil=101 and id_dapil=0101 both find "0101"; anything else compares exactly.
 */
function matchesFilter(value: unknown, wanted: string): boolean {
  if (typeof value !== 'string') return false;
  if (/^\d+$/.test(value) && /^\d+$/.test(wanted))
    return value.replace(/^0+(?=\d)/, '') === wanted.replace(/^0+(?=\d)/, '');
  return value === wanted;
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

/** Changes one record's value while keeping the dataset's arithmetic rules (a count moves with its totals). */
function changeOneValue(dataset: DatasetDefinition, records: readonly RawRecord[]): RawRecord[] {
  const [first, ...rest] = records;
  if (!first) return [];
  const changed: RawRecord = { ...first };
  const sourceOf = (column: string): string | undefined =>
    dataset.columns.find((candidate) => candidate.name === column)?.source ?? undefined;
  // The male and both-sexes counts of the last voter list and of all lists: +1 each keeps every sum rule.
  const groups = dataset.roles.countGroups ?? [];
  const cellOf = (group: CountGroup | undefined, sex: CountCell['sex']): string =>
    group?.cells.find((cell) => cell.sex === sex)?.column ?? '';
  const [list, all] = [groups.at(-2), groups.at(-1)];
  const counts = [cellOf(list, 'male'), cellOf(list, 'total'), cellOf(all, 'male'), cellOf(all, 'total')].map(sourceOf);
  if (counts.every((field) => field !== undefined && /^\d+$/.test(String(first[field])))) {
    for (const field of counts as string[]) changed[field] = String(Number(first[field]) + 1);
  } else {
    const field = sourceOf('general_chair') ?? dataset.upstreamFields.find((name) => !dataset.keyFields.includes(name));
    if (field) changed[field] = `${String(first[field] ?? '')} (DIUBAH)`;
  }
  return [changed, ...rest];
}

/** A copy of the first record under a new key, placed in front: every later page shifts by one. */
function insertInFront(dataset: DatasetDefinition, records: readonly RawRecord[]): RawRecord[] {
  const [first] = records;
  if (!first) return [];
  const inserted: RawRecord = { ...first };
  const keyField = dataset.keyFields[dataset.keyFields.length - 1];
  if (keyField) {
    const values = records.map((record) => String(record[keyField] ?? ''));
    inserted[keyField] = values.every((value) => /^\d+$/.test(value))
      ? String(Math.max(...values.map(Number)) + 1)
      : `${String(first[keyField] ?? '')} SISIPAN`;
  }
  return [inserted, ...records];
}

/**
 * Named mutations for the CLI and tests: 'insert-front' (a new record at the front), 'change-value' (one value
 * of the first record changes), 'remove-first' (the first record disappears: later pages shift back).
 */
export function createMutationPreset(
  preset: MutationPreset,
  afterRequest: number,
  datasetId: DatasetId = 'turnout',
): UpstreamMutation {
  const dataset = DATASETS.find((candidate) => candidate.id === datasetId);
  if (!dataset) throw new Error(`unknown dataset ${datasetId}`);
  const apply = {
    'insert-front': (records: readonly RawRecord[]) => insertInFront(dataset, records),
    'change-value': (records: readonly RawRecord[]) => changeOneValue(dataset, records),
    'remove-first': (records: readonly RawRecord[]) => records.slice(1),
  }[preset];
  return { afterRequest, dataset: datasetId, apply, label: `${preset}:${datasetId}@${afterRequest}` };
}

function isDigits(value: string | undefined): value is string {
  return value !== undefined && /^\d+$/.test(value);
}

function sameKey(given: string | undefined, expected: Buffer): boolean {
  if (given === undefined) return false;
  const buffer = Buffer.from(given);
  return buffer.length === expected.length && timingSafeEqual(buffer, expected);
}

/** Resolves when a response that refused a write can take more, or is closed; leaves no listener behind. */
function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/** Reads a request body; POST parameters may come as a JSON object as well as in the query string. */
async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startUpstreamServer(options: UpstreamServerOptions): Promise<RunningUpstream> {
  if (options.apiKey === '') throw new Error('the stand-in upstream needs a non-empty API key');
  const expectedKey = Buffer.from(options.apiKey);
  const basePath = (options.basePath ?? '').replace(/\/+$/, '');
  if (basePath !== '' && !basePath.startsWith('/')) throw new Error(`basePath must start with "/", got ${basePath}`);
  if (options.maxLimit !== undefined && !(Number.isInteger(options.maxLimit) && options.maxLimit >= 1)) {
    throw new Error(`maxLimit must be a positive integer, got ${options.maxLimit}`);
  }
  const shape = options.shape ?? 'array';
  const emptyData = options.emptyData ?? 'array';
  const countMode = options.countMode ?? 'records';
  const routes = createRoutes();
  const data = new Map<DatasetId, RawRecord[]>(
    DATASETS.map((dataset) => [dataset.id, [...(options.data[dataset.id] ?? [])]]),
  );
  const faults = (options.faults ?? []).map((fault) => ({ ...fault, used: 0 }));
  const mutations = (
    Array.isArray(options.mutation)
      ? [...options.mutation]
      : options.mutation
        ? [options.mutation as UpstreamMutation]
        : []
  ).map((mutation) => ({ mutation, applied: false }));
  const hostiles: readonly HostileAnswer[] =
    options.hostile === undefined ? [] : typeof options.hostile === 'function' ? [options.hostile] : options.hostile;
  const requests: UpstreamRequestLogEntry[] = [];
  const pendingDelays = new Set<() => void>();
  let dataRequestCount = 0;
  let closed = false;

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        pendingDelays.delete(finish);
        resolve();
      };
      const timer = setTimeout(finish, ms);
      pendingDelays.add(finish);
    });

  const redactQuery = (params: URLSearchParams): Record<string, string> => {
    const query: Record<string, string> = {};
    for (const [name, value] of params) query[name] = value === options.apiKey ? '[redacted]' : value;
    return query;
  };

  const send = (
    entry: UpstreamRequestLogEntry,
    response: ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string> = {},
  ): void => {
    entry.status = status;
    response.writeHead(status, {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(body)),
      ...headers,
    });
    entry.closedAt = Date.now();
    response.end(body);
  };

  /** Sends a hostile answer; a streamed body goes on until it ends, the client hangs up or the server closes. */
  const sendRaw = async (
    entry: UpstreamRequestLogEntry,
    response: ServerResponse,
    answer: RawAnswer,
  ): Promise<void> => {
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
      if (closed || response.destroyed) return;
      if (!response.write(chunk)) await drainedOrClosed(response);
    }
    entry.closedAt = Date.now();
    response.end();
  };

  const sendError = (
    entry: UpstreamRequestLogEntry,
    response: ServerResponse,
    status: number,
    message: string,
    headers: Record<string, string> = {},
  ): void => {
    send(entry, response, status, encodeJson({ status, error: STATUS_CODES[status] ?? 'Error', message }), headers);
  };

  const applyDueMutations = (): void => {
    for (const pending of mutations) {
      if (pending.applied || dataRequestCount <= pending.mutation.afterRequest) continue;
      pending.applied = true;
      data.set(pending.mutation.dataset, pending.mutation.apply(data.get(pending.mutation.dataset) ?? []));
    }
  };

  const takeFault = (number: number, path: string, offset: string | undefined): UpstreamFault | undefined => {
    const fault = faults.find(
      (candidate) =>
        candidate.used < (candidate.times ?? 1) &&
        (candidate.at === undefined || number >= candidate.at) &&
        (candidate.path === undefined || candidate.path === path) &&
        (candidate.offset === undefined || (isDigits(offset) && Number(offset) === candidate.offset)),
    );
    if (fault) fault.used += 1;
    return fault;
  };

  const serveFault = (entry: UpstreamRequestLogEntry, response: ServerResponse, fault: UpstreamFault): void => {
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
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://stand-in.invalid');
    const entry: UpstreamRequestLogEntry = {
      method: request.method ?? '',
      path: url.pathname,
      query: redactQuery(url.searchParams),
      status: null,
      time: Date.now(),
      closedAt: null,
      dataRequest: null,
      fault: null,
    };
    requests.push(entry);
    // Hung ('timeout') and reset requests end here, as do answers cut short by close().
    response.once('close', () => {
      entry.closedAt ??= Date.now();
    });
    const routePath =
      basePath === ''
        ? url.pathname
        : url.pathname.startsWith(`${basePath}/`)
          ? url.pathname.slice(basePath.length)
          : undefined;
    const route = routePath === undefined ? undefined : routes.get(routePath);
    const body = await readBody(request);
    if (!route) return sendError(entry, response, 404, 'no such query');
    if (request.method !== 'GET' && request.method !== 'POST')
      return sendError(entry, response, 405, 'GET or POST only', { Allow: 'GET, POST' });

    dataRequestCount += 1;
    const number = dataRequestCount;
    entry.dataRequest = number;
    applyDueMutations();

    const header = request.headers['x-api-key'];
    if (!sameKey(Array.isArray(header) ? header.join(',') : header, expectedKey)) {
      return sendError(entry, response, 401, 'a valid x-api-key header is required');
    }

    const params = new Map<string, string>();
    if (request.method === 'POST' && body.trim() !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return sendError(entry, response, 400, 'the request body is not JSON');
      }
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        for (const [name, value] of Object.entries(parsed)) params.set(name, String(value));
      }
    }
    // The query string wins over the body; of a repeated parameter, the first value counts.
    for (const name of new Set(url.searchParams.keys())) params.set(name, url.searchParams.get(name) ?? '');

    const fault = takeFault(number, route.dataset.path, params.get('offset'));
    if (options.delayMs !== undefined && options.delayMs > 0 && fault?.kind !== 'timeout') {
      await wait(options.delayMs);
      if (closed) return;
    }
    if (fault) return serveFault(entry, response, fault);

    const limitParam = params.get('limit') ?? '10';
    const offsetParam = params.get('offset') ?? '0';
    if (!isDigits(limitParam)) return sendError(entry, response, 400, 'limit must be a non-negative integer');
    if (!isDigits(offsetParam)) return sendError(entry, response, 400, 'offset must be a non-negative integer');
    const limit = Math.min(Number(limitParam), options.maxLimit ?? Number.POSITIVE_INFINITY);

    const filter = params.get(route.dataset.filterParameter);
    const all = data.get(route.dataset.id) ?? [];
    const matching =
      filter === undefined || filter === ''
        ? all
        : all.filter((record) => matchesFilter(record[route.filterField], filter));
    let offset = options.ignoreOffset ? 0 : Number(offsetParam);
    if (options.clampOffset && offset >= matching.length && matching.length > 0 && limit > 0) {
      offset = Math.floor((matching.length - 1) / limit) * limit;
    }
    const page = matching.slice(offset, offset + limit);
    const count =
      countMode === 'total'
        ? matching.length
        : countMode === 'wrong'
          ? page.length === 0
            ? 0
            : page.length + 1
          : page.length;
    const shaped = shapeData(page, shape, emptyData);
    const headers: Record<string, string> = options.totalHeader ? { 'X-Total-Count': String(matching.length) } : {};
    const envelope = shaped.present ? { count, data: shaped.data } : { count };
    for (const hostile of hostiles) {
      const answer = hostile({
        number,
        dataset: route.dataset,
        limit,
        offset: Number(offsetParam),
        matching,
        page,
        envelope,
        apiKey: options.apiKey,
      });
      if (answer) return sendRaw(entry, response, answer);
    }
    send(entry, response, 200, encodeJson(envelope), headers);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent && !response.destroyed) {
        response.writeHead(500, { 'Content-Type': 'application/json' });
        response.end(
          encodeJson({
            status: 500,
            error: 'Internal Server Error',
            message: error instanceof Error ? error.message : 'error',
          }),
        );
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}${basePath}`,
    port: address.port,
    requests,
    get dataRequestCount() {
      return dataRequestCount;
    },
    getData: (dataset) => data.get(dataset) ?? [],
    setData: (dataset, records) => {
      data.set(dataset, [...records]);
    },
    close: () => {
      if (closed) return Promise.resolve();
      closed = true;
      for (const finish of [...pendingDelays]) finish();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
