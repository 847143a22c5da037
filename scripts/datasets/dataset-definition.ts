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

export interface DatasetDefinition {
  /** Short stable identifier used in paths and file names. */
  id: 'turnout' | 'parties';
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
  /**
   * Columns that refer to the key of another dataset (turnout's dapil to the official dapil list, say):
   * datapackage.json's `foreignKeys`, each to the other dataset's file of the same format and year.
   */
  references?: readonly DatasetReference[];
  /**
   * The licence of content the project adds to this dataset (region codes from idn-area-data under ODbL, say):
   * datapackage.json lists it beside the upstream's "no licence". Absent: the dataset holds only the KPU's data.
   */
  addedContentLicence?: { name: string; title: string; path: string };
}

/** Normalized columns of one dataset whose values are the key of another's (both lists in the same order). */
export interface DatasetReference {
  columns: readonly string[];
  dataset: DatasetDefinition['id'];
  referencedColumns: readonly string[];
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
