// Checks the search page as a reader would: queries picked from the downloaded records (a dapil, a party and its
// acronym that no other name contains), typed into the search box, and the hits compared with the pages the
// records have. Each returns its problems; a test expects none.
import type { Browser } from 'playwright-core';
import type { PublishedSite } from './site-fixtures.ts';
import { fetchOk, LANGS, withPage } from './site-reference-pages.ts';

type Downloaded = Record<string, unknown>;

/** Lower case without accents, as the search script compares. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export interface SearchCase {
  query: string;
  /** The hits' names, and the page of each record the query should find: "<year>/dapil/<id>" or "<year>/party/<ballot>". */
  names: string[];
  pages: string[];
}

/**
 * Queries the search should answer, picked from the downloaded all-years JSON: a dapil by its name, a party by its
 * name and by its acronym, each one that no other dapil, regency or party name (nor acronym) contains, so the
 * hits are exactly that dapil's or party's pages in every year. Null when the data holds no such name.
 */
export async function pickSearchCases(
  site: PublishedSite,
): Promise<{ dapil: SearchCase | null; party: SearchCase | null; acronym: SearchCase | null }> {
  const allYears = async (dataset: 'turnout' | 'parties'): Promise<Downloaded[]> => {
    const file = site.manifest.files.find(
      (candidate) => candidate.dataset === dataset && candidate.format === 'json' && candidate.year === 'all',
    );
    return file ? ((await (await fetchOk(site, `data/${file.path}`)).json()) as Downloaded[]) : [];
  };
  const digits = (value: unknown): value is string => typeof value === 'string' && /^[0-9]+$/.test(value);
  const turnout = (await allYears('turnout')).filter(
    (record) => digits(record.dapil_id) && typeof record.election_year === 'number',
  );
  const parties = (await allYears('parties')).filter(
    (record) => digits(record.ballot_number) && typeof record.election_year === 'number',
  );
  const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
  // Every text the search looks in: dapil names (the id when nameless), regency names, party names (the ballot
  // number when nameless) and acronyms.
  type Searched = { kind: 'dapil' | 'regency' | 'party' | 'acronym'; value: string };
  const searched: Searched[] = [
    ...turnout.flatMap((record): Searched[] => [
      { kind: 'dapil', value: text(record.dapil_name) ?? String(record.dapil_id) },
      ...(text(record.regency_name) === null ? [] : [{ kind: 'regency' as const, value: String(record.regency_name) }]),
    ]),
    ...parties.flatMap((record): Searched[] => [
      { kind: 'party', value: text(record.party_name) ?? String(record.ballot_number) },
      ...(text(record.party_acronym) === null
        ? []
        : [{ kind: 'acronym' as const, value: String(record.party_acronym) }]),
    ]),
  ];
  const alone = (query: string, own: (candidate: Searched) => boolean): boolean =>
    fold(query).length >= 2 &&
    searched.every((candidate) => own(candidate) || !fold(candidate.value).includes(fold(query)));

  const dapilName = [...new Set(turnout.map((record) => text(record.dapil_name)).filter((name) => name !== null))].find(
    (name) =>
      alone(name, (candidate) => candidate.kind === 'dapil' && candidate.value === name) &&
      new Set(turnout.filter((record) => record.dapil_name === name).map((record) => record.province_name)).size === 1,
  );
  const dapil = dapilName
    ? {
        query: dapilName,
        names: [dapilName],
        pages: [
          ...new Set(
            turnout
              .filter((record) => record.dapil_name === dapilName)
              .map((record) => `${String(record.election_year)}/dapil/${String(record.dapil_id)}`),
          ),
        ],
      }
    : null;

  const partyCase = (field: 'party_name' | 'party_acronym'): SearchCase | null => {
    // The shortest first: an acronym as people type it ("PCB" rather than "Partai Contoh Bangsa").
    for (const record of [...parties].sort((a, b) => String(a[field]).length - String(b[field]).length)) {
      const query = text(record[field]);
      const name = text(record.party_name);
      const acronym = text(record.party_acronym);
      if (query === null || name === null || acronym === null) continue;
      // Found by the acronym alone, not because the name holds it too (a party whose acronym is its whole name).
      if (field === 'party_acronym' && fold(name).includes(fold(acronym))) continue;
      // The same party in every year it appears: the same name and acronym (one hit), named by no other party.
      const same = parties.filter((other) => other.party_name === name && other.party_acronym === acronym);
      if (
        parties.some((other) => !same.includes(other) && (other.party_name === name || other.party_acronym === acronym))
      )
        continue;
      if (
        !alone(
          query,
          (candidate) =>
            (candidate.kind === 'party' && candidate.value === name) ||
            (candidate.kind === 'acronym' && candidate.value === acronym),
        )
      )
        continue;
      return {
        query,
        names: [name],
        pages: [...new Set(same.map((other) => `${String(other.election_year)}/party/${String(other.ballot_number)}`))],
      };
    }
    return null;
  };
  return { dapil, party: partyCase('party_name'), acronym: partyCase('party_acronym') };
}

/**
 * Types each query into the search box of both search pages (the optional script running) and reads the
 * results: exactly the expected names, linking exactly the expected pages in the page's language, each of
 * which answers 200.
 */
export async function checkSearch(
  browser: Browser,
  site: PublishedSite,
  cases: readonly SearchCase[],
): Promise<string[]> {
  const problems: string[] = [];
  await withPage(browser, async (page) => {
    for (const lang of LANGS) {
      const prefix = lang === 'id' ? '' : 'en/';
      for (const searchCase of cases) {
        await page.goto(new URL(lang === 'id' ? 'cari/' : 'en/search/', site.server.url).href);
        await page.locator('#q').fill(searchCase.query);
        await page.locator('#results h2').waitFor();
        const results = await page.evaluate(() =>
          [...document.querySelectorAll('#results li')].map((item) => ({
            name: item.querySelector('strong')?.textContent ?? '',
            // The name links to the latest year's page; the years follow.
            nameLink: item.querySelector('a.hit')?.getAttribute('href') ?? null,
            links: [...item.querySelectorAll('a:not(.hit)')].map((link) => link.getAttribute('href') ?? ''),
          })),
        );
        const where = `${lang} search "${searchCase.query}"`;
        for (const result of results)
          if (result.nameLink === null || result.nameLink !== result.links.at(-1))
            problems.push(
              `${where}: ${result.name} links its name to ${result.nameLink}, not to ${result.links.at(-1)}`,
            );
        const names = results.map((result) => result.name);
        if (JSON.stringify(names) !== JSON.stringify(searchCase.names))
          problems.push(`${where}: found ${JSON.stringify(names)}, expected ${JSON.stringify(searchCase.names)}`);
        const links = results.flatMap((result) => result.links).sort();
        const expected = searchCase.pages
          .map((pagePath) => `/${prefix}${lang === 'id' ? pagePath.replace('/party/', '/partai/') : pagePath}/`)
          .sort();
        if (JSON.stringify(links) !== JSON.stringify(expected))
          problems.push(`${where}: links ${links.join(' ')}, expected ${expected.join(' ')}`);
        for (const link of links) {
          const status = (await fetch(new URL(link, site.server.url))).status;
          if (status !== 200) problems.push(`${where}: ${link} answers ${status}`);
        }
      }
    }
  });
  return problems;
}
