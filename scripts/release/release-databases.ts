// The release's single-file databases: every dataset's all-years table in one DuckDB file (the engine's own format,
// column and table descriptions as COMMENTs) and one SQLite file (node:sqlite, built into Node), both with a
// `tables` and a `columns` table from the declarations (SQLite has no comments), so SQL runs on a release at once.
// A harvested dataset is a table; a derived one (the long turnout format) a view that computes its rows from its
// source's table as its declaration says, so each value is stored once. Written by the release stage, from the
// all-years Parquet files (DuckDB) and Arrow files (SQLite), once each: the `tables` table names the release. Both
// are byte-identical when rebuilt from the same files (docs/data.md, "The single-file databases").
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { DuckDBConnection } from '@duckdb/node-api';
import { RecordBatchReader, type RecordBatch } from 'apache-arrow';
import {
  columnEmptiness,
  primaryKeyOf,
  type ColumnDefinition,
  type ColumnType,
  type DerivedDatasetDefinition,
  type PublishedDataset,
  tableNameOf,
} from '../datasets/dataset-definition.ts';
import { formatOf, type FileFormat } from '../formats.ts';
import { hashFile } from '../foundation/hashing.ts';
import { fileMetadataOf } from '../snapshot/file-metadata.ts';
import type { PublishedFile, SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { sqlName, sqlString } from '../snapshot/sql-string.ts';
import { firstFailure, readBatchColumns } from '../snapshot/table-reader.ts';
import { writeDuckDbFile } from './duckdb-file-process.ts';
import { withReleaseEngine } from './release-engine.ts';
import { referenceHolds, type BrokenReferences } from './reference-check.ts';

/** The databases' formats. */
type DatabaseFormat = Extract<FileFormat, 'duckdb' | 'sqlite'>;

/** A database's path in the data folder: beside the all-years bundle (`all-years/kpu-election-data-all-years.duckdb`). */
export function databasePathOf(format: DatabaseFormat): string {
  return `all-years/kpu-election-data-all-years${formatOf(format).suffix}`;
}

/** The tables every database holds besides the datasets' (a dataset id may not take their names). */
const METADATA_TABLES = { tables: 'tables', columns: 'columns' } as const;

/** A column's DuckDB type, as the Parquet files hold it. */
export const DUCKDB_TYPES: Record<ColumnType, string> = {
  integer: 'BIGINT',
  text: 'VARCHAR',
  decimal: 'DOUBLE',
  date: 'DATE',
  text_list: 'VARCHAR[]',
};

/** SQLite's declared types: a date as ISO text (YYYY-MM-DD), a list as a JSON array of texts (`json_each` reads it). */
const SQLITE_TYPES: Record<ColumnType, string> = {
  integer: 'INTEGER',
  text: 'TEXT',
  decimal: 'REAL',
  date: 'TEXT',
  text_list: 'TEXT',
};

/** A column's description as one text: titles, descriptions, unit and upstream field, English first. */
function columnComment(column: ColumnDefinition): string {
  return [
    `${column.title.en} / ${column.title.id}.`,
    `${column.description.en} / ${column.description.id}`,
    ...(column.unit ? [`Unit: ${column.unit}.`] : []),
    column.source ? `Upstream field: ${column.source}.` : 'Computed by the publisher.',
  ].join(' ');
}

/** One dataset's table: its declaration, its all-years Parquet file and whether its key holds in every record. */
interface DatasetTable {
  name: string;
  dataset: PublishedDataset;
  /** Its all-years Parquet file, relative to the data folder. */
  parquet: string;
  /** Its all-years Arrow file, relative to the data folder (the same rows: the snapshot wrote both from one table). */
  arrow: string | null;
  records: number;
  /**
   * The declared primary key: a table's PRIMARY KEY only when no record breaks it (flagged records are published as
   * given); a view's holds by construction when its source's does.
   */
  primaryKey: string[];
  keyHolds: boolean;
  /** A derived dataset's source table, which its view reads; null for a stored table. */
  derivedFrom: string | null;
}

const TABLES_COLUMNS = [
  ['table_name', 'TEXT'],
  ['dataset', 'TEXT'],
  ['title_en', 'TEXT'],
  ['title_id', 'TEXT'],
  ['description_en', 'TEXT'],
  ['description_id', 'TEXT'],
  ['records', 'INTEGER'],
  ['primary_key', 'TEXT'],
  ['primary_key_enforced', 'INTEGER'],
  ['derived_from', 'TEXT'],
  ['source', 'TEXT'],
  ['licence', 'TEXT'],
  ['added_content_licence', 'TEXT'],
  ['demo', 'TEXT'],
  ['release', 'TEXT'],
  ['retrieved_at', 'TEXT'],
] as const;

const COLUMNS_COLUMNS = [
  ['table_name', 'TEXT'],
  ['column_name', 'TEXT'],
  ['position', 'INTEGER'],
  ['type', 'TEXT'],
  ['duckdb_type', 'TEXT'],
  ['sqlite_type', 'TEXT'],
  ['unit', 'TEXT'],
  ['empty', 'TEXT'],
  ['primary_key_position', 'INTEGER'],
  ['source_field', 'TEXT'],
  ['title_en', 'TEXT'],
  ['title_id', 'TEXT'],
  ['description_en', 'TEXT'],
  ['description_id', 'TEXT'],
] as const;

type MetadataValue = string | bigint | null;

function tablesRows(tables: readonly DatasetTable[], manifest: SnapshotManifest): MetadataValue[][] {
  const release = manifest.release as NonNullable<SnapshotManifest['release']>;
  return tables.map(({ name, dataset, records, primaryKey, keyHolds, derivedFrom }) => {
    const metadata = fileMetadataOf(dataset, 'all', manifest.demo);
    return [
      name,
      dataset.id,
      dataset.title.en,
      dataset.title.id,
      dataset.description.en,
      dataset.description.id,
      BigInt(records),
      primaryKey.join(', '),
      keyHolds ? 1n : 0n,
      derivedFrom,
      metadata.get('source') ?? null,
      metadata.get('licence') ?? null,
      metadata.get('added_content_licence') ?? null,
      metadata.get('demo') ?? null,
      release.id,
      release.retrievedAt ?? manifest.harvest.finishedAt,
    ];
  });
}

function columnsRows(tables: readonly DatasetTable[]): MetadataValue[][] {
  return tables.flatMap(({ name, dataset, primaryKey }) =>
    dataset.columns.map((column, index) => {
      const keyPosition = primaryKey.indexOf(column.name);
      return [
        name,
        column.name,
        BigInt(index + 1),
        column.type,
        DUCKDB_TYPES[column.type],
        column.type === 'text_list' ? 'TEXT (JSON array)' : SQLITE_TYPES[column.type],
        column.unit ?? null,
        columnEmptiness(dataset, column),
        keyPosition === -1 ? null : BigInt(keyPosition + 1),
        column.source,
        column.title.en,
        column.title.id,
        column.description.en,
        column.description.id,
      ];
    }),
  );
}

/**
 * Whether a derived dataset's key holds in every row wherever its source's key holds in every record: its key is the
 * source's key columns, repeated in each row, and fixed columns whose texts tell every cell apart. Example: the long
 * turnout key (turnout's key, voter_list, sex): twelve cells, twelve (voter_list, sex) pairs.
 */
function keyFollowsSource(dataset: DerivedDatasetDefinition, sourceKey: readonly string[]): boolean {
  const { repeated, cells } = dataset.unpivot;
  const key = primaryKeyOf(dataset);
  const fixed = key.filter((column) => !repeated.includes(column));
  const cellKeys = cells.map((cell) => JSON.stringify(fixed.map((column) => cell.fixed[column] ?? null)));
  return (
    sourceKey.every((column) => key.includes(column) && repeated.includes(column)) &&
    key.every((column) => sourceKey.includes(column) || cells.every((cell) => cell.fixed[column] !== undefined)) &&
    new Set(cellKeys).size === cells.length
  );
}

/**
 * Each dataset's all-years Parquet file, its records and whether its declared key holds (unique, no empty part):
 * read from a harvested dataset's file; a derived dataset's from its source's and its declaration.
 */
async function datasetTables(
  connection: DuckDBConnection,
  outDir: string,
  manifest: SnapshotManifest,
  datasets: readonly PublishedDataset[],
): Promise<DatasetTable[]> {
  const tables: DatasetTable[] = [];
  for (const dataset of datasets) {
    const allYears = (format: FileFormat) =>
      manifest.files.find((f) => f.dataset === dataset.id && f.year === 'all' && f.format === format);
    const file = allYears('parquet');
    if (!file) continue;
    const arrow = allYears('arrow')?.path ?? null;
    const name = tableNameOf(dataset);
    if (Object.values(METADATA_TABLES).includes(name as never))
      throw new Error(`dataset ${dataset.id}: its table name ${name} is a metadata table's`);
    const primaryKey = primaryKeyOf(dataset);
    if ('from' in dataset) {
      // A view reads its source's table, which comes before it, and holds its key where the source does.
      const source = tables.find((table) => table.dataset.id === dataset.from);
      if (!source) throw new Error(`dataset ${dataset.id}: its source ${dataset.from} has no table`);
      const records = source.records * dataset.unpivot.cells.length;
      if (file.records !== null && file.records !== records)
        throw new Error(`dataset ${dataset.id}: ${file.records} records in ${file.path}, ${records} unpivoted`);
      const keyHolds = source.keyHolds && keyFollowsSource(dataset, source.primaryKey);
      tables.push({
        name,
        dataset,
        parquet: file.path,
        arrow,
        records,
        primaryKey,
        keyHolds,
        derivedFrom: source.name,
      });
      continue;
    }
    const keys = primaryKey.map(sqlName);
    const reader = await connection.runAndReadAll(
      `SELECT count(*) AS records, count(DISTINCT (${keys.join(', ')})) AS distinct_keys,
         count(*) FILTER (WHERE ${keys.map((key) => `${key} IS NULL`).join(' OR ')}) AS empty_keys
       FROM read_parquet(${sqlString(path.join(outDir, file.path))})`,
    );
    const [records, distinctKeys, emptyKeys] = (reader.getRows()[0] ?? []) as bigint[];
    tables.push({
      name,
      dataset,
      parquet: file.path,
      arrow,
      records: Number(records),
      primaryKey,
      keyHolds: records === distinctKeys && emptyKeys === 0n,
      derivedFrom: null,
    });
  }
  return tables;
}

/** A foreign key of a table: its columns, the referenced table and that table's columns (its primary key). */
interface TableReference {
  columns: readonly string[];
  table: string;
  referencedColumns: readonly string[];
}

function createTableSql(
  name: string,
  columns: ReadonlyArray<readonly [string, string]>,
  primaryKey: readonly string[] | null,
  references: readonly TableReference[] = [],
): string {
  const definitions = columns.map(([column, type]) => `${sqlName(column)} ${type}`);
  if (primaryKey) definitions.push(`PRIMARY KEY (${primaryKey.map(sqlName).join(', ')})`);
  for (const reference of references)
    definitions.push(
      `FOREIGN KEY (${reference.columns.map(sqlName).join(', ')}) REFERENCES ${sqlName(reference.table)} (${reference.referencedColumns.map(sqlName).join(', ')})`,
    );
  return `CREATE TABLE ${sqlName(name)} (${definitions.join(', ')})`;
}

/**
 * A derived dataset's view over its source table, in its columns' order, one row per record and cell in cell order
 * (the declaration's unpivot). DuckDB: parallel `unnest`s of the cells' values and fixed texts, which keep the
 * source's row order. SQLite: the source CROSS JOIN the cells (SQLite keeps a CROSS JOIN's left table as the outer
 * loop, so each record's rows come together, in cell order), every computed column CAST to its type, which
 * `pragma_table_info` then reports (INTEGER as `INT`, SQLite's name of that affinity).
 */
function viewSql(dialect: DatabaseFormat, dataset: DerivedDatasetDefinition, source: string): string {
  const { repeated, value, cells } = dataset.unpivot;
  const fixed = (column: string) =>
    cells.map((cell) => {
      const text = cell.fixed[column];
      if (text === undefined)
        throw new Error(`${dataset.id}: column ${column} is neither repeated, the value nor fixed`);
      return text;
    });
  const select = dataset.columns.map(({ name, type }) => {
    if (repeated.includes(name)) return `s.${sqlName(name)}`;
    if (dialect === 'duckdb') {
      const values = name === value ? cells.map((cell) => `s.${sqlName(cell.from)}`) : fixed(name).map(sqlString);
      return `unnest([${values.join(', ')}]) AS ${sqlName(name)}`;
    }
    const computed =
      name === value
        ? `CASE c.cell ${cells.map((cell, index) => `WHEN ${index} THEN s.${sqlName(cell.from)}`).join(' ')} END`
        : `c.${sqlName(name)}`;
    return `CAST(${computed} AS ${SQLITE_TYPES[type]}) AS ${sqlName(name)}`;
  });
  const from =
    dialect === 'duckdb'
      ? `${sqlName(source)} AS s`
      : `${sqlName(source)} AS s CROSS JOIN (${cells
          .map(
            (cell, index) =>
              `SELECT ${[`${index} AS cell`, ...Object.entries(cell.fixed).map(([column, text]) => `${sqlString(text)} AS ${sqlName(column)}`)].join(', ')}`,
          )
          .join(' UNION ALL ')}) AS c`;
  return `CREATE VIEW ${sqlName(tableNameOf(dataset))} AS SELECT ${select.join(', ')} FROM ${from}`;
}

/** An INSERT of `rows` rows of `count` values each. */
const insertSql = (name: string, count: number, rows = 1): string => {
  const row = `(${Array.from({ length: count }, () => '?').join(', ')})`;
  return `INSERT INTO ${sqlName(name)} VALUES ${Array.from({ length: rows }, () => row).join(', ')}`;
};

/**
 * The DuckDB file: one SQL script run in a process of its own (duckdb-file-process.ts), in one transaction, then one
 * checkpoint. One script, one call: each statement's result is set free as the next runs, not whenever JavaScript
 * collects it, so DuckDB's buffers are taken and given back in the same order each time.
 */
async function writeDuckDb(
  outDir: string,
  file: string,
  spillFolder: string,
  tables: readonly DatasetTable[],
  metadata: { tables: MetadataValue[][]; columns: MetadataValue[][] },
): Promise<void> {
  const statements: string[] = [];
  for (const { name, dataset, parquet, primaryKey, keyHolds, derivedFrom } of tables) {
    if ('from' in dataset && derivedFrom) statements.push(viewSql('duckdb', dataset, derivedFrom));
    else {
      const columns = dataset.columns.map((column) => [column.name, DUCKDB_TYPES[column.type]] as const);
      const names = dataset.columns.map((column) => sqlName(column.name)).join(', ');
      statements.push(
        createTableSql(name, columns, keyHolds ? primaryKey : null),
        `INSERT INTO ${sqlName(name)} SELECT ${names} FROM read_parquet(${sqlString(parquet)})`,
      );
    }
    statements.push(
      `COMMENT ON ${derivedFrom ? 'VIEW' : 'TABLE'} ${sqlName(name)} IS ${sqlString(`${dataset.title.en} / ${dataset.title.id}. ${dataset.description.en}`)}`,
      ...dataset.columns.map(
        (column) => `COMMENT ON COLUMN ${sqlName(name)}.${sqlName(column.name)} IS ${sqlString(columnComment(column))}`,
      ),
    );
  }
  for (const [name, columns, rows] of [
    [METADATA_TABLES.tables, TABLES_COLUMNS, metadata.tables],
    [METADATA_TABLES.columns, COLUMNS_COLUMNS, metadata.columns],
  ] as const) {
    const types = columns.map(([column, type]) => [column, type === 'INTEGER' ? 'BIGINT' : 'VARCHAR'] as const);
    statements.push(createTableSql(name, types, null));
    const values = rows.map(
      (row) =>
        `(${row.map((value) => (value === null ? 'NULL' : typeof value === 'bigint' ? String(value) : sqlString(value))).join(', ')})`,
    );
    if (values.length > 0) statements.push(`INSERT INTO ${sqlName(name)} VALUES ${values.join(', ')}`);
  }
  // One transaction: a statement on its own commits, and each commit syncs the write-ahead log to disk.
  await writeDuckDbFile(
    outDir,
    file,
    spillFolder,
    ['BEGIN TRANSACTION', ...statements, 'COMMIT', 'CHECKPOINT'].join(';\n'),
  );
}

/**
 * The foreign keys of a dataset's table: each declared reference that holds in every record (findBrokenReferences)
 * to a table whose primary key is enforced and is the referenced columns, as SQLite requires of a parent key.
 */
function tableReferences(
  dataset: PublishedDataset,
  tables: readonly DatasetTable[],
  brokenReferences: BrokenReferences,
): TableReference[] {
  return (dataset.references ?? []).flatMap((reference) => {
    const target = tables.find((table) => table.dataset.id === reference.dataset);
    // A view has no key SQLite can refer to.
    const keyed =
      target !== undefined &&
      target.derivedFrom === null &&
      target.keyHolds &&
      target.primaryKey.join('\0') === reference.referencedColumns.join('\0') &&
      referenceHolds(brokenReferences, dataset.id, reference.dataset, 'all');
    return keyed
      ? [{ columns: reference.columns, table: target.name, referencedColumns: reference.referencedColumns }]
      : [];
  });
}

/** Rows one INSERT of the SQLite file holds: a call from JavaScript into SQLite for each row took a quarter more. */
const SQLITE_ROWS_PER_INSERT = 32;
/**
 * Rows read into JavaScript values at a time, a slice of a record batch: a batch's 65,536 rows read whole made the
 * process about 100 MB larger at a million records.
 */
const SQLITE_ROWS_PER_READ = 8192;

/** The SQLite values of `rows` (a slice of a record batch), inserted by `many` SQLITE_ROWS_PER_INSERT at a time. */
function insertRows(rows: RecordBatch, one: StatementSync, many: StatementSync): void {
  const read = readBatchColumns(rows);
  const failure = firstFailure(read.map((column) => column.failure));
  if (failure !== undefined) throw failure.error;
  // Lists as their JSON text; every other value as JavaScript reads it (exact: the snapshot refused any integer beyond
  // ±(2^53 − 1)).
  const columns = read.map((column) =>
    column.kind === 'text_list'
      ? column.values.map((list) => (list === null ? null : JSON.stringify(list)))
      : column.values,
  ) as (readonly SQLInputValue[])[];
  const width = columns.length;
  const values = new Array<SQLInputValue>(width * SQLITE_ROWS_PER_INSERT);
  let row = 0;
  for (; row + SQLITE_ROWS_PER_INSERT <= rows.numRows; row += SQLITE_ROWS_PER_INSERT) {
    for (let offset = 0; offset < SQLITE_ROWS_PER_INSERT; offset += 1)
      for (let column = 0; column < width; column += 1)
        values[offset * width + column] = (columns[column] as readonly SQLInputValue[])[row + offset] as SQLInputValue;
    many.run(...values);
  }
  for (; row < rows.numRows; row += 1) one.run(...columns.map((column) => column[row] as SQLInputValue));
}

/**
 * Inserts the records of the Arrow file `arrowFile` (the table's all-years file, in the order of its Parquet file)
 * into the SQLite table `name`, a record batch at a time, each column read whole from its buffers (table-reader.ts):
 * DuckDB's values, read back from its file one by one, took two and a half times as long.
 */
async function insertArrowRecords(
  database: DatabaseSync,
  name: string,
  dataset: PublishedDataset,
  arrowFile: string,
): Promise<void> {
  const width = dataset.columns.length;
  const one = database.prepare(insertSql(name, width));
  const many = database.prepare(insertSql(name, width, SQLITE_ROWS_PER_INSERT));
  for await (const batch of await RecordBatchReader.from(createReadStream(arrowFile))) {
    const names = batch.schema.fields.map((field) => field.name);
    if (names.join('\0') !== dataset.columns.map((column) => column.name).join('\0'))
      throw new Error(`${arrowFile}: its columns ${names.join(', ')} are not those of dataset ${dataset.id}`);
    for (let start = 0; start < batch.numRows; start += SQLITE_ROWS_PER_READ)
      insertRows(batch.slice(start, Math.min(batch.numRows, start + SQLITE_ROWS_PER_READ)), one, many);
  }
}

/**
 * The SQLite file, its rows from each table's all-years Arrow file (insertArrowRecords): counts as INTEGER, decimals
 * REAL, codes and names TEXT, dates ISO TEXT, lists a JSON array as TEXT. Written in one transaction, then VACUUMed,
 * so its pages come in one order.
 */
async function writeSqlite(
  file: string,
  outDir: string,
  tables: readonly DatasetTable[],
  metadata: { tables: MetadataValue[][]; columns: MetadataValue[][] },
  brokenReferences: BrokenReferences,
): Promise<void> {
  // Foreign keys declared, not checked while writing (node:sqlite turns the check on by default): the release checked
  // them already (reference-check.ts), and a table is written before the one it refers to when they come in that order.
  const database = new DatabaseSync(file, { enableForeignKeyConstraints: false });
  try {
    // No journal and no syncs: the file is made whole in a folder of its own and moved into place only once closed.
    database.exec(
      'PRAGMA page_size = 4096; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA encoding = "UTF-8"; BEGIN',
    );
    for (const { name, dataset, arrow, primaryKey, keyHolds, derivedFrom } of tables) {
      if ('from' in dataset && derivedFrom) {
        database.exec(viewSql('sqlite', dataset, derivedFrom));
        continue;
      }
      if (arrow === null)
        throw new Error(`dataset ${dataset.id}: no all-years Arrow file to fill its SQLite table from`);
      const columns = dataset.columns.map(
        (column) =>
          [
            column.name,
            `${SQLITE_TYPES[column.type]}${columnEmptiness(dataset, column) === 'never' ? ' NOT NULL' : ''}`,
          ] as const,
      );
      database.exec(
        createTableSql(name, columns, keyHolds ? primaryKey : null, tableReferences(dataset, tables, brokenReferences)),
      );
      await insertArrowRecords(database, name, dataset, path.join(outDir, arrow));
    }
    for (const [name, columns, rows] of [
      [METADATA_TABLES.tables, TABLES_COLUMNS, metadata.tables],
      [METADATA_TABLES.columns, COLUMNS_COLUMNS, metadata.columns],
    ] as const) {
      database.exec(createTableSql(name, columns, null));
      const insert = database.prepare(insertSql(name, columns.length));
      for (const row of rows) insert.run(...row);
    }
    database.exec('COMMIT');
    database.exec('VACUUM');
  } finally {
    database.close();
  }
}

/**
 * Writes the DuckDB and the SQLite file of a release into outDir (each made whole in a folder of its own beside,
 * under its final name, which DuckDB keeps in the file, and renamed into place) and returns them as the manifest
 * lists them.
 */
export async function writeReleaseDatabases(
  outDir: string,
  manifest: SnapshotManifest,
  datasets: readonly PublishedDataset[],
  brokenReferences: BrokenReferences,
): Promise<PublishedFile[]> {
  const work = path.join(outDir, '.databases.partial');
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    const duckDb = path.join(work, path.posix.basename(databasePathOf('duckdb')));
    const sqlite = path.join(work, path.posix.basename(databasePathOf('sqlite')));
    const spillFolder = path.join(work, 'spill');
    // Each harvested dataset followed by those derived from it, as the downloads list them.
    const ordered = datasets
      .filter((dataset) => !('from' in dataset))
      .flatMap((dataset) => [dataset, ...datasets.filter((other) => 'from' in other && other.from === dataset.id)]);
    const tables = await withReleaseEngine(':memory:', spillFolder, {}, (connection) =>
      datasetTables(connection, outDir, manifest, ordered),
    );
    const metadata = { tables: tablesRows(tables, manifest), columns: columnsRows(tables) };
    // One after the other: side by side (DuckDB's process beside this one's SQLite) they take 1.8 s of 12 less at
    // 100,000 records, but raise the build's largest process tree at a million records from 0.97 to 1.30 GiB.
    await writeDuckDb(outDir, path.relative(outDir, duckDb), path.relative(outDir, spillFolder), tables, metadata);
    await writeSqlite(sqlite, outDir, tables, metadata, brokenReferences);
    const written: PublishedFile[] = [];
    for (const [format, file] of [
      ['duckdb', duckDb],
      ['sqlite', sqlite],
    ] as const) {
      const target = path.join(outDir, databasePathOf(format));
      await mkdir(path.dirname(target), { recursive: true });
      await rename(file, target);
      const { sha256, bytes } = await hashFile(target);
      written.push({
        path: databasePathOf(format),
        dataset: null,
        year: 'all',
        format,
        mediaType: formatOf(format).mediaType,
        bytes,
        records: null,
        sha256,
      });
    }
    return written;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
