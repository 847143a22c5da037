// A Parquet file's key-value metadata replaced without re-encoding its data: the footer (FileMetaData, Thrift
// compact protocol, https://github.com/apache/parquet-format) is read far enough to find its field 5,
// key_value_metadata, whose bytes are swapped for the new list; every other byte of the footer is kept, and the
// data before it too (the column chunks' offsets are from the start of the file, so they still hold).
// File layout: "PAR1" · column chunks · FileMetaData · its length (u32 little-endian) · "PAR1".

import type { ByteSource, Part } from '../foundation/file-splice.ts';

const MAGIC = Buffer.from('PAR1');
/** FileMetaData's field 5: list<KeyValue> key_value_metadata. */
const KEY_VALUE_FIELD = 5;

// Thrift compact protocol type ids.
const T_STOP = 0;
const T_BOOL_TRUE = 1;
const T_BOOL_FALSE = 2;
const T_BYTE = 3;
const T_I16 = 4;
const T_I32 = 5;
const T_I64 = 6;
const T_DOUBLE = 7;
const T_BINARY = 8;
const T_LIST = 9;
const T_SET = 10;
const T_MAP = 11;
const T_STRUCT = 12;

/** A cursor over the footer's bytes. */
class CompactReader {
  readonly bytes: Buffer;
  position: number;

  constructor(bytes: Buffer, position: number) {
    this.bytes = bytes;
    this.position = position;
  }

  byte(): number {
    if (this.position >= this.bytes.length) throw new Error('Parquet footer: unexpected end');
    const value = this.bytes[this.position] as number;
    this.position += 1;
    return value;
  }

  /** An unsigned LEB128 varint (at most 64 bits: 10 bytes). */
  varint(): number {
    let result = 0;
    let factor = 1;
    for (let count = 0; count < 10; count += 1) {
      const next = this.byte();
      result += (next & 0x7f) * factor;
      if ((next & 0x80) === 0) return result;
      factor *= 128;
    }
    throw new Error('Parquet footer: varint too long');
  }

  binary(): Buffer {
    const length = this.varint();
    const start = this.position;
    this.position += length;
    if (this.position > this.bytes.length) throw new Error('Parquet footer: unexpected end');
    return this.bytes.subarray(start, this.position);
  }

  skip(type: number): void {
    switch (type) {
      case T_BOOL_TRUE:
      case T_BOOL_FALSE:
        return; // a struct field's boolean is in its header
      case T_BYTE:
        this.position += 1;
        return;
      case T_I16:
      case T_I32:
      case T_I64:
        this.varint();
        return;
      case T_DOUBLE:
        this.position += 8;
        return;
      case T_BINARY:
        this.binary();
        return;
      case T_LIST:
      case T_SET: {
        const header = this.byte();
        const size = header >> 4 === 15 ? this.varint() : header >> 4;
        const element = header & 0x0f;
        for (let index = 0; index < size; index += 1) {
          // A list's booleans take one byte each.
          if (element === T_BOOL_TRUE || element === T_BOOL_FALSE) this.position += 1;
          else this.skip(element);
        }
        return;
      }
      case T_MAP: {
        const size = this.varint();
        if (size === 0) return;
        const types = this.byte();
        for (let index = 0; index < size; index += 1) {
          this.skip(types >> 4);
          this.skip(types & 0x0f);
        }
        return;
      }
      case T_STRUCT:
        for (const field of this.fields()) this.skip(field.type);
        return;
      default:
        throw new Error(`Parquet footer: unknown Thrift type ${type}`);
    }
  }

  /**
   * The fields of the struct starting here, one at a time: the caller reads or skips each value before asking
   * for the next. Ends after the struct's stop byte.
   */
  *fields(): Generator<{ id: number; type: number; valueStart: number }> {
    let lastId = 0;
    for (;;) {
      const header = this.byte();
      if (header === T_STOP) return;
      const delta = header >> 4;
      let id: number;
      if (delta === 0) {
        const zigzag = this.varint();
        id = zigzag % 2 === 0 ? zigzag / 2 : -(zigzag + 1) / 2;
      } else {
        id = lastId + delta;
      }
      lastId = id;
      yield { id, type: header & 0x0f, valueStart: this.position };
    }
  }
}

