// The release's single-file databases: every dataset's all-years table in one DuckDB file (the engine's own format,
// column and table descriptions as COMMENTs) and one SQLite file (node:sqlite, built into Node), both with a
// `tables` and a `columns` table from the declarations (SQLite has no comments), so SQL runs on a release at once.
// Written by the release stage, from the all-years Parquet files, once each: the `tables` table names the
// release. Both are byte-identical when rebuilt from the same files (docs/data.md, "The single-file databases").
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import {
  columnEmptiness,
  primaryKeyOf,
  type ColumnDefinition,
  type ColumnType,
  type PublishedDataset,
  tableNameOf,
} from '../datasets/dataset-definition.ts';
import { formatOf, type FileFormat } from '../formats.ts';
import { hashFile } from '../foundation/hashing.ts';
import { fileMetadataOf } from '../snapshot/file-metadata.ts';
import type { PublishedFile, SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { referenceHolds, type BrokenReferences } from './reference-check.ts';

/** The databases' formats. */
type DatabaseFormat = Extract<FileFormat, 'duckdb' | 'sqlite'>;

/** A database's path in the data folder: beside the all-years bundle (`all-years/kpu-election-data-all-years.duckdb`). */
export function databasePathOf(format: DatabaseFormat): string {
  return `all-years/kpu-election-data-all-years${formatOf(format).suffix}`;
}

/** The tables every database holds besides the datasets' (a dataset id may not take their names). */
const METADATA_TABLES = { tables: 'tables', columns: 'columns' } as const;

const DUCKDB_TYPES: Record<ColumnType, string> = {
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

/** An SQL identifier, quoted. */
const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;
/** An SQL text literal. */
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

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
  parquet: string;
  records: number;
  /** The declared primary key, enforced only when no record breaks it (flagged records are published as given). */
  primaryKey: string[];
  keyHolds: boolean;
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
  return tables.map(({ name, dataset, records, primaryKey, keyHolds }) => {
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

/** Each dataset's all-years Parquet file, its records and whether its declared key holds (unique, no empty part). */
async function datasetTables(
  connection: DuckDBConnection,
  outDir: string,
  manifest: SnapshotManifest,
  datasets: readonly PublishedDataset[],
): Promise<DatasetTable[]> {
  const tables: DatasetTable[] = [];
  for (const dataset of datasets) {
    const file = manifest.files.find((f) => f.dataset === dataset.id && f.year === 'all' && f.format === 'parquet');
    if (!file) continue;
    const name = tableNameOf(dataset);
    if (Object.values(METADATA_TABLES).includes(name as never))
      throw new Error(`dataset ${dataset.id}: its table name ${name} is a metadata table's`);
    const parquet = path.join(outDir, file.path);
    const primaryKey = primaryKeyOf(dataset);
    const keys = primaryKey.map(quoted);
    const reader = await connection.runAndReadAll(
      `SELECT count(*) AS records, count(DISTINCT (${keys.join(', ')})) AS distinct_keys,
         count(*) FILTER (WHERE ${keys.map((key) => `${key} IS NULL`).join(' OR ')}) AS empty_keys
       FROM read_parquet(${literal(parquet)})`,
    );
    const [records, distinctKeys, emptyKeys] = (reader.getRows()[0] ?? []) as bigint[];
    tables.push({
      name,
      dataset,
      parquet,
      records: Number(records),
      primaryKey,
      keyHolds: records === distinctKeys && emptyKeys === 0n,
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
  const definitions = columns.map(([column, type]) => `${quoted(column)} ${type}`);
  if (primaryKey) definitions.push(`PRIMARY KEY (${primaryKey.map(quoted).join(', ')})`);
  for (const reference of references)
    definitions.push(
      `FOREIGN KEY (${reference.columns.map(quoted).join(', ')}) REFERENCES ${quoted(reference.table)} (${reference.referencedColumns.map(quoted).join(', ')})`,
    );
  return `CREATE TABLE ${quoted(name)} (${definitions.join(', ')})`;
}

const insertSql = (name: string, count: number): string =>
  `INSERT INTO ${quoted(name)} VALUES (${Array.from({ length: count }, () => '?').join(', ')})`;

/**
 * The DuckDB file: one thread, so the rows and the file's blocks come in one order; no compression, so every byte is
 * written; one checkpoint at the end.
 */
async function writeDuckDb(
  file: string,
  tables: readonly DatasetTable[],
  metadata: { tables: MetadataValue[][]; columns: MetadataValue[][] },
): Promise<void> {
  // Uncompressed: DuckDB's compressed segments (dictionary, FSST, bit-packing …) leave a few padding bytes of
  // the segment unwritten, which then hold whatever the heap held there (a piece of a column comment, say), so two
  // writes of the same tables differ in those bytes when the process's allocations differ (a longer path is enough).
  // Uncompressed, every byte is written: the same tables give the same file (docs/data.md, "The single-file databases").
  const instance = await DuckDBInstance.create(file, { threads: '1', force_compression: 'uncompressed' });
  const connection = await instance.connect();
  try {
    // One transaction: a statement on its own commits, and each commit syncs the write-ahead log to disk.
    await connection.run('BEGIN TRANSACTION');
    for (const { name, dataset, parquet, primaryKey, keyHolds } of tables) {
      const columns = dataset.columns.map((column) => [column.name, DUCKDB_TYPES[column.type]] as const);
      await connection.run(createTableSql(name, columns, keyHolds ? primaryKey : null));
      const names = dataset.columns.map((column) => quoted(column.name)).join(', ');
      await connection.run(`INSERT INTO ${quoted(name)} SELECT ${names} FROM read_parquet(${literal(parquet)})`);
      await connection.run(
        `COMMENT ON TABLE ${quoted(name)} IS ${literal(`${dataset.title.en} / ${dataset.title.id}. ${dataset.description.en}`)}`,
      );
      for (const column of dataset.columns)
        await connection.run(
          `COMMENT ON COLUMN ${quoted(name)}.${quoted(column.name)} IS ${literal(columnComment(column))}`,
        );
    }
    for (const [name, columns, rows] of [
      [METADATA_TABLES.tables, TABLES_COLUMNS, metadata.tables],
      [METADATA_TABLES.columns, COLUMNS_COLUMNS, metadata.columns],
    ] as const) {
      await connection.run(
        createTableSql(
          name,
          columns.map(([column, type]) => [column, type === 'INTEGER' ? 'BIGINT' : 'VARCHAR'] as const),
          null,
        ),
      );
      const insert = await connection.prepare(insertSql(name, columns.length));
      for (const row of rows) {
        insert.bind(row);
        await insert.run();
      }
    }
    await connection.run('COMMIT');
    await connection.run('CHECKPOINT');
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
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
    const keyed =
      target !== undefined &&
      target.keyHolds &&
      target.primaryKey.join('\0') === reference.referencedColumns.join('\0') &&
      referenceHolds(brokenReferences, dataset.id, reference.dataset, 'all');
    return keyed
      ? [{ columns: reference.columns, table: target.name, referencedColumns: reference.referencedColumns }]
      : [];
  });
}

/**
 * The SQLite file, its rows read back from the DuckDB file just written (the same values): counts as INTEGER,
 * decimals REAL, codes and names TEXT, dates ISO TEXT, lists a JSON array as TEXT. Written in one transaction, then
 * VACUUMed, so its pages come in one order.
 */
async function writeSqlite(
  file: string,
  duckDbFile: string,
  tables: readonly DatasetTable[],
  metadata: { tables: MetadataValue[][]; columns: MetadataValue[][] },
  brokenReferences: BrokenReferences,
): Promise<void> {
  const instance = await DuckDBInstance.create(duckDbFile, { threads: '1', access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  // Foreign keys declared, not checked while writing (node:sqlite turns the check on by default): the release checked
  // them already (reference-check.ts), and a table is written before the one it refers to when they come in that order.
  const database = new DatabaseSync(file, { enableForeignKeyConstraints: false });
  try {
    // No journal and no syncs: the file is made whole in a folder of its own and moved into place only once closed.
    database.exec(
      'PRAGMA page_size = 4096; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA encoding = "UTF-8"; BEGIN',
    );
    for (const { name, dataset, primaryKey, keyHolds } of tables) {
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
      const insert = database.prepare(insertSql(name, columns.length));
      const selected = dataset.columns.map((column) =>
        column.type === 'date'
          ? `strftime(${quoted(column.name)}, '%Y-%m-%d')`
          : column.type === 'text_list'
            ? `to_json(${quoted(column.name)})::VARCHAR`
            : quoted(column.name),
      );
      const result = await connection.stream(`SELECT ${selected.join(', ')} FROM ${quoted(name)}`);
      for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk())
        for (const row of chunk.getRows()) insert.run(...(row as SQLInputValue[]));
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
    connection.closeSync();
    instance.closeSync();
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
    const probe = await DuckDBInstance.create(':memory:', { threads: '1' });
    const connection = await probe.connect();
    // Each harvested dataset followed by those derived from it, as the downloads list them.
    const ordered = datasets
      .filter((dataset) => !('from' in dataset))
      .flatMap((dataset) => [dataset, ...datasets.filter((other) => 'from' in other && other.from === dataset.id)]);
    let tables: DatasetTable[];
    try {
      tables = await datasetTables(connection, outDir, manifest, ordered);
    } finally {
      connection.closeSync();
      probe.closeSync();
    }
    const metadata = { tables: tablesRows(tables, manifest), columns: columnsRows(tables) };
    await writeDuckDb(duckDb, tables, metadata);
    await writeSqlite(sqlite, duckDb, tables, metadata, brokenReferences);
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
