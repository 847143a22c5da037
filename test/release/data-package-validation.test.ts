// datapackage.json validated against what it describes, with DuckDB (a maintained engine that reads CSV with a
// byte-order mark, JSON and Parquet), in the demo build and the real-data build (../shared/data through the
// stand-in) of the real build command: every tabular resource read by its path with its own schema's types (a value
// that does not fit its declared type fails the read), its columns exactly the declared ones, its primary key unique
// and never empty, and every foreign key found in the resource it references. The Arrow and XLSX resources, which
// DuckDB reads only through extensions it downloads, are read with apache-arrow and ExcelJS: their columns, types and
// records are those of the Parquet resource of the same dataset and year (docs/data.md, "Validating the package").
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { RecordBatchReader } from 'apache-arrow';
import { parse } from 'csv-parse/sync';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableNameOf, type DatasetDefinition } from '../../scripts/datasets/dataset-definition.ts';
import { DERIVED_DATASETS } from '../../scripts/datasets/datasets.ts';
import { readXlsxRecords } from '../support/xlsx-records.ts';
import { noticeSharedData } from '../support/shared-data.ts';
import { buildRealSite, sharedDemoWorld, type PublishedSite } from '../site/site-fixtures.ts';

const HAS_REAL = noticeSharedData("the real-data build's data package validation");

interface Field {
  name: string;
  type: 'integer' | 'string' | 'number' | 'date' | 'array';
}
interface Resource {
  name: string;
  path: string;
  profile: string;
  format: string;
  schema?: {
    fields: Field[];
    primaryKey: string[];
    foreignKeys?: Array<{ fields: string[]; reference: { resource: string; fields: string[] } }>;
  };
}
type TabularResource = Resource & { schema: NonNullable<Resource['schema']> };

interface World {
  label: string;
  dataDir: string;
  resources: TabularResource[];
}

const worlds: World[] = [];
let realSite: PublishedSite | undefined;

async function worldOf(label: string, distDir: string): Promise<World> {
  const dataDir = path.join(distDir, 'data');
  const dataPackage = JSON.parse(await readFile(path.join(dataDir, 'datapackage.json'), 'utf8')) as {
    resources: Resource[];
  };
  const resources = dataPackage.resources.filter(
    (resource): resource is TabularResource => resource.profile === 'tabular-data-resource',
  );
  return { label, dataDir, resources };
}

beforeAll(async () => {
  const demo = await sharedDemoWorld();
  expect(demo.run.code, demo.run.stderr).toBe(0);
  worlds.push(await worldOf('demo', demo.distDir));
  if (HAS_REAL) {
    realSite = await buildRealSite();
    worlds.push(await worldOf('real data', realSite.distDir));
  }
}, 1_800_000);

afterAll(async () => {
  await realSite?.close();
});

/** Table Schema types as DuckDB reads them; a list is an array but in CSV (one text field). */
const DUCKDB_TYPES: Record<Field['type'], string> = {
  integer: 'BIGINT',
  string: 'VARCHAR',
  number: 'DOUBLE',
  date: 'DATE',
  array: 'VARCHAR[]',
};

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;
const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The SQL that reads a resource by its path with its schema's types; null for a format DuckDB needs an extension for. */
function readerOf(world: World, resource: TabularResource): string | null {
  const file = literal(path.join(world.dataDir, resource.path));
  const columns = `{${resource.schema.fields.map((field) => `${literal(field.name)}: ${literal(DUCKDB_TYPES[field.type])}`).join(', ')}}`;
  if (resource.format === 'csv')
    return `read_csv(${file}, header = true, delim = ',', quote = '"', escape = '"', nullstr = '', auto_detect = false, columns = ${columns})`;
  if (resource.format === 'json') return `read_json(${file}, format = 'array', columns = ${columns})`;
  if (resource.format === 'parquet') return `read_parquet(${file})`;
  return null;
}

