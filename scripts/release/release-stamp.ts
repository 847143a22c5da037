// The release written into the data files that describe themselves, once it is named: the release id and the
// retrieval time added to each Parquet file's key-value metadata (the kpu_open_data entry and the Arrow schema in
// ARROW:schema), to each Arrow file's schema metadata, and to each XLSX file's about sheet (with the permanent URL,
// at the end of its citation). The snapshot's files
// are linked into the release's folder; each stamped file is written anew beside the link and renamed over it, so
// the snapshot's own file never changes. Only the metadata is rewritten: a Parquet file keeps every byte before
// its footer, an XLSX file every ZIP entry but its about sheet, both copied as ranges; an Arrow file is written
// again batch by batch (docs/architecture.md, "Release-dependent files"). Memory holds a batch, not a file.
import { open } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { RecordBatch, RecordBatchFileWriter, RecordBatchReader, Schema, Table, tableToIPC } from 'apache-arrow';
import { writeFileAtomically } from '../foundation/atomic-file.ts';
import { hashFile } from '../foundation/hashing.ts';
import { PARQUET_METADATA_KEY } from '../snapshot/parquet-writer.ts';
import type { FileFormat, PublishedFile } from '../snapshot/snapshot-manifest.ts';
import { XLSX_CITATION_PENDING, XLSX_RELEASE_PENDING, xlsxText } from '../snapshot/xlsx-writer.ts';
import { spliceFile } from '../foundation/file-splice.ts';
import { parquetKeyValuesOf, parquetPartsWith, readParquetFooter } from './parquet-footer.ts';
import { replaceZipEntry, zipEntryNames } from './zip-entry-replace.ts';

/** The release a file is stamped with: the same as the manifest's `release.id` and `release.retrievedAt`. */
export interface ReleaseStamp {
  id: string;
  /** When the release's data was retrieved (ISO 8601, UTC). */
  retrievedAt: string;
  /** The release's permanent URL (KPU_SITE_URL's data/releases/<id>/), or null: the XLSX citation ends with it. */
  url?: string | null;
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

/** The end of the about sheet's citation once the release is named: "Release 2026-11-22, retrieved …. https://…" */
function xlsxCitationReleaseOf(release: ReleaseStamp): string {
  return `Release ${release.id}, retrieved ${release.retrievedAt}.${release.url ? ` ${release.url}` : ''}`;
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
  await spliceFile(file, async (source) => {
    const footer = await readParquetFooter(source);
    const entries = parquetKeyValuesOf(footer).map(([key, value]): [string, string] => {
      if (key === PARQUET_METADATA_KEY)
        return [
          key,
          JSON.stringify({ ...(JSON.parse(value) as object), ...Object.fromEntries(releaseMetadataOf(release)) }),
        ];
      if (key === 'ARROW:schema') return [key, stampArrowSchemaEntry(value, release)];
      return [key, value];
    });
    return parquetPartsWith(footer, entries);
  });
}

/**
 * The Arrow file written again batch by batch with the release in its schema's metadata: the same bytes as the
 * snapshot's writer gives the table with that metadata, one record batch in memory at a time.
 */
async function stampArrow(file: string, release: ReleaseStamp): Promise<void> {
  const handle = await open(file, 'r');
  try {
    const reader = await RecordBatchReader.from(handle);
    await reader.open();
    const metadata = new Map([...reader.schema.metadata, ...releaseMetadataOf(release)]);
    const schema = new Schema(reader.schema.fields, metadata, reader.schema.dictionaries);
    const writer = new RecordBatchFileWriter();
    await writeFileAtomically(file, async (stream) => {
      const written = pipeline(writer.toNodeStream(), stream);
      writer.reset(undefined, schema);
      // A batch of no rows read back lacks its list offsets, which apache-arrow cannot write again: an empty table
      // gives the same bytes (the writer's empty batch, as the snapshot's writer wrote it).
      for await (const batch of reader)
        if (batch.numRows === 0) writer.write(new Table(schema));
        else writer.write(new RecordBatch(schema, batch.data));
      writer.finish();
      await written;
    });
  } finally {
    await handle.close();
  }
}

/** "xl/worksheets/sheet12.xml" → 12. */
function sheetNumber(name: string): number {
  return Number(/^xl\/worksheets\/sheet(\d+)\.xml$/.exec(name)?.[1] ?? -1);
}

async function stampXlsx(file: string, release: ReleaseStamp): Promise<void> {
  await spliceFile(file, async (source) => {
    // The about sheet is the workbook's last (scripts/snapshot/xlsx-writer.ts adds it after the data sheets).
    const about = (await zipEntryNames(source))
      .filter((name) => sheetNumber(name) > 0)
      .sort((a, b) => sheetNumber(a) - sheetNumber(b))
      .at(-1);
    if (about === undefined) throw new Error(`${file}: no worksheet`);
    // No shared strings (the writer shares none): the cell's text is inline in the sheet (<is><t>…</t></is>).
    const pending = `<t>${xlsxText(XLSX_RELEASE_PENDING)}</t>`;
    const citation = xlsxText(XLSX_CITATION_PENDING);
    return replaceZipEntry(source, about, (xml) => {
      const text = xml.toString('utf8');
      for (const [what, placeholder] of [
        ['release cell', pending],
        ['citation', citation],
      ] as const) {
        const at = text.indexOf(placeholder);
        if (at < 0 || text.indexOf(placeholder, at + 1) >= 0)
          throw new Error(`${file}: the about sheet does not hold its ${what} exactly once`);
      }
      return Buffer.from(
        text
          .replace(pending, () => `<t>${xlsxText(xlsxReleaseTextOf(release))}</t>`)
          .replace(citation, () => xlsxText(xlsxCitationReleaseOf(release))),
        'utf8',
      );
    });
  });
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
