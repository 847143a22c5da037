// Charts and maps to take away (docs/site.md, "Charts and maps to take away"): on the shared demo site and the real-data
// site, every figure of every page has its SVG, CSV and embed links and its PNG button; each file exists, the SVG
// stands alone (its title, source line and licence), the CSV (the downloads' CSV rules) gives exactly the figures the
// page shows (its map table, its records, its totals); every PNG button draws its own figure's SVG (its data-svg) and
// saves it under the SVG's name. In Chromium every figure's SVG is an image the browser draws at its own size, and the
// PNG button of each kind of figure on each kind of page in each language (share.js's one click handler, the compare
// page's charts in their template included) downloads a PNG of twice its SVG's size; without JavaScript the button is
// not shown. The embed page of each kind of figure in each language renders alone in Chromium with its title, figure
// and source line linking the full page, noindex, axe clean; every snippet names its embed page. The shared builds under the base path /kpu/ and with the site's address
// link them all under it and by it, with the same SVG and CSV bytes as the build without them (that a whole site is
// the same bytes again from the same data: social-cards.test.ts; without the site's address,
// test/build/determinism.test.ts).
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_PAGE_SUFFIX } from '../../scripts/site/figure-files.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { countColumn, loadSiteDataOnce, numberValue, textValue, type SiteData } from '../../scripts/site/site-data.ts';
import { startStaticServer } from '../../scripts/site/static-server.ts';
import { readAllFiles } from '../support/harvest-fixtures.ts';
import { axeViolations, listPagePaths } from './site-checks.ts';
import {
  buildDemoSite,
  buildRealSite,
  KEEP_SCREENSHOTS,
  launchChromium,
  saveFullPageScreenshot,
  SCREENSHOT_DIR,
  type PublishedSite,
} from './site-fixtures.ts';
import { DEMO_ADDRESSED, sharedSiteWorld, type SiteSettings } from './site-worlds.ts';

const SITE_URL = DEMO_ADDRESSED.siteUrl;
/** The demo under /kpu/ as compare, site-demo and table-filter read it (the same settings: the same shared world). */
const DEMO_UNDER_KPU: SiteSettings = { base: '/kpu/', withData: true };

/** A figure's links as a page gives them (`png`: the PNG button's file name; `pngSvg`: the SVG it draws). */
interface FigureLinks {
  page: string;
  svg: string;
  png: string;
  pngSvg: string;
  csv: string;
  embed: string;
  snippet: string;
  label: string;
}

const decode = (text: string) =>
  text
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

