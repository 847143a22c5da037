// The normalize stage: turn checked upstream records into typed records of the dataset's declared columns.
// Pure: each column's type picks its parser (scripts/datasets/value-parsers.ts); the record's quality flags
// from the check stage become the `quality_flags` column.
import {
  QUALITY_FLAGS_COLUMN,
  type ColumnDefinition,
  type DatasetDefinition,
  type RawRecord,
  type RegionCodeDerivation,
} from '../datasets/dataset-definition.ts';
import { officialRegionMatcher } from '../datasets/regions/region-matcher.ts';
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
 * The official code a region-code column holds (scripts/datasets/regions/region-matcher.ts), or null. The same
 * matcher decides the `region-code-match` rule, so a null here is always explained by a flag (that rule, or
 * `dapil-id-digits`, `name-non-empty`, `field-string` for a dapil id or name that cannot be matched at all).
 * Example: IdDapil "1101", NamaKabupaten "KOTA BANDA ACEH" → province "11", regency "1171".
 */
function regionCode(raw: RawRecord, derivation: RegionCodeDerivation): string | null {
  const dapilId = Object.hasOwn(raw, derivation.dapilIdField) ? raw[derivation.dapilIdField] : undefined;
  const regencyName = Object.hasOwn(raw, derivation.regencyNameField) ? raw[derivation.regencyNameField] : undefined;
  if (typeof dapilId !== 'string' || typeof regencyName !== 'string') return null;
  const found = officialRegionMatcher().match(dapilId, regencyName);
  return derivation.level === 'province' ? found.provinceCode : found.regencyCode;
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
      if (column.derivation?.kind === 'region-code') {
        normalized[column.name] = regionCode(raw, column.derivation);
        continue;
      }
      if (column.name !== QUALITY_FLAGS_COLUMN.name)
        throw new Error(`normalize ${dataset.id}: derived column ${column.name} has no producer`);
      normalized[column.name] = [...flags];
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
