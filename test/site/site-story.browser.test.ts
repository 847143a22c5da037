// The year page's story, the pages across years and the quality findings on the built demo site, read
// in Chromium against the downloads as a reader would check them: every headline figure and every dapil's key
// ratios are the sums of the per-year JSON, the table sorts with JavaScript and is whole without, the dapil and
// party tables across years hold the other years' figures and link their pages, the quota chart names the parties
// without a percentage, and a broken sum is said in words in each language. (Every page's weight: the site suite,
// site-demo.browser.test.ts; each page kind's width and screenshots at 390, 768 and 1280 px: layout.browser.test.ts.)
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QualityReport } from '../../scripts/check/quality-check.ts';
import { yearRecords } from './site-figures.ts';
import { buildDemoSite, openSiteInChromium, type PublishedSite } from './site-fixtures.ts';

type Row = Record<string, number | string | string[] | null>;

let site: PublishedSite | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  ({ site, browser } = await openSiteInChromium(buildDemoSite));
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

function current(): { site: PublishedSite; browser: Browser } {
  if (!site || !browser) throw new Error('the demo site or Chromium is missing');
  return { site, browser };
}

async function open(pagePath: string, options: { javaScript?: boolean } = {}): Promise<Page> {
  const { site: published, browser: chromium } = current();
  const context = await chromium.newContext({ javaScriptEnabled: options.javaScript ?? true });
  const page = await context.newPage();
  await page.goto(new URL(pagePath, published.server.url).href);
  return page;
}

const sum = (records: readonly Row[], column: string): number =>
  records.reduce((total, record) => total + ((record[column] as number | null) ?? 0), 0);

/** The key ratios of records as the pages compute them: voters, women's share, share outside the DPT. */
function ratios(records: readonly Row[]): { voters: number; women: number | null; outside: number | null } {
  const male = sum(records, 'total_male');
  const female = sum(records, 'total_female');
  const lists = sum(records, 'dpt_total') + sum(records, 'dptb_total') + sum(records, 'dpk_total');
  return {
    voters: sum(records, 'total_voters'),
    women: male + female === 0 ? null : female / (male + female),
    outside: lists === 0 ? null : (sum(records, 'dptb_total') + sum(records, 'dpk_total')) / lists,
  };
}

function byDapil(records: readonly Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const record of records) {
    const id = record.dapil_id as string;
    groups.set(id, [...(groups.get(id) ?? []), record]);
  }
  return groups;
}

/** A data-v attribute as a number (null when absent), compared to 12 digits: the page writes JavaScript's number. */
const close = (value: string | null, expected: number | null): boolean =>
  value === null ? expected === null : expected !== null && Math.abs(Number(value) - expected) < 1e-12;

