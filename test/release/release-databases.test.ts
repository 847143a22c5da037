// The release's single-file databases, read back as researchers read them, in the demo build and the real-data build
// (../shared/data through the stand-in) of the real build command: DuckDB (its Node API, ATTACH read-only), Node's
// node:sqlite and Python's sqlite3 each find every dataset's all-years table (a derived dataset's a view of its
// source's) with exactly the published records (the DuckDB table equal to the Parquet file, the SQLite rows to the
// JSON file, value for value and in order), the declared types and primary keys, the column descriptions (DuckDB
// comments, the `columns` table) and the release's credits; the files
// are in the manifest, their folder's SHA256SUMS and datapackage.json; and written again from the same files they
// are byte for byte the same.
import { execFile } from 'node:child_process';
import { link, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { primaryKeyOf, tableNameOf, type PublishedDataset } from '../../scripts/datasets/dataset-definition.ts';
import { DATASETS, DERIVED_DATASETS } from '../../scripts/datasets/datasets.ts';
import { hashFile } from '../../scripts/foundation/hashing.ts';
import { databasePathOf, writeReleaseDatabases } from '../../scripts/release/release-databases.ts';
import { findBrokenReferences } from '../../scripts/release/reference-check.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { PYTHON_PATH } from '../support/debian-tools-setup.ts';
import { noticeSharedData } from '../support/shared-data.ts';
import { buildRealSite, sharedDemoWorld, type PublishedSite } from '../site/site-fixtures.ts';

const run = promisify(execFile);
const HAS_REAL = noticeSharedData("the real-data build's databases");

/** The published datasets, each harvested one followed by those derived from it (the tables' order). */
const PUBLISHED: PublishedDataset[] = DATASETS.flatMap((dataset) => [
  dataset,
  ...DERIVED_DATASETS.filter((derived) => derived.from === dataset.id),
]);

/** The harvested dataset a derived one is computed from. */
function sourceOf(dataset: PublishedDataset & { from: string }): PublishedDataset {
  const source = DATASETS.find((candidate) => candidate.id === dataset.from);
  if (!source) throw new Error(`${dataset.id}: no source ${dataset.from}`);
  return source;
}

interface World {
  label: string;
  /** The published data folder (dist/data/). */
  dataDir: string;
  manifest: SnapshotManifest;
}

const worlds: World[] = [];
let realSite: PublishedSite | undefined;
let scratch: string;

async function worldOf(label: string, distDir: string): Promise<World> {
  const dataDir = path.join(distDir, 'data');
  const manifest = JSON.parse(await readFile(path.join(dataDir, 'manifest.json'), 'utf8')) as SnapshotManifest;
  return { label, dataDir, manifest };
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'kpu-release-databases-'));
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
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const each = (test: (world: World) => Promise<void>) => async () => {
  expect(worlds.length).toBe(HAS_REAL ? 2 : 1);
  for (const world of worlds) await test(world);
};

/** The all-years file of a dataset in a format, as the manifest lists it. */
function allYearsFile(world: World, dataset: PublishedDataset, format: 'json' | 'parquet'): string {
  const file = world.manifest.files.find(
    (candidate) => candidate.dataset === dataset.id && candidate.year === 'all' && candidate.format === format,
  );
  expect(file, `${world.label}: ${dataset.id} ${format}`).toBeDefined();
  return path.join(world.dataDir, file?.path ?? '');
}

/** Runs statements on a fresh in-memory DuckDB with the release's database attached read-only as `kpu`. */
async function withDuckDb<T>(
  world: World,
  use: (query: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>,
): Promise<T> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`ATTACH '${path.join(world.dataDir, databasePathOf('duckdb'))}' AS kpu (READ_ONLY)`);
    return await use(async (sql) => (await connection.runAndReadAll(sql)).getRowObjectsJson() as never);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const DUCKDB_TYPES = { integer: 'BIGINT', text: 'VARCHAR', decimal: 'DOUBLE', date: 'DATE', text_list: 'VARCHAR[]' };
