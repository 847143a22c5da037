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
  /** The upstream field this column is read from; null for columns the publisher derives (quality flags, `derive`). */
  source: string | null;
  /**
   * For a derived column (source null) other than the quality flags: its value, computed by the normalizer from
   * the record's columns declared before it (already normalized) and, where it needs them, the raw upstream fields.
   * Examples: the parties' `party_id` (from the names), the turnout's region codes (from the dapil id and the
   * regency name, scripts/datasets/regions/region-matcher.ts).
   */
  derive?: (normalized: Readonly<Record<string, unknown>>, raw: RawRecord) => string | number | null;
  /** Unit of measure, when the column is a quantity. */
  unit?: 'persons' | 'percent' | 'year';
  /** Whether the column can be null (an empty upstream value becomes null). */
  nullable: boolean;
  title: Localized;
  description: Localized;
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
  /**
   * True for a rule that compares records with the project's own reference tables (the official dapil lists, the
   * region codes) rather than with the upstream's documented format: most records breaking it points at a gap in
   * those tables, not at a change of the upstream's schema, so the check's schema test leaves it out
   * (scripts/check/quality-check.ts, `findSchemaChanges`). Not written to the quality report.
   */
  reference?: boolean;
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

/** What a dataset that is not harvested may read to make its records: the harvest's years and records. */
interface ProjectRecordsContext {
  /** The four-digit election years of the harvest's upstream records (every upstream dataset), ascending. */
  years: readonly number[];
  /** The records of an upstream dataset, in harvest order (one stored page per batch). */
  upstreamRecords(id: string): AsyncIterable<readonly RawRecord[]>;
}

/**
 * Where a dataset's records come from. 'upstream' (the default when `origin` is absent): harvested from the query
 * at `path`. 'project': made by the project itself, never harvested; the harvest skips it, and the check and
 * snapshot stages read its raw records from `records` (per election year, like a harvest), so the writers,
 * dictionary, downloads and data package treat it like the others. Its `upstreamFields` are the fields of those
 * records; `path`, `upstreamName` and `filterParameter` are empty (there is no query).
 */
type DatasetOrigin =
  | { kind: 'upstream' }
  | {
      kind: 'project';
      /** Where the records come from, for the dictionary and the about page: the laws cited, or the derivation. */
      source: Localized;
      /** The raw records, in a fixed order (the same input gives the same records, byte for byte). */
      records: (context: ProjectRecordsContext) => AsyncIterable<readonly RawRecord[]>;
      /**
       * The licence of the whole table, when it is someone else's data under a licence (the region lists: ODbL);
       * its files name it instead of the upstream's "no licence". Absent: the project's own tables.
       */
      licence?: AddedContentLicence;
    };

/** One sex of one voter list (or of all lists together), and the column holding its count. */
export interface CountCell {
  sex: 'male' | 'female' | 'total';
  column: string;
}

/** The count columns of one voter list (or `total`: all lists together), one cell per sex, in table order. */
export interface CountGroup {
  code: 'dpt' | 'dptb' | 'dpk' | 'total';
  cells: readonly CountCell[];
  /** A voter list's legal name and who is on it, as the pages explain it; absent for `total`. */
  meaning?: Localized;
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
  /**
   * The column naming the same entity in every election year (the parties' `party_id`): the site links a page to the
   * pages of other years sharing it. Absent: pages are linked across years by display or short name.
   */
  acrossYears?: string;
  /** What one record of a page is about, when a page holds several (a dapil page's regency). */
  recordName?: string;
  /** The column grouping a year's pages (a dapil's province). */
  groupName?: string;
  /** The column the documented filter parameter (`filterParameter`) compares with; absent without a query (the dapils). */
  filter?: string;
  /** Counts of persons by voter list and sex, in table order (DPT, DPTb, DPK, all lists); absent: no counts. */
  countGroups?: readonly CountGroup[];
  /**
   * A record's official (Kemendagri) province and regency codes (docs/data.md, "Region codes"): the province maps
   * place records by the first, a dapil page shows the second beside each regency.
   */
  provinceCode?: string;
  regencyCode?: string;
}

/**
 * The dataset's pages: one per election year and page key, at /<year>/<slug>/<page key>/ (English under /en/).
 * `view` chooses the layout: `counts` (the records' count groups, totals and charts: the dapil page) or `profile`
 * (every field of the record: the party page).
 */
