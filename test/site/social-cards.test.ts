// Social cards (docs/site.md, "Social cards"): the site stage run on the shared demo data with the site's public
// address (KPU_SITE_URL) gives the home, year, dapil and party pages in both languages an og:image (absolute, 1200 ×
// 630, with its alt text saying the page's figures in the page's number format) and twitter:card
// summary_large_image, and writes that PNG where its URL points; other pages have none. The shared site with the
// address (test/site/site-worlds.ts) and this file's own build with the same settings and a card cache of its own are
// the same site byte for byte, cards included. The shared demo site, built without the address, names no card in its
// heads (og:image must be absolute) and draws none. A rebuild draws no card again: each is kept in the card cache
// under its SVG's hash, and the cache keeps only the cards of the last build. A card cache that cannot be written
// stops the stage with SITE_CARDS_FAILED, naming what stopped it.
import { mkdir, mkdtemp, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentReporter } from '../../scripts/log/progress-reporter.ts';
import { countColumn, flagsOf, loadSiteDataOnce, type SiteData } from '../../scripts/site/site-data.ts';
import { formatCount } from '../../scripts/site/site-format.ts';
import { CARD_TEXT } from '../../scripts/site/cards/card-text.ts';
import { LANGS, pagePath, type Lang, type PageRef } from '../../scripts/site/site-routes.ts';
import { runSiteStage } from '../../scripts/site/site-stage.ts';
import { sharedDemoWorld } from './site-fixtures.ts';
import { DEMO_ADDRESSED, sharedSiteWorld } from './site-worlds.ts';
import { discardFolder } from '../support/test-trash.ts';

const SITE_URL = DEMO_ADDRESSED.siteUrl;
let root: string;
let withUrl: string;
let withUrlApart: string;
let withoutUrl: string;
let site: SiteData;

beforeAll(async () => {
  const [world, addressed] = await Promise.all([sharedDemoWorld(), sharedSiteWorld('demo', DEMO_ADDRESSED)]);
  withoutUrl = world.distDir;
  withUrl = addressed.distDir;
  root = await mkdtemp(path.join(os.tmpdir(), 'kpu-social-cards-'));
  withUrlApart = path.join(root, 'site');
  const dataDir = path.join(world.distDir, 'data');
  await runSiteStage({ dataDir, outDir: withUrlApart, ...DEMO_ADDRESSED, reporter: createSilentReporter() });
  site = await loadSiteDataOnce(dataDir);
});

afterAll(async () => {
  if (root) await discardFolder(root);
});

/** A page of each kind that has a card, and one that has none. */
function samplePages(): Array<{ page: PageRef; card: boolean }> {
  const dapil = site.dapils[0];
  const party = site.profiles[0];
  if (!dapil || !party) throw new Error('the demo data has no dapil or party page');
  const year = site.years.find((view) => view.turnoutRecords.length > 0);
  if (!year) throw new Error('the demo data has no year with voters');
  return [
    { page: { kind: 'home' }, card: true },
    { page: { kind: 'year', year: year.year }, card: true },
    { page: { kind: 'dapil', year: dapil.year, dapilId: dapil.dapilId }, card: true },
    { page: { kind: 'profile', dataset: party.dataset, year: party.year, id: party.id }, card: true },
    { page: { kind: 'downloads' }, card: false },
  ];
}

/** The head's meta tags of a built page: property or name → contents (in order). */
async function headMeta(dir: string, page: string): Promise<Map<string, string[]>> {
  const html = await readFile(path.join(dir, page, 'index.html'), 'utf8');
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string[]>();
  for (const [tag] of head.matchAll(/<meta\s[^>]*>/g)) {
    const key = /\s(?:property|name)="([^"]*)"/.exec(tag)?.[1];
    const content = /\scontent="([^"]*)"/.exec(tag)?.[1]?.replaceAll('&amp;', '&').replaceAll('&#39;', "'");
    if (key !== undefined && content !== undefined) meta.set(key, [...(meta.get(key) ?? []), content]);
  }
  return meta;
}