function varintBytes(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 128) | 0x80);
    rest = Math.floor(rest / 128);
  }
  out.push(rest);
  return out;
}

/** list<KeyValue{1: string key, 2: optional string value}> in the compact protocol, as arrow-rs writes it. */
function encodeKeyValues(entries: ReadonlyArray<readonly [string, string]>): Buffer {
  const parts: Buffer[] = [
    Buffer.from(
      entries.length < 15 ? [(entries.length << 4) | T_STRUCT] : [0xf0 | T_STRUCT, ...varintBytes(entries.length)],
    ),
  ];
  for (const [key, value] of entries) {
    for (const text of [key, value]) {
      const bytes = Buffer.from(text, 'utf8');
      // Field 1, then field 2: each a delta of 1 from the one before, of type binary.
      parts.push(Buffer.from([(1 << 4) | T_BINARY, ...varintBytes(bytes.length)]), bytes);
    }
    parts.push(Buffer.from([T_STOP]));
  }
  return Buffer.concat(parts);
}

/** A Parquet file's footer: where FileMetaData starts in the file, and its bytes. */
export interface ParquetFooter {
  start: number;
  metadata: Buffer;
}

/** Reads the footer of the file (its last 8 bytes, then FileMetaData). */
export async function readParquetFooter(source: ByteSource): Promise<ParquetFooter> {
  if (source.size < 12) throw new Error('Parquet: not a Parquet file (too short)');
  const [head, tail] = [await source.read(0, 4), await source.read(source.size - 8, source.size)];
  if (!head.equals(MAGIC) || !tail.subarray(4).equals(MAGIC))
    throw new Error('Parquet: not a Parquet file (no PAR1 at both ends), or an encrypted footer');
  const length = tail.readUInt32LE(0);
  const start = source.size - 8 - length;
  if (start < 4) throw new Error('Parquet: footer length beyond the file');
  return { start, metadata: await source.read(start, source.size - 8) };
}

/** Where field 5's value lies in the footer, and its entries. */
function locateKeyValues(metadata: Buffer): { start: number; end: number; entries: [string, string][] } {
  const reader = new CompactReader(metadata, 0);
  for (const field of reader.fields()) {
    if (field.id !== KEY_VALUE_FIELD) {
      reader.skip(field.type);
      continue;
    }
    if (field.type !== T_LIST) throw new Error('Parquet footer: key_value_metadata is not a list');
    const header = reader.byte();
    const size = header >> 4 === 15 ? reader.varint() : header >> 4;
    if ((header & 0x0f) !== T_STRUCT) throw new Error('Parquet footer: key_value_metadata is not a list of structs');
    const entries: [string, string][] = [];
    for (let index = 0; index < size; index += 1) {
      let key = '';
      let value = '';
      for (const entry of reader.fields()) {
        if (entry.id === 1 && entry.type === T_BINARY) key = reader.binary().toString('utf8');
        else if (entry.id === 2 && entry.type === T_BINARY) value = reader.binary().toString('utf8');
        else reader.skip(entry.type);
      }
      entries.push([key, value]);
    }
    return { start: field.valueStart, end: reader.position, entries };
  }
  // The snapshot's writer always writes some (ARROW:schema at least): a footer without is not one of its files.
  throw new Error('Parquet footer: no key_value_metadata to replace');
}

/** The file's key-value metadata, in order (what DuckDB's parquet_kv_metadata() lists). */
export function parquetKeyValuesOf(footer: ParquetFooter): [string, string][] {
  return locateKeyValues(footer.metadata).entries;
}

/**
 * The file with its key-value metadata replaced by `entries` (in that order), as parts: the bytes before the
 * footer (a range of the file, copied as they are), then the new footer with its length and magic.
 */
export function parquetPartsWith(footer: ParquetFooter, entries: ReadonlyArray<readonly [string, string]>): Part[] {
  const located = locateKeyValues(footer.metadata);
  const metadata = Buffer.concat([
    footer.metadata.subarray(0, located.start),
    encodeKeyValues(entries),
    footer.metadata.subarray(located.end),
  ]);
  const tail = Buffer.alloc(8);
  tail.writeUInt32LE(metadata.length, 0);
  MAGIC.copy(tail, 4);
  return [{ start: 0, end: footer.start }, metadata, tail];
}
