// Reads the snapshot's Arrow table back as normalized values, the one way every writer in JavaScript sees the
// data: integers and decimals as numbers, dates as "YYYY-MM-DD", text as strings, lists as string arrays.
// Each column of a record batch is read in one pass from its buffers (values, offsets, validity bits), with
// the same results as Arrow's `Vector.get` cell by cell, which decodes every string on its own (for a text
// writer, the largest cost after formatting).
import { DataType, DateUnit, type Data, type Field, type RecordBatch, type Table } from 'apache-arrow';
import { formatIsoDate, type NormalizedRecord, type NormalizedValue } from './arrow-schema.ts';

/** The value of one column at a row of a record batch. */
type ColumnReader = (row: number) => NormalizedValue;

const MILLISECONDS_PER_DAY = 86_400_000;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** 2^32, and the high 32-bit word of an Int64 that is beyond ±2^53 (then or beyond: |high| ≥ 2^21). */
const TWO_TO_32 = 4_294_967_296;
const HIGH_WORD_LIMIT = 2_097_152;
/** Int64 values are read as two 32-bit words, which assumes the machine's byte order is little-endian. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The kinds of column the snapshot schema produces (arrow-schema.ts); writers switch on these. */
export type ColumnKind = 'integer' | 'decimal' | 'date' | 'text' | 'text_list';

/** What kind of column an Arrow field is; throws for a type the snapshot schema never produces. */
export function classifyField(field: Field): ColumnKind {
  const { type } = field;
  if (DataType.isInt(type) && type.bitWidth === 64 && type.isSigned) return 'integer';
  if (DataType.isFloat(type)) return 'decimal';
  if (DataType.isDate(type) && type.unit === DateUnit.DAY) return 'date';
  if (DataType.isUtf8(type)) return 'text';
  if (DataType.isList(type) && type.children[0] !== undefined && DataType.isUtf8(type.children[0].type))
    return 'text_list';
  throw new Error(`Column ${field.name} has Arrow type ${String(type)}, which the snapshot writers do not handle`);
}

/** One column of a record batch, read whole. */
export interface ColumnValues {
  readonly kind: ColumnKind;
  /** The value at each row (null for a null); from a failed row on, null placeholders. */
  readonly values: readonly NormalizedValue[];
  /**
   * The first row that cannot be read (an integer beyond ±(2^53 − 1)) and the error reading it throws; kept
   * rather than thrown, so a writer fails at that row, as it did reading cell by cell.
   */
  readonly failure: RowFailure | undefined;
}

/** A row a writer cannot write, and the error it throws there. */
export interface RowFailure {
  readonly row: number;
  readonly error: Error;
}

/** Whether each row holds a value: Arrow's `Data.getValid` (validity bits from `data.offset`), for every row at once. */
function createValidityTest(data: Data): ((row: number) => boolean) | undefined {
  if (!(data.nullable && data.nullCount > 0)) return undefined;
  const bitmap = data.nullBitmap as Uint8Array;
  const offset = data.offset;
  return (row) => {
    const position = offset + row;
    return ((bitmap[position >> 3] as number) & (1 << (position & 7))) !== 0;
  };
}

function beyondSafe(field: Field, big: BigInt64Array, row: number): RowFailure {
  return { row, error: new Error(`Column ${field.name}, row ${row}: ${big[row] as bigint} is beyond 2^53 − 1`) };
}

