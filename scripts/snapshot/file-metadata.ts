// The file-level metadata every Parquet and Arrow file carries (Parquet key-value metadata, Arrow schema
// metadata): what the file holds, where it comes from (and, for a demo build's, that it is not real), its licences
// with the credit of what the project adds, and where its dictionary is. Only facts of the
// data and its declaration, then, in a build, the release they belong to and its retrieval time, named before any
// file is written (release-identity.ts; docs/architecture.md, "Release-dependent files").
import { RecordBatch, Schema, Table } from 'apache-arrow';
import { releaseMetadataOf, type ReleaseStamp } from './release-identity.ts';
import type { PublishedDataset } from '../datasets/dataset-definition.ts';
import { findDataset } from '../datasets/datasets.ts';
import type { ManifestLicence } from './snapshot-manifest.ts';

export const SOURCE_PUBLISHER = 'Komisi Pemilihan Umum (KPU)';

/** The licence statement every descriptor repeats: the upstream grants none, so none is passed on. */
export const LICENCE_NOTE =
  'The upstream (Komisi Pemilihan Umum) publishes no licence for this data, and none is granted or implied here; credit the KPU as the source.';

/** What a demo build's files say of themselves, wherever they name their source. */
export const DEMO_NOTE =
  "DEMO DATA, NOT REAL FIGURES: synthetic records served by the project's stand-in upstream (a build without KPU_BASE_URL), not the KPU's data.";

/** The metadata entry that marks a demo build's file (its value DEMO_NOTE); absent from a real build's files. */
const DEMO_METADATA_KEY = 'demo';

/**
 * The credit and licence of what the project adds to a dataset's records (the region codes under the ODbL, with
 * their attribution), as one sentence; null for a dataset holding only its source's data.
 */
export function addedContentCreditOf(dataset: PublishedDataset): string | null {
  const licence = dataset.addedContentLicence;
  if (!licence) return null;
  return licence.source
    ? `${licence.source.title} ${licence.source.path}`
    : `${licence.title} (${licence.name}, ${licence.path})`;
}

/** Where a dataset's records come from, in words: the KPU query, or what the project made them from. */
export function sourceNoteOf(dataset: PublishedDataset): string {
  const origin = 'origin' in dataset ? dataset.origin : undefined;
  if (origin?.kind === 'project') return origin.source.en;
  return 'upstreamName' in dataset
    ? `${SOURCE_PUBLISHER}, open-data API, query ${dataset.upstreamName}`
    : `${SOURCE_PUBLISHER}, open-data API, query ${findDataset(dataset.from)?.upstreamName ?? dataset.from} (computed from the ${dataset.from} records)`;
}

/**
 * The licence statement of a dataset's files: the upstream's none, or for a table of someone else's data under a
 * licence (the region lists) that licence with its credit.
 */
export function licenceNoteOf(dataset: PublishedDataset): string {
  const licence = 'origin' in dataset && dataset.origin?.kind === 'project' ? dataset.origin.licence : undefined;
  return licence ? `${licence.title} (${licence.name}, ${licence.path}).` : LICENCE_NOTE;
}

/**
 * The metadata of one dataset's file for one election year ('all' for every year together); `demoBuild` for a demo
 * build's file, which says so first and in its source (but for the project's own tables, which are real); `release`
 * (a build's) last, as `release` and `retrieved_at`.
 * Example: turnout, 2014 → dataset "turnout", year "2014", source "Komisi Pemilihan Umum (KPU), open-data API,
 * query datahakpilihdpr", …, added_content_licence "Kemendagri region codes (…) … Open Database License (ODbL) 1.0 …"
 */
export function fileMetadataOf(
  dataset: PublishedDataset,
  year: number | 'all',
  demoBuild = false,
  release: ReleaseStamp | null = null,
): Map<string, string> {
  const origin = 'origin' in dataset ? dataset.origin : undefined;
  // The project's own tables (the official dapils) are real in a demo build too.
  const demo = demoBuild && origin?.kind !== 'project';
  const source = sourceNoteOf(dataset);
  const credit = addedContentCreditOf(dataset);
  return new Map([
    ...(demo ? [[DEMO_METADATA_KEY, DEMO_NOTE] as [string, string]] : []),
    ['dataset', dataset.id],
    ['title', `${dataset.title.en} / ${dataset.title.id}`],
    ['election_year', year === 'all' ? 'all' : String(year)],
    ['source', demo ? `${DEMO_NOTE} In the shape of: ${source}` : source],
    ['licence', licenceNoteOf(dataset)],
    ...(credit ? [['added_content_licence', credit] as [string, string]] : []),
    [
      'dictionary',
      "Each column's field metadata (title, description, unit, upstream field); datapackage.json beside this file (its resource schema) and the README.md of the year bundle.",
    ],
    ...(release ? releaseMetadataOf(release) : []),
  ]);
}

/**
 * manifest.json's licences of `datasets`' files: the upstream's none for all of them, then each licence of content
 * the project adds, once, with its credit and the datasets it applies to.
 */
export function manifestLicencesOf(datasets: readonly PublishedDataset[]): ManifestLicence[] {
  const added = new Map<string, ManifestLicence>();
  for (const dataset of datasets) {
    const licence = dataset.addedContentLicence;
    if (!licence) continue;
    const entry = added.get(licence.name) ?? {
      name: licence.name,
      title: licence.title,
      path: licence.path,
      ...(licence.source ? { credit: addedContentCreditOf(dataset) ?? undefined } : {}),
      datasets: [],
    };
    entry.datasets.push(dataset.id);
    added.set(licence.name, entry);
  }
  return [
    { name: 'notspecified', title: LICENCE_NOTE, datasets: datasets.map((dataset) => dataset.id) },
    ...added.values(),
  ];
}

/** Whether a table's schema metadata marks it as a demo build's (fileMetadataOf with `demo`). */
export function isDemoMetadata(metadata: ReadonlyMap<string, string>): boolean {
  return metadata.has(DEMO_METADATA_KEY);
}

/** The same table (no data copied) whose schema carries `metadata`. */
export function withFileMetadata(table: Table, metadata: Map<string, string>): Table {
  const schema = new Schema(table.schema.fields, metadata, table.schema.dictionaries);
  return new Table(
    schema,
    table.batches.map((batch) => new RecordBatch(schema, batch.data)),
  );
}
