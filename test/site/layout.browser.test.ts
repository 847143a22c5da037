// The demo site as Chromium renders it at a phone's, a tablet's and a desktop's width, every page kind in both
// languages with the optional script running, on a light screen, on a dark one and on paper.
// Light: no page scrolls sideways, no two texts of a table row overlap, chart text is at least 11 CSS px, tap targets
// are at least 24 × 24 px or spaced apart (WCAG 2.2, 2.5.8), and a wide table's first column stays in view when the
// table is scrolled. Dark: the page is dark and its text light, no light box is left, every layout check holds (SVG
// text at 4.5:1 against the shape behind it among them) and axe's colour rules find no violation. Print, from a dark
// screen: dark on white; no navigation, search or button; every table whole, as wide as the paper at most; the
// citation and the page's address printed. Chromium prints the pages with the widest tables to an A4 PDF, the same
// from a phone's, a tablet's and a desktop's window as from one as wide as the paper.
// Each page is loaded once per width and measured light, dark and in print (the site's dark scheme and its print
// layout are its stylesheet's media queries alone, which Chromium applies to a loaded page as the emulated media
// change). With KPU_TEST_SCREENSHOTS=1 (README, "Development"), screenshots of each page kind at each width are kept in
// test-results/layout/; dark ones (390 and 1280 px), print ones (an A4 page's width) and every page kind printed to
// an A4 PDF in test-results/theme/ (both git-ignored).
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkLayout,
  MIN_CHART_TEXT_PX,
  MIN_TARGET_PX,
  MIN_TEXT_CONTRAST,
  PAGE_KINDS,
  type LayoutProblems,
} from './layout-checks.ts';
import {
  buildDemoSite,
  KEEP_SCREENSHOTS,
  openSiteInChromium,
  saveFullPageScreenshot,
  type PublishedSite,
} from './site-fixtures.ts';
import { A4_CONTENT_PX, axeColourViolations, checkTheme, pdfWithoutDates } from './theme-checks.ts';

const LAYOUT_SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/layout');
const THEME_DIR = path.resolve(import.meta.dirname, '../../test-results/theme');
const WIDTHS = [390, 768, 1280] as const;
const LANGUAGES = ['id', 'en'] as const;
const DARK_SCREENSHOT_WIDTHS: readonly number[] = [390, 1280];
/** axe's colour rules run at one width: colours do not change with it, and each run takes seconds. */
const AXE_WIDTH = 1280;
/**
 * The pages with the widest tables, printed from a window of each screen width too: Chromium lays a printed page out
 * at the paper's width, not the window's, so they print to the same PDF from a phone's, a tablet's and a desktop's
 * window as from one as wide as the paper, and the widths measured at A4_CONTENT_PX hold for every window.
 */
const WIDE = new Set(['dapil-flagged-en', 'dictionary-id', 'year-id']);

function screenshotFile(kind: string, lang: string, width: number): string {
  return path.join(LAYOUT_SCREENSHOT_DIR, `${kind}-${lang}-${width}.png`);
}

/** Each page's problems (by its path and width) and how many pages were measured, for one of the theme's checks. */
interface Measured {
  problems: Record<string, string[]>;
  measured: number;
}

