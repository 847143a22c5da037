// One declaration drives every column: a third dataset declared once, in
// test/build/fixture-dataset-declaration.ts, and handed to the registry with KPU_TEST_DATASETS, gets with no other
// change to the code its upstream path on the stand-in, its data files in every format, its data dictionary entries,
// its rows on the downloads page and its pages (one per election year and page key, in every language).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATASETS } from '../../scripts/datasets/datasets.ts';
import { FORMATS } from '../../scripts/formats.ts';
import type { PublishedFile } from '../../scripts/snapshot/snapshot-manifest.ts';
import { demoDataset } from '../../scripts/synthetic/synthetic-data.ts';
import { createBuildWorld, queryDuckDb, type BuildWorld } from '../support/build-fixtures.ts';
import { seatsDataset } from './fixture-dataset-declaration.ts';

// Before any import runs, so this process's registry (and the stand-in upstream it starts) lists the dataset too. The
// test runner may have run other files in this worker before this one (vitest.config.ts: a worker runs file after
// file), so the modules are loaded afresh for this file, and again for the files after it (afterAll): none of them
// sees this file's dataset.
const DECLARATION = vi.hoisted(() => {
  vi.resetModules();
  const file = decodeURIComponent(new URL('./fixture-dataset-declaration.ts', import.meta.url).pathname);
  process.env.KPU_TEST_DATASETS = file;
  return file;
});

/** What the stand-in serves at /api/kursidapil: two years, one count the rules flag ("delapan" is not digits). */
const SEATS = [
  { TahunPemilu: '2019', IdDapil: '0101', NamaDapil: 'CONTOH I', JumlahKursi: '7' },
  { TahunPemilu: '2019', IdDapil: '0102', NamaDapil: 'CONTOH II', JumlahKursi: '8' },
  { TahunPemilu: '2024', IdDapil: '0101', NamaDapil: 'CONTOH I', JumlahKursi: '7' },
  { TahunPemilu: '2024', IdDapil: '0102', NamaDapil: 'CONTOH II', JumlahKursi: 'delapan' },
  { TahunPemilu: '2024', IdDapil: '0103', NamaDapil: 'CONTOH III', JumlahKursi: '10' },
];

let world: BuildWorld;
let files: PublishedFile[];
const site = (page: string): Promise<string> => readFile(path.join(world.distDir, page), 'utf8');

beforeAll(async () => {
  world = await createBuildWorld({ ...demoDataset(), seats: SEATS });
  const run = await world.build([], { KPU_TEST_DATASETS: DECLARATION });
  if (run.code !== 0) throw new Error(`the build with a third dataset failed (${String(run.code)}):\n${run.stderr}`);
  files = (await world.readManifest()).files.filter((file) => file.dataset === 'seats');
}, 300_000);

afterAll(async () => {
  delete process.env.KPU_TEST_DATASETS;
  vi.resetModules();
  await world?.close();
});

