// The check, normalize and snapshot stages over a complete harvest: every record checked and
// normalized, then per dataset and election year (and all years together) the JSON, CSV, Parquet and
// Arrow files and the raw records, a ZIP bundle per year, SHA256SUMS, manifest.json, datapackage.json
// and the quality report. Same harvest in, same data files out, byte for byte.
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { buildQualityReport, createDatasetChecker, listBrokenRules, type DatasetCheckResult, type QualityReport } from '../check/quality-check.ts';
import { renderQualityReportMarkdown } from '../check/quality-report-markdown.ts';
import type { DatasetDefinition, RawRecord } from '../datasets/dataset-definition.ts';
import { DATASETS } from '../datasets/datasets.ts';
import { BuildError } from '../errors.ts';
import { readHarvestPages, type HarvestManifest } from '../harvest/harvest-store.ts';
import type { Reporter } from '../log/progress-reporter.ts';
import { normalizeRecord, type NormalizedRecord } from '../normalize/normalize-records.ts';
import { createTableBuilder, SnapshotValueError, type TableBuilder } from './arrow-schema.ts';
import { writeArrowIpcFile } from './arrow-ipc-writer.ts';
import { writeCsvFile } from './csv-writer.ts';
import { buildDataPackage } from './data-package.ts';
import { writeJsonFile } from './json-writer.ts';
import { writeParquetFile } from './parquet-writer.ts';
import { hashFile, partialPathOf } from './snapshot-file.ts';
import type { FileFormat, PublishedFile, SnapshotManifest } from './snapshot-manifest.ts';
import { writeYearBundle } from './year-bundle.ts';

export interface SnapshotStageOptions {
  harvestDir: string;
  harvest: HarvestManifest;
  /** The data folder to write (emptied first). */
  outDir: string;
  strict: boolean;
  reporter: Reporter;
}

export interface SnapshotStageResult {
  manifest: SnapshotManifest;
  quality: QualityReport;
}

const MEDIA_TYPES: Record<FileFormat, string> = {
  json: 'application/json',
  csv: 'text/csv',
  parquet: 'application/vnd.apache.parquet',
  arrow: 'application/vnd.apache.arrow.file',
  'raw-json': 'application/json',
  zip: 'application/zip',
  'quality-json': 'application/json',
  'quality-markdown': 'text/markdown',
};

/** The normalized record's election year, or null when the source's year is not four digits. */
function yearOf(record: NormalizedRecord): number | null {
  const year = record.election_year;
  return typeof year === 'number' ? year : null;
}

type YearKey = number | 'all';

function yearLabel(year: YearKey): string {
  return year === 'all' ? 'all-years' : String(year);
}

/** Writes a JSON array one record per line, streaming: `[\n{…},\n{…}\n]\n`, or `[]\n` when empty. */
function createRawJsonWriter(file: string) {
  const partial = partialPathOf(file);
  const stream = createWriteStream(partial);
  let count = 0;
  const write = async (text: string): Promise<void> => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  return {
    async add(record: RawRecord): Promise<void> {
      await write(`${count === 0 ? '[\n' : ',\n'}${JSON.stringify(record)}`);
      count += 1;
    },
    async close(): Promise<void> {
      await write(count === 0 ? '[]\n' : '\n]\n');
      stream.end();
      await finished(stream);
      await rename(partial, file);
    },
  };
}

interface YearOutput {
  table: TableBuilder;
  raw: ReturnType<typeof createRawJsonWriter>;
  records: number;
}

/** Pass 1: every record through the record rules as pages stream by, then the dataset rules. */
async function checkHarvestedDataset(dir: string, harvest: HarvestManifest, dataset: DatasetDefinition): Promise<DatasetCheckResult> {
  const checker = createDatasetChecker(dataset);
  for await (const page of readHarvestPages(dir, harvest, dataset)) {
    for (const record of page.records) checker.add(record);
  }
  return checker.finish();
}

/**
 * Pass 2: the pages again, each record normalized with its final flags and appended to its year's table and
 * to the all-years table, its raw form streamed to the raw JSON files; then every format of every table.
 * Returns the number of records per year written.
 */
