// What manifest.json says of a snapshot: each file of the data folder described (path, size, SHA-256, records),
// the quality summary, the source and the harvest's provenance; and the file names of a dataset's year, which the
// snapshot stage writes under and the manifest lists.
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { QUALITY_REPORT_JSON, QUALITY_REPORT_MARKDOWN, type CheckResult } from '../check/check-stage.ts';
import { violationsOfRule, type QualityReport } from '../check/quality-check.ts';
import type {
  DatasetDefinition,
  DerivedDatasetDefinition,
  PublishedDatasetId,
} from '../datasets/dataset-definition.ts';
import { DATASETS, DERIVED_DATASETS, UPSTREAM_DATASETS } from '../datasets/datasets.ts';
import { datasetFormats, formatOf } from '../formats.ts';
import { hashFile } from '../foundation/hashing.ts';
import type { HarvestManifest } from '../harvest/harvest-store.ts';
import { manifestLicencesOf, SOURCE_PUBLISHER } from './file-metadata.ts';
import type { FileFormat, PublishedFile, SnapshotManifest } from './snapshot-manifest.ts';

/** What the manifest cites as its source (the snapshot stage's options of the same names). */
interface ManifestSource {
  harvest: HarvestManifest;
  sourceUrl: string | null;
  upstreamProtocol?: string;
}

export type YearKey = number | 'all';

/** The formats a derived dataset is written in: every per-dataset format but the raw records, which it has none of. */
export function derivedFormats() {
  return datasetFormats().filter((format) => format.id !== 'raw-json');
}

export function yearLabel(year: YearKey): string {
  return year === 'all' ? 'all-years' : String(year);
}

export function stemOf(dataset: { fileStem: string }, year: YearKey): string {
  return `${yearLabel(year)}/${dataset.fileStem}-${yearLabel(year)}`;
}

/** The formats each derived dataset's file of a year was written in (all of derivedFormats, or Parquet only). */
export type DerivedFormats = Map<DerivedDatasetDefinition['id'], Map<YearKey, readonly FileFormat[]>>;

/** One written file of the data folder as the manifest lists it: path, size and SHA-256. */
async function describeFile(
  outDir: string,
  relative: string,
  dataset: PublishedFile['dataset'],
  year: YearKey,
  format: FileFormat,
  records: number | null,
): Promise<PublishedFile> {
  const { sha256, bytes } = await hashFile(path.join(outDir, relative));
  return { path: relative, dataset, year, format, mediaType: formatOf(format).mediaType, bytes, records, sha256 };
}

/** The check stage's quality report, in both forms, into the data folder. */
export async function copyQualityReport(checkDir: string, outDir: string): Promise<PublishedFile[]> {
  // The check stage's bytes, copied: parsed and written again, a number kept as sent (exact-json.ts) could change.
  await copyFile(path.join(checkDir, QUALITY_REPORT_JSON), path.join(outDir, QUALITY_REPORT_JSON));
  await copyFile(path.join(checkDir, QUALITY_REPORT_MARKDOWN), path.join(outDir, QUALITY_REPORT_MARKDOWN));
  return [
    await describeFile(outDir, QUALITY_REPORT_JSON, null, 'all', 'quality-json', null),
    await describeFile(outDir, QUALITY_REPORT_MARKDOWN, null, 'all', 'quality-markdown', null),
  ];
}

/** The election years a dataset has files for, in order. */
function datasetYearsOf(recordsWritten: RecordsWritten, id: DatasetDefinition['id']): number[] {
  return [...(recordsWritten.get(id)?.keys() ?? [])]
    .filter((year): year is number => year !== 'all')
    .sort((a, b) => a - b);
}

export type RecordsWritten = Map<PublishedDatasetId, Map<YearKey, number>>;

/** The election years any harvested dataset has files for, in order. */
export function yearsWritten(recordsWritten: RecordsWritten): number[] {
  return [...new Set(DATASETS.flatMap((dataset) => datasetYearsOf(recordsWritten, dataset.id)))].sort((a, b) => a - b);
}

