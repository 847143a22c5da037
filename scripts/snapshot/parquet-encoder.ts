// The Parquet encoder, a thread of the process writing the snapshot or a process of its own (parquet-writer.ts starts
// it; docs/performance.md, "Parquet on the second core"): parquet-wasm's encoding, the snapshot stage's largest single
// cost, runs here while the stage's own thread makes the next record batch and writes the other formats. Each file is
// a job: the writer sends the writer properties, then one record batch at a time as Arrow IPC bytes, each only when
// the encoder asks for it ('pull'), so a job holds a batch or two, never a table. The file is written here,
// atomically; the job ends with 'done' or 'failed'. As a process it ends with the channel to its writer (the writer's
// process ended, even killed).
import { rm } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import {
  Compression,
  EnabledStatistics,
  Encoding,
  Table as WasmTable,
  WriterPropertiesBuilder,
  WriterVersion,
  transformParquetStream,
  writeParquet,
  type RecordBatch as WasmRecordBatch,
} from 'parquet-wasm/node';
import { writeChunksToFile } from '../foundation/atomic-file.ts';
import { readBatchFrames } from './batch-frames.ts';
import type { EncoderReply, EncoderRequest, ParquetSettings } from './parquet-writer.ts';

/** The writer's end of the conversation: the thread's port, or the process's channel and standard input (the batches). */
interface WriterPort {
  send(reply: EncoderReply): void;
  onRequest(handle: (request: EncoderRequest) => void): void;
}

function writerPort(): WriterPort {
  const thread = parentPort;
  if (thread !== null)
    return { send: (reply) => thread.postMessage(reply), onRequest: (handle) => thread.on('message', handle) };
  if (process.send === undefined) {
    process.stderr.write('scripts/snapshot/parquet-encoder.ts is started by parquet-writer.ts, not by hand\n');
    process.exit(2);
  }
  // The writer's process is gone (it finished, failed or was killed): nothing is waiting for a file any more.
  process.on('disconnect', () => process.exit(0));
  return {
    send: (reply) => process.send?.(reply),
    onRequest: (handle) => {
      process.on('message', handle);
      readBatchFrames(process.stdin, (job, ipc) => handle({ type: 'batch', job, ipc }));
    },
  };
}

const port = writerPort();

function writerProperties(settings: ParquetSettings) {
  let builder = new WriterPropertiesBuilder()
    .setCompression(Compression.ZSTD)
    .setMaxRowGroupSize(settings.maxRowGroupSize)
    .setStatisticsEnabled(EnabledStatistics.Page)
    .setWriterVersion(WriterVersion.V1)
    .setCreatedBy(settings.createdBy);
  if (settings.keyValue !== null) builder = builder.setKeyValueMetadata(new Map([settings.keyValue]));
  for (const column of settings.deltaColumns)
    builder = builder.setColumnDictionaryEnabled(column, false).setColumnEncoding(column, Encoding.DELTA_BINARY_PACKED);
  return builder.build();
}

function send(reply: EncoderReply): void {
  port.send(reply);
}

/** What a failure says across the thread boundary: its message and the fields that classify a disk error. */
function describeFailure(error: unknown): Extract<EncoderReply, { type: 'failed' }>['error'] {
  const fields = error as { name?: unknown; code?: unknown; errno?: unknown; syscall?: unknown; path?: unknown };
  return {
    name: typeof fields.name === 'string' ? fields.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(typeof fields.errno === 'number' ? { errno: fields.errno } : {}),
    ...(typeof fields.syscall === 'string' ? { syscall: fields.syscall } : {}),
    ...(typeof fields.path === 'string' ? { path: fields.path } : {}),
  };
}

/** A job's stream of batches: each pull asks the writer thread for the next, answered by 'batch', 'end' or 'abort'. */
interface Feed {
  answer: ((request: Extract<EncoderRequest, { type: 'batch' | 'end' | 'abort' }>) => void) | null;
}

const feeds = new Map<number, Feed>();

function batchFromIpc(ipc: Uint8Array): WasmRecordBatch {
  const table = WasmTable.fromIPCStream(ipc);
  const batch = table.recordBatch(0);
  table.free();
  if (batch === undefined) throw new Error('a record batch message held no record batch');
  return batch;
}

/** Runs one job's `write` (the file, atomically), answering 'done' or 'failed'. */
async function runJob(job: number, write: () => Promise<void>): Promise<void> {
  try {
    await write();
    send({ type: 'done', job });
  } catch (error) {
    send({ type: 'failed', job, error: describeFailure(error) });
  } finally {
    feeds.delete(job);
  }
}

/** A Parquet file of the batches the writer thread sends, one row group each; a failed stream leaves no file. */
async function writeBatches(job: number, path: string, settings: ParquetSettings): Promise<void> {
  const feed: Feed = { answer: null };
  feeds.set(job, feed);
  // A stream that failed must fail the job with its own error: parquet-wasm either reports it as an opaque "Dyn
  // casting error" or ends the file where the stream failed, as if complete.
  let streamFailure: { error: unknown } | null = null;
  const input = new ReadableStream<WasmRecordBatch>({
    pull: (controller) =>
      new Promise<void>((resolve) => {
        feed.answer = (request) => {
          feed.answer = null;
          try {
            if (request.type === 'batch') controller.enqueue(batchFromIpc(request.ipc));
            else if (request.type === 'end') controller.close();
            else throw new Error('the writer thread could not make the next record batch');
          } catch (error) {
            streamFailure = { error };
            controller.error(error);
          }
          resolve();
        };
        send({ type: 'pull', job });
      }),
  });
  try {
    const output = await transformParquetStream(input, writerProperties(settings));
    await writeChunksToFile(path, output as unknown as AsyncIterable<Uint8Array>);
  } catch (error) {
    if (streamFailure === null) throw error;
  }
  if (streamFailure !== null) {
    await rm(path, { force: true });
    throw (streamFailure as { error: unknown }).error;
  }
}

port.onRequest((request) => {
  switch (request.type) {
    case 'start':
      void runJob(request.job, () => writeBatches(request.job, request.path, request.settings));
      return;
    case 'empty':
      void runJob(request.job, () =>
        writeChunksToFile(request.path, [
          writeParquet(WasmTable.fromIPCStream(request.ipc), writerProperties(request.settings)),
        ]),
      );
      return;
    default: {
      const answer = feeds.get(request.job)?.answer;
      if (answer) answer(request);
    }
  }
});
