// The real-data site's layout at a phone's and a desktop's width: the pages where the real data is longer
// than the demo's (every dapil page with flagged records, whose quality notes quote the source's long field names;
// every dapil page whose sentences need more than one decimal to tell two shares apart; the year pages; the home pages, whose totals include a year missing dapils; the downloads), with the checks of
// test/site/layout-checks.ts; and every party page's table across years at a phone's width (every page's count tables at
// a desktop's width are the site suite's render checks: site-checks.ts). Skipped, loudly, when the shared data is absent.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeSharedData } from '../support/shared-data.ts';
import { checkLayout, type LayoutProblems } from './layout-checks.ts';
import { listPagePaths } from './site-checks.ts';
import { buildRealSite, openSiteInChromium, type PublishedSite } from './site-fixtures.ts';

describe.skipIf(!noticeSharedData('the real-data site’s layout'))('the real-data site’s layout in Chromium', () => {
  let site: PublishedSite | undefined;
  let browser: Browser | undefined;
  const results = new Map<string, LayoutProblems>();
  let flagged: string[] = [];
  let finer: string[] = [];

  beforeAll(async () => {
    ({ site, browser } = await openSiteInChromium(buildRealSite));
    const paths = await listPagePaths(site.distDir);
    const dapils = paths.filter((pagePath) => /\/dapil\/[^/]+\/$/.test(pagePath));
    for (const pagePath of dapils) {
      const html = await (await fetch(new URL(pagePath.slice(1), site.server.url))).text();
      if (html.includes('id="catatan"')) flagged.push(pagePath);
      else if (/[0-9][.,][0-9]{2,3}%/.test(html)) finer.push(pagePath);
    }
    flagged = flagged.sort();
    finer = finer.sort();
    const years = site.manifest.years.flatMap((year) => [`/${year}/`, `/en/${year}/`]);
    for (const width of [390, 1280]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      try {
        for (const pagePath of [...flagged, ...finer, ...years, '/', '/en/', '/unduh/', '/en/downloads/']) {
          await page.goto(new URL(pagePath.slice(1), site.server.url).href);
          results.set(`${pagePath} @${width}`, await checkLayout(page));
        }
      } finally {
        await page.close();
      }
    }
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('passes every layout check on the flagged dapil pages, those of finer shares, the year pages and the downloads', () => {
    // The real files have flagged records in several dapils (datahakpilihdpr_2014_broken.csv).
    expect(flagged.length).toBeGreaterThan(1);
    // Two dapils of 2014 whose regencies' shares are alike at one decimal (KOTA BANDUNG and KOTA CIMAHI's women's
    // share, JEMBER and LUMAJANG's share outside the DPT), in both languages.
    expect(finer.length).toBeGreaterThanOrEqual(4);
    const problems = Object.fromEntries(
      [...results]
        .map(([page, found]) => [page, Object.entries(found).filter(([, list]) => list.length > 0)] as const)
        .filter(([, found]) => found.length > 0)
        .map(([page, found]) => [page, Object.fromEntries(found)]),
    );
    expect(problems).toEqual({});
  });

  it('fits a party’s table across years without a figure on a phone, its own year’s note wrapping under the year', async () => {
    if (!site || !browser) throw new Error('the site did not build');
    const paths = (await listPagePaths(site.distDir)).filter((pagePath) => /\/(party|partai)\/[^/]+\/$/.test(pagePath));
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    const wide: string[] = [];
    let fourColumns = 0;
    try {
      for (const pagePath of paths) {
        await page.goto(new URL(pagePath.slice(1), site.server.url).href);
        const table = await page.evaluate(() => {
          const across = document.querySelector('table.across');
          if (!across) return null;
          const acronyms = Array.from(across.querySelectorAll('tbody tr'), (row) => row.lastElementChild?.textContent);
          return {
            columns: across.querySelectorAll('thead th').length,
            width: across.getBoundingClientRect().width,
            screen: (across.closest('.scroll') ?? across.parentElement)?.clientWidth ?? 0,
            longestWord: Math.max(...acronyms.flatMap((text) => (text ?? '').split(/\s+/).map((word) => word.length))),
          };
        });
        if (table?.columns !== 4) continue;
        fourColumns++;
        // Every one fits, but beside an acronym with a word of ten letters or more (PDI PERJUANGAN), which a phone's
        // last column cannot hold beside the year, the ballot number and the name.
        if (table.width > table.screen + 0.5 && table.longestWord < 10) wide.push(`${pagePath}: ${table.width} px`);
      }
    } finally {
      await page.close();
    }
    expect(fourColumns).toBeGreaterThan(20);
    expect(wide).toEqual([]);
  }, 300_000);
});
