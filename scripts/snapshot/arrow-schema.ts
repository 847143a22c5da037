// The one schema every snapshot format is written from: the dataset's normalized columns as an Arrow schema,
// and the Arrow table built from normalized records, checked value by value against it. The JSON, CSV,
// Parquet and Arrow IPC writers all read that table, so no format can disagree with another.
import {
  DateDay,
  Field,
  Float64,
  Int64,
  List,
  RecordBatch,
  Schema,
  Struct,
  Table,
  Utf8,
  makeData,
  type Data,
  type DataType,
} from 'apache-arrow';
import { ARROW_TYPE_NAMES, type ArrowTypeName } from '../datasets/column-types.ts';
import type { ColumnDefinition, ColumnType } from '../datasets/dataset-definition.ts';
import type { NormalizedRecord, NormalizedValue } from '../normalize/normalize-records.ts';
import {
  createDateDayBuilder,
  createFloat64Builder,
  createInt64Builder,
  createUtf8Builder,
  createUtf8ListBuilder,
  type ColumnBuilder,
} from './column-builder.ts';

export type { NormalizedRecord, NormalizedValue };

/** Each Arrow type the column types map to (scripts/datasets/column-types.ts), made from its name. */
const ARROW_TYPES: Record<ArrowTypeName, () => DataType> = {
  Int64: () => new Int64(),
  Float64: () => new Float64(),
  'Date32<DAY>': () => new DateDay(),
  Utf8: () => new Utf8(),
  'List<Utf8>': () => new List(new Field('item', new Utf8(), false)),
};

/** The Arrow type of a column type. Example: "integer" → Int64. */
export function arrowTypeOf(type: ColumnType): DataType {
  return ARROW_TYPES[ARROW_TYPE_NAMES[type]]();
}

/** Rows per Arrow record batch, and so per Parquet row group: bounds builder memory while streaming records in. */
export const BATCH_ROWS = 65_536;

/** Keys of the Arrow field metadata each column carries (string values; absent when the column has none). */
export const FIELD_METADATA_KEYS = {
  logicalType: 'logical_type',
  titleEn: 'title_en',
  titleId: 'title_id',
  descriptionEn: 'description_en',
  descriptionId: 'description_id',
  unit: 'unit',
  source: 'source',
} as const;

/** A value the schema cannot hold exactly; the snapshot stops rather than publish a rounded or mangled figure. */
export class SnapshotValueError extends Error {
  readonly column: string;
  /** 0-based position of the record in the input. */
  readonly position: number;
  readonly value: unknown;

