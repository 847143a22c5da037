// The demo site on a screen set to a dark scheme and on paper, every page kind in both languages at a phone's, a
// tablet's and a desktop's width. Dark: the page is dark and its text light, no light box is left, every layout
// check holds (SVG text at 4.5:1 against the shape behind it among them) and axe's colour rules find no violation.
// Print, from a dark screen: dark on white; no navigation, search or button; every table whole, as wide as the paper
// at most; the citation and the page's address printed; and Chromium prints each page kind to an A4 PDF.
// Screenshots (dark at 390 and 1280 px, print at an A4 page's width) and the PDFs are kept in test-results/theme/
// (git-ignored).
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
const MEASURE_TIMEOUT = 900_000;

describe('the demo site in a dark scheme and in print, at 390, 768 and 1280 px', () => {
  let site: PublishedSite | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    ({ site, browser } = await openSiteInChromium(buildDemoSite));
    await rm(THEME_DIR, { recursive: true, force: true });
    await mkdir(THEME_DIR, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  /**
   * Every page kind in both languages (those `wanted`) at each width, in a new context with a dark scheme, printing or
   * not; `measure` returns each page's problems. Resolves with the pages that have some, and how many were measured.
   */
  async function measureEach(
    widths: readonly number[],
    media: 'screen' | 'print',
    measure: (page: Page, width: number, name: string) => Promise<string[]>,
    wanted: (width: number, name: string) => boolean = () => true,
  ): Promise<{ problems: Record<string, string[]>; measured: number }> {
    const context = await (browser as Browser).newContext({ colorScheme: 'dark' });
    const problems: Record<string, string[]> = {};
    let measured = 0;
    try {
      const page = await context.newPage();
      await page.emulateMedia({ media });
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        for (const entry of PAGE_KINDS)
          for (const lang of LANGUAGES) {
            const pagePath = entry[lang];
            if (!wanted(width, `${entry.kind}-${lang}`)) continue;
            const response = await page.goto(new URL(pagePath.slice(1), (site as PublishedSite).server.url).href);
            expect(response?.status(), pagePath).toBe(entry.status ?? 200);
            await page.waitForLoadState('load');
            if (entry.kind === 'search') await page.locator('#results li').first().waitFor();
            const found = await measure(page, width, `${entry.kind}-${lang}`);
            if (found.length > 0) problems[`${pagePath} @${width}`] = found;
            measured += 1;
          }
      }
    } finally {
      await context.close();
    }
    return { problems, measured };
  }

  it(
    'draws a dark page with light text, readable at 4.5:1 (HTML and SVG text), with every layout check holding',
    async () => {
      const { problems, measured } = await measureEach(WIDTHS, 'screen', async (page, width, name) => {
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
      });
      expect(measured).toBe(PAGE_KINDS.length * LANGUAGES.length * WIDTHS.length);
      expect(problems).toEqual({});
    },
    MEASURE_TIMEOUT,
  );

  it(
    'prints dark on white without navigation, search or buttons, every table whole, with the citation and the page’s address',
    async () => {
      // At each screen width, and at an A4 page's (the width Chromium lays a printed page out at).
      const widths = [...WIDTHS, A4_CONTENT_PX];
      const { problems, measured } = await measureEach(widths, 'print', async (page, width, name) => {
        const found = await checkTheme(page, 'print', width === A4_CONTENT_PX);
        if (width === A4_CONTENT_PX) await saveFullPageScreenshot(page, path.join(THEME_DIR, `print-${name}.png`));
        return found;
      });
      expect(measured).toBe(PAGE_KINDS.length * LANGUAGES.length * widths.length);
      expect(problems).toEqual({});
    },
    MEASURE_TIMEOUT,
  );

  it(
    'prints every page kind in both languages to an A4 PDF, the same from a window of any width',
    async () => {
      // Chromium lays a printed page out at the paper's width, not the window's: the pages with the widest tables
      // print to the same PDF from a phone's, a tablet's and a desktop's window as from one as wide as the paper, so
      // the widths measured at A4_CONTENT_PX above hold for every window.
      const wide = new Set(['dapil-flagged-en', 'dictionary-id', 'year-id']);
      const printed = new Map<string, string>();
      const { problems, measured } = await measureEach(
        [A4_CONTENT_PX, ...WIDTHS],
        'screen',
        async (page, width, name) => {
          const pdf = await page.pdf({ format: 'A4' });
          if (width !== A4_CONTENT_PX)
            return pdfWithoutDates(pdf) === printed.get(name)
              ? []
              : ['printed otherwise than from a window as wide as A4'];
          await writeFile(path.join(THEME_DIR, `print-${name}.pdf`), pdf);
          printed.set(name, pdfWithoutDates(pdf));
          const found: string[] = [];
          if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') found.push('not a PDF');
          // A4 in PostScript points as Playwright sizes it (8.27 × 11.7 in): each page's MediaBox.
          if (!/\/MediaBox \[0 0 59[56]\.\d+ 84[12]\.\d+\]/.test(pdf.toString('latin1'))) found.push('no A4 page');
          return found;
        },
        (width, name) => width === A4_CONTENT_PX || wide.has(name),
      );
      expect(measured).toBe(PAGE_KINDS.length * LANGUAGES.length + wide.size * WIDTHS.length);
      expect(problems).toEqual({});
    },
    MEASURE_TIMEOUT,
  );
});
