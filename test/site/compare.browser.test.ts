// The compare page in Chromium, on the demo site built under the base path /kpu/ and the real-data site: a visitor
// chooses two dapils or two years, the address holds the choice (a reload keeps it, back and forward step through
// it), the figures equal the sums of the published JSON (a dapil page's own file, a year's download), the page is
// axe-clean and does not scroll sideways at 390 px; the dapil and year pages' "compare with…" links open it with
// their choice made; without JavaScript it says where the same figures are. A chosen province shows its chart across
// years (its voters per year equal to the year downloads' sums, with its links to take it away), once for the same
// province of two years; on the real data (turnout for one year) no chart and no empty box.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPARE_TEXT } from '../../scripts/site/pages/compare-page.ts';
import type { RunningStaticServer } from '../../scripts/site/static-server.ts';
import { axeViolations } from './site-checks.ts';
import {
  buildRealSite,
  KEEP_SCREENSHOTS,
  launchChromium,
  saveFullPageScreenshot,
  SCREENSHOT_DIR,
} from './site-fixtures.ts';
import { serveSiteWorld } from './site-worlds.ts';

type Json = Array<Record<string, number | string | null>>;

interface World {
  root: string;
  server: RunningStaticServer;
  close(): Promise<void>;
}

/**
 * The demo site built under /kpu/, with the published data folder in it, or the real-data site at the root (the base
 * path is the demo's to prove), served (shared).
 */
async function underBase(source: 'demo' | 'real'): Promise<World> {
  const site = await (source === 'demo' ? serveSiteWorld(source, { base: '/kpu/', withData: true }) : buildRealSite());
  return { root: site.distDir, server: site.server, close: () => site.close() };
}

async function readJson(root: string, file: string): Promise<Json> {
  return JSON.parse(await readFile(path.join(root, file), 'utf8')) as Json;
}

/** The sum of a column over records, as a page writes it ("1,234,567" in English). */
function sumText(records: Json, column: string): string {
  const sum = records.reduce((total, record) => total + Number(record[column]), 0);
  return sum.toLocaleString('en-US');
}

/**
 * Once the page's script has read the index: it shows the form then, with both choices and the table drawn in the
 * same task. Before, after the load event, the page still shows no choice.
 */
async function scriptDone(page: Page): Promise<void> {
  await page.locator('#compare').waitFor();
}

