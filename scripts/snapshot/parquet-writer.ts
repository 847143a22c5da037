// The Parquet snapshot, written by DuckDB (the embedded engine of @duckdb/node-api, whose Parquet writer is built
// in) from the Arrow table: Int64 → BIGINT, Float64 → DOUBLE, DateDay → DATE, Utf8 → VARCHAR, List<Utf8> →
// VARCHAR[]. The record batches reach DuckDB through a table function that hands it one chunk of rows at a time,
// copied from the batches' own buffers, and `COPY (SELECT …) TO … (FORMAT parquet)` streams them into the file:
// neither a second copy of the table nor a table inside DuckDB, whatever the size. A derived table's rows are a
// query DuckDB runs on its source's Parquet file (writeParquetQuery), with no JavaScript per row.
import { rename, rm } from 'node:fs/promises';
import {
  DuckDBBigIntType,
  DuckDBDateType,
  DuckDBDoubleType,
  DuckDBInstance,
  DuckDBListType,
  DuckDBTableFunction,
  DuckDBVarCharType,
  type DuckDBConnection,
  type DuckDBDataChunk,
  type DuckDBType,
} from '@duckdb/node-api';
import duckdb from '@duckdb/node-bindings';
import { Schema, Table, tableToIPC, type Data, type RecordBatch } from 'apache-arrow';
import { partialPathOf } from '../foundation/atomic-file.ts';
import { BATCH_ROWS } from './arrow-schema.ts';
import { sqlName, sqlString } from './sql-string.ts';
import { classifyField, type ColumnKind } from './table-reader.ts';

/** The Parquet key-value metadata key of the file's metadata (a JSON object), as DuckDB's parquet_kv_metadata() lists it. */
export const PARQUET_METADATA_KEY = 'kpu_open_data';

/**
 * The engine's settings, fixed so that the file's bytes depend on the lockfile alone: two threads whatever the
 * machine has (the row groups and their order do not depend on how the work was shared), insertion order kept
 * (rows in harvest order), and no extension loaded or installed at run time (Parquet is built in; a build never
 * reaches the network for one). Memory: DuckDB holds the row group being written, not the table.
 */
const ENGINE_SETTINGS: Record<string, string> = {
  threads: '2',
  preserve_insertion_order: 'true',
  autoinstall_known_extensions: 'false',
  autoload_known_extensions: 'false',
};

/**
 * Threads for a query's COPY (writeParquetQuery). A query reading a Parquet file makes its rows far faster than they
 * are encoded, and with insertion order kept DuckDB holds every batch made ahead of the one being written: on two
 * threads, 2.2 GB for the six million long rows of 500,000 records. On one, each batch is encoded as it is made.
 */
const QUERY_THREADS = '1';

/** Rows DuckDB asks for per call of the table function: its vector size. */
const CHUNK_ROWS = 2048;

const FEED_FUNCTION = 'kpu_record_batches';

/** A file being written: its schema, and the batches still to hand to DuckDB. */
interface Feed {
  schema: Schema;
  nextBatch: () => RecordBatch | undefined;
  /** The batch being read and its next row. */
  batch: RecordBatch | undefined;
  row: number;
  /** An error making a batch: the write's error, whatever DuckDB says of it. */
  failure: { error: unknown } | null;
}

const feeds = new Map<number, Feed>();
let lastFeed = 0;

/** The SQL name of the DuckDB type a column of `kind` is written as: BIGINT, DOUBLE, DATE, VARCHAR, VARCHAR[]. */
export function sqlTypeOf(kind: ColumnKind): string {
  return duckDbTypeOf(kind).toString();
}

function duckDbTypeOf(kind: ColumnKind): DuckDBType {
  switch (kind) {
    case 'integer':
      return DuckDBBigIntType.instance;
    case 'decimal':
      return DuckDBDoubleType.instance;
    case 'date':
      return DuckDBDateType.instance;
    case 'text':
      return DuckDBVarCharType.instance;
    case 'text_list':
      return new DuckDBListType(DuckDBVarCharType.instance);
  }
}

/**
 * The validity bits of rows `from` … `from + count − 1` of `data` as DuckDB's validity mask (64-bit words, least
 * significant bit first: Arrow's bit order), or null when every row holds a value. Arrow's validity bits count from
 * `data.offset`; its values and value offsets from the data's first row (apache-arrow `Data`).
 */
function validityOf(data: Data, from: number, count: number): Uint8Array | null {
  const bitmap = data.nullBitmap;
  if (data.nullCount === 0 || bitmap === undefined) return null;
  const mask = new Uint8Array(Math.ceil(count / 64) * 8);
  for (let row = 0; row < count; row += 1) {
    const position = data.offset + from + row;
    if (((bitmap[position >> 3] as number) & (1 << (position & 7))) !== 0)
      mask[row >> 3] = (mask[row >> 3] as number) | (1 << (row & 7));
  }
  return mask;
}

