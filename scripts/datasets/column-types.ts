// The one mapping of the declared column types to Arrow types, by the Arrow type's name: the schema every snapshot
// format is written from (scripts/snapshot/arrow-schema.ts makes each type from its name) and the data dictionary's
// type wording (data-dictionary.ts) both read it. Names rather than Arrow's type objects: the dictionary is one of
// the site's pages, whose build process then does without Apache Arrow's 150 modules (about 0.13 s at every build).
import type { ColumnType } from './dataset-definition.ts';

/**
 * Logical type → the Arrow type's name.
 * - integer → Int64, not Int32: it is what DuckDB (BIGINT), pandas and Polars (int64) use by default, so sums
 *   and joins never overflow downstream, and it matches the Parquet INT64. Values are still limited to ±(2^53 − 1)
 *   (see `encodeInteger`), because JSON readers go through doubles.
 * - decimal → Float64, not Decimal: DuckDB reads DOUBLE and pandas float64 with no extension or conversion,
 *   and the source's percentages (one decimal, "30,5") round-trip exactly through
 *   the shortest decimal form JavaScript prints (30.5). Arithmetic on them is binary floating point.
 * - date → Date32<DAY> (days since 1970-01-01, no time zone).
 * - text → Utf8, never dictionary-encoded: dictionaries would show up as categorical/ENUM types in some readers
 *   and differ from the Parquet and CSV columns; Parquet compression already takes care of repeated names.
 * - text_list → List<Utf8> with non-null elements.
 */
export const ARROW_TYPE_NAMES = {
  integer: 'Int64',
  decimal: 'Float64',
  date: 'Date32<DAY>',
  text: 'Utf8',
  text_list: 'List<Utf8>',
} as const satisfies Record<ColumnType, string>;

/** The name of an Arrow type a column type maps to, as Arrow writes it (`String(type)`). */
export type ArrowTypeName = (typeof ARROW_TYPE_NAMES)[ColumnType];
