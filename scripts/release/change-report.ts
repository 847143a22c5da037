// What changed between two releases, record by record: added, removed, and changed with the old and new
// value of each changed field. Pure: two lists of normalized records in, changes out. Records are matched
// by their key columns (a key repeated in the source is matched by its occurrence).
import type { DatasetDefinition } from '../datasets/dataset-definition.ts';
import type { NormalizedRecord, NormalizedValue } from '../normalize/normalize-records.ts';

interface FieldChange {
  field: string;
  old: NormalizedValue;
  new: NormalizedValue;
}

export interface RecordChange {
  kind: 'added' | 'removed' | 'changed';
  /** Election year of the record (the new one, or the old one for a removal); null when unknown. */
  year: number | null;
  /** The record's key columns and values, e.g. {election_year: 2014, election_type: "DPR", dapil_id: "1101", regency_name: "ACEH BARAT"}. */
  key: Record<string, NormalizedValue>;
  /**
   * A key column published as null (its source value could not be read) with the value the source gave, so the
   * change can be told apart: {election_year: "2014 "}. Absent when every key column has a value.
   */
  given?: Record<string, unknown>;
  fields: FieldChange[];
}

/** How many records of one election year were added, removed and changed. */
interface YearChanges {
  /** null for records whose election year could not be read. */
  year: number | null;
  added: number;
  removed: number;
  changed: number;
}

export interface DatasetChanges {
  dataset: DatasetDefinition['id'];
  added: number;
  removed: number;
  changed: number;
  /** The same counts per election year, oldest first (unknown years last); only years with a change. */
  years: YearChanges[];
  changes: RecordChange[];
}

/** The normalized column names of the dataset's key fields. */
export function keyColumnsOf(dataset: DatasetDefinition): string[] {
  return dataset.keyFields.map((field) => {
    const column = dataset.columns.find((candidate) => candidate.source === field);
    if (!column) throw new Error(`${dataset.id}: key field ${field} has no column`);
    return column.name;
  });
}

function sameValue(a: NormalizedValue, b: NormalizedValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The records by key and occurrence, each with its position (to find its source record). */
function indexByKey(
  records: readonly NormalizedRecord[],
  keyColumns: readonly string[],
): Map<string, { record: NormalizedRecord; position: number }> {
  const index = new Map<string, { record: NormalizedRecord; position: number }>();
  const seen = new Map<string, number>();
  records.forEach((record, position) => {
    const key = JSON.stringify(keyColumns.map((column) => record[column] ?? null));
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    index.set(`${key}#${occurrence}`, { record, position });
  });
  return index;
}

function yearOf(record: NormalizedRecord): number | null {
  return typeof record.election_year === 'number' ? record.election_year : null;
}

/** The source records of a release, in the order of its normalized records (the all-years raw JSON file). */
export type SourceRecords = readonly Readonly<Record<string, unknown>>[];

/**
 * Compares the previous release's records of a dataset with the new ones. Only columns read from the
 * upstream are compared: a change in the publisher's own quality flags alone is not an upstream change.
 * Changes come in the new records' order, then removals in the old order. With the source records of each side
 * (`previousSource`, `currentSource`, in the same order), a key column published as null keeps the value the
 * source gave (`given`).
 */
export function compareRecords(
  dataset: DatasetDefinition,
  previous: readonly NormalizedRecord[],
  current: readonly NormalizedRecord[],
  previousSource: SourceRecords = [],
  currentSource: SourceRecords = [],
): DatasetChanges {
  const keyColumns = keyColumnsOf(dataset);
  const sources = new Map(dataset.keyFields.map((field, index) => [keyColumns[index] as string, field]));
  const compared = dataset.columns.filter((column) => column.source !== null).map((column) => column.name);
  const before = indexByKey(previous, keyColumns);
  const after = indexByKey(current, keyColumns);
  const keyOf = (record: NormalizedRecord, source: Readonly<Record<string, unknown>> | undefined) => {
    const key = Object.fromEntries(keyColumns.map((column) => [column, record[column] ?? null]));
    const given = Object.fromEntries(
      keyColumns
        .filter((column) => key[column] === null && source !== undefined)
        .map((column) => [column, source?.[sources.get(column) as string]])
        .filter(([, value]) => value !== undefined && value !== null && value !== ''),
    );
    return Object.keys(given).length > 0 ? { key, given } : { key };
  };
  const changes: RecordChange[] = [];
  for (const [id, { record, position }] of after) {
    const old = before.get(id)?.record;
    if (!old) {
      changes.push({ kind: 'added', year: yearOf(record), ...keyOf(record, currentSource[position]), fields: [] });
      continue;
    }
    const fields = compared
      .filter((column) => !sameValue(old[column] ?? null, record[column] ?? null))
      .map((column) => ({ field: column, old: old[column] ?? null, new: record[column] ?? null }));
    if (fields.length > 0)
      changes.push({ kind: 'changed', year: yearOf(record), ...keyOf(record, currentSource[position]), fields });
  }
  for (const [id, { record, position }] of before) {
    if (!after.has(id))
      changes.push({ kind: 'removed', year: yearOf(record), ...keyOf(record, previousSource[position]), fields: [] });
  }
  const count = (kind: RecordChange['kind']) => changes.filter((change) => change.kind === kind).length;
  return {
    dataset: dataset.id,
    added: count('added'),
    removed: count('removed'),
    changed: count('changed'),
    years: countByYear(changes),
    changes,
  };
}

function countByYear(changes: readonly RecordChange[]): YearChanges[] {
  const years = new Map<number | null, YearChanges>();
  for (const change of changes) {
    const counts = years.get(change.year) ?? { year: change.year, added: 0, removed: 0, changed: 0 };
    counts[change.kind] += 1;
    years.set(change.year, counts);
  }
  return [...years.values()].sort((a, b) => (a.year ?? Infinity) - (b.year ?? Infinity));
}
