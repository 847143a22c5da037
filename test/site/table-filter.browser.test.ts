// The long tables' filters (docs/site.md, "Tables: sort and filter"), on the demo site built by the site stage under
// the base path /kpu/ and served there, and on the real-data site at the root (the base path is the demo's to prove;
// the real data brings the long lists). In Chromium as visitors use them: the year
// page's dapils filtered by name and by province and sorted, the count read out, all of it in the page's address, so
// that a reload, back and forward give the same rows in the same order; the party table's filter beside it in the
// same address without clashing; a dapil page's regencies in Indonesian, filtered where they are many and only
// sorted where they are few enough to read at a glance; axe clean and no sideways scroll at
// 390 px with a filter applied; and with JavaScript off, the same addresses show plain, complete tables and no
// control.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLANCE_ROWS, TABLE_FILTER_TEXT } from '../../scripts/site/table-filter.ts';
import { noticeSharedData } from '../support/shared-data.ts';
import { checkLayout } from './layout-checks.ts';
import { axeViolations } from './site-checks.ts';
import { buildRealSite, launchChromium, type PublishedSite } from './site-fixtures.ts';
import { serveSiteWorld } from './site-worlds.ts';

interface Row {
  name: string;
  province: string | null;
  voters: number | null;
}

/**
 * The body rows of a table as shown, in order: their name (the row header's words without its flag, or the party
 * table's data-name, which adds the acronym), data-province and voters (column 1).
 */
function shownRows(page: Page, table: string): Promise<Row[]> {
  return page.$$eval(`table#${table} tbody tr`, (rows) =>
    rows
      .filter((row) => !(row as HTMLElement).hidden && (row as HTMLElement).offsetParent !== null)
      .map((row) => {
        const cell = (row as HTMLTableRowElement).cells[1];
        const value = cell?.getAttribute('data-v');
        const header = row.querySelector('th[scope="row"]')?.cloneNode(true) as HTMLElement | undefined;
        header?.querySelectorAll('.flag').forEach((flag) => flag.remove());
        return {
          name: (row.getAttribute('data-name') ?? header?.textContent ?? '').replace(/\s+/g, ' ').trim(),
          province: row.getAttribute('data-province'),
          voters: value === null || value === undefined ? null : Number(value),
        };
      }),
  );
}

