// The release written into the Parquet, Arrow and XLSX files' own metadata (scripts/release/release-stamp.ts), read
// back the way a researcher would: DuckDB's parquet_kv_metadata() and the rows themselves, apache-arrow's schema
// metadata, ExcelJS's about sheet. Only the metadata changes: the records, the Parquet bytes before the footer and
// every XLSX entry but the about sheet are kept; the snapshot's file behind a hard link is left as it was.
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tableFromIPC, Vector, type Table } from 'apache-arrow';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArrowTable } from '../../scripts/snapshot/arrow-schema.ts';
import { writeArrowIpcFile } from '../../scripts/snapshot/arrow-ipc-writer.ts';
import { fileMetadataOf, withFileMetadata } from '../../scripts/snapshot/file-metadata.ts';
import { PARQUET_METADATA_KEY } from '../../scripts/snapshot/parquet-writer.ts';
import type { PublishedFile, SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { XLSX_ABOUT_SHEET, XLSX_DATA_SHEET, writeXlsxFile } from '../../scripts/snapshot/xlsx-writer.ts';
import { bufferSource, joinParts, type ByteSource } from '../../scripts/foundation/file-splice.ts';
import { parquetKeyValuesOf, parquetPartsWith, readParquetFooter } from '../../scripts/release/parquet-footer.ts';
import { fingerprintOf } from '../../scripts/release/release-history.ts';
import { stampReleaseFiles, xlsxReleaseTextOf, type ReleaseStamp } from '../../scripts/release/release-stamp.ts';
import { readZipEntry, zipEntryNames } from '../../scripts/release/zip-entry-replace.ts';
import { FIXTURES } from '../snapshot/snapshot-fixtures.ts';
import { queryDuckDb, readArrowIpcBack, sqlString, writeAllFormats } from '../snapshot/snapshot-readers.ts';

const RELEASE: ReleaseStamp = { id: '2026-11-23.2', retrievedAt: '2026-11-23T04:05:06.789Z' };
const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'release-stamp-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A snapshot folder with one dataset's Parquet, Arrow and XLSX files, and the manifest entries describing them. */
async function snapshotFolder(name: string, fixture: (typeof FIXTURES)[number]): Promise<PublishedFile[]> {
  const folder = path.join(dir, name);
  await mkdir(folder, { recursive: true });
  const table = withFileMetadata(
    buildArrowTable(fixture.dataset.columns, fixture.records),
    fileMetadataOf(fixture.dataset, 2014),
  );
  const paths = await writeAllFormats(table, folder, 'file');
  await writeXlsxFile(table, path.join(folder, 'file.xlsx'), { dataset: fixture.dataset, year: 2014 });
  const files: PublishedFile[] = [];
  for (const [format, file] of [
    ['parquet', paths.parquet],
    ['arrow', paths.arrow],
    ['xlsx', path.join(folder, 'file.xlsx')],
    ['csv', paths.csv],
  ] as const) {
    const bytes = await readFile(file);
    files.push({
      path: path.basename(file),
      dataset: fixture.dataset.id,
      year: 2014,
      format,
      mediaType: 'application/octet-stream',
      bytes: bytes.length,
      records: fixture.records.length,
      sha256: sha256(bytes),
    });
  }
  return files;
}

/** The release folder: the snapshot's files as hard links, as the release stage places them. */
async function releaseFolder(snapshot: string, release: string, files: readonly PublishedFile[]): Promise<string> {
  const from = path.join(dir, snapshot);
  const to = path.join(dir, release);
  await mkdir(to, { recursive: true });
  for (const file of files)
    await link(path.join(from, file.path), path.join(to, file.path)).catch(() =>
      copyFile(path.join(from, file.path), path.join(to, file.path)),
    );
  return to;
}

describe.each(FIXTURES)('$dataset.id files stamped with the release', (fixture) => {
  let files: PublishedFile[];
  let stamped: PublishedFile[];
  let out: string;
  const snapshotFile = (name: string) => path.join(dir, `${fixture.dataset.id}-snapshot`, name);
  const releaseFile = (name: string) => path.join(out, name);

  beforeAll(async () => {
    files = await snapshotFolder(`${fixture.dataset.id}-snapshot`, fixture);
    out = await releaseFolder(`${fixture.dataset.id}-snapshot`, `${fixture.dataset.id}-release`, files);
    stamped = await stampReleaseFiles(out, files, RELEASE);
  });

  it('shows the release and its retrieval time in DuckDB parquet_kv_metadata(), with the same rows', async () => {
    const [kv, before, after] = await queryDuckDb([
      `SELECT decode(key) AS key, decode(value) AS value FROM parquet_kv_metadata(${sqlString(releaseFile('file.parquet'))})`,
      `SELECT * FROM read_parquet(${sqlString(snapshotFile('file.parquet'))})`,
      `SELECT * FROM read_parquet(${sqlString(releaseFile('file.parquet'))})`,
    ]);
    const entries = new Map((kv ?? []).map((row) => [String(row.key), String(row.value)]));
    expect([...entries.keys()].sort()).toEqual(['ARROW:schema', PARQUET_METADATA_KEY]);
    const metadata = JSON.parse(entries.get(PARQUET_METADATA_KEY) ?? '{}') as Record<string, string>;
    expect(metadata).toMatchObject({
      dataset: fixture.dataset.id,
      election_year: '2014',
      release: RELEASE.id,
      retrieved_at: RELEASE.retrievedAt,
    });
    expect(after).toEqual(before);
    expect(after).toHaveLength(fixture.records.length);
  });

  it('keeps every Parquet byte before the footer, and the Arrow schema in ARROW:schema names the release too', async () => {
    const original = await readFile(snapshotFile('file.parquet'));
    const written = await readFile(releaseFile('file.parquet'));
    const footerStart = original.length - 8 - original.readUInt32LE(original.length - 8);
    expect(written.subarray(0, footerStart).equals(original.subarray(0, footerStart))).toBe(true);
    // The schema pyarrow and Polars restore: the IPC schema message in ARROW:schema, read as apache-arrow reads a stream.
    const entries = new Map(parquetKeyValuesOf(await readParquetFooter(bufferSource(written))));
    const message = Buffer.from(entries.get('ARROW:schema') ?? '', 'base64');
    const endOfStream = Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]);
    const { schema } = tableFromIPC(Buffer.concat([message, endOfStream]));
    expect(schema.metadata.get('release')).toBe(RELEASE.id);
    expect(schema.metadata.get('retrieved_at')).toBe(RELEASE.retrievedAt);
    // The columns keep their own metadata (title, description, …).
    expect(schema.fields[0]?.metadata.size).toBeGreaterThan(0);
  });

  it("adds the release to the Arrow file's schema metadata, records and column metadata kept", async () => {
    const before = await readArrowIpcBack(snapshotFile('file.arrow'));
    const after = await readArrowIpcBack(releaseFile('file.arrow'));
    expect(Object.fromEntries(after.schema.metadata)).toEqual({
      ...Object.fromEntries(before.schema.metadata),
      release: RELEASE.id,
      retrieved_at: RELEASE.retrievedAt,
    });
    const rows = (table: Table): string =>
      JSON.stringify(table.toArray(), (_key, value: unknown) =>
        typeof value === 'bigint' ? String(value) : value instanceof Vector ? [...value] : value,
      );
    expect(rows(after)).toBe(rows(before));
    expect(rows(after)).toContain(String(fixture.records[0]?.[fixture.dataset.columns[0]?.name ?? '']));
    expect(after.numRows).toBe(fixture.records.length);
    expect(after.schema.fields.map((field) => Object.fromEntries(field.metadata))).toEqual(
      before.schema.fields.map((field) => Object.fromEntries(field.metadata)),
    );
  });

  it('writes the release in the XLSX about sheet, every other entry of the workbook unchanged', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(releaseFile('file.xlsx'));
    const about = workbook.getWorksheet(XLSX_ABOUT_SHEET);
    const values: string[] = [];
    about?.eachRow((row) => values.push(String(row.getCell(2).value)));
    expect(values).toContain(xlsxReleaseTextOf(RELEASE));
    expect(workbook.getWorksheet(XLSX_DATA_SHEET)?.rowCount).toBe(fixture.records.length + 1);
    const original = bufferSource(await readFile(snapshotFile('file.xlsx')));
    const written = bufferSource(await readFile(releaseFile('file.xlsx')));
    const names = await zipEntryNames(original);
    expect(await zipEntryNames(written)).toEqual(names);
    const changed: string[] = [];
    for (const name of names)
      if (!(await readZipEntry(written, name)).equals(await readZipEntry(original, name))) changed.push(name);
    expect(changed).toEqual(['xl/worksheets/sheet2.xml']);
  });

  it("describes each stamped file anew, with the snapshot's SHA-256 kept, and leaves the snapshot's files alone", async () => {
    for (const [index, file] of stamped.entries()) {
      const bytes = await readFile(releaseFile(file.path));
      expect(file.sha256, file.path).toBe(sha256(bytes));
      expect(file.bytes, file.path).toBe(bytes.length);
      // The snapshot's file, linked into the release folder before, still has its own bytes.
      expect(sha256(await readFile(snapshotFile(file.path))), file.path).toBe(files[index]?.sha256);
      if (file.format === 'csv') {
        expect(file).toEqual(files[index]);
      } else {
        expect(file.snapshotSha256, file.path).toBe(files[index]?.sha256);
        expect(file.sha256, file.path).not.toBe(files[index]?.sha256);
      }
    }
  });

  it('gives the same bytes when the same release is stamped again on the same data', async () => {
    const again = await releaseFolder(`${fixture.dataset.id}-snapshot`, `${fixture.dataset.id}-again`, files);
    expect(await stampReleaseFiles(again, files, RELEASE)).toEqual(stamped);
  });
});