export interface DatasetPages {
  /** The URL word of the dataset's pages in each language; also names its per-page files (the Indonesian one). */
  slug: Localized;
  view: 'counts' | 'profile';
  /** What the changelog's table of releases calls the dataset's record count ("Party records"). */
  recordsLabel: Localized;
  /** The words before a page key, capitalised: "Nomor urut" → "Nomor urut 3"; lower-cased mid-sentence ("dapil 1101"). */
  keyLabel: Localized;
  /** What the counts are, under every count table of the pages (a `counts` view's). */
  countsNote?: Localized;
  /**
   * The year page lists this dataset's pages in a table of their own, with a chart of its `percent` column against the
   * women's quota (the parties); the declarations hold exactly one. Absent: a section listing its pages.
   */
  yearTable?: true;
}

export interface DatasetDefinition {
  /** Short stable identifier used in paths and file names. */
  id: string;
  /** Where the records come from; absent means harvested from the upstream. */
  origin?: DatasetOrigin;
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
  /**
   * The values of the filter that law names (the official dapils' ids, the election years): each one the paged
   * harvest did not return is asked for by itself before the harvest counts as complete (docs/upstream.md, "The end
   * of the data, asked by value"). Absent: only the last record's value is.
   */
  knownFilterValues?: readonly string[];
  /** Normalized columns, in output order. */
  columns: readonly ColumnDefinition[];
  /** Quality rules every record is checked against, in the order the quality report lists them. */
  rules: readonly QualityRule[];
  /** The columns that play a role (year, page key, name, filter, counts). */
  roles: ColumnRoles;
  /** The dataset's own pages; null for a dataset without pages (the official dapils: downloads and dictionary only). */
  pages: DatasetPages | null;
  /**
   * The upstream fields of a record's dapil id and regency name, when the dataset's records are compared with the
   * official dapil lists (scripts/datasets/dapils/): the check stage reports the dataset's coverage of them (the
   * quality report's coverage section). Absent: not compared.
   */
  officialListFields?: { dapil: string; regency: string };
  /**
   * Columns that refer to the key of another dataset (turnout's dapil to the official dapil list, say):
   * datapackage.json's `foreignKeys`, each to the other dataset's file of the same format and year.
   */
  references?: readonly DatasetReference[];
  /**
   * The licence of content the project adds to this dataset (region codes from idn-area-data under ODbL, say):
   * datapackage.json lists it beside the upstream's "no licence". Absent: the dataset holds only the KPU's data.
   */
  addedContentLicence?: AddedContentLicence;
}

/**
 * A dataset declaration, checked once as it is made: every role names a declared column, the page key is text,
 * the year an integer. Example: `defineDataset({ id: 'turnout', …, roles: { year: 'election_year', … } })`.
 */
