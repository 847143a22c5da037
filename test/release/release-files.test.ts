// The release's self-describing files in the shared demo world (one build, shared with the site suite), checked
// the way a researcher would: `sha256sum -c` in every folder of the published data folder and of the release's
// immutable copy, and in every bundle right after unzipping; the datapackage.json of the folder and of each bundle
// through the official Frictionless validator; the Parquet files' metadata through DuckDB; the citation files
// through a BibTeX and an RIS parser and CSL-JSON's shape.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import datapackage from 'datapackage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDateTimeWib } from '../../scripts/foundation/instant-text.ts';
import { DEMO_NOTE } from '../../scripts/snapshot/file-metadata.ts';
import { PARQUET_METADATA_KEY } from '../../scripts/snapshot/parquet-writer.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { queryDuckDb, sha256 } from '../support/build-fixtures.ts';
import {
  foldersUnder,
  parseBibtexEntry,
  parseRisRecord,
  readStoredBytes,
  readZipEntries,
  sha256sumCheck,
  unzipInto,
} from '../support/release-checks.ts';
import { sharedDemoWorld } from '../site/site-fixtures.ts';

let dataDir: string;
let manifest: SnapshotManifest;
let scratch: string;

beforeAll(async () => {
  const world = await sharedDemoWorld();
  expect(world.run.code, world.run.stderr).toBe(0);
  dataDir = path.join(world.distDir, 'data');
  manifest = JSON.parse(await readFile(path.join(dataDir, 'manifest.json'), 'utf8')) as SnapshotManifest;
  scratch = await mkdtemp(path.join(os.tmpdir(), 'kpu-release-files-'));
}, 600_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** The files of a folder, not its subfolders. */
async function filesOf(folder: string): Promise<string[]> {
  return (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
}

interface DataPackage {
  id: string;
  version: string;
  created: string;
  homepage?: string;
  licenses: Array<{ name: string; title: string }>;
  sources: Array<{ title: string; path?: string }>;
  resources: Array<{
    name: string;
    path: string;
    profile: string;
    format: string;
    hash: string;
    schema?: { primaryKey?: string[]; fields: unknown[] };
  }>;
}

describe('the release files of the demo build', () => {
  it('passes `sha256sum -c` in every folder of the data folder and of the release folder, covering every file', async () => {
    const release = manifest.release as NonNullable<SnapshotManifest['release']>;
    const folders = (await foldersUnder(dataDir)).filter((folder) => folder !== 'releases');
    expect(folders).toEqual(
      expect.arrayContaining([
        '',
        '2019',
        '2024',
        'all-years',
        `releases/${release.id}`,
        `releases/${release.id}/2019`,
      ]),
    );
    for (const folder of folders) {
      const absolute = path.join(dataDir, folder);
      const check = await sha256sumCheck(absolute);
      expect(check, folder).toMatchObject({ code: 0, stderr: '' });
      // Everything in the folder is covered but the list itself: at the top, the history across releases too.
      const expected = (await filesOf(absolute)).filter((name) => name !== 'SHA256SUMS');
      if (folder === '' || folder === `releases/${release.id}`)
        expect(expected, folder).toEqual(expect.arrayContaining(['changes.json', 'history.json', 'releases.json']));
      expect(check.checked.sort(), folder).toEqual(expected);
    }
    // The descriptors too, and a flat download of one folder's files passes where they land.
    const top = await readFile(path.join(dataDir, 'SHA256SUMS'), 'utf8');
    expect(top).toMatch(/ {2}manifest\.json\n/);
    expect(top).toMatch(/ {2}datapackage\.json\n/);
    expect(top).not.toContain('/');
  });

  it('bundles each year and all years with their own README, manifest, datapackage.json, SHA256SUMS, quality report and citations, dated with the retrieval time', async () => {
    const release = manifest.release as NonNullable<SnapshotManifest['release']>;
    const bundles = manifest.files.filter((file) => file.format === 'zip');
    expect(bundles.map((file) => file.path)).toEqual([
      '2019/kpu-election-data-2019.zip',
      '2024/kpu-election-data-2024.zip',
      'all-years/kpu-election-data-all-years.zip',
    ]);
    const retrieved = new Date(release.retrievedAt as string);
    for (const bundle of bundles) {
      const label = path.basename(bundle.path, '.zip').replace('kpu-election-data-', '');
      const into = path.join(scratch, label);
      const names = await unzipInto(path.join(dataDir, bundle.path), into);
      const folder = `kpu-election-data-${label}`;
      const dataFiles = manifest.files.filter((file) => file.dataset !== null && file.year === bundle.year);
      expect(names).toEqual(
        [
          'README.md',
          'manifest.json',
          'datapackage.json',
          'SHA256SUMS',
          'quality-report.json',
          'quality-report.md',
          'CITATION.bib',
          'CITATION.ris',
          'CITATION.csl.json',
          'CITATION.cff',
          '.zenodo.json',
          ...dataFiles.map((file) => path.basename(file.path)),
        ].map((name) => `${folder}/${name}`),
      );
      const check = await sha256sumCheck(path.join(into, folder));
      expect(check, bundle.path).toMatchObject({ code: 0, stderr: '' });
      expect(check.checked.length).toBe(names.length - 1);
      // Same bytes as the published files.
      for (const file of dataFiles)
        expect(sha256(await readFile(path.join(into, folder, path.basename(file.path))))).toBe(file.sha256);
      const own = JSON.parse(await readFile(path.join(into, folder, 'manifest.json'), 'utf8')) as {
        release: { id: string; retrievedAt: string };
        files: Array<{ path: string; sha256: string }>;
      };
      expect(own.release).toMatchObject({ id: release.id, retrievedAt: release.retrievedAt });
      expect(own.files.map((file) => file.path)).toEqual(names.slice(4).map((name) => path.basename(name)));
      const readme = await readFile(path.join(into, folder, 'README.md'), 'utf8');
      // The retrieval time as the site's pages give it: WIB with UTC beside it (the manifest keeps the instant).
      const wib = isoDateTimeWib(release.retrievedAt as string);
      expect(readme).toContain(`Release ${release.id}, retrieved ${wib}.`);
      expect(readme).toContain(`Rilis ${release.id}, diambil ${wib}.`);
      expect(readme).toContain(`release ${release.id}, retrieved ${wib}.`);
      expect(readme).not.toContain(release.retrievedAt as string);
      expect(readme).not.toContain('beside the downloads');
      // DOS times: local clock fields holding the UTC time, two-second steps.
      for (const entry of (await readZipEntries(path.join(dataDir, bundle.path))).values()) {
        const written = entry.modified;
        const asUtc = Date.UTC(
          written.getFullYear(),
          written.getMonth(),
          written.getDate(),
          written.getHours(),
          written.getMinutes(),
          written.getSeconds(),
        );
        expect(Math.abs(asUtc - retrieved.getTime())).toBeLessThan(2000);
      }
    }
  });

  it("makes the all-years bundle's joined text of the year bundles' deflated bytes, not a second deflate", async () => {
    const yearEntries = new Map<string, Buffer>();
    for (const label of ['2019', '2024'])
      for (const [name, bytes] of await readStoredBytes(path.join(dataDir, `${label}/kpu-election-data-${label}.zip`)))
        yearEntries.set(path.basename(name), bytes);
    const all = await readFile(path.join(dataDir, 'all-years/kpu-election-data-all-years.zip'));
    const joined = manifest.files.filter(
      (file) => file.year === 'all' && file.dataset !== null && ['json', 'csv', 'raw-json'].includes(file.format),
    );
    expect(joined.length).toBeGreaterThanOrEqual(9);
    for (const file of joined)
      for (const label of ['2019', '2024']) {
        const deflated = yearEntries.get(path.basename(file.path).replace('all-years', label)) as Buffer;
        // The year's records, one deflated piece in the demo's small files: its middle lies in the all-years ZIP.
        const middle = deflated.subarray(Math.floor(deflated.length / 3), Math.floor((deflated.length * 2) / 3));
        expect(middle.length, file.path).toBeGreaterThan(100);
        expect(all.includes(middle), `${file.path}: ${label}'s deflated bytes`).toBe(true);
      }
  });

  it('describes the release in a datapackage.json the Frictionless validator accepts, in the data folder and in each bundle', async () => {
    const release = manifest.release as NonNullable<SnapshotManifest['release']>;
    const places = [
      dataDir,
      ...['2019', '2024', 'all-years'].map((label) => path.join(scratch, label, `kpu-election-data-${label}`)),
    ];
    for (const place of places) {
      const descriptor = JSON.parse(await readFile(path.join(place, 'datapackage.json'), 'utf8')) as DataPackage;
      expect(await datapackage.validate(descriptor), place).toEqual({ valid: true, errors: [] });
      const loaded = await datapackage.Package.load(descriptor, { basePath: place, strict: true });
      expect(loaded.valid).toBe(true);
      expect(descriptor.version).toBe(release.id);
      expect(descriptor.created).toBe(release.retrievedAt);
      // No KPU_SITE_URL in this build: no homepage, and an id made of the release and its fingerprint.
      expect(descriptor.homepage).toBeUndefined();
      expect(descriptor.id).toBe(`urn:kpu-election-data:release:${release.id}:${release.fingerprint.slice(0, 16)}`);
      // The upstream's records under no licence; the region codes the project adds under ODbL (credited as a source).
      expect(descriptor.licenses).toEqual([
        { name: 'notspecified', title: expect.stringMatching(/publishes no licence/) },
        { name: 'ODbL-1.0', title: expect.stringMatching(/idn-area-data/), path: expect.stringMatching(/odbl/) },
      ]);
      // The demo's upstream is the stand-in: no address to name.
      expect(descriptor.sources[0]?.path).toBeUndefined();
      for (const resource of descriptor.resources) {
        expect(sha256(await readFile(path.join(place, resource.path))), resource.path).toBe(resource.hash.slice(7));
        // The raw records, and the databases of every table (the data folder's only): plain resources.
        if (
          (resource.format === 'json' && resource.path.endsWith('.raw.json')) ||
          resource.format === 'duckdb' ||
          resource.format === 'sqlite'
        ) {
          expect(resource.profile).toBe('data-resource');
          continue;
        }
        expect(resource.profile, resource.path).toBe('tabular-data-resource');
        expect(resource.schema?.primaryKey, resource.path).toEqual(
          resource.path.includes('turnout-long')
            ? ['election_year', 'election_type', 'dapil_id', 'regency_name', 'voter_list', 'sex']
            : resource.path.includes('turnout')
              ? ['election_year', 'election_type', 'dapil_id', 'regency_name']
              : resource.path.includes('dapils-official')
                ? ['election_year', 'dapil_id', 'regency_name']
                : resource.path.includes('dapil-list-official')
                  ? ['election_year', 'dapil_id']
                  : resource.path.includes('kemendagri-')
                    ? ['election_year', 'code']
                    : ['election_year', 'ballot_number'],
        );
      }
      expect(new Set(descriptor.resources.map((resource) => resource.format))).toEqual(
        new Set(['json', 'csv', 'parquet', 'arrow', 'xlsx', ...(place === dataDir ? ['duckdb', 'sqlite'] : [])]),
      );
    }
  });

  it("shows each Parquet file's dataset, year, source and licence in DuckDB's parquet_kv_metadata()", async () => {
    for (const file of manifest.files.filter((candidate) => candidate.format === 'parquet')) {
      const rows = await queryDuckDb(
        `SELECT decode(value) AS value FROM parquet_kv_metadata('${path.join(dataDir, file.path)}') WHERE decode(key) = '${PARQUET_METADATA_KEY}'`,
      );
      const metadata = JSON.parse(String(rows[0]?.value)) as Record<string, string>;
      expect(metadata).toMatchObject({
        dataset: file.dataset,
        election_year: String(file.year),
        // A dataset the project ships names where it comes from instead of a query: the official dapils and their list
        // the laws of its tables, the region lists the Kemendagri list and its licence. The demo build's harvested
        // records are synthetic, and say so first.
        source:
          file.dataset === 'dapils' || file.dataset === 'dapil-list'
            ? expect.stringMatching(/^The project's own tables of public law: .*UU 7\/2017/)
            : file.dataset === 'province-list' || file.dataset === 'regency-list'
              ? expect.stringMatching(/^Kemendagri region codes \(Kepmendagri 300\.2\.2-2138\/2025\), .*\(ODbL\) 1\.0/)
              : expect.stringMatching(
                  /^DEMO DATA, NOT REAL FIGURES: .* In the shape of: Komisi Pemilihan Umum \(KPU\), open-data API, query /,
                ),
        // The region lists are idn-area-data's under the ODbL; everything else has the KPU's none.
        licence:
          file.dataset === 'province-list' || file.dataset === 'regency-list'
            ? expect.stringMatching(/^Open Database License 1\.0: .*\(ODbL-1\.0, /)
            : expect.stringMatching(/publishes no licence/),
      });
      expect(metadata.demo, file.path).toBe(
        ['dapils', 'dapil-list', 'province-list', 'regency-list'].includes(String(file.dataset))
          ? undefined
          : DEMO_NOTE,
      );
    }
  });

  it('offers the citation in BibTeX, RIS and CSL-JSON, each naming the release and its retrieval', async () => {
    const release = manifest.release as NonNullable<SnapshotManifest['release']>;
    const bib = parseBibtexEntry(await readFile(path.join(dataDir, 'CITATION.bib'), 'utf8'));
    expect(bib).toMatchObject({ type: 'misc', key: `kpu-election-data-${release.id}` });
    expect(bib.fields).toMatchObject({
      author: '{Komisi Pemilihan Umum (KPU)}',
      version: release.id,
      year: (release.retrievedAt as string).slice(0, 4),
      urldate: (release.retrievedAt as string).slice(0, 10),
    });
    expect(bib.fields.title).toMatch(/^\{DEMO DATA, NOT REAL FIGURES: /);
    // No KPU_SITE_URL in this build: no permanent URL.
    expect(bib.fields.url).toBeUndefined();
    const ris = parseRisRecord(await readFile(path.join(dataDir, 'CITATION.ris'), 'utf8'));
    expect(Object.fromEntries(ris)).toMatchObject({ TY: 'DATA', AU: 'Komisi Pemilihan Umum (KPU)', ET: release.id });
    const csl = JSON.parse(await readFile(path.join(dataDir, 'CITATION.csl.json'), 'utf8')) as Array<
      Record<string, unknown>
    >;
    expect(csl).toHaveLength(1);
    expect(csl[0]).toMatchObject({
      type: 'dataset',
      version: release.id,
      author: [{ literal: 'Komisi Pemilihan Umum (KPU)' }],
    });
  });
});