describe('the Parquet footer', () => {
  it('gives the same file back when the key-value metadata is written again as it was', async () => {
    const [fixture] = FIXTURES;
    const files = await snapshotFolder('footer', fixture as (typeof FIXTURES)[number]);
    const file = await readFile(path.join(dir, 'footer', files[0]?.path ?? ''));
    const source: ByteSource = bufferSource(file);
    const footer = await readParquetFooter(source);
    expect((await joinParts(source, parquetPartsWith(footer, parquetKeyValuesOf(footer)))).equals(file)).toBe(true);
  });

  it('writes a list of 15 or more entries (the long list header) that DuckDB lists in order', async () => {
    const [fixture] = FIXTURES;
    const files = await snapshotFolder('long', fixture as (typeof FIXTURES)[number]);
    const file = path.join(dir, 'long', files[0]?.path ?? '');
    const entries = Array.from({ length: 20 }, (_, index): [string, string] => [`key_${index}`, `value ${index} Ā`]);
    const target = path.join(dir, 'long', 'long.parquet');
    const source = bufferSource(await readFile(file));
    await writeFile(target, await joinParts(source, parquetPartsWith(await readParquetFooter(source), entries)));
    const [rows] = await queryDuckDb([
      `SELECT decode(key) AS key, decode(value) AS value FROM parquet_kv_metadata(${sqlString(target)})`,
    ]);
    expect((rows ?? []).map((row) => [String(row.key), String(row.value)])).toEqual(entries);
  });
});