async function writeDatasetFiles(options: SnapshotStageOptions, dataset: DatasetDefinition, flags: readonly (readonly string[])[]): Promise<Map<YearKey, number>> {
  const outputs = new Map<YearKey, YearOutput>();
  const outputFor = async (year: YearKey): Promise<YearOutput> => {
    let output = outputs.get(year);
    if (!output) {
      await mkdir(path.join(options.outDir, yearLabel(year)), { recursive: true });
      output = { table: createTableBuilder(dataset.columns), raw: createRawJsonWriter(path.join(options.outDir, `${stemOf(dataset, year)}.raw.json`)), records: 0 };
      outputs.set(year, output);
    }
    return output;
  };
  await outputFor('all');
  let position = 0;
  for await (const page of readHarvestPages(options.harvestDir, options.harvest, dataset)) {
    for (const record of page.records) {
      const normalized = normalizeRecord(dataset, record, flags[position] ?? []);
      position += 1;
      const year = yearOf(normalized);
      for (const key of year === null ? (['all'] as const) : [year, 'all' as const]) {
        const output = await outputFor(key);
        output.table.appendRecord(normalized);
        await output.raw.add(record);
        output.records += 1;
      }
    }
  }
  const written = new Map<YearKey, number>();
  for (const [year, output] of outputs) {
    await output.raw.close();
    const table = output.table.finish();
    const stem = path.join(options.outDir, stemOf(dataset, year));
    await writeJsonFile(table, `${stem}.json`);
    await writeCsvFile(table, `${stem}.csv`);
    await writeParquetFile(table, `${stem}.parquet`);
    await writeArrowIpcFile(table, `${stem}.arrow`);
    written.set(year, output.records);
    options.reporter.status(`snapshot: ${dataset.id} ${yearLabel(year)} written`);
  }
  return written;
}

function stemOf(dataset: DatasetDefinition, year: YearKey): string {
  return `${yearLabel(year)}/${dataset.fileStem}-${yearLabel(year)}`;
}

/** Formats of each dataset file, in the order the manifest lists them. */
const DATA_FORMATS: ReadonlyArray<{ format: FileFormat; suffix: string }> = [
  { format: 'json', suffix: '.json' },
  { format: 'csv', suffix: '.csv' },
  { format: 'parquet', suffix: '.parquet' },
  { format: 'arrow', suffix: '.arrow' },
  { format: 'raw-json', suffix: '.raw.json' },
];

