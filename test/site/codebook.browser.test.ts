// The codebook pages as users read them, in Chromium: one per published dataset in both languages, at a phone's and a
// desktop's width with the layout checks of test/site/layout-checks.ts; printed whole (nothing left to scroll
// sideways on paper); every declared column on it; linked from the dictionary, the downloads and the dataset's own
// pages; linking exactly its dataset's files. (axe, the page budget and every link resolving: the site suite's checks
// of every page, test/site/site-suite.ts.) Then the real data's turnout codebook (skipped, loudly,
// when ../shared/data is absent): the 2014 coverage gaps and broken rules among its quirks.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QualityReport } from '../../scripts/check/quality-check.ts';
import { LANGS } from '../../scripts/languages.ts';
import { codebookDatasets } from '../../scripts/site/pages/codebook-page.ts';
import { pagePath } from '../../scripts/site/site-routes.ts';
import { noticeSharedData } from '../support/shared-data.ts';
import { checkLayout, type LayoutProblems } from './layout-checks.ts';
import {
  buildDemoSite,
  buildRealSite,
  KEEP_SCREENSHOTS,
  openSiteInChromium,
  saveFullPageScreenshot,
  SCREENSHOT_DIR,
  type PublishedSite,
} from './site-fixtures.ts';

const WIDTHS = [390, 1280] as const;
/** About an A4 page's printable width in CSS px (210 mm less 2 × 10 mm margins). */
const PRINT_WIDTH = 720;

const CODEBOOKS = codebookDatasets().flatMap((dataset) =>
  LANGS.map((lang) => ({ dataset, lang, path: pagePath(lang, { kind: 'codebook', dataset: dataset.id }) })),
);

/** Layout problems of every check, only those found. */
function found(problems: LayoutProblems): Record<string, string[]> {
  return Object.fromEntries(Object.entries(problems).filter(([, list]) => list.length > 0));
}

/** What printing the page leaves wider than the paper: the page itself, or a box that would scroll. */
async function printOverflow(page: Page): Promise<string[]> {
  await page.emulateMedia({ media: 'print' });
  try {
    return await page.evaluate(() => {
      const wide: string[] = [];
      const root = document.documentElement;
      if (root.scrollWidth > root.clientWidth) wide.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
      for (const box of document.querySelectorAll<HTMLElement>('main .scroll')) {
        if (box.scrollWidth > box.clientWidth + 1)
          wide.push(`${box.querySelector('caption')?.textContent ?? 'table'} ${box.scrollWidth} > ${box.clientWidth}`);
      }
      return wide;
    });
  } finally {
    await page.emulateMedia({ media: 'screen' });
  }
}

describe('the codebook pages of the demo site', () => {
  let site: PublishedSite | undefined;
  let browser: Browser | undefined;
  const layout = new Map<string, Record<string, string[]>>();
  const printed = new Map<string, string[]>();
  const columns = new Map<string, string[]>();

  beforeAll(async () => {
    ({ site, browser } = await openSiteInChromium(buildDemoSite));
    if (KEEP_SCREENSHOTS) await mkdir(SCREENSHOT_DIR, { recursive: true });
    for (const width of WIDTHS) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        for (const codebook of CODEBOOKS) {
          const response = await page.goto(new URL(codebook.path.slice(1), site.server.url).href);
          expect(response?.status(), codebook.path).toBe(200);
          layout.set(`${codebook.path} @${width}`, found(await checkLayout(page)));
          if (KEEP_SCREENSHOTS)
            await saveFullPageScreenshot(
              page,
              path.join(SCREENSHOT_DIR, `codebook-${codebook.dataset.id}-${codebook.lang}-${width}.png`),
            );
          if (width === WIDTHS[1]) {
            columns.set(
              codebook.path,
              await page.$$eval('tr[data-column]', (rows) => rows.map((row) => row.getAttribute('data-column') ?? '')),
            );
          }
        }
      } finally {
        await page.close();
      }
    }
    const paper = await browser.newPage({ viewport: { width: PRINT_WIDTH, height: 1000 } });
    try {
      for (const codebook of CODEBOOKS) {
        await paper.goto(new URL(codebook.path.slice(1), site.server.url).href);
        printed.set(codebook.path, await printOverflow(paper));
      }
    } finally {
      await paper.close();
    }
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('passes every layout check at 390 and 1280 px in both languages, without scrolling sideways', () => {
    expect(layout.size).toBe(CODEBOOKS.length * WIDTHS.length);
    expect(Object.fromEntries([...layout].filter(([, problems]) => Object.keys(problems).length > 0))).toEqual({});
  });

  it('prints whole: no table wider than the paper, nothing left to scroll', () => {
    expect(Object.fromEntries([...printed].filter(([, wide]) => wide.length > 0))).toEqual({});
  });

  it('lists every declared column of its dataset, in declaration order', () => {
    for (const codebook of CODEBOOKS) {
      expect(columns.get(codebook.path), codebook.path).toEqual(codebook.dataset.columns.map((column) => column.name));
    }
  });

  it('is linked from the dictionary, the downloads and the dataset’s own pages, and links files that resolve', async () => {
    if (!site) throw new Error('no site');
    const url = site.server.url;
    const html = async (pagePath: string): Promise<string> => {
      const response = await fetch(new URL(pagePath.slice(1), url));
      expect(response.status, pagePath).toBe(200);
      return response.text();
    };
    for (const lang of LANGS) {
      const all = CODEBOOKS.filter((codebook) => codebook.lang === lang).map((codebook) => `href="${codebook.path}"`);
      const dictionary = await html(pagePath(lang, { kind: 'dictionary' }));
      const downloads = await html(pagePath(lang, { kind: 'downloads' }));
      for (const link of all) {
        expect(dictionary).toContain(link);
        expect(downloads).toContain(link);
      }
      const dapil = site.manifest.years.at(-1) ?? 0;
      expect(await html(pagePath(lang, { kind: 'dapil', year: dapil, dapilId: '1101' }))).toContain(
        `href="${pagePath(lang, { kind: 'codebook', dataset: 'turnout' })}"`,
      );
      expect(await html(pagePath(lang, { kind: 'profile', dataset: 'parties', year: dapil, id: '1' }))).toContain(
        `href="${pagePath(lang, { kind: 'codebook', dataset: 'parties' })}"`,
      );
    }
    for (const codebook of CODEBOOKS.filter((entry) => entry.lang === 'en')) {
      const page = await html(codebook.path);
      const files = [...page.matchAll(/href="(\/data\/[^"]+)"/g)].map((match) => match[1] as string);
      const expected = site.manifest.files.filter((file) => file.dataset === codebook.dataset.id);
      expect(files.sort(), codebook.path).toEqual(expected.map((file) => `/data/${file.path}`).sort());
      for (const file of files)
        expect((await fetch(new URL(file.slice(1), url), { method: 'HEAD' })).status, file).toBe(200);
    }
  });
});

