// Reading the snapshot files back the way users do (DuckDB for Parquet, csv-parse for CSV, JSON.parse,
// apache-arrow for Arrow IPC), turning each into normalized records to compare with what went in.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance, type Json } from '@duckdb/node-api';
import { tableFromIPC, type Table } from 'apache-arrow';
import { parse } from 'csv-parse/sync';
import type { ColumnDefinition, ColumnType } from '../../scripts/datasets/dataset-definition.ts';
import type { NormalizedRecord, NormalizedValue } from '../../scripts/snapshot/arrow-schema.ts';
import { writeArrowIpcFile } from '../../scripts/snapshot/arrow-ipc-writer.ts';
import { writeCsvFile } from '../../scripts/snapshot/csv-writer.ts';
import { writeJsonFile } from '../../scripts/snapshot/json-writer.ts';
import { writeParquetFile } from '../../scripts/snapshot/parquet-writer.ts';

export interface SnapshotPaths {
  json: string;
  csv: string;
  parquet: string;
  arrow: string;
}

export async function writeAllFormats(table: Table, dir: string, stem: string): Promise<SnapshotPaths> {
  const paths: SnapshotPaths = {
    json: path.join(dir, `${stem}.json`),
    csv: path.join(dir, `${stem}.csv`),
    parquet: path.join(dir, `${stem}.parquet`),
    arrow: path.join(dir, `${stem}.arrow`),
  };
  await writeParquetFile(table, paths.parquet);
  await writeJsonFile(table, paths.parquet, paths.json);
  await writeCsvFile(table, paths.parquet, paths.csv);
  await writeArrowIpcFile(table, paths.arrow);
  return paths;
}

/** Runs queries against one in-memory DuckDB, rows as DuckDB's JSON conversion gives them (BIGINT and DATE as strings). */
export async function queryDuckDb(queries: readonly string[]): Promise<Record<string, Json>[][]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const results: Record<string, Json>[][] = [];
    for (const query of queries) results.push((await connection.runAndReadAll(query)).getRowObjectsJson());
    return results;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** DuckDB's JSON form of a value back to the normalized form of its column type. */
function fromDuckDbJson(type: ColumnType, value: Json): NormalizedValue {
  if (value === null) return null;
  switch (type) {
    case 'integer':
      // BIGINT comes as a decimal string, so a rounded value would show.
      if (typeof value !== 'string' || !/^-?[0-9]+$/.test(value)) throw new Error(`BIGINT as ${JSON.stringify(value)}`);
      return Number(value);
    case 'decimal':
      return value as number;
    case 'date':
    case 'text':
      return value as string;
    case 'text_list':
      return value as string[];
  }
}

/** The Parquet file's DuckDB column types, and its rows as normalized records. */
export async function readParquetWithDuckDb(
  file: string,
  columns: readonly ColumnDefinition[],
): Promise<{ types: Record<string, string>; records: NormalizedRecord[] }> {
  const [described = [], rows = []] = await queryDuckDb([
    `DESCRIBE SELECT * FROM read_parquet(${sqlString(file)})`,
    `SELECT * FROM read_parquet(${sqlString(file)})`,
  ]);
  const types = Object.fromEntries(described.map((row) => [String(row.column_name), String(row.column_type)]));
  const records = rows.map((row) =>
    Object.fromEntries(columns.map((column) => [column.name, fromDuckDbJson(column.type, row[column.name] ?? null)])),
  );
  return { types, records };
}

/** The DuckDB type each logical column type must arrive as. */
export const DUCKDB_TYPES: Record<ColumnType, string> = {
  integer: 'BIGINT',
  decimal: 'DOUBLE',
  date: 'DATE',
  text: 'VARCHAR',
  text_list: 'VARCHAR[]',
};

interface CsvField {
  value: string;
  quoted: boolean;
}

/** A CSV field back to the normalized form: bare empty is null, a quoted empty list is []. */
function fromCsvField(type: ColumnType, field: CsvField): NormalizedValue {
  if (!field.quoted && field.value === '') return null;
  switch (type) {
    case 'integer':
    case 'decimal':
      return Number(field.value);
    case 'date':
    case 'text':
      return field.value;
    case 'text_list':
      return field.value === '' ? [] : field.value.split(';');
  }
}

/** The CSV file's header and its rows as normalized records (csv-parse, honouring the BOM and quoting). */
export async function readCsvBack(
  file: string,
  columns: readonly ColumnDefinition[],
): Promise<{ header: string[]; records: NormalizedRecord[] }> {
  // csv-parse types rows as strings whatever `cast` returns; here every field is the CsvField `cast` made.
  const rows = parse(await readFile(file), {
    bom: true,
    cast: (value, context): CsvField => ({ value, quoted: context.quoting }),
  }) as unknown as CsvField[][];
  const [header = [], ...body] = rows;
  const records = body.map((row) =>
    Object.fromEntries(
      columns.map((column, index) => [column.name, fromCsvField(column.type, row[index] as CsvField)]),
    ),
  );
  return { header: header.map((field) => field.value), records };
}

export async function readArrowIpcBack(file: string): Promise<Table> {
  return tableFromIPC(await readFile(file));
}
