// The static search index: every dapil, regency and party with the years (and ids) it has pages for, as
// one small language-neutral JSON file; the search page's script builds the links from the ids. Grouping
// by name keeps it small: a regency present in three elections is one entry.
import { turnoutDataset } from '../datasets/turnout-dataset.ts';
import { compareIdentifiers, textValue, type SiteData } from './site-data.ts';

/** [name, context (province, dapil or acronym), [[year, id], …]]; the id is the dapil id or ballot number. */
type SearchEntry = [name: string, context: string, pages: Array<[year: number, id: string]>];

export interface SearchIndex {
  dapils: SearchEntry[];
  regencies: SearchEntry[];
  parties: SearchEntry[];
}

function collect(entries: Map<string, SearchEntry>, name: string, context: string, year: number, id: string): void {
  const key = `${name}\u0000${context}`;
  const entry = entries.get(key) ?? [name, context, []];
  if (!entry[2].some(([seenYear, seenId]) => seenYear === year && seenId === id)) entry[2].push([year, id]);
  entries.set(key, entry);
}

function sorted(entries: Map<string, SearchEntry>): SearchEntry[] {
  return [...entries.values()].sort((a, b) =>
    a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0,
  );
}

export function buildSearchIndex(site: SiteData): SearchIndex {
  const dapils = new Map<string, SearchEntry>();
  const regencies = new Map<string, SearchEntry>();
  const parties = new Map<string, SearchEntry>();
  for (const dapil of site.dapils) {
    collect(dapils, dapil.dapilName ?? dapil.dapilId, dapil.provinceName ?? '', dapil.year, dapil.dapilId);
    for (const record of dapil.records) {
      const regency = textValue(record, turnoutDataset.roles.recordName ?? '');
      if (regency !== null) collect(regencies, regency, dapil.dapilName ?? dapil.dapilId, dapil.year, dapil.dapilId);
    }
  }
  for (const party of site.partyViews) {
    collect(parties, party.name ?? party.id, party.shortName ?? '', party.year, party.id);
  }
  const byYear = (entry: SearchEntry): SearchEntry => [
    entry[0],
    entry[1],
    entry[2].sort((a, b) => a[0] - b[0] || compareIdentifiers(a[1], b[1])),
  ];
  return {
    dapils: sorted(dapils).map(byYear),
    regencies: sorted(regencies).map(byYear),
    parties: sorted(parties).map(byYear),
  };
}
