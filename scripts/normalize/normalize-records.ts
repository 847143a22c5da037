// The normalize stage: turn checked upstream records into typed records of the dataset's declared columns.
// Pure: each column's type picks its parser (scripts/datasets/value-parsers.ts); a derived column's `derive`
// computes it from the columns before it (and the raw fields where it needs them: the region codes); the record's quality flags from the check stage become `quality_flags`.
import {
  QUALITY_FLAGS_COLUMN,
  type ColumnDefinition,
  type DatasetDefinition,
  type RawRecord,
} from '../datasets/dataset-definition.ts';
import { parseColumnValue } from '../datasets/value-parsers.ts';

export type NormalizedValue = number | string | null | string[];

/** Column name → value, with keys in the dataset's column order. */
export type NormalizedRecord = Record<string, NormalizedValue>;

/**
 * A value the parsers cannot convert is published as null, but it must not vanish silently: the check stage
 * must have flagged the record with a rule on that field, so the quality report shows the raw value. The rules
 * use the same parsers (year-format, count-digits, count-safe-integer for integers; deed-date, women-pct for the
 * date and decimal; field-string for anything missing or not a string), so this holds by construction; if a new
 * column type or rule breaks it, stop rather than publish a hole nobody was told about.
 */
function assertFlagged(
  dataset: DatasetDefinition,
  column: ColumnDefinition & { source: string },
  value: unknown,
  reason: string,
  flags: readonly string[],
): void {
  const flagged = dataset.rules.some((rule) => rule.fields.includes(column.source) && flags.includes(rule.id));
  if (!flagged) {
    throw new Error(
      `normalize ${dataset.id}: ${column.source} = ${JSON.stringify(value) ?? 'undefined'} (${reason}) becomes a null ${column.name}, ` +
        `but no quality rule on ${column.source} flagged the record (flags: ${flags.length === 0 ? 'none' : flags.join(', ')}); ` +
        'declare a rule that catches this value in the dataset definition.',
    );
  }
}

/**
 * Example (parties): {tahunPemilu: "2024", NomorUrutPartai: "02", TanggalAkteNotaris: "06-02-2008",
 * PersentaseKeterwakilanPerempuan: "30,5", AlamatKantor: "", …} with flags []
 * → {election_year: 2024, ballot_number: "02", …, office_address: null, …, notarial_deed_date: "2008-02-06",
 * women_representation_pct: 30.5, …, quality_flags: []}.
 */
export function normalizeRecord(
  dataset: DatasetDefinition,
  raw: RawRecord,
  flags: readonly string[],
): NormalizedRecord {
  const normalized: NormalizedRecord = {};
  for (const column of dataset.columns) {
    const { source } = column;
    if (source === null) {
      if (column.derive) normalized[column.name] = column.derive(normalized, raw);
      else if (column.name === QUALITY_FLAGS_COLUMN.name) normalized[column.name] = [...flags];
      else throw new Error(`normalize ${dataset.id}: derived column ${column.name} has no producer`);
      continue;
    }
    if (column.type === 'text_list')
      throw new Error(
        `normalize ${dataset.id}: column ${column.name} reads a list from ${source}, which no upstream field is`,
      );
    const value = Object.hasOwn(raw, source) ? raw[source] : undefined;
    const parsed = parseColumnValue(column.type, value);
    if (!parsed.ok) assertFlagged(dataset, { ...column, source }, value, parsed.reason, flags);
    normalized[column.name] = parsed.ok ? parsed.value : null;
  }
  return normalized;
}

/** All records of a dataset, with the check stage's flags aligned by position. */
export function normalizeRecords(
  dataset: DatasetDefinition,
  records: readonly RawRecord[],
  flags: readonly (readonly string[])[],
): NormalizedRecord[] {
  if (flags.length !== records.length) {
    throw new Error(
      `normalize ${dataset.id}: ${records.length} records but ${flags.length} flag lists; run the check stage on the same records`,
    );
  }
  return records.map((record, position) => normalizeRecord(dataset, record, flags[position] ?? []));
}
