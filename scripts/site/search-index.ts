// The static search index: every dapil, regency and party with the years (and ids) it has pages for, as
// one small language-neutral JSON file; the search page's script builds the links from the ids. Grouping
// by name keeps it small: a regency present in three elections is one entry.
import { dapilPagesDataset } from '../datasets/datasets.ts';
import { compareCodeUnits, numberedName } from '../foundation/text-order.ts';
import { compareIdentifiers, textValue, type SiteData } from './site-data.ts';

/** [name, context (province, dapil or acronym), [[year, id], …]]; the id is the dapil id or ballot number. */
type SearchEntry = [name: string, context: string, pages: Array<[year: number, id: string]>];

export interface SearchIndex {
  dapils: SearchEntry[];
  regencies: SearchEntry[];
  parties: SearchEntry[];
}

/** A page names are on, and the context the index gives them there (province, dapil or acronym). */
interface NamePage {
  context: string;
  year: number;
  id: string;
}

/**
 * The names of one group of the index, each with the page it is on: a name and its page's index for each, not an
 * object. The benchmark's million regencies as a million objects, sorted, and their entries' texts then joined whole,
 * were the largest moment of the Astro build's process.
 */
class Occurrences {
  readonly names: string[] = [];
  /** Each name's page: an index into `pages`. */
  readonly onPage: number[] = [];
  readonly pages: NamePage[] = [];

  /** A page whose names are added with its number. */
  addPage(context: string, year: number, id: string): number {
    return this.pages.push({ context, year, id }) - 1;
  }

  add(name: string, page: number): void {
    this.names.push(name);
    this.onPage.push(page);
  }

  /**
   * The names' indexes in the index's order, which the search page lists its results in: name (a dapil's numeral
   * counted, compareNumberedNames), then context (code units), then year, then id (compareIdentifiers).
   */
  sorted(): Uint32Array {
    const { names, onPage, pages } = this;
    // Each name's stem (the name itself, unless it closes with a numeral) and numeral, made once: a million regencies
    // in the benchmark, so flat arrays rather than a pair kept per name.
    const stems = new Array<string>(names.length);
    const numerals = new Int32Array(names.length);
    names.forEach((name, index) => {
      [stems[index], numerals[index]] = numberedName(name);
    });
    return Uint32Array.from(names.keys()).sort((a, b) => {
      const one = pages[onPage[a] as number] as NamePage;
      const other = pages[onPage[b] as number] as NamePage;
      return (
        compareCodeUnits(stems[a] as string, stems[b] as string) ||
        (numerals[a] as number) - (numerals[b] as number) ||
        compareCodeUnits(names[a] as string, names[b] as string) ||
        compareCodeUnits(one.context, other.context) ||
        one.year - other.year ||
        compareIdentifiers(one.id, other.id)
      );
    });
  }
}

/** Entries rendered and joined this many at a time, so a million of them are never a million strings at once. */
const ENTRIES_PER_CHUNK = 10_000;

/**
 * One group's JSON array of entries, in chunks of text: the occurrences sorted, each name and context one entry with
 * its pages in order, a page listed once. Sorting a flat list instead of collecting into a map of nested arrays keeps
 * the million regencies of the benchmark's data at about a third of the memory (the index alone took 384 MB of heap).
 */
function* entryChunks(occurrences: Occurrences): Generator<string> {
  const { names, onPage, pages } = occurrences;
  const pageOf = (index: number): NamePage => pages[onPage[index] as number] as NamePage;
  const order = occurrences.sorted();
  let pending: string[] = [];
  let chunks = 0;
  yield '[';
  for (let start = 0; start < order.length;) {
    const first = order[start] as number;
    const name = names[first] as string;
    const { context } = pageOf(first);
    const entryPages: Array<[number, string]> = [];
    let end = start;
    for (; end < order.length; end += 1) {
      const next = order[end] as number;
      const page = pageOf(next);
      if (names[next] !== name || page.context !== context) break;
      const last = entryPages.at(-1);
      if (last === undefined || last[0] !== page.year || last[1] !== page.id) entryPages.push([page.year, page.id]);
    }
    pending.push(JSON.stringify([name, context, entryPages] satisfies SearchEntry));
    if (pending.length === ENTRIES_PER_CHUNK) {
      yield `${chunks > 0 ? ',' : ''}${pending.join(',')}`;
      chunks += 1;
      pending = [];
    }
    start = end;
  }
  if (pending.length > 0) yield `${chunks > 0 ? ',' : ''}${pending.join(',')}`;
  yield ']';
}

/**
 * The search index as the JSON text the search page loads (`{"dapils":[…],"regencies":[…],"parties":[…]}`, each
 * entry a SearchEntry), in chunks of text to be written one after another: the build's process writes the file
 * (scripts/site/astro-build.ts), never the whole text at once (38 MB at a million records).
 */
export function* searchIndexChunks(site: SiteData): Generator<string> {
  const groups: Record<keyof SearchIndex, Occurrences> = {
    dapils: new Occurrences(),
    regencies: new Occurrences(),
    parties: new Occurrences(),
  };
  const recordName = dapilPagesDataset().roles.recordName ?? '';
  for (const dapil of site.dapils) {
    const dapilName = dapil.dapilName ?? dapil.dapilId;
    groups.dapils.add(dapilName, groups.dapils.addPage(dapil.provinceName ?? '', dapil.year, dapil.dapilId));
    const page = groups.regencies.addPage(dapilName, dapil.year, dapil.dapilId);
    for (const record of dapil.records) {
      const regency = textValue(record, recordName);
      if (regency !== null) groups.regencies.add(regency, page);
    }
  }
  for (const party of site.partyViews)
    groups.parties.add(party.name ?? party.id, groups.parties.addPage(party.shortName ?? '', party.year, party.id));
  yield '{';
  for (const [index, [group, occurrences]] of Object.entries(groups).entries()) {
    yield `${index > 0 ? ',' : ''}${JSON.stringify(group)}:`;
    yield* entryChunks(occurrences);
  }
  yield '}';
}

/** The search index's whole text (searchIndexChunks joined). */
export function renderSearchIndex(site: SiteData): string {
  return [...searchIndexChunks(site)].join('');
}

/** The search index as data: renderSearchIndex's text, read back. */
export function buildSearchIndex(site: SiteData): SearchIndex {
  return JSON.parse(renderSearchIndex(site)) as SearchIndex;
}