/** A PNG's width and height from its IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Voters of all lists, both sexes, in some totals. */
function voters(totals: SiteData['years'][number]['totals']): number {
  return (totals[countColumn('total', 'male')]?.sum ?? 0) + (totals[countColumn('total', 'female')]?.sum ?? 0);
}

describe('with KPU_SITE_URL', () => {
  it.each(LANGS)('gives each page kind with a card its Open Graph and X tags (%s)', async (lang: Lang) => {
    for (const { page, card } of samplePages()) {
      const own = pagePath(lang, page);
      const meta = await headMeta(withUrl, own);
      expect(meta.get('og:url'), own).toEqual([new URL(own.slice(1), SITE_URL).href]);
      expect(meta.get('og:title')?.[0], own).toBeTruthy();
      expect(meta.get('og:description')?.[0], own).toBeTruthy();
      if (!card) {
        expect(meta.has('og:image'), own).toBe(false);
        expect(meta.get('twitter:card'), own).toEqual(['summary']);
        continue;
      }
      expect(meta.get('og:image'), own).toEqual([new URL(`${own.slice(1)}card.png`, SITE_URL).href]);
      expect(meta.get('og:image:type'), own).toEqual(['image/png']);
      expect(meta.get('og:image:width'), own).toEqual(['1200']);
      expect(meta.get('og:image:height'), own).toEqual(['630']);
      expect(meta.get('twitter:card'), own).toEqual(['summary_large_image']);
      expect(meta.get('og:image:alt')?.[0], own).toMatch(/\S/);
    }
  });

  it('says in the alt text the figures the card draws, in the number format of its language', async () => {
    const year = site.years.find((view) => view.turnoutRecords.length > 0);
    const dapil = site.dapils[0];
    if (!year || !dapil) throw new Error('the demo data has no year with voters');
    for (const lang of LANGS) {
      const yearAlt = (await headMeta(withUrl, pagePath(lang, { kind: 'year', year: year.year }))).get('og:image:alt');
      expect(yearAlt?.[0]).toContain(formatCount(lang, voters(year.totals)));
      const dapilPage = pagePath(lang, { kind: 'dapil', year: dapil.year, dapilId: dapil.dapilId });
      expect((await headMeta(withUrl, dapilPage)).get('og:image:alt')?.[0]).toContain(
        formatCount(lang, voters(dapil.totals)),
      );
    }
    // The two languages group thousands differently, so the same count reads differently.
    expect(formatCount('id', voters(year.totals))).not.toBe(formatCount('en', voters(year.totals)));
  });

  it('says on the card of a dapil with flagged records that its figures break quality rules, and only there', async () => {
    const flagged = (view: SiteData['dapils'][number]): boolean =>
      view.records.some((record) => flagsOf(record).length > 0);
    const [withFlags, withoutFlags] = [site.dapils.find(flagged), site.dapils.find((view) => !flagged(view))];
    if (!withFlags || !withoutFlags)
      throw new Error('the demo data has no dapil with flagged records, or none without');
    for (const lang of LANGS) {
      const altOf = async (view: SiteData['dapils'][number]): Promise<string> =>
        (await headMeta(withUrl, pagePath(lang, { kind: 'dapil', year: view.year, dapilId: view.dapilId }))).get(
          'og:image:alt',
        )?.[0] ?? '';
      const note = CARD_TEXT[lang].flagged.replace(/\.$/, '');
      expect(await altOf(withFlags)).toContain(note);
      expect(await altOf(withoutFlags)).not.toContain(note);
    }
  });

  it('writes every card its heads name, a 1200 × 630 PNG at the URL', async () => {
    for (const lang of LANGS) {
      for (const { page, card } of samplePages()) {
        if (!card) continue;
        const url = (await headMeta(withUrl, pagePath(lang, page))).get('og:image')?.[0] ?? '';
        const file = path.join(withUrl, new URL(url).pathname.slice(new URL(SITE_URL).pathname.length));
        expect(pngSize(await readFile(file)), url).toEqual({ width: 1200, height: 630 });
      }
    }
  });
});