function isValidAt(mask: Uint8Array | null, row: number): boolean {
  return mask === null || ((mask[row >> 3] as number) & (1 << (row & 7))) !== 0;
}

/** The fixed-width values of rows `from` … of one column, copied into the vector as they are. */
function copyValues(
  vector: duckdb.Vector,
  values: BigInt64Array | Float64Array | Int32Array,
  from: number,
  count: number,
): void {
  const width = values.BYTES_PER_ELEMENT;
  duckdb.copy_data_to_vector(vector, 0, values.buffer as ArrayBuffer, values.byteOffset + from * width, count * width);
}

/** The texts of Utf8 `data` at `rows` (indexes into it) into `vector` from its row `at`, as their UTF-8 bytes. */
function copyTexts(
  vector: duckdb.Vector,
  data: Data,
  first: number,
  count: number,
  at: number,
  mask: Uint8Array | null,
) {
  const offsets = data.valueOffsets as Int32Array;
  const bytes = data.values as Uint8Array;
  for (let row = 0; row < count; row += 1) {
    if (!isValidAt(mask, row)) continue;
    const index = first + row;
    duckdb.vector_assign_string_element_len(
      vector,
      at + row,
      bytes.subarray(offsets[index] as number, offsets[index + 1] as number),
    );
  }
}

/** One column's rows `from` … `from + count − 1` into `vector` (a vector of the type duckDbTypeOf gives). */
function fillVector(vector: duckdb.Vector, kind: ColumnKind, data: Data, from: number, count: number): void {
  const mask = validityOf(data, from, count);
  if (mask !== null) {
    duckdb.vector_ensure_validity_writable(vector);
    duckdb.copy_data_to_vector_validity(vector, 0, mask.buffer as ArrayBuffer, 0, mask.byteLength);
  }
  switch (kind) {
    case 'integer':
      copyValues(vector, data.values as BigInt64Array, from, count);
      return;
    case 'decimal':
      copyValues(vector, data.values as Float64Array, from, count);
      return;
    case 'date':
      // DATE is days since 1970-01-01 in 32 bits, as Arrow's DateDay.
      copyValues(vector, data.values as Int32Array, from, count);
      return;
    case 'text':
      copyTexts(vector, data, from, count, 0, mask);
      return;
    case 'text_list': {
      // Each row's list is an entry (offset, length; two unsigned 64-bit integers) into the child vector of texts.
      const offsets = data.valueOffsets as Int32Array;
      const start = offsets[from] as number;
      const entries = new BigUint64Array(count * 2);
      for (let row = 0; row < count; row += 1) {
        entries[row * 2] = BigInt((offsets[from + row] as number) - start);
        entries[row * 2 + 1] = BigInt((offsets[from + row + 1] as number) - (offsets[from + row] as number));
      }
      duckdb.copy_data_to_vector(vector, 0, entries.buffer as ArrayBuffer, 0, entries.byteLength);
      const items = (offsets[from + count] as number) - start;
      duckdb.list_vector_reserve(vector, items);
      duckdb.list_vector_set_size(vector, items);
      copyTexts(duckdb.list_vector_get_child(vector), data.children[0] as Data, start, items, 0, null);
      return;
    }
  }
}

/** Fills `chunk` with the feed's next rows (at most CHUNK_ROWS, from one batch); none: the feed is done. */
function fillChunk(feed: Feed, kinds: readonly ColumnKind[], chunk: DuckDBDataChunk): void {
  while (feed.batch === undefined || feed.row >= feed.batch.numRows) {
    feed.batch = feed.nextBatch();
    feed.row = 0;
    if (feed.batch === undefined) {
      chunk.rowCount = 0;
      return;
    }
  }
  const { batch } = feed;
  const from = feed.row;
  const count = Math.min(CHUNK_ROWS, batch.numRows - from);
  kinds.forEach((kind, column) =>
    fillVector(
      duckdb.data_chunk_get_vector(chunk.chunk, column),
      kind,
      batch.data.children[column] as Data,
      from,
      count,
    ),
  );
  chunk.rowCount = count;
  feed.row = from + count;
}