async function rowsOf(connection: DuckDBConnection, sql: string): Promise<Record<string, unknown>[]> {
  return (await connection.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
}

/** The column names a resource's file has, as the file says them (the CSV header, the JSON records' keys). */
async function fileColumns(connection: DuckDBConnection, world: World, resource: TabularResource): Promise<string[]> {
  const file = path.join(world.dataDir, resource.path);
  if (resource.format === 'csv') {
    const text = await readFile(file, 'utf8');
    expect(text.charCodeAt(0), `${resource.path}: the byte-order mark spreadsheets need`).toBe(0xfeff);
    const header = (parse(text.slice(1, text.indexOf('\r\n'))) as string[][])[0] as string[];
    return header;
  }
  const sql =
    resource.format === 'json'
      ? `DESCRIBE SELECT * FROM read_json(${literal(file)}, format = 'array', sample_size = -1)`
      : `DESCRIBE SELECT * FROM read_parquet(${literal(file)})`;
  return (await rowsOf(connection, sql)).map((row) => String(row.column_name));
}

describe('datapackage.json validated with DuckDB', () => {
  it('every tabular resource: read by its path with its declared types, its columns exactly the declared ones, its primary key unique and never empty, every foreign key found', async () => {
    expect(worlds.length).toBe(HAS_REAL ? 2 : 1);
    for (const world of worlds) {
      const instance = await DuckDBInstance.create(':memory:', {
        autoinstall_known_extensions: 'false',
        autoload_known_extensions: 'false',
      });
      const connection = await instance.connect();
      try {
        const byName = new Map(world.resources.map((resource) => [resource.name, resource]));
        const read = world.resources.filter((resource) => readerOf(world, resource) !== null);
        // Every JSON, CSV and Parquet file of every dataset and year.
        expect(new Set(read.map((resource) => resource.format))).toEqual(new Set(['json', 'csv', 'parquet']));
        let foreignKeys = 0;
        for (const resource of read) {
          const label = `${world.label}: ${resource.path}`;
          const from = readerOf(world, resource) as string;
          const fields = resource.schema.fields;
          expect(await fileColumns(connection, world, resource), label).toEqual(fields.map((field) => field.name));
          // The typed read: a value that is not of its declared type stops it.
          const described = await rowsOf(connection, `DESCRIBE SELECT * FROM ${from}`);
          expect(
            described.map((row) => [row.column_name, row.column_type]),
            label,
          ).toEqual(fields.map((field) => [field.name, DUCKDB_TYPES[field.type]]));
          const [counted] = await rowsOf(connection, `SELECT count(*) AS n FROM ${from}`);
          expect(Number(counted?.n), label).toBeGreaterThan(0);
          const key = resource.schema.primaryKey.map(quoted);
          const [keys] = await rowsOf(
            connection,
            `SELECT count(*) AS records, count(DISTINCT (${key.join(', ')})) AS distinct_keys,
               count(*) FILTER (WHERE ${key.map((column) => `${column} IS NULL`).join(' OR ')}) AS empty_keys
             FROM ${from}`,
          );
          expect(keys, `${label}: primary key ${key.join(', ')}`).toMatchObject({
            distinct_keys: keys?.records,
            empty_keys: '0',
          });
          for (const foreignKey of resource.schema.foreignKeys ?? []) {
            const target = byName.get(foreignKey.reference.resource);
            expect(target, `${label}: ${foreignKey.reference.resource}`).toBeDefined();
            const targetFrom = readerOf(world, target as TabularResource) as string;
            const match = foreignKey.fields
              .map((field, index) => `c.${quoted(field)} = p.${quoted(foreignKey.reference.fields[index] as string)}`)
              .join(' AND ');
            // As frictionless-py reads a foreign key: a row is skipped only when every cell of the key is empty.
            const present = `NOT (${foreignKey.fields.map((field) => `c.${quoted(field)} IS NULL`).join(' AND ')})`;
            const [missing] = await rowsOf(
              connection,
              `SELECT count(*) AS n FROM ${from} c WHERE ${present} AND NOT EXISTS (SELECT 1 FROM ${targetFrom} p WHERE ${match})`,
            );
            expect(missing?.n, `${label}: foreign key ${foreignKey.fields.join(', ')} → ${target?.path}`).toBe('0');
            foreignKeys += 1;
          }
        }
        // The long file's key to the wide one, in every format DuckDB reads, every year and all years.
        expect(foreignKeys).toBeGreaterThanOrEqual(3);
      } finally {
        connection.closeSync();
        instance.closeSync();
      }
    }
  });

  it('the keys between tables: turnout and the dapils to the official dapil list and the region lists, the long file to the wide one, the regencies to the provinces, in every tabular format, each year and all years, and in the SQLite database; a year with a record whose key is only partly filled declares none', () => {
    const relations = [
      { from: 'turnout', to: 'dapil_list', fields: ['election_year', 'dapil_id'] },
      { from: 'dapils', to: 'dapil_list', fields: ['election_year', 'dapil_id'] },
      { from: 'turnout_long', to: 'turnout', fields: ['election_year', 'election_type', 'dapil_id', 'regency_name'] },
      // The region codes to the code of the Kemendagri region lists, which every year's files carry.
      {
        from: 'turnout',
        to: 'province_list',
        fields: ['election_year', 'province_code'],
        referenced: ['election_year', 'code'],
      },
      {
        from: 'turnout',
        to: 'regency_list',
        fields: ['election_year', 'regency_code'],
        referenced: ['election_year', 'code'],
      },
      {
        from: 'dapils',
        to: 'province_list',
        fields: ['election_year', 'province_code'],
        referenced: ['election_year', 'code'],
      },
      {
        from: 'dapil_list',
        to: 'province_list',
        fields: ['election_year', 'province_code'],
        referenced: ['election_year', 'code'],
      },
      {
        from: 'regency_list',
        to: 'province_list',
        fields: ['election_year', 'province_code'],
        referenced: ['election_year', 'code'],
      },
    ];
    const referencedOf = (relation: (typeof relations)[number]): string[] => relation.referenced ?? relation.fields;
    const stems: Record<string, string> = {
      turnout: 'kpu-dpr-turnout-by-sex',
      turnout_long: 'kpu-dpr-turnout-long',
      dapils: 'kpu-dpr-dapils-official',
      dapil_list: 'kpu-dpr-dapil-list-official',
      province_list: 'kemendagri-province-list',
      regency_list: 'kemendagri-regency-list',
    };
    for (const world of worlds) {
      const names = new Set(world.resources.map((resource) => resource.name));
      const database = new DatabaseSync(path.join(world.dataDir, 'all-years', 'kpu-election-data-all-years.sqlite'), {
        readOnly: true,
      });
      try {
        // The years in which a record breaks the key as frictionless-py reads it: a row is skipped only when every
        // cell of the key is empty, so a key with one empty part is looked up, and not found.
        const brokenYears = (relation: (typeof relations)[number]): number[] =>
          database
            .prepare(
              `SELECT DISTINCT c.election_year AS year FROM ${quoted(relation.from)} c
               WHERE NOT (${relation.fields.map((field) => `c.${quoted(field)} IS NULL`).join(' AND ')})
                 AND NOT EXISTS (SELECT 1 FROM ${quoted(relation.to)} p WHERE ${relation.fields
                   .map((field, index) => `p.${quoted(referencedOf(relation)[index] as string)} = c.${quoted(field)}`)
                   .join(' AND ')}) ORDER BY 1`,
            )
            .all()
            .map((row) => Number(row.year));
        const broken = new Map(relations.map((relation) => [relation, brokenYears(relation)]));
        // The real records: every key holds. The demo: only the turnout regency codes break, in the years where a
        // made-up regency name matched nothing (its regency_code null, flagged region-code-match).
        const uncoded = database
          .prepare('SELECT DISTINCT election_year AS year FROM turnout WHERE regency_code IS NULL ORDER BY 1')
          .all()
          .map((row) => Number(row.year));
        expect(
          relations.filter((relation) => (broken.get(relation) ?? []).length > 0).map((r) => `${r.from} → ${r.to}`),
          world.label,
        ).toEqual(uncoded.length > 0 ? ['turnout → regency_list'] : []);
        expect(broken.get(relations[4] as (typeof relations)[number]), world.label).toEqual(uncoded);
        if (world.label === 'real data') expect(uncoded).toEqual([]);
        else expect(uncoded.length, 'the demo holds an uncoded regency').toBeGreaterThan(0);

        for (const relation of relations) {
          const from = stems[relation.from] as string;
          const to = stems[relation.to] as string;
          const files = world.resources.filter((resource) =>
            new RegExp(`^${from}-([0-9]{4}|all-years)-[a-z]+$`).test(resource.name),
          );
          // Every year's files and the all-years files, in the five tabular formats.
          expect(files.length, `${world.label}: ${from}`).toBeGreaterThanOrEqual(10);
          const years = broken.get(relation) ?? [];
          for (const file of files) {
            const target = file.name.replace(from, to);
            expect(names.has(target), `${world.label}: ${target}`).toBe(true);
            const year = /-([0-9]{4})-[a-z]+$/.exec(file.name)?.[1];
            const holds = year === undefined ? years.length === 0 : !years.includes(Number(year));
            const key = { fields: relation.fields, reference: { resource: target, fields: referencedOf(relation) } };
            if (holds) expect(file.schema.foreignKeys, `${world.label}: ${file.name}`).toContainEqual(key);
            else expect(file.schema.foreignKeys ?? [], `${world.label}: ${file.name}`).not.toContainEqual(key);
          }
        }
        // The SQLite database declares the keys that hold in every year (REFERENCES), and SQLite finds every row's
        // parent. A view (the long file's table, computed from the wide one's rows) declares none: its rows are its
        // parent's, and the query above finds each one's.
        const views = new Set(
          database
            .prepare("SELECT name FROM sqlite_schema WHERE type = 'view'")
            .all()
            .map((row) => String(row.name)),
        );
        expect([...views], world.label).toEqual(DERIVED_DATASETS.map(tableNameOf));
        const keysOf = (table: string) =>
          database
            .prepare(
              `SELECT "table" AS parent, "from" AS child, "to" AS field FROM pragma_foreign_key_list(?) ORDER BY "table", seq`,
            )
            .all(table);
        for (const table of Object.keys(stems)) {
          const expected = relations
            .filter(
              (relation) => relation.from === table && !views.has(table) && (broken.get(relation) ?? []).length === 0,
            )
            .sort((a, b) => a.to.localeCompare(b.to))
            .flatMap((relation) =>
              relation.fields.map((child, index) => ({
                parent: relation.to,
                child,
                field: referencedOf(relation)[index],
              })),
            );
          expect(keysOf(table), `${world.label}: ${table}`).toEqual(expected);
        }
        expect(database.prepare('PRAGMA foreign_key_check').all(), world.label).toEqual([]);
      } finally {
        database.close();
      }
    }
  });

  it('the Arrow and XLSX resources: the declared columns, and the records of the Parquet resource of the same dataset and year', async () => {
    for (const world of worlds) {
      const others = world.resources.filter((resource) => resource.format === 'arrow' || resource.format === 'xlsx');
      expect(new Set(others.map((resource) => resource.format))).toEqual(new Set(['arrow', 'xlsx']));
      const instance = await DuckDBInstance.create(':memory:');
      const connection = await instance.connect();
      try {
        for (const resource of others) {
          const label = `${world.label}: ${resource.path}`;
          const parquetPath = resource.path.replace(/\.[a-z]+$/, '.parquet');
          const parquet = world.resources.find((candidate) => candidate.path === parquetPath) as TabularResource;
          expect(parquet, label).toBeDefined();
          expect(resource.schema.primaryKey).toEqual(parquet.schema.primaryKey);
          const [counted] = await rowsOf(
            connection,
            `SELECT count(*) AS n FROM read_parquet(${literal(path.join(world.dataDir, parquetPath))})`,
          );
          const file = path.join(world.dataDir, resource.path);
          if (resource.format === 'arrow') {
            const handle = await open(file, 'r');
            try {
              const reader = await RecordBatchReader.from(handle);
              await reader.open();
              expect(
                reader.schema.fields.map((field) => field.name),
                label,
              ).toEqual(resource.schema.fields.map((field) => field.name));
              let records = 0;
              for await (const batch of reader) records += batch.numRows;
              expect(records, label).toBe(Number(counted?.n));
            } finally {
              await handle.close();
            }
          } else {
            // ExcelJS's cells checked against the declared types (a text cell for a string, a number cell for a count).
            const declared = {
              columns: resource.schema.fields.map((field) => ({
                name: field.name,
                type: (
                  { integer: 'integer', string: 'text', number: 'decimal', date: 'date', array: 'text_list' } as const
                )[field.type],
              })),
            } as unknown as Pick<DatasetDefinition, 'columns'>;
            const contents = await readXlsxRecords(await readFile(file), declared);
            expect(contents.header, label).toEqual(resource.schema.fields.map((field) => field.name));
            expect(contents.records.length, label).toBe(Number(counted?.n));
          }
        }
      } finally {
        connection.closeSync();
        instance.closeSync();
      }
    }
  });
});