describe.skipIf(!noticeSharedData('the real data’s codebook'))('the turnout codebook of the real data', () => {
  let site: PublishedSite | undefined;
  let browser: Browser | undefined;
  const pages = LANGS.map((lang) => pagePath(lang, { kind: 'codebook', dataset: 'turnout' }));

  beforeAll(async () => {
    ({ site, browser } = await openSiteInChromium(buildRealSite));
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('names the 2014 coverage gap, every dapil missing official regencies and the broken sums', async () => {
    const page = await browser?.newPage();
    if (!page || !site) throw new Error('no site or no browser');
    const reportFile = site.manifest.files.find((file) => file.format === 'quality-json');
    if (!reportFile) throw new Error('no quality report in the manifest');
    const report = JSON.parse(
      await readFile(path.join(site.distDir, 'data', reportFile.path), 'utf8'),
    ) as QualityReport;
    const coverage = report.coverage?.years.find((year) => year.year === 2014);
    const turnout = report.datasets.find((dataset) => dataset.dataset === 'turnout');
    try {
      await page.goto(new URL(pages[1]?.slice(1) ?? '', site.server.url).href);
      const quirks = (await page.locator('ul.quirks li').allInnerTexts()).join('\n');
      // The real 2014 files cover part of the official list: the year's totals are not national.
      expect(coverage?.status).toBe('compared');
      expect(quirks).toContain(
        `2014: the source holds only ${coverage?.dapils.harvested} of ${coverage?.dapils.official} dapils, ${coverage?.regencies.harvested} of ${coverage?.regencies.official} regencies of the official list; the year’s totals are not national.`,
      );
      expect(coverage?.incompleteDapils.length).toBeGreaterThan(0);
      for (const dapil of coverage?.incompleteDapils ?? []) {
        expect(quirks).toContain(
          `2014, dapil ${dapil.id} ${dapil.name}: ${dapil.missing.length} of the official list’s ${dapil.official} regencies missing from the source: ${dapil.missing.map((regency) => `${regency.name} (${regency.code})`).join(', ')}.`,
        );
      }
      // Every rule the 2014 records break, with its count (datahakpilihdpr_2014_broken.csv breaks the sums).
      const broken = Object.entries(turnout?.years.find((year) => year.year === '2014')?.violationsByRule ?? {}).filter(
        ([, count]) => count > 0,
      );
      expect(broken.map(([rule]) => rule)).toContain('dpt-sex-sum');
      for (const [rule, count] of broken)
        expect(quirks).toMatch(new RegExp(`^2014: ${count} records? breaks? .*\\(${rule}\\)\\.$`, 'm'));
      const row = await page
        .locator('table', { hasText: 'Coverage per year' })
        .locator('tbody tr', { hasText: '2014' })
        .innerText();
      expect(row).toContain(`${coverage?.dapils.harvested} of ${coverage?.dapils.official} dapils`);
    } finally {
      await page.close();
    }
  });

  it('passes every layout check at 390 and 1280 px in both languages', async () => {
    const problems: Record<string, Record<string, string[]>> = {};
    for (const width of WIDTHS) {
      const page = await browser?.newPage({ viewport: { width, height: 900 } });
      if (!page || !site) throw new Error('no site or no browser');
      try {
        for (const pagePath of pages) {
          await page.goto(new URL(pagePath.slice(1), site.server.url).href);
          const found_ = found(await checkLayout(page));
          if (Object.keys(found_).length > 0) problems[`${pagePath} @${width}`] = found_;
        }
      } finally {
        await page.close();
      }
    }
    expect(problems).toEqual({});
  });
});
