// Column builders for the snapshot's Arrow table: fill one record batch's buffers value by value, then hand
// them to Arrow as Data of exactly the right size. Arrow's own builders keep one small Uint8Array per string
// until they flush and leave buffers up to twice too large; on a million turnout records they took 14.7 s and
// 814 MB of RSS to build the table. These fixed-size typed arrays and one UTF-8 encoding per batch do not.
import { Buffer } from 'node:buffer';
import { makeData, type Data, type DateDay, type Float64, type Int64, type List, type Utf8 } from 'apache-arrow';

/** One column of one record batch being built; `flush` returns its Data and starts the next batch. */
export interface ColumnBuilder<T> {
  /** Appends a value already checked against the column's type, or null. */
  append(value: T | null): void;
  flush(): Data;
}

/**
 * Validity bits, set for present values (Arrow's layout: least significant bit first). The bits of the next batch
 * are allocated when it sets its first one, not when a batch is taken: the last batch leaves nothing behind.
 */
function createValidity(capacity: number): {
  set(index: number): void;
  take(length: number, nullCount: number): Uint8Array | undefined;
} {
  const EMPTY = new Uint8Array(0);
  let bits = EMPTY;
  return {
    set(index) {
      if (bits === EMPTY) bits = new Uint8Array(Math.ceil(capacity / 8));
      bits[index >> 3] = (bits[index >> 3] as number) | (1 << (index & 7));
    },
    take(length, nullCount) {
      // A batch of nulls only never set a bit: its bitmap is all zeros.
      const bytes = Math.ceil(length / 8);
      const taken = nullCount === 0 ? undefined : bits === EMPTY ? new Uint8Array(bytes) : bits.slice(0, bytes);
      bits = EMPTY;
      return taken;
    },
  };
}

type MakeFixedData<A> = (values: A, length: number, nullCount: number, nullBitmap: Uint8Array | undefined) => Data;

function createFixedWidthBuilder<A extends BigInt64Array | Float64Array | Int32Array, V>(
  capacity: number,
  allocate: (length: number) => A,
  store: (values: A, index: number, value: V) => void,
  make: MakeFixedData<A>,
): ColumnBuilder<V> {
  // Allocated at a batch's first value, as the validity bits are.
  const empty = allocate(0);
  let values = empty;
  const validity = createValidity(capacity);
  let length = 0;
  let nullCount = 0;
  return {
    append(value) {
      if (values === empty) values = allocate(capacity);
      if (value === null) nullCount += 1;
      else {
        store(values, length, value);
        validity.set(length);
      }
      length += 1;
    },
    flush() {
      // slice, not subarray: the table keeps exactly `length` values, not the batch's whole capacity.
      const data = make(values.slice(0, length) as A, length, nullCount, validity.take(length, nullCount));
      values = empty;
      length = 0;
      nullCount = 0;
      return data;
    },
  };
}

export function createInt64Builder(type: Int64, capacity: number): ColumnBuilder<bigint> {
  return createFixedWidthBuilder(
    capacity,
    (n) => new BigInt64Array(n),
    (values, index, value: bigint) => {
      values[index] = value;
    },
    (data, length, nullCount, nullBitmap) => makeData({ type, length, nullCount, nullBitmap, data }),
  );
}

export function createFloat64Builder(type: Float64, capacity: number): ColumnBuilder<number> {
  return createFixedWidthBuilder(
    capacity,
    (n) => new Float64Array(n),
    (values, index, value: number) => {
      values[index] = value;
    },
    (data, length, nullCount, nullBitmap) => makeData({ type, length, nullCount, nullBitmap, data }),
  );
}

/** Values are days since 1970-01-01. */
export function createDateDayBuilder(type: DateDay, capacity: number): ColumnBuilder<number> {
  return createFixedWidthBuilder(
    capacity,
    (n) => new Int32Array(n),
    (values, index, value: number) => {
      values[index] = value;
    },
    (data, length, nullCount, nullBitmap) => makeData({ type, length, nullCount, nullBitmap, data }),
  );
}

/**
 * The UTF-8 bytes of the strings, one after another, and the offset of each (Arrow's variable-width layout).
 * A string equal to the one before it (a dapil's name on each of its regencies, a record's names on each of its
 * rows of the long table) is measured and encoded once and its bytes copied.
 */
function encodeStrings(strings: readonly string[]): { offsets: Int32Array; bytes: Uint8Array } {
  const offsets = new Int32Array(strings.length + 1);
  let total = 0;
  let length = 0;
  for (let index = 0; index < strings.length; index += 1) {
    const value = strings[index] as string;
    if (index === 0 || value !== strings[index - 1]) length = Buffer.byteLength(value, 'utf8');
    total += length;
    // Arrow's Utf8 offsets are 32-bit; a batch of 65,536 short names is far below, but never wrap silently.
    if (total > 0x7fffffff) throw new RangeError('A record batch holds more than 2 GiB of text in one column');
    offsets[index + 1] = total;
  }
  const bytes = new Uint8Array(total);
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let index = 0; index < strings.length; index += 1) {
    const start = offsets[index] as number;
    const value = strings[index] as string;
    if (index > 0 && value === strings[index - 1]) bytes.copyWithin(start, offsets[index - 1] as number, start);
    else view.write(value, start, 'utf8');
  }
  return { offsets, bytes };
}

/** Strings must be well-formed Unicode (checked by the caller): a lone surrogate would be encoded as U+FFFD. */
export function createUtf8Builder(type: Utf8, capacity: number): ColumnBuilder<string> {
  let strings: string[] = [];
  const validity = createValidity(capacity);
  let nullCount = 0;
  return {
    append(value) {
      if (value === null) nullCount += 1;
      else validity.set(strings.length);
      // A null takes no bytes: its offset repeats the previous one.
      strings.push(value ?? '');
    },
    flush() {
      const length = strings.length;
      const { offsets, bytes } = encodeStrings(strings);
      const data = makeData({
        type,
        length,
        nullCount,
        nullBitmap: validity.take(length, nullCount),
        valueOffsets: offsets,
        data: bytes,
      });
      strings = [];
      nullCount = 0;
      return data;
    },
  };
}

/** Lists of non-null strings; the element field of `type` is Utf8. */
export function createUtf8ListBuilder(type: List<Utf8>, capacity: number): ColumnBuilder<readonly string[]> {
  let elements: string[] = [];
  let offsets: number[] = [0];
  const validity = createValidity(capacity);
  let nullCount = 0;
  return {
    append(value) {
      if (value === null) nullCount += 1;
      else {
        validity.set(offsets.length - 1);
        for (const element of value) elements.push(element);
      }
      offsets.push(elements.length);
    },
    flush() {
      const length = offsets.length - 1;
      const encoded = encodeStrings(elements);
      const child = makeData({
        type: type.valueType,
        length: elements.length,
        nullCount: 0,
        valueOffsets: encoded.offsets,
        data: encoded.bytes,
      });
      const data = makeData({
        type,
        length,
        nullCount,
        nullBitmap: validity.take(length, nullCount),
        valueOffsets: Int32Array.from(offsets),
        child,
      });
      elements = [];
      offsets = [0];
      nullCount = 0;
      return data;
    },
  };
}
