// The demo site on a screen set to a dark scheme and on paper, every page kind in both languages at a phone's, a
// tablet's and a desktop's width. Dark: the page is dark and its text light, no light box is left, every layout
// check holds (SVG text at 4.5:1 against the shape behind it among them) and axe's colour rules find no violation.
// Print, from a dark screen: dark on white; no navigation, search or button; every table whole, as wide as the paper
// at most; the citation and the page's address printed; and Chromium prints each page kind to an A4 PDF.
// Each page is loaded once per width and measured on screen, then in print (the site's dark scheme and its print
// layout are its stylesheet's media queries alone, which Chromium applies to a loaded page as the emulated media
// change). Screenshots (dark at 390 and 1280 px, print at an A4 page's width) and the PDFs are kept in
// test-results/theme/ (git-ignored).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLayout, PAGE_KINDS, type LayoutProblems } from './layout-checks.ts';
import { buildDemoSite, openSiteInChromium, saveFullPageScreenshot, type PublishedSite } from './site-fixtures.ts';
import { A4_CONTENT_PX, axeColourViolations, checkTheme, pdfWithoutDates } from './theme-checks.ts';

const THEME_DIR = path.resolve(import.meta.dirname, '../../test-results/theme');
const WIDTHS = [390, 768, 1280] as const;
const SCREENSHOT_WIDTHS: readonly number[] = [390, 1280];
/** axe's colour rules run at one width: colours do not change with it, and each run takes seconds. */
const AXE_WIDTH = 1280;
const LANGUAGES = ['id', 'en'] as const;
/**
 * The pages with the widest tables, printed from a window of each screen width too: Chromium lays a printed page out
 * at the paper's width, not the window's, so they print to the same PDF from a phone's, a tablet's and a desktop's
 * window as from one as wide as the paper, and the widths measured at A4_CONTENT_PX hold for every window.
 */
const WIDE = new Set(['dapil-flagged-en', 'dictionary-id', 'year-id']);
const MEASURE_TIMEOUT = 900_000;

/** Each page's problems (by its path and width) and how many pages were measured, for one of the three checks. */
interface Measured {
  problems: Record<string, string[]>;
  measured: number;
}

describe('the demo site in a dark scheme and in print, at 390, 768 and 1280 px', () => {
  let site: PublishedSite | undefined;
  let browser: Browser | undefined;
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
    if (SCREENSHOT_WIDTHS.includes(width))
      await saveFullPageScreenshot(page, path.join(THEME_DIR, `dark-${name}-${width}.png`));
    return found;
  }

  /** The page printed to an A4 PDF: compared with its printing from a window as wide as A4, or kept as that. */
  async function measurePdf(page: Page, width: number, name: string, printed: Map<string, string>): Promise<string[]> {
    const pdf = await page.pdf({ format: 'A4' });
    if (width !== A4_CONTENT_PX)
      return pdfWithoutDates(pdf) === printed.get(name) ? [] : ['printed otherwise than from a window as wide as A4'];
    await writeFile(path.join(THEME_DIR, `print-${name}.pdf`), pdf);
    printed.set(name, pdfWithoutDates(pdf));
    const found: string[] = [];
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') found.push('not a PDF');
    // A4 in PostScript points as Playwright sizes it (8.27 × 11.7 in): each page's MediaBox.
    if (!/\/MediaBox \[0 0 59[56]\.\d+ 84[12]\.\d+\]/.test(pdf.toString('latin1'))) found.push('no A4 page');
    return found;
  }

  beforeAll(async () => {
    ({ site, browser } = await openSiteInChromium(buildDemoSite));
    await rm(THEME_DIR, { recursive: true, force: true });
    await mkdir(THEME_DIR, { recursive: true });
    // Every page kind in both languages, once per width, in a context with a dark scheme: at an A4 page's width
    // (the width Chromium lays a printed page out at) printed, then at each screen width on screen and printed.
    const context = await browser.newContext({ colorScheme: 'dark' });
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
            await page.emulateMedia({ media: 'screen' });
            const response = await page.goto(new URL(pagePath.slice(1), site.server.url).href);
            expect(response?.status(), pagePath).toBe(entry.status ?? 200);
            await page.waitForLoadState('load');
            if (entry.kind === 'search') await page.locator('#results li').first().waitFor();
            if (width !== A4_CONTENT_PX) record(dark, key, await measureDark(page, width, name));
            await page.emulateMedia({ media: 'print' });
            record(print, key, await checkTheme(page, 'print', width === A4_CONTENT_PX));
            if (width === A4_CONTENT_PX) await saveFullPageScreenshot(page, path.join(THEME_DIR, `print-${name}.png`));
            await page.emulateMedia({ media: 'screen' });
            if (width === A4_CONTENT_PX || WIDE.has(name))
              record(pdfs, key, await measurePdf(page, width, name, printed));
          }
      }
    } finally {
      await context.close();
    }
  }, MEASURE_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
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

  it('prints every page kind in both languages to an A4 PDF, the same from a window of any width', () => {
    expect(pdfs.measured).toBe(PAGE_KINDS.length * LANGUAGES.length + WIDE.size * WIDTHS.length);
    expect(pdfs.problems).toEqual({});
  });
});