/** Every figure's links on a built page: the takeaway group's three links, its PNG button and its snippet. */
function figureLinksOf(page: string, html: string): FigureLinks[] {
  return [
    ...html.matchAll(/<div class="takeaway[^"]*" role="group" aria-label="([^"]*)"[^>]*>([\s\S]*?)<\/details>/g),
  ].map(([, label = '', group = '']) => {
    const hrefs = [...group.matchAll(/<a href="([^"]*)"/g)].map((match) => decode(match[1] ?? ''));
    const snippet = decode(/<textarea[^>]*>([\s\S]*?)<\/textarea>/.exec(group)?.[1] ?? '');
    const ending = (end: string) => hrefs.find((href) => href.endsWith(end)) ?? '';
    const [svg, csv, embed] = ['.svg', '.csv', EMBED_PAGE_SUFFIX].map(ending) as [string, string, string];
    const button = /<button type="button" data-svg="([^"]*)" data-file="([^"]*)"/.exec(group);
    const [pngSvg, png] = [decode(button?.[1] ?? ''), decode(button?.[2] ?? '')];
    return { page, svg, png, pngSvg, csv, embed, snippet, label: decode(label) };
  });
}

/** A PNG's width and height from its IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A CSV's rows as csv-parse reads it, the BOM checked and skipped. */
function csvRows(bytes: Buffer): Array<Record<string, string>> {
  expect(bytes.subarray(0, 3).toString('hex')).toBe('efbbbf');
  expect(bytes.toString('utf8')).toMatch(/\r\n$/);
  return parse(bytes, { bom: true, columns: true }) as Array<Record<string, string>>;
}

const numberOrNull = (value: string | undefined) => (value === undefined || value === '' ? null : Number(value));

/**
 * How many charts and maps a page draws, those in a template (the compare page's, shown by its script) included; a
 * table row's small bar (`svg.mini`, aria-hidden) is part of its row, whose figures the table gives.
 */
function drawnFigures(html: string): number {
  return [...html.matchAll(/<svg class="(?:chart|map)"/g)].length;
}

/** Reads every figure of a built site, with its files; every chart and map of every page has its links. */
async function readFigures(distDir: string, base = '/'): Promise<FigureLinks[]> {
  const figures: FigureLinks[] = [];
  const without: string[] = [];
  for (const page of await listPagePaths(distDir)) {
    const html = await readFile(path.join(distDir, page.endsWith('/') ? `${page}index.html` : page), 'utf8');
    const links = figureLinksOf(page, html);
    if (links.length !== drawnFigures(html))
      without.push(`${page}: ${drawnFigures(html)} charts and maps, ${links.length} with their links`);
    figures.push(...links);
  }
  expect(without).toEqual([]);
  for (const figure of figures) {
    for (const href of [figure.svg, figure.csv, figure.embed]) expect(href.startsWith(base), href).toBe(true);
  }
  return figures;
}

const fileOf = (distDir: string, href: string, base = '/') => path.join(distDir, href.slice(base.length));

/** The checks of a built site's figures: `site` its data. Returns the figures, for the browser checks. */
async function checkFigureFiles(distDir: string, site: SiteData): Promise<FigureLinks[]> {
  const figures = await readFigures(distDir);
  for (const figure of figures) {
    const svg = await readFile(fileOf(distDir, figure.svg), 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="(\d+)" height="(\d+)"/);
    // Self-contained: its own styles, no link out, its source and licence written in it.
    expect(svg).toContain('<style>');
    expect(svg).not.toMatch(/<a |href=|xlink:href="http/);
    expect(svg).toMatch(/(Sumber|Source): /);
    expect(svg).toMatch(/lisensi|licence/);
    // The PNG button draws the figure's SVG in the browser, and saves it under the SVG's name: no PNG file is written.
    expect(figure.pngSvg).toBe(figure.svg);
    expect(figure.png).toBe(path.basename(figure.svg).replace(/\.svg$/, '.png'));
    expect(existsSync(fileOf(distDir, figure.svg.replace(/\.svg$/, '.png')))).toBe(false);
    const rows = csvRows(await readFile(fileOf(distDir, figure.csv)));
    expect(rows.length).toBeGreaterThan(0);
    checkCsvFigures(figure, rows, site, await readFile(path.join(distDir, figure.page, 'index.html'), 'utf8'));
    const embed = await readFile(fileOf(distDir, figure.embed), 'utf8');
    expect(embed).toContain('<meta name="robots" content="noindex">');
    expect(figure.snippet).toMatch(
      new RegExp(`^<iframe src="${figure.embed}" title="[^"]+" width="\\d+" height="\\d+"`),
    );
  }
  return figures;
}

/** The CSV's figures against what the page shows: its map table's values, its records, its year's totals. */
function checkCsvFigures(figure: FigureLinks, rows: Array<Record<string, string>>, site: SiteData, html: string): void {
  const name = path.basename(figure.csv);
  const year = /\/(\d{4})\//.exec(figure.page)?.[1];
  const male = countColumn('total', 'male');
  const female = countColumn('total', 'female');
  if (name.startsWith('kpu-map-') || name.startsWith('kpu-tile-grid-')) {
    // Each province with figures (a shape of the map, a square of the tile grid): the value the page's map table gives
    // it (data-v), for the measure.
    const measure = /^kpu-(?:map|tile-grid)-([a-z]+)/.exec(name)?.[1] ?? '';
    const column = Object.keys(rows[0] ?? {})[3] ?? '';
    for (const row of rows) {
      if (row.figures_of_province_code !== '' || row[column] === '') continue;
      const cell = new RegExp(
        `<tr id="prov-${row.province_code}">[\\s\\S]*?<td class="n" data-measure="${measure}" data-v="([^"]+)"`,
      ).exec(html);
      // The home page has no table: its map's figures are the year page's.
      if (cell) expect(Number(row[column])).toBeCloseTo(Number(cell[1]), 6);
    }
    return;
  }
  if (name.startsWith('kpu-across-years')) {
    // Voters per year: the national totals on the home page, the dapil's own records' sum on a dapil page, the sum of
    // the province's records on the compare page.
    const total = countColumn('total', 'total');
    const dapilId = /\/dapil\/([^/]+)\//.exec(figure.page)?.[1];
    const province = /^kpu-across-years-p(\d+)-/.exec(name)?.[1];
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      if (province !== undefined) {
        const view = site.years.find((each) => String(each.year) === row.election_year);
        const values = (view?.turnoutRecords ?? [])
          .filter((record) => textValue(record, turnoutDataset.roles.provinceCode ?? '') === province)
          .map((record) => numberValue(record, total))
          .filter((v) => v !== null);
        expect(numberOrNull(row.voters)).toBe(values.length === 0 ? null : values.reduce((a, b) => a + b, 0));
      } else if (dapilId === undefined) {
        const view = site.years.find((each) => String(each.year) === row.election_year);
        const sum = view?.totals[total];
        expect(numberOrNull(row.voters)).toBe(sum === undefined || sum.given === 0 ? null : sum.sum);
      } else {
        const view = site.dapils.find((each) => String(each.year) === row.election_year && each.dapilId === dapilId);
        const values = (view?.records ?? []).map((record) => numberValue(record, total)).filter((v) => v !== null);
        expect(numberOrNull(row.voters)).toBe(values.length === 0 ? null : values.reduce((a, b) => a + b, 0));
      }
    }
    return;
  }
  if (figure.page.includes('/dapil/')) {
    const dapilId = /\/dapil\/([^/]+)\//.exec(figure.page)?.[1];
    const view = site.dapils.find((each) => String(each.year) === year && each.dapilId === dapilId);
    expect(view).toBeDefined();
    rows.forEach((row, index) => {
      const record = view?.records[index];
      if (!record) throw new Error(`${name}: more rows than the dapil's records`);
      if (name.startsWith('kpu-sex-split')) {
        expect(numberOrNull(row.male)).toBe(numberValue(record, male));
        expect(numberOrNull(row.female)).toBe(numberValue(record, female));
      } else {
        expect(numberOrNull(row.dpt)).toBe(numberValue(record, countColumn('dpt', 'total')));
        expect(numberOrNull(row.dptb)).toBe(numberValue(record, countColumn('dptb', 'total')));
        expect(numberOrNull(row.dpk)).toBe(numberValue(record, countColumn('dpk', 'total')));
      }
    });
    return;
  }
  if (name.startsWith('kpu-sex-split') && year === undefined) {
    // The home page: one row per year with voters, its national totals.
    for (const row of rows) {
      const view = site.years.find((each) => String(each.year) === row.name);
      expect(numberOrNull(row.male)).toBe(view?.totals[male]?.sum ?? null);
      expect(numberOrNull(row.female)).toBe(view?.totals[female]?.sum ?? null);
    }
    return;
  }
  if (name.startsWith('kpu-sex-split')) {
    // A year page: one row per province, which add up to the year's totals.
    const view = site.years.find((each) => String(each.year) === year);
    const sum = (key: 'male' | 'female') => rows.reduce((all, row) => all + (numberOrNull(row[key]) ?? 0), 0);
    expect(sum('male')).toBe(view?.totals[male]?.sum);
    expect(sum('female')).toBe(view?.totals[female]?.sum);
    return;
  }
  if (name.startsWith('kpu-women-quota')) {
    const parties = site.partyViews.filter((view) => String(view.year) === year);
    expect(rows.length).toBe(parties.length);
    return;
  }
  throw new Error(`${name}: a figure this test does not know`);
}

/**
 * Opens embed pages in Chromium at each of `widths`: each alone, its title, figure and source line, its full page
 * linked, no sideways scroll; axe clean at the first width (an embed page is one template around its figure, and no
 * colour or element of it changes with the width; AXE_WIDTH in layout.browser.test.ts says the same of the pages).
 */
async function checkEmbedPages(
  browser: Browser,
  site: PublishedSite,
  figures: readonly FigureLinks[],
  widths: readonly number[],
  shots: string,
) {
  const problems: string[] = [];
  if (shots !== '') await mkdir(SCREENSHOT_DIR, { recursive: true });
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    try {
      for (const figure of figures) {
        await page.goto(new URL(figure.embed.slice(1), site.server.url).href);
        expect(await page.locator('nav, header, footer').count()).toBe(0);
        expect(await page.locator('h1').textContent()).toBe(/title="([^"]*)"/.exec(figure.snippet)?.[1]);
        expect(await page.locator('figure svg').isVisible()).toBe(true);
        const source = page.locator('p.source a[target="_top"]');
        expect(await page.locator('p.source').first().textContent()).toMatch(/^(Sumber|Source): /);
        const full = await source.getAttribute('href');
        expect(full).toBe(figure.page);
        expect((await fetch(new URL((full ?? '/').slice(1), site.server.url))).status).toBe(200);
        // A text's own fill (the tile grid's white labels on its darkest class) is not overridden by the page's style.
        const recoloured = await page.locator('svg text[fill]').evaluateAll((texts) =>
          texts.flatMap((text) => {
            const probe = document.createElement('span');
            probe.style.color = text.getAttribute('fill') ?? '';
            document.body.append(probe);
            const own = getComputedStyle(probe).color;
            probe.remove();
            return getComputedStyle(text).fill === own ? [] : [text.textContent ?? ''];
          }),
        );
        if (recoloured.length > 0)
          problems.push(`${figure.embed}: text drawn in another fill: ${recoloured.join(' ')}`);
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        if (sideways) problems.push(`${figure.embed} at ${width} px scrolls sideways`);
        if (width === widths[0])
          for (const violation of await axeViolations(page)) problems.push(`${figure.embed}: axe ${violation.id}`);
        if (shots !== '')
          await saveFullPageScreenshot(
            page,
            path.join(SCREENSHOT_DIR, `embed-${shots}-${path.basename(figure.embed, '.html')}-${width}.png`),
          );
      }
    } finally {
      await context.close();
    }
  }
  expect(problems).toEqual([]);
}

