// Compares the pages that describe the data with what they describe, as a reader would: the data dictionary
// with the dataset declarations and the downloaded files' columns, the quality report page with the downloaded
// quality-report.json, the downloads page with manifest.json and the home page's source line with the manifest (the
// search page: search-checks.ts). Each returns its problems; a test expects none.
import type { Browser, Page } from 'playwright-core';
import type { DatasetQualityReport, QualityReport } from '../../scripts/check/quality-check.ts';
import { DATASETS, UPSTREAM_DATASETS } from '../../scripts/datasets/datasets.ts';
import { FORMAT_TYPES } from '../../scripts/datasets/data-dictionary.ts';
import { dictionaryFormats } from '../../scripts/formats.ts';
import { TEXT } from '../../scripts/site/site-text.ts';
import type { PublishedSite } from './site-fixtures.ts';

type Lang = 'id' | 'en';
export const LANGS: readonly Lang[] = ['id', 'en'];

export async function fetchOk(site: PublishedSite, file: string): Promise<Response> {
  const response = await fetch(new URL(file, site.server.url));
  if (!response.ok) throw new Error(`${file}: status ${response.status}`);
  return response;
}

export async function withPage<T>(
  browser: Browser,
  task: (page: Page) => Promise<T>,
  viewport?: { width: number; height: number },
): Promise<T> {
  const page = await browser.newPage(viewport ? { viewport } : {});
  try {
    return await task(page);
  } finally {
    await page.close();
  }
}

/** A count as a reader sees it: 1234567 → "1.234.567" (id) or "1,234,567" (en). */
function countText(lang: Lang, value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'id' ? '.' : ',');
}

