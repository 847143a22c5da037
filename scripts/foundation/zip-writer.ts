// A streaming ZIP writer for the workbooks (docs/data.md, "How the workbook is written"): entries deflated by
// Node's zlib and checksummed by its native CRC-32, written one after the other into any writable stream, so an
// entry of hundreds of megabytes passes through in chunks. yazl, which the release bundles use, computes CRC-32 in
// JavaScript: a fifth of the XLSX writer's time at a million rows (bench/xlsx-bench.ts). Deterministic: every entry
// carries the DOS time 1980-01-01 00:00 and fixed attributes, so the same entries give the same bytes. ZIP64 is not
// written: an entry or an archive beyond 4 GiB is refused with an error rather than written unreadable.
import { once } from 'node:events';
import type { TransformOptions, Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { createDeflateRaw, crc32, deflateRawSync, type ZlibOptions } from 'node:zlib';

const LOCAL_SIGNATURE = 0x04034b50;
const DESCRIPTOR_SIGNATURE = 0x08074b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const END_SIGNATURE = 0x06054b50;
/** General purpose flags: bit 3, sizes and CRC in a data descriptor after the data; bit 11, UTF-8 names. */
const DATA_DESCRIPTOR_FLAG = 0x0008;
const UTF8_FLAG = 0x0800;
const DEFLATE = 8;
/** Version needed to extract: 2.0 (deflate, data descriptors). */
const VERSION_NEEDED = 20;
/** Version made by: Unix (3) in the high byte, so the mode in the external attributes means what it says. */
const VERSION_MADE_BY = (3 << 8) | VERSION_NEEDED;
/** A regular file, rw-r--r--, in the high 16 bits of the external attributes. */
const EXTERNAL_ATTRIBUTES = (0o100644 << 16) >>> 0;
/** 1980-01-01 00:00 as a DOS date and time: the earliest a ZIP can say, and the same on every run. */
const DOS_DATE_1980_01_01 = (0 << 9) | (1 << 5) | 1;
const DOS_TIME_MIDNIGHT = 0;
/** The largest size or offset a ZIP without ZIP64 holds. */
const ZIP32_LIMIT = 0xffffffff;

/** Bytes of input zlib may hold ahead of its output, and the size of each piece of output it hands back. */
const DEFLATE_INPUT_AHEAD = 4 * 1024 * 1024;
const DEFLATE_OUTPUT_CHUNK = 256 * 1024;

interface CentralRecord {
  name: Buffer;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function checkZip32(what: string, value: number): void {
  if (value > ZIP32_LIMIT) throw new Error(`ZIP: ${what} is ${value} bytes, beyond what a ZIP without ZIP64 holds`);
}

function localHeader(name: Buffer, flags: number, crc: number, compressedSize: number, size: number): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_SIGNATURE, 0);
  header.writeUInt16LE(VERSION_NEEDED, 4);
  header.writeUInt16LE(flags, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(DOS_TIME_MIDNIGHT, 10);
  header.writeUInt16LE(DOS_DATE_1980_01_01, 12);
  header.writeUInt32LE(crc, 14);
  header.writeUInt32LE(compressedSize, 18);
  header.writeUInt32LE(size, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  return Buffer.concat([header, name]);
}

function centralRecord(entry: CentralRecord): Buffer {
  const record = Buffer.alloc(46);
  record.writeUInt32LE(CENTRAL_SIGNATURE, 0);
  record.writeUInt16LE(VERSION_MADE_BY, 4);
  record.writeUInt16LE(VERSION_NEEDED, 6);
  record.writeUInt16LE(entry.flags, 8);
  record.writeUInt16LE(DEFLATE, 10);
  record.writeUInt16LE(DOS_TIME_MIDNIGHT, 12);
  record.writeUInt16LE(DOS_DATE_1980_01_01, 14);
  record.writeUInt32LE(entry.crc, 16);
  record.writeUInt32LE(entry.compressedSize, 20);
  record.writeUInt32LE(entry.size, 24);
  record.writeUInt16LE(entry.name.length, 28);
  // Extra field, comment, disk number, internal attributes: none, zero.
  record.writeUInt32LE(EXTERNAL_ATTRIBUTES, 38);
  record.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([record, entry.name]);
}

/** A ZIP archive written entry by entry into `sink`; `finish` writes the central directory (and does not end `sink`). */
export class ZipWriter {
  readonly #sink: Writable;
  readonly #level: number;
  readonly #entries: CentralRecord[] = [];
  #offset = 0;
  #busy = false;

  /** `level`: zlib's compression level (1 fastest … 9 smallest) for every entry. */
  constructor(sink: Writable, level: number) {
    this.#sink = sink;
    this.#level = level;
  }

  async #write(bytes: Buffer): Promise<void> {
    this.#offset += bytes.length;
    checkZip32('the archive', this.#offset);
    if (!this.#sink.write(bytes)) await once(this.#sink, 'drain');
  }

  #start(name: string): void {
    if (this.#busy) throw new Error('ZIP: an entry is added while another is still being written');
    if (this.#entries.some((entry) => entry.name.toString('utf8') === name))
      throw new Error(`ZIP: entry ${name} is added twice`);
    this.#busy = true;
  }

  /** A small entry, whole: deflated at once, its sizes and CRC in its local header. */
  async addBuffer(name: string, content: Buffer): Promise<void> {
    this.#start(name);
    const nameBytes = Buffer.from(name, 'utf8');
    const compressed = deflateRawSync(content, { level: this.#level });
    const crc = crc32(content);
    checkZip32(`entry ${name}`, content.length);
    const offset = this.#offset;
    await this.#write(
      Buffer.concat([localHeader(nameBytes, UTF8_FLAG, crc, compressed.length, content.length), compressed]),
    );
    this.#entries.push({
      name: nameBytes,
      flags: UTF8_FLAG,
      crc,
      compressedSize: compressed.length,
      size: content.length,
      offset,
    });
    this.#busy = false;
  }

  /**
   * An entry streamed from `chunks` (strings are UTF-8): each chunk checksummed and deflated as it comes, the sizes
   * and CRC in a data descriptor after the data. Memory holds a chunk and zlib's window, not the entry.
   */
  async addStream(name: string, chunks: Iterable<string | Buffer> | AsyncIterable<string | Buffer>): Promise<void> {
    this.#start(name);
    const nameBytes = Buffer.from(name, 'utf8');
    const flags = UTF8_FLAG | DATA_DESCRIPTOR_FLAG;
    const offset = this.#offset;
    await this.#write(localHeader(nameBytes, flags, 0, 0, 0));
    // Room for a few chunks ahead, so the caller makes the next chunk while zlib deflates this one on its thread.
    // (zlib passes its options on to its Transform stream, which Node's types for zlib do not say.)
    const options: ZlibOptions & Pick<TransformOptions, 'writableHighWaterMark'> = {
      level: this.#level,
      chunkSize: DEFLATE_OUTPUT_CHUNK,
      writableHighWaterMark: DEFLATE_INPUT_AHEAD,
    };
    const deflate = createDeflateRaw(options);
    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    const drained = (async () => {
      for await (const compressed of deflate) {
        compressedSize += (compressed as Buffer).length;
        await this.#write(compressed as Buffer);
      }
    })();
    try {
      for await (const chunk of chunks) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
        crc = crc32(bytes, crc);
        size += bytes.length;
        checkZip32(`entry ${name}`, size);
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
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DESCRIPTOR_SIGNATURE, 0);
    descriptor.writeUInt32LE(crc, 4);
    descriptor.writeUInt32LE(compressedSize, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.#write(descriptor);
    this.#entries.push({ name: nameBytes, flags, crc, compressedSize, size, offset });
    this.#busy = false;
  }

  /** The central directory and its end record: the archive is complete. */
  async finish(): Promise<void> {
    if (this.#busy) throw new Error('ZIP: finished while an entry is still being written');
    if (this.#entries.length > 0xfffe) throw new Error('ZIP: more entries than a ZIP without ZIP64 holds');
    const central = Buffer.concat(this.#entries.map((entry) => centralRecord(entry)));
    const start = this.#offset;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_SIGNATURE, 0);
    end.writeUInt16LE(this.#entries.length, 8);
    end.writeUInt16LE(this.#entries.length, 10);
    end.writeUInt32LE(central.length, 12);
    end.writeUInt32LE(start, 16);
    await this.#write(Buffer.concat([central, end]));
  }
}