function readIntegers(field: Field, data: Data): ColumnValues {
  const length = data.length;
  const big = data.values as BigInt64Array;
  const valid = createValidityTest(data);
  const values: (number | null)[] = new Array<number | null>(length).fill(null);
  // The two 32-bit words of each value: much faster than a BigInt and Number() per value.
  const words = LITTLE_ENDIAN ? new Int32Array(big.buffer, big.byteOffset, big.length * 2) : undefined;
  for (let row = 0; row < length; row += 1) {
    if (valid !== undefined && !valid(row)) continue;
    if (words === undefined) {
      const exact = big[row] as bigint;
      // Rows after a failed one stay null: the writer stops there.
      if (exact > MAX_SAFE || exact < -MAX_SAFE)
        return { kind: 'integer', values, failure: beyondSafe(field, big, row) };
      values[row] = Number(exact);
      continue;
    }
    const low = words[2 * row] as number;
    const high = words[2 * row + 1] as number;
    if (high === 0) values[row] = low >>> 0;
    else if (high === -1 && low < 0) values[row] = low;
    else {
      // |high| < 2^21 keeps the value within [−2^53, 2^53 − 1], so the sum is exact; −2^53 itself is refused.
      const value = high * TWO_TO_32 + (low >>> 0);
      if (high >= HIGH_WORD_LIMIT || high < -HIGH_WORD_LIMIT || value < -Number.MAX_SAFE_INTEGER) {
        return { kind: 'integer', values, failure: beyondSafe(field, big, row) };
      }
      values[row] = value;
    }
  }
  return { kind: 'integer', values, failure: undefined };
}

function readDecimals(data: Data): ColumnValues {
  const length = data.length;
  const numbers = data.values as Float64Array;
  const valid = createValidityTest(data);
  const values: (number | null)[] = new Array<number | null>(length);
  for (let row = 0; row < length; row += 1)
    values[row] = valid === undefined || valid(row) ? (numbers[row] as number) : null;
  return { kind: 'decimal', values, failure: undefined };
}

function readDates(data: Data): ColumnValues {
  const length = data.length;
  const days = data.values as Int32Array;
  const valid = createValidityTest(data);
  const values: (string | null)[] = new Array<string | null>(length);
  for (let row = 0; row < length; row += 1) {
    // The same arithmetic as Arrow's DateDay getter (milliseconds since the epoch) and the reader before it.
    values[row] =
      valid === undefined || valid(row)
        ? formatIsoDate((MILLISECONDS_PER_DAY * (days[row] as number)) / MILLISECONDS_PER_DAY)
        : null;
  }
  return { kind: 'date', values, failure: undefined };
}