function query(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

function noSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/**
 * A word to type for a row: the longest word of letters in its name (in lower case) that not every row's name
 * holds, so the filter leaves some out.
 */
function wordOf(rows: readonly Row[], row: Row | undefined): string {
  const words = (row?.name ?? '')
    .toLowerCase()
    .split(' ')
    .filter((word) => /^\p{L}+$/u.test(word));
  const sorted = [...words].sort((x, y) => y.length - x.length);
  return sorted.find((word) => rows.some((other) => !other.name.toLowerCase().includes(word))) ?? sorted[0] ?? '';
}

/** A voters column sorted largest first, empty values last. */
function descending(values: ReadonlyArray<number | null>): boolean {
  const given = values.filter((value): value is number => value !== null);
  return (
    given.every((value, index) => index === 0 || (given[index - 1] as number) >= value) &&
    values.slice(given.length).every((value) => value === null)
  );
}

/** One Chromium for both sites' tests. */
let browser: Browser | undefined;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

function describeFilters(label: string, source: 'demo' | 'real', year: number): void {
  const BASE = source === 'demo' ? '/kpu/' : '/';
  describe(`the tables' filters on the ${label} site under ${BASE}`, () => {
    let site: PublishedSite | undefined;
    const at = (pagePath: string) => new URL(pagePath, site?.server.url).href;

    beforeAll(async () => {
      site = await (source === 'demo' ? serveSiteWorld(source, { base: BASE, withData: true }) : buildRealSite());
    }, 900_000);
    afterAll(async () => {
      await site?.close();
    });

    it('filters the dapils by province and name, sorts them, and keeps it all in the address through reload, back and forward', async () => {
      const page = await (browser as Browser).newPage({ viewport: { width: 390, height: 900 } });
      try {
        await page.goto(at(`${BASE}en/${year}/`));
        const form = page.locator('form[data-filter-for="dapils"]');
        await form.waitFor({ state: 'visible' });
        const all = await shownRows(page, 'dapils');
        const status = form.getByRole('status');
        expect(await status.getAttribute('aria-live')).toBe('polite');
        expect(await status.textContent()).toBe(`${all.length} dapils`);

        // The province list offers each province of the table once, in its order.
        const provinces = [...new Set(all.map((row) => row.province))];
        expect(await form.locator('select option:not([value=""])').allTextContents()).toEqual(provinces);
        const province = provinces[1] as string;
        await form.getByLabel('Province').selectOption(province);
        const inProvince = all.filter((row) => row.province === province);
        expect(inProvince.length).toBeLessThan(all.length);
        expect(await shownRows(page, 'dapils')).toEqual(inProvince);
        expect(await status.textContent()).toBe(`${inProvince.length} of ${all.length} dapils`);
        expect(query(page)).toEqual({ 'dapils-province': province });
        // The totals row counts every dapil: it is left out while some are shown.
        expect(await page.locator('table#dapils tfoot').isVisible()).toBe(false);

        // A word of the last dapil's name, typed in lower case: every dapil of the province whose name holds it.
        const word = wordOf(inProvince, inProvince.at(-1));
        await form.getByLabel('Name contains').pressSequentially(word);
        const named = inProvince.filter((row) => row.name.toLowerCase().includes(word));
        expect(named.length).toBeGreaterThan(0);
        expect(await shownRows(page, 'dapils')).toEqual(named);
        expect(await status.textContent()).toBe(`${named.length} of ${all.length} dapils`);
        expect(query(page)).toEqual({ 'dapils-province': province, 'dapils-q': word });

        // Sorted by voters, largest first, within the filter.
        await page.locator('table#dapils thead th[data-sort="1"] button').click();
        const sorted = await shownRows(page, 'dapils');
        expect(new Set(sorted.map((row) => row.name))).toEqual(new Set(named.map((row) => row.name)));
        expect(descending(sorted.map((row) => row.voters))).toBe(true);
        expect(query(page)).toEqual({ 'dapils-province': province, 'dapils-q': word, 'dapils-sort': '1d' });
        expect(await noSidewaysScroll(page)).toBe(true);
        const layout = Object.entries(await checkLayout(page)).filter(([, found]) => found.length > 0);
        expect(Object.fromEntries(layout)).toEqual({});
        expect(await axeViolations(page)).toEqual([]);

        // A reload (the address shared) gives the same rows in the same order, the controls as they were.
        await page.reload();
        await form.waitFor({ state: 'visible' });
        expect(await shownRows(page, 'dapils')).toEqual(sorted);
        expect(await form.getByLabel('Name contains').inputValue()).toBe(word);
        expect(await form.getByLabel('Province').inputValue()).toBe(province);
        expect(await page.locator('table#dapils th[data-sort="1"]').getAttribute('aria-sort')).toBe('descending');
        expect(await status.textContent()).toBe(`${named.length} of ${all.length} dapils`);

        // Back: before the sort (the filter's order), then before the name was typed; forward again.
        await page.goBack();
        expect(query(page)).toEqual({ 'dapils-province': province, 'dapils-q': word });
        expect(await shownRows(page, 'dapils')).toEqual(named);
        expect(await page.locator('table#dapils th[data-sort="1"]').getAttribute('aria-sort')).toBe('none');
        await page.goBack();
        expect(query(page)).toEqual({ 'dapils-province': province });
        expect(await shownRows(page, 'dapils')).toEqual(inProvince);
        expect(await form.getByLabel('Name contains').inputValue()).toBe('');
        await page.goForward();
        await page.goForward();
        expect(await shownRows(page, 'dapils')).toEqual(sorted);

        // The province table of the same page: by name where its rows are many (the real data's), with no filter where
        // they are read at a glance (the demo's 3).
        const provinceForm = page.locator('form[data-filter-for="provinces"]');
        const provinceRows = await shownRows(page, 'provinces');
        expect(await provinceForm.count()).toBe(provinceRows.length > GLANCE_ROWS ? 1 : 0);
        if (provinceRows.length <= GLANCE_ROWS) return;
        const provinceWord = wordOf(provinceRows, provinceRows.at(-1));
        await provinceForm.getByLabel('Name contains').fill(provinceWord);
        const provincesNamed = provinceRows.filter((row) => row.name.toLowerCase().includes(provinceWord));
        expect(provincesNamed.length).toBeLessThan(provinceRows.length);
        expect(await shownRows(page, 'provinces')).toEqual(provincesNamed);
        expect(await provinceForm.getByRole('status').textContent()).toBe(
          `${provincesNamed.length} of ${provinceRows.length} provinces`,
        );
        expect(query(page)).toMatchObject({ 'provinces-q': provinceWord, 'dapils-sort': '1d' });
      } finally {
        await page.close();
      }
    });

    it('changes no row and no count of a table its address leaves as the page gives it', async () => {
      const page = await (browser as Browser).newPage({ viewport: { width: 390, height: 900 } });
      try {
        // Recorded from the end of parsing (before the deferred scripts run): every change to a table's body (its rows
        // moved, hidden or shown) or a filter's count.
        await page.addInitScript(() => {
          const changed: string[] = [];
          (window as unknown as { changed: string[] }).changed = changed;
          const observer = new MutationObserver((records) => {
            for (const record of records) {
              const target = record.target instanceof Element ? record.target : record.target.parentElement;
              const where = target?.closest('tbody, form[data-filter-for] [role="status"]');
              if (where)
                changed.push(
                  `${record.type} in ${where.tagName.toLowerCase()} of ${where.closest('table')?.id ?? where.closest('form')?.getAttribute('data-filter-for')}`,
                );
            }
          });
          document.addEventListener('readystatechange', () => {
            if (document.readyState === 'interactive')
              observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
          });
        });
        await page.goto(at(`${BASE}en/${year}/`), { waitUntil: 'load' });
        // The script ran: the filters are shown and the headers are buttons.
        await page.locator('form[data-filter-for="dapils"]').waitFor({ state: 'visible' });
        expect(await page.locator('table#dapils thead th[data-sort="1"] button').count()).toBe(1);
        expect(await page.evaluate(() => (window as unknown as { changed: string[] }).changed)).toEqual([]);
      } finally {
        await page.close();
      }
    });

    it('keeps two tables of a page apart in the address', async () => {
      const page = await (browser as Browser).newPage({ viewport: { width: 1280, height: 900 } });
      try {
        await page.goto(at(`${BASE}en/${year}/`));
        const parties = await shownRows(page, 'parties');
        expect(parties.length).toBeGreaterThan(1);
        const word = wordOf(parties, parties[0]);
        await page.locator('#parties-q').fill(word);
        await page.locator('table#dapils thead th[data-sort="0"] button').click();
        const partiesShown = await shownRows(page, 'parties');
        expect(partiesShown).toEqual(parties.filter((row) => row.name.toLowerCase().includes(word)));
        const dapilsSorted = await shownRows(page, 'dapils');
        expect(query(page)).toEqual({ 'parties-q': word, 'dapils-sort': '0a' });
        await page.reload();
        await page.locator('#parties-q').waitFor({ state: 'visible' });
        expect(await shownRows(page, 'parties')).toEqual(partiesShown);
        expect(await shownRows(page, 'dapils')).toEqual(dapilsSorted);
        expect(await page.locator('#dapils-q').inputValue()).toBe('');
      } finally {
        await page.close();
      }
    });

    /** The year page's dapil pages, each with the number of rows of its regencies' table. */
    async function dapilPages(page: Page): Promise<Array<{ href: string; rows: number }>> {
      await page.goto(at(`${BASE}${year}/`));
      const hrefs = await page
        .locator('table#dapils tbody th a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      return Promise.all(
        hrefs.map(async (href) => {
          const html = await (await fetch(at(href))).text();
          const body = /id="regencies"[^]*?<tbody>([^]*?)<\/tbody>/.exec(html)?.[1] ?? '';
          return { href, rows: body.match(/<tr[ >]/g)?.length ?? 0 };
        }),
      );
    }

    it(`gives a dapil page of at most ${GLANCE_ROWS} regencies no filter, and its table still sorts`, async () => {
      const page = await (browser as Browser).newPage({ viewport: { width: 390, height: 900 } });
      try {
        const short = (await dapilPages(page)).find((dapil) => dapil.rows > 1 && dapil.rows <= GLANCE_ROWS);
        expect(short, 'a dapil of a few regencies').toBeDefined();
        await page.goto(at(short?.href ?? ''));
        // Sorted by all voters, largest first.
        await page.locator('table#regencies thead th[data-sort="1"] button').click();
        expect(await page.locator('form[data-filter-for="regencies"]').count()).toBe(0);
        expect(await page.locator('table#regencies thead th[data-sort="1"]').getAttribute('aria-sort')).toBe(
          'descending',
        );
        expect(query(page)).toEqual({ 'regencies-sort': '1d' });
        expect(await noSidewaysScroll(page)).toBe(true);
        const sorted = await shownRows(page, 'regencies');
        expect(descending(sorted.map((row) => row.voters))).toBe(true);
        await page.reload();
        expect(await shownRows(page, 'regencies')).toEqual(sorted);
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await page.close();
      }
    });

    // The demo's dapils have 2 to 4 regencies; the real data's of 2014 up to 19.
    it.runIf(source === 'real')(
      'filters and sorts the regencies of the dapil with the most, in Indonesian',
      async () => {
        const page = await (browser as Browser).newPage({ viewport: { width: 390, height: 900 } });
        try {
          const largest = (await dapilPages(page)).reduce((most, dapil) => (dapil.rows > most.rows ? dapil : most));
          expect(largest.rows).toBeGreaterThan(GLANCE_ROWS);
          expect(largest.href.startsWith(`${BASE}${year}/dapil/`)).toBe(true);
          await page.goto(at(largest.href));
          const all = await shownRows(page, 'regencies');
          expect(all).toHaveLength(largest.rows);
          const word = wordOf(all, all.at(-1));
          await page.getByLabel(TABLE_FILTER_TEXT.id.name).fill(word);
          await page.locator('table#regencies thead th[data-sort="3"] button').click();
          const shown = await shownRows(page, 'regencies');
          const named = all.filter((row) => row.name.toLowerCase().includes(word));
          expect(new Set(shown.map((row) => row.name))).toEqual(new Set(named.map((row) => row.name)));
          expect(await page.locator('form[data-filter-for="regencies"] [role="status"]').textContent()).toBe(
            named.length < all.length
              ? `${named.length} dari ${all.length} kabupaten/kota`
              : `${all.length} kabupaten/kota`,
          );
          expect(query(page)).toEqual({ 'regencies-q': word, 'regencies-sort': '3d' });
          expect(await noSidewaysScroll(page)).toBe(true);
          await page.reload();
          expect(await shownRows(page, 'regencies')).toEqual(shown);
          expect(await axeViolations(page)).toEqual([]);
        } finally {
          await page.close();
        }
      },
    );

    it('shows plain, complete tables and no control without JavaScript, whatever the address asks', async () => {
      const context = await (browser as Browser).newContext({
        javaScriptEnabled: false,
        viewport: { width: 390, height: 900 },
      });
      try {
        const page = await context.newPage();
        await page.goto(at(`${BASE}en/${year}/?dapils-q=zzz&dapils-sort=1d&parties-q=zzz`));
        for (const table of ['dapils', 'parties', 'provinces']) {
          const rows = page.locator(`table#${table} tbody tr`);
          expect(await rows.count(), table).toBeGreaterThan(1);
          expect(await page.locator(`table#${table} tbody tr:visible`).count(), table).toBe(await rows.count());
          expect(await page.locator(`form[data-filter-for="${table}"]`).isVisible(), table).toBe(false);
        }
        expect(await page.locator('main input:visible, main select:visible').count()).toBe(0);
        expect(await page.locator('table#dapils tfoot').isVisible()).toBe(true);
        expect(await page.locator('table#dapils th[aria-sort]').count()).toBe(0);
        expect(await noSidewaysScroll(page)).toBe(true);
      } finally {
        await context.close();
      }
    });
  });
}

describeFilters('demo', 'demo', 2024);
describe.skipIf(!noticeSharedData('the real-data tables’ filters'))('on the real data', () => {
  describeFilters('real-data', 'real', 2014);
});
