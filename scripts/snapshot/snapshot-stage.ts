// The snapshot stage over a complete harvest and its check: every record normalized with the check stage's
// flags, then per dataset and election year (and all years together) the JSON, CSV, Parquet and Arrow files and
// the raw records, the check stage's quality report and manifest.json. Same harvest in, same data files out, byte
// for byte. In a build the release is named first (release-identity.ts), so the Parquet, Arrow and XLSX files are
// written with it, whole and final; the files that only name the release (bundles, datapackage.json, citations,
// SHA256SUMS) are the release stage's.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readCheckResult, readRecordFlags, type RecordFlags, upstreamYearsOf } from '../check/check-stage.ts';
import type { QualityReport } from '../check/quality-check.ts';
import type { DatasetDefinition, DerivedDatasetDefinition, PublishedDataset } from '../datasets/dataset-definition.ts';
import { DATASETS, DERIVED_DATASETS } from '../datasets/datasets.ts';
import { BuildError } from '../errors.ts';
import { readDatasetRecords, type HarvestManifest } from '../harvest/harvest-store.ts';
import type { Reporter } from '../log/progress-reporter.ts';
import { isFourDigitYear } from '../datasets/value-parsers.ts';
import { normalizeRecord, type NormalizedRecord } from '../normalize/normalize-records.ts';
import { RecordBatch, Table } from 'apache-arrow';
import { createArrowSchema, createTableBuilder, SnapshotValueError, type TableBuilder } from './arrow-schema.ts';
import { writeArrowIpcFile } from './arrow-ipc-writer.ts';
import { joinCsvFiles, writeCsvFile } from './csv-writer.ts';
import { joinJsonFiles, writeJsonFile } from './json-writer.ts';
import { writeParquetFile, writeParquetQuery } from './parquet-writer.ts';
import { unpivotQuery } from './unpivot-query.ts';
import { writeXlsxFile } from './xlsx-writer.ts';
import {
  buildSnapshotManifest,
  copyQualityReport,
  derivedFormats,
  describeDatasetFiles,
  sourceUrlOf,
  stemOf,
  yearLabel,
  yearsWritten,
  type DerivedFormats,
  type RecordsWritten,
  type YearKey,
} from './manifest-builder.ts';
import { interleaveBatches, unpivotBatches } from './gather-batches.ts';
import { createRawJsonWriter, type RawJsonWriter } from './raw-json-writer.ts';
import type { FileFormat, SnapshotManifest } from './snapshot-manifest.ts';
import { formatOf, tableFormats } from '../formats.ts';
import { fileMetadataOf, isDemoMetadata, withFileMetadata } from './file-metadata.ts';
import { killPoint } from '../kill-point.ts';
import { keepPublishedDataFiles } from './kept-files.ts';
import { forEachAtOnce } from '../foundation/at-once.ts';
import {
  contentKeyOf,
  fingerprintOf,
  nameRelease,
  type PublishedReleases,
  type ReleaseIdentity,
  type ReleaseStamp,
} from './release-identity.ts';

export interface SnapshotStageOptions {
  harvestDir: string;
  harvest: HarvestManifest;
  /** The check stage's folder for that harvest (check-stage.ts): the flags, the quality report, the values seen. */
  checkDir: string;
  /** The data folder to write (emptied first). */
  outDir: string;
  /**
   * The upstream's address to cite (KPU_SOURCE_URL), only in the manifest, never in the data files; null: the
   * harvested upstream's origin (`upstreamProtocol` and the harvest's host, so an offline rebuild names the upstream
   * its harvest came from, whatever KPU_BASE_URL says now).
   */
  sourceUrl: string | null;
  /** KPU_BASE_URL's scheme ("https:" when unset): the harvest records the upstream's host only. */
  upstreamProtocol?: string;
  reporter: Reporter;
  /** Rows of a derived table above which it is written in Parquet only; default DERIVED_ROWS_BEYOND_PARQUET_ONLY (tests lower it). */
  derivedParquetOnlyAbove?: number;
  /**
   * A build's published releases, which the release is named against before any file is written; absent or null
   * (the snapshot command): the files name no release.
   */
  published?: PublishedReleases | null;
}