export async function runSnapshotStage(options: SnapshotStageOptions): Promise<SnapshotStageResult> {
  const { outDir, reporter } = options;
  const checks: DatasetCheckResult[] = [];
  for (const dataset of DATASETS) checks.push(await checkHarvestedDataset(options.harvestDir, options.harvest, dataset));
  const quality = buildQualityReport(checks.map((check) => check.report));
  reporter.line(
    `check: ${quality.recordsChecked.toLocaleString('en')} records, ${quality.recordsFlagged.toLocaleString('en')} flagged (${quality.violationCount} broken rules)`,
  );
  if (options.strict && quality.violationCount > 0) {
    const broken = listBrokenRules(quality).map((rule) => `${rule.dataset}/${rule.ruleId} ×${rule.violationCount}`);
    throw new BuildError('CHECK_STRICT_FAILED', `Broken: ${broken.join(', ')}.`);
  }

  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const recordsWritten = new Map<DatasetDefinition['id'], Map<YearKey, number>>();
  for (const [index, dataset] of DATASETS.entries()) {
    try {
      recordsWritten.set(dataset.id, await writeDatasetFiles(options, dataset, (checks[index] as DatasetCheckResult).flags));
    } catch (error) {
      if (error instanceof SnapshotValueError) throw new BuildError('SNAPSHOT_VALUE_INVALID', `${dataset.id}: ${error.message}`, { cause: error });
      throw error;
    }
  }
  reporter.clearStatus();

  const files: PublishedFile[] = [];
  const register = async (relative: string, dataset: PublishedFile['dataset'], year: YearKey, format: FileFormat, records: number | null): Promise<PublishedFile> => {
    const { sha256, bytes } = await hashFile(path.join(outDir, relative));
    const file: PublishedFile = { path: relative, dataset, year, format, mediaType: MEDIA_TYPES[format], bytes, records, sha256 };
    files.push(file);
    return file;
  };
  await writeFile(path.join(outDir, 'quality-report.json'), `${JSON.stringify(quality, null, 2)}\n`);
  await register('quality-report.json', null, 'all', 'quality-json', null);
  await writeFile(path.join(outDir, 'quality-report.md'), renderQualityReportMarkdown(quality));
  await register('quality-report.md', null, 'all', 'quality-markdown', null);

  const datasetYears = (id: DatasetDefinition['id']): number[] =>
    [...(recordsWritten.get(id)?.keys() ?? [])].filter((year): year is number => year !== 'all').sort((a, b) => a - b);
  const years = [...new Set(DATASETS.flatMap((dataset) => datasetYears(dataset.id)))].sort((a, b) => a - b);
  for (const year of [...years, 'all' as const]) {
    const yearFiles: PublishedFile[] = [];
    for (const dataset of DATASETS) {
      const records = recordsWritten.get(dataset.id)?.get(year);
      if (records === undefined) continue;
      for (const { format, suffix } of DATA_FORMATS) yearFiles.push(await register(`${stemOf(dataset, year)}${suffix}`, dataset.id, year, format, records));
    }
    if (year !== 'all') {
      const bundle = `${yearLabel(year)}/kpu-election-data-${yearLabel(year)}.zip`;
      await writeYearBundle({ outDir, file: bundle, year, files: yearFiles, datasets: DATASETS });
      await register(bundle, null, year, 'zip', null);
    }
  }

  const manifest: SnapshotManifest = {
    schemaVersion: 1,
    title: { id: 'Data pemilu Indonesia dari API data terbuka KPU', en: "Indonesia's election data from the KPU open-data API" },
    demo: options.harvest.parameters.demo,
    source: {
      publisher: 'Komisi Pemilihan Umum (KPU)',
      upstreamHost: options.harvest.parameters.upstreamHost,
      queries: DATASETS.map((dataset) => dataset.upstreamName),
    },
    harvest: {
      harvestId: options.harvest.harvestId,
      startedAt: options.harvest.startedAt,
      finishedAt: options.harvest.finishedAt,
      pages: Object.fromEntries(Object.entries(options.harvest.datasets).map(([id, summary]) => [id, summary.pages])),
      records: Object.fromEntries(Object.entries(options.harvest.datasets).map(([id, summary]) => [id, summary.records])),
      retries: options.harvest.retries,
      warnings: options.harvest.warnings,
    },
    years,
    datasets: DATASETS.map((dataset, index) => ({
      id: dataset.id,
      title: dataset.title,
      records: recordsWritten.get(dataset.id)?.get('all') ?? 0,
      years: datasetYears(dataset.id),
      valuesSeen: (checks[index] as DatasetCheckResult).valuesSeen,
    })),
    quality: {
      recordsChecked: quality.recordsChecked,
      recordsFlagged: quality.recordsFlagged,
      violationCount: quality.violationCount,
      byDataset: Object.fromEntries(
        quality.datasets.map((report) => [
          report.dataset,
          {
            recordsFlagged: report.recordsFlagged,
            violationsByRule: Object.fromEntries(report.rules.map((rule) => [rule.id, report.violations.filter((violation) => violation.ruleId === rule.id).length])),
          },
        ]),
      ),
    },
    files,
  };

  const sums = files.map((file) => `${file.sha256}  ${file.path}`).join('\n');
  await writeFile(path.join(outDir, 'SHA256SUMS'), `${sums}\n`);
  await writeFile(path.join(outDir, 'datapackage.json'), `${JSON.stringify(buildDataPackage(manifest, DATASETS), null, 2)}\n`);
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  reporter.line(`snapshot: ${files.length} files for ${years.length} election years in ${outDir}`);
  return { manifest, quality };
}