/** Each year's (and the all-years) dataset files described, in manifest order. */
export async function describeDatasetFiles(
  outDir: string,
  years: readonly number[],
  recordsWritten: RecordsWritten,
  derivedFormatsWritten: DerivedFormats,
): Promise<PublishedFile[]> {
  const files: PublishedFile[] = [];
  for (const year of [...years, 'all' as const]) {
    for (const dataset of DATASETS) {
      const records = recordsWritten.get(dataset.id)?.get(year);
      if (records === undefined) continue;
      for (const { id, suffix } of datasetFormats())
        files.push(await describeFile(outDir, `${stemOf(dataset, year)}${suffix}`, dataset.id, year, id, records));
      // The derived datasets of this one follow it: every format its normalized records have (no raw records).
      for (const derived of DERIVED_DATASETS.filter((candidate) => candidate.from === dataset.id)) {
        const rows = recordsWritten.get(derived.id)?.get(year);
        if (rows === undefined) continue;
        const written = derivedFormatsWritten.get(derived.id)?.get(year) ?? [];
        for (const { id, suffix } of derivedFormats().filter((format) => written.includes(format.id)))
          files.push(await describeFile(outDir, `${stemOf(derived, year)}${suffix}`, derived.id, year, id, rows));
      }
    }
  }
  return files;
}

/** The quality report's summary for the manifest: flagged records and violations per dataset and rule. */
function summarizeQuality(quality: QualityReport): SnapshotManifest['quality'] {
  return {
    recordsChecked: quality.recordsChecked,
    recordsFlagged: quality.recordsFlagged,
    violationCount: quality.violationCount,
    byDataset: Object.fromEntries(
      quality.datasets.map((report) => [
        report.dataset,
        {
          recordsFlagged: report.recordsFlagged,
          violationsByRule: Object.fromEntries(
            report.rules.map((rule) => [rule.id, violationsOfRule(report, rule.id)]),
          ),
          // Only when the source sent counts as JSON numbers: the manifests of string-only data stay as they were.
          ...(Object.keys(report.numberValues ?? {}).length > 0 ? { numberValues: report.numberValues } : {}),
        },
      ]),
    ),
  };
}

/**
 * The upstream's address to cite: null for the demo, KPU_SOURCE_URL when set, else the harvest's origin. The release's
 * citations and datapackage.json give it, so it counts in the release's content key (release-identity.ts).
 */
export function sourceUrlOf({ harvest, sourceUrl, upstreamProtocol }: ManifestSource): string | null {
  if (harvest.parameters.demo) return null;
  return sourceUrl ?? `${upstreamProtocol ?? 'https:'}//${harvest.parameters.upstreamHost}/`;
}

/** manifest.json's content: the source, the harvest's provenance, the datasets, the quality summary, every file. */
export function buildSnapshotManifest(
  options: ManifestSource,
  check: CheckResult,
  recordsWritten: RecordsWritten,
  years: number[],
  files: PublishedFile[],
): SnapshotManifest {
  const { harvest } = options;
  return {
    schemaVersion: 2,
    title: {
      id: 'Data pemilu Indonesia dari API data terbuka KPU',
      en: "Indonesia's election data from the KPU open-data API",
    },
    demo: harvest.parameters.demo,
    source: {
      publisher: SOURCE_PUBLISHER,
      upstreamHost: harvest.parameters.upstreamHost,
      url: sourceUrlOf(options),
      queries: UPSTREAM_DATASETS.map((dataset) => dataset.upstreamName),
    },
    harvest: {
      harvestId: harvest.harvestId,
      startedAt: harvest.startedAt,
      finishedAt: harvest.finishedAt,
      pages: Object.fromEntries(Object.entries(harvest.datasets).map(([id, summary]) => [id, summary.pages])),
      records: Object.fromEntries(Object.entries(harvest.datasets).map(([id, summary]) => [id, summary.records])),
      retries: harvest.retries,
      warnings: harvest.warnings,
      // How each dataset's end was established (a harvest stored by an earlier version did not record it).
      ends: Object.fromEntries(
        Object.entries(harvest.datasets).flatMap(([id, summary]) => (summary.end ? [[id, summary.end]] : [])),
      ),
    },
    years,
    datasets: DATASETS.map((dataset) => ({
      id: dataset.id,
      title: dataset.title,
      records: recordsWritten.get(dataset.id)?.get('all') ?? 0,
      years: datasetYearsOf(recordsWritten, dataset.id),
      valuesSeen: check.valuesSeen[dataset.id] ?? {},
    })),
    quality: summarizeQuality(check.quality),
    files,
    licences: manifestLicencesOf([...DATASETS, ...DERIVED_DATASETS]),
  };
}