export function defineDataset<const Id extends string, const Pages extends DatasetPages | null>(
  dataset: DatasetDefinition & { id: Id; pages: Pages },
): DatasetDefinition & { id: Id; pages: Pages } {
  const columns = new Map(dataset.columns.map((column) => [column.name, column]));
  const { countGroups = [], ...single } = dataset.roles;
  const named = [...Object.values(single), ...countGroups.flatMap((group) => group.cells.map((cell) => cell.column))];
  for (const name of named) {
    if (!columns.has(name)) throw new Error(`dataset ${dataset.id}: a role names ${name}, which is not a column`);
  }
  for (const field of Object.values(dataset.officialListFields ?? {})) {
    if (!dataset.upstreamFields.includes(field))
      throw new Error(`dataset ${dataset.id}: officialListFields names ${field}, which is not an upstream field`);
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

/** Normalized columns of one dataset whose values are the key of another's (both lists in the same order). */
interface DatasetReference {
  columns: readonly string[];
  dataset: DatasetDefinition['id'];
  referencedColumns: readonly string[];
}

/** Whether the dataset is harvested from the upstream (its `origin` absent or 'upstream'). */
export function isUpstreamDataset(dataset: DatasetDefinition): dataset is UpstreamDatasetDefinition {
  return dataset.origin === undefined || dataset.origin.kind === 'upstream';
}

/** A dataset harvested from the upstream. */
export type UpstreamDatasetDefinition = DatasetDefinition & { origin?: { kind: 'upstream' } };

/**
 * The identity of a record as one string, from its key fields.
 * Example: turnout {TahunPemilu:"2014", JenisPemilu:"DPR", IdDapil:"1101", NamaKabupaten:"ACEH BARAT"}
 * → '["2014","DPR","1101","ACEH BARAT"]'. Missing fields become null so they still compare.
 */
export function recordKey(dataset: Pick<DatasetDefinition, 'keyFields'>, record: RawRecord): string {
  return JSON.stringify(dataset.keyFields.map((field) => record[field] ?? null));
}

/**
 * A value as the upstream's filter compares it (the seed types `id_dapil` as an integer): digits without leading
 * zeros ("01101" is 1101), anything else as written. The harvest's end asked by value and the stand-in both use it.
 */
export function filterValueText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : text;
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

/**
 * A dataset the publisher computes from a harvested dataset's normalized records rather than harvests (the
 * long turnout file): no upstream query, no rules of its own (its rows carry the source records' quality flags).
 * The snapshot stage writes it beside its source dataset, per election year and for all years, in every format
 * the source dataset's normalized records have; the dictionary, datapackage.json and the downloads list it.
 */
export interface DerivedDatasetDefinition {
  id: string;
  /** Start of every published file name, as for a harvested dataset. */
  fileStem: string;
  title: Localized;
  description: Localized;
  /** Its rows' identity as columns (datapackage.json's `primaryKey`). */
  primaryKey: readonly string[];
  /** As a harvested dataset's: the licence of content the project adds (the region codes' ODbL). */
  addedContentLicence?: AddedContentLicence;
  /** The harvested dataset whose normalized records it is computed from. */
  from: DatasetDefinition['id'];
  /** As a harvested dataset's: columns holding another dataset's key (each row to the record it comes from). */
  references?: readonly DatasetReference[];
  /** Its columns, in output order (source null: every value is computed). */
  columns: readonly ColumnDefinition[];
  /** How one normalized record of `from` becomes its rows, in order. */
  unpivot: UnpivotDefinition;
}

/**
 * A record turned long (unpivoted): one row per cell, in cell order. Each row repeats the record's `repeated`
 * columns, takes its `value` from the cell's source column and the cell's `fixed` texts. Every column of the derived
 * dataset is exactly one of these three, of the same type as its source column. Example: repeated
 * ["dapil_id", "quality_flags"], value "voters", cells [{from: "dpt_male", fixed: {voter_list: "dpt", sex: "male"}},
 * {from: "dpt_female", fixed: {voter_list: "dpt", sex: "female"}}]: the record {dapil_id: "X", dpt_male: 10,
 * dpt_female: 12, quality_flags: []} → {dapil_id: "X", voter_list: "dpt", sex: "male", voters: 10, quality_flags: []},
 * {dapil_id: "X", voter_list: "dpt", sex: "female", voters: 12, quality_flags: []}.
 */
interface UnpivotDefinition {
  repeated: readonly string[];
  value: string;
  cells: readonly { from: string; fixed: Readonly<Record<string, string>> }[];
}

/**
 * The licence of content the project adds to a dataset, and the source it names (credited among datapackage.json's
 * sources). Example: the region codes, ODbL 1.0, from the npm package idn-area-data.
 */
interface AddedContentLicence {
  name: string;
  title: string;
  path: string;
  source?: { title: string; path: string };
}

/** A dataset with published files: harvested, or derived from a harvested one. */
export type PublishedDataset = DatasetDefinition | DerivedDatasetDefinition;

/** Every dataset with published files: the harvested ones and the derived ones. */
/**
 * The dataset's key as normalized columns: for a harvested dataset the columns read from its key fields, in the
 * key's order; for a derived one its declared primary key. Example: turnout → election_year, election_type,
 * dapil_id, regency_name.
 */
export function primaryKeyOf(dataset: PublishedDataset): string[] {
  if (!('keyFields' in dataset)) return [...dataset.primaryKey];
  return dataset.keyFields.map((field) => {
    const column = dataset.columns.find((candidate) => candidate.source === field);
    if (!column) throw new Error(`${dataset.id}: key field ${field} is no column's source`);
    return column.name;
  });
}

/**
 * Whether a column can be empty, as the dictionaries say it: `never`; `flagged` for a key column, empty only in a
 * record the quality rules flag (records that break the rules are published as the source gives them, UPSTREAM.md,
 * so a key the source left empty is null there); `allowed` for a value the source may leave empty in a good record.
 */
export type ColumnEmptiness = 'never' | 'flagged' | 'allowed';

export function columnEmptiness(dataset: PublishedDataset, column: ColumnDefinition): ColumnEmptiness {
  if (!column.nullable) return 'never';
  return primaryKeyOf(dataset).includes(column.name) ? 'flagged' : 'allowed';
}

/** A dataset's table in the release's databases: its id with "-" as "_" (`turnout-long` → `turnout_long`). */
export function tableNameOf(dataset: Pick<PublishedDataset, 'id'>): string {
  return dataset.id.replaceAll('-', '_');
}

export type PublishedDatasetId = DatasetDefinition['id'] | DerivedDatasetDefinition['id'];
