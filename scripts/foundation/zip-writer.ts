// A streaming ZIP writer for the workbooks (docs/data.md, "How the workbook is written") and the release bundles
// (docs/data.md, "Release bundles"): entries deflated by Node's zlib and checksummed by its native CRC-32, written one
// after the other into any writable stream, so an entry of gigabytes passes through in chunks; an entry may also be
// given already deflated, in pieces (deflateInPieces), which lets a bundle reuse another's deflated bytes.
// Deterministic: the same entries and date give the same bytes. ZIP64 (APPNOTE 4.5.3) is written where a size or an
// offset needs it, and only there, so a small archive stays readable by the oldest tools. The project's own: on the
// release bundles yazl, zip-stream and zip.js took 1.7 to 1.8 times its CPU time and fflate 3.1 times (none deflates
// an entry on more than one core or reuses pieces), and only zip.js writes all of a zone-free DOS time, the
// extended timestamp and ZIP64 (docs/data.md, "How the bundles are written").
import { once } from 'node:events';
import { open } from 'node:fs/promises';
import type { TransformOptions, Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { promisify } from 'node:util';
import { constants, createDeflateRaw, crc32, deflateRaw, deflateRawSync, type ZlibOptions } from 'node:zlib';

const LOCAL_SIGNATURE = 0x04034b50;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const END_SIGNATURE = 0x06054b50;
/** General purpose flags: bit 3, sizes and CRC in a data descriptor after the data; bit 11, UTF-8 names. */
const DATA_DESCRIPTOR_FLAG = 0x0008;
const UTF8_FLAG = 0x0800;
const STORED = 0;
const DEFLATE = 8;
/** Version needed to extract: 2.0 (deflate, data descriptors), 4.5 (ZIP64). */
const VERSION_NEEDED = 20;
const VERSION_NEEDED_ZIP64 = 45;
/** Version made by: Unix (3) in the high byte, so the mode in the external attributes means what it says. */
const MADE_BY_UNIX = 3 << 8;
/** A regular file, rw-r--r--, in the high 16 bits of the external attributes. */
const EXTERNAL_ATTRIBUTES = (0o100644 << 16) >>> 0;
/** The ZIP64 extended information extra field's id. */
const ZIP64_EXTRA = 0x0001;
/** Info-ZIP's extended timestamp extra field ("UT", APPNOTE 4.6.1): its id, and its flag saying a modification time follows. */
const TIMESTAMP_EXTRA = 0x5455;
const TIMESTAMP_MODIFIED = 0x01;
/** The largest size or offset a ZIP without ZIP64 holds; a field that holds it says "see the ZIP64 field". */
const ZIP32_LIMIT = 0xffffffff;
/** The most entries a ZIP without ZIP64 counts. */
const ZIP32_ENTRIES = 0xffff;
/**
 * An entry of this many bytes or more is written with ZIP64 sizes, decided before its data: deflate can grow
 * incompressible data by 5 bytes in 65,535, so an entry below it always deflates to less than 4 GiB.
 */
const ZIP64_ENTRY_SIZE = 0xf000_0000;

/** Bytes of input zlib may hold ahead of its output, and the size of each piece of output it hands back. */
const DEFLATE_INPUT_AHEAD = 4 * 1024 * 1024;
const DEFLATE_OUTPUT_CHUNK = 256 * 1024;
/** An empty final deflate block: it ends data made of pieces that each end on a sync flush. */
const FINAL_EMPTY_BLOCK = deflateRawSync(Buffer.alloc(0));
/** Stored entries are read from their file this much at a time. */
const READ_CHUNK = 4 * 1024 * 1024;

/**
 * A read stream's options for an open file of `size` bytes, from its start: reads of at most its size, up to
 * READ_CHUNK (a stream allocates its whole `highWaterMark` for every read), and on to its end whatever that is, so
 * that a file that grew is noticed. A small build's bundles took 4 MiB for every few kilobytes they stored, and the
 * collector ran a full collection every 15–20 ms to account for them.
 */
function readWhole(size: number): { start: number; highWaterMark: number; autoClose: false } {
  return { start: 0, highWaterMark: Math.min(READ_CHUNK, Math.max(size, 1)), autoClose: false };
}

const deflateRawAsync = promisify(deflateRaw);

export interface ZipWriterOptions {
  /** zlib's compression level (1 fastest … 9 smallest) for every deflated entry. */
  level: number;
  /**
   * Every entry's modification time, written as the DOS date and time of its UTC clock fields and, since a DOS time
   * has no zone, as Unix seconds in Info-ZIP's extended timestamp, which unzip shows in the reader's own zone;
   * 1980-01-01 00:00 and no extended timestamp if absent.
   */
  modified?: Date;
  /** Tests: entries of at least this many bytes, archives past this offset, get ZIP64 records (default: where needed). */
  zip64From?: number;
}

/** A piece of an entry's deflated data: raw deflate ending on a byte boundary, not final (deflateInPieces). */
export interface DeflatedPiece {
  deflated: Buffer;
  /** The bytes it inflates to; the entry's CRC-32 is computed from them unless given with the entry. */
  raw?: Buffer;
}

interface CentralRecord {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  zip64: boolean;
}

/** The DOS time and date of `modified`'s UTC clock fields (two seconds' precision, 1980 at the earliest). */
function dosDateTime(modified: Date | undefined): { time: number; date: number } {
  if (modified === undefined || modified.getUTCFullYear() < 1980) return { time: 0, date: (0 << 9) | (1 << 5) | 1 };
  return {
    time: (modified.getUTCHours() << 11) | (modified.getUTCMinutes() << 5) | (modified.getUTCSeconds() >> 1),
    date: ((modified.getUTCFullYear() - 1980) << 9) | ((modified.getUTCMonth() + 1) << 5) | modified.getUTCDate(),
  };
}

function uint64(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(BigInt(value));
  return bytes;
}

/** The ZIP64 extra field holding `values` (in APPNOTE's order: size, compressed size, offset; each only if needed). */
function zip64Extra(values: readonly number[]): Buffer {
  const header = Buffer.alloc(4);
  header.writeUInt16LE(ZIP64_EXTRA, 0);
  header.writeUInt16LE(values.length * 8, 2);
  return Buffer.concat([header, ...values.map((value) => uint64(value))]);
}

/** The extended timestamp extra field of `modified` (the same in local headers and central records), or nothing. */
function timestampExtra(modified: Date | undefined): Buffer {
  if (modified === undefined || modified.getUTCFullYear() < 1980) return Buffer.alloc(0);
  const field = Buffer.alloc(9);
  field.writeUInt16LE(TIMESTAMP_EXTRA, 0);
  field.writeUInt16LE(5, 2);
  field.writeUInt8(TIMESTAMP_MODIFIED, 4);
  field.writeUInt32LE(Math.floor(modified.getTime() / 1000), 5);
  return field;
}

/**
 * Deflates `chunks` each on its own (raw deflate ending on a sync flush, so the pieces join into one stream), up to
 * `inFlight` at once on libuv's thread pool, and yields them in order. Each piece starts without a dictionary: a few
 * bytes larger than one stream, for pieces of megabytes.
 */
export async function* deflateInPieces(
  chunks: Iterable<Buffer> | AsyncIterable<Buffer>,
  level: number,
  inFlight: number,
): AsyncGenerator<Required<DeflatedPiece>> {
  const pending: Promise<Required<DeflatedPiece>>[] = [];
  const deflate = (raw: Buffer) => {
    const piece = deflateRawAsync(raw, { level, finishFlush: constants.Z_SYNC_FLUSH }).then((deflated) => ({
      deflated,
      raw,
    }));
    // Awaited in order below; a failure before its turn must not count as unhandled.
    piece.catch(() => undefined);
    return piece;
  };
  for await (const raw of chunks) {
    if (raw.length === 0) continue;
    pending.push(deflate(raw));
    if (pending.length >= inFlight) yield await (pending.shift() as Promise<Required<DeflatedPiece>>);
  }
  for (const piece of pending.splice(0)) yield await piece;
}

/** A ZIP archive written entry by entry into `sink`; `finish` writes the central directory (and does not end `sink`). */
export class ZipWriter {
  readonly #sink: Writable;
  readonly #level: number;
  readonly #dos: { time: number; date: number };
  readonly #timestamp: Buffer;
  readonly #zip64From: number;
  readonly #offsetsFrom: number;
  readonly #entries: CentralRecord[] = [];
  readonly #names = new Set<string>();
  #offset = 0;
  #busy = false;

  constructor(sink: Writable, options: ZipWriterOptions) {
    this.#sink = sink;
    this.#level = options.level;
    this.#dos = dosDateTime(options.modified);
    this.#timestamp = timestampExtra(options.modified);
    this.#zip64From = options.zip64From ?? ZIP64_ENTRY_SIZE;
    this.#offsetsFrom = options.zip64From ?? ZIP32_LIMIT + 1;
  }

  async #write(bytes: Buffer): Promise<void> {
    this.#offset += bytes.length;
    if (!this.#sink.write(bytes)) await once(this.#sink, 'drain');
  }

  #start(name: string): Buffer {
    if (this.#busy) throw new Error('ZIP: an entry is added while another is still being written');
    if (this.#names.has(name)) throw new Error(`ZIP: entry ${name} is added twice`);
    this.#names.add(name);
    this.#busy = true;
    return Buffer.from(name, 'utf8');
  }

  /** Whether an offset or a directory size needs a ZIP64 field. */
  #beyond32(value: number): boolean {
    return value >= this.#offsetsFrom;
  }

  /** Whether an entry of `size` bytes gets ZIP64 sizes (decided before its data is written). */
  #needsZip64(size: number): boolean {
    return size >= this.#zip64From;
  }

  /**
   * The fields the local header (from byte 6) and the central record (from byte 8) share, in the same order: flags,
   * method, DOS time and date, CRC-32, compressed size, size (0xFFFFFFFF for a ZIP64 entry), the name's length.
   */
  #writeEntryFields(target: Buffer, at: number, entry: Omit<CentralRecord, 'offset'>): void {
    target.writeUInt16LE(entry.flags, at);
    target.writeUInt16LE(entry.method, at + 2);
    target.writeUInt16LE(this.#dos.time, at + 4);
    target.writeUInt16LE(this.#dos.date, at + 6);
    target.writeUInt32LE(entry.crc, at + 8);
    target.writeUInt32LE(entry.zip64 ? ZIP32_LIMIT : entry.compressedSize, at + 12);
    target.writeUInt32LE(entry.zip64 ? ZIP32_LIMIT : entry.size, at + 16);
    target.writeUInt16LE(entry.name.length, at + 20);
  }

  /**
   * The local header. A ZIP64 entry carries both sizes in its ZIP64 field (zero when a data descriptor follows) and
   * 0xFFFFFFFF in the 32-bit fields; the extended timestamp follows.
   */
  #localHeader(entry: Omit<CentralRecord, 'offset'>): Buffer {
    const extra = Buffer.concat([
      entry.zip64 ? zip64Extra([entry.size, entry.compressedSize]) : Buffer.alloc(0),
      this.#timestamp,
    ]);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_SIGNATURE, 0);
    header.writeUInt16LE(entry.zip64 ? VERSION_NEEDED_ZIP64 : VERSION_NEEDED, 4);
    this.#writeEntryFields(header, 6, entry);
    header.writeUInt16LE(extra.length, 28);
    return Buffer.concat([header, entry.name, extra]);
  }

  #centralRecord(entry: CentralRecord): Buffer {
    const offsetIn64 = this.#beyond32(entry.offset);
    const extra = zip64Extra([
      ...(entry.zip64 ? [entry.size, entry.compressedSize] : []),
      ...(offsetIn64 ? [entry.offset] : []),
    ]);
    const zip64 = entry.zip64 || offsetIn64;
    const extras = Buffer.concat([...(zip64 ? [extra] : []), this.#timestamp]);
    const version = zip64 ? VERSION_NEEDED_ZIP64 : VERSION_NEEDED;
    const record = Buffer.alloc(46);
    record.writeUInt32LE(CENTRAL_SIGNATURE, 0);
    record.writeUInt16LE(MADE_BY_UNIX | version, 4);
    record.writeUInt16LE(version, 6);
    this.#writeEntryFields(record, 8, entry);
    record.writeUInt16LE(extras.length, 30);
    // Comment, disk number, internal attributes: none, zero.
    record.writeUInt32LE(EXTERNAL_ATTRIBUTES, 38);
    record.writeUInt32LE(offsetIn64 ? ZIP32_LIMIT : entry.offset, 42);
    return Buffer.concat([record, entry.name, extras]);
  }

  /** The data descriptor after an entry's data: 64-bit sizes for a ZIP64 entry. */
  #descriptor(entry: CentralRecord): Buffer {
    const descriptor = Buffer.alloc(entry.zip64 ? 24 : 16);
    descriptor.writeUInt32LE(DESCRIPTOR_SIGNATURE, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    if (entry.zip64) {
      descriptor.writeBigUInt64LE(BigInt(entry.compressedSize), 8);
      descriptor.writeBigUInt64LE(BigInt(entry.size), 16);
    } else {
      descriptor.writeUInt32LE(entry.compressedSize, 8);
      descriptor.writeUInt32LE(entry.size, 12);
    }
    return descriptor;
  }

  #checkZip32(entry: CentralRecord): void {
    if (!entry.zip64 && (entry.size > ZIP32_LIMIT || entry.compressedSize > ZIP32_LIMIT))
      throw new Error(
        `ZIP: entry ${entry.name.toString('utf8')} is ${entry.size} bytes, beyond the size declared for it`,
      );
  }

  #finishEntry(entry: CentralRecord): void {
    this.#entries.push(entry);
    this.#busy = false;
  }

  /**
   * A deflated entry whose CRC and sizes follow its data in a data descriptor: its local header written, its record
   * returned for the caller to fill as the data goes out.
   */
  async #startDescribedLater(name: string, zip64: boolean): Promise<CentralRecord> {
    const entry: CentralRecord = {
      name: this.#start(name),
      flags: UTF8_FLAG | DATA_DESCRIPTOR_FLAG,
      method: DEFLATE,
      crc: 0,
      compressedSize: 0,
      size: 0,
      offset: this.#offset,
      zip64,
    };
    await this.#write(this.#localHeader(entry));
    return entry;
  }

  /** A small entry, whole: deflated at once, its sizes and CRC in its local header. */
  async addBuffer(name: string, content: Buffer): Promise<void> {
    const nameBytes = this.#start(name);
    const data = deflateRawSync(content, { level: this.#level });
    const entry: CentralRecord = {
      name: nameBytes,
      flags: UTF8_FLAG,
      method: DEFLATE,
      crc: crc32(content),
      compressedSize: data.length,
      size: content.length,
      offset: this.#offset,
      zip64: this.#needsZip64(Math.max(content.length, data.length)),
    };
    await this.#write(Buffer.concat([this.#localHeader(entry), data]));
    this.#finishEntry(entry);
  }

  /**
   * A file copied in stored, not deflated (what is compressed already): read once for its CRC-32, so its sizes and
   * CRC are in its local header, then again for its data.
   */
  async addStoredFile(name: string, file: string): Promise<void> {
    const nameBytes = this.#start(name);
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      let crc = 0;
      for await (const chunk of handle.createReadStream(readWhole(size))) crc = crc32(chunk as Buffer, crc);
      const entry: CentralRecord = {
        name: nameBytes,
        flags: UTF8_FLAG,
        method: STORED,
        crc,
        compressedSize: size,
        size,
        offset: this.#offset,
        zip64: this.#needsZip64(size),
      };
      await this.#write(this.#localHeader(entry));
      let copied = 0;
      for await (const chunk of handle.createReadStream(readWhole(size))) {
        copied += (chunk as Buffer).length;
        await this.#write(chunk as Buffer);
      }
      if (copied !== size) throw new Error(`ZIP: ${file} changed while it was added (${size} → ${copied} bytes)`);
      this.#finishEntry(entry);
    } finally {
      await handle.close();
    }
  }

  /**
   * An entry of `size` bytes whose deflated data is given in pieces (deflateInPieces, or the bytes of pieces written
   * before), ended here with an empty final block; its CRC-32 is `crc`, or computed from the pieces' raw bytes. The
   * sizes and CRC follow in a data descriptor. `onPiece` learns where in the archive each piece's bytes were written.
   */
  async addDeflated(
    name: string,
    declared: { size: number; crc?: number },
    pieces: AsyncIterable<DeflatedPiece>,
    onPiece?: (piece: DeflatedPiece, offset: number) => void,
  ): Promise<void> {
    const entry = await this.#startDescribedLater(name, this.#needsZip64(declared.size));
    for await (const piece of pieces) {
      if (piece.raw) {
        if (declared.crc === undefined) entry.crc = crc32(piece.raw, entry.crc);
        entry.size += piece.raw.length;
      }
      onPiece?.(piece, this.#offset);
      entry.compressedSize += piece.deflated.length;
      await this.#write(piece.deflated);
    }
    await this.#write(FINAL_EMPTY_BLOCK);
    entry.compressedSize += FINAL_EMPTY_BLOCK.length;
    if (declared.crc !== undefined) {
      entry.crc = declared.crc;
      entry.size = declared.size;
    } else if (entry.size !== declared.size)
      throw new Error(`ZIP: entry ${name} was declared ${declared.size} bytes and given ${entry.size}`);
    this.#checkZip32(entry);
    await this.#write(this.#descriptor(entry));
    this.#finishEntry(entry);
  }

  /**
   * An entry streamed from `chunks` (strings are UTF-8), its size not known ahead: each chunk checksummed and deflated
   * as it comes, the sizes and CRC in a data descriptor after the data. Memory holds a chunk and zlib's window, not
   * the entry. Without ZIP64 sizes: an entry beyond 4 GiB is refused rather than written unreadable.
   */
  async addStream(name: string, chunks: Iterable<string | Buffer> | AsyncIterable<string | Buffer>): Promise<void> {
    const entry = await this.#startDescribedLater(name, false);
    // Room for a few chunks ahead, so the caller makes the next chunk while zlib deflates this one on its thread.
    // (zlib passes its options on to its Transform stream, which Node's types for zlib do not say.)
    const options: ZlibOptions & Pick<TransformOptions, 'writableHighWaterMark'> = {
      level: this.#level,
      chunkSize: DEFLATE_OUTPUT_CHUNK,
      writableHighWaterMark: DEFLATE_INPUT_AHEAD,
    };
    const deflate = createDeflateRaw(options);
    const drained = (async () => {
      for await (const compressed of deflate) {
        entry.compressedSize += (compressed as Buffer).length;
        await this.#write(compressed as Buffer);
      }
    })();
    try {
      for await (const chunk of chunks) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        this.#checkZip32(entry);
        // A turn of the event loop after each chunk: zlib starts deflating it on its thread only from a callback,
        // so without it the caller's next chunks are made while zlib waits, and the two never overlap.
        if (deflate.write(bytes)) await setImmediate();
        else await once(deflate, 'drain');
      }
      deflate.end();
      await drained;
    } catch (error) {
      deflate.destroy();
      await drained.catch(() => undefined);
      throw error;
    }
    this.#checkZip32(entry);
    await this.#write(this.#descriptor(entry));
    this.#finishEntry(entry);
  }

  /**
   * The central directory and its end record (after a ZIP64 end record and its locator when the directory's offset,
   * size or count needs them): the archive is complete.
   */
  async finish(): Promise<void> {
    if (this.#busy) throw new Error('ZIP: finished while an entry is still being written');
    const central = Buffer.concat(this.#entries.map((entry) => this.#centralRecord(entry)));
    const start = this.#offset;
    const count = this.#entries.length;
    // Only a field too small for its value says "see the ZIP64 end record", as Python's zipfile writes it.
    const countBeyond = count >= Math.min(ZIP32_ENTRIES, this.#offsetsFrom);
    const sizeBeyond = this.#beyond32(central.length);
    const startBeyond = this.#beyond32(start);
    const records = [central];
    if (countBeyond || sizeBeyond || startBeyond) {
      const end64 = Buffer.alloc(56);
      end64.writeUInt32LE(ZIP64_END_SIGNATURE, 0);
      end64.writeBigUInt64LE(44n, 4);
      end64.writeUInt16LE(MADE_BY_UNIX | VERSION_NEEDED_ZIP64, 12);
      end64.writeUInt16LE(VERSION_NEEDED_ZIP64, 14);
      // This disk and the directory's disk: 0.
      end64.writeBigUInt64LE(BigInt(count), 24);
      end64.writeBigUInt64LE(BigInt(count), 32);
      end64.writeBigUInt64LE(BigInt(central.length), 40);
      end64.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(ZIP64_LOCATOR_SIGNATURE, 0);
      locator.writeBigUInt64LE(BigInt(start + central.length), 8);
      locator.writeUInt32LE(1, 16);
      records.push(end64, locator);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_SIGNATURE, 0);
    end.writeUInt16LE(countBeyond ? ZIP32_ENTRIES : count, 8);
    end.writeUInt16LE(countBeyond ? ZIP32_ENTRIES : count, 10);
    end.writeUInt32LE(sizeBeyond ? ZIP32_LIMIT : central.length, 12);
    end.writeUInt32LE(startBeyond ? ZIP32_LIMIT : start, 16);
    records.push(end);
    await this.#write(Buffer.concat(records));
  }
}