/**
 * A figure of each kind on each kind of page, in each language: the page's path with its years and codes left out
 * ("/en/#/dapil/#/") and the figure's file name with its year, province and language ("kpu-across-years"), so the
 * home page's, a year page's, a dapil page's and the compare page's template's each count.
 */
function sample(figures: readonly FigureLinks[]): FigureLinks[] {
  const kinds = new Map<string, FigureLinks>();
  for (const figure of figures) {
    const kind = `${figure.page.replace(/\d+/g, '#')} ${path.basename(figure.csv).replace(/-p\d+-.*|-\d{4}.*|\.csv$/, '')}`;
    if (!kinds.has(kind)) kinds.set(kind, figure);
  }
  return [...kinds.values()];
}

/** A figure of each kind in each language, for its embed page: one template around the figure, whatever its page. */
function embedSample(figures: readonly FigureLinks[]): FigureLinks[] {
  const kinds = new Map<string, FigureLinks>();
  for (const figure of figures) {
    const kind = `${figure.page.startsWith('/en/') ? 'en' : 'id'} ${path.basename(figure.csv).replace(/-p\d+-.*|-\d{4}.*|\.csv$/, '')}`;
    if (!kinds.has(kind)) kinds.set(kind, figure);
  }
  return [...kinds.values()];
}