describe('the demo site’s layout in Chromium at 390, 768 and 1280 px, light, dark and in print', () => {
  let site: PublishedSite | undefined;
  let browser: Browser | undefined;
  const results = new Map<string, LayoutProblems>();
  const dark: Measured = { problems: {}, measured: 0 };
  const print: Measured = { problems: {}, measured: 0 };
  const pdfs: Measured = { problems: {}, measured: 0 };

  const record = (into: Measured, key: string, found: string[]): void => {
    if (found.length > 0) into.problems[key] = found;
    into.measured += 1;
  };

  /** On a dark screen at a screen width: the theme, every layout check, axe's colour rules at AXE_WIDTH. */
  async function measureDark(page: Page, width: number, name: string): Promise<string[]> {
    const layout = await checkLayout(page);
    const found = [
      ...(await checkTheme(page, 'dark')),
      ...(Object.entries(layout) as Array<[keyof LayoutProblems, string[]]>).flatMap(([check, each]) =>
        each.map((problem) => `${check}: ${problem}`),
      ),
      ...(width === AXE_WIDTH ? await axeColourViolations(page) : []),
    ];
    if (KEEP_SCREENSHOTS && DARK_SCREENSHOT_WIDTHS.includes(width))
      await saveFullPageScreenshot(page, path.join(THEME_DIR, `dark-${name}-${width}.png`));
    return found;
  }

  /** The page printed to an A4 PDF: compared with its printing from a window as wide as A4, or kept as that. */
  async function measurePdf(page: Page, width: number, name: string, printed: Map<string, string>): Promise<string[]> {
    const pdf = await page.pdf({ format: 'A4' });
    if (width !== A4_CONTENT_PX)
      return pdfWithoutDates(pdf) === printed.get(name) ? [] : ['printed otherwise than from a window as wide as A4'];
    if (KEEP_SCREENSHOTS) await writeFile(path.join(THEME_DIR, `print-${name}.pdf`), pdf);
    printed.set(name, pdfWithoutDates(pdf));
    const found: string[] = [];
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') found.push('not a PDF');
    // A4 in PostScript points as Playwright sizes it (8.27 × 11.7 in): each page's MediaBox.
    if (!/\/MediaBox \[0 0 59[56]\.\d+ 84[12]\.\d+\]/.test(pdf.toString('latin1'))) found.push('no A4 page');
    return found;
  }

  beforeAll(async () => {
    ({ site, browser } = await openSiteInChromium(buildDemoSite));
    for (const dir of [LAYOUT_SCREENSHOT_DIR, THEME_DIR]) {
      await rm(dir, { recursive: true, force: true });
      if (KEEP_SCREENSHOTS) await mkdir(dir, { recursive: true });
    }
    // Every page kind in both languages, once per width: at an A4 page's width (the width Chromium lays a printed
    // page out at) printed, then at each screen width on a light screen, on a dark one, and printed.
    const context = await browser.newContext();
    const printed = new Map<string, string>();
    try {
      const page = await context.newPage();
      for (const width of [A4_CONTENT_PX, ...WIDTHS]) {
        await page.setViewportSize({ width, height: 900 });
        for (const entry of PAGE_KINDS)
          for (const lang of LANGUAGES) {
            const pagePath = entry[lang];
            const name = `${entry.kind}-${lang}`;
            const key = `${pagePath} @${width}`;
            await page.emulateMedia({ media: 'screen', colorScheme: 'light' });
            const response = await page.goto(new URL(pagePath.slice(1), site.server.url).href);
            expect(response?.status(), pagePath).toBe(entry.status ?? 200);
            await page.waitForLoadState('load');
            if (entry.kind === 'search') await page.locator('#results li').first().waitFor();
            if (entry.kind === 'compare') await page.locator('#compared table').waitFor();
            if (entry.kind === 'dapil-flagged')
              expect(await page.locator('tr.flagged').count(), pagePath).toBeGreaterThan(0);
            if (width !== A4_CONTENT_PX) {
              results.set(key, await checkLayout(page));
              if (KEEP_SCREENSHOTS) await saveFullPageScreenshot(page, screenshotFile(entry.kind, lang, width));
            }
            await page.emulateMedia({ colorScheme: 'dark' });
            if (width !== A4_CONTENT_PX) record(dark, key, await measureDark(page, width, name));
            await page.emulateMedia({ media: 'print' });
            record(print, key, await checkTheme(page, 'print', width === A4_CONTENT_PX));
            if (KEEP_SCREENSHOTS && width === A4_CONTENT_PX)
              await saveFullPageScreenshot(page, path.join(THEME_DIR, `print-${name}.png`));
            await page.emulateMedia({ media: 'screen' });
            if (WIDE.has(name) || (KEEP_SCREENSHOTS && width === A4_CONTENT_PX))
              record(pdfs, key, await measurePdf(page, width, name, printed));
          }
      }
    } finally {
      await context.close();
    }
  }, 900_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  const problemsOf = (key: keyof LayoutProblems): Record<string, string[]> =>
    Object.fromEntries(
      [...results].filter(([, problems]) => problems[key].length > 0).map(([page, problems]) => [page, problems[key]]),
    );

  it('measured every page kind in both languages at every width', () => {
    expect(results.size).toBe(PAGE_KINDS.length * LANGUAGES.length * WIDTHS.length);
  });

  it('never scrolls a page sideways, nor runs a table’s caption past the edge of its scrolling box', () => {
    expect(problemsOf('overflow')).toEqual({});
  });

  it('never draws two texts of a table row over each other', () => {
    expect(problemsOf('overlaps')).toEqual({});
  });

  it(`renders chart text at ${MIN_CHART_TEXT_PX} CSS px or more`, () => {
    expect(problemsOf('chartText')).toEqual({});
  });

  it(`gives every link, button and field a ${MIN_TARGET_PX} × ${MIN_TARGET_PX} px target or room around it`, () => {
    expect(problemsOf('targets')).toEqual({});
  });

  it('aligns every column header as the figures under it: right over numbers, left over names', () => {
    expect(problemsOf('alignment')).toEqual({});
  });

  it(`draws chart and map text at a contrast of ${MIN_TEXT_CONTRAST}:1 or more against the shape behind it`, () => {
    expect(problemsOf('contrast')).toEqual({});
  });

  it('names one retrieval time in the footer, the same in its line and its citation, with its time zone', () => {
    expect(problemsOf('retrieval')).toEqual({});
  });

  it('makes each search result a link by its name, at least 24 px tall', () => {
    expect(problemsOf('results')).toEqual({});
  });

  it('gives a year’s coverage before its maps, and none beside no dapil table', () => {
    expect(problemsOf('coverage')).toEqual({});
  });

  it('puts a tappable square before each province too small to tap on a phone, and names every square’s letters', () => {
    expect(problemsOf('maps')).toEqual({});
  });

  it('shows each table’s key figures on a phone without scrolling sideways, in rows of a few lines', () => {
    expect(problemsOf('phoneTables')).toEqual({});
  });

  it('shows a count table whole on a desktop’s screen: its twelve counts beside the name, in either language', () => {
    expect(problemsOf('desktopTables')).toEqual({});
  });

  it('gives a table’s sentences a wide measure on a wide screen (rows of at most eight lines) and rows read down a narrower one, the table in its box', () => {
    expect(problemsOf('proseRows')).toEqual({});
  });

  it('says no share both highest and lowest, no "0 parties" or "1 files", no name change of capital letters alone', () => {
    expect(problemsOf('sentences')).toEqual({});
  });

  it('draws no chart without a bar: a chart of rows without figures is its sentence alone', () => {
    expect(problemsOf('emptyCharts')).toEqual({});
  });

  it('puts each chart’s and map’s download links right under it, one row under each figure', () => {
    expect(problemsOf('figureLinks')).toEqual({});
  });

  it('keeps the first column of a wide table in view when the table is scrolled to its end', () => {
    expect(problemsOf('stickyColumn')).toEqual({});
  });

  it('marks the current page in the header, labels its search box visibly, and keeps the language link on the first line at 1280 px', async () => {
    const page = await (browser as Browser).newPage({ viewport: { width: 1280, height: 900 } });
    try {
      for (const pagePath of ['/unduh/', '/en/downloads/']) {
        await page.goto(new URL(pagePath.slice(1), (site as PublishedSite).server.url).href);
        const header = await page.evaluate(() => {
          const current = document.querySelector('.top nav a[aria-current="page"]');
          const other = document.querySelector('.top nav a:not([aria-current])');
          const label = document.querySelector('label[for="q-top"]');
          const box = (element: Element | null) => element?.getBoundingClientRect() ?? null;
          const style = (element: Element | null) => (element ? getComputedStyle(element) : null);
          return {
            current: current?.getAttribute('href'),
            currentLook: `${style(current)?.fontWeight} ${style(current)?.borderBottomWidth} ${style(current)?.color}`,
            otherLook: `${style(other)?.fontWeight} ${style(other)?.borderBottomWidth} ${style(other)?.color}`,
            label: label?.textContent?.trim(),
            labelBox: box(label),
            brand: box(document.querySelector('.brand')),
            lang: box(document.querySelector('.top a[hreflang]')),
            langLines: document.querySelector('.top a[hreflang]')?.getClientRects().length,
          };
        });
        expect(header.current, pagePath).toBe(pagePath);
        expect(header.currentLook, pagePath).not.toBe(header.otherLook);
        expect(header.label?.length, pagePath).toBeGreaterThan(3);
        expect(header.labelBox?.width, pagePath).toBeGreaterThan(20);
        expect(header.labelBox?.height, pagePath).toBeGreaterThan(10);
        expect(header.langLines, pagePath).toBe(1);
        // The language link is on the brand's line, not on a line of its own.
        expect(header.lang?.top ?? 0, pagePath).toBeLessThan((header.brand?.bottom ?? 0) + 1);
      }
    } finally {
      await page.close();
    }
  });

  it('sorts any marked table from its header buttons (each at least 24 px tall), a count column largest first, headers kept on one line', async () => {
    const origin = (site as PublishedSite).server.url;
    for (const width of [390, 1280]) {
      const page = await (browser as Browser).newPage({ viewport: { width, height: 900 } });
      try {
        for (const pagePath of ['/2019/dapil/1101/', '/en/2024/', '/']) {
          await page.goto(new URL(pagePath.slice(1), origin).href);
          const tables = await page.evaluate(() =>
            [...document.querySelectorAll('table[data-sortable]')].map((table) => ({
              buttons: table.querySelectorAll('thead th[aria-sort="none"] > button').length,
              // A header of one word keeps one line: its button's text is one box.
              wrapped: [...table.querySelectorAll('thead th > button')]
                .filter(
                  (button) => !/\s/.test((button.textContent ?? '').trim()) && button.getClientRects().length !== 1,
                )
                .map((button) => button.textContent),
              tallest: Math.max(
                ...[...table.querySelectorAll('thead th > button')].map((b) => b.getBoundingClientRect().height),
              ),
              shortest: Math.min(
                ...[...table.querySelectorAll('thead th > button')].map((b) => b.getBoundingClientRect().height),
              ),
            })),
          );
          expect(tables.length, pagePath).toBeGreaterThan(0);
          for (const table of tables) {
            expect(table.buttons, pagePath).toBeGreaterThan(1);
            expect(table.wrapped, pagePath).toEqual([]);
            // Each sort button is a target at least 24 px tall.
            expect(table.shortest, pagePath).toBeGreaterThanOrEqual(MIN_TARGET_PX - 0.01);
          }
        }
        // The dapil table: the first press on a count column sorts it largest first and says so.
        await page.goto(new URL('2019/dapil/1101/', origin).href);
        const header = page.locator('table[data-sortable] thead tr:nth-child(2) th').nth(2);
        const lines = await header.locator('button').evaluate((button) => button.getClientRects().length);
        expect(lines).toBe(1);
        await header.locator('button').click();
        expect(await header.getAttribute('aria-sort')).toBe('descending');
        const values = await page.$$eval('table[data-sortable] tbody tr', (rows) =>
          rows.map((row) => Number(row.querySelectorAll('td')[2]?.getAttribute('data-v'))),
        );
        expect(values).toEqual([...values].sort((a, b) => b - a));
        expect(await page.locator('[data-js-hint]').isVisible()).toBe(true);
        // The year page's dapil table: largest first; a body headed by a group row (a province) sorts on its own.
        await page.goto(new URL('2024/', origin).href);
        const voters = page.locator('#dapil-caption').locator('xpath=..').locator('thead th').nth(1);
        await voters.locator('button').click();
        expect(await voters.getAttribute('aria-sort')).toBe('descending');
        const bodies = await page.$$eval('#dapil-caption', ([caption]) =>
          [...(caption?.closest('table')?.tBodies ?? [])].map((body) => {
            const rows = [...body.rows];
            const group = rows.findIndex((row) => row.querySelector('th[scope="rowgroup"]') !== null);
            return {
              group,
              values: rows
                .filter((row) => row.querySelector('th[scope="rowgroup"]') === null)
                .map((row) => Number(row.cells[1]?.getAttribute('data-v'))),
            };
          }),
        );
        expect(bodies.length).toBeGreaterThan(0);
        for (const body of bodies) {
          expect(body.group).toBeLessThan(1);
          expect(body.values).toEqual([...body.values].sort((a, b) => b - a));
        }
      } finally {
        await page.close();
      }
    }
  });

  it('shows the hint that tables sort only when the script runs', async () => {
    const context = await (browser as Browser).newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(new URL('2019/dapil/1101/', (site as PublishedSite).server.url).href);
      expect(await page.locator('[data-js-hint]').count()).toBe(1);
      expect(await page.locator('[data-js-hint]').isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it.runIf(KEEP_SCREENSHOTS)('keeps a screenshot of every page kind in both languages at every width', async () => {
    for (const entry of PAGE_KINDS)
      for (const lang of ['id', 'en'])
        for (const width of WIDTHS) {
          const file = screenshotFile(entry.kind, lang, width);
          expect(existsSync(file), file).toBe(true);
          const png = await readFile(file);
          // A PNG's IHDR chunk: the width at byte 16.
          expect(png.subarray(0, 8).toString('hex'), file).toBe('89504e470d0a1a0a');
          expect(png.readUInt32BE(16), file).toBe(width);
        }
  });

  it('draws a dark page with light text, readable at 4.5:1 (HTML and SVG text), with every layout check holding', () => {
    expect(dark.measured).toBe(PAGE_KINDS.length * LANGUAGES.length * WIDTHS.length);
    expect(dark.problems).toEqual({});
  });

  it('prints dark on white without navigation, search or buttons, every table whole, with the citation and the page’s address', () => {
    // At each screen width, and at an A4 page's.
    expect(print.measured).toBe(PAGE_KINDS.length * LANGUAGES.length * (WIDTHS.length + 1));
    expect(print.problems).toEqual({});
  });

  it('prints the pages with the widest tables to an A4 PDF, the same from a window of any width', () => {
    const printedKinds = KEEP_SCREENSHOTS ? PAGE_KINDS.length * LANGUAGES.length : WIDE.size;
    expect(pdfs.measured).toBe(printedKinds + WIDE.size * WIDTHS.length);
    expect(pdfs.problems).toEqual({});
  });
});
