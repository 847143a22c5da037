// Deflated bytes shared between the release bundles. The snapshot stage joins the year files' lines into the
// all-years JSON and CSV (json-writer.ts, csv-writer.ts); so each year bundle deflates its text files in pieces cut
// where the all-years file takes them, and the all-years bundle copies those pieces instead of deflating the same
// bytes again, after checking each piece's CRC-32 against the all-years file's bytes at its place.
import { open, stat, type FileHandle } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { readFileRange, type FilePart } from '../foundation/file-splice.ts';
import { deflateInPieces, type DeflatedPiece } from '../foundation/zip-writer.ts';
import type { FileFormat } from '../formats.ts';
import { csvJoinParts } from '../snapshot/csv-writer.ts';
import { jsonJoinParts } from '../snapshot/json-writer.ts';

/** Raw bytes per deflated piece: large enough that starting each without a dictionary costs nothing measurable. */
export const PIECE_BYTES = 4 * 1024 * 1024;
/** Bytes compared at a candidate year file's place in the all-years file, to find the order of the join. */
const PROBE_BYTES = 4096;

/** Where a piece of a file's deflated bytes lies in a bundle written before. */
interface PieceRecord {
  start: number;
  end: number;
  /** CRC-32 of the raw bytes [start, end) alone. */
  crc: number;
  zip: string;
  offset: number;
  length: number;
}

/** How the all-years file of a format is joined from the year files: its parts, given the year files in order. */
const JOINERS: Partial<Record<FileFormat, (allYears: FileHandle, files: readonly string[]) => Promise<FilePart[]>>> = {
  json: async (_allYears, files) => jsonJoinParts(files),
  // The raw records are framed as the JSON writer frames its records (snapshot-stage.ts, createRawJsonWriter) and
  // written in harvest order, so the all-years file is the same join when the years came one after the other.
  'raw-json': async (_allYears, files) => jsonJoinParts(files),
  // The header is the all-years file's first line (with its byte-order mark).
  csv: async (allYears, files) => {
    const { buffer, bytesRead } = await allYears.read(Buffer.alloc(PROBE_BYTES), 0, PROBE_BYTES, 0);
    const lineEnd = buffer.subarray(0, bytesRead).indexOf('\n');
    if (lineEnd < 0) throw new Error('no header line');
    return csvJoinParts(Buffer.from(buffer.subarray(0, lineEnd + 1)), files);
  },
};

function partLength(part: FilePart): number {
  return Buffer.isBuffer(part) ? part.length : part.end - part.start;
}

/**
 * The parts of `allYears` as a join of `candidates` in the order that matches its bytes (each candidate's first
 * bytes found where the join would put them), or null when it is not such a join.
 */
async function findJoin(
  allYears: string,
  candidates: readonly string[],
  joiner: NonNullable<(typeof JOINERS)[FileFormat]>,
): Promise<FilePart[] | null> {
  const handle = await open(allYears, 'r');
  try {
    const { size } = await handle.stat();
    const order: string[] = [];
    const remaining = [...candidates];
    while (remaining.length > 0) {
      let found: string | undefined;
      for (const candidate of remaining) {
        const parts = await joiner(handle, [...order, candidate]);
        const index = parts.findIndex((part) => !Buffer.isBuffer(part) && part.file === candidate);
        // A file the join leaves out (an empty table's) fits anywhere.
        if (index < 0) {
          found = candidate;
          break;
        }
        const range = parts[index] as Exclude<FilePart, Buffer>;
        const at = parts.slice(0, index).reduce((total, part) => total + partLength(part), 0);
        const probe = Math.min(PROBE_BYTES, range.end - range.start);
        if (at + probe > size) continue;
        const candidateHandle = await open(candidate, 'r');
        try {
          const [expected, actual] = [
            await readFileRange(candidateHandle, range.start, range.start + probe),
            await readFileRange(handle, at, at + probe),
          ];
          if (expected.equals(actual)) {
            found = candidate;
            break;
          }
        } finally {
          await candidateHandle.close();
        }
      }
      if (found === undefined) return null;
      order.push(found);
      remaining.splice(remaining.indexOf(found), 1);
    }
    const parts = await joiner(handle, order);
    return parts.reduce((total, part) => total + partLength(part), 0) === size ? parts : null;
  } catch {
    // A file not framed as its writer frames it is no join: the all-years file is deflated on its own.
    return null;
  } finally {
    await handle.close();
  }
}

/** A file's raw bytes in pieces: cut at each of `cuts`, then every PIECE_BYTES from the last cut. */
async function* readPieces(file: string, cuts: ReadonlySet<number>): AsyncGenerator<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const bounds = [...new Set([0, size, ...[...cuts].filter((cut) => cut > 0 && cut < size)])].sort((a, b) => a - b);
    for (let index = 0; index + 1 < bounds.length; index += 1) {
      const end = bounds[index + 1] as number;
      for (let at = bounds[index] as number; at < end; at += PIECE_BYTES)
        yield await readFileRange(handle, at, Math.min(end, at + PIECE_BYTES));
    }
  } finally {
    await handle.close();
  }
}