const SQLITE_TYPES = { integer: 'INTEGER', text: 'TEXT', decimal: 'REAL', date: 'TEXT', text_list: 'TEXT' };

describe('the release databases', () => {
  it(
    'are listed like every file: the manifest, their folder’s SHA256SUMS (which `sha256sum -c` passes) and datapackage.json',
    each(async (world) => {
      const dataPackage = JSON.parse(await readFile(path.join(world.dataDir, 'datapackage.json'), 'utf8')) as {
        resources: Array<{ path: string; format: string; hash: string; bytes: number; profile: string }>;
      };
      for (const format of ['duckdb', 'sqlite'] as const) {
        const listed = world.manifest.files.find((file) => file.format === format);
        expect(listed?.path, world.label).toBe(databasePathOf(format));
        const { sha256, bytes } = await hashFile(path.join(world.dataDir, databasePathOf(format)));
        expect(listed).toMatchObject({ year: 'all', dataset: null, sha256, bytes });
        expect(dataPackage.resources.find((resource) => resource.path === databasePathOf(format))).toMatchObject({
          format,
          profile: 'data-resource',
          hash: `sha256:${sha256}`,
          bytes,
        });
      }
      const folder = path.join(world.dataDir, 'all-years');
      const sums = await readFile(path.join(folder, 'SHA256SUMS'), 'utf8');
      expect(sums).toMatch(/ {2}kpu-election-data-all-years\.duckdb\n/);
      expect(sums).toMatch(/ {2}kpu-election-data-all-years\.sqlite\n/);
      await run('sha256sum', ['--quiet', '-c', 'SHA256SUMS'], { cwd: folder });
    }),
  );

  it(
    'DuckDB: every dataset’s table equals its all-years Parquet file, with the declared types, primary key and comments',
    each(async (world) =>
      withDuckDb(world, async (query) => {
        const tables = await query(
          `SELECT table_name, comment, false AS view FROM duckdb_tables() WHERE database_name = 'kpu'
           UNION ALL SELECT view_name, comment, true FROM duckdb_views() WHERE database_name = 'kpu' AND NOT internal
           ORDER BY table_name`,
        );
        expect(tables.map((table) => table.table_name)).toEqual(
          [...PUBLISHED.map(tableNameOf), 'columns', 'tables'].sort(),
        );
        // A derived dataset is a view of its source's table; every other one a table.
        expect(tables.filter((table) => table.view).map((table) => table.table_name)).toEqual(
          DERIVED_DATASETS.map(tableNameOf).sort(),
        );
        for (const dataset of PUBLISHED) {
          const name = tableNameOf(dataset);
          const parquet = `read_parquet('${allYearsFile(world, dataset, 'parquet')}')`;
          const [counts] = await query(
            `SELECT (SELECT count(*) FROM kpu.${name}) AS rows, (SELECT count(*) FROM ${parquet}) AS records,
               (SELECT count(*) FROM (SELECT * FROM kpu.${name} EXCEPT ALL SELECT * FROM ${parquet})) AS extra,
               (SELECT count(*) FROM (SELECT * FROM ${parquet} EXCEPT ALL SELECT * FROM kpu.${name})) AS missing`,
          );
          expect(counts, `${world.label}: ${name}`).toMatchObject({ extra: '0', missing: '0' });
          expect(Number(counts?.rows)).toBeGreaterThan(0);
          expect(counts?.rows).toBe(counts?.records);
          const columns = await query(
            `SELECT column_name, data_type, comment FROM duckdb_columns()
             WHERE database_name = 'kpu' AND table_name = '${name}' ORDER BY column_index`,
          );
          expect(columns.map((column) => [column.column_name, column.data_type])).toEqual(
            dataset.columns.map((column) => [column.name, DUCKDB_TYPES[column.type]]),
          );
          for (const [index, column] of dataset.columns.entries()) {
            expect(String(columns[index]?.comment)).toContain(column.title.en);
            expect(String(columns[index]?.comment)).toContain(column.description.id);
          }
          expect(String(tables.find((table) => table.table_name === name)?.comment)).toContain(dataset.title.en);
          const [declared] = await query(
            `SELECT primary_key, primary_key_enforced, derived_from FROM kpu.tables WHERE table_name = '${name}'`,
          );
          expect(declared?.primary_key).toBe(primaryKeyOf(dataset).join(', '));
          expect(declared?.derived_from, name).toBe('from' in dataset ? tableNameOf(sourceOf(dataset)) : null);
          const keys = await query(
            `SELECT constraint_column_names AS columns FROM duckdb_constraints()
             WHERE database_name = 'kpu' AND table_name = '${name}' AND constraint_type = 'PRIMARY KEY'`,
          );
          // Enforced where every record holds it: a flagged duplicate or empty key is published as the source gave it.
          // A view holds its key as its rows come from its source's, which then is enforced; it has no constraint.
          if ('from' in dataset)
            expect(declared?.primary_key_enforced, name).toBe(
              (
                await query(
                  `SELECT primary_key_enforced FROM kpu.tables WHERE table_name = '${declared?.derived_from}'`,
                )
              )[0]?.primary_key_enforced,
            );
          expect(keys.map((key) => key.columns)).toEqual(
            declared?.primary_key_enforced === '1' && !('from' in dataset) ? [primaryKeyOf(dataset)] : [],
          );
        }
      }),
    ),
  );

  it(
    'SQLite (node:sqlite): every table’s rows equal the all-years JSON file, counts INTEGER, dates ISO text, lists JSON',
    each(async (world) => {
      const database = new DatabaseSync(path.join(world.dataDir, databasePathOf('sqlite')), { readOnly: true });
      try {
        for (const dataset of PUBLISHED) {
          const name = tableNameOf(dataset);
          const info = database.prepare(`SELECT name, type, pk FROM pragma_table_info('${name}')`).all();
          // A view's computed columns report the affinity of their CAST: SQLite names INTEGER's `INT`.
          const computed = (column: string) => 'from' in dataset && !dataset.unpivot.repeated.includes(column);
          expect(info.map((column) => [column.name, column.type])).toEqual(
            dataset.columns.map((column) => [
              column.name,
              computed(column.name) && column.type === 'integer' ? 'INT' : SQLITE_TYPES[column.type],
            ]),
          );
          const kind = database.prepare('SELECT type FROM sqlite_schema WHERE name = ?').get(name)?.type;
          expect(kind, name).toBe('from' in dataset ? 'view' : 'table');
          const enforced = database.prepare('SELECT primary_key_enforced AS enforced FROM tables WHERE table_name = ?');
          const key = info.filter((column) => Number(column.pk) > 0).sort((a, b) => Number(a.pk) - Number(b.pk));
          expect(key.map((column) => column.name)).toEqual(
            enforced.get(name)?.enforced === 1 && !('from' in dataset) ? primaryKeyOf(dataset) : [],
          );
          const expected = JSON.parse(await readFile(allYearsFile(world, dataset, 'json'), 'utf8')) as Array<
            Record<string, unknown>
          >;
          const rows = database.prepare(`SELECT * FROM "${name}"`).all();
          expect(rows.length, `${world.label}: ${name}`).toBe(expected.length);
          const lists = dataset.columns.filter((column) => column.type === 'text_list').map((column) => column.name);
          const read = rows.map((row) =>
            Object.fromEntries(
              Object.entries(row).map(([column, value]) => [
                column,
                lists.includes(column) ? (JSON.parse(String(value)) as unknown) : value,
              ]),
            ),
          );
          expect(read, `${world.label}: ${name}`).toEqual(expected);
          // Counts are stored as integers, not text or reals.
          const integers = dataset.columns.filter((column) => column.type === 'integer').map((column) => column.name);
          const storage = database
            .prepare(
              `SELECT DISTINCT ${integers.map((column) => `typeof("${column}")`).join(" || ',' || ")} AS t FROM "${name}"`,
            )
            .all()
            .flatMap((row) => String(row.t).split(','));
          expect(new Set(storage.filter((type) => type !== 'null'))).toEqual(new Set(['integer']));
        }
        const described = database
          .prepare('SELECT table_name, column_name, title_en, description_id FROM columns ORDER BY rowid')
          .all();
        expect(described).toEqual(
          PUBLISHED.flatMap((dataset) =>
            dataset.columns.map((column) => ({
              table_name: tableNameOf(dataset),
              column_name: column.name,
              title_en: column.title.en,
              description_id: column.description.id,
            })),
          ),
        );
        const credits = database.prepare('SELECT table_name, release, licence, demo FROM tables').all();
        expect(credits.length).toBe(PUBLISHED.length);
        for (const credit of credits) {
          expect(credit.release).toBe(world.manifest.release?.id);
          // The KPU's data under no licence; a table of someone else's data (the region lists) under its own, credited.
          const dataset = PUBLISHED.find((candidate) => tableNameOf(candidate) === credit.table_name);
          const licensed =
            dataset !== undefined &&
            'origin' in dataset &&
            dataset.origin?.kind === 'project' &&
            dataset.origin.licence;
          expect(String(credit.licence), String(credit.table_name)).toMatch(
            licensed ? /^Open Database License 1\.0: .*idn-area-data/ : /no licence/,
          );
        }
        const harvested = database.prepare("SELECT demo FROM tables WHERE table_name = 'turnout'").get();
        expect(harvested?.demo === null).toBe(!world.manifest.demo);
      } finally {
        database.close();
      }
    }),
  );

  it(
    'Python’s sqlite3 reads every table, with the same rows as node:sqlite',
    each(async (world) => {
      const file = path.join(world.dataDir, databasePathOf('sqlite'));
      const script = [
        'import json, sqlite3, sys',
        'con = sqlite3.connect(sys.argv[1])',
        'names = [row[0] for row in con.execute("SELECT table_name FROM tables ORDER BY rowid")]',
        'print(json.dumps({name: [list(row) for row in con.execute(f\'SELECT * FROM "{name}"\')] for name in names}))',
      ].join('\n');
      const { stdout } = await run(PYTHON_PATH, ['-c', script, file], { maxBuffer: 256 << 20 });
      const python = JSON.parse(stdout) as Record<string, unknown[][]>;
      expect(Object.keys(python)).toEqual(PUBLISHED.map(tableNameOf));
      const database = new DatabaseSync(file, { readOnly: true });
      try {
        for (const name of Object.keys(python)) {
          const rows = database.prepare(`SELECT * FROM "${name}"`).all();
          expect(python[name], `${world.label}: ${name}`).toEqual(rows.map((row) => Object.values(row)));
        }
      } finally {
        database.close();
      }
    }),
  );

  it(
    'are written again byte for byte from the same files',
    each(async (world) => {
      // A copy of the data folder's all-years Parquet and Arrow files, the ones the databases are written from (hard
      // links: the shared world is only read).
      const copy = path.join(scratch, world.label.replaceAll(' ', '-'));
      await mkdir(path.join(copy, 'all-years'), { recursive: true });
      const sources = world.manifest.files.filter(
        (f) => f.year === 'all' && (f.format === 'parquet' || f.format === 'arrow'),
      );
      for (const file of sources) await link(path.join(world.dataDir, file.path), path.join(copy, file.path));
      const written = await writeReleaseDatabases(
        copy,
        world.manifest,
        PUBLISHED,
        await findBrokenReferences(copy, world.manifest, PUBLISHED),
      );
      for (const file of written) {
        const published = world.manifest.files.find((candidate) => candidate.path === file.path);
        expect(file.sha256, `${world.label}: ${file.path}`).toBe(published?.sha256);
      }
      expect(written.map((file) => file.format)).toEqual(['duckdb', 'sqlite']);
    }),
  );
});