/** The options of one run, with the release its files are written with (null: none). */
interface StageRun extends SnapshotStageOptions {
  release: ReleaseIdentity | null;
}

export interface SnapshotStageResult {
  manifest: SnapshotManifest;
  quality: QualityReport;
  /** True when the data files are the published release's, kept (kept-files.ts). */
  kept: boolean;
}

/**
 * The normalized record's election year (its dataset's `year` role), or null when the source's year is not four
 * digits (all-years files only).
 */
function yearOf(dataset: DatasetDefinition, record: NormalizedRecord): number | null {
  const year = record[dataset.roles.year];
  return typeof year === 'number' && isFourDigitYear(year) ? year : null;
}

const NO_FLAGS: readonly string[] = [];

/** The records of one election year (or, for `year` null, those whose year is not four digits) in pass 2. */
interface YearGroup {
  year: number | null;
  /** null once finished, so the group no longer holds the table's batches. */
  table: TableBuilder | null;
  /** null for the records without a year: they are published in the all-years files only. */
  raw: RawJsonWriter | null;
  records: number;
}

/**
 * The table formats (tableFormats): Parquet, JSON and CSV, written by DuckDB on threads of its own, and the writers
 * of the others on this thread, in order.
 */
const TABLE_FORMATS: readonly FileFormat[] = tableFormats();
const THIS_THREAD_WRITERS: ReadonlyArray<
  [
    FileFormat,
    (
      table: Table,
      file: string,
      dataset: PublishedDataset,
      year: YearKey,
      release: ReleaseStamp | null,
    ) => Promise<void>,
  ]
> = [
  ['arrow', (table, file) => writeArrowIpcFile(table, file)],
  // A demo build's table says so in its metadata (fileMetadataOf), and its workbook's about sheet too; the release
  // is in the table's metadata too, and in the about sheet with its permanent URL.
  [
    'xlsx',
    (table, file, dataset, year, release) =>
      writeXlsxFile(table, file, { dataset, year, demo: isDemoMetadata(table.schema.metadata), release }),
  ],
];

/**
 * The files of one table, in `formats` (default: every table format). The Parquet file is started first, then the
 * JSON and CSV files, which DuckDB makes from that Parquet file once it is written: DuckDB encodes and compresses on threads
 * of its own (parquet-writer.ts), taking the rows from this thread between its other writes (or, `writeParquet`
 * given, from a query of its own), while this thread writes the other formats, so the stage keeps two cores busy
 * (docs/performance.md, "A million records, stage by stage"). Each file is complete when its kill point is reached.
 */
async function writeTableFiles(
  table: Table,
  stem: string,
  dataset: PublishedDataset,
  year: YearKey,
  formats: readonly FileFormat[] = TABLE_FORMATS,
  release: ReleaseStamp | null = null,
  writeParquet: (file: string) => Promise<void> = (file) => writeParquetFile(table, file),
): Promise<void> {
  const parquetFile = `${stem}${formatOf('parquet').suffix}`;
  const parquet = formats.includes('parquet') ? writeParquet(parquetFile) : null;
  if ((formats.includes('json') || formats.includes('csv')) && parquet === null)
    throw new Error('The JSON and CSV files are made from the Parquet file');
  const json = formats.includes('json') ? writeJsonFile(table, parquetFile, `${stem}${formatOf('json').suffix}`) : null;
  const csv = formats.includes('csv') ? writeCsvFile(table, parquetFile, `${stem}${formatOf('csv').suffix}`) : null;
  const engineWrites = [parquet, json, csv];
  // Awaited below; until then their failures must not count as unhandled.
  for (const written of engineWrites) written?.catch(() => {});
  try {
    for (const [format, write] of THIS_THREAD_WRITERS) {
      if (!formats.includes(format)) continue;
      await write(table, `${stem}${formatOf(format).suffix}`, dataset, year, release);
      killPoint('snapshot:file-written');
    }
  } finally {
    // Never leave DuckDB writing into the folder of a stage that failed.
    for (const written of engineWrites) await written?.catch(() => {});
  }
  for (const written of engineWrites) {
    if (written === null) continue;
    await written;
    killPoint('snapshot:file-written');
  }
}

