// The static search index: every dapil, regency and party with the years (and ids) it has pages for, as
// one small language-neutral JSON file; the search page's script builds the links from the ids. Grouping
// by name keeps it small: a regency present in three elections is one entry.
import { turnoutDataset } from '../datasets/turnout-dataset.ts';
import { compareCodeUnits } from '../foundation/text-order.ts';
import { compareIdentifiers, textValue, type SiteData } from './site-data.ts';

/** [name, context (province, dapil or acronym), [[year, id], …]]; the id is the dapil id or ballot number. */
type SearchEntry = [name: string, context: string, pages: Array<[year: number, id: string]>];

export interface SearchIndex {
  dapils: SearchEntry[];
  regencies: SearchEntry[];
  parties: SearchEntry[];
}

/** One page a name is on: the name, its context, and the page's year and id. */
interface Occurrence {
  name: string;
  context: string;
  year: number;
  id: string;
}

/** Name, then context (code unit order), then year, then id (compareIdentifiers): the index's order. */
function compareOccurrences(a: Occurrence, b: Occurrence): number {
  return (
    compareCodeUnits(a.name, b.name) ||
    compareCodeUnits(a.context, b.context) ||
    a.year - b.year ||
    compareIdentifiers(a.id, b.id)
  );
}

/** Entries rendered and joined this many at a time, so a million of them are never a million strings at once. */
const ENTRIES_PER_CHUNK = 10_000;

/**
 * One group's JSON array of entries: the occurrences sorted, each name and context one entry with its pages in
 * order, a page listed once. Sorting a flat list instead of collecting into a map of nested arrays keeps the
 * million regencies of the benchmark's data at about a third of the memory (the index alone took 384 MB of heap).
 */
function renderEntries(occurrences: Occurrence[]): string {
  occurrences.sort(compareOccurrences);
  const chunks: string[] = [];
  let pending: string[] = [];
  for (let start = 0; start < occurrences.length;) {
    const first = occurrences[start] as Occurrence;
    const pages: Array<[number, string]> = [];
    let end = start;
    for (; end < occurrences.length; end += 1) {
      const next = occurrences[end] as Occurrence;
      if (next.name !== first.name || next.context !== first.context) break;
      const last = pages.at(-1);
      if (last === undefined || last[0] !== next.year || last[1] !== next.id) pages.push([next.year, next.id]);
    }
    pending.push(JSON.stringify([first.name, first.context, pages] satisfies SearchEntry));
    if (pending.length === ENTRIES_PER_CHUNK) {
      chunks.push(pending.join(','));
      pending = [];
    }
    start = end;
  }
  if (pending.length > 0) chunks.push(pending.join(','));
  return `[${chunks.join(',')}]`;
}

/**
 * The search index as the JSON text the search page loads (`{"dapils":[…],"regencies":[…],"parties":[…]}`, each
 * entry a SearchEntry), written group by group.
 */
export function renderSearchIndex(site: SiteData): string {
  const dapils: Occurrence[] = [];
  const regencies: Occurrence[] = [];
  const parties: Occurrence[] = [];
  for (const dapil of site.dapils) {
    const dapilName = dapil.dapilName ?? dapil.dapilId;
    dapils.push({ name: dapilName, context: dapil.provinceName ?? '', year: dapil.year, id: dapil.dapilId });
    for (const record of dapil.records) {
      const regency = textValue(record, turnoutDataset.roles.recordName ?? '');
      if (regency !== null) regencies.push({ name: regency, context: dapilName, year: dapil.year, id: dapil.dapilId });
    }
  }
  for (const party of site.partyViews)
    parties.push({ name: party.name ?? party.id, context: party.shortName ?? '', year: party.year, id: party.id });
  const groups: Record<keyof SearchIndex, Occurrence[]> = { dapils, regencies, parties };
  return `{${Object.entries(groups)
    .map(([group, occurrences]) => `${JSON.stringify(group)}:${renderEntries(occurrences)}`)
    .join(',')}}`;
}

/** The search index as data: renderSearchIndex's text, read back. */
export function buildSearchIndex(site: SiteData): SearchIndex {
  return JSON.parse(renderSearchIndex(site)) as SearchIndex;
}