describe('a dataset declared once, in a test', () => {
  it('is in the one registry, after the shipped datasets, and harvested from its own path', () => {
    const ids = DATASETS.map((dataset) => dataset.id);
    expect(ids.slice(-1)).toEqual(['seats']);
    expect(ids.slice(0, -1)).toEqual(expect.arrayContaining(['turnout', 'parties', 'dapil-list', 'dapils']));
    expect(ids.filter((id) => id === 'seats')).toHaveLength(1);
    const paths = new Set(world.upstream.requests.map((request) => request.path));
    expect(paths).toContain('/api/kursidapil');
  });

  it('gets its data files in every format, for each year and all years, holding its records', async () => {
    const perDataset = FORMATS.filter((format) => format.perDataset).map((format) => format.id);
    for (const year of [2019, 2024, 'all'] as const) {
      expect(files.filter((file) => file.year === year).map((file) => file.format)).toEqual(perDataset);
    }
    const json = files.find((file) => file.year === 2024 && file.format === 'json') as PublishedFile;
    expect(JSON.parse(await readFile(path.join(world.distDir, 'data', json.path), 'utf8'))).toEqual([
      { election_year: 2024, dapil_id: '0101', dapil_name: 'CONTOH I', seats: 7, quality_flags: [] },
      { election_year: 2024, dapil_id: '0102', dapil_name: 'CONTOH II', seats: null, quality_flags: ['count-digits'] },
      { election_year: 2024, dapil_id: '0103', dapil_name: 'CONTOH III', seats: 10, quality_flags: [] },
    ]);
    const parquet = files.find((file) => file.year === 'all' && file.format === 'parquet') as PublishedFile;
    const rows = await queryDuckDb(
      `SELECT dapil_id, seats::INTEGER AS seats FROM read_parquet('${path.join(world.distDir, 'data', parquet.path)}') ORDER BY ALL`,
    );
    expect(rows).toEqual([
      { dapil_id: '0101', seats: 7 },
      { dapil_id: '0101', seats: 7 },
      { dapil_id: '0102', seats: 8 },
      { dapil_id: '0102', seats: null },
      { dapil_id: '0103', seats: 10 },
    ]);
    expect(json.path).toBe('2024/kpu-dpr-seats-by-dapil-2024.json');
  });

  it('gets its data dictionary entries: the datapackage and the dictionary page in each language', async () => {
    const dataPackage = JSON.parse(await readFile(path.join(world.distDir, 'data/datapackage.json'), 'utf8')) as {
      resources: Array<{ path: string; schema?: { fields: Array<{ name: string }> } }>;
    };
    const resource = dataPackage.resources.find((candidate) =>
      candidate.path.endsWith('kpu-dpr-seats-by-dapil-2024.csv'),
    );
    expect(resource?.schema?.fields.map((field) => field.name)).toEqual(
      seatsDataset.columns.map((column) => column.name),
    );
    for (const [page, lang] of [
      ['kamus-data/index.html', 'id'],
      ['en/data-dictionary/index.html', 'en'],
    ] as const) {
      const html = await site(page);
      expect(html).toContain(`id="seats"`);
      for (const column of seatsDataset.columns) {
        expect(html).toContain(column.name);
        expect(html).toContain(column.title[lang]);
      }
    }
  });

  it('gets its rows on the downloads page', async () => {
    const html = await site('unduh/index.html');
    for (const file of files) expect(html).toContain(`href="/data/${file.path}"`);
  });

  it('gets a page per year and page key in every language, with its files, notes and links', async () => {
    for (const record of SEATS) {
      const year = record.TahunPemilu;
      const id = record.IdDapil;
      const indonesian = await site(`${year}/kursi/${id}/index.html`);
      const english = await site(`en/${year}/seats/${id}/index.html`);
      expect(indonesian).toContain(record.NamaDapil);
      expect(indonesian).toContain(`Dapil ${id}`);
      expect(english).toContain(`Dapil ${id}`);
      expect(english).toContain('<dt>Seats</dt>');
      const stem = `kpu-dpr-seats-by-dapil-${year}-kursi-${id}`;
      expect(indonesian).toContain(`href="/${year}/kursi/${id}/${stem}.csv"`);
      const csv = await site(`${year}/kursi/${id}/${stem}.csv`);
      expect(csv).toContain(record.NamaDapil);
    }
    expect(await site('en/2024/seats/0103/index.html')).toContain('<dd data-column="seats" data-v="10">10</dd>');
    // The flagged record: its note on its page, and the quality page links to it.
    expect(await site('en/2024/seats/0102/index.html')).toContain('count-digits');
    expect(await site('en/data-quality/index.html')).toContain('href="/en/2024/seats/0102/#q3"');
    // Its year pages list them, under its title.
    const year = await site('en/2024/index.html');
    expect(year).toContain(`<h2 id="seats">${seatsDataset.title.en}<a class="anchor" href="#seats"`);
    expect(year).toContain('href="/en/2024/seats/0103/"');
    // The same dapil in the other year, by name.
    expect(await site('2024/kursi/0101/index.html')).toContain('href="/2019/kursi/0101/"');
  });
});