/** What an entry's deflated data is made of: its pieces, and its CRC-32 when it is known before them. */
export interface EntryData {
  size: number;
  crc?: number;
  pieces: AsyncIterable<DeflatedPiece>;
  /** Called with each piece and where its bytes were written in `zip`. */
  onPiece?: (piece: DeflatedPiece, offset: number) => void;
}

/** The pieces deflated for the year bundles, and the all-years files they make up. */
export class BundlePieces {
  readonly #level: number;
  readonly #joins = new Map<string, FilePart[]>();
  readonly #cuts = new Map<string, Set<number>>();
  readonly #pieces = new Map<string, PieceRecord[]>();

  constructor(level: number) {
    this.#level = level;
  }

  /**
   * Learns how `allYears` (a file of `format`) is joined from `yearFiles`, if it is one: the year files are then cut
   * where it takes them. Call before any bundle is written.
   */
  async plan(format: FileFormat, allYears: string, yearFiles: readonly string[]): Promise<void> {
    const joiner = JOINERS[format];
    if (joiner === undefined || yearFiles.length === 0) return;
    const parts = await findJoin(allYears, yearFiles, joiner);
    if (parts === null) return;
    this.#joins.set(allYears, parts);
    for (const part of parts) {
      if (Buffer.isBuffer(part)) continue;
      const cuts = this.#cuts.get(part.file) ?? new Set<number>();
      cuts.add(part.start).add(part.end);
      this.#cuts.set(part.file, cuts);
    }
  }

  /** A text file's entry: copied from the year bundles' pieces if it is a checked join of them, else deflated here. */
  async entryOf(file: string, zip: string): Promise<EntryData> {
    const copied = await this.#copied(file);
    if (copied !== null) return copied;
    const { size } = await stat(file);
    const cuts = this.#cuts.get(file);
    const records: PieceRecord[] = [];
    if (cuts) this.#pieces.set(file, records);
    let at = 0;
    return {
      size,
      pieces: deflateInPieces(readPieces(file, cuts ?? new Set()), this.#level, Math.max(2, availableParallelism())),
      // Only a file some all-years file takes bytes from keeps its pieces' places.
      onPiece: cuts
        ? (piece, offset) => {
            const raw = piece.raw as Buffer;
            records.push({
              start: at,
              end: at + raw.length,
              crc: crc32(raw),
              zip,
              offset,
              length: piece.deflated.length,
            });
            at += raw.length;
          }
        : undefined,
    };
  }

  /** The pieces that tile [start, end) of `file`, in order, or null if the year bundles hold no such pieces. */
  #tiling(file: string, start: number, end: number): PieceRecord[] | null {
    const records = (this.#pieces.get(file) ?? []).filter((piece) => piece.start >= start && piece.end <= end);
    let at = start;
    for (const piece of records) {
      if (piece.start !== at) return null;
      at = piece.end;
    }
    return at === end ? records : null;
  }

  /**
   * The entry of an all-years file made of the year bundles' pieces, after reading the file once: every new part
   * equal, every piece's CRC-32 that of the file's bytes at its place (the file's own CRC-32 computed on the way).
   * Null when it is no join, a piece is missing, or a byte differs.
   */
  async #copied(file: string): Promise<EntryData | null> {
    const parts = this.#joins.get(file);
    if (parts === undefined) return null;
    const plan: Array<Buffer | PieceRecord[]> = [];
    for (const part of parts) {
      const tiling = Buffer.isBuffer(part) ? part : this.#tiling(part.file, part.start, part.end);
      if (tiling === null) return null;
      plan.push(tiling);
    }
    let crc = 0;
    let at = 0;
    const handle = await open(file, 'r');
    try {
      for (const step of plan) {
        for (const expected of Buffer.isBuffer(step) ? [step] : step) {
          const length = Buffer.isBuffer(expected) ? expected.length : expected.end - expected.start;
          const bytes = await readFileRange(handle, at, at + length);
          if (Buffer.isBuffer(expected) ? !bytes.equals(expected) : crc32(bytes) !== expected.crc) return null;
          crc = crc32(bytes, crc);
          at += length;
        }
      }
      if (at !== (await handle.stat()).size) return null;
    } catch {
      return null;
    } finally {
      await handle.close();
    }
    return { size: at, crc, pieces: this.#copiedPieces(plan) };
  }

  async *#copiedPieces(plan: ReadonlyArray<Buffer | PieceRecord[]>): AsyncGenerator<DeflatedPiece> {
    const zips = new Map<string, FileHandle>();
    try {
      for (const step of plan) {
        if (Buffer.isBuffer(step)) {
          if (step.length > 0)
            yield { deflated: deflateRawSync(step, { level: this.#level, finishFlush: constants.Z_SYNC_FLUSH }) };
          continue;
        }
        for (const piece of step) {
          let zip = zips.get(piece.zip);
          if (zip === undefined) {
            zip = await open(piece.zip, 'r');
            zips.set(piece.zip, zip);
          }
          yield { deflated: await readFileRange(zip, piece.offset, piece.offset + piece.length) };
        }
      }
    } finally {
      for (const zip of zips.values()) await zip.close();
    }
  }
}
