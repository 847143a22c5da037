// The release named inside the published files of the shared demo world (one build, shared with the site suite),
// read as a researcher would: every Parquet file's kpu_open_data entry in DuckDB's parquet_kv_metadata(), every
// Arrow file's schema metadata in apache-arrow, every XLSX file's about sheet in ExcelJS, each naming the release
// and the retrieval time of manifest.json (written into them as they are first written: release-identity.ts).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import { PARQUET_METADATA_KEY } from '../../scripts/snapshot/parquet-writer.ts';
import { xlsxReleaseTextOf } from '../../scripts/snapshot/release-identity.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { queryDuckDb } from '../support/build-fixtures.ts';
import { sharedDemoWorld } from '../site/site-fixtures.ts';
import { readAboutRows } from '../support/xlsx-records.ts';

let dataDir: string;
let manifest: SnapshotManifest;
let release: { id: string; retrievedAt: string; url: string | null };

beforeAll(async () => {
  const world = await sharedDemoWorld();
  expect(world.run.code, world.run.stderr).toBe(0);
  dataDir = path.join(world.distDir, 'data');
  manifest = JSON.parse(await readFile(path.join(dataDir, 'manifest.json'), 'utf8')) as SnapshotManifest;
  release = {
    id: manifest.release?.id ?? '',
    retrievedAt: manifest.release?.retrievedAt ?? '',
    url: manifest.release?.url ?? null,
  };
  expect(release.id).toMatch(/^\d{4}-\d{2}-\d{2}/);
  expect(Date.parse(release.retrievedAt)).not.toBeNaN();
}, 600_000);

const filesOf = (format: string) => manifest.files.filter((file) => file.format === format);

describe("the release inside the demo build's files", () => {
  it("shows the manifest's release and retrieval time in every Parquet file's parquet_kv_metadata()", async () => {
    expect(filesOf('parquet').length).toBeGreaterThan(4);
    for (const file of filesOf('parquet')) {
      const rows = await queryDuckDb(
        `SELECT decode(value) AS value FROM parquet_kv_metadata('${path.join(dataDir, file.path)}') WHERE decode(key) = '${PARQUET_METADATA_KEY}'`,
      );
      expect(JSON.parse(String(rows[0]?.value)), file.path).toMatchObject({
        dataset: file.dataset,
        election_year: String(file.year),
        release: release.id,
        retrieved_at: release.retrievedAt,
      });
    }
  });

  it("shows them in every Arrow file's schema metadata", async () => {
    expect(filesOf('arrow').length).toBeGreaterThan(4);
    for (const file of filesOf('arrow')) {
      const table = tableFromIPC(await readFile(path.join(dataDir, file.path)));
      expect(Object.fromEntries(table.schema.metadata), file.path).toMatchObject({
        dataset: file.dataset,
        election_year: String(file.year),
        release: release.id,
        retrieved_at: release.retrievedAt,
      });
      expect(table.numRows, file.path).toBe(file.records);
    }
  });

  it("shows them in every XLSX file's about sheet", async () => {
    expect(filesOf('xlsx').length).toBeGreaterThan(4);
    for (const file of filesOf('xlsx')) {
      const texts = [...(await readAboutRows(path.join(dataDir, file.path))).values()];
      expect(texts, file.path).toContain(xlsxReleaseTextOf(release));
    }
  });
});