describe('without KPU_SITE_URL', () => {
  it('names no og:image (it must be absolute) and asks for the small summary card', async () => {
    for (const lang of LANGS) {
      for (const { page } of samplePages()) {
        const meta = await headMeta(withoutUrl, pagePath(lang, page));
        expect(meta.has('og:image')).toBe(false);
        expect(meta.has('og:image:alt')).toBe(false);
        expect(meta.get('twitter:card')).toEqual(['summary']);
      }
    }
  });

  it('draws no card: no page names one', async () => {
    const cards = (await readdir(withoutUrl, { recursive: true })).filter((file) => path.basename(file) === 'card.png');
    expect(cards).toEqual([]);
  });
});

describe('the same data', () => {
  it('gives the same site, byte for byte, every card included, drawn apart by another build with its own card cache', async () => {
    const files = (await readdir(withUrl, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(withUrl, path.join(entry.parentPath, entry.name)))
      .sort();
    const cards = files.filter((file) => path.basename(file) === 'card.png');
    // Every page with a card, in both languages: home, years, dapils, parties.
    expect(cards).toHaveLength(LANGS.length * (1 + site.years.length + site.dapils.length + site.profiles.length));
    // The only PNGs the build draws: the figures' PNGs are drawn in the reader's browser (figure-files.browser).
    expect(files.filter((file) => file.endsWith('.png'))).toEqual(cards);
    const apart = (await readdir(withUrlApart, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(withUrlApart, path.join(entry.parentPath, entry.name)))
      .sort();
    expect(apart).toEqual(files);
    for (const file of files) {
      const [a, b] = await Promise.all([readFile(path.join(withUrl, file)), readFile(path.join(withUrlApart, file))]);
      expect(a.equals(b), file).toBe(true);
    }
  });
});

describe('the card cache', () => {
  it('keeps each card of the last build once, and a rebuild draws none again', async () => {
    const cacheDir = `${withUrlApart}-cards`;
    const cards = (await readdir(withUrlApart, { recursive: true })).filter(
      (file) => path.basename(file) === 'card.png',
    );
    const cached = await readdir(cacheDir);
    expect(cached.every((name) => /^[0-9a-f]{64}\.png$/.test(name))).toBe(true);
    const before = new Map(
      await Promise.all(cached.map(async (name) => [name, (await stat(path.join(cacheDir, name))).mtimeMs] as const)),
    );
    await runSiteStage({
      dataDir: path.join(withoutUrl, 'data'),
      outDir: withUrlApart,
      ...DEMO_ADDRESSED,
      reuse: false,
      reporter: createSilentReporter(),
    });
    const after = await readdir(cacheDir);
    expect(after.sort()).toEqual(cached.sort());
    // Not one written again.
    for (const name of after) expect((await stat(path.join(cacheDir, name))).mtimeMs).toBe(before.get(name));
    // Cards with the same figures share one file (a party's card in both languages differs by its texts).
    expect(after.length).toBeLessThanOrEqual(cards.length);
  });
});

describe('a card cache that cannot be written', () => {
  it('stops the site stage with SITE_CARDS_FAILED, naming what stopped the cards', async () => {
    const outDir = path.join(root, 'blocked', 'site');
    await mkdir(path.dirname(outDir), { recursive: true });
    // A file where the card cache's folder has to be.
    await writeFile(`${outDir}-cards`, 'not a folder\n');
    const failed = runSiteStage({
      dataDir: path.join(withoutUrl, 'data'),
      outDir,
      siteUrl: SITE_URL,
      reporter: createSilentReporter(),
    });
    await expect(failed).rejects.toMatchObject({ code: 'SITE_CARDS_FAILED', stage: 'site' });
    await expect(failed).rejects.toThrow(/the social cards could not be drawn: .*EEXIST.*site-cards/s);
  });
});
