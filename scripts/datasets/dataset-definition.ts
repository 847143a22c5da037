// The shape of a declared dataset: everything that differs between the upstream's queries is data here,
// and the harvester, checker, normalizer, writers, dictionary and site are driven by it.

import type { Localized } from '../languages.ts';

/** A record exactly as the upstream sent it: field name → value (values should be strings, but are not trusted). */
export type RawRecord = Record<string, unknown>;

/** Logical column types; each writer maps them to its own (see docs/data.md). */
/** The logical column types, in the order the data dictionary lists them. */
export const COLUMN_TYPES = ['integer', 'text', 'decimal', 'date', 'text_list'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export interface ColumnDefinition {
  /** Normalized column name, snake_case, the same across datasets for the same meaning. */
  name: string;
  type: ColumnType;
  /** The upstream field this column is read from; null for columns the publisher derives (quality flags). */
  source: string | null;
  /** Unit of measure, when the column is a quantity. */
  unit?: 'persons' | 'percent' | 'year';
  /** Whether the column can be null (an empty upstream value becomes null). */
  nullable: boolean;
  title: Localized;
  description: Localized;
  /** How the normalizer computes a derived column (source null) other than quality_flags. */
  derivation?: RegionCodeDerivation;
}

/**
 * A column holding an official region code, matched from the record's dapil id and regency name
 * (scripts/datasets/regions/region-matcher.ts; docs/data.md, "Region codes").
 */
export interface RegionCodeDerivation {
  kind: 'region-code';
  level: 'province' | 'regency';
  /** Upstream field of the dapil id, whose first two digits are the province code. */
  dapilIdField: string;
  /** Upstream field of the regency or city name. */
  regencyNameField: string;
}

/** What a rule found wrong with one record: a sentence for people, and the values involved keyed by upstream field. */
export interface RuleFinding {
  message: string;
  /** Raw upstream values (as parsed from JSON), plus any figure the rule computed, as a decimal string. */
  values: Record<string, unknown>;
}

interface QualityRuleBase {
  /** Stable kebab-case id; records carry it in `quality_flags`, so renaming one changes published data. */
  id: string;
  title: Localized;
  description: Localized;
  /**
   * Upstream fields the rule reads. The normalizer relies on it: a value it cannot convert must belong to a
   * field some rule covers, and that rule must have flagged the record (see scripts/normalize/normalize-records.ts).
   */
  fields: readonly string[];
}

/** A rule judged on one record alone. */
export interface RecordQualityRule extends QualityRuleBase {
  kind: 'record';
  /** null when the record obeys the rule. */
  test: (record: RawRecord) => RuleFinding | null;
}

/** A rule judged across all records of a dataset, such as key uniqueness. */
export interface DatasetQualityRule extends QualityRuleBase {
  kind: 'dataset';
  /** Findings keyed by record position (index in `records`); a record absent from the map obeys the rule. */
  test: (records: readonly RawRecord[], dataset: DatasetDefinition) => ReadonlyMap<number, RuleFinding>;
}

/** One of the rules of UPSTREAM.md ("Rules the data should obey"), declared as data on its dataset. */
export type QualityRule = RecordQualityRule | DatasetQualityRule;

/** One sex of one voter list (or of all lists together), and the column holding its count. */
export interface CountCell {
  sex: 'male' | 'female' | 'total';
  column: string;
}

/** The count columns of one voter list (or `total`: all lists together), one cell per sex, in table order. */
export interface CountGroup {
  code: 'dpt' | 'dptb' | 'dpk' | 'total';
  cells: readonly CountCell[];
}

/**
 * What some normalized columns mean, so the pages, the downloads and the stand-in upstream read them by role
 * instead of by a name written out again: every value names a column of `columns` (checked by `defineDataset`).
 */
interface ColumnRoles {
  /** The election year (integer); the snapshot and the pages split records by it. */
  year: string;
  /**
   * The identifier of a page within a year: digits kept as text (dapil id, ballot number). Readers that guess
   * types must be told it is text, or "0101" becomes 101.
   */
  pageKey: string;
  /** What a page is about, in words (dapil name, party name); the page key stands in when it is empty. */
  displayName: string;
  /** A short name beside the display name (a party's acronym): the same party is recognised across years by either. */
  shortName?: string;
  /** What one record of a page is about, when a page holds several (a dapil page's regency). */
  recordName?: string;
  /** The column grouping a year's pages (a dapil's province). */
  groupName?: string;
  /** The column the documented filter parameter (`filterParameter`) compares with. */
  filter: string;
  /** Counts of persons by voter list and sex, in table order (DPT, DPTb, DPK, all lists); absent: no counts. */
  countGroups?: readonly CountGroup[];
}

/**
 * The dataset's pages: one per election year and page key, at /<year>/<slug>/<page key>/ (English under /en/).
 * `view` chooses the layout: `counts` (the records' count groups, totals and charts: the dapil page) or `profile`
 * (every field of the record: the party page).
 */
interface DatasetPages {
  /** The URL word of the dataset's pages in each language; also names its per-page files (the Indonesian one). */
  slug: Localized;
  view: 'counts' | 'profile';
  /** What the changelog's table of releases calls the dataset's record count ("Party records"). */
  recordsLabel: Localized;
  /** The words before a page key, capitalised: "Nomor urut" → "Nomor urut 3"; lower-cased mid-sentence ("dapil 1101"). */
  keyLabel: Localized;
}

export interface DatasetDefinition {
  /** Short stable identifier used in paths and file names. */
  id: string;
  /** Start of every published file name, so a downloaded file says what it is (`<stem>-<year>.<format>`). */
  fileStem: string;
  title: Localized;
  description: Localized;
  /** Path of the upstream query, appended to the base URL. */
  path: string;
  /** The upstream's own name of the query (seed section 4). */
  upstreamName: string;
  /** Every field of an upstream record, in the seed's order. */
  upstreamFields: readonly string[];
  /** Upstream fields that identify a record (UPSTREAM.md "data changing during a harvest"). */
  keyFields: readonly string[];
  /** Upstream field holding the election year; snapshots are split by it. */
  yearField: string;
  /** Upstream fields whose values are kept as given and listed in the manifest as the values seen (UPSTREAM.md). */
  valuesSeenFields: readonly string[];
  /** Documented optional filter parameter of the query, used only for cross-checks. */
  filterParameter: string;
  /** Normalized columns, in output order. */
  columns: readonly ColumnDefinition[];
  /** Quality rules every record is checked against, in the order the quality report lists them. */
  rules: readonly QualityRule[];
  /** The columns that play a role (year, page key, name, filter, counts). */
  roles: ColumnRoles;
  pages: DatasetPages;
}

/**
 * A dataset declaration, checked once as it is made: every role names a declared column, the page key is text,
 * the year an integer. Example: `defineDataset({ id: 'turnout', …, roles: { year: 'election_year', … } })`.
 */
export function defineDataset<const Id extends string>(
  dataset: DatasetDefinition & { id: Id },
): DatasetDefinition & { id: Id } {
  const columns = new Map(dataset.columns.map((column) => [column.name, column]));
  const { countGroups = [], ...single } = dataset.roles;
  const named = [...Object.values(single), ...countGroups.flatMap((group) => group.cells.map((cell) => cell.column))];
  for (const name of named) {
    if (!columns.has(name)) throw new Error(`dataset ${dataset.id}: a role names ${name}, which is not a column`);
  }
  if (columns.get(dataset.roles.year)?.type !== 'integer')
    throw new Error(`dataset ${dataset.id}: the year column ${dataset.roles.year} is not an integer column`);
  if (columns.get(dataset.roles.pageKey)?.type !== 'text')
    throw new Error(`dataset ${dataset.id}: the page key ${dataset.roles.pageKey} is not a text column`);
  if (columns.get(dataset.roles.year)?.source !== dataset.yearField)
    throw new Error(
      `dataset ${dataset.id}: the year column ${dataset.roles.year} is not read from ${dataset.yearField}`,
    );
  return dataset;
}

/** The column definition of a role's column (declared: `defineDataset` checked it). */
export function roleColumn(dataset: DatasetDefinition, name: string): ColumnDefinition {
  const column = dataset.columns.find((candidate) => candidate.name === name);
  if (column === undefined) throw new Error(`dataset ${dataset.id} declares no column ${name}`);
  return column;
}

/** The count columns of a dataset, in table order; empty for a dataset without counts. */
export function countColumnsOf(dataset: DatasetDefinition): string[] {
  return (dataset.roles.countGroups ?? []).flatMap((group) => group.cells.map((cell) => cell.column));
}

/**
 * The identity of a record as one string, from its key fields.
 * Example: turnout {TahunPemilu:"2014", JenisPemilu:"DPR", IdDapil:"1101", NamaKabupaten:"ACEH BARAT"}
 * → '["2014","DPR","1101","ACEH BARAT"]'. Missing fields become null so they still compare.
 */
export function recordKey(dataset: DatasetDefinition, record: RawRecord): string {
  return JSON.stringify(dataset.keyFields.map((field) => record[field] ?? null));
}

/** The column every dataset ends with: the ids of the quality rules the record breaks (docs/data.md). */
export const QUALITY_FLAGS_COLUMN: ColumnDefinition = {
  name: 'quality_flags',
  type: 'text_list',
  source: null,
  nullable: false,
  title: { id: 'Catatan kualitas', en: 'Quality flags' },
  description: {
    id: 'Kode aturan kualitas data yang dilanggar rekaman ini; kosong bila semua aturan terpenuhi. Nilai tetap seperti dari sumber.',
    en: 'Ids of the data quality rules this record breaks; empty when it obeys every rule. Values are kept as the source gave them.',
  },
};
