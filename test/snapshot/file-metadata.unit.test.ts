// The file-level metadata of the Parquet and Arrow files, read the way a researcher would: DuckDB's
// parquet_kv_metadata() and apache-arrow's schema metadata. Only facts of the data: the same table gives the same
// bytes with the metadata as without any clock or machine in them.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dapilDataset } from '../../scripts/datasets/dapil-dataset.ts';
import { buildArrowTable } from '../../scripts/snapshot/arrow-schema.ts';
import { fileMetadataOf, LICENCE_NOTE, withFileMetadata } from '../../scripts/snapshot/file-metadata.ts';
import { PARQUET_METADATA_KEY } from '../../scripts/snapshot/parquet-writer.ts';
import { FIXTURES } from './snapshot-fixtures.ts';
import { queryDuckDb, readArrowIpcBack, sqlString, writeAllFormats } from './snapshot-readers.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'file-metadata-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each(FIXTURES)('$dataset.id file metadata', ({ dataset, records }) => {
  const expected = {
    dataset: dataset.id,
    title: `${dataset.title.en} / ${dataset.title.id}`,
    election_year: '2014',
    source: `Komisi Pemilihan Umum (KPU), open-data API, query ${dataset.upstreamName}`,
    licence: LICENCE_NOTE,
  };

  it('shows in DuckDB parquet_kv_metadata() beside ARROW:schema, and in the Arrow schema metadata', async () => {
    const table = withFileMetadata(buildArrowTable(dataset.columns, records), fileMetadataOf(dataset, 2014));
    const paths = await writeAllFormats(table, dir, `${dataset.id}-meta`);
    const [rows] = await queryDuckDb([
      `SELECT decode(key) AS key, decode(value) AS value FROM parquet_kv_metadata(${sqlString(paths.parquet)})`,
    ]);
    const kv = new Map((rows ?? []).map((row) => [String(row.key), String(row.value)]));
    expect([...kv.keys()].sort()).toEqual(['ARROW:schema', PARQUET_METADATA_KEY]);
    const metadata = JSON.parse(kv.get(PARQUET_METADATA_KEY) ?? '{}') as Record<string, string>;
    expect(Object.fromEntries(Object.entries(metadata).filter(([key]) => key in expected))).toEqual(expected);
    expect(metadata.dictionary).toMatch(/datapackage\.json/);
    // The release stage adds the release and its retrieval time (test/release/release-stamp.unit.test.ts).
    expect(metadata.release).toBeUndefined();
    expect(metadata.retrieved_at).toBeUndefined();

    const arrow = await readArrowIpcBack(paths.arrow);
    expect(Object.fromEntries([...arrow.schema.metadata].filter(([key]) => key in expected))).toEqual(expected);
    // The columns keep their own metadata (title, description, …).
    expect(arrow.schema.fields[0]?.metadata.size).toBeGreaterThan(0);
  });

  it('writes the same bytes twice, and names all years as "all"', async () => {
    const digests: string[] = [];
    for (const round of [1, 2]) {
      const table = withFileMetadata(buildArrowTable(dataset.columns, records), fileMetadataOf(dataset, 'all'));
      const paths = await writeAllFormats(table, dir, `${dataset.id}-twice-${round}`);
      digests.push(
        createHash('sha256')
          .update(await readFile(paths.parquet))
          .update(await readFile(paths.arrow))
          .digest('hex'),
      );
      expect((await readArrowIpcBack(paths.arrow)).schema.metadata.get('election_year')).toBe('all');
    }
    expect(digests[0]).toBe(digests[1]);
  });
});

describe('the embedded metadata of a dataset the project ships', () => {
  it('names the laws its tables come from as its source, not an upstream query', () => {
    const source = fileMetadataOf(dapilDataset, 2024).get('source');
    expect(source).toContain('UU 7/2017');
    expect(source).not.toContain('query');
  });
});