/** Arrow's decoder: replaces ill-formed bytes with U+FFFD and drops a byte order mark at the start of a value. */
const valueDecoder = new TextDecoder('utf-8');
/** For a whole buffer at once: refuses ill-formed bytes (the buffer is then decoded value by value) and keeps every BOM. */
const bufferDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decodeBuffer(bytes: Uint8Array): string | undefined {
  try {
    return bufferDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

const isContinuationByte = (byte: number): boolean => (byte & 0xc0) === 0x80;

/**
 * The strings of a Utf8 column (or a list's child), rows `0 … length − 1`: the value bytes decoded once and sliced.
 * All ASCII, byte offsets are string offsets; otherwise string offsets are counted from the bytes (one per
 * character, two for a 4-byte one), and a value Arrow would decode differently on its own (one starting with a
 * BOM, or cut inside a character) is decoded on its own.
 */
function readUtf8Strings(data: Data): (string | null)[] {
  const length = data.length;
  const offsets = data.valueOffsets as Int32Array;
  const bytes = data.values as Uint8Array;
  const valid = createValidityTest(data);
  const strings: (string | null)[] = new Array<string | null>(length);
  if (length === 0) return strings;
  const start = offsets[0] as number;
  const end = offsets[length] as number;
  const text = decodeBuffer(bytes.subarray(start, end));
  if (text !== undefined && text.length === end - start) {
    for (let row = 0; row < length; row += 1) {
      strings[row] =
        valid === undefined || valid(row)
          ? text.slice((offsets[row] as number) - start, (offsets[row + 1] as number) - start)
          : null;
    }
    return strings;
  }
  let position = start;
  let character = 0;
  for (let row = 0; row < length; row += 1) {
    const from = offsets[row] as number;
    const to = offsets[row + 1] as number;
    const fromCharacter = character;
    // Offsets only grow in a valid column; if they do not, counting is meaningless and each value stands alone.
    if (text !== undefined && from === position && to >= from) {
      for (; position < to; position += 1) {
        const byte = bytes[position] as number;
        if (!isContinuationByte(byte)) character += byte >= 0xf0 ? 2 : 1;
      }
    }
    if (!(valid === undefined || valid(row))) {
      strings[row] = null;
      continue;
    }
    const alone =
      text === undefined ||
      position !== to ||
      (from < to && isContinuationByte(bytes[from] as number)) ||
      (to < end && isContinuationByte(bytes[to] as number)) ||
      (to - from >= 3 && bytes[from] === 0xef && bytes[from + 1] === 0xbb && bytes[from + 2] === 0xbf);
    strings[row] = alone ? valueDecoder.decode(bytes.subarray(from, to)) : text.slice(fromCharacter, character);
  }
  return strings;
}

function readTexts(data: Data): ColumnValues {
  return { kind: 'text', values: readUtf8Strings(data), failure: undefined };
}

function readTextLists(data: Data): ColumnValues {
  const length = data.length;
  const offsets = data.valueOffsets as Int32Array;
  const valid = createValidityTest(data);
  const child = data.children[0] as Data;
  const elements = readUtf8Strings(child);
  const values: (string[] | null)[] = new Array<string[] | null>(length);
  for (let row = 0; row < length; row += 1) {
    const from = offsets[row] as number;
    const to = offsets[row + 1] as number;
    values[row] =
      valid === undefined || valid(row) ? (from === to ? [] : (elements.slice(from, to) as string[])) : null;
  }
  return { kind: 'text_list', values, failure: undefined };
}

/** One column of a record batch read whole, in one pass over its buffers. */
function readColumnValues(field: Field, data: Data): ColumnValues {
  switch (classifyField(field)) {
    case 'integer':
      return readIntegers(field, data);
    case 'decimal':
      return readDecimals(data);
    case 'date':
      return readDates(data);
    case 'text':
      return readTexts(data);
    case 'text_list':
      return readTextLists(data);
  }
}

/** Each field of the batch with its column's data, in field order. */
function batchColumns(batch: RecordBatch): Array<{ field: Field; data: Data }> {
  return batch.schema.fields.map((field, index) => {
    const data = batch.data.children[index];
    if (data === undefined) throw new Error(`Record batch has no column ${field.name}`);
    return { field, data };
  });
}

/** Every column of the batch read whole, in field order. */
export function readBatchColumns(batch: RecordBatch): ColumnValues[] {
  return batchColumns(batch).map(({ field, data }) => readColumnValues(field, data));
}

/**
 * The failure a writer going row by row, each row's columns left to right, meets first: the lowest row, and at
 * the same row the leftmost column. `failures` are per column in column order (undefined: none).
 */
export function firstFailure(failures: readonly (RowFailure | undefined)[]): RowFailure | undefined {
  let first: RowFailure | undefined;
  for (const failure of failures) {
    if (failure !== undefined && (first === undefined || failure.row < first.row)) first = failure;
  }
  return first;
}

/** Arrow's Int64 value at a row as a number, or the error for one beyond ±(2^53 − 1): the cell-by-cell reading. */
function readIntegerAt(field: Field, data: Data, row: number): number | null {
  const valid = createValidityTest(data);
  if (valid !== undefined && !valid(row)) return null;
  const value = (data.values as BigInt64Array)[row] as bigint;
  if (value > MAX_SAFE || value < -MAX_SAFE)
    throw new Error(`Column ${field.name}, row ${row}: ${value} is beyond 2^53 − 1`);
  return Number(value);
}

/** One reader per column of the batch, in field order; each column is read whole once. */
function createColumnReaders(batch: RecordBatch): ColumnReader[] {
  return batchColumns(batch).map(({ field, data }) => {
    const { values, failure } = readColumnValues(field, data);
    if (failure === undefined) return (row) => values[row] as NormalizedValue;
    // From the first value beyond 2^53 − 1 on, cell by cell: that row throws, later ones read as before.
    return (row) => (row < failure.row ? (values[row] as NormalizedValue) : readIntegerAt(field, data, row));
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
