// The Parquet snapshot, written with parquet-wasm (the Rust `parquet` crate of Apache Arrow, compiled to
// WebAssembly) straight from the Arrow table: Int64 → INT64, Float64 → DOUBLE, DateDay → DATE, Utf8 → UTF8
// byte arrays, List<Utf8> → LIST (DuckDB reads BIGINT, DOUBLE, DATE, VARCHAR, VARCHAR[]). parquetjs-lite was
// replaced for speed and correctness; the measurements are in docs/data.md ("Why parquet-wasm").
import { fork } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { DataType, RecordBatch, tableToIPC, Table, type Schema } from 'apache-arrow';
import { BATCH_ROWS } from './arrow-schema.ts';
import { batchFrameHeader } from './batch-frames.ts';

/**
 * ZSTD: the smallest of the codecs every current reader supports (DuckDB, pyarrow/pandas, Polars, R arrow),
 * computed inside the WebAssembly module, so the bytes depend on the lockfile alone, not on the machine's zlib.
 * Integer columns (counts, years) are written DELTA_BINARY_PACKED without a dictionary: counts are mostly distinct
 * within a row group, so a dictionary only adds an index to every value; on a million synthetic turnout records
 * the file shrinks from 45.2 to 30.8 MB and is written faster (docs/performance.md). Every reader above decodes
 * that encoding in data pages V1 (the tests read the values back with DuckDB). Text keeps the default dictionary,
 * which suits repeated names.
 * Statistics per chunk and page (arrow-rs compares text as UTF-8 bytes, as readers assume). The key-value
 * metadata is the schema's own (file-metadata.ts: dataset, source, licence, dictionary) as one JSON object under
 * PARQUET_METADATA_KEY, and the `ARROW:schema` entry (the Arrow schema with its column descriptions and the same
 * metadata, which pyarrow and Polars restore as the schema's); `created_by` is fixed: nothing in the file depends
 * on the time or the machine.
 */
/** The Parquet key-value metadata key of the file's metadata (a JSON object), as DuckDB's parquet_kv_metadata() lists it. */
export const PARQUET_METADATA_KEY = 'kpu_open_data';

/** The writer properties, as plain data for the encoder (parquet-encoding.ts builds them). */
export interface ParquetSettings {
  maxRowGroupSize: number;
  createdBy: string;
  /** The one key-value metadata entry, or null when the schema has no metadata. */
  keyValue: [string, string] | null;
  /** The integer columns: DELTA_BINARY_PACKED, no dictionary. */
  deltaColumns: string[];
}

function settingsOf(schema: Schema): ParquetSettings {
  return {
    maxRowGroupSize: BATCH_ROWS,
    createdBy: 'kpu-open-data-publisher (parquet-wasm)',
    // One key holding them all as JSON: parquet-wasm passes the map through a Rust HashMap, whose order (and so the
    // file's bytes) changes from run to run once it holds two entries.
    keyValue:
      schema.metadata.size > 0 ? [PARQUET_METADATA_KEY, JSON.stringify(Object.fromEntries(schema.metadata))] : null,
    deltaColumns: schema.fields.filter((field) => DataType.isInt(field.type)).map((field) => field.name),
  };
}

/** What the writer asks of the encoder (parquet-encoding.ts). */
export type EncoderRequest =
  | { type: 'start'; job: number; path: string; settings: ParquetSettings }
  | { type: 'empty'; job: number; path: string; settings: ParquetSettings; ipc: Uint8Array }
  | { type: 'batch'; job: number; ipc: Uint8Array }
  | { type: 'end'; job: number }
  | { type: 'abort'; job: number };

/** What the encoder answers. */
export type EncoderReply =
  | { type: 'pull'; job: number }
  | { type: 'done'; job: number }
  | {
      type: 'failed';
      job: number;
      error: { name: string; message: string; code?: string; errno?: number; syscall?: string; path?: string };
    };

