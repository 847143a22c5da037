// What reaches the published files and pages when the upstream's values are hostile, with the real
// build command against the stand-in: spreadsheet formulas in text, a lone UTF-16 surrogate, bytes that are not
// UTF-8, and election years that are not four digits. The build publishes; the outputs are read as users read them.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QualityReport } from '../../scripts/check/quality-check.ts';
import type { NormalizedRecord } from '../../scripts/normalize/normalize-records.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { createInvalidUtf8Answer } from '../../scripts/upstream/hostile-outputs.ts';
import { createBuildWorld, queryDuckDb, type BuildWorld } from '../support/build-fixtures.ts';

const FORMULA = '=HYPERLINK("http://evil.example","click")';
const INVALID_UTF8_MARKER = '@@NOT-UTF8@@';

const turnout = generateTurnoutRecords({ years: [2024], dapils: 2, regenciesPerDapil: 2, seed: 11 });
const parties = generatePartyRecords({ years: [2024], parties: 3, seed: 11 });
const [t0, t1, t2, t3] = turnout as [
  Record<string, string>,
  Record<string, string>,
  Record<string, string>,
  Record<string, string>,
];
t0.NamaKabupaten = FORMULA;
t1.NamaKabupaten = '\t-2+3';
t2.NamaKabupaten = 'KOTA \uD800 LONE';
t3.NamaKabupaten = `KOTA ${INVALID_UTF8_MARKER}`;
const [p0, p1] = parties as [Record<string, string>, Record<string, string>];
p0.NamaPartai = '+PARTAI =1+1';
p1.KetuaUmum = '@ketua';
// A fullwidth equals sign, which NFKC (or an East Asian input method) makes a live "=".
const FULLWIDTH_FORMULA = '＝HYPERLINK("http://evil.example","click")';
p0.KetuaUmum = FULLWIDTH_FORMULA;
// Years that are not four digits: flagged year-format, in the all-years files only, on no page.
const ODD_YEARS = ['99999', '0', 'abc'];
turnout.push(
  // Real regencies of the dapil's province (1101, Aceh), so only the year is wrong.
  ...ODD_YEARS.map((year, index) => ({
    ...t0,
    TahunPemilu: year,
    NamaKabupaten: ['ACEH BARAT', 'ACEH BESAR', 'ACEH JAYA'][index] as string,
  })),
);
parties.push({ ...(parties[2] as Record<string, string>), tahunPemilu: '99999' });

let world: BuildWorld;
let manifest: SnapshotManifest;
const dataFile = (relative: string): string => path.join(world.distDir, 'data', relative);
const readJson = async <T>(relative: string): Promise<T> => JSON.parse(await readFile(dataFile(relative), 'utf8')) as T;

