// The filter above a long table (site/src/components/table-filter.astro, made to work by site/public/tables.js):
// what it says in each language, and the provinces its list offers. Without JavaScript the form stays hidden and
// the table whole.
import type { Lang } from './site-routes.ts';
import { formatCount } from './site-format.ts';

/** What a filtered table lists, for the form's name and its count. */
export type FilterKind = 'dapils' | 'regencies' | 'parties' | 'provinces';

export interface TableFilterText {
  /** The form's accessible name. Example: "Saring dapil". */
  label: (kind: FilterKind) => string;
  name: string;
  province: string;
  allProvinces: string;
  /** The count with every row shown. Example: "84 dapils". */
  all: (kind: FilterKind, total: string) => string;
  /** The count of some rows; tables.js puts the number shown for `{shown}`. Example: "{shown} of 84 dapils". */
  some: (kind: FilterKind, total: string) => string;
}

const ID_KINDS: Record<FilterKind, string> = {
  dapils: 'dapil',
  regencies: 'kabupaten/kota',
  parties: 'partai',
  provinces: 'provinsi',
};

const id: TableFilterText = {
  label: (kind) => `Saring ${ID_KINDS[kind]}`,
  name: 'Nama memuat',
  province: 'Provinsi',
  allProvinces: 'Semua provinsi',
  all: (kind, total) => `${total} ${ID_KINDS[kind]}`,
  some: (kind, total) => `{shown} dari ${total} ${ID_KINDS[kind]}`,
};

const EN_KINDS: Record<FilterKind, string> = {
  dapils: 'dapils',
  regencies: 'regencies and cities',
  parties: 'parties',
  provinces: 'provinces',
};

/** A kind's rows in English when there is one. */
const EN_KIND: Record<FilterKind, string> = {
  dapils: 'dapil',
  regencies: 'regency or city',
  parties: 'party',
  provinces: 'province',
};
const enKinds = (kind: FilterKind, total: string): string => (total === '1' ? EN_KIND : EN_KINDS)[kind];

const en: TableFilterText = {
  label: (kind) => `Filter the ${EN_KINDS[kind]}`,
  name: 'Name contains',
  province: 'Province',
  allProvinces: 'All provinces',
  all: (kind, total) => `${total} ${enKinds(kind, total)}`,
  some: (kind, total) => `{shown} of ${total} ${enKinds(kind, total)}`,
};

export const TABLE_FILTER_TEXT: Record<Lang, TableFilterText> = { id, en };

export interface TableFilter {
  label: string;
  name: string;
  province: string;
  allProvinces: string;
  all: string;
  some: string;
  /** The province list's choices, in the table's order; empty when the rows are of one province or none. */
  provinces: string[];
}

/**
 * The most rows a table may have and still be taken in at a glance: such a table has no filter (a box above a
 * dapil's two regencies is only in the way). The real data's dapil pages of 2014 have 1 to 19 regencies, 42 of the
 * 57 at most five.
 */
export const GLANCE_ROWS = 5;

/**
 * The filter form of a table of `total` rows, or null for a table of at most GLANCE_ROWS rows; `provinces` are its
 * rows' provinces (their data-province), in the table's order, repeats allowed: a list is offered only when there are
 * two or more.
 */
export function tableFilter(
  lang: Lang,
  kind: FilterKind,
  total: number,
  provinces: readonly string[] = [],
): TableFilter | null {
  if (total <= GLANCE_ROWS) return null;
  const t = TABLE_FILTER_TEXT[lang];
  const distinct = [...new Set(provinces)];
  return {
    label: t.label(kind),
    name: t.name,
    province: t.province,
    allProvinces: t.allProvinces,
    all: t.all(kind, formatCount(lang, total)),
    some: t.some(kind, formatCount(lang, total)),
    provinces: distinct.length > 1 ? distinct : [],
  };
}
