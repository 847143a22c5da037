// The compare page's static index: for every year, every province of a year and every dapil of a year, its name
// and the sums of the turnout counts (the sums the year and dapil pages show), as one small language-neutral JSON
// file the compare page's script reads (site/public/compare.js). Its size grows with the dapils, not the records:
// the year downloads the same sums come from grow with the records (hundreds of megabytes at a million).
import { dapilPagesDataset } from '../datasets/datasets.ts';
import {
  addTotals,
  COUNT_GROUPS,
  hasTurnout,
  textValue,
  type DapilView,
  type SiteData,
  type Totals,
} from './site-data.ts';
import { givenSum } from './page-cells.ts';
import { dapilLabel } from './record-labels.ts';

/** Where the compare index is published (language-neutral, beside the search index). */
export const COMPARE_INDEX_PATH = '/compare-index.json';

type CompareKind = 'year' | 'province' | 'dapil';

/**
 * One thing to compare: [key, kind, year, name, context, dapils, regencies, counts, unreadable]. `counts` follows
 * `columns` (a sum, or null when no record gave a value); `unreadable` counts the records' values left out of the
 * sums (flagged, unreadable in the source), so a page can say a figure is partial.
 */
export type CompareEntry = [
  key: string,
  kind: CompareKind,
  year: number,
  name: string,
  context: string,
  dapils: number,
  regencies: number,
  counts: Array<number | null>,
  unreadable: number,
];

export interface CompareIndex {
  /** The turnout count columns, in table order (COUNT_GROUPS): the order of every entry's counts. */
  columns: string[];
  entries: CompareEntry[];
}

/**
 * An entry's key, the value the page's address holds (`?a=…&b=…`). Examples: (2019) → "2019"; (2019, 'province',
 * '32') → "2019-p32"; (2019, 'dapil', '1101') → "2019-d1101". A province is keyed by its region code, or by its
 * name when no record of it has one.
 */
export function compareKey(year: number, kind: CompareKind = 'year', id = ''): string {
  return kind === 'year' ? String(year) : `${year}-${kind === 'province' ? 'p' : 'd'}${id}`;
}

/** The count columns in COUNT_GROUPS order. */
export function compareColumns(): string[] {
  return COUNT_GROUPS.flatMap((group) => group.cells.map((cell) => cell.column));
}

function countsOf(totals: Totals, columns: readonly string[]): { counts: Array<number | null>; unreadable: number } {
  return {
    counts: columns.map((column) => givenSum(totals[column])),
    unreadable: columns.reduce((sum, column) => sum + (totals[column]?.missing ?? 0), 0),
  };
}

/** A province's region code: the first its records give (null when none has one). */
export function provinceCodeOf(dapils: readonly DapilView[]): string | null {
  const column = dapilPagesDataset().roles.provinceCode ?? '';
  for (const dapil of dapils)
    for (const record of dapil.records) {
      const code = textValue(record, column);
      if (code !== null) return code;
    }
  return null;
}

/** The index: each year with turnout records, then its provinces in the year page's order, then its dapils in id order. */
export function buildCompareIndex(site: SiteData): CompareIndex {
  const columns = compareColumns();
  const entries: CompareEntry[] = [];
  // A year without turnout records (parties only) has nothing to compare.
  for (const year of site.years.filter(hasTurnout)) {
    const dapils = site.dapils.filter((dapil) => dapil.year === year.year);
    const yearCounts = countsOf(year.totals, columns);
    entries.push([
      compareKey(year.year),
      'year',
      year.year,
      String(year.year),
      '',
      dapils.length,
      year.turnoutRecords.length,
      yearCounts.counts,
      yearCounts.unreadable,
    ]);
    for (const province of year.provinces) {
      if (province.dapils.length === 0) continue;
      const code = provinceCodeOf(province.dapils);
      const name = province.name ?? code ?? '?';
      const provinceCounts = countsOf(addTotals(province.dapils.map((dapil) => dapil.totals)), columns);
      entries.push([
        compareKey(year.year, 'province', code ?? name),
        'province',
        year.year,
        name,
        code ?? '',
        province.dapils.length,
        province.dapils.reduce((sum, dapil) => sum + dapil.records.length, 0),
        provinceCounts.counts,
        provinceCounts.unreadable,
      ]);
    }
    for (const dapil of dapils) {
      const dapilCounts = countsOf(dapil.totals, columns);
      entries.push([
        compareKey(year.year, 'dapil', dapil.dapilId),
        'dapil',
        year.year,
        dapilLabel(dapil),
        dapil.provinceName ?? '',
        1,
        dapil.records.length,
        dapilCounts.counts,
        dapilCounts.unreadable,
      ]);
    }
  }
  return { columns, entries };
}

/** The index as the file's text: one entry a line, so a diff of two releases' indexes reads by entry. */
export function* compareIndexChunks(site: SiteData): Generator<string> {
  const { columns, entries } = buildCompareIndex(site);
  yield `{"columns":${JSON.stringify(columns)},"entries":[\n`;
  for (const [position, entry] of entries.entries())
    yield `${JSON.stringify(entry)}${position === entries.length - 1 ? '\n' : ',\n'}`;
  yield ']}\n';
}

/** The compare page's address with a choice made: `a` and `b` are compareKey's keys (`b` may be left to choose). */
export function compareQuery(a: string, b?: string): string {
  return `?a=${encodeURIComponent(a)}${b === undefined ? '' : `&b=${encodeURIComponent(b)}`}`;
}
