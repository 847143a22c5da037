// A Frictionless Data Package descriptor (datapackage.json, Data Package spec v1, which the official validator
// reads) for a release's data files: every normalized file (JSON, CSV, Parquet, Arrow) as a tabular resource with
// its Table Schema, primary key and foreign keys, the raw records and the release's DuckDB and SQLite databases as
// plain resources, each with bytes and SHA-256;
// the release as version, the upstream with its address as the source, and honest licences. Written by the release
// stage, once for the data folder and once for each bundle (with the bundle's own paths).
import {
  primaryKeyOf,
  type ColumnType,
  type DatasetDefinition,
  type PublishedDataset,
} from '../datasets/dataset-definition.ts';
import { formatOf, tableFormats, type FileFormat } from '../formats.ts';
import { LICENCE_NOTE } from '../snapshot/file-metadata.ts';
import { CITATION_KEYWORDS } from './citation-files.ts';
import type { PublishedFile, SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { referenceHolds, type BrokenReferences } from './reference-check.ts';

/**
 * Table Schema types per column type; a list is one text field in a format that writes it as text (`listsAsText`: CSV
 * and XLSX, items separated by ";"), an array elsewhere.
 */
function fieldType(type: ColumnType, format: FileFormat): string {
  if (type === 'text_list') return formatOf(format).listsAsText === true ? 'string' : 'array';
  return { integer: 'integer', text: 'string', decimal: 'number', date: 'date' }[type];
}

/** The formats published as tables of the normalized columns (tableFormats); raw JSON holds the upstream's fields as sent. */
const TABULAR_FORMATS: ReadonlySet<FileFormat> = new Set(tableFormats());

/** The resource name of a file: its base name in lower case, dots as dashes ("kpu-dpr-…-2014-csv"). */
function resourceNameOf(file: PublishedFile): string {
  return file.path.replace(/^.*\//, '').replace(/\./g, '-').toLowerCase();
}

function tableSchema(
  dataset: PublishedDataset,
  file: PublishedFile,
  resourceOf: (dataset: DatasetDefinition['id'], like: PublishedFile) => PublishedFile | undefined,
  broken: BrokenReferences,
) {
  const foreignKeys = (dataset.references ?? []).flatMap((reference) => {
    const target = resourceOf(reference.dataset, file);
    return target && referenceHolds(broken, dataset.id, reference.dataset, file.year)
      ? [
          {
            fields: [...reference.columns],
            reference: { resource: resourceNameOf(target), fields: [...reference.referencedColumns] },
          },
        ]
      : [];
  });
  return {
    fields: dataset.columns.map((column) => ({
      name: column.name,
      type: fieldType(column.type, file.format),
      title: column.title.en,
      description: `${column.description.en} / ${column.description.id}${column.source ? ` (upstream field ${column.source})` : ''}`,
      // An empty list is an empty CSV field, which Table Schema reads as missing: only scalars can be required.
      ...(column.nullable || column.type === 'text_list' ? {} : { constraints: { required: true } }),
    })),
    ...(file.format === 'csv' ? { missingValues: [''] } : {}),
    primaryKey: primaryKeyOf(dataset),
    ...(foreignKeys.length > 0 ? { foreignKeys } : {}),
  };
}

function resourceOfFile(
  file: PublishedFile,
  dataset: PublishedDataset,
  pathOf: (file: PublishedFile) => string,
  resourceOf: (dataset: DatasetDefinition['id'], like: PublishedFile) => PublishedFile | undefined,
  broken: BrokenReferences,
) {
  const common = {
    name: resourceNameOf(file),
    path: pathOf(file),
    title: `${dataset.title.en}, ${file.year === 'all' ? 'all years' : file.year} (${file.format})`,
    mediatype: file.mediaType,
    bytes: file.bytes,
    hash: `sha256:${file.sha256}`,
  };
  if (!TABULAR_FORMATS.has(file.format))
    return { ...common, profile: 'data-resource', format: file.format === 'raw-json' ? 'json' : file.format };
  return {
    ...common,
    profile: 'tabular-data-resource',
    format: file.format,
    ...(file.format === 'csv'
      ? {
          encoding: 'utf-8',
          dialect: { delimiter: ',', lineTerminator: '\r\n', quoteChar: '"', doubleQuote: true, header: true },
        }
      : {}),
    schema: tableSchema(dataset, file, resourceOf, broken),
  };
}

/** A database of every table of the release, as a plain resource (with the same fields as the tables' resources). */
function databaseResourceOf(
  file: PublishedFile,
  pathOf: (file: PublishedFile) => string,
): ReturnType<typeof resourceOfFile> {
  return {
    name: resourceNameOf(file),
    path: pathOf(file),
    title: `Every table of the release, all years (${file.format} database)`,
    mediatype: file.mediaType,
    bytes: file.bytes,
    hash: `sha256:${file.sha256}`,
    profile: 'data-resource',
    format: file.format === 'duckdb' ? 'duckdb' : 'sqlite',
  };
}

/** The licences of content the project adds, once each, from the datasets whose files are listed. */
function addedLicences(datasets: readonly PublishedDataset[], files: readonly PublishedFile[]) {
  const licences = datasets
    .filter((dataset) => files.some((file) => file.dataset === dataset.id))
    .flatMap((dataset) => (dataset.addedContentLicence ? [dataset.addedContentLicence] : []));
  return licences.filter((licence, index) => licences.findIndex((other) => other.name === licence.name) === index);
}

export interface DataPackageOptions {
  /** The completed manifest (release stage): its release, source and harvest. */
  manifest: SnapshotManifest;
  /** The harvested datasets and those derived from them (DERIVED_DATASETS). */
  datasets: readonly PublishedDataset[];
  /** The data files to list (the data folder's, or one bundle's). */
  files: readonly PublishedFile[];
  /** A file's path in the package: as in the data folder, or its base name in a bundle. */
  pathOf: (file: PublishedFile) => string;
  /** KPU_SITE_URL, or null. */
  homepage: string | null;
  /** The references some record breaks (findBrokenReferences): no foreign key is declared where one does. */
  brokenReferences: BrokenReferences;
}

function datasetOfFile(byId: ReadonlyMap<string, PublishedDataset>, file: PublishedFile): PublishedDataset {
  const dataset = byId.get(file.dataset ?? '');
  if (!dataset)
    throw new Error(`${file.path}: manifest.json names dataset ${String(file.dataset)}, which is not declared`);
  return dataset;
}

export function buildDataPackage({
  manifest,
  datasets,
  files,
  pathOf,
  homepage,
  brokenReferences,
}: DataPackageOptions) {
  const release = manifest.release;
  if (!release) throw new Error('datapackage.json names the release: run the release stage first.');
  const byId = new Map(datasets.map((dataset) => [dataset.id, dataset]));
  const dataFiles = files.filter((file) => file.dataset !== null);
  // The file a foreign key points to: the other dataset's of the same format and year, else of all years; a key is
  // declared only when that file is listed and no record breaks it.
  const resourceOf = (id: DatasetDefinition['id'], like: PublishedFile) =>
    dataFiles.find((file) => file.dataset === id && file.format === like.format && file.year === like.year) ??
    dataFiles.find((file) => file.dataset === id && file.format === like.format && file.year === 'all');
  const retrievedAt = release.retrievedAt ?? manifest.harvest.finishedAt;
  const added = addedLicences(datasets, dataFiles);
  const resources = [
    ...dataFiles.map((file) => resourceOfFile(file, datasetOfFile(byId, file), pathOf, resourceOf, brokenReferences)),
    // The databases hold every table above in one file each: plain resources (a Tabular Data Resource is one table).
    ...files
      .filter((file) => file.format === 'duckdb' || file.format === 'sqlite')
      .map((file) => databaseResourceOf(file, pathOf)),
  ];
  return {
    profile: 'data-package',
    id: release.url ?? `urn:kpu-election-data:release:${release.id}:${release.fingerprint.slice(0, 16)}`,
    name: 'kpu-election-data',
    title: manifest.title.en,
    description: `${manifest.title.en}. ${manifest.demo ? 'DEMO DATA, NOT REAL FIGURES: synthetic records served by the stand-in upstream. ' : ''}Release ${release.id}, retrieved ${retrievedAt}. Licence: ${LICENCE_NOTE} Records that break a data quality rule (a duplicate key included) are published as the source gave them and flagged in quality_flags.`,
    version: release.id,
    created: retrievedAt,
    ...(homepage ? { homepage } : {}),
    sources: [
      {
        title: `${manifest.source.publisher}, open-data API at ${manifest.source.upstreamHost} (${manifest.source.queries.join(', ')}), retrieved ${retrievedAt}`,
        ...(manifest.source.url ? { path: manifest.source.url } : {}),
      },
      ...added.flatMap((licence) => (licence.source ? [{ ...licence.source }] : [])),
    ],
    licenses: [
      {
        // The Open Definition's id for "no licence stated": the upstream states none, and none is passed on.
        name: 'notspecified',
        title: `No licence: ${LICENCE_NOTE}`,
      },
      ...added.map(({ name, title, path }) => ({ name, title, path })),
    ],
    keywords: CITATION_KEYWORDS,
    resources,
  };
}
