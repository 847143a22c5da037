// Reads a written file back with DuckDB the way a user would, into an in-memory table (every column of every
// row decoded), and times it.
import { performance } from 'node:perf_hooks';
import { DuckDBInstance } from '@duckdb/node-api';

export type ReadableFormat = 'json' | 'csv' | 'parquet';

const READERS: Record<ReadableFormat, (file: string) => string> = {
  json: (file) => `read_json(${quote(file)}, format = 'array')`,
  csv: (file) => `read_csv(${quote(file)})`,
  parquet: (file) => `read_parquet(${quote(file)})`,
};

function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

export interface DuckDbRead {
  ms: number;
  rows: number;
}

/** `CREATE TABLE t AS SELECT * FROM read_…(file)` in a fresh in-memory database; returns its time and row count. */
export async function readWithDuckDb(format: ReadableFormat, file: string): Promise<DuckDbRead> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const started = performance.now();
    await connection.run(`CREATE TABLE t AS SELECT * FROM ${READERS[format](file)}`);
    const ms = performance.now() - started;
    const reader = await connection.runAndReadAll('SELECT count(*) AS n FROM t');
    const rows = Number((reader.getRowObjectsJson()[0] as { n: string | number }).n);
    return { ms, rows };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/**
 * A reference point for the Parquet writer, not a project writer: DuckDB loads `source` (untimed), then writes the
 * same rows with its own Parquet writer and defaults (dictionary encoding, Snappy, both cores); returns that time.
 */
export async function writeParquetWithDuckDb(source: string, out: string): Promise<{ ms: number }> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`CREATE TABLE t AS SELECT * FROM read_parquet(${quote(source)})`);
    const started = performance.now();
    await connection.run(`COPY t TO ${quote(out)} (FORMAT parquet)`);
    return { ms: performance.now() - started };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

export const DUCKDB_PARQUET_DESCRIPTION =
  "DuckDB reference writer: CREATE TABLE t AS SELECT * FROM read_parquet('<the project's file>'); then timed: COPY t TO '<out>' (FORMAT parquet)";

/** For the results' list of commands. */
export const DUCKDB_READ_DESCRIPTION =
  "DuckDB (@duckdb/node-api, in-memory): CREATE TABLE t AS SELECT * FROM read_json('<file>', format = 'array') | read_csv('<file>') | read_parquet('<file>')";