/** Month names written out independently of the catalogue, so a page's date is checked, not copied. */
export const MONTHS: Record<Lang, readonly string[]> = {
  id: [
    'Januari',
    'Februari',
    'Maret',
    'April',
    'Mei',
    'Juni',
    'Juli',
    'Agustus',
    'September',
    'Oktober',
    'November',
    'Desember',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/**
 * A time as the pages write it, in WIB (UTC+7) with UTC beside it: "22 November 2026 pukul 10.43 WIB (03.43 UTC)"
 * (id), "22 November 2026, 10:43 WIB (03:43 UTC)" (en).
 */
export function dateTimeText(lang: Lang, iso: string): string {
  const utc = new Date(iso);
  const wib = new Date(utc.getTime() + 7 * 60 * 60 * 1000);
  const day = `${wib.getUTCDate()} ${MONTHS[lang][wib.getUTCMonth()] as string} ${wib.getUTCFullYear()}`;
  const [hours, minutes, utcHours, utcMinutes] = [
    wib.getUTCHours(),
    wib.getUTCMinutes(),
    utc.getUTCHours(),
    utc.getUTCMinutes(),
  ].map((part) => String(part).padStart(2, '0'));
  return lang === 'id'
    ? `${day} pukul ${hours}.${minutes} WIB (${utcHours}.${utcMinutes} UTC)`
    : `${day}, ${hours}:${minutes} WIB (${utcHours}:${utcMinutes} UTC)`;
}

/** The column names of a downloaded CSV: its header line, without the byte order mark and the quotes. */
function csvHeader(csv: string): string[] {
  const line = csv.replace(/^\uFEFF/, '').split('\r\n')[0] ?? '';
  return line.split(',').map((name) => name.replace(/^"|"$/g, ''));
}

/**
 * Both dictionary pages: each dataset's table lists every declared column in order, which are exactly the
 * columns of its downloaded CSV, with the type name and unit in the page's language; its rule table lists every
 * declared rule; the table of formats says how each type is written in the page's language. The English wording
 * is that of docs/data.md (FORMAT_TYPES); no English description of a format is left on the Indonesian page.
 */
/** A phone's viewport, where a long id would break if it could. */
const PHONE = { width: 390, height: 844 };

export async function checkDictionaryPages(browser: Browser, site: PublishedSite): Promise<string[]> {
  const problems: string[] = [];
  const headers = new Map<string, string[]>();
  for (const dataset of DATASETS) {
    const file = site.manifest.files.find(
      (candidate) => candidate.dataset === dataset.id && candidate.format === 'csv' && candidate.year === 'all',
    );
    if (!file) {
      problems.push(`the manifest lists no all-years CSV of ${dataset.id}`);
      continue;
    }
    headers.set(dataset.id, csvHeader(await (await fetchOk(site, `data/${file.path}`)).text()));
  }
  // What a reader checks by eye: a few cells in each language, written out here.
  // A key column is never "can be empty: yes" (it is empty only in a flagged record).
  const spotChecks: Record<
    Lang,
    {
      units: Record<string, string>;
      types: Record<string, string>;
      empty: Record<string, RegExp>;
      integerCsv: string;
    }
  > = {
    id: {
      units: { total_voters: 'orang', election_year: 'tahun', women_representation_pct: 'persen' },
      types: { dapil_id: 'teks', total_voters: 'bilangan bulat', quality_flags: 'daftar teks' },
      empty: {
        dapil_id: /^tidak \(kolom kunci: kosong hanya pada rekaman yang ditandai/,
        election_year: /^tidak \(kolom kunci/,
        ballot_number: /^tidak \(kolom kunci/,
        total_voters: /^ya$/,
        quality_flags: /^tidak$/,
      },
      integerCsv: 'angka, tanpa tanda kutip',
    },
    en: {
      units: { total_voters: 'persons', election_year: 'year', women_representation_pct: 'percent' },
      types: { dapil_id: 'text', total_voters: 'integer', quality_flags: 'list of texts' },
      empty: {
        dapil_id: /^no \(a key column: empty only in a record the quality rules flag\)$/,
        election_year: /^no \(a key column/,
        ballot_number: /^no \(a key column/,
        total_voters: /^yes$/,
        quality_flags: /^no$/,
      },
      integerCsv: 'digits, unquoted',
    },
  };
  // English words in a format's description (not in type names such as Float64 or List<Utf8>).
  const isProse = (text: string): boolean => /\b[a-z]{2,}\b/.test(text);
  await withPage(
    browser,
    async (page) => {
      for (const lang of LANGS) {
        const url = lang === 'id' ? 'kamus-data/' : 'en/data-dictionary/';
        const t = TEXT[lang].dictionary;
        await page.goto(new URL(url, site.server.url).href);
        const tables = await page.evaluate(
          (ids) => {
            const rows = (captionId: string) =>
              [...(document.getElementById(captionId)?.closest('table')?.querySelectorAll('tbody tr') ?? [])].map(
                (row) => ({
                  type: row.getAttribute('data-type'),
                  head: (row.querySelector('th')?.textContent ?? '').trim(),
                  code: (row.querySelector('th code')?.textContent ?? '').trim(),
                  // Line boxes of the row's id: more than one when a rule id or column name breaks at a hyphen.
                  codeLines: row.querySelector('th code')?.getClientRects().length ?? 0,
                  cells: [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim()),
                }),
              );
            return {
              columns: Object.fromEntries(ids.map((id) => [id, rows(`${id}-columns`)])),
              rules: Object.fromEntries(ids.map((id) => [id, rows(`${id}-rules`)])),
              formats: rows('format-caption'),
            };
          },
          DATASETS.map((dataset) => dataset.id),
        );
        for (const dataset of DATASETS) {
          const shown = tables.columns[dataset.id] ?? [];
          const names = shown.map((row) => row.code);
          if (JSON.stringify(names) !== JSON.stringify(dataset.columns.map((column) => column.name)))
            problems.push(`${url}: ${dataset.id} lists the columns ${names.join(',')}`);
          const header = headers.get(dataset.id);
          if (header && JSON.stringify(names) !== JSON.stringify(header))
            problems.push(`${url}: ${dataset.id} lists ${names.join(',')}, the downloaded CSV has ${header.join(',')}`);
          for (const [index, column] of dataset.columns.entries()) {
            const cells = shown[index]?.cells ?? [];
            const expected = [t.typeNames[column.type], column.unit ? t.units[column.unit] : ''];
            if (cells[1] !== expected[0] || cells[2] !== expected[1])
              problems.push(
                `${url}: ${column.name} has type and unit ${JSON.stringify(cells.slice(1, 3))}, expected ${JSON.stringify(expected)}`,
              );
            // The source field whole, as code to copy (the page only lets a line break between its words).
            if (cells[3] !== (column.source ?? t.derived))
              problems.push(`${url}: ${column.name} has the source field ${String(cells[3])}`);
          }
          const rules = (tables.rules[dataset.id] ?? []).map((row) => row.code);
          for (const row of [...shown, ...(tables.rules[dataset.id] ?? [])])
            if (row.codeLines > 1) problems.push(`${url}: ${row.code} breaks over ${row.codeLines} lines`);
          if (JSON.stringify(rules) !== JSON.stringify(dataset.rules.map((rule) => rule.id)))
            problems.push(`${url}: ${dataset.id} lists the rules ${rules.join(',')}`);
        }
        const formats = Object.entries(t.formatTypes);
        if (tables.formats.length !== formats.length)
          problems.push(`${url}: ${tables.formats.length} rows of formats, expected ${formats.length}`);
        for (const [type, texts] of formats) {
          const row = tables.formats.find((candidate) => candidate.type === type);
          const expected = dictionaryFormats().map((format) => texts[format.id]);
          if (!row) problems.push(`${url}: no row of formats for ${type}`);
          else if (
            JSON.stringify(row.cells) !== JSON.stringify(expected) ||
            !row.head.startsWith(t.typeNames[type as keyof typeof t.typeNames])
          ) {
            problems.push(
              `${url}: the formats of ${type} read ${JSON.stringify([row.head, ...row.cells])}, expected ${JSON.stringify(expected)}`,
            );
          }
        }
        const cellOf = (name: string, index: number): string | undefined =>
          DATASETS.flatMap((dataset) => (tables.columns[dataset.id] ?? []).filter((row) => row.code === name)).at(0)
            ?.cells[index];
        const spot = spotChecks[lang];
        for (const [name, unit] of Object.entries(spot.units))
          if (cellOf(name, 2) !== unit)
            problems.push(`${url}: the unit of ${name} is ${String(cellOf(name, 2))}, not ${unit}`);
        for (const [name, type] of Object.entries(spot.types))
          if (cellOf(name, 1) !== type)
            problems.push(`${url}: the type of ${name} is ${String(cellOf(name, 1))}, not ${type}`);
        for (const [name, pattern] of Object.entries(spot.empty))
          if (!pattern.test(cellOf(name, 4) ?? ''))
            problems.push(`${url}: "${TEXT[lang].dictionary.nullable}" of ${name} is "${String(cellOf(name, 4))}"`);
        const integerCsv = tables.formats.find((row) => row.type === 'integer')?.cells[1];
        if (integerCsv !== spot.integerCsv)
          problems.push(`${url}: integers in CSV are "${String(integerCsv)}", not "${spot.integerCsv}"`);
        if (lang === 'id') {
          // No description of docs/data.md (English) left untranslated in a cell of the Indonesian table.
          for (const row of tables.formats) {
            const english = FORMAT_TYPES[row.type as keyof typeof FORMAT_TYPES];
            const leftovers = english
              ? dictionaryFormats()
                  .map((format) => english[format.id])
                  .filter((text, index) => isProse(text) && row.cells[index] === text)
              : [];
            for (const text of leftovers) problems.push(`${url}: the ${String(row.type)} row still says "${text}"`);
          }
          const englishUnits = Object.values(TEXT.en.dictionary.units);
          for (const dataset of DATASETS) {
            for (const row of tables.columns[dataset.id] ?? [])
              if (englishUnits.includes(row.cells[2] ?? ''))
                problems.push(`${url}: the unit of ${row.code} is "${String(row.cells[2])}"`);
          }
        }
      }
    },
    PHONE,
  );
  return problems;
}

/** The quality report the downloads hold, read from the file the manifest lists. */
async function downloadedQualityReport(site: PublishedSite): Promise<QualityReport> {
  const file = site.manifest.files.find((candidate) => candidate.format === 'quality-json');
  if (!file) throw new Error('the manifest lists no quality-json file');
  return (await (await fetchOk(site, `data/${file.path}`)).json()) as QualityReport;
}

/**
 * Both quality report pages, on a phone: the summary of the whole report and of each dataset, and per dataset and
 * election year the records checked, the records flagged and the violations of every rule, equal quality-report.json;
 * no rule's id broken at its hyphens.
 */
export async function checkQualityPages(browser: Browser, site: PublishedSite): Promise<string[]> {
  const report = await downloadedQualityReport(site);
  const problems: string[] = [];
  await withPage(
    browser,
    async (page) => {
      for (const lang of LANGS) {
        const url = lang === 'id' ? 'kualitas-data/' : 'en/data-quality/';
        const summary = (part: { recordsChecked: number; recordsFlagged: number; violationCount: number }): string =>
          TEXT[lang].quality.summary(
            countText(lang, part.recordsChecked),
            countText(lang, part.recordsFlagged),
            countText(lang, part.violationCount),
          );
        await page.goto(new URL(url, site.server.url).href);
        const shown = await page.evaluate(() => ({
          paragraphs: [...document.querySelectorAll('main > p')].map((p) => (p.textContent ?? '').trim()),
          sections: [...document.querySelectorAll('main section[aria-labelledby^="q-"]')].map((section) => {
            const table = section.querySelector('[id$="-rules"]')?.closest('table');
            return {
              id: section.getAttribute('aria-labelledby') ?? '',
              title: (section.querySelector('h2')?.textContent ?? '').trim(),
              summary: (section.querySelector('p')?.textContent ?? '').trim(),
              years: [...(table?.querySelectorAll('thead th') ?? [])]
                .slice(1)
                .map((th) => (th.textContent ?? '').trim()),
              rows: [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) => ({
                head: (row.querySelector('th')?.textContent ?? '').trim(),
                rule: row.querySelector('th code')?.textContent ?? null,
                // Line boxes of the rule's id: more than one when it breaks at a hyphen.
                ruleLines: row.querySelector('th code')?.getClientRects().length ?? 0,
                cells: [...row.querySelectorAll('td')].map((cell) => ({
                  v: cell.getAttribute('data-v'),
                  text: (cell.textContent ?? '').trim(),
                })),
              })),
            };
          }),
        }));
        if (!shown.paragraphs.includes(summary(report))) problems.push(`${url}: no summary "${summary(report)}"`);
        if (shown.sections.length !== report.datasets.length)
          problems.push(`${url}: ${shown.sections.length} dataset sections, the report has ${report.datasets.length}`);
        for (const dataset of report.datasets) {
          const section = shown.sections.find((candidate) => candidate.id === `q-${dataset.dataset}`);
          if (!section) {
            problems.push(`${url}: no section for ${dataset.dataset}`);
            continue;
          }
          const where = `${url} ${dataset.dataset}`;
          if (section.title !== dataset.title[lang]) problems.push(`${where}: title ${section.title}`);
          if (section.summary !== summary(dataset))
            problems.push(`${where}: summary "${section.summary}", expected "${summary(dataset)}"`);
          problems.push(...compareYearTable(lang, where, dataset, section.years, section.rows));
          for (const row of section.rows)
            if (row.ruleLines > 1) problems.push(`${where}: ${String(row.rule)} breaks over ${row.ruleLines} lines`);
        }
      }
    },
    PHONE,
  );
  return problems;
}

function compareYearTable(
  lang: Lang,
  where: string,
  dataset: DatasetQualityReport,
  years: string[],
  rows: Array<{ head: string; rule: string | null; cells: Array<{ v: string | null; text: string }> }>,
): string[] {
  if (dataset.years.length === 0) return rows.length === 0 ? [] : [`${where}: a year table for a dataset with no year`];
  const problems: string[] = [];
  if (JSON.stringify(years) !== JSON.stringify(dataset.years.map((year) => year.year)))
    problems.push(`${where}: years ${years.join(',')}`);
  const expected = [
    { head: TEXT[lang].quality.checked, rule: null, values: dataset.years.map((year) => year.recordsChecked) },
    { head: TEXT[lang].quality.flaggedRecords, rule: null, values: dataset.years.map((year) => year.recordsFlagged) },
    ...dataset.rules.map((rule) => ({
      head: `${rule.title[lang]} (${rule.id})`,
      rule: rule.id,
      values: dataset.years.map((year) => year.violationsByRule[rule.id] ?? 0),
    })),
  ];
  if (rows.length !== expected.length)
    problems.push(`${where}: ${rows.length} rows in the year table, expected ${expected.length}`);
  expected.forEach((row, index) => {
    const shown = rows[index];
    const cells = row.values.map((value) => ({ v: String(value), text: countText(lang, value) }));
    if (shown?.head !== row.head || shown.rule !== row.rule || JSON.stringify(shown.cells) !== JSON.stringify(cells)) {
      problems.push(
        `${where}: row ${JSON.stringify(shown)}, the report has ${JSON.stringify({ head: row.head, cells })}`,
      );
    }
  });
  return problems;
}

/** "6,8 KB" (id) or "6.8 KB" (en) → 6963.2 bytes; null when it is not a size. */
function parseSize(lang: Lang, text: string): { bytes: number; unit: number } | null {
  const match = /^([0-9.,]+) (B|KB|MB|GB)$/.exec(text);
  if (!match) return null;
  const [group, decimal] = lang === 'id' ? ['.', ','] : [',', '.'];
  const number = Number((match[1] as string).replaceAll(group, '').replace(decimal, '.'));
  const unit = 1024 ** ['B', 'KB', 'MB', 'GB'].indexOf(match[2] as string);
  return { bytes: number * unit, unit };
}

/**
 * Both downloads pages: the files most visitors want first (an all-years file); one row per file of the manifest,
 * linking it, with its size (the exact bytes, and the size written to one decimal of its unit), its record count
 * (a dash for bundles and reports), and its SHA-256 in the checksums disclosure under its table.
 */
export async function checkDownloadsPages(browser: Browser, site: PublishedSite): Promise<string[]> {
  const problems: string[] = [];
  await withPage(browser, async (page) => {
    for (const lang of LANGS) {
      const url = lang === 'id' ? 'unduh/' : 'en/downloads/';
      await page.goto(new URL(url, site.server.url).href);
      // Each file's SHA-256 is in the disclosure under its table (details.sums), by file name.
      const rows = await page.evaluate(() =>
        [...document.querySelectorAll('table.files')].flatMap((table) => {
          const sums = table.closest('.scroll')?.nextElementSibling;
          const sha256Of = new Map(
            sums?.matches('details.sums')
              ? [...sums.querySelectorAll('li')].map((item) => [
                  (item.querySelector('.name')?.textContent ?? '').trim(),
                  (item.querySelector('code')?.textContent ?? '').trim(),
                ])
              : [],
          );
          return [...table.querySelectorAll('tbody tr')].map((row) => {
            const cells = [...row.querySelectorAll('td')];
            // The file's name is its link's text (a phone's screen shows its format on a line under it).
            const name = (row.querySelector('th a')?.textContent ?? '').trim();
            return {
              href: (row.querySelector('th a') as HTMLAnchorElement | null)?.href ?? '',
              name,
              size: { v: cells[1]?.getAttribute('data-v') ?? null, text: (cells[1]?.textContent ?? '').trim() },
              records: { v: cells[2]?.getAttribute('data-v') ?? null, text: (cells[2]?.textContent ?? '').trim() },
              sha256: sha256Of.get(name) ?? '(not in the table’s checksums)',
            };
          });
        }),
      );
      // What most visitors want comes first: the first link of the page's content is an all-years file.
      const first = await page.evaluate(
        // The first download: the section heading's own "#" link is not one.
        () =>
          (document.querySelector('main .popular a:not(.anchor)') as HTMLAnchorElement | null)?.getAttribute('href') ??
          '',
      );
      if (!/\/all-years\//.test(first)) problems.push(`${url}: the first download is ${first}, not an all-years file`);
      if (rows.length !== site.manifest.files.length)
        problems.push(`${url}: ${rows.length} file rows, the manifest lists ${site.manifest.files.length} files`);
      for (const file of site.manifest.files) {
        const href = new URL(`data/${file.path}`, site.server.url).href;
        const matching = rows.filter((row) => row.href === href);
        const row = matching[0];
        if (matching.length !== 1 || !row) {
          problems.push(`${url}: ${matching.length} rows link ${file.path}`);
          continue;
        }
        const where = `${url} ${file.path}`;
        if (row.name !== file.path.replace(/^.*\//, '')) problems.push(`${where}: named ${row.name}`);
        const size = parseSize(lang, row.size.text);
        if (row.size.v !== String(file.bytes) || !size || Math.abs(size.bytes - file.bytes) > size.unit * 0.05 + 0.5) {
          problems.push(`${where}: size ${JSON.stringify(row.size)}, the manifest says ${file.bytes} bytes`);
        }
        const records =
          file.records === null
            ? { v: null, text: '—' }
            : { v: String(file.records), text: countText(lang, file.records) };
        if (JSON.stringify(row.records) !== JSON.stringify(records))
          problems.push(`${where}: records ${JSON.stringify(row.records)}, the manifest says ${String(file.records)}`);
        if (row.sha256 !== file.sha256)
          problems.push(`${where}: SHA-256 ${row.sha256}, the manifest says ${file.sha256}`);
      }
    }
  });
  return problems;
}

/**
 * Both home pages: under "Sumber dan waktu pengambilan" / "Source and retrieval time", the publisher (the
 * Komisi Pemilihan Umum), the queries and the time the manifest says the retrieval finished.
 */
export async function checkHomeSource(browser: Browser, site: PublishedSite): Promise<string[]> {
  const problems: string[] = [];
  await withPage(browser, async (page) => {
    for (const lang of LANGS) {
      const url = lang === 'id' ? '' : 'en/';
      await page.goto(new URL(url, site.server.url).href);
      const heading = TEXT[lang].home.source;
      const section = await page.evaluate((text) => {
        const h2 = [...document.querySelectorAll('main h2')].find(
          (candidate) => candidate.textContent?.trim() === text,
        );
        return h2?.nextElementSibling?.textContent ?? null;
      }, heading);
      const where = `/${url}`;
      if (section === null) {
        problems.push(`${where}: no heading "${heading}" followed by a paragraph`);
        continue;
      }
      const expected = [
        site.manifest.source.publisher,
        ...site.manifest.source.queries,
        dateTimeText(lang, site.manifest.harvest.finishedAt),
      ];
      if (!site.manifest.source.publisher.startsWith('Komisi Pemilihan Umum'))
        problems.push(`the manifest names ${site.manifest.source.publisher} as the publisher`);
      for (const part of expected)
        if (!section.includes(part))
          problems.push(`${where}: the source paragraph "${section}" does not say "${part}"`);
    }
  });
  return problems;
}

/**
 * Both about pages: the API's queries in the list after the sentence naming the API, each with its path, and the
 * tables the project makes itself from public law in a list of their own after theirs, never among the API's; under
 * how the data was harvested, each query's evidence of its end as manifest.json's `harvest.ends` gives it (the records
 * before the empty page, the filter's value asked).
 */
export async function checkAboutSources(browser: Browser, site: PublishedSite): Promise<string[]> {
  const problems: string[] = [];
  await withPage(browser, async (page) => {
    for (const lang of LANGS) {
      const url = lang === 'id' ? 'tentang/' : 'en/about/';
      await page.goto(new URL(url, site.server.url).href);
      const t = TEXT[lang].about;
      const lists = await page.evaluate(
        (intros) =>
          intros.map((intro) => {
            const paragraph = [...document.querySelectorAll('main p')].find((p) => p.textContent?.startsWith(intro));
            const list = paragraph?.nextElementSibling;
            return list?.tagName === 'UL' ? [...list.children].map((item) => item.textContent ?? '') : null;
          }),
        [t.sourcesIntro('').split(',')[0] ?? '', t.projectSourcesIntro, t.endsIntro],
      );
      const [api, project, ends] = lists;
      const expectedApi = UPSTREAM_DATASETS.map((dataset) => `${dataset.upstreamName} (${dataset.path})`);
      if (api?.length !== expectedApi.length || !expectedApi.every((start, index) => api[index]?.startsWith(start)))
        problems.push(`${url}: the API's list reads ${JSON.stringify(api)}`);
      const expectedProject = DATASETS.filter((dataset) => dataset.origin?.kind === 'project').map(
        (dataset) => `${dataset.title[lang]}: `,
      );
      if (
        project?.length !== expectedProject.length ||
        !expectedProject.every((start, index) => project[index]?.startsWith(start))
      )
        problems.push(`${url}: the project's own tables read ${JSON.stringify(project)}`);
      const counted = new Intl.NumberFormat(lang === 'id' ? 'id-ID' : 'en-US');
      const expectedEnds = UPSTREAM_DATASETS.map((dataset) => {
        const end = site.manifest.harvest.ends?.[dataset.id];
        const byValue = end?.byValue;
        return [
          `${dataset.upstreamName}: `,
          String(end === undefined ? 'no evidence in manifest.json' : counted.format(end.emptyPageOffset)),
          byValue ? `(${byValue.parameter})` : '',
          byValue?.valuesReturned ? `(${counted.format(byValue.recordsAnswered)} ` : '',
        ];
      });
      if (
        ends?.length !== expectedEnds.length ||
        !expectedEnds.every(([start = '', ...parts], index) => {
          const item = ends[index] ?? '';
          return item.startsWith(start) && parts.every((part) => item.includes(part));
        })
      )
        problems.push(
          `${url}: the evidence of the ends reads ${JSON.stringify(ends)}, not ${JSON.stringify(expectedEnds)}`,
        );
    }
  });
  return problems;
}