/**
 * Rows of a derived table above which it is written in Parquet only (docs/data.md, "The long turnout file at
 * scale"): what one spreadsheet sheet holds below its header. The long turnout file has twelve rows per turnout
 * record, so at a million records it would be 12 million rows: gigabytes of JSON, CSV and Arrow and twelve-sheet
 * workbooks that take most of the build, for a file any tool that reads that many rows reads in Parquet.
 */
const DERIVED_ROWS_BEYOND_PARQUET_ONLY = 1_048_575;

/** Records written per derived dataset and year (YearKey), filled as writeDatasetFiles writes its source's tables. */
type DerivedCounts = Map<DerivedDatasetDefinition['id'], Map<YearKey, number>>;

/** What writeDatasetFiles records of the derived datasets it writes, and the size above which they are Parquet only. */
interface DerivedWritten {
  counts: DerivedCounts;
  formats: DerivedFormats;
  parquetOnlyAbove: number;
}

/**
 * The derived datasets computed from `dataset` (DERIVED_DATASETS), for one year's table or the all-years table:
 * each one's rows derived from the table's normalized records in order, written in every format of the table.
 */
async function writeDerivedFiles(
  outDir: string,
  dataset: DatasetDefinition,
  year: YearKey,
  table: Table,
  { counts, formats: formatsWritten, parquetOnlyAbove }: DerivedWritten,
  demo: boolean,
  release: ReleaseStamp | null,
): Promise<void> {
  for (const derived of DERIVED_DATASETS) {
    if (derived.from !== dataset.id) continue;
    const { rows, formats } = await writeDerivedTable(
      derived,
      table,
      path.join(outDir, `${stemOf(dataset, year)}${formatOf('parquet').suffix}`),
      path.join(outDir, stemOf(derived, year)),
      year,
      parquetOnlyAbove,
      demo,
      release,
    );
    const written = counts.get(derived.id) ?? new Map<YearKey, number>();
    written.set(year, rows);
    counts.set(derived.id, written);
    const inFormats = formatsWritten.get(derived.id) ?? new Map<YearKey, readonly FileFormat[]>();
    inFormats.set(year, formats);
    formatsWritten.set(derived.id, inFormats);
  }
}

/**
 * One derived table's files, computed from `source` (its source dataset's table, written to `sourceParquet`). Its
 * Parquet file is DuckDB's query of `sourceParquet` at every size (unpivot-query.ts): no JavaScript per row. While
 * its rows number at most `parquetOnlyAbove`, the table is also made whole (unpivotBatches) and written in every
 * other derived format; beyond, the file is Parquet only, and the table is never in this process's memory (at a
 * million turnout records, twelve million rows).
 */
export async function writeDerivedTable(
  derived: DerivedDatasetDefinition,
  source: Table,
  sourceParquet: string,
  stem: string,
  year: YearKey,
  parquetOnlyAbove: number,
  demo = false,
  release: ReleaseStamp | null = null,
): Promise<{ rows: number; formats: readonly FileFormat[] }> {
  const rows = source.numRows * derived.unpivot.cells.length;
  const metadata = fileMetadataOf(derived, year, demo, release);
  const schema = withFileMetadata(new Table(createArrowSchema(derived.columns)), metadata).schema;
  const query = unpivotQuery(derived, schema, source.schema, sourceParquet);
  const writeParquet = (file: string) => writeParquetQuery(schema, query, file);
  if (rows <= parquetOnlyAbove) {
    const formats = derivedFormats().map((format) => format.id);
    const batches = unpivotBatches(derived, source);
    const table = withFileMetadata(new Table(createArrowSchema(derived.columns), [...batches]), metadata);
    await writeTableFiles(table, stem, derived, year, formats, release, writeParquet);
    return { rows, formats };
  }
  await writeParquet(`${stem}${formatOf('parquet').suffix}`);
  killPoint('snapshot:file-written');
  return { rows, formats: ['parquet'] };
}

