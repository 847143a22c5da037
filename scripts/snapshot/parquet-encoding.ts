// The Parquet encoder's work (parquet-writer.ts asks for it; docs/performance.md, "A million records, stage by
// stage" and "Small builds"): parquet-wasm's encoding, served to one writer over a port. Each
// file is a job: the writer sends the writer properties, then one record batch at a time as Arrow IPC bytes, each only
// when the encoder asks for it ('pull'), so a job holds a batch or two, never a table. The file is written here,
// atomically; the job ends with 'done' or 'failed'. The port is a process's channel (parquet-encoder.ts, for a
// stage in a process of its own) or calls within the writer's own thread (a small build).
import { rm } from 'node:fs/promises';
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
import type { EncoderReply, EncoderRequest, ParquetSettings } from './parquet-writer.ts';

/** The writer's end of the conversation, as the encoder sees it. */
export interface WriterPort {
  send(reply: EncoderReply): void;
  onRequest(handle: (request: EncoderRequest) => void): void;
}

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

/** What a failure says across the process boundary: its message and the fields that classify a disk error. */
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

/** A job's stream of batches: each pull asks the writer for the next, answered by 'batch', 'end' or 'abort'. */
interface Feed {
  answer: ((request: Extract<EncoderRequest, { type: 'batch' | 'end' | 'abort' }>) => void) | null;
}

function batchFromIpc(ipc: Uint8Array): WasmRecordBatch {
  const table = WasmTable.fromIPCStream(ipc);
  const batch = table.recordBatch(0);
  table.free();
  if (batch === undefined) throw new Error('a record batch message held no record batch');
  return batch;
}

/** Serves the writer at the other end of `port`, one job per file, for as long as it sends requests. */
export function serveWriter(port: WriterPort): void {
  const feeds = new Map<number, Feed>();

  /** Runs one job's `write` (the file, atomically), answering 'done' or 'failed'. */
  async function runJob(job: number, write: () => Promise<void>): Promise<void> {
    try {
      await write();
      port.send({ type: 'done', job });
    } catch (error) {
      port.send({ type: 'failed', job, error: describeFailure(error) });
    } finally {
      feeds.delete(job);
    }
  }

  /** A Parquet file of the batches the writer sends, one row group each; a failed stream leaves no file. */
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
              else throw new Error('the writer could not make the next record batch');
            } catch (error) {
              streamFailure = { error };
              controller.error(error);
            }
            resolve();
          };
          port.send({ type: 'pull', job });
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
}
