// Reads the snapshot's Arrow table back as normalized values, the one way every text and Parquet writer sees
// the data: integers and decimals as numbers, dates as "YYYY-MM-DD", text as strings, lists as string arrays.
import { DataType, DateUnit, type Field, type RecordBatch, type Table, type Vector } from 'apache-arrow';
import { formatIsoDate, type NormalizedRecord, type NormalizedValue } from './arrow-schema.ts';

/** The value of one column at a row of a record batch. */
export type ColumnReader = (row: number) => NormalizedValue;

const MILLISECONDS_PER_DAY = 86_400_000;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The kinds of column the snapshot schema produces (arrow-schema.ts); writers switch on these. */
export type ColumnKind = 'integer' | 'decimal' | 'date' | 'text' | 'text_list';

/** What kind of column an Arrow field is; throws for a type the snapshot schema never produces. */
export function classifyField(field: Field): ColumnKind {
  const { type } = field;
  if (DataType.isInt(type) && type.bitWidth === 64 && type.isSigned) return 'integer';
  if (DataType.isFloat(type)) return 'decimal';
  if (DataType.isDate(type) && type.unit === DateUnit.DAY) return 'date';
  if (DataType.isUtf8(type)) return 'text';
  if (DataType.isList(type) && type.children[0] !== undefined && DataType.isUtf8(type.children[0].type)) return 'text_list';
  throw new Error(`Column ${field.name} has Arrow type ${String(type)}, which the snapshot writers do not handle`);
}

function createColumnReader(field: Field, vector: Vector): ColumnReader {
  const kind = classifyField(field);
  switch (kind) {
    case 'integer':
      return (row) => {
        const value = vector.get(row) as bigint | null;
        if (value === null) return null;
        if (value > MAX_SAFE || value < -MAX_SAFE) throw new Error(`Column ${field.name}, row ${row}: ${value} is beyond 2^53 − 1`);
        return Number(value);
      };
    case 'decimal':
      return (row) => vector.get(row) as number | null;
    case 'date':
      return (row) => {
        // Arrow's DateDay getter answers in milliseconds since the epoch.
        const value = vector.get(row) as number | null;
        return value === null ? null : formatIsoDate(value / MILLISECONDS_PER_DAY);
      };
    case 'text':
      return (row) => vector.get(row) as string | null;
    case 'text_list':
      return (row) => {
        const value = vector.get(row) as Vector | null;
        return value === null ? null : (value.toArray() as string[]);
      };
  }
}

/** One reader per column of the batch, in field order. */
export function createColumnReaders(batch: RecordBatch): ColumnReader[] {
  return batch.schema.fields.map((field, index) => {
    const vector = batch.getChildAt(index);
    if (vector === null) throw new Error(`Record batch has no column ${field.name}`);
    return createColumnReader(field, vector);
  });
}

/** The table's rows as normalized records, keys in column order. */
export function* iterateTableRecords(table: Table): Generator<NormalizedRecord> {
  const names = table.schema.fields.map((field) => field.name);
  for (const batch of table.batches) {
    const readers = createColumnReaders(batch);
    for (let row = 0; row < batch.numRows; row += 1) {
      const record: NormalizedRecord = {};
      for (let index = 0; index < names.length; index += 1) {
        record[names[index] as string] = (readers[index] as ColumnReader)(row);
      }
      yield record;
    }
  }
}