/**
 * The all-years table, from the year tables: `sequence` names each record's group in harvest order. When each
 * group's records came as one run, it is the year tables' batches one after the other; otherwise the rows are
 * gathered in harvest order into new record batches (interleaveBatches, column by column), each year table's batch
 * let go once the batch holding its last row is made.
 */
function buildAllYearsTable(
  dataset: DatasetDefinition,
  groups: (RecordBatch | undefined)[][],
  sequence: readonly number[],
): Table {
  const schema = createArrowSchema(dataset.columns);
  const runs = groupsInRuns(sequence);
  if (runs !== null) {
    // Each group's records came as one run (the usual harvest: year after year): the all-years table is the year
    // tables' own batches in that order, no copy; its Parquet row groups and Arrow batches start anew with each
    // group. A million turnout records: about 230 MB not copied, and no year table left for the collector to free
    // while the all-years files are written.
    const batches = runs.flatMap((group) => groups[group] ?? []);
    groups.length = 0;
    return new Table(
      schema,
      batches.map((batch) => {
        if (batch === undefined) throw new Error('buildAllYearsTable: a batch already let go');
        return new RecordBatch(schema, batch.data);
      }),
    );
  }
  return new Table(schema, [...interleaveBatches(schema, groups, sequence)]);
}

/**
 * Pass 2 (the check stage made pass 1): the pages again, each record normalized with its final flags and appended to its year's table, its raw
 * form streamed to the year's and the all-years raw JSON files; then every format of each year's table, and of
 * the all-years table rebuilt from them (buildAllYearsTable). Returns the number of records per year written.
 */
async function writeDatasetFiles(
  options: StageRun,
  dataset: DatasetDefinition,
  flags: RecordFlags,
  derivedCounts: DerivedWritten,
  /** The harvest's election years (ProjectRecordsContext.years), as the check stage saw them. */
  harvestYears: readonly number[],
): Promise<Map<YearKey, number>> {
  const groups: YearGroup[] = [];
  const groupIndex = new Map<number | null, number>();
  /** The group of every record, in harvest order. */
  const sequence: number[] = [];
  const groupOf = async (year: number | null): Promise<number> => {
    const known = groupIndex.get(year);
    if (known !== undefined) return known;
    let raw: RawJsonWriter | null = null;
    if (year !== null) {
      await mkdir(path.join(options.outDir, yearLabel(year)), { recursive: true });
      raw = createRawJsonWriter(path.join(options.outDir, `${stemOf(dataset, year)}${formatOf('raw-json').suffix}`));
    }
    groups.push({ year, table: createTableBuilder(dataset.columns), raw, records: 0 });
    groupIndex.set(year, groups.length - 1);
    return groups.length - 1;
  };
  await mkdir(path.join(options.outDir, yearLabel('all')), { recursive: true });
  const allRaw = createRawJsonWriter(
    path.join(options.outDir, `${stemOf(dataset, 'all')}${formatOf('raw-json').suffix}`),
  );
  let position = 0;
  for await (const batch of readDatasetRecords(options.harvestDir, options.harvest, dataset, harvestYears)) {
    for (const record of batch) {
      const normalized = normalizeRecord(dataset, record, flags.get(position) ?? NO_FLAGS);
      position += 1;
      const index = await groupOf(yearOf(dataset, normalized));
      const group = groups[index] as YearGroup;
      (group.table as TableBuilder).appendRecord(normalized);
      group.records += 1;
      sequence.push(index);
      const json = JSON.stringify(record);
      await group.raw?.addLine(json);
      await allRaw.addLine(json);
    }
  }
  await allRaw.close();
  return writeGroupTables(options, dataset, groups, sequence, position, derivedCounts);
}

/**
 * The years of the groups in harvest order when each group's records came as one run and every record has a year
 * (the usual harvest: year after year): then the all-years table is the year tables one after the other. Otherwise
 * null. Example: sequence [0, 0, 1, 1, 1] of groups 2019, 2024 → [2019, 2024]; [0, 1, 0] → null.
 */
