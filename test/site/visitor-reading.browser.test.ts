// What a visitor reads off the demo site's maps, charts and downloads in Chromium: a tapped, clicked or focused
// province names its value beside its map (the table keeps the values without JavaScript), the tile codes have a key,
// DKI Jakarta and DI Yogyakarta get callouts large enough to find; the men/women chart shows the difference from 50%,
// the women's-share map's classes are equal steps around 50%, the quota chart draws only the given values and its
// line crosses no text; the downloads page is short on a phone; the data dictionary's rows read down a phone's screen;
// sort buttons are at least 24 px tall.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_TARGET_PX } from './layout-checks.ts';
import { buildDemoSite, openSiteInChromium, type PublishedSite } from './site-fixtures.ts';

/** The downloads page's height on a phone, at most: it was 24,000 px with every year's files and every line open. */
const MAX_DOWNLOADS_PHONE_PX = 10_000;

describe('reading the demo site’s maps, charts and downloads', () => {
  let site: PublishedSite | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    ({ site, browser } = await openSiteInChromium(buildDemoSite));
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  async function open(
    pagePath: string,
    options: { width?: number; touch?: boolean; script?: boolean } = {},
  ): Promise<{ page: Page; context: BrowserContext }> {
    if (!browser || !site) throw new Error('no site or no browser');
    const context = await browser.newContext({
      viewport: { width: options.width ?? 390, height: 900 },
      hasTouch: options.touch ?? false,
      javaScriptEnabled: options.script ?? true,
    });
    const page = await context.newPage();
    await page.goto(new URL(pagePath, site.server.url).href);
    await page.waitForLoadState('load');
    return { page, context };
  }

  it('names a tapped province’s value beside its map, follows its link on a second tap, and on focus', async () => {
    const { page, context } = await open('en/2024/', { touch: true });
    try {
      const grid = page.locator('#m-voters .grid svg.map');
      const line = page.locator('#m-voters .grid .map-value');
      expect(await line.isVisible()).toBe(true);
      expect(await line.textContent()).toBe('Tap or focus a province to see its value.');
      const aceh = grid.locator('a', { has: page.locator('text', { hasText: 'AC' }) });
      const title = (await aceh.locator('title').textContent()) ?? '';
      expect(title).toMatch(/^Aceh: [0-9,]+$/);
      await aceh.locator('rect').tap();
      expect(await line.textContent()).toBe(title);
      // The first tap only shows the value; the second follows the link to the province's row.
      expect(new URL(page.url()).hash).toBe('');
      await aceh.locator('rect').tap();
      await expect.poll(() => new URL(page.url()).hash).toBe('#prov-11');
      // The keyboard: focusing a province on the geographic map names it under that map.
      const mapLine = page.locator('#m-women .geo .map-value');
      await page.locator('#m-women .geo svg.map a').first().focus();
      expect(await mapLine.textContent()).toMatch(/^Aceh: [0-9.]+%$/);
    } finally {
      await context.close();
    }
    // Without JavaScript the line is hidden and the table holds every value.
    const without = await open('en/2024/', { script: false });
    try {
      expect(await without.page.locator('.map-value').first().isVisible()).toBe(false);
      expect(await without.page.locator('#prov-11 td[data-measure="voters"]').textContent()).toMatch(/^[0-9,]+$/);
    } finally {
      await without.context.close();
    }
  });

  it('keys every tile code, and gives DKI Jakarta and DI Yogyakarta callouts larger than their shapes', async () => {
    const { page, context } = await open('en/2024/');
    try {
      const codes = await page.locator('#m-voters .grid svg.map text').allTextContents();
      const keyed = await page.locator('details.key li b').allTextContents();
      expect([...keyed].sort()).toEqual([...codes].sort());
      for (const code of ['31', '34']) {
        const title = `${code === '31' ? 'Daerah Khusus Ibukota Jakarta' : 'Daerah Istimewa Yogyakarta'}: no data`;
        const area = page.locator('#m-voters .geo svg.map g.nd', { has: page.locator('title', { hasText: title }) });
        const shape = await area.locator('path:not(.leader)').boundingBox();
        const callout = await area.locator('circle.callout').boundingBox();
        expect(shape && callout, code).toBeTruthy();
        // At 390 px the shapes are a few pixels; each callout is about 18 px across, and the tile grid comes first.
        expect(Math.max(shape?.width ?? 0, shape?.height ?? 0), code).toBeLessThan(8);
        expect(callout?.width ?? 0, code).toBeGreaterThanOrEqual(18);
      }
    } finally {
      await context.close();
    }
  });

  it('draws the men/women chart as the distance from 50%, on an axis whose ends and middle are labelled', async () => {
    const { page, context } = await open('en/2024/');
    try {
      const chart = page
        .locator('figure', { hasText: 'Men and women among voters who voted, by province' })
        .locator('svg');
      const widths = await chart
        .locator('rect.f, rect.m')
        .evaluateAll((rects) =>
          rects.filter((rect) => Number(rect.getAttribute('y')) > 20).map((rect) => rect.getBoundingClientRect().width),
        );
      expect(widths.length).toBeGreaterThanOrEqual(3);
      // Women's shares of 50.2% to 51.2%: bars of very different lengths (out of 100% they were all about as long).
      expect(Math.max(...widths) / Math.min(...widths)).toBeGreaterThan(3);
      const texts = await chart.locator('text').allTextContents();
      expect(texts).toContain('50.0%');
      expect(texts).toContain('more women');
    } finally {
      await context.close();
    }
  });

  it('classes the women’s share in equal steps around 50%, says so, and leaves most of the scale unused', async () => {
    const { page, context } = await open('en/2024/');
    try {
      const legend = page.locator('#m-women .legend');
      expect(await legend.locator('p').textContent()).toMatch(/^Classes 1 percentage point wide around 50%/);
      const labels = await legend.locator('li').allTextContents();
      expect(labels).toEqual([
        'below 48.5%',
        '48.5% to under 49.5%',
        '49.5% to under 50.5%',
        '50.5% to under 51.5%',
        '51.5% and above',
        'no data',
      ]);
      // Three provinces between 50.2% and 51.2% fill two of the five classes, not the whole scale.
      const fills = await page
        .locator('#m-women .grid svg.map a rect')
        .evaluateAll((rects) => [...new Set(rects.map((rect) => rect.getAttribute('fill')))]);
      expect(fills).toHaveLength(2);
    } finally {
      await context.close();
    }
  });

  it('charts only the parties that give a percentage, names the others, and its quota line crosses no text', async () => {
    for (const pagePath of ['2024/', 'en/2024/']) {
      const { page, context } = await open(pagePath);
      try {
        const figure = page.locator('figure', { hasText: /30% quota|kuota 30%/ });
        const svg = figure.locator('svg');
        const texts = await svg.locator('text').allTextContents();
        expect(
          texts.some((text) => /not given|tidak diberikan/.test(text)),
          pagePath,
        ).toBe(false);
        const note = page.locator('p', {
          hasText: /^(The source gives no percentage for|Sumber tidak memberikan persentase untuk) 1 (party|partai): /,
        });
        expect(await note.count(), pagePath).toBe(1);
        const crossings = await svg.evaluate((element) => {
          const lines = [...element.querySelectorAll('line.ref')].map((line) => line.getBoundingClientRect());
          return [...element.querySelectorAll('text')].flatMap((text) => {
            const box = text.getBoundingClientRect();
            return lines.some(
              (line) =>
                line.left >= box.left && line.left <= box.right && line.bottom > box.top && line.top < box.bottom,
            )
              ? [text.textContent ?? '']
              : [];
          });
        });
        expect(crossings, pagePath).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it('keeps the downloads page short on a phone, each year behind a disclosure, the newest open, and explains it', async () => {
    for (const [pagePath, bySex, longFormat] of [
      ['unduh/', '“Menurut jenis kelamin”', '“Format panjang”'],
      ['en/downloads/', '“By sex”', '“Long format”'],
    ] as const) {
      const { page, context } = await open(pagePath, { script: false });
      try {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        expect(height, pagePath).toBeLessThan(MAX_DOWNLOADS_PHONE_PX);
        const years = await page.locator('details.year').evaluateAll((all) =>
          all.map((details) => ({
            open: (details as HTMLDetailsElement).open,
            heading: details.previousElementSibling?.textContent ?? '',
          })),
        );
        expect(years.map((year) => year.heading.replace(/#$/, '').trim()).slice(0, 2)).toEqual(['2019', '2024']);
        expect(years.filter((year) => year.open).map((year) => year.heading.replace(/#$/, '').trim())).toEqual([
          '2024',
        ]);
        // The reference tables (the official dapils, the region lists, the same in every year) behind a closed
        // disclosure of their own, so the year's data comes first.
        expect(await page.locator('details.year[open] details.reference:not([open])').count(), pagePath).toBe(1);
        const main = (await page.locator('main').textContent()) ?? '';
        expect(main, pagePath).toContain(bySex);
        expect(main, pagePath).toContain(longFormat);
        expect(main, pagePath).not.toMatch(/paling banyak diunduh|most people download/i);
      } finally {
        await context.close();
      }
    }
  });

  it('reads the data dictionary’s rows down the screen at 390 px, each cell across it', async () => {
    const { page, context } = await open('en/data-dictionary/');
    try {
      const rows = await page.locator('table.dictionary tbody tr').evaluateAll((all) =>
        all.map((row) => {
          const table = row.closest('table')?.getBoundingClientRect().width ?? 0;
          // Every cell shown (an empty one is left out): as wide as the table, so its words run across the screen.
          const shown = [...row.children].filter((cell) => cell.getClientRects().length > 0);
          return {
            name: row.querySelector('th')?.textContent ?? '',
            table,
            screen: document.documentElement.clientWidth,
            cells: shown.length,
            narrowest: Math.min(...shown.map((cell) => cell.getBoundingClientRect().width)),
          };
        }),
      );
      expect(rows.length).toBeGreaterThan(20);
      // Not six columns, the meaning held to 14rem and the type, unit, source field and emptiness off the screen to the
      // right (a squeezed last column made a row ten lines tall for a meaning of two).
      const sideways = rows.filter((row) => row.table > row.screen || row.cells < 3 || row.narrowest < 0.9 * row.table);
      expect(
        sideways.map((row) => `${row.name}: ${row.cells} cells, the narrowest ${row.narrowest.toFixed(0)} px`),
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('makes every sort button at least 24 px tall', async () => {
    for (const pagePath of ['en/2024/', 'en/2019/dapil/1101/', 'en/']) {
      const { page, context } = await open(pagePath);
      try {
        const heights = await page
          .locator('th button')
          .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height));
        expect(heights.length, pagePath).toBeGreaterThan(0);
        expect(Math.min(...heights), pagePath).toBeGreaterThanOrEqual(MIN_TARGET_PX);
      } finally {
        await context.close();
      }
    }
  });
});