function createFeedFunction(): DuckDBTableFunction {
  return DuckDBTableFunction.create({
    name: FEED_FUNCTION,
    parameterTypes: [DuckDBBigIntType.instance],
    bindFunction: (info) => {
      const id = Number(info.getParameter(0) as bigint);
      const feed = feeds.get(id);
      if (feed === undefined) {
        info.setError(`no Parquet feed ${id}`);
        return;
      }
      const kinds = feed.schema.fields.map((field) => classifyField(field));
      feed.schema.fields.forEach((field, column) =>
        info.addResultColumn(field.name, duckDbTypeOf(kinds[column] as ColumnKind)),
      );
      info.setBindData({ id, kinds });
    },
    initFunction: (info) => info.setMaxThreads(1),
    mainFunction: (info, chunk) => {
      const { id, kinds } = info.bindData as { id: number; kinds: ColumnKind[] };
      const feed = feeds.get(id) as Feed;
      try {
        fillChunk(feed, kinds, chunk);
      } catch (error) {
        feed.failure = { error };
        info.setError(error instanceof Error ? error.message : String(error));
      }
    },
  });
}

let engine: Promise<DuckDBConnection> | null = null;

/**
 * The setup statements already run on the engine's connection (EngineQuery.setup): each runs once, before the first
 * query that needs it (the JSON and CSV files' macros: about 10 ms for each file otherwise).
 */
const setUp = new Set<string>();

/** The process's one engine and connection, made with the first file. */
function connectionOf(): Promise<DuckDBConnection> {
  engine ??= (async () => {
    const instance = await DuckDBInstance.create(':memory:', ENGINE_SETTINGS);
    const connection = await instance.connect();
    connection.registerTableFunction(createFeedFunction());
    return connection;
  })();
  return engine;
}

/**
 * The ARROW:schema entry of `schema`: base64 of its IPC schema message (continuation, length, message), as the
 * Arrow libraries write it into Parquet, so pyarrow and Polars restore the schema with its column metadata.
 */
function arrowSchemaEntryOf(schema: Schema): string {
  const stream = Buffer.from(tableToIPC(new Table(schema), 'stream'));
  return stream.subarray(0, 8 + stream.readUInt32LE(4)).toString('base64');
}

/**
 * The file's key-value metadata: the schema's metadata (file-metadata.ts: dataset, source, licence, dictionary)
 * as one JSON object under PARQUET_METADATA_KEY, and ARROW:schema (the Arrow schema with its column
 * descriptions and the same metadata).
 */
function keyValueMetadataOf(schema: Schema): string {
  const entries: [string, string][] = [['ARROW:schema', arrowSchemaEntryOf(schema)]];
  if (schema.metadata.size > 0)
    entries.push([PARQUET_METADATA_KEY, JSON.stringify(Object.fromEntries(schema.metadata))]);
  return `{${entries.map(([key, value]) => `${sqlString(key)}: ${sqlString(value)}`).join(', ')}}`;
}

/** One file at a time on the one connection: each COPY has both of DuckDB's threads. */
async function writeInTurn(schema: Schema, path: string, rows: Rows, format: CopyFormat = 'parquet'): Promise<void> {
  const turn = lastWrite.then(() => writeOne(schema, rows, path, format));
  lastWrite = turn.catch(() => undefined);
  await turn;
}

/** The write that ends last so far: the next one starts after it. */
let lastWrite: Promise<unknown> = Promise.resolve();

/**
 * What a file's rows come from: the record batches of a table, handed to DuckDB through the feed function, or a
 * query DuckDB runs itself (a derived table read from the Parquet file of its source: unpivot-query.ts).
 */
type Rows = { batches: () => RecordBatch | undefined } | { query: EngineQuery };

/** A SELECT for DuckDB, and how an error it raises on purpose becomes the write's error. */
export interface EngineQuery {
  sql: string;
  /**
   * Statements run on the connection before the query, once for the connection (CREATE OR REPLACE TEMP MACRO …): a
   * statement never redefines what another statement of any query defines, so one already run still holds.
   */
  setup?: readonly string[];
  /** The error to throw for DuckDB's error message, or undefined for an error the query did not raise itself. */
  errorOf: (message: string) => Error | undefined;
}

/**
 * What a COPY writes: a Parquet file (below); `lines`: each row's one VARCHAR column as it is, each followed by
 * "\n", nothing quoted or escaped (DuckDB's CSV writer with no quote, no escape and no header; a text query makes
 * the lines, json-writer.ts); or a CSV file (CsvCopy).
 */
type CopyFormat = 'parquet' | 'lines' | CsvCopy;

/**
 * A CSV file as DuckDB's CSV writer makes it: `opening` (written as it is) before the rows, fields separated by
 * ",", each row ended by CRLF, a null field empty and bare, every other field bare but those of the columns
 * `quoted`, each of which is quoted (an empty text too), a quote inside doubled. The query makes each field's text.
 */
export interface CsvCopy {
  opening: string;
  quoted: readonly string[];
}