function yearsInRuns(groups: readonly YearGroup[], sequence: readonly number[]): number[] | null {
  const order = groupsInRuns(sequence);
  if (order === null) return null;
  const years = order.map((group) => (groups[group] as YearGroup).year);
  return years.every((year) => year !== null) ? (years as number[]) : null;
}

/** The groups in harvest order when each one's records came as one run, else null (yearsInRuns). */
function groupsInRuns(sequence: readonly number[]): number[] | null {
  const order: number[] = [];
  for (let index = 0; index < sequence.length; index += 1) {
    const group = sequence[index] as number;
    if (index > 0 && group === sequence[index - 1]) continue;
    if (order.includes(group)) return null;
    order.push(group);
  }
  return order;
}

/**
 * Every format of each year group's table, then of the all-years table rebuilt from them (buildAllYearsTable);
 * `records` is the number of records read. Returns the number of records per year written.
 */
async function writeGroupTables(
  options: StageRun,
  dataset: DatasetDefinition,
  groups: YearGroup[],
  sequence: number[],
  records: number,
  derivedCounts: DerivedWritten,
): Promise<Map<YearKey, number>> {
  const written = new Map<YearKey, number>();
  written.set('all', records);
  const groupBatches: (RecordBatch | undefined)[][] = [];
  for (const group of groups) {
    await group.raw?.close();
    const table = (group.table as TableBuilder).finish();
    group.table = null;
    groupBatches.push([...table.batches]);
    if (group.year === null) continue;
    const { release } = options;
    const demo = options.harvest.parameters.demo;
    await writeTableFiles(
      withFileMetadata(table, fileMetadataOf(dataset, group.year, demo, release)),
      path.join(options.outDir, stemOf(dataset, group.year)),
      dataset,
      group.year,
      TABLE_FORMATS,
      release,
    );
    await writeDerivedFiles(options.outDir, dataset, group.year, table, derivedCounts, demo, release);
    written.set(group.year, group.records);
    options.reporter.status(`snapshot: ${dataset.id} ${yearLabel(group.year)} written`);
  }
  const joined = yearsInRuns(groups, sequence);
  const all = buildAllYearsTable(dataset, groupBatches.splice(0), sequence);
  sequence.length = 0;
  const allStem = path.join(options.outDir, stemOf(dataset, 'all'));
  let formats = TABLE_FORMATS;
  if (joined !== null) {
    // The year files' lines in harvest order are the all-years file's: joined, not formatted again.
    const yearFiles = (format: FileFormat) =>
      joined.map((year) => path.join(options.outDir, `${stemOf(dataset, year)}${formatOf(format).suffix}`));
    await joinJsonFiles(yearFiles('json'), `${allStem}${formatOf('json').suffix}`);
    killPoint('snapshot:file-written');
    await joinCsvFiles(all.schema.fields, yearFiles('csv'), `${allStem}${formatOf('csv').suffix}`);
    killPoint('snapshot:file-written');
    formats = formats.filter((format) => format !== 'json' && format !== 'csv');
  }
  const { release } = options;
  const demo = options.harvest.parameters.demo;
  const metadata = fileMetadataOf(dataset, 'all', demo, release);
  // The all-years derived files (the long turnout file: 12 million rows at a million records) are started right
  // after the table's own files: DuckDB writes its files one after another (parquet-writer.ts), so it encodes them
  // once the table's Parquet file is written, while this thread writes the table's Arrow and XLSX files (about 9 s of
  // the stage's 95 at a million records). Not per year: there the same overlap saves under 2 s a year and adds about
  // 30 MB to the stage's peak memory, which is near its bound. Rejects with the first failure once both have ended.
  await forEachAtOnce(
    [
      () => writeTableFiles(withFileMetadata(all, metadata), allStem, dataset, 'all', formats, release),
      () => writeDerivedFiles(options.outDir, dataset, 'all', all, derivedCounts, demo, release),
    ],
    2,
    (write) => write(),
  );
  options.reporter.status(`snapshot: ${dataset.id} ${yearLabel('all')} written`);
  return written;
}

