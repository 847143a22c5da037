// The Parquet snapshot, written with parquet-wasm (the Rust `parquet` crate of Apache Arrow, compiled to
// WebAssembly) straight from the Arrow table: Int64 → INT64, Float64 → DOUBLE, DateDay → DATE, Utf8 → UTF8
// byte arrays, List<Utf8> → LIST (DuckDB reads BIGINT, DOUBLE, DATE, VARCHAR, VARCHAR[]). parquetjs-lite was
// replaced for speed and correctness; the measurements are in docs/data.md ("Why parquet-wasm").
import { rm } from 'node:fs/promises';
import { DataType, RecordBatch, tableToIPC, Table, type Schema } from 'apache-arrow';
import {
  Compression,
  EnabledStatistics,
  Encoding,
  Table as WasmTable,
  WriterPropertiesBuilder,
  WriterVersion,
  transformParquetStream,
} from 'parquet-wasm/node';
import { BATCH_ROWS } from './arrow-schema.ts';
import { writeChunksToFile } from '../foundation/atomic-file.ts';

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

function writerProperties(schema: Schema) {
  let builder = new WriterPropertiesBuilder()
    .setCompression(Compression.ZSTD)
    .setMaxRowGroupSize(BATCH_ROWS)
    .setStatisticsEnabled(EnabledStatistics.Page)
    .setWriterVersion(WriterVersion.V1)
    .setCreatedBy('kpu-open-data-publisher (parquet-wasm)');
  // One key holding them all as JSON: parquet-wasm passes the map through a Rust HashMap, whose order (and so the
  // file's bytes) changes from run to run once it holds two entries.
  if (schema.metadata.size > 0)
    builder = builder.setKeyValueMetadata(
      new Map([[PARQUET_METADATA_KEY, JSON.stringify(Object.fromEntries(schema.metadata))]]),
    );
  for (const field of schema.fields) {
    if (!DataType.isInt(field.type)) continue;
    builder = builder
      .setColumnDictionaryEnabled(field.name, false)
      .setColumnEncoding(field.name, Encoding.DELTA_BINARY_PACKED);
  }
  return builder.build();
}

/**
 * Writes the table as Parquet to `path` (atomically), one row group per Arrow record batch: each batch crosses
 * into WebAssembly on its own, so memory holds one batch at a time, not a second copy of the table.
 */
export async function writeParquetFile(table: Table, path: string): Promise<void> {
  if (table.batches.length === 0) {
    // An empty table still gets a valid file with its schema.
    const { writeParquet } = await import('parquet-wasm/node');
    await writeChunksToFile(path, [
      writeParquet(WasmTable.fromIPCStream(tableToIPC(table, 'stream')), writerProperties(table.schema)),
    ]);
    return;
  }
  const batches = table.batches.values();
  await writeParquetBatches(table.schema, () => batches.next().value, path);
}

/**
 * Writes record batches as Parquet to `path` (atomically), one row group per batch, asking `nextBatch` for each
 * only when the writer is ready for it (undefined: no more), so a table of millions of rows can be made batch by
 * batch as it is written, never whole in memory. The same bytes as writeParquetFile of a table of those batches.
 * There must be at least one batch.
 */
export async function writeParquetBatches(
  schema: Schema,
  nextBatch: () => RecordBatch | undefined,
  path: string,
): Promise<void> {
  let written = 0;
  // An error making a batch (a value the column cannot hold) must fail the write with that error: parquet-wasm
  // either reports it as an opaque "Dyn casting error" or ends the file where the stream failed, as if complete.
  let failure: { error: unknown } | null = null;
  const input = new ReadableStream({
    pull(controller) {
      try {
        const batch = nextBatch();
        if (!batch) {
          if (written === 0) throw new Error(`no record batch to write to ${path}`);
          controller.close();
          return;
        }
        written += 1;
        // The batch in the given schema, whose metadata the file carries.
        const table = new Table(schema, [new RecordBatch(schema, batch.data)]);
        const wasmTable = WasmTable.fromIPCStream(tableToIPC(table, 'stream'));
        const wasmBatch = wasmTable.recordBatch(0);
        wasmTable.free();
        controller.enqueue(wasmBatch);
      } catch (error) {
        failure = { error };
        throw error;
      }
    },
  });
  try {
    const output = await transformParquetStream(input, writerProperties(schema));
    await writeChunksToFile(path, output as unknown as AsyncIterable<Uint8Array>);
  } catch (error) {
    if (failure === null) throw error;
  }
  if (failure !== null) {
    await rm(path, { force: true });
    throw (failure as { error: unknown }).error;
  }
}
