// Which foreign keys a release may declare (scripts/release/reference-check.ts), on small Parquet files: a key holds
// in a year when every record with any part of it filled finds its row, as frictionless-py reads a foreign key (a
// row is skipped only when every cell of the key is empty; (2014, null) is looked up, and not found).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provinceListDataset, regencyListDataset } from '../../scripts/datasets/region-list-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { findBrokenReferences, referenceHolds } from '../../scripts/release/reference-check.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';

let dir: string;

async function writeParquet(file: string, select: string): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`COPY (${select}) TO '${path.join(dir, file)}' (FORMAT parquet)`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kpu-reference-check-'));
  await writeParquet(
    'provinces.parquet',
    `SELECT * FROM (VALUES (2014, '11'), (2019, '11'), (2024, '11')) t(election_year, code)`,
  );
  await writeParquet(
    'regencies.parquet',
    `SELECT * FROM (VALUES (2014, '1101', '11'), (2019, '1101', '11'), (2024, '1101', '11')) t(election_year, code, province_code)`,
  );
  // 2014: every code found. 2019: one regency uncoded (its year filled, its code null). 2024: a record whose key is
  // empty in both parts (no year either: an all-years record) and one coded record.
  await writeParquet(
    'turnout.parquet',
    `SELECT * FROM (VALUES
       (2014, '1101', '11', '1101'),
       (2019, '1101', '11', NULL),
       (2019, '1101', '11', '1101'),
       (NULL, 'X', NULL, NULL),
       (2024, '1101', '11', '1101')
     ) t(election_year, dapil_id, province_code, regency_code)`,
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('findBrokenReferences', () => {
  it('a key with one empty part breaks its year, as frictionless-py reads it; an entirely empty key breaks nothing', async () => {
    const files = [
      ['turnout', 'turnout.parquet'],
      ['province-list', 'provinces.parquet'],
      ['regency-list', 'regencies.parquet'],
    ].map(([dataset, file]) => ({ dataset, year: 'all', format: 'parquet', path: file }));
    const manifest = { files } as unknown as SnapshotManifest;
    const broken = await findBrokenReferences(dir, manifest, [turnoutDataset, provinceListDataset, regencyListDataset]);
    expect(broken.get('turnout → regency-list')).toEqual(new Set([2019]));
    expect(broken.has('turnout → province-list')).toBe(false);
    expect(broken.has('regency-list → province-list')).toBe(false);
    // The regency key: declared in 2014's and 2024's files, not in 2019's nor in the all-years files.
    expect(
      ([2014, 2019, 2024, 'all'] as const).map((year) => referenceHolds(broken, 'turnout', 'regency-list', year)),
    ).toEqual([true, false, true, false]);
    expect(referenceHolds(broken, 'turnout', 'province-list', 'all')).toBe(true);
  });
});