  constructor(column: string, position: number, value: unknown, problem: string) {
    super(`Column ${column}, record ${position} (0-based): ${describeValue(value)} ${problem}`);
    this.name = 'SnapshotValueError';
    this.column = column;
    this.position = position;
    this.value = value;
  }
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'the value';
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' || value === null)
    return String(value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  return `a value of type ${typeof value}`;
}

function createFieldMetadata(column: ColumnDefinition): Map<string, string> {
  const entries: [string, string | null | undefined][] = [
    [FIELD_METADATA_KEYS.logicalType, column.type],
    [FIELD_METADATA_KEYS.titleEn, column.title.en],
    [FIELD_METADATA_KEYS.titleId, column.title.id],
    [FIELD_METADATA_KEYS.descriptionEn, column.description.en],
    [FIELD_METADATA_KEYS.descriptionId, column.description.id],
    [FIELD_METADATA_KEYS.unit, column.unit],
    [FIELD_METADATA_KEYS.source, column.source],
  ];
  return new Map(entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The Arrow schema of a dataset's normalized columns, in column order, with their documentation as field metadata. */
export function createArrowSchema(columns: readonly ColumnDefinition[]): Schema {
  const seen = new Set<string>();
  for (const column of columns) {
    if (seen.has(column.name)) throw new Error(`Column ${column.name} is declared twice`);
    seen.add(column.name);
  }
  return new Schema(
    columns.map(
      (column) => new Field(column.name, arrowTypeOf(column.type), column.nullable, createFieldMetadata(column)),
    ),
  );
}

const ISO_DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const MILLISECONDS_PER_DAY = 86_400_000;

/** "2008-02-06" → 13915 (days since 1970-01-01), or null when the string is not a real date of years 0001–9999. */
export function parseIsoDateDays(value: string): number | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // setUTCFullYear, because Date.UTC maps years 0–99 to 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  if (year < 1 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.getTime() / MILLISECONDS_PER_DAY;
}

/** 13915 → "2008-02-06"; the inverse of parseIsoDateDays for years 0001–9999. */
export function formatIsoDate(days: number): string {
  return new Date(days * MILLISECONDS_PER_DAY).toISOString().slice(0, 10);
}

/** Appends one column's values to its Arrow builder, checking each against the column's type. */
interface ColumnAppender {
  append(value: NormalizedValue | undefined, position: number): void;
  flush(): Data;
}

type Encode<T> = (value: NormalizedValue, fail: (problem: string) => never) => T;

const encodeInteger: Encode<bigint> = (value, fail) => {
  if (typeof value !== 'number' || !Number.isInteger(value)) return fail('is not an integer');
  // JSON readers (JavaScript's among them) parse numbers as doubles, so above 2^53 − 1
  // a count would be published rounded (9007199254740993 becomes …992): refuse it instead.
  if (!Number.isSafeInteger(value))
    return fail(`is beyond ±${Number.MAX_SAFE_INTEGER} (2^53 − 1) and cannot be published exactly`);
  return BigInt(value);
};

const encodeDecimal: Encode<number> = (value, fail) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fail('is not a finite number');
  return value;
};

const encodeDate: Encode<number> = (value, fail) => {
  const days = typeof value === 'string' ? parseIsoDateDays(value) : null;
  if (days === null) return fail('is not a date written YYYY-MM-DD (years 0001–9999)');
  return days;
};

function checkText(value: unknown, fail: (problem: string) => never): string {
  if (typeof value !== 'string') return fail('is not text');
  // Arrow, Parquet and CSV store UTF-8, where a lone surrogate silently becomes U+FFFD; JSON would keep it.
  if (!value.isWellFormed()) return fail('is not well-formed Unicode (lone surrogate)');
  return value;
}

const encodeText: Encode<string> = (value, fail) => checkText(value, fail);

const encodeTextList: Encode<string[]> = (value, fail) => {
  if (!Array.isArray(value)) return fail('is not a list of text');
  for (const element of value) checkText(element, (problem) => fail(`has an element that ${problem}`));
  return value;
};

function createAppender<V>(column: ColumnDefinition, builder: ColumnBuilder<V>, encode: Encode<V>): ColumnAppender {
  // One failure function per column, naming the value being appended: a closure made per value was tens of
  // millions of allocations for the long turnout table of a million records.
  let currentValue: unknown;
  let currentPosition = 0;
  const fail = (problem: string): never => {
    throw new SnapshotValueError(column.name, currentPosition, currentValue, problem);
  };
  return {
    append(value, position) {
      currentValue = value;
      currentPosition = position;
      if (value === undefined) fail('is missing from the record');
      if (value === null) {
        if (!column.nullable) fail('is null in a column that cannot be null');
        builder.append(null);
        return;
      }
      builder.append(encode(value as NormalizedValue, fail));
    },
    flush: () => builder.flush(),
  };
}

function createColumnAppender(column: ColumnDefinition, field: Field, rows: number): ColumnAppender {
  const { type } = field;
  switch (column.type) {
    case 'integer':
      return createAppender(column, createInt64Builder(type as Int64, rows), encodeInteger);
    case 'decimal':
      return createAppender(column, createFloat64Builder(type as Float64, rows), encodeDecimal);
    case 'date':
      return createAppender(column, createDateDayBuilder(type as DateDay, rows), encodeDate);
    case 'text':
      return createAppender(column, createUtf8Builder(type as Utf8, rows), encodeText);
    case 'text_list':
      return createAppender(column, createUtf8ListBuilder(type as List<Utf8>, rows), encodeTextList);
  }
}

const NO_BATCHES: readonly RecordBatch[] = Object.freeze([]);

/** Builds record batches of BATCH_ROWS rows from records appended one at a time. */
export interface TableBuilder {
  appendRecord(record: NormalizedRecord): void;
  /** The batches completed since the last call, which the builder then forgets (to stream a table out). */
  takeBatches(): readonly RecordBatch[];
  /** The table of the batches not taken, the rows still pending included. */
  finish(): Table;
}

/**
 * Appends normalized records one at a time into record batches of BATCH_ROWS rows. `expectedRows`, when the
 * caller knows it (an array), sizes the buffers of a table smaller than one batch: a page's five records then take
 * five rows of each buffer, not 65,536 (the site's per-page files spent most of their time allocating and
 * collecting those). More records than expected still make a correct table, in batches of `expectedRows`.
 */
export function createTableBuilder(columns: readonly ColumnDefinition[], expectedRows?: number): TableBuilder {
  const batchRows = Math.max(1, Math.min(BATCH_ROWS, expectedRows ?? BATCH_ROWS));
  const schema = createArrowSchema(columns);
  const names = columns.map((column) => column.name);
  const appenders = columns.map((column, index) =>
    createColumnAppender(column, schema.fields[index] as Field, batchRows),
  );
  const batches: RecordBatch[] = [];
  let position = 0;
  let pending = 0;

  const flushBatch = (): void => {
    const children = appenders.map((appender) => appender.flush());
    batches.push(
      new RecordBatch(schema, makeData({ type: new Struct(schema.fields), length: pending, nullCount: 0, children })),
    );
    pending = 0;
  };

  return {
    appendRecord(record) {
      for (let index = 0; index < names.length; index += 1) {
        const name = names[index] as string;
        (appenders[index] as ColumnAppender).append(Object.hasOwn(record, name) ? record[name] : undefined, position);
      }
      // A key the columns do not declare would otherwise vanish from every format without a trace.
      const keys = Object.keys(record);
      if (keys.length !== names.length) {
        const extra = keys.find((key) => !names.includes(key)) ?? '?';
        throw new SnapshotValueError(extra, position, record[extra], 'belongs to no declared column');
      }
      position += 1;
      pending += 1;
      if (pending === batchRows) flushBatch();
    },
    takeBatches() {
      // Called after every record when streaming: no new array while no batch is complete.
      return batches.length === 0 ? NO_BATCHES : batches.splice(0, batches.length);
    },
    finish() {
      if (pending > 0) flushBatch();
      return new Table(schema, batches);
    },
  };
}

/**
 * The Arrow table of normalized records, in input order, in record batches of BATCH_ROWS rows. Records are
 * consumed one at a time, so a generator of a million records costs the table, not the records. Synchronous
 * for an Iterable (an array, a generator), a Promise for an AsyncIterable (a stream).
 * Throws SnapshotValueError for a value the column cannot hold exactly (wrong type, integer beyond 2^53 − 1,
 * impossible date, ill-formed text, null in a non-nullable column, missing or undeclared key).
 */
export function buildArrowTable(columns: readonly ColumnDefinition[], records: Iterable<NormalizedRecord>): Table;
export function buildArrowTable(
  columns: readonly ColumnDefinition[],
  records: AsyncIterable<NormalizedRecord>,
): Promise<Table>;
export function buildArrowTable(
  columns: readonly ColumnDefinition[],
  records: Iterable<NormalizedRecord> | AsyncIterable<NormalizedRecord>,
): Table | Promise<Table>;
export function buildArrowTable(
  columns: readonly ColumnDefinition[],
  records: Iterable<NormalizedRecord> | AsyncIterable<NormalizedRecord>,
): Table | Promise<Table> {
  const builder = createTableBuilder(columns, Array.isArray(records) ? records.length : undefined);
  if (Symbol.asyncIterator in records) {
    return (async () => {
      for await (const record of records) builder.appendRecord(record);
      return builder.finish();
    })();
  }
  for (const record of records) builder.appendRecord(record);
  return builder.finish();
}