/** Every dataset's files (writeDatasetFiles) and its derived datasets', each snapshot failure as the build error it is. */
async function writeAllDatasetFiles(
  options: StageRun,
  /** The harvest's election years (ProjectRecordsContext.years), as the check stage saw them. */
  harvestYears: readonly number[],
): Promise<{ recordsWritten: RecordsWritten; derivedFormats: DerivedFormats }> {
  const recordsWritten: RecordsWritten = new Map();
  const derivedWritten: DerivedWritten = {
    counts: new Map(),
    formats: new Map(),
    parquetOnlyAbove: options.derivedParquetOnlyAbove ?? DERIVED_ROWS_BEYOND_PARQUET_ONLY,
  };
  for (const dataset of DATASETS) {
    try {
      recordsWritten.set(
        dataset.id,
        await writeDatasetFiles(
          options,
          dataset,
          await readRecordFlags(options.checkDir, dataset),
          derivedWritten,
          harvestYears,
        ),
      );
    } catch (error) {
      if (error instanceof SnapshotValueError)
        throw new BuildError('SNAPSHOT_VALUE_INVALID', `${dataset.id}: ${error.message}`, { cause: error });
      throw error;
    }
  }
  for (const [id, counts] of derivedWritten.counts) recordsWritten.set(id, counts);
  return { recordsWritten, derivedFormats: derivedWritten.formats };
}

export async function runSnapshotStage(stageOptions: SnapshotStageOptions): Promise<SnapshotStageResult> {
  const { outDir, reporter } = stageOptions;
  const check = await readCheckResult(stageOptions.checkDir, stageOptions.harvest.harvestId);
  // The release is named before any file is written, from what decides the files' bytes.
  const release = stageOptions.published
    ? await nameRelease(
        await contentKeyOf(stageOptions.harvest, stageOptions.checkDir, {
          siteUrl: stageOptions.published.siteUrl,
          sourceUrl: sourceUrlOf(stageOptions),
        }),
        stageOptions.harvest,
        stageOptions.published,
      )
    : null;
  const options: StageRun = { ...stageOptions, release };
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  // When the content key names the published release, its data files are the files to write: kept if intact
  // (kept-files.ts). Not under a lowered derivedParquetOnlyAbove (tests only): other files for the same content.
  const keepFrom =
    release !== null && !release.new && options.derivedParquetOnlyAbove === undefined
      ? (stageOptions.published?.dataDir ?? null)
      : null;
  const kept = keepFrom === null ? null : await keepPublishedDataFiles(keepFrom, outDir);
  if (keepFrom !== null && kept === null) {
    // The files placed before one failed the check go: every file is written.
    await rm(outDir, { recursive: true, force: true });
    await mkdir(outDir, { recursive: true });
  }
  const { recordsWritten, derivedFormats: derivedFormatsWritten } =
    kept ?? (await writeAllDatasetFiles(options, upstreamYearsOf(check.quality.datasets)));
  reporter.clearStatus();
  const files = await copyQualityReport(options.checkDir, outDir);
  const years = yearsWritten(recordsWritten);
  files.push(...(kept?.files ?? (await describeDatasetFiles(outDir, years, recordsWritten, derivedFormatsWritten))));
  const described = buildSnapshotManifest(options, check, recordsWritten, years, files);
  // The release the files were written with; the release stage completes it (its shrink report, the build).
  const manifest: SnapshotManifest = release
    ? {
        ...described,
        release: {
          id: release.id,
          previous: release.previous,
          fingerprint: fingerprintOf(described),
          content: release.content,
          new: release.new,
          path: `releases/${release.id}/`,
          retrievedAt: release.retrievedAt,
          url: release.url,
        },
      }
    : described;
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  reporter.line(
    `snapshot: ${files.length} files for ${years.length} election years in ${outDir}${kept && release ? ` (the data files of release ${release.id}, the same content, kept)` : ''}`,
  );
  return { manifest, quality: check.quality, kept: kept !== null };
}
