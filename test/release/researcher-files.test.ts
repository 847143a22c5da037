// The published files as a researcher checks them without reading the docs, in three builds of the real build
// command: the demo, the real data (../shared/data through the stand-in) and the demo with the site's address
// (KPU_SITE_URL=https://example.org/kpu/, KPU_SITE_BASE unset). Each year's files linked on the downloads page pass
// `sha256sum -c` with the SHA256SUMS linked beside them, and the top SHA256SUMS covers the history files; the links
// start where the address says the site is; the long file's foreign key holds in DuckDB; the region codes' ODbL and
// its credit are inside the Parquet, Arrow and XLSX files, the bundle README, the manifest and the citations; a demo
// build says so in its files and its release id; the XLSX citation names the release and its URL; the bundles'
// entries carry their time in UTC for unzip in any zone; CITATION.cff and .zenodo.json describe the release; a build
// citing the stand-in on 127.0.0.1 says so.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { RecordBatchReader } from 'apache-arrow';
import datapackage from 'datapackage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedSizes, realDataSizeTables, renderSizeTables } from '../../scripts/docs/real-data-sizes.ts';
import { isoDateTimeWib } from '../../scripts/foundation/instant-text.ts';
import { DEMO_NOTE } from '../../scripts/snapshot/file-metadata.ts';
import { PARQUET_METADATA_KEY } from '../../scripts/snapshot/parquet-writer.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { XLSX_CITATION_NONE } from '../../scripts/snapshot/xlsx-writer.ts';
import { pagePath, type Lang } from '../../scripts/site/site-routes.ts';
import { queryDuckDb } from '../support/build-fixtures.ts';
import { readZipEntries, sha256sumCheck } from '../support/release-checks.ts';
import type { CliRun } from '../support/run-cli.ts';
import { noticeSharedData } from '../support/shared-data.ts';
import { readAboutRows } from '../support/xlsx-records.ts';
import {
  buildRealSite,
  sharedDemoWorld,
  sharedSiteUrlDemoWorld,
  SITE_URL_OF_SHARED_WORLD,
  type PublishedSite,
} from '../site/site-fixtures.ts';

const SITE_URL = SITE_URL_OF_SHARED_WORLD;
const UNZIP = '/usr/bin/unzip';
if (!existsSync(UNZIP))
  console.warn(
    `\n*** ${UNZIP} is absent: SKIPPING the bundles' times under unzip (npm run test:setup installs it). ***\n`,
  );
const HAS_REAL = noticeSharedData("the real-data build's checks of the files a researcher trusts");

interface World {
  label: string;
  /** The published folder (dist/). */
  distDir: string;
  /** The site's base path: "/" or "/kpu/". */
  base: string;
  run: CliRun;
  manifest: SnapshotManifest;
  demo: boolean;
  url: string | null;
}

const worlds: World[] = [];
let realSite: PublishedSite | undefined;
let scratch: string;

async function worldOf(label: string, distDir: string, run: CliRun, base: string, url: string | null): Promise<World> {
  expect(run.code, run.stderr).toBe(0);
  const manifest = JSON.parse(await readFile(path.join(distDir, 'data', 'manifest.json'), 'utf8')) as SnapshotManifest;
  return { label, distDir, base, run, manifest, demo: manifest.demo, url };
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'kpu-researcher-files-'));
  const demo = await sharedDemoWorld();
  worlds.push(await worldOf('demo', demo.distDir, demo.run, '/', null));
  const withUrl = await sharedSiteUrlDemoWorld();
  worlds.push(await worldOf('demo with KPU_SITE_URL', withUrl.distDir, withUrl.run, '/kpu/', SITE_URL));
  if (HAS_REAL) {
    realSite = await buildRealSite();
    worlds.push(await worldOf('real data', realSite.distDir, realSite.run as CliRun, '/', null));
  }
  expect(worlds.map((world) => world.label)).toHaveLength(HAS_REAL ? 3 : 2);
}, 1_800_000);