describe('the year page that tells the story, and the pages across years (demo site)', () => {
  it('gives headline figures and every dapil’s key ratios equal to the sums of the downloads, in both languages', async () => {
    const turnout = await yearRecords(current().site, 'turnout');
    const parties = await yearRecords(current().site, 'parties');
    const problems: string[] = [];
    for (const [year, records] of turnout) {
      for (const prefix of ['', 'en/']) {
        const page = await open(`${prefix}${year}/`);
        const figures = await page.$$eval('dl.figures dd', (cells) => cells.map((cell) => cell.getAttribute('data-v')));
        const total = ratios(records);
        const expected = [
          total.voters,
          total.women,
          total.outside,
          byDapil(records).size,
          records.length,
          parties.get(year)?.length ?? 0,
        ];
        if (
          figures.length !== expected.length ||
          figures.some((value, index) => !close(value, expected[index] ?? null))
        )
          problems.push(
            `${prefix}${year}/: figures ${JSON.stringify(figures)}, the downloads give ${JSON.stringify(expected)}`,
          );
        const rows = await page.$$eval('#dapil-caption', (captions) =>
          [...(captions[0]?.closest('table')?.querySelectorAll('tbody tr') ?? [])].map((row) => ({
            link: row.querySelector('th a')?.getAttribute('href') ?? '',
            values: [...row.querySelectorAll('td')].map((cell) => cell.getAttribute('data-v')),
          })),
        );
        const groups = byDapil(records);
        if (rows.length !== groups.size) problems.push(`${prefix}${year}/: ${rows.length} rows, ${groups.size} dapils`);
        for (const row of rows) {
          const id = /dapil\/([0-9]+)\//.exec(row.link)?.[1] ?? '';
          const dapil = groups.get(id) ?? [];
          const expectedRow = ratios(dapil);
          const [voters, women, outside, regencies] = row.values;
          if (
            !close(regencies ?? null, dapil.length) ||
            !close(voters ?? null, expectedRow.voters) ||
            !close(women ?? null, expectedRow.women) ||
            !close(outside ?? null, expectedRow.outside)
          )
            problems.push(`${prefix}${year}/: dapil ${id} shows ${JSON.stringify(row.values)}`);
        }
        await page.context().close();
      }
    }
    expect(problems).toEqual([]);
    expect(turnout.size).toBeGreaterThan(0);
  });

  it('says what stands out, and sorts the one table of dapils by a column with JavaScript and shows it whole without', async () => {
    const year = Math.max(...(await yearRecords(current().site, 'turnout')).keys());
    const page = await open(`en/${year}/`);
    const story = await page.locator('section[aria-labelledby="sekilas"]').textContent();
    expect(story).toMatch(
      new RegExp(`In the ${year} election, [0-9,]+ people voted in the [0-9]+ dapils of this data`),
    );
    expect(story).toMatch(/Women's share was highest in .+ \([0-9.]+%\) and lowest in .+ \([0-9.]+%\)\./);
    // The sort buttons: by women's share, largest first (a column of numbers), then smallest first.
    const women = page.locator('#dapil-caption >> xpath=ancestor::table[1]//thead//th[4]//button');
    const shares = async (): Promise<number[]> =>
      page.$$eval('#dapil-caption', (captions) =>
        [...(captions[0]?.closest('table')?.querySelectorAll('tbody tr') ?? [])].map((row) =>
          Number(row.querySelectorAll('td')[2]?.getAttribute('data-v')),
        ),
      );
    await women.click();
    const descending = await shares();
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    await women.click();
    const ascending = await shares();
    expect(ascending).toEqual([...descending].reverse());
    await page.context().close();
    const still = await open(`${year}/`, { javaScript: false });
    expect(await still.locator('table:has(#dapil-caption) tbody tr').count()).toBe(
      (await yearRecords(current().site, 'turnout'))
        .get(year)
        ?.reduce((ids, record) => ids.add(record.dapil_id as string), new Set<string>()).size,
    );
    expect(await still.locator('section[aria-labelledby="sekilas"] p').first().textContent()).toMatch(
      new RegExp(`^Pada pemilu ${year}, [0-9.]+ orang menggunakan hak pilih`),
    );
    await still.context().close();
  });

  it('shows on a dapil page the same dapil id in the other years, with their figures and links', async () => {
    const turnout = await yearRecords(current().site, 'turnout');
    const years = [...turnout.keys()].sort();
    const ids = [...byDapil(turnout.get(years[0] as number) ?? []).keys()].filter((id) =>
      years.every((year) => byDapil(turnout.get(year) ?? []).has(id)),
    );
    expect(ids.length).toBeGreaterThan(0);
    for (const prefix of ['', 'en/']) {
      const id = ids[0] as string;
      const page = await open(`${prefix}${years.at(-1) as number}/dapil/${id}/`);
      const rows = await page.$$eval('#across-caption', (captions) =>
        [...(captions[0]?.closest('table')?.querySelectorAll('tbody tr') ?? [])].map((row) => ({
          year: Number(/[0-9]{4}/.exec(row.querySelector('th')?.textContent ?? '')?.[0]),
          link: row.querySelector('th a')?.getAttribute('href') ?? null,
          // The key figures first, then the regencies and the dapil's name.
          values: [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.getAttribute('data-v')),
        })),
      );
      expect(rows.map((row) => row.year)).toEqual(years);
      for (const row of rows) {
        const records = byDapil(turnout.get(row.year) ?? []).get(id) ?? [];
        const expected = ratios(records);
        expect(row.link).toBe(row.year === years.at(-1) ? null : `/${prefix}${row.year}/dapil/${id}/`);
        const [voters, women, outside, regencies] = row.values;
        expect([regencies, voters].map(Number)).toEqual([records.length, expected.voters]);
        expect(close(women ?? null, expected.women) && close(outside ?? null, expected.outside)).toBe(true);
      }
      const text = await page.locator('section[aria-labelledby="tahun-lain"] p').first().textContent();
      expect(text).toMatch(
        prefix === ''
          ? /^Dari [0-9]{4} ke [0-9]{4}, pengguna hak pilih di dapil ini berubah dari/
          : /^From [0-9]{4} to [0-9]{4}, the voters who voted in this dapil went from/,
      );
      await page.context().close();
    }
  });

  it('shows on a party page the party across years by its party_id: women’s representation first, then ballot numbers and names', async () => {
    const parties = await yearRecords(current().site, 'parties');
    const all = [...parties.values()].flat();
    const counts = new Map<string, number>();
    for (const record of all) counts.set(record.party_id as string, (counts.get(record.party_id as string) ?? 0) + 1);
    const partyId = [...counts.entries()].find(([, count]) => count > 1)?.[0];
    expect(partyId).toBeDefined();
    const same = all
      .filter((record) => record.party_id === partyId)
      .sort((a, b) => (a.election_year as number) - (b.election_year as number));
    const first = same[0] as Row;
    for (const [prefix, slug, notGiven] of [
      ['', 'partai', 'tidak diberikan'],
      ['en/', 'party', 'not given'],
    ] as const) {
      const page = await open(`${prefix}${first.election_year as number}/${slug}/${first.ballot_number as string}/`);
      const rows = await page.$$eval('#across-caption', (captions) =>
        [...(captions[0]?.closest('table')?.querySelectorAll('tbody tr') ?? [])].map((row) =>
          [...row.querySelectorAll('th, td')].map((cell) => ({
            text: cell.textContent?.trim() ?? '',
            v: cell.getAttribute('data-v'),
          })),
        ),
      );
      expect(rows.map((cells) => Number(/[0-9]{4}/.exec(cells[0]?.text ?? '')?.[0]))).toEqual(
        same.map((record) => record.election_year),
      );
      // The year, then the key figure (as on a dapil page), then the ballot number, the name and the acronym.
      rows.forEach((cells, index) => {
        const record = same[index] as Row;
        const pct = record.women_representation_pct as number | null;
        expect(pct === null ? cells[1]?.text : Number(cells[1]?.v)).toBe(pct === null ? notGiven : pct);
        expect(cells[2]?.text).toBe(record.ballot_number);
        expect(cells[3]?.text).toBe(record.party_name);
      });
      await page.context().close();
    }
  });

  it('charts each year’s parties against the 30% quota, the parties without a percentage named in a sentence', async () => {
    const parties = await yearRecords(current().site, 'parties');
    for (const [year, records] of parties) {
      const page = await open(`en/${year}/`);
      const figure = page.locator('figure', { hasText: 'against the 30% quota' });
      const missing = records.filter((record) => record.women_representation_pct === null).length;
      if (missing === records.length) {
        expect(await figure.count()).toBe(0);
      } else {
        const texts = await figure.locator('svg text').allTextContents();
        // Only the parties that give a percentage are drawn: no row of the chart says "not given".
        expect(texts).not.toContain('not given');
        expect(texts).toContain('30% quota');
        expect(await figure.locator('svg rect').count()).toBe(records.length - missing);
        if (missing > 0) {
          const note = page.locator('p', { hasText: 'The source gives no percentage for' });
          expect(await note.textContent()).toContain(`for ${missing} ${missing === 1 ? 'party' : 'parties'}: `);
        }
      }
      await page.context().close();
    }
  });

  it('says a broken sum in words in each language, the source fields behind a disclosure', async () => {
    const quality = (await (
      await fetch(new URL('data/quality-report.json', current().site.server.url))
    ).json()) as QualityReport;
    const violation = quality.datasets
      .find((report) => report.dataset === 'turnout')
      ?.violations.find((candidate) => typeof candidate.values.sum === 'string');
    expect(violation).toBeDefined();
    const values = Object.entries(violation?.values ?? {})
      .filter(([field]) => field !== 'sum')
      .map(([, value]) => Number(value));
    const total = values.at(-1) as number;
    const computed = Number(violation?.values.sum);
    const group = (value: number, separator: string): string =>
      String(value).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
    const page = `${violation?.year}/dapil/${violation?.key.IdDapil as string}/`;
    for (const [prefix, separator, words] of [
      [
        '',
        '.',
        (sum: string, source: string, difference: string) =>
          `${sum}, tetapi sumber mencatat ${source} (selisih ${difference}).`,
      ],
      [
        'en/',
        ',',
        (sum: string, source: string, difference: string) =>
          `${sum}, but the source records ${source} (a difference of ${difference}).`,
      ],
    ] as const) {
      const opened = await open(`${prefix}${page}`);
      const notes = await opened.locator('section[aria-labelledby="catatan"]').textContent();
      const addends = values
        .slice(0, -1)
        .map((value) => group(value, separator))
        .join(' + ');
      expect(notes).toContain(
        `${addends} = ${words(group(computed, separator), group(total, separator), group(Math.abs(total - computed), separator))}`,
      );
      // What the reader sees before opening the disclosure: no code dump.
      expect(await opened.locator('section[aria-labelledby="catatan"]').innerText()).not.toContain('sum =');
      const details = opened.locator('section[aria-labelledby="catatan"] details').first();
      expect(await details.locator('code').isVisible()).toBe(false);
      await opened.context().close();
    }
  });
});