/** A CSV as records keyed by the header, read with a CSV parser. */
async function readCsv(file: string): Promise<Record<string, string>[]> {
  return parse(await readFile(file, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
}

beforeAll(async () => {
  world = await createBuildWorld(
    { turnout, parties },
    { hostile: createInvalidUtf8Answer({ dataset: 'turnout', marker: INVALID_UTF8_MARKER }) },
  );
  const run = await world.build(['--json']);
  expect(run.code, run.stderr).toBe(0);
  manifest = await world.readManifest();
}, 240_000);
afterAll(() => world?.close());

describe('spreadsheet formulas', () => {
  it('are neutralized with a leading quote in the per-year and all-years CSVs', async () => {
    for (const year of ['2024', 'all-years']) {
      const rows = await readCsv(dataFile(`${year}/kpu-dpr-turnout-by-sex-${year}.csv`));
      expect(rows.map((row) => row.regency_name)).toEqual(expect.arrayContaining([`'${FORMULA}`, "'-2+3"]));
      expect(rows.some((row) => row.regency_name === FORMULA)).toBe(false);
      const partyRows = await readCsv(dataFile(`${year}/kpu-party-profiles-${year}.csv`));
      expect(partyRows.map((row) => row.party_name)).toContain("'+PARTAI =1+1");
      expect(partyRows.map((row) => row.general_chair)).toContain("'@ketua");
      expect(partyRows.map((row) => row.general_chair)).toContain(`'${FULLWIDTH_FORMULA}`);
      expect(partyRows.some((row) => row.general_chair === FULLWIDTH_FORMULA)).toBe(false);
      // Numbers stay bare numbers.
      for (const row of rows) expect(row.dpt_male).toMatch(/^[0-9]+$/);
    }
  });

  it('are neutralized in the per-page CSVs of the site', async () => {
    const dapilCsv = path.join(
      world.distDir,
      '2024',
      'dapil',
      String(t0.IdDapil),
      `kpu-dpr-turnout-by-sex-2024-dapil-${String(t0.IdDapil)}.csv`,
    );
    expect((await readCsv(dapilCsv)).map((row) => row.regency_name)).toContain(`'${FORMULA}`);
    const partyCsv = path.join(
      world.distDir,
      '2024',
      'partai',
      String(p0.NomorUrutPartai),
      `kpu-party-profiles-2024-partai-${String(p0.NomorUrutPartai)}.csv`,
    );
    expect((await readCsv(partyCsv)).map((row) => row.party_name)).toEqual(['+PARTAI =1+1'].map((name) => `'${name}`));
  });

  it('keep their exact value in the JSON, Parquet and raw files', async () => {
    const json = await readJson<NormalizedRecord[]>('2024/kpu-dpr-turnout-by-sex-2024.json');
    expect(json.map((record) => record.regency_name)).toEqual(expect.arrayContaining([FORMULA, '-2+3']));
    const parquet = await queryDuckDb(
      `SELECT regency_name FROM '${dataFile('2024/kpu-dpr-turnout-by-sex-2024.parquet')}' ORDER BY regency_name`,
    );
    expect(parquet.map((row) => row.regency_name)).toEqual(expect.arrayContaining([FORMULA, '-2+3']));
    const raw = await readJson<Record<string, string>[]>('2024/kpu-dpr-turnout-by-sex-2024.raw.json');
    expect(raw.map((record) => record.NamaKabupaten)).toEqual(expect.arrayContaining([FORMULA, '\t-2+3']));
    const parties = await readJson<NormalizedRecord[]>('2024/kpu-party-profiles-2024.json');
    expect(parties.map((record) => record.general_chair)).toContain(FULLWIDTH_FORMULA);
  });
});

describe('text that is not valid Unicode or not UTF-8', () => {
  it('publishes a lone surrogate as U+FFFD, flagged text-unicode, and keeps it escaped in the raw file', async () => {
    const json = await readJson<NormalizedRecord[]>('all-years/kpu-dpr-turnout-by-sex-all-years.json');
    // The broken name matches no official regency either (region-code-match).
    expect(json.find((record) => record.regency_name === 'KOTA \uFFFD LONE')?.quality_flags).toEqual([
      'region-code-match',
      'text-unicode',
    ]);
    const rawText = await readFile(dataFile('2024/kpu-dpr-turnout-by-sex-2024.raw.json'), 'utf8');
    expect(rawText).toContain('"KOTA \\ud800 LONE"');
    const raw = JSON.parse(rawText) as Record<string, string>[];
    expect(raw.map((record) => record.NamaKabupaten)).toContain('KOTA \uD800 LONE');
    const csv = await readCsv(dataFile('2024/kpu-dpr-turnout-by-sex-2024.csv'));
    expect(csv.find((row) => row.regency_name === 'KOTA \uFFFD LONE')?.quality_flags).toBe(
      'region-code-match;text-unicode',
    );
  });

  it('flags the U+FFFD of bytes that were not UTF-8 as text-utf8', async () => {
    const json = await readJson<NormalizedRecord[]>('all-years/kpu-dpr-turnout-by-sex-all-years.json');
    expect(json.find((record) => record.regency_name === 'KOTA \uFFFD\uFFFD(')?.quality_flags).toEqual([
      'region-code-match',
      'text-utf8',
    ]);
  });

  it('lists both in the quality report and on the records pages', async () => {
    const quality = await readJson<QualityReport>('quality-report.json');
    const turnoutReport = quality.datasets.find((report) => report.dataset === 'turnout');
    const byRule = (rule: string) => turnoutReport?.violations.filter((violation) => violation.ruleId === rule) ?? [];
    expect(byRule('text-unicode')).toHaveLength(1);
    expect(byRule('text-unicode')[0]?.values).toEqual({ NamaKabupaten: 'KOTA \uD800 LONE' });
    expect(byRule('text-utf8')).toHaveLength(1);
    expect(byRule('text-utf8')[0]?.values).toEqual({ NamaKabupaten: 'KOTA \uFFFD\uFFFD(' });
    const markdown = await readFile(dataFile('quality-report.md'), 'utf8');
    expect(markdown).toContain('text-unicode');
    expect(markdown).toContain('text-utf8');
    const page = (dapil: string) =>
      readFile(path.join(world.distDir, 'en', '2024', 'dapil', dapil, 'index.html'), 'utf8');
    expect(await page(String(t2.IdDapil))).toContain('text-unicode');
    expect(await page(String(t3.IdDapil))).toContain('text-utf8');
  });
});

describe('election years that are not four digits', () => {
  it('are in the all-years files only, flagged year-format', async () => {
    expect(manifest.years).toEqual([2024]);
    expect(manifest.files.filter((file) => file.year !== 'all' && file.year !== 2024)).toEqual([]);
    for (const year of ['99999', '0']) expect(existsSync(dataFile(year))).toBe(false);
    const all = await readJson<NormalizedRecord[]>('all-years/kpu-dpr-turnout-by-sex-all-years.json');
    expect(
      all
        .filter((record) => record.election_year !== 2024)
        .map((record) => [record.election_year, record.quality_flags]),
    ).toEqual([
      [99999, ['year-format']],
      [0, ['year-format']],
      [null, ['year-format']],
    ]);
    const year2024 = await readJson<NormalizedRecord[]>('2024/kpu-dpr-turnout-by-sex-2024.json');
    expect(year2024).toHaveLength(4);
  });

  it('get no pages on the site', async () => {
    for (const prefix of ['', 'en']) {
      for (const year of ['99999', '0', 'abc']) expect(existsSync(path.join(world.distDir, prefix, year))).toBe(false);
    }
    const home = await readFile(path.join(world.distDir, 'en', 'index.html'), 'utf8');
    expect(home).not.toMatch(/href="[^"]*\/(99999|0)\/"/);
    const quality = await readFile(path.join(world.distDir, 'en', 'data-quality', 'index.html'), 'utf8');
    expect(quality).toContain(
      '4 records whose election year is unreadable or not four digits are in the all-years files only.',
    );
  });
});