/**
 * Every figure's SVG drawn by Chromium as the PNG button draws it (an image from the SVG's address, on a page of the
 * site): those it cannot draw, or draws at another size than its width and height say.
 */
async function undrawnSvgs(browser: Browser, site: PublishedSite, figures: readonly FigureLinks[]): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(site.server.url);
    const svgs = [...new Set(figures.map((figure) => figure.svg))];
    const expected = await Promise.all(
      svgs.map(async (svg) => {
        const [, width = '0', height = '0'] =
          /width="(\d+)" height="(\d+)"/.exec(await readFile(fileOf(site.distDir, svg), 'utf8')) ?? [];
        return `${width} × ${height}`;
      }),
    );
    const drawn = await page.evaluate(
      (hrefs) =>
        Promise.all(
          hrefs.map(async (href) => {
            const image = new Image();
            image.src = href;
            try {
              await image.decode();
              return `${image.naturalWidth} × ${image.naturalHeight}`;
            } catch {
              return 'not drawn';
            }
          }),
        ),
      svgs,
    );
    return svgs.flatMap((svg, index) => (drawn[index] === expected[index] ? [] : [`${svg}: ${drawn[index]}`]));
  } finally {
    await context.close();
  }
}

describe('charts and maps to take away, demo data', () => {
  let site: PublishedSite;
  let browser: Browser;
  let data: SiteData;
  let figures: FigureLinks[];

  beforeAll(async () => {
    [site, browser] = await Promise.all([buildDemoSite(), launchChromium()]);
    data = await loadSiteDataOnce(site.dataDir);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('links every figure of every page to its SVG, PNG, CSV and embed page, the CSV giving the figures the page shows', async () => {
    figures = await checkFigureFiles(site.distDir, data);
    // The home page's charts and map; each year page's chart and three maps; each dapil page's two charts and, with
    // two years of figures, its chart across years.
    const pages = new Set(figures.map((figure) => figure.page));
    expect(pages.has('/')).toBe(true);
    expect(pages.has('/en/2024/')).toBe(true);
    expect(figures.filter((figure) => figure.page === '/en/2024/dapil/1101/').length).toBe(3);
    expect(figures.filter((figure) => figure.page === '/2024/').map((figure) => path.basename(figure.svg))).toEqual(
      expect.arrayContaining([
        'kpu-sex-split-2024.svg',
        'kpu-map-voters-2024.svg',
        'kpu-map-women-2024.svg',
        'kpu-tile-grid-voters-2024.svg',
        'kpu-tile-grid-women-2024.svg',
        'kpu-tile-grid-outside-2024.svg',
      ]),
    );
    expect(figures.filter((figure) => figure.page === '/').map((figure) => path.basename(figure.svg))).toEqual(
      expect.arrayContaining(['kpu-map-voters.svg', 'kpu-tile-grid-voters.svg']),
    );
    // The compare page's chart across years of each province with two years of figures (shown as one is chosen).
    expect(
      figures.filter((figure) => figure.page === '/en/compare/').map((figure) => path.basename(figure.svg)),
    ).toContain('kpu-across-years-p11-en-compare.svg');
    // Each link's name says which figure, in the page's language.
    const english = figures.find((figure) => figure.page === '/en/2024/dapil/1101/');
    expect(english?.label).toMatch(/^Download or embed: /);
    const html = await readFile(path.join(site.distDir, 'en/2024/dapil/1101/index.html'), 'utf8');
    expect(html).toContain(`aria-label="SVG of ${english?.label.replace('Download or embed: ', '')}"`);
    // No embed page is one of the site's pages: none in the list of pages the site's checks and its sitemap cover.
    expect((await listPagePaths(site.distDir)).some((page) => page.endsWith(EMBED_PAGE_SUFFIX))).toBe(false);
  });

  it(
    "downloads each kind of chart and map as a PNG of twice its SVG's size, drawn by the browser from every figure's SVG",
    { timeout: 600_000 },
    async () => {
      // Every SVG is an image Chromium draws at its size: what the one click handler of share.js draws on its canvas.
      expect(await undrawnSvgs(browser, site, figures)).toEqual([]);
      const drawn = sample(figures);
      const context = await browser.newContext({ acceptDownloads: true });
      const page = await context.newPage();
      const wrong: string[] = [];
      let downloads = 0;
      try {
        for (const pagePath of new Set(drawn.map((figure) => figure.page))) {
          await page.goto(new URL(pagePath.slice(1), site.server.url).href);
          // Shown, on the page and in its templates (the compare page's charts, shown as a choice is made).
          const hidden = await page.evaluate(() =>
            [document, ...[...document.querySelectorAll('template')].map((template) => template.content)].reduce(
              (count, root) => count + root.querySelectorAll('[data-figure-png][hidden]').length,
              0,
            ),
          );
          if (hidden > 0) wrong.push(`${pagePath}: ${hidden} PNG buttons not shown`);
          // The templates' charts put on the page, as compare.js does once a choice is made.
          await page.evaluate(() =>
            document.querySelectorAll('template').forEach((template) => {
              if (template.content.querySelector('[data-figure-png]'))
                document.body.append(template.content.cloneNode(true));
            }),
          );
          for (const figure of drawn.filter((each) => each.page === pagePath)) {
            const button = page.locator(`[data-figure-png] button[data-file="${figure.png}"]`).first();
            const [download] = await Promise.all([page.waitForEvent('download'), button.dispatchEvent('click')]);
            const svg = await readFile(fileOf(site.distDir, figure.svg), 'utf8');
            const [, width = '0', height = '0'] = /width="(\d+)" height="(\d+)"/.exec(svg) ?? [];
            const size = pngSize(await readFile(await download.path()));
            if (
              download.suggestedFilename() !== figure.png ||
              size.width !== 2 * Number(width) ||
              size.height !== 2 * Number(height)
            )
              wrong.push(`${figure.svg}: ${download.suggestedFilename()} ${size.width} × ${size.height}`);
            downloads += 1;
          }
        }
      } finally {
        await context.close();
      }
      expect(wrong).toEqual([]);
      expect(downloads).toBe(drawn.length);
      // Each kind in both languages, on the home, year, dapil and compare pages (the compare page's from its template).
      const names = drawn.map((figure) => path.basename(figure.svg));
      expect(names).toEqual(
        expect.arrayContaining(
          [
            /^kpu-across-years-p\d+-bandingkan\.svg$/,
            /^kpu-across-years-p\d+-en-compare\.svg$/,
            /^kpu-map-voters-en\.svg$/,
            /^kpu-tile-grid-women-\d{4}\.svg$/,
            /^kpu-women-quota-en-\d{4}\.svg$/,
            /^kpu-voter-lists-en-\d{4}-dapil-\d+\.svg$/,
          ].map((name) => expect.stringMatching(name)),
        ),
      );
      expect(new Set(drawn.map((figure) => figure.page.startsWith('/en/'))).size).toBe(2);
    },
  );

  it('renders each embed page alone in Chromium, with its source line, axe clean', { timeout: 600_000 }, async () => {
    await checkEmbedPages(browser, site, embedSample(figures), [390, 1280], KEEP_SCREENSHOTS ? 'demo' : '');
  });

  it('shows the copy button only with the Clipboard API, and copies the snippet', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      const page = await context.newPage();
      await page.goto(new URL('en/2024/', site.server.url).href);
      const group = page.locator('.takeaway').first();
      await group.locator('summary').click();
      const button = group.locator('button[data-copy-embed]');
      await button.click();
      // The status follows the clipboard's promise.
      await expect.poll(() => group.locator('[role=status]').textContent()).toBe('Code copied.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        await group.locator('textarea').inputValue(),
      );
    } finally {
      await context.close();
    }
    const plain = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await plain.newPage();
      await page.goto(new URL('en/2024/', site.server.url).href);
      const group = page.locator('.takeaway').first();
      await group.locator('summary').click();
      expect(await group.locator('textarea').isVisible()).toBe(true);
      expect(await group.locator('button[data-copy-embed]').isHidden()).toBe(true);
      // No PNG button without the script that draws it; the SVG link stays.
      expect(await group.locator('[data-figure-png]').isHidden()).toBe(true);
      expect(await group.locator('a[href$=".svg"]').isVisible()).toBe(true);
    } finally {
      await plain.close();
    }
  });

  it(
    "links every file under a base path and by the site's address, with the same bytes as the build without them",
    { timeout: 600_000 },
    async () => {
      // The shared builds of the site stage from the same data: under /kpu/ (as compare, site-demo and table-filter read
      // it) and with the site's address (as page-tools reads it), each in a folder of its own with a card cache of its
      // own (that a whole site is the same bytes again from the same data: social-cards.test.ts).
      const [based, addressed] = await Promise.all([
        sharedSiteWorld('demo', DEMO_UNDER_KPU),
        sharedSiteWorld('demo', DEMO_ADDRESSED),
      ]);
      const basedFigures = await readFigures(based.distDir, '/kpu/');
      expect(basedFigures.length).toBe(figures.length);
      const server = await startStaticServer({ root: based.distDir, base: '/kpu/' });
      try {
        for (const figure of basedFigures) {
          expect(figure.pngSvg).toBe(figure.svg);
          for (const href of [figure.svg, figure.csv, figure.embed]) {
            expect(href.startsWith('/kpu/'), href).toBe(true);
            expect((await fetch(new URL(href, server.url))).status, href).toBe(200);
          }
          // Without the site's address, the snippet and the embed page's link to its full page are under the base path.
          expect(figure.snippet).toContain(`src="${figure.embed}"`);
          const embed = await readFile(fileOf(based.distDir, figure.embed, '/kpu/'), 'utf8');
          expect(/<a href="([^"]*)" target="_top">/.exec(embed)?.[1]).toBe(`/kpu${figure.page}`);
        }
      } finally {
        await server.close();
      }
      const addressedFigures = await readFigures(addressed.distDir);
      expect(addressedFigures.length).toBe(figures.length);
      for (const figure of addressedFigures) {
        // The snippet names the embed page by its public address; the embed page links its full page by its own.
        expect(figure.snippet).toContain(`src="${new URL(figure.embed.slice(1), SITE_URL).href}"`);
        const embed = await readFile(fileOf(addressed.distDir, figure.embed), 'utf8');
        expect(/<a href="([^"]*)" target="_top">/.exec(embed)?.[1]).toBe(new URL(figure.page.slice(1), SITE_URL).href);
      }
      // Same data, same bytes: every figure file alike under the base path, with the address and without either.
      for (const figure of basedFigures) {
        const own = (href: string) => href.slice('/kpu'.length);
        for (const key of ['svg', 'csv'] as const) {
          const bytes = await readFile(fileOf(based.distDir, figure[key], '/kpu/'));
          expect(bytes.equals(await readFile(fileOf(addressed.distDir, own(figure[key])))), figure[key]).toBe(true);
          expect(bytes.equals(await readFile(fileOf(site.distDir, own(figure[key])))), figure[key]).toBe(true);
        }
      }
      // No figure is rasterized by the build: no PNG beside any page but the social cards.
      const files = (await readAllFiles(addressed.distDir)).map(([file]) => file);
      expect(files.length).toBeGreaterThan(50);
      expect(files.filter((file) => file.endsWith('.png') && !file.endsWith('card.png'))).toEqual([]);
    },
  );
});

describe('charts and maps to take away, real data', () => {
  let site: PublishedSite;
  let browser: Browser;

  beforeAll(async () => {
    [site, browser] = await Promise.all([buildRealSite(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it(
    'links every figure to files that give the figures the pages show, SVGs the browser draws, and embed pages that render alone',
    { timeout: 600_000 },
    async () => {
      const figures = await checkFigureFiles(site.distDir, await loadSiteDataOnce(site.dataDir));
      expect(figures.length).toBeGreaterThan(100);
      expect(await undrawnSvgs(browser, site, figures)).toEqual([]);
      await checkEmbedPages(browser, site, embedSample(figures), [390], KEEP_SCREENSHOTS ? 'real' : '');
    },
  );
});