interface Job {
  /** The next batch, or undefined when there is none (undefined for a job written whole). */
  nextBatch?: () => RecordBatch | undefined;
  schema: Schema;
  path: string;
  written: number;
  /** An error of this thread making a batch: the job's error, whatever the encoder says. */
  failure: { error: unknown } | null;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** How the writer reaches the encoder (parquet-encoding.ts): on this thread, or a process of its own. */
interface EncoderChannel {
  post(request: EncoderRequest, transfer: ArrayBuffer[]): void;
  /** Whether the encoder keeps this process alive: while a file is being written. */
  ref(): void;
  unref(): void;
  /** Ends it, idle (encodeParquetIn): no longer the encoder, it fails nothing. */
  stop(): void;
}

/** Where the encoder runs (encodeParquetIn). */
type EncoderPlace = 'here' | 'process';

let place: EncoderPlace = 'here';

/**
 * Where the encoder runs from the next file on: on this thread, between the writer's own steps (the default), or in a
 * process of its own. The process is for a stage that runs in a process of its own because its memory matters (a
 * large harvest; stage-process-child.ts): the encoding then runs on the second core while the stage makes the next
 * batch and writes the other formats, and parquet-wasm's WebAssembly memory (about 160 MB at a million records, which
 * the encoder keeps as long as it lives) is not the stage's. A small build (at most STAGE_PROCESS_RECORDS records,
 * config.ts) encodes on its own thread: its tables take milliseconds to encode, less than a thread or a process takes
 * to start (about 0.09 s of CPU a build; docs/performance.md, "Small builds"). An
 * idle encoder of the other kind is stopped; one writing a file cannot be moved.
 */
export function encodeParquetIn(where: EncoderPlace): void {
  if (where === place) return;
  if (encoder !== null) {
    if (encoder.jobs.size > 0) throw new Error('the Parquet encoder cannot move while it writes a file');
    encoder.channel.stop();
    encoder = null;
  }
  place = where;
}

/**
 * Starts the encoder: `onReply` gets its answers, `onStopped` the error when it fails or stops (it never stops on its
 * own). Its process, when it has one, ends with this one (parquet-encoder.ts: the channel's end stops it).
 */
function startEncoder(onReply: (reply: EncoderReply) => void, onStopped: (error: unknown) => void): EncoderChannel {
  if (place === 'here') return encoderHere(onReply, onStopped);
  const child = fork(fileURLToPath(new URL('./parquet-encoder.ts', import.meta.url)), [], {
    // Its standard input carries the batches' bytes (batch-frames.ts); its standard error is this process's (a
    // stage's, which the build shows when the stage fails); the channel carries the rest.
    stdio: ['pipe', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
    // Of this process's Node options only the profiler's (the benchmark's --cpu-prof, each process its own profile in
    // the same folder): any other could be a script of its own (`node -e …`), which would run in place of the encoder.
    execArgv: process.execArgv.filter((flag) => /^--cpu-prof(-dir=|-interval=|$)/.test(flag)),
  });
  const batches = child.stdin as Socket;
  child.on('message', onReply);
  child.on('error', onStopped);
  // Its end shows on the channel (exit); a write to a pipe it no longer reads must not fail this process meanwhile.
  batches.on('error', () => undefined);
  child.on('exit', (code, signal) =>
    onStopped(new Error(`the Parquet encoder's process stopped (${signal ?? `exit code ${String(code)}`})`)),
  );
  return {
    // A batch's bytes go down the pipe as they are, after a header naming their job and length, and are let go once
    // written (`ArrayBuffer.prototype.transfer(0)` frees them): as a structured clone on the channel they were copied
    // once more, and 3 GB of such buffers at a million records, left for the collector, had it run a full collection
    // every few batches (docs/performance.md, "Memory at a million records").
    post: (request, transfer) => {
      if (request.type !== 'batch') {
        child.send(request);
        return;
      }
      batches.write(batchFrameHeader(request.job, request.ipc.byteLength));
      batches.write(request.ipc, () => {
        for (const buffer of transfer) buffer.transfer(0);
      });
    },
    ref: () => {
      child.ref();
      child.channel?.ref();
      batches.ref();
    },
    unref: () => {
      child.unref();
      child.channel?.unref();
      batches.unref();
    },
    // Its channel's end stops it (parquet-encoder.ts).
    stop: () => child.disconnect(),
  };
}

/**
 * The encoder on this thread: each request and each answer is handled in a microtask of its own, so neither side runs
 * inside the other's call, and each side's messages keep their order. Nothing to keep alive or to stop: its
 * WebAssembly instance is this process's, for as long as the process lives.
 */
function encoderHere(onReply: (reply: EncoderReply) => void, onStopped: (error: unknown) => void): EncoderChannel {
  let handle: ((request: EncoderRequest) => void) | null = null;
  const ready = import('./parquet-encoding.ts').then(({ serveWriter }) =>
    serveWriter({
      send: (reply) => queueMicrotask(() => onReply(reply)),
      onRequest: (handleRequest) => {
        handle = handleRequest;
      },
    }),
  );
  ready.catch(onStopped);
  return {
    post: (request) =>
      void ready.then(
        () => handle?.(request),
        () => undefined,
      ),
    ref: () => undefined,
    unref: () => undefined,
    stop: () => undefined,
  };
}

/**
 * The encoder, started with the first file and shared by every file after it (one WebAssembly instance); it does
 * not keep the process alive while no file is being written.
 */
let encoder: { channel: EncoderChannel; jobs: Map<number, Job> } | null = null;
let lastJob = 0;

function rebuildError(error: Extract<EncoderReply, { type: 'failed' }>['error']): Error {
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  const { code, errno, syscall, path } = error;
  return Object.assign(rebuilt, { code, errno, syscall, path });
}

function answerPull(channel: EncoderChannel, id: number, job: Job): void {
  let batch: RecordBatch | undefined;
  try {
    batch = job.nextBatch?.();
    if (!batch) {
      if (job.written === 0) throw new Error(`no record batch to write to ${job.path}`);
      channel.post({ type: 'end', job: id } satisfies EncoderRequest, []);
      return;
    }
  } catch (error) {
    job.failure = { error };
    channel.post({ type: 'abort', job: id } satisfies EncoderRequest, []);
    return;
  }
  job.written += 1;
  // The batch in the given schema, whose metadata the file carries.
  const serialized = tableToIPC(new Table(job.schema, [new RecordBatch(job.schema, batch.data)]), 'stream');
  // The bytes own their whole buffer, which the channel to an encoder's process lets go of once they are written
  // (transfer(0) frees a whole buffer, never a part of one); the encoder on this thread reads them where they are.
  const whole = serialized.byteOffset === 0 && serialized.byteLength === serialized.buffer.byteLength;
  const ipc = whole ? serialized : serialized.slice();
  channel.post(
    { type: 'batch', job: id, ipc } satisfies EncoderRequest,
    ipc.buffer instanceof ArrayBuffer ? [ipc.buffer] : [],
  );
}

/** A job's end: this thread's own failure first (the encoder has removed the file), then the encoder's answer. */
function settle(job: Job, reply: Exclude<EncoderReply, { type: 'pull' }>): void {
  if (job.failure !== null) job.reject(job.failure.error);
  else if (reply.type === 'failed') job.reject(rebuildError(reply.error));
  else job.resolve();
}

function encoderOf(): { channel: EncoderChannel; jobs: Map<number, Job> } {
  if (encoder !== null) return encoder;
  const jobs = new Map<number, Job>();
  // The encoder itself failed (it could not start, or crashed): every file it was writing fails with that error, and
  // the next file starts an encoder anew.
  const failAll = (error: unknown) => {
    if (encoder?.jobs === jobs) encoder = null;
    for (const job of jobs.values()) job.reject(job.failure?.error ?? error);
    jobs.clear();
  };
  const channel = startEncoder((reply) => {
    const job = jobs.get(reply.job);
    if (job === undefined) return;
    if (reply.type === 'pull') {
      answerPull(channel, reply.job, job);
      return;
    }
    settle(job, reply);
    jobs.delete(reply.job);
    if (jobs.size === 0) channel.unref();
  }, failAll);
  encoder = { channel, jobs };
  return encoder;
}

function runJob(schema: Schema, path: string, request: (id: number) => EncoderRequest, nextBatch?: Job['nextBatch']) {
  const { channel, jobs } = encoderOf();
  const id = ++lastJob;
  return new Promise<void>((resolve, reject) => {
    jobs.set(id, { schema, path, written: 0, failure: null, resolve, reject, ...(nextBatch ? { nextBatch } : {}) });
    channel.ref();
    channel.post(request(id), []);
  });
}

/**
 * Writes the table as Parquet to `path` (atomically), one row group per Arrow record batch: each batch crosses
 * into WebAssembly on its own, so memory holds one batch at a time, not a second copy of the table. The encoding
 * runs where encodeParquetIn says.
 */
export async function writeParquetFile(table: Table, path: string): Promise<void> {
  if (table.batches.length === 0) {
    // An empty table still gets a valid file with its schema.
    const ipc = tableToIPC(table, 'stream');
    const settings = settingsOf(table.schema);
    await runJob(table.schema, path, (job) => ({ type: 'empty', job, path, settings, ipc }));
    return;
  }
  const batches = table.batches.values();
  await writeParquetBatches(table.schema, () => batches.next().value, path);
}

/**
 * Writes record batches as Parquet to `path` (atomically), one row group per batch, asking `nextBatch` for each
 * only when the encoder is ready for it (undefined: no more), so a table of millions of rows can be made batch by
 * batch as it is written, never whole in memory (an encoder in a process of its own encodes one batch while this
 * thread makes the next). The same bytes as writeParquetFile of a table of those batches. There must be at least one batch; an
 * error making one fails the write with that error and leaves no file.
 */
export async function writeParquetBatches(
  schema: Schema,
  nextBatch: () => RecordBatch | undefined,
  path: string,
): Promise<void> {
  const settings = settingsOf(schema);
  await runJob(schema, path, (job) => ({ type: 'start', job, path, settings }), nextBatch);
}