afterAll(async () => {
  await realSite?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

function releaseOf(world: World): NonNullable<SnapshotManifest['release']> {
  return world.manifest.release as NonNullable<SnapshotManifest['release']>;
}

async function downloadsPage(world: World, lang: Lang): Promise<string> {
  return readFile(path.join(world.distDir, pagePath(lang, { kind: 'downloads' }), 'index.html'), 'utf8');
}

function hrefsOf(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&'));
}

/** A published file's data path ("2014/x.csv") from a link on a page of `world` ("/kpu/data/2014/x.csv"). */
function dataPathOf(world: World, href: string): string {
  const prefix = `${world.base}data/`;
  expect(href.startsWith(prefix), href).toBe(true);
  return href.slice(prefix.length);
}

async function parquetMetadata(file: string): Promise<Record<string, string>> {
  const rows = await queryDuckDb(
    `SELECT decode(value) AS value FROM parquet_kv_metadata('${file}') WHERE decode(key) = '${PARQUET_METADATA_KEY}'`,
  );
  return JSON.parse(String(rows[0]?.value)) as Record<string, string>;
}

async function arrowMetadata(file: string): Promise<Map<string, string>> {
  const handle = await open(file, 'r');
  try {
    const reader = await RecordBatchReader.from(handle);
    await reader.open();
    return reader.schema.metadata;
  } finally {
    await handle.close();
  }
}

describe('checksums where the files are', () => {
  it("links each year's SHA256SUMS beside its files, and `sha256sum -c` passes with exactly the files linked there", async () => {
    for (const world of worlds) {
      const html = await downloadsPage(world, 'en');
      const everywhere = hrefsOf(html)
        .filter((href) => href.startsWith(`${world.base}data/`))
        .map((href) => dataPathOf(world, href));
      const sections = [...html.matchAll(/<section aria-labelledby="y([^"]+)">([\s\S]*?)<\/section>/g)];
      expect(sections.map((section) => section[1]).sort(), world.label).toEqual(
        [...world.manifest.years.map(String), 'all'].sort(),
      );
      for (const [, year, section] of sections) {
        // Every link of the section but its heading's own "#" link.
        const links = hrefsOf(section ?? '')
          .filter((href) => !href.startsWith('#'))
          .map((href) => dataPathOf(world, href));
        const sums = links.filter((link) => link.endsWith('SHA256SUMS'));
        const files = links.filter((link) => !link.endsWith('SHA256SUMS'));
        // A year's files lie in its folder; all years' in all-years/ and, for the citations and reports, the top.
        expect(sums, `${world.label} ${year}`).toEqual(
          year === 'all' ? ['all-years/SHA256SUMS', 'SHA256SUMS'] : [`${year}/SHA256SUMS`],
        );
        for (const sum of sums) {
          const folder = path.posix.dirname(sum);
          const here = (link: string) => path.posix.dirname(link) === folder;
          // Downloaded into one folder as a researcher would: the files linked there and that list. The top list
          // also covers the companion files, which the page links under its own heading.
          const downloaded = [...new Set((folder === '.' ? everywhere : files).filter(here))].filter(
            (link) => !link.endsWith('SHA256SUMS') && !link.endsWith('/'),
          );
          const into = await mkdtemp(path.join(scratch, 'flat-'));
          for (const link of [...downloaded, sum])
            await copyFile(path.join(world.distDir, 'data', link), path.join(into, path.basename(link)));
          const check = await sha256sumCheck(into);
          expect(check, `${world.label} ${year} ${sum}`).toMatchObject({ code: 0, stderr: '' });
          expect(check.checked.sort(), `${world.label} ${year} ${sum}`).toEqual(
            downloaded.map((file) => path.basename(file)).sort(),
          );
          expect(check.checked, `${world.label} ${year} ${sum}`).toEqual(
            expect.arrayContaining(files.filter(here).map((file) => path.basename(file))),
          );
        }
      }
    }
  });

  it('covers changes.json, history.json and releases.json in the top SHA256SUMS, in the data folder and the release folder', async () => {
    for (const world of worlds) {
      for (const folder of ['', releaseOf(world).path]) {
        const check = await sha256sumCheck(path.join(world.distDir, 'data', folder));
        expect(check, `${world.label} ${folder}`).toMatchObject({ code: 0, stderr: '' });
        expect(check.checked, `${world.label} ${folder}`).toEqual(
          expect.arrayContaining([
            'changes.json',
            'history.json',
            'releases.json',
            'manifest.json',
            'datapackage.json',
            'CITATION.cff',
            '.zenodo.json',
          ]),
        );
      }
    }
  });
});

describe("the site's address", () => {
  it('starts every download link where KPU_SITE_URL says the site is, with KPU_SITE_BASE unset', async () => {
    const world = worlds.find((candidate) => candidate.url !== null) as World;
    for (const lang of ['id', 'en'] as const) {
      const html = await downloadsPage(world, lang);
      const links = hrefsOf(html).filter((href) => href.includes('/data/'));
      expect(links.length).toBeGreaterThan(world.manifest.files.length);
      for (const link of links) expect(link.startsWith('/kpu/data/'), link).toBe(true);
      expect(html).toContain(
        `<link rel="canonical" href="${SITE_URL}${pagePath(lang, { kind: 'downloads' }).slice(1)}"`,
      );
    }
    expect(releaseOf(world).url).toBe(`${SITE_URL}data/releases/${releaseOf(world).id}/`);
  });
});

describe('keys between tables', () => {
  it("declares the long file's rows as records of the wide file (foreignKeys), which holds in DuckDB and validates", async () => {
    for (const world of worlds) {
      const dataDir = path.join(world.distDir, 'data');
      const descriptor = JSON.parse(await readFile(path.join(dataDir, 'datapackage.json'), 'utf8')) as {
        resources: Array<{
          name: string;
          path: string;
          format: string;
          schema?: {
            primaryKey: string[];
            foreignKeys?: Array<{ fields: string[]; reference: { resource: string; fields: string[] } }>;
          };
        }>;
      };
      expect(await datapackage.validate(descriptor), world.label).toEqual({ valid: true, errors: [] });
      const long = descriptor.resources.filter((resource) => resource.name.startsWith('kpu-dpr-turnout-long-'));
      expect(long.length, world.label).toBeGreaterThan(0);
      for (const resource of long) {
        const keys = resource.schema?.foreignKeys ?? [];
        expect(keys, resource.name).toHaveLength(1);
        const [key] = keys;
        const target = descriptor.resources.find((other) => other.name === key?.reference.resource);
        expect(target?.name, resource.name).toMatch(/^kpu-dpr-turnout-by-sex-/);
        expect(target?.format).toBe(resource.format);
        expect(key?.reference.fields).toEqual(target?.schema?.primaryKey);
        expect(key?.fields).toEqual(key?.reference.fields);
        if (resource.format !== 'parquet') continue;
        const on = (key?.fields ?? []).map((field) => `w.${field} IS NOT DISTINCT FROM l.${field}`).join(' AND ');
        const [orphans] = await queryDuckDb(
          `SELECT count(*)::INTEGER AS n FROM read_parquet('${path.join(dataDir, resource.path)}') l WHERE NOT EXISTS (SELECT 1 FROM read_parquet('${path.join(dataDir, target?.path ?? '')}') w WHERE ${on})`,
        );
        expect(orphans?.n, `${world.label} ${resource.name}`).toBe(0);
      }
    }
  });
});

describe('credits and provenance inside the files', () => {
  it("carries the region codes' ODbL and its credit in the Parquet, Arrow and XLSX files, and a demo build says so", async () => {
    for (const world of worlds) {
      const dataDir = path.join(world.distDir, 'data');
      const release = releaseOf(world);
      const turnout = world.manifest.files.filter(
        (file) => file.dataset === 'turnout' || file.dataset === 'turnout-long',
      );
      for (const file of turnout) {
        const where = `${world.label} ${file.path}`;
        const absolute = path.join(dataDir, file.path);
        let metadata: Record<string, string> | null = null;
        if (file.format === 'parquet') metadata = await parquetMetadata(absolute);
        if (file.format === 'arrow') metadata = Object.fromEntries(await arrowMetadata(absolute));
        if (metadata !== null) {
          expect(metadata.added_content_licence, where).toMatch(/Open Database License \(ODbL\) 1\.0/);
          expect(metadata.added_content_licence, where).toMatch(/idn-area-data .*Fityan Nugroho/);
          expect(metadata.demo, where).toBe(world.demo ? DEMO_NOTE : undefined);
          expect(metadata.source, where).toMatch(
            world.demo ? /^DEMO DATA, NOT REAL FIGURES: / : /^Komisi Pemilihan Umum/,
          );
        }
        if (file.format === 'xlsx') {
          const about = await readAboutRows(absolute);
          expect(about.get('added content licence / lisensi data tambahan'), where).toMatch(
            /ODbL\) 1\.0.*idn-area-data/,
          );
          expect(about.get('DEMO'), where).toBe(world.demo ? DEMO_NOTE : undefined);
          expect(about.get('source / sumber'), where).toMatch(world.demo ? /^DEMO DATA, NOT REAL FIGURES/ : /^Komisi/);
          const cite = about.get('how to cite / cara mengutip') ?? '';
          // The retrieval time as every citation writes it: in WIB with UTC beside it.
          expect(cite, where).toContain(
            `Release ${release.id}, retrieved ${isoDateTimeWib(release.retrievedAt as string)}.`,
          );
          expect(cite, where).not.toContain(XLSX_CITATION_NONE);
          if (world.url !== null) expect(cite.endsWith(` ${release.url}`), where).toBe(true);
          else expect(cite, where).not.toContain('http');
        }
      }
      expect(turnout.filter((file) => file.format === 'xlsx').length, world.label).toBeGreaterThan(0);
    }
  });

  it('ships the Kemendagri region lists in every year bundle and the all-years one, each file naming the list, its decree and its ODbL credit, never as demo data', async () => {
    for (const world of worlds) {
      const dataDir = path.join(world.distDir, 'data');
      const lists = world.manifest.files.filter(
        (file) => file.dataset === 'province-list' || file.dataset === 'regency-list',
      );
      const years = [
        ...new Set(
          world.manifest.files
            .filter((file) => file.dataset === 'turnout' || file.dataset === 'parties')
            .map((file) => file.year),
        ),
      ];
      // Both lists, in every year and all years, in the six formats (JSON, CSV, Parquet, Arrow, XLSX, raw JSON).
      expect(lists.length, world.label).toBe(2 * years.length * 6);
      for (const file of lists) {
        const where = `${world.label} ${file.path}`;
        // The whole list in each year's file, once per year in the all-years file.
        const rows = file.dataset === 'province-list' ? 38 : 514;
        expect(file.records, where).toBe(file.year === 'all' ? rows * (years.length - 1) : rows);
        const absolute = path.join(dataDir, file.path);
        let metadata: Record<string, string> | null = null;
        if (file.format === 'parquet') metadata = await parquetMetadata(absolute);
        if (file.format === 'arrow') metadata = Object.fromEntries(await arrowMetadata(absolute));
        if (metadata !== null) {
          expect(metadata.source, where).toMatch(/^Kemendagri region codes \(Kepmendagri 300\.2\.2-2138\/2025\)/);
          expect(metadata.licence, where).toMatch(
            /^Open Database License 1\.0: .*\(ODbL-1\.0, https:\/\/opendatacommons/,
          );
          expect(metadata.added_content_licence, where).toMatch(/idn-area-data .*Fityan Nugroho/);
          expect(metadata.demo, where).toBeUndefined();
        }
        if (file.format === 'xlsx') {
          const about = await readAboutRows(absolute);
          expect(about.get('source / sumber'), where).toMatch(/^Kemendagri region codes .*idn-area-data/);
          expect(about.get('licence / lisensi'), where).toMatch(/^Open Database License 1\.0/);
          expect(about.get('how to cite / cara mengutip'), where).toMatch(/^Kemendagri .*list, .*ODbL.*Release /);
          expect(about.get('DEMO'), where).toBeUndefined();
        }
      }
      // Each bundle holds the lists its turnout keys refer to, with the credit in its README.
      for (const bundle of world.manifest.files.filter((file) => file.format === 'zip')) {
        const names = [...(await readZipEntries(path.join(dataDir, bundle.path))).keys()].map((name) =>
          name.replace(/^.*\//, ''),
        );
        const label = bundle.year === 'all' ? 'all-years' : String(bundle.year);
        for (const stem of ['kemendagri-province-list', 'kemendagri-regency-list'])
          expect(names, `${world.label} ${bundle.path}`).toContain(`${stem}-${label}.csv`);
      }
    }
  });

  it('names the licence and its credit in the bundle README, the manifest and the citations', async () => {
    for (const world of worlds) {
      const dataDir = path.join(world.distDir, 'data');
      expect(world.manifest.licences, world.label).toEqual([
        expect.objectContaining({ name: 'notspecified', datasets: expect.arrayContaining(['turnout']) as string[] }),
        expect.objectContaining({
          name: 'ODbL-1.0',
          path: 'https://opendatacommons.org/licenses/odbl/1-0/',
          credit: expect.stringMatching(/idn-area-data .*Fityan Nugroho/) as string,
          datasets: expect.arrayContaining(['turnout', 'turnout-long', 'province-list', 'regency-list']) as string[],
        }),
      ]);
      for (const bundle of world.manifest.files.filter((file) => file.format === 'zip')) {
        const entries = await readZipEntries(path.join(dataDir, bundle.path));
        const readme = [...entries].find(([name]) => name.endsWith('/README.md'))?.[1].content.toString('utf8');
        expect(readme, bundle.path).toMatch(
          /Licence ODbL-1\.0 \(https:\/\/opendatacommons\.org\/licenses\/odbl\/1-0\/\): .*idn-area-data/,
        );
      }
      for (const name of ['CITATION.bib', 'CITATION.ris', 'CITATION.csl.json', 'CITATION.cff', '.zenodo.json'])
        expect(await readFile(path.join(dataDir, name), 'utf8'), `${world.label} ${name}`).toMatch(
          // BibTeX escapes the underscores.
          /Open Database License 1\.0: the province and regency lists, and the columns province\\?_code and regency\\?_code/,
        );
    }
  });

  it('gives a demo build a release id no real build can have', () => {
    for (const world of worlds)
      expect(releaseOf(world).id, world.label).toMatch(
        world.demo ? /^\d{4}-\d{2}-\d{2}-demo(\.\d+)?-[0-9a-f]{8}$/ : /^\d{4}-\d{2}-\d{2}(\.\d+)?-[0-9a-f]{8}$/,
      );
    expect(worlds.some((world) => !world.demo) || !HAS_REAL).toBe(true);
  });
});

describe('the bundles in any time zone', () => {
  it.skipIf(!existsSync(UNZIP))("show their entries' time as the retrieval time in the reader's zone", async () => {
    for (const world of worlds) {
      const release = releaseOf(world);
      const retrieved = new Date(release.retrievedAt as string);
      for (const zone of ['UTC', 'Asia/Jakarta']) {
        // "2026-11-27 10:04" in Jakarta for 03:04 UTC, as unzip -l writes it.
        const shown = new Intl.DateTimeFormat('sv-SE', {
          timeZone: zone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(retrieved);
        for (const bundle of world.manifest.files.filter((file) => file.format === 'zip')) {
          const { stdout } = await promisify(execFile)(UNZIP, ['-l', path.join(world.distDir, 'data', bundle.path)], {
            env: { ...process.env, TZ: zone },
          });
          const times = [...stdout.matchAll(/^\s*\d+\s+(\d{4}-\d{2}-\d{2} \d{2}:\d{2})\s+\S/gm)].map(
            (match) => match[1],
          );
          expect(times.length, bundle.path).toBeGreaterThan(5);
          expect(new Set(times), `${world.label} ${zone} ${bundle.path}`).toEqual(new Set([shown]));
        }
      }
    }
  });
});

/** CITATION.cff's top-level keys (every string a JSON-quoted YAML scalar) and list items, checked line by line. */
function parseCff(text: string): { fields: Map<string, unknown>; lists: Map<string, unknown[]> } {
  const fields = new Map<string, unknown>();
  const lists = new Map<string, unknown[]>();
  let list: unknown[] | null = null;
  for (const line of text.trimEnd().split('\n')) {
    const item = /^ {2}- (?:(\w+): )?(".*")$/.exec(line);
    if (item) {
      expect(list, line).not.toBeNull();
      const value = JSON.parse(item[2] ?? '') as string;
      list?.push(item[1] ? { [item[1]]: value } : value);
      continue;
    }
    const field = /^([a-z-]+):(?: (.*))?$/.exec(line);
    expect(field, line).not.toBeNull();
    const [, key = '', raw] = field ?? [];
    if (raw === undefined) {
      list = [];
      lists.set(key, list);
    } else {
      list = null;
      fields.set(key, raw.startsWith('"') ? JSON.parse(raw) : raw);
    }
  }
  return { fields, lists };
}

describe('CITATION.cff and .zenodo.json', () => {
  it('describe the release with its id as version and, with KPU_SITE_URL, its permanent URL; listed with sums', async () => {
    for (const world of worlds) {
      const dataDir = path.join(world.distDir, 'data');
      const release = releaseOf(world);
      const cff = parseCff(await readFile(path.join(dataDir, 'CITATION.cff'), 'utf8'));
      expect(Object.fromEntries(cff.fields), world.label).toMatchObject({
        'cff-version': '1.2.0',
        type: 'dataset',
        version: release.id,
        'date-released': (release.retrievedAt as string).slice(0, 10),
        title: world.demo
          ? expect.stringMatching(/^DEMO DATA, NOT REAL FIGURES: /)
          : expect.stringMatching(/^Indonesia/),
      });
      expect(typeof cff.fields.get('message')).toBe('string');
      expect(cff.lists.get('authors')).toEqual([{ name: 'Komisi Pemilihan Umum (KPU)' }]);
      expect(cff.fields.get('url')).toBe(world.url === null ? undefined : release.url);
      const zenodo = JSON.parse(await readFile(path.join(dataDir, '.zenodo.json'), 'utf8')) as Record<string, unknown>;
      expect(zenodo).toMatchObject({
        upload_type: 'dataset',
        title: cff.fields.get('title'),
        version: release.id,
        publication_date: cff.fields.get('date-released'),
        creators: cff.lists.get('authors'),
        description: cff.fields.get('abstract'),
        keywords: cff.lists.get('keywords'),
        license: 'notspecified',
      });
      expect(zenodo.related_identifiers).toEqual(
        world.url === null
          ? undefined
          : [{ identifier: release.url, relation: 'isIdenticalTo', resource_type: 'dataset' }],
      );
      for (const name of ['CITATION.cff', '.zenodo.json'])
        expect(
          world.manifest.files.map((file) => file.path),
          world.label,
        ).toContain(name);
    }
  });
});

describe('the build output', () => {
  it('says when the files cite the stand-in on this machine as their source (no KPU_SOURCE_URL)', () => {
    for (const world of worlds) {
      const output = `${world.run.stdout}\n${world.run.stderr}`;
      const cited = world.manifest.source.url ?? '';
      if (world.demo) expect(output, world.label).not.toContain('an address of this machine');
      else {
        expect(cited).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
        expect(output).toContain(`the files cite ${cited} as their source, an address of this machine`);
      }
    }
  });
});

describe('docs/data.md', () => {
  // The sizes a newcomer reads are this build's: exactly, but for the files whose deflated bytes hold the retrieval
  // time and the release id (the workbooks and the bundles), within 1 %.
  it.skipIf(!HAS_REAL)("gives the real data's sizes as a build of the real files publishes them", async () => {
    const dataDir = path.join((realSite as PublishedSite).distDir, 'data');
    const hint = `docs/data.md, "Sizes for the real data", is not this build's: run npm run docs -- --real-data <a build's dist/data>`;
    const documented = documentedSizes(await readFile(path.resolve(import.meta.dirname, '../../docs/data.md'), 'utf8'));
    const tables = realDataSizeTables(dataDir);
    const built = renderSizeTables(tables).split('\n');
    const lines = (documented ?? '').split('\n');
    expect(lines, hint).toHaveLength(built.length);
    // Each table takes its header, its separator, its rows and a blank line.
    let first = 0;
    for (const table of tables) {
      first += 2;
      table.rows.forEach((row, index) => {
        const at = first + index;
        const cells = (lines[at] ?? '').split(' | ');
        expect(cells, hint).toHaveLength(row.length);
        row.forEach((cell, column) => {
          const text = (cells[column] ?? '').replace(/^\| /, '').replace(/ \|$/, '');
          if (cell.deflated && cell.bytes !== undefined) {
            expect(
              Math.abs(Number(text.replace(/[^0-9]/g, '')) - cell.bytes),
              `${hint} (${lines[at]})`,
            ).toBeLessThanOrEqual(cell.bytes / 100);
            cells[column] = (built[at] ?? '').split(' | ')[column] ?? '';
          }
        });
        lines[at] = cells.join(' | ');
      });
      first += table.rows.length + 1;
    }
    expect(lines, hint).toEqual(built);
  });
});