/** The compare table as the visitor reads it: each row's header and cells. */
async function readTable(page: Page): Promise<Record<string, string[]>> {
  await page.locator('#compared table').waitFor();
  const rows = await page
    .locator('#compared tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((cell) => (cell.textContent ?? '').trim())));
  return Object.fromEntries(rows.map(([label = '', ...cells]) => [label, cells]));
}

/** The voters of a province in a year, from the year's download, as the chart writes them ("1,234,567"). */
async function provinceVoters(root: string, year: number, code: string): Promise<string> {
  const records = await readJson(root, `data/${year}/kpu-dpr-turnout-by-sex-${year}.json`);
  return sumText(
    records.filter((record) => record.province_code === code),
    'total_voters',
  );
}

/** The charts across years the compare page shows: each one's title and the text of its bars. */
async function readCharts(page: Page): Promise<Array<{ title: string; bars: string[] }>> {
  return page.locator('#compared figure').evaluateAll((figures) =>
    figures.map((figure) => ({
      title: figure.querySelector('figcaption strong')?.textContent ?? '',
      bars: Array.from(figure.querySelectorAll('svg.chart text')).map((text) => text.textContent ?? ''),
    })),
  );
}

function dapilFile(year: number, id: string): string {
  return `${year}/dapil/${id}/kpu-dpr-turnout-by-sex-${year}-dapil-${id}.json`;
}

const t = COMPARE_TEXT.en;
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the compare page on the demo data under /kpu/', () => {
  let world: World;
  beforeAll(async () => {
    world = await underBase('demo');
  });
  afterAll(async () => {
    await world?.close();
  });

  it('compares two dapils chosen by a visitor, the address holding the choice through reload, back and forward', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto(new URL('en/compare/', world.server.url).href);
      await page.selectOption('#compare-a', '2019-d1101');
      await page.selectOption('#compare-b', '2024-d1101');
      expect(new URL(page.url()).search).toBe('?a=2019-d1101&b=2024-d1101');
      const before = await readTable(page);
      const [a, b] = [
        await readJson(world.root, dapilFile(2019, '1101')),
        await readJson(world.root, dapilFile(2024, '1101')),
      ];
      expect(before[t.voters]?.slice(0, 2)).toEqual([sumText(a, 'total_voters'), sumText(b, 'total_voters')]);
      expect(before.Female?.slice(0, 2)).toEqual([sumText(a, 'total_female'), sumText(b, 'total_female')]);
      expect(before.DPK?.slice(0, 2)).toEqual([sumText(a, 'dpk_total'), sumText(b, 'dpk_total')]);
      expect(before[t.regencies]?.slice(0, 2)).toEqual([String(a.length), String(b.length)]);
      // The headers link the two pages, under the base path.
      expect(
        await page.locator('#compared thead a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      ).toEqual(['/kpu/en/2019/dapil/1101/', '/kpu/en/2024/dapil/1101/']);

      await page.reload();
      await scriptDone(page);
      expect(await page.inputValue('#compare-b')).toBe('2024-d1101');
      expect(await readTable(page)).toEqual(before);

      await page.goBack();
      await page.waitForURL((url) => url.search === '?a=2019-d1101');
      expect(await page.inputValue('#compare-b')).toBe('');
      expect(Object.values(await readTable(page)).every((cells) => cells.length === 1)).toBe(true);
      await page.goForward();
      await page.waitForURL((url) => url.search === '?a=2019-d1101&b=2024-d1101');
      expect(await readTable(page)).toEqual(before);

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says when the address names a choice this release does not hold, leaving no empty space for the table', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto(new URL('en/compare/?a=1999-d9999&b=1999-p99', world.server.url).href);
      await scriptDone(page);
      const message = page.locator('#compared-table p');
      expect(await message.textContent()).toBe('The choice in this address is not in this release’s data.');
      // The space the page kept for a table before its script ran is given back once there is none to show.
      const gap = await page.evaluate(() => {
        const table = document.getElementById('compared-table')?.getBoundingClientRect();
        const next = document.getElementById('compared')?.nextElementSibling?.getBoundingClientRect();
        const text = document.querySelector('#compared-table p')?.getBoundingClientRect();
        return table && next && text ? { table: table.height, text: text.height, next: next.top - text.bottom } : null;
      });
      expect(gap).not.toBeNull();
      expect(gap?.table).toBeLessThan((gap?.text ?? 0) + 40);
      expect(gap?.next).toBeLessThan(80);
    } finally {
      await context.close();
    }
  });

  it('compares two years with the figures of the year downloads, in Indonesian', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(new URL('bandingkan/?a=2019&b=2024', world.server.url).href);
      const table = await readTable(page);
      const a = await readJson(world.root, 'data/2019/kpu-dpr-turnout-by-sex-2019.json');
      const b = await readJson(world.root, 'data/2024/kpu-dpr-turnout-by-sex-2024.json');
      const id = (records: Json, column: string) => sumText(records, column).replace(/,/g, '.');
      expect(table[COMPARE_TEXT.id.voters]).toEqual([
        id(a, 'total_voters'),
        id(b, 'total_voters'),
        expect.stringMatching(/^[+-]?[0-9.]+$/),
      ]);
      expect(table['Laki-laki']?.slice(0, 2)).toEqual([id(a, 'total_male'), id(b, 'total_male')]);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('is opened with their choice made from a dapil page and a year page', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(new URL('en/2024/dapil/1101/', world.server.url).href);
      await page.click('a[data-compare]');
      await page.waitForURL((url) => url.pathname === '/kpu/en/compare/');
      expect(new URL(page.url()).search).toBe('?a=2024-d1101&b=2019-d1101');
      await scriptDone(page);
      expect(await page.locator('#compared thead a').allTextContents()).toEqual([
        'DAPIL CONTOH I, 2024',
        'DAPIL CONTOH I, 2019',
      ]);
      await page.goto(new URL('2019/', world.server.url).href);
      await page.click('a[data-compare]');
      await page.waitForURL((url) => url.pathname === '/kpu/bandingkan/');
      expect(new URL(page.url()).search).toBe('?a=2019&b=2024');
    } finally {
      await page.close();
    }
  });

  it('says without JavaScript where the same figures are', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(new URL('en/compare/?a=2019&b=2024', world.server.url).href);
      expect(await page.locator('main').innerText()).toContain(t.noscript);
      expect(
        await page
          .locator('noscript a, #cakupan ~ ul a')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      ).toContain('/kpu/en/2019/');
      expect(await page.locator('#compare').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('shows the names, both figures and their difference (on one line) on a phone without scrolling the table sideways', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    try {
      const widths: string[] = [];
      for (const compare of ['bandingkan/', 'en/compare/'])
        for (const choice of ['?a=2019-d1101&b=2024-d1101', '?a=2019-p11&b=2024-p12', '?a=2019&b=2024']) {
          await page.goto(new URL(compare + choice, world.server.url).href);
          await page.locator('#compared table').waitFor();
          const [scrolled, shown] = await page
            .locator('#compared .scroll')
            .evaluate((table) => [table.scrollWidth, table.clientWidth]);
          if (scrolled > shown) widths.push(`${compare}${choice}: ${scrolled} px in ${shown}`);
          // A difference keeps its number and its unit on one line ("-0,4 poin", not "-0,4" over "poin").
          const broken = await page.locator('#compared tbody td:last-child').evaluateAll((cells) =>
            cells.flatMap((cell) => {
              const range = document.createRange();
              range.selectNodeContents(cell);
              const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
              return lines.size > 1 ? [(cell.textContent ?? '').trim()] : [];
            }),
          );
          if (broken.length > 0) widths.push(`${compare}${choice}: ${broken.join(', ')} on two lines`);
        }
      expect(widths).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('draws a chosen province’s voters per year, with its files to take away', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 800 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();
    try {
      await page.goto(new URL('en/compare/?a=2019-p11&b=2024-p11', world.server.url).href);
      await page.locator('#compared figure').waitFor();
      const name = (await page.locator('#compared thead a').first().textContent())?.replace(/, 2019$/, '');
      // The same province in two years: one chart, its bars the sums of the year downloads.
      expect(await readCharts(page)).toEqual([
        {
          title: `Voters who voted per year: ${name}`,
          bars: [
            `2019: ${await provinceVoters(world.root, 2019, '11')}`,
            `2024: ${await provinceVoters(world.root, 2024, '11')}`,
          ],
        },
      ]);
      // Its files, under the base path, and the embed snippet's copy button working in the chart shown late.
      const figure = page.locator('#compared figure');
      for (const href of await figure
        .locator('.takeaway a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))) {
        expect(href.startsWith('/kpu/en/compare/kpu-across-years-p11-en-compare'), href).toBe(true);
        expect((await fetch(new URL(href, world.server.url))).status, href).toBe(200);
      }
      await figure.locator('summary').click();
      await figure.locator('button[data-copy-embed]').click();
      await expect.poll(() => figure.locator('.takeaway [role=status]').textContent()).toBe('Code copied.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        await figure.locator('textarea').inputValue(),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);

      // Two provinces: a chart each; a dapil beside a province: the province's only; two dapils: none.
      await page.selectOption('#compare-b', '2024-p12');
      await page.waitForFunction(() => document.querySelectorAll('#compared figure').length === 2);
      expect((await readCharts(page)).map((chart) => chart.bars[0]?.replace(/: .*/, ''))).toEqual(['2019', '2019']);
      await page.selectOption('#compare-b', '2024-d1101');
      await page.waitForFunction(() => document.querySelectorAll('#compared figure').length === 1);
      await page.selectOption('#compare-a', '2019-d1101');
      await page.waitForFunction(() => document.querySelectorAll('#compared figure').length === 0);
      await page.goBack();
      await page.waitForURL((url) => url.search === '?a=2019-p11&b=2024-d1101');
      expect((await readCharts(page)).length).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('shows a province’s chart in light and dark, at 390 and 1280 px without scrolling sideways', async () => {
    // One load, laid out again at each width and drawn in each colour scheme (no script of the site reads either).
    if (KEEP_SCREENSHOTS) await mkdir(SCREENSHOT_DIR, { recursive: true });
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    try {
      await page.goto(new URL('bandingkan/?a=2019-p11&b=2024-p12', world.server.url).href);
      await page.waitForFunction(() => document.querySelectorAll('#compared figure').length === 2);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          if (KEEP_SCREENSHOTS)
            await saveFullPageScreenshot(
              page,
              path.join(SCREENSHOT_DIR, `compare-provinces-${colorScheme}-${width}.png`),
            );
        }
      }
    } finally {
      await page.close();
    }
  });

  it('is linked from the year page’s province section', async () => {
    const year = await readFile(path.join(world.root, 'en/2024/index.html'), 'utf8');
    expect(year).toMatch(
      /A province’s voters per year: choose it on <a href="\/kpu\/en\/compare\/"[^>]*>the compare page<\/a>\./,
    );
  });

  it('draws the voters per year on the home and dapil pages', async () => {
    const home = await readFile(path.join(world.root, 'en/index.html'), 'utf8');
    expect(home).toContain('Voters who voted in all dapils in the data, per election year: 2019: ');
    const dapil = await readFile(path.join(world.root, 'en/2024/dapil/1101/index.html'), 'utf8');
    expect(dapil).toContain('Voters who voted in DAPIL CONTOH I, per election year: 2019: ');
  });
});

describe('the compare page on the real data', () => {
  let world: World;
  beforeAll(async () => {
    world = await underBase('real');
  });
  afterAll(async () => {
    await world?.close();
  });

  it('compares two dapils with their pages’ JSON, and marks the partial year’s total with its coverage', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto(new URL('en/compare/?a=2014-d1101&b=2014-d3201', world.server.url).href);
      const table = await readTable(page);
      const [a, b] = [
        await readJson(world.root, dapilFile(2014, '1101')),
        await readJson(world.root, dapilFile(2014, '3201')),
      ];
      expect(table[t.voters]?.slice(0, 2)).toEqual([sumText(a, 'total_voters'), sumText(b, 'total_voters')]);
      expect(table.Male?.slice(0, 2)).toEqual([sumText(a, 'total_male'), sumText(b, 'total_male')]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);

      await page.selectOption('#compare-b', '2014');
      expect(new URL(page.url()).search).toBe('?a=2014-d1101&b=2014');
      expect(await page.locator('#compared-table > p').allTextContents()).toEqual([
        expect.stringMatching(/^\* 2014: this year’s data covers only [0-9]+ of [0-9]+ dapils, /),
      ]);
      // Only years with turnout records can be chosen.
      expect(await page.locator('#compare-a optgroup').first().locator('option').allTextContents()).toEqual(['2014']);

      // Provinces of the one year with turnout: no chart across years, and nothing drawn for one.
      await page.goto(new URL('en/compare/?a=2014-p11&b=2014-p32', world.server.url).href);
      expect(Object.keys(await readTable(page))).toContain(t.voters);
      expect(await page.locator('template[data-province]').count()).toBe(0);
      // Nor does the year page point to one.
      expect(await readFile(path.join(world.root, 'en/2014/index.html'), 'utf8')).not.toContain(
        'A province’s voters per year',
      );
      expect(await page.locator('#compared figure, #compared svg').count()).toBe(0);
      expect(
        await page
          .locator('#compared-table > *')
          .evaluateAll((children) =>
            children.map((child) => `${child.tagName} ${(child.textContent ?? '').trim() !== ''}`),
          ),
      ).toEqual(['DIV true', 'P true', 'P true']);

      // The page of a year of parties only offers no comparison, and no page offers one with such a year.
      expect(await readFile(path.join(world.root, 'en/2019/index.html'), 'utf8')).not.toContain('data-compare');
      expect(await readFile(path.join(world.root, 'en/2014/index.html'), 'utf8')).toContain('/en/compare/?a=2014"');

      // An address naming a year the release holds without turnout (the parties of 2019 only) says so, once for that
      // year, beside the table of what it does hold; in Indonesian too.
      await page.goto(new URL('en/compare/?a=2014-d1101&b=2019-d1101', world.server.url).href);
      expect(Object.keys(await readTable(page))).toContain(t.voters);
      expect(await page.locator('#compared-table > p').allTextContents()).toEqual([t.noTurnout(2019)]);
      await page.goto(new URL('en/compare/?a=2019&b=2019-p11', world.server.url).href);
      await scriptDone(page);
      expect(await page.locator('#compared-table > p').allTextContents()).toEqual([t.noTurnout(2019)]);
      await page.goto(new URL('bandingkan/?a=2019&b=1999', world.server.url).href);
      await scriptDone(page);
      expect(await page.locator('#compared-table > p').allTextContents()).toEqual([
        COMPARE_TEXT.id.noTurnout(2019),
        COMPARE_TEXT.id.unknown,
      ]);
    } finally {
      await context.close();
    }
  });
});
