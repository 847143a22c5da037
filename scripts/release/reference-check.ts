// The foreign keys a release may declare: each dataset's references (`references` in its declaration) checked
// against the all-years Parquet files with DuckDB before datapackage.json or a database names them. A reference
// holds for an election year when every record of that year with any of its columns filled finds a record of the
// referenced dataset with the same values, as frictionless-py reads a foreign key: it skips a row only when all of
// the key's cells are empty, so (2014, null) is looked up, and not found. A key any record would break is not
// declared (docs/data.md, "datapackage.json"), since a published package must validate.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { PublishedDataset } from '../datasets/dataset-definition.ts';
import type { SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { sqlName, sqlString } from '../snapshot/sql-string.ts';
import { withReleaseEngine } from './release-engine.ts';

/** The election years in which a dataset's reference to another breaks, by `<dataset> → <referenced dataset>`. */
export type BrokenReferences = ReadonlyMap<string, ReadonlySet<number>>;

const referenceName = (dataset: string, referenced: string): string => `${dataset} → ${referenced}`;

/**
 * Whether a file of `dataset` (of one election year, or of all) may declare its reference to `referenced`.
 * Example: turnout's 2019 files → dapil-list holds unless a 2019 turnout record names a dapil id the 2019 list lacks.
 */
export function referenceHolds(
  broken: BrokenReferences,
  dataset: string,
  referenced: string,
  year: number | 'all',
): boolean {
  const years = broken.get(referenceName(dataset, referenced));
  if (years === undefined) return true;
  return year !== 'all' && !years.has(year);
}

/** The column holding a dataset's election year: its year role, or its source dataset's for a derived one. */
function yearColumnOf(dataset: PublishedDataset, datasets: readonly PublishedDataset[]): string {
  if ('roles' in dataset) return dataset.roles.year;
  const source = datasets.find((other) => other.id === dataset.from);
  if (source === undefined || !('roles' in source))
    throw new Error(`dataset ${dataset.id}: derived from ${dataset.from}, which is not declared`);
  return source.roles.year;
}

/**
 * Every declared reference of the release's datasets, checked on their all-years Parquet files in outDir: the years
 * in which it breaks (absent: it holds in every year). A reference to a dataset without an all-years Parquet file
 * breaks in every year its records have.
 */
export async function findBrokenReferences(
  outDir: string,
  manifest: SnapshotManifest,
  datasets: readonly PublishedDataset[],
): Promise<BrokenReferences> {
  const parquetOf = (id: string): string | null => {
    const file = manifest.files.find((f) => f.dataset === id && f.year === 'all' && f.format === 'parquet');
    return file ? path.join(outDir, file.path) : null;
  };
  const broken = new Map<string, Set<number>>();
  const spillFolder = path.join(outDir, '.references.partial');
  await withReleaseEngine(':memory:', spillFolder, {}, async (connection) => {
    for (const dataset of datasets) {
      const from = parquetOf(dataset.id);
      if (from === null) continue;
      const year = sqlName(yearColumnOf(dataset, datasets));
      for (const reference of dataset.references ?? []) {
        const to = parquetOf(reference.dataset);
        // A row is skipped only when every column of the key is empty; one empty part finds no row.
        const filled = `NOT (${reference.columns.map((column) => `c.${sqlName(column)} IS NULL`).join(' AND ')})`;
        const found =
          to === null
            ? 'false'
            : `EXISTS (SELECT 1 FROM read_parquet(${sqlString(to)}) p WHERE ${reference.columns
                .map((column, index) => `p.${sqlName(reference.referencedColumns[index] ?? '')} = c.${sqlName(column)}`)
                .join(' AND ')})`;
        const reader = await connection.runAndReadAll(
          `SELECT DISTINCT c.${year} AS year FROM read_parquet(${sqlString(from)}) c WHERE ${filled} AND NOT ${found}`,
        );
        const years = reader.getRows().map(([value]) => Number(value));
        if (years.length > 0) broken.set(referenceName(dataset.id, reference.dataset), new Set(years));
      }
    }
  }).finally(() => rm(spillFolder, { recursive: true, force: true }));
  return broken;
}
