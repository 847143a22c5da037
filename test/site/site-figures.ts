// Compares figures on the pages with the downloads, as a reader would: the per-year JSON files fetched
// from /data/, and the pages opened in Chromium (table cells, profile fields, totals), plus the CSV and
// JSON files next to each page.
import type { Browser, Page } from 'playwright-core';
import type { PublishedSite } from './site-fixtures.ts';

type DownloadedRecord = Record<string, number | string | string[] | null>;

/** The regency table's columns left to right: key figures first (all lists, both sexes), then each list. */
const COUNT_COLUMNS = [
  'total_voters',
  'total_male',
  'total_female',
  'dpt_total',
  'dpt_male',
  'dpt_female',
  'dptb_total',
  'dptb_male',
  'dptb_female',
  'dpk_total',
  'dpk_male',
  'dpk_female',
];

async function fetchJson<T>(site: PublishedSite, file: string): Promise<T> {
  const response = await fetch(new URL(file, site.server.url));
  if (!response.ok) throw new Error(`${file}: status ${response.status}`);
  return (await response.json()) as T;
}

async function fetchText(site: PublishedSite, file: string): Promise<string> {
  const response = await fetch(new URL(file, site.server.url));
  if (!response.ok) throw new Error(`${file}: status ${response.status}`);
  return response.text();
}

/** The per-year JSON downloads of a dataset, by year (also read by site-story.browser.test.ts). */
export async function yearRecords(
  site: PublishedSite,
  dataset: 'turnout' | 'parties',
): Promise<Map<number, DownloadedRecord[]>> {
  const byYear = new Map<number, DownloadedRecord[]>();
  for (const file of site.manifest.files) {
    if (file.dataset === dataset && file.format === 'json' && file.year !== 'all') {
      byYear.set(file.year, await fetchJson<DownloadedRecord[]>(site, `data/${file.path}`));
    }
  }
  return byYear;
}

/** A few items spread over the list (first, last, evenly between), plus every item `also` picks. */
function sample<T>(items: readonly T[], count: number, also: (item: T) => boolean): T[] {
  if (items.length <= count) return [...items];
  const step = (items.length - 1) / (count - 1);
  const picked = new Set(Array.from({ length: count }, (_, index) => items[Math.round(index * step)] as T));
  for (const item of items) if (also(item)) picked.add(item);
  return [...picked];
}

/** A count as the page shows it in each language: 1234567 → "1.234.567" (id) or "1,234,567" (en). */
function expectedCountText(lang: 'id' | 'en', value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'id' ? '.' : ',');
}

interface RowOnPage {
  name: string;
  position: string | null;
  flagged: boolean;
  noteHref: string | null;
  cells: Array<{ v: string | null; text: string }>;
}

async function readRegencyTable(page: Page): Promise<{ rows: RowOnPage[]; totals: Array<string | null> }> {
  return page.evaluate(() => {
    const table = document.querySelector('table[data-sortable]');
    const rows = [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) => ({
      name: (row.querySelector('th')?.firstChild?.textContent ?? '').trim(),
      position: row.getAttribute('data-position'),
      flagged: row.classList.contains('flagged'),
      noteHref: row.querySelector('a.flag')?.getAttribute('href') ?? null,
      cells: [...row.querySelectorAll('td')].map((cell) => ({
        v: cell.getAttribute('data-v'),
        text: (cell.textContent ?? '').trim(),
      })),
    }));
    const totals = [...(table?.querySelectorAll('tfoot td') ?? [])].map((cell) => cell.getAttribute('data-v'));
    return { rows, totals };
  });
}