/** The COPY options of a file of `format`. */
function copyOptionsOf(schema: Schema, format: CopyFormat): string {
  if (format === 'lines') return `FORMAT csv, HEADER false, QUOTE '', ESCAPE '', NEW_LINE '\n'`;
  if (typeof format === 'object') {
    // DuckDB writes the line end between rows and SUFFIX after the last one (it takes PREFIX only with a SUFFIX).
    const quoted = format.quoted.length === 0 ? '' : `, FORCE_QUOTE (${format.quoted.map(sqlName).join(', ')})`;
    return (
      `FORMAT csv, HEADER false, DELIMITER ',', QUOTE '"', ESCAPE '"', NULLSTR '', NEW_LINE '\r\n'${quoted}, ` +
      `PREFIX ${sqlString(format.opening)}, SUFFIX '\r\n'`
    );
  }
  return `FORMAT parquet, PARQUET_VERSION v2, COMPRESSION zstd, ROW_GROUP_SIZE ${BATCH_ROWS}, KV_METADATA ${keyValueMetadataOf(schema)}`;
}

/**
 * ZSTD, the smallest of the codecs every current reader supports (DuckDB, pyarrow/pandas, Polars, R arrow); Parquet
 * format version 2 (data pages V2, delta encodings: counts are mostly distinct, so plain dictionaries only add an
 * index to each value), which those readers decode, about a tenth smaller than version 1; row groups of BATCH_ROWS
 * rows; `created_by` is DuckDB's version, so nothing in the file depends on the time or the machine. An error making
 * a row fails the write with that error and leaves no file.
 */
async function writeOne(schema: Schema, rows: Rows, path: string, format: CopyFormat): Promise<void> {
  const connection = await connectionOf();
  const id = ++lastFeed;
  const feed: Feed | null =
    'batches' in rows ? { schema, nextBatch: rows.batches, batch: undefined, row: 0, failure: null } : null;
  if (feed !== null) feeds.set(id, feed);
  const source = 'query' in rows ? rows.query.sql : `SELECT * FROM ${FEED_FUNCTION}(${id})`;
  const partial = partialPathOf(path);
  try {
    if (feed === null) await connection.run(`SET threads = ${QUERY_THREADS}`);
    for (const statement of 'query' in rows ? (rows.query.setup ?? []) : []) {
      if (setUp.has(statement)) continue;
      await connection.run(statement);
      setUp.add(statement);
    }
    await connection.run(`COPY (${source}) TO ${sqlString(partial)} (${copyOptionsOf(schema, format)})`);
  } catch (error) {
    await rm(partial, { force: true });
    if (feed?.failure) throw feed.failure.error;
    const message = error instanceof Error ? error.message : String(error);
    throw ('query' in rows ? rows.query.errorOf(message) : undefined) ?? error;
  } finally {
    feeds.delete(id);
    if (feed === null) await connection.run(`SET threads = ${ENGINE_SETTINGS.threads as string}`);
  }
  if (feed?.failure) {
    await rm(partial, { force: true });
    throw feed.failure.error;
  }
  await rename(partial, path);
}

/**
 * Writes the rows of `query` as Parquet to `path` (atomically), `schema` giving the file's metadata: DuckDB makes
 * and encodes every row itself, so a table of millions of rows passes through no JavaScript. The query's columns
 * must be those of `schema`, of the types duckDbTypeOf gives.
 */
export async function writeParquetQuery(schema: Schema, query: EngineQuery, path: string): Promise<void> {
  await writeInTurn(schema, path, { query });
}

/**
 * Writes the rows of `query`, one VARCHAR column, to `path` (atomically) as lines: each row's text followed by
 * "\n", nothing else added (CopyFormat `lines`). On the engine's one connection, after the files already asked
 * for: a query reading a Parquet file this stage writes runs once that file is complete.
 */
export async function writeLinesQuery(query: EngineQuery, path: string): Promise<void> {
  await writeInTurn(new Schema([]), path, { query }, 'lines');
}

/**
 * Writes the rows of `query` to `path` (atomically) as the CSV file `csv` describes (CsvCopy), on the engine's one
 * connection after the files already asked for, as writeLinesQuery.
 */
export async function writeCsvQuery(query: EngineQuery, csv: CsvCopy, path: string): Promise<void> {
  await writeInTurn(new Schema([]), path, { query }, csv);
}

/** Writes the table as Parquet to `path` (atomically): as writeParquetBatches of its record batches, the same bytes. */
export async function writeParquetFile(table: Table, path: string): Promise<void> {
  const batches = table.batches.values();
  // A table of no batches still gets a valid file with its schema.
  await writeInTurn(table.schema, path, { batches: () => batches.next().value });
}