describe('the fingerprint of a release whose files were stamped', () => {
  it("is the snapshot's: a stamped file counts with its snapshotSha256", async () => {
    const [fixture] = FIXTURES;
    const files = await snapshotFolder('fingerprint', fixture as (typeof FIXTURES)[number]);
    const out = await releaseFolder('fingerprint', 'fingerprint-release', files);
    const stamped = await stampReleaseFiles(out, files, RELEASE);
    const manifestOf = (list: PublishedFile[]) => ({ schemaVersion: 2, files: list }) as unknown as SnapshotManifest;
    expect(fingerprintOf(manifestOf(stamped))).toBe(fingerprintOf(manifestOf(files)));
    // The stamped bytes alone would not give it: the fingerprint follows the data, not the release.
    const withoutSnapshot = stamped.map(({ snapshotSha256: _, ...file }) => file);
    expect(fingerprintOf(manifestOf(withoutSnapshot))).not.toBe(fingerprintOf(manifestOf(files)));
  });
});

describe('an Arrow file stamped batch by batch', () => {
  it.each([
    ['two record batches', 2],
    ['no record', 0],
  ])('gives the bytes the snapshot writer gives the table with the release in its metadata: %s', async (_, copies) => {
    const [fixture] = FIXTURES as [(typeof FIXTURES)[number]];
    const one = buildArrowTable(fixture.dataset.columns, copies === 0 ? [] : fixture.records);
    const table = copies === 2 ? one.concat(one) : one;
    expect(table.batches.length).toBe(copies === 2 ? 2 : table.batches.length);
    const metadata = fileMetadataOf(fixture.dataset, 'all');
    const file = path.join(dir, `batches-${copies}.arrow`);
    const expected = path.join(dir, `batches-${copies}-expected.arrow`);
    await writeArrowIpcFile(withFileMetadata(table, metadata), file);
    await writeArrowIpcFile(
      withFileMetadata(table, new Map([...metadata, ['release', RELEASE.id], ['retrieved_at', RELEASE.retrievedAt]])),
      expected,
    );
    const [described] = await stampReleaseFiles(
      dir,
      [
        {
          path: path.basename(file),
          dataset: fixture.dataset.id,
          year: 'all',
          format: 'arrow',
          mediaType: 'application/vnd.apache.arrow.file',
          bytes: 0,
          records: table.numRows,
          sha256: 'unused',
        },
      ],
      RELEASE,
    );
    expect(described?.sha256).toBe(sha256(await readFile(expected)));
    expect((await readArrowIpcBack(file)).numRows).toBe(table.numRows);
  });
});
