// The records in which two releases of a dataset differ, found by DuckDB in their all-years Parquet files, so that
// a release of a million records is compared without either side's records in JavaScript: only the records added,
// removed or changed are read, and compareRecords (change-report.ts) says how they changed. Records are matched as
// compareRecords matches them, by key and occurrence; for a key repeated in the source, the records of it that
// differ keep their order on each side, so compareRecords pairs them as it would have paired the whole files.
import { existsSync } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ColumnDefinition, DatasetDefinition } from '../datasets/dataset-definition.ts';
import type { NormalizedRecord } from '../normalize/normalize-records.ts';
import { sqlName, sqlString } from '../snapshot/sql-string.ts';
import { keyColumnsOf } from './change-report.ts';
import { DUCKDB_TYPES } from './release-databases.ts';

/** One side's records that differ from the other side's, in file order, with their positions in the file. */
export interface DifferingRecords {
  records: NormalizedRecord[];
  positions: number[];
}

/** The position and occurrence columns the queries add (not the dataset's). */
const POSITION = '__position';
const OCCURRENCE = '__occurrence';

/** A side's records as a query: every declared column (null where the file lacks it), position and occurrence. */
async function sideQuery(connection: DuckDBConnection, dataset: DatasetDefinition, parquet: string): Promise<string> {
  const keys = keyColumnsOf(dataset).map(sqlName).join(', ');
  // A column the file lacks: null, of the column's type.
  const absent = (column: ColumnDefinition) => `NULL::${DUCKDB_TYPES[column.type]} AS ${sqlName(column.name)}`;
  if (!existsSync(parquet))
    return `SELECT ${dataset.columns.map(absent).join(', ')}, 0 AS ${POSITION}, 0 AS ${OCCURRENCE} WHERE false`;
  const present = new Set(
    (await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${sqlString(parquet)})`))
      .getRows()
      .map(([name]) => String(name)),
  );
  const selected = dataset.columns.map((column) => (present.has(column.name) ? sqlName(column.name) : absent(column)));
  return `SELECT ${selected.join(', ')}, file_row_number AS ${POSITION},
      row_number() OVER (PARTITION BY ${keys} ORDER BY file_row_number) AS ${OCCURRENCE}
    FROM read_parquet(${sqlString(parquet)}, file_row_number = true)`;
}

/**
 * The records of `before` and `after` (all-years Parquet files; one absent: no records) that have no
 * counterpart on the other side, or whose counterpart differs in a column read from the upstream.
 */
export async function differingRecords(
  connection: DuckDBConnection,
  dataset: DatasetDefinition,
  before: string,
  after: string,
): Promise<{ before: DifferingRecords; after: DifferingRecords }> {
  const keys = keyColumnsOf(dataset);
  const compared = dataset.columns.filter((column) => column.source !== null).map((column) => column.name);
  const matched = keys.map((key) => `b.${sqlName(key)} IS NOT DISTINCT FROM a.${sqlName(key)}`);
  const differs = compared.map((column) => `b.${sqlName(column)} IS DISTINCT FROM a.${sqlName(column)}`);
  const columns = dataset.columns.map((column) => sqlName(column.name)).join(', ');
  await connection.run(`CREATE OR REPLACE TEMP TABLE b AS ${await sideQuery(connection, dataset, before)}`);
  await connection.run(`CREATE OR REPLACE TEMP TABLE a AS ${await sideQuery(connection, dataset, after)}`);
  await connection.run(
    `CREATE OR REPLACE TEMP TABLE pairs AS SELECT b.${POSITION} AS before_position, a.${POSITION} AS after_position
     FROM b FULL OUTER JOIN a ON ${[...matched, `b.${OCCURRENCE} = a.${OCCURRENCE}`].join(' AND ')}
     WHERE b.${POSITION} IS NULL OR a.${POSITION} IS NULL ${differs.length > 0 ? `OR ${differs.join(' OR ')}` : ''}`,
  );
  const side = async (table: 'a' | 'b', position: string): Promise<DifferingRecords> => {
    const rows = (
      await connection.runAndReadAll(
        `SELECT ${POSITION}, to_json(struct_pack(${columns}))::VARCHAR FROM ${table}
         WHERE ${POSITION} IN (SELECT ${position} FROM pairs) ORDER BY ${POSITION}`,
      )
    ).getRows();
    return {
      positions: rows.map(([value]) => Number(value)),
      records: rows.map(([, json]) => JSON.parse(String(json)) as NormalizedRecord),
    };
  };
  const result = { before: await side('b', 'before_position'), after: await side('a', 'after_position') };
  await connection.run('DROP TABLE b; DROP TABLE a; DROP TABLE pairs');
  return result;
}

/**
 * The key fields of the source records at `positions` of an all-years raw JSON file (absent: none), each as the
 * upstream sent it, by position, for compareRecords to name a key column published as null.
 */
export async function sourceKeysAt(
  connection: DuckDBConnection,
  dataset: DatasetDefinition,
  rawJson: string,
  positions: readonly number[],
): Promise<Map<number, Record<string, unknown>>> {
  if (positions.length === 0 || !existsSync(rawJson)) return new Map();
  const fields = dataset.keyFields;
  const types = fields.map((field) => `${sqlString(field)}: 'JSON'`).join(', ');
  const rows = (
    await connection.runAndReadAll(
      `SELECT ordinality - 1 AS position, ${fields.map((field) => `${sqlName(field)}::VARCHAR`).join(', ')}
       FROM read_json(${sqlString(rawJson)}, format = 'array', columns = {${types}}) WITH ORDINALITY
       WHERE ordinality - 1 IN (SELECT unnest([${positions.join(', ')}]))`,
    )
  ).getRows();
  return new Map(
    rows.map(([position, ...values]) => [
      Number(position),
      Object.fromEntries(
        fields.map((field, index) => [field, values[index] == null ? null : JSON.parse(String(values[index]))]),
      ),
    ]),
  );
}
