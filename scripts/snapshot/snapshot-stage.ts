// The check, normalize and snapshot stages over a complete harvest: every record checked and
// normalized, then per dataset and election year (and all years together) the JSON, CSV, Parquet and
// Arrow files and the raw records, a ZIP bundle per year, SHA256SUMS, manifest.json, datapackage.json
// and the quality report. Same harvest in, same data files out, byte for byte.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildQualityReport, checkDataset, listBrokenRules, type DatasetQualityReport, type QualityReport } from '../check/quality-check.ts';
import { renderQualityReportMarkdown } from '../check/quality-report-markdown.ts';
import type { DatasetDefinition, RawRecord } from '../datasets/dataset-definition.ts';
import { DATASETS } from '../datasets/datasets.ts';
import { BuildError } from '../errors.ts';
import { readHarvestPages, sha256Hex, type HarvestManifest } from '../harvest/harvest-store.ts';
import type { Reporter } from '../log/progress-reporter.ts';
import { normalizeRecords, type NormalizedRecord } from '../normalize/normalize-records.ts';
import { buildArrowTable } from './arrow-schema.ts';
import { writeArrowIpcFile } from './arrow-ipc-writer.ts';
import { writeCsvFile } from './csv-writer.ts';
import { buildDataPackage } from './data-package.ts';
import { writeJsonFile } from './json-writer.ts';
import { writeParquetFile } from './parquet-writer.ts';
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

interface CheckedDataset {
  dataset: DatasetDefinition;
  raw: RawRecord[];
  normalized: NormalizedRecord[];
  report: DatasetQualityReport;
}

async function readDatasetRecords(dir: string, harvest: HarvestManifest, dataset: DatasetDefinition): Promise<RawRecord[]> {
  const records: RawRecord[] = [];
  for await (const page of readHarvestPages(dir, harvest, dataset)) {
    for (const record of page.records) records.push(record);
  }
  return records;
}

/** One record per line inside a JSON array: stable, diff-able, and still one JSON document. */
function rawJson(records: readonly RawRecord[]): string {
  return records.length === 0 ? '[]\n' : `[\n${records.map((record) => JSON.stringify(record)).join(',\n')}\n]\n`;
}

function yearLabel(year: number | 'all'): string {
  return year === 'all' ? 'all-years' : String(year);
}

export async function runSnapshotStage(options: SnapshotStageOptions): Promise<SnapshotStageResult> {
  const { outDir, reporter } = options;
  const checked: CheckedDataset[] = [];
  for (const dataset of DATASETS) {
    const raw = await readDatasetRecords(options.harvestDir, options.harvest, dataset);
    const { flags, report } = checkDataset(dataset, raw);
    checked.push({ dataset, raw, normalized: normalizeRecords(dataset, raw, flags), report });
  }
  const quality = buildQualityReport(checked.map((entry) => entry.report));
  reporter.line(
    `check: ${quality.recordsChecked.toLocaleString('en')} records, ${quality.recordsFlagged.toLocaleString('en')} flagged (${quality.violationCount} broken rules)`,
  );
  if (options.strict && quality.violationCount > 0) {
    const broken = listBrokenRules(quality).map((rule) => `${rule.dataset}/${rule.ruleId} ×${rule.violationCount}`);
    throw new BuildError('CHECK_STRICT_FAILED', `Broken: ${broken.join(', ')}.`);
  }

  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const files: PublishedFile[] = [];
  const register = async (relative: string, dataset: PublishedFile['dataset'], year: PublishedFile['year'], format: FileFormat, records: number | null) => {
    const content = await readFile(path.join(outDir, relative));
    files.push({ path: relative, dataset, year, format, mediaType: MEDIA_TYPES[format], bytes: content.length, records, sha256: sha256Hex(content) });
  };

  await writeFile(path.join(outDir, 'quality-report.json'), `${JSON.stringify(quality, null, 2)}\n`);
  await register('quality-report.json', null, 'all', 'quality-json', null);
  await writeFile(path.join(outDir, 'quality-report.md'), renderQualityReportMarkdown(quality));
  await register('quality-report.md', null, 'all', 'quality-markdown', null);

  const years = [...new Set(checked.flatMap((entry) => entry.normalized.map(yearOf)).filter((year): year is number => year !== null))].sort((a, b) => a - b);
  for (const year of [...years, 'all' as const]) {
    const folder = yearLabel(year);
    await mkdir(path.join(outDir, folder), { recursive: true });
    const yearFiles: PublishedFile[] = [];
    for (const { dataset, raw, normalized } of checked) {
      const positions = normalized.flatMap((record, position) => (year === 'all' || yearOf(record) === year ? [position] : []));
      if (positions.length === 0 && year !== 'all') continue;
      const records = positions.map((position) => normalized[position] as NormalizedRecord);
      const stem = `${folder}/${dataset.fileStem}-${folder}`;
      const table = await buildArrowTable(dataset.columns, records);
      await writeJsonFile(table, path.join(outDir, `${stem}.json`));
      await writeCsvFile(table, path.join(outDir, `${stem}.csv`));
      await writeParquetFile(table, path.join(outDir, `${stem}.parquet`));
      await writeArrowIpcFile(table, path.join(outDir, `${stem}.arrow`));
      await writeFile(path.join(outDir, `${stem}.raw.json`), rawJson(positions.map((position) => raw[position] as RawRecord)));
      const before = files.length;
      await register(`${stem}.json`, dataset.id, year, 'json', records.length);
      await register(`${stem}.csv`, dataset.id, year, 'csv', records.length);
      await register(`${stem}.parquet`, dataset.id, year, 'parquet', records.length);
      await register(`${stem}.arrow`, dataset.id, year, 'arrow', records.length);
      await register(`${stem}.raw.json`, dataset.id, year, 'raw-json', records.length);
      yearFiles.push(...files.slice(before));
    }
    if (year !== 'all') {
      const bundle = `${folder}/kpu-election-data-${folder}.zip`;
      await writeYearBundle({ outDir, file: bundle, year, files: yearFiles, datasets: DATASETS });
      await register(bundle, null, year, 'zip', null);
    }
    reporter.status(`snapshot: ${folder} written`);
  }
  reporter.clearStatus();

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
    datasets: checked.map(({ dataset, raw, normalized }) => ({
      id: dataset.id,
      title: dataset.title,
      records: normalized.length,
      years: [...new Set(normalized.map(yearOf).filter((year): year is number => year !== null))].sort((a, b) => a - b),
      valuesSeen: Object.fromEntries(
        dataset.valuesSeenFields.map((field) => {
          const values = raw.map((record) => (typeof record[field] === 'string' ? record[field] : JSON.stringify(record[field] ?? null)));
          return [field, [...new Set(values)].sort()];
        }),
      ),
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