/** Checks sampled dapil pages (both languages), their per-page CSV and JSON, the year pages' totals and the home totals. */
export async function checkTurnoutFigures(
  browser: Browser,
  site: PublishedSite,
): Promise<{ problems: string[]; pagesChecked: number }> {
  const problems: string[] = [];
  const byYear = await yearRecords(site, 'turnout');
  const page = await browser.newPage();
  let pagesChecked = 0;
  try {
    for (const [year, records] of byYear) {
      const dapils = new Map<string, DownloadedRecord[]>();
      for (const record of records) {
        const id = record.dapil_id;
        if (typeof id !== 'string' || !/^[0-9]+$/.test(id)) continue;
        dapils.set(id, [...(dapils.get(id) ?? []), record]);
      }
      const ids = [...dapils.keys()].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
      const flagged = (id: string): boolean =>
        (dapils.get(id) ?? []).some((record) => (record.quality_flags as string[]).length > 0);
      for (const id of sample(ids, 6, flagged)) {
        const expected = dapils.get(id) as DownloadedRecord[];
        for (const lang of ['id', 'en'] as const) {
          const url = `${lang === 'en' ? 'en/' : ''}${year}/dapil/${id}/`;
          await page.goto(new URL(url, site.server.url).href);
          pagesChecked += 1;
          const { rows, totals } = await readRegencyTable(page);
          if (rows.length !== expected.length) {
            problems.push(`${url}: ${rows.length} rows, the download has ${expected.length} records`);
            continue;
          }
          rows.forEach((row, index) => {
            const record = expected[index] as DownloadedRecord;
            if (row.name !== (record.regency_name ?? `(${lang === 'id' ? 'tidak tersedia' : 'not available'})`))
              problems.push(`${url}: row ${index} is ${row.name}, the download says ${String(record.regency_name)}`);
            COUNT_COLUMNS.forEach((column, cellIndex) => {
              const value = record[column] as number | null;
              const cell = row.cells[cellIndex];
              const shown =
                value === null ? { v: null, text: '—' } : { v: String(value), text: expectedCountText(lang, value) };
              if (cell?.v !== shown.v || cell?.text !== shown.text)
                problems.push(
                  `${url}: ${String(record.regency_name)} ${column} shows ${JSON.stringify(cell)}, the download has ${String(value)}`,
                );
            });
            const flags = record.quality_flags as string[];
            if (row.flagged !== flags.length > 0)
              problems.push(
                `${url}: ${String(record.regency_name)} flagged mark ${row.flagged}, flags ${flags.join(',')}`,
              );
            if (flags.length > 0 && row.noteHref !== `#q${String(row.position)}`)
              problems.push(`${url}: ${String(record.regency_name)} does not link its quality note`);
          });
          const sums = COUNT_COLUMNS.map((column) =>
            String(expected.reduce((sum, record) => sum + ((record[column] as number | null) ?? 0), 0)),
          );
          if (JSON.stringify(totals) !== JSON.stringify(sums))
            problems.push(`${url}: totals ${totals.join(',')} differ from the sums of the download ${sums.join(',')}`);
          // Each flagged record's note names every rule it breaks.
          for (const [index, record] of expected.entries()) {
            const flags = record.quality_flags as string[];
            if (flags.length === 0) continue;
            const note = await page
              .locator(`[id="q${String(rows[index]?.position)}"]`)
              .textContent()
              .catch(() => null);
            for (const flag of flags)
              if (!note?.includes(flag))
                problems.push(`${url}: the note of ${String(record.regency_name)} does not explain ${flag}`);
          }
        }
        // The per-page files hold exactly the page's records, in the downloads' conventions.
        const stem = `${year}/dapil/${id}/kpu-dpr-turnout-by-sex-${year}-dapil-${id}`;
        const json = await fetchJson<DownloadedRecord[]>(site, `${stem}.json`);
        if (JSON.stringify(json) !== JSON.stringify(expected))
          problems.push(`${stem}.json differs from the download's records`);
        problems.push(
          ...(await compareCsvSubset(
            site,
            `${stem}.csv`,
            `data/${year}/kpu-dpr-turnout-by-sex-${year}.csv`,
            expected.length,
          )),
        );
      }

      // The year page: each dapil's total is the sum of its records.
      await page.goto(new URL(`${year}/`, site.server.url).href);
      pagesChecked += 1;
      const yearRows = await page.evaluate(() =>
        [...document.querySelectorAll('#dapil-caption')].flatMap((caption) =>
          [...(caption.closest('table')?.querySelectorAll('tbody tr') ?? [])].flatMap((row) => {
            const link = row.querySelector('th a')?.getAttribute('href') ?? '';
            const cells = row.querySelectorAll('td');
            return link ? [{ link, voters: cells[0]?.getAttribute('data-v') ?? null }] : [];
          }),
        ),
      );
      for (const row of yearRows) {
        const id = /dapil\/([0-9]+)\//.exec(row.link)?.[1] ?? '';
        const sum = (dapils.get(id) ?? []).reduce(
          (total, record) => total + ((record.total_voters as number | null) ?? 0),
          0,
        );
        if (row.voters !== String(sum))
          problems.push(`${year}/: dapil ${id} total ${String(row.voters)}, the download sums to ${sum}`);
      }
      if (yearRows.length !== dapils.size)
        problems.push(`${year}/: ${yearRows.length} dapils listed, the download has ${dapils.size}`);
    }

    // The home page's totals per year.
    await page.goto(site.server.url);
    pagesChecked += 1;
    const homeCells = await page.evaluate(() =>
      [...document.querySelectorAll('#by-sex tbody tr, #by-list tbody tr')].flatMap((row) => {
        // The year's link (a year whose totals miss dapils has its coverage under it).
        const year = row.querySelector('th a')?.textContent?.trim() ?? '';
        return [...row.querySelectorAll('td[data-column]')].map((cell) => ({
          year,
          column: cell.getAttribute('data-column') ?? '',
          v: cell.getAttribute('data-v'),
        }));
      }),
    );
    for (const cell of homeCells) {
      const records = byYear.get(Number(cell.year)) ?? [];
      const sum = records.reduce((total, record) => total + ((record[cell.column] as number | null) ?? 0), 0);
      if (cell.v !== String(sum))
        problems.push(`home: ${cell.year} ${cell.column} shows ${String(cell.v)}, the download sums to ${sum}`);
    }
    const yearsWithTurnout = [...byYear.values()].filter((records) => records.length > 0).length;
    if (homeCells.length !== yearsWithTurnout * 7)
      problems.push(`home: ${homeCells.length} total cells for ${yearsWithTurnout} years`);
  } finally {
    await page.close();
  }
  return { problems, pagesChecked };
}

