// Where each record of a dataset lies, byte by byte, in its all-years JSON and CSV downloads, so that a page's own
// files (page-files.ts) are the downloads' bytes copied: the JSON writer puts each record on a line of its own (its
// place noted while the site reads the file, snapshot-records.ts), the CSV writer each record on a line unless a
// value holds a line break (then the lines are not the records, and the page's CSV is written by the CSV writer).
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createSha256 } from '../foundation/hashing.ts';
import type { PublishedFile } from '../snapshot/snapshot-manifest.ts';

/** The bytes between one record's JSON text and the next one's: ",\n". */
const BETWEEN_RECORDS = 2;

/**
 * The JSON texts of a dataset's records in its all-years JSON file, by position. One record's text ends two bytes
 * (",\n") before the next one's starts, as the JSON writer writes them, so only where each starts is kept: 8 bytes a
 * record, in the Astro process that also holds the records.
 */
export class RecordLines {
  /** The all-years JSON file, and the CSV file beside it (null if the data folder has none). */
  readonly json: string;
  readonly csv: { file: string; described: PublishedFile } | null;
  #starts: Float64Array;
  #size = 0;
  #lastEnd = 0;
  /** False once a record came without its place (a file read whole) or not right after the one before. */
  #complete = true;

  constructor(dataDir: string, json: PublishedFile, csv: PublishedFile | undefined, capacity: number) {
    this.json = path.join(dataDir, json.path);
    this.csv = csv ? { file: path.join(dataDir, csv.path), described: csv } : null;
    this.#starts = new Float64Array(Math.max(1, capacity));
  }

  /** The next record's bytes [start, end) in the JSON file; -1 when unknown. */
  add(start: number, end: number): void {
    if (start < 0 || (this.#size > 0 && start !== this.#lastEnd + BETWEEN_RECORDS)) this.#complete = false;
    if (this.#size === this.#starts.length) {
      const grown = new Float64Array(this.#starts.length * 2);
      grown.set(this.#starts);
      this.#starts = grown;
    }
    this.#starts[this.#size] = start;
    this.#size += 1;
    this.#lastEnd = end;
  }

  /** Whether every record's place is known. */
  get complete(): boolean {
    return this.#complete;
  }

  get size(): number {
    return this.#size;
  }

  /** The bytes [start, end) of the record at `position` in the JSON file. */
  jsonRange(position: number): [number, number] {
    if (position >= this.#size) throw new RangeError(`no record at position ${position}`);
    const end = position + 1 < this.#size ? (this.#starts[position + 1] as number) - BETWEEN_RECORDS : this.#lastEnd;
    return [this.#starts[position] as number, end];
  }
}

/**
 * Where each line of a CSV file starts, the file checked against its size and SHA-256 in the manifest as it is read:
 * `records` + 2 offsets (the header's line, each record's, then the file's end), or null when the file is not one
 * line per record (a value with a line break in it) or does not end with a line break.
 */
export async function readCsvLineStarts(
  file: string,
  described: PublishedFile,
  records: number,
): Promise<Float64Array | null> {
  const hash = createSha256();
  const starts = new Float64Array(records + 2);
  let lines = 1;
  let bytes = 0;
  let last = -1;
  for await (const chunk of createReadStream(file)) {
    const buffer = chunk as Buffer;
    hash.update(buffer);
    for (let at = buffer.indexOf(10); at >= 0; at = buffer.indexOf(10, at + 1)) {
      // More lines than records: the offsets stop being kept, the count goes on.
      if (lines < starts.length) starts[lines] = bytes + at + 1;
      lines += 1;
    }
    if (buffer.length > 0) last = buffer[buffer.length - 1] as number;
    bytes += buffer.length;
  }
  if (bytes !== described.bytes || hash.digest('hex') !== described.sha256)
    throw new Error(`${described.path} does not match its size or SHA-256 in manifest.json; rebuild the snapshot`);
  return lines === records + 2 && last === 10 ? starts : null;
}
