// The records of a snapshot JSON file read as a stream, line by line: the JSON writer puts one record on each
// line (json-writer.ts), so a file of a million records never has to be in memory as one buffer and one string
// beside its parsed records (about 830 MB of the site's peak at a million turnout records). The bytes are hashed
// as they are read, so the file is still checked against the manifest's size and SHA-256; a file that is not one
// record per line (written by hand, pretty-printed) is read whole instead.
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { ColumnDefinition, DatasetDefinition } from '../datasets/dataset-definition.ts';
import { createSha256, sha256Hex } from '../foundation/hashing.ts';
import type { NormalizedValue } from '../normalize/normalize-records.ts';
import type { PublishedFile } from '../snapshot/snapshot-manifest.ts';

/** A record of a snapshot file, checked against its dataset's columns; `position` is its index in the file. */
export interface CheckedRecord {
  position: number;
  values: Record<string, NormalizedValue>;
}

export function describeValue(value: unknown): string {
  return JSON.stringify(value)?.slice(0, 60) ?? String(value);
}

function checkValue(column: ColumnDefinition, value: unknown): boolean {
  if (value === null) return column.nullable;
  switch (column.type) {
    case 'integer':
      return Number.isSafeInteger(value);
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value);
    case 'text':
    case 'date':
      return typeof value === 'string';
    case 'text_list':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
  }
}

/**
 * A checker of one dataset's records: every column present with a value of its type, nothing else, so the pages
 * can rely on the types. Throws, naming the file and the record's position, on the first that does not fit.
 */
function createRecordChecker(
  dataset: DatasetDefinition,
  file: string,
): (item: unknown, position: number) => CheckedRecord {
  const columns = new Map(dataset.columns.map((column) => [column.name, column]));
  return (item, position) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw new Error(`${file}: record ${position} is not an object`);
    let keys = 0;
    for (const name in item) {
      keys += 1;
      const column = columns.get(name);
      if (column === undefined) throw new Error(`${file}: record ${position} has an undeclared key ${name}`);
      const value = (item as Record<string, unknown>)[name];
      if (!checkValue(column, value))
        throw new Error(`${file}: record ${position}, ${name} = ${describeValue(value)} is not a ${column.type}`);
    }
    if (keys !== columns.size)
      throw new Error(`${file}: record ${position} has ${keys} keys, the dataset declares ${columns.size} columns`);
    return { position, values: item as Record<string, NormalizedValue> };
  };
}

/** The records of a snapshot JSON text (a JSON array of records), each checked (createRecordChecker). */
export function parseRecordsText(dataset: DatasetDefinition, text: string, file: string): CheckedRecord[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array of records`);
  const check = createRecordChecker(dataset, file);
  return parsed.map((item: unknown, position) => check(item, position));
}

/** Thrown inside the line reader when the file is not the JSON writer's one record per line. */
class NotOneRecordPerLine extends Error {}

function mismatch(dataDir: string, file: PublishedFile): Error {
  return new Error(
    `${file.path} in ${dataDir} does not match its size or SHA-256 in manifest.json; rebuild the snapshot`,
  );
}

/**
 * Reads a manifest file whole, checking its size and SHA-256 against the manifest first.
 */
export async function readManifestFile(dataDir: string, file: PublishedFile): Promise<string> {
  const content = await readFile(path.join(dataDir, file.path));
  if (content.length !== file.bytes || sha256Hex(content) !== file.sha256) throw mismatch(dataDir, file);
  return content.toString('utf8');
}

/**
 * Streams the records of a snapshot JSON file of `dataset` to `onRecord`, in file order, each checked against the
 * dataset's columns; the file is checked against its size and SHA-256 in the manifest. The file is read once when
 * it is the JSON writer's `[`, one record per line (`{…},`), `]`; a file that is not so from its first record on
 * is read again whole (parseRecordsText). When the bytes differ from the manifest's, that is the error, whatever
 * else is wrong with them. Records are handed on as they are read, before the hash is known: a caller that keeps
 * them drops them when this rejects. Returns the number of records.
 */
export async function streamSnapshotRecords(
  dataDir: string,
  file: PublishedFile,
  dataset: DatasetDefinition,
  /**
   * `start` and `end`: the bytes of the record's JSON text in the file (its line without the comma), or -1 when the
   * file is not one record per line and was read whole.
   */
  onRecord: (record: CheckedRecord, start: number, end: number) => void,
): Promise<number> {
  const check = createRecordChecker(dataset, file.path);
  const hash = createSha256();
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  let rest = '';
  let line = 0;
  let position = 0;
  let closed = false;
  let failure: unknown = null;
  /** Where the line being read starts, and where it ends (its newline), in bytes. */
  let lineStart = 0;
  let lineEnd = 0;
  const take = (text: string): void => {
    line += 1;
    if (closed) {
      if (text !== '') throw new NotOneRecordPerLine();
      return;
    }
    if (line === 1) {
      if (text === '[]') closed = true;
      else if (text !== '[') throw new NotOneRecordPerLine();
      return;
    }
    if (text === ']') {
      closed = true;
      return;
    }
    const comma = text.endsWith('},');
    const json = comma ? text.slice(0, -1) : text;
    if (!json.startsWith('{') || !json.endsWith('}')) throw new NotOneRecordPerLine();
    onRecord(check(JSON.parse(json), position), lineStart, comma ? lineEnd - 1 : lineEnd);
    position += 1;
  };
  for await (const chunk of createReadStream(path.join(dataDir, file.path))) {
    const buffer = chunk as Buffer;
    hash.update(buffer);
    bytes += buffer.length;
    // After a failure the rest is only hashed, so an altered file is reported as such.
    if (failure !== null) continue;
    try {
      const lines = (rest + decoder.write(buffer)).split('\n');
      rest = lines.pop() ?? '';
      // Each line's newline, found in the bytes: a multi-byte character never holds the newline's byte.
      let newline = buffer.indexOf(10);
      for (const text of lines) {
        lineEnd = bytes - buffer.length + newline;
        take(text);
        lineStart = lineEnd + 1;
        newline = buffer.indexOf(10, newline + 1);
      }
    } catch (error) {
      failure = error;
    }
  }
  if (bytes !== file.bytes || hash.digest('hex') !== file.sha256) throw mismatch(dataDir, file);
  if (failure === null) {
    try {
      lineEnd = bytes;
      take(rest + decoder.end());
      if (!closed) throw new NotOneRecordPerLine();
    } catch (error) {
      failure = error;
    }
  }
  // Not the writer's layout, and nothing handed on yet: the whole text, as JSON.parse reads it.
  if (position === 0 && (failure instanceof NotOneRecordPerLine || failure instanceof SyntaxError)) {
    const records = parseRecordsText(dataset, await readManifestFile(dataDir, file), file.path);
    for (const record of records) onRecord(record, -1, -1);
    return records.length;
  }
  if (failure instanceof NotOneRecordPerLine || failure instanceof SyntaxError)
    throw new Error(`${file.path}: line ${line} is not one record of a JSON array written one record per line`, {
      cause: failure,
    });
  if (failure !== null) throw failure;
  return position;
}