/** The page's CSV has the year file's header and exactly `count` of its lines. */
async function compareCsvSubset(
  site: PublishedSite,
  pageFile: string,
  yearFile: string,
  count: number,
): Promise<string[]> {
  const [pageCsv, yearCsv] = await Promise.all([fetchText(site, pageFile), fetchText(site, `${yearFile}`)]);
  const pageLines = pageCsv.split('\r\n');
  const yearLines = yearCsv.split('\r\n');
  const problems: string[] = [];
  if (pageLines[0] !== yearLines[0]) problems.push(`${pageFile}: header differs from ${yearFile}`);
  const body = pageLines.slice(1).filter((line) => line !== '');
  if (body.length !== count) problems.push(`${pageFile}: ${body.length} records, expected ${count}`);
  const known = new Set(yearLines.slice(1));
  for (const line of body)
    if (!known.has(line)) problems.push(`${pageFile}: a line is not in ${yearFile}: ${line.slice(0, 80)}`);
  return problems;
}

const PARTY_TEXT_COLUMNS = [
  'ballot_number',
  'party_name',
  'party_acronym',
  'party_id',
  'office_address',
  'email',
  'website',
  'notary_name',
  'notary_address',
  'notarial_deed_number',
  'decree_number',
  'general_chair',
  'secretary_general',
  'general_treasurer',
  'verification_link',
];

/** Checks sampled party pages (both languages): every profile field against the download, and the per-page files. */
export async function checkPartyFigures(
  browser: Browser,
  site: PublishedSite,
): Promise<{ problems: string[]; pagesChecked: number }> {
  const problems: string[] = [];
  const byYear = await yearRecords(site, 'parties');
  const page = await browser.newPage();
  let pagesChecked = 0;
  try {
    for (const [year, records] of byYear) {
      const usable = records.filter(
        (record) => typeof record.ballot_number === 'string' && /^[0-9]+$/.test(record.ballot_number),
      );
      const flagged = (record: DownloadedRecord): boolean => (record.quality_flags as string[]).length > 0;
      for (const record of sample(usable, 4, flagged)) {
        const ballot = record.ballot_number as string;
        for (const lang of ['id', 'en'] as const) {
          const url = `${lang === 'en' ? `en/${year}/party` : `${year}/partai`}/${ballot}/`;
          await page.goto(new URL(url, site.server.url).href);
          pagesChecked += 1;
          const fields = await page.evaluate(() => {
            const list = document.querySelector('dl.profile');
            const entries = [...(list?.querySelectorAll('dd[data-column]') ?? [])].map((dd) => [
              dd.getAttribute('data-column') ?? '',
              {
                text: (dd.textContent ?? '').trim(),
                v: dd.getAttribute('data-v'),
                datetime: dd.querySelector('time')?.getAttribute('datetime') ?? null,
                empty: dd.querySelector('.empty') !== null,
              },
            ]);
            return Object.fromEntries(entries) as Record<
              string,
              { text: string; v: string | null; datetime: string | null; empty: boolean }
            >;
          });
          for (const column of PARTY_TEXT_COLUMNS) {
            const value = record[column] as string | null;
            const field = fields[column];
            if (!field) problems.push(`${url}: no field ${column}`);
            else if (value === null ? !field.empty : field.text !== value)
              problems.push(
                `${url}: ${column} shows ${JSON.stringify(field.text)}, the download has ${JSON.stringify(value)}`,
              );
          }
          const pct = record.women_representation_pct as number | null;
          const pctField = fields.women_representation_pct;
          if (pct === null ? !pctField?.empty : pctField?.v !== String(pct))
            problems.push(
              `${url}: women_representation_pct shows ${JSON.stringify(pctField)}, the download has ${String(pct)}`,
            );
          const date = record.notarial_deed_date as string | null;
          const dateField = fields.notarial_deed_date;
          if (date === null ? !dateField?.empty : dateField?.datetime !== date)
            problems.push(
              `${url}: notarial_deed_date shows ${JSON.stringify(dateField)}, the download has ${String(date)}`,
            );
        }
        const stem = `${year}/partai/${ballot}/kpu-party-profiles-${year}-partai-${ballot}`;
        const expected = usable.filter((candidate) => candidate.ballot_number === ballot);
        const json = await fetchJson<DownloadedRecord[]>(site, `${stem}.json`);
        if (JSON.stringify(json) !== JSON.stringify(expected))
          problems.push(`${stem}.json differs from the download's records`);
        problems.push(
          ...(await compareCsvSubset(
            site,
            `${stem}.csv`,
            `data/${year}/kpu-party-profiles-${year}.csv`,
            expected.length,
          )),
        );
      }
    }
  } finally {
    await page.close();
  }
  return { problems, pagesChecked };
}
