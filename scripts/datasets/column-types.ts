// The one mapping of the declared column types to Arrow types: the schema every snapshot format is written from
// (scripts/snapshot/arrow-schema.ts) and the data dictionary's type wording (data-dictionary.ts) both read it.
import { DateDay, Field, Float64, Int64, List, Utf8, type DataType } from 'apache-arrow';
import type { ColumnType } from './dataset-definition.ts';

/**
 * Logical type → Arrow type.
 * - integer → Int64, not Int32: it is what DuckDB (BIGINT), pandas and Polars (int64) use by default, so sums
 *   and joins never overflow downstream, and it matches the Parquet INT64. Values are still limited to ±(2^53 − 1)
 *   (see `encodeInteger`), because JSON readers go through doubles.
 * - decimal → Float64, not Decimal: DuckDB reads DOUBLE and pandas float64 with no extension or conversion,
 *   and the source's percentages (one decimal, "30,5") round-trip exactly through
 *   the shortest decimal form JavaScript prints (30.5). Arithmetic on them is binary floating point.
 * - date → DateDay (days since 1970-01-01, no time zone).
 * - text → Utf8, never dictionary-encoded: dictionaries would show up as categorical/ENUM types in some readers
 *   and differ from the Parquet and CSV columns; Parquet compression already takes care of repeated names.
 * - text_list → List<Utf8> with non-null elements.
 */
export function arrowTypeOf(type: ColumnType): DataType {
  switch (type) {
    case 'integer':
      return new Int64();
    case 'decimal':
      return new Float64();
    case 'date':
      return new DateDay();
    case 'text':
      return new Utf8();
    case 'text_list':
      return new List(new Field('item', new Utf8(), false));
  }
}
