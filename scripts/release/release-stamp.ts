// The release written into the data files that describe themselves, once it is named: the release id and the
// retrieval time added to each Parquet file's key-value metadata (the kpu_open_data entry and the Arrow schema in
// ARROW:schema), to each Arrow file's schema metadata, and to each XLSX file's about sheet. The snapshot's files
// are linked into the release's folder; each stamped file is written anew beside the link and renamed over it, so
// the snapshot's own file never changes. Only the metadata is rewritten: a Parquet file keeps every byte before
// its footer, an XLSX file every ZIP entry but its about sheet (docs/architecture.md, "Release-dependent files").
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { RecordBatchReader, Schema, Table, tableFromIPC, tableToIPC } from 'apache-arrow';
import { writeChunksToFile } from '../foundation/atomic-file.ts';
import { hashFile } from '../foundation/hashing.ts';
import { writeArrowIpcFile } from '../snapshot/arrow-ipc-writer.ts';
import { withFileMetadata } from '../snapshot/file-metadata.ts';
import { PARQUET_METADATA_KEY } from '../snapshot/parquet-writer.ts';
import type { FileFormat, PublishedFile } from '../snapshot/snapshot-manifest.ts';
import { XLSX_RELEASE_PENDING } from '../snapshot/xlsx-writer.ts';
import { readParquetKeyValues, withParquetKeyValues } from './parquet-footer.ts';
import { replaceZipEntry, zipEntryNames } from './zip-entry-replace.ts';

/** The release a file is stamped with: the same as the manifest's `release.id` and `release.retrievedAt`. */
export interface ReleaseStamp {
  id: string;
  /** When the release's data was retrieved (ISO 8601, UTC). */
  retrievedAt: string;
}

/** The Arrow schema's (and Parquet kpu_open_data's) entries naming the release, after the file's own. */
function releaseMetadataOf(release: ReleaseStamp): [string, string][] {
  return [
    ['release', release.id],
    ['retrieved_at', release.retrievedAt],
  ];
}

/** The about sheet's release cell once the release is named. */
export function xlsxReleaseTextOf(release: ReleaseStamp): string {
  return `release ${release.id}, retrieved ${release.retrievedAt}`;
}

/** The end-of-stream marker after a lone IPC message, so apache-arrow reads it as a stream. */
const IPC_END_OF_STREAM = Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]);

/**
 * ARROW:schema (base64 of an IPC schema message, as arrow-rs writes it: continuation, length, message) with the
 * release added to the schema's metadata; the fields (and their column metadata) unchanged.
 */
function stampArrowSchemaEntry(base64: string, release: ReleaseStamp): string {
  const reader = RecordBatchReader.from(Buffer.concat([Buffer.from(base64, 'base64'), IPC_END_OF_STREAM]));
  reader.open();
  const { schema } = reader;
  const metadata = new Map([...schema.metadata, ...releaseMetadataOf(release)]);
  const stream = Buffer.from(tableToIPC(new Table(new Schema(schema.fields, metadata, schema.dictionaries)), 'stream'));
  // The stream's first message is the schema: continuation marker, metadata length, metadata.
  return stream.subarray(0, 8 + stream.readUInt32LE(4)).toString('base64');
}

async function stampParquet(file: string, release: ReleaseStamp): Promise<void> {
  const bytes = await readFile(file);
  const entries = readParquetKeyValues(bytes).map(([key, value]): [string, string] => {
    if (key === PARQUET_METADATA_KEY)
      return [
        key,
        JSON.stringify({ ...(JSON.parse(value) as object), ...Object.fromEntries(releaseMetadataOf(release)) }),
      ];
    if (key === 'ARROW:schema') return [key, stampArrowSchemaEntry(value, release)];
    return [key, value];
  });
  await writeChunksToFile(file, withParquetKeyValues(bytes, entries));
}

async function stampArrow(file: string, release: ReleaseStamp): Promise<void> {
  const table = tableFromIPC(await readFile(file));
  const metadata = new Map([...table.schema.metadata, ...releaseMetadataOf(release)]);
  await writeArrowIpcFile(withFileMetadata(table, metadata), file);
}

/** "xl/worksheets/sheet12.xml" → 12. */
function sheetNumber(name: string): number {
  return Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] ?? -1);
}

async function stampXlsx(file: string, release: ReleaseStamp): Promise<void> {
  const bytes = await readFile(file);
  // The about sheet is the workbook's last (scripts/snapshot/xlsx-writer.ts adds it after the data sheets).
  const about = zipEntryNames(bytes)
    .filter((name) => sheetNumber(name) > 0)
    .sort((a, b) => sheetNumber(a) - sheetNumber(b))
    .at(-1);
  if (about === undefined) throw new Error(`${file}: no worksheet`);
  // No shared strings (the writer shares none): ExcelJS writes the cell's text in the sheet itself (<v>); neither text holds a
  // character XML escapes.
  const pending = `<v>${XLSX_RELEASE_PENDING}</v>`;
  const parts = replaceZipEntry(bytes, about, (xml) => {
    const text = xml.toString('utf8');
    const at = text.indexOf(pending);
    if (at < 0 || text.indexOf(pending, at + 1) >= 0)
      throw new Error(`${file}: the about sheet does not hold its release cell exactly once`);
    return Buffer.from(text.replace(pending, `<v>${xlsxReleaseTextOf(release)}</v>`), 'utf8');
  });
  await writeChunksToFile(file, parts);
}

const STAMPERS: Partial<Record<FileFormat, (file: string, release: ReleaseStamp) => Promise<void>>> = {
  parquet: stampParquet,
  arrow: stampArrow,
  xlsx: stampXlsx,
};

/**
 * Stamps every Parquet, Arrow and XLSX file of `files` in `outDir` with the release and returns the files as
 * described now: their new size and SHA-256, and the snapshot's SHA-256 in `snapshotSha256` (what the release's
 * fingerprint covers, so the same data gives the same fingerprint whatever the release). The same data and
 * release give the same bytes.
 */
export async function stampReleaseFiles(
  outDir: string,
  files: readonly PublishedFile[],
  release: ReleaseStamp,
): Promise<PublishedFile[]> {
  const stamped: PublishedFile[] = [];
  for (const file of files) {
    const stamp = STAMPERS[file.format];
    if (stamp === undefined || file.dataset === null) {
      stamped.push(file);
      continue;
    }
    const absolute = path.join(outDir, file.path);
    await stamp(absolute, release);
    const { sha256, bytes } = await hashFile(absolute);
    stamped.push({ ...file, bytes, sha256, snapshotSha256: file.sha256 });
  }
  return stamped;
}
