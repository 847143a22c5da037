// The file-level metadata every Parquet and Arrow file carries (Parquet key-value metadata, Arrow schema
// metadata): what the file holds, where it comes from, its licence and where its dictionary is. Only facts of the
// data and its declaration: the release id and retrieval time are named after the files are written, so the
// release stage adds them (scripts/release/release-stamp.ts; docs/architecture.md, "Release-dependent files").
import { RecordBatch, Schema, Table } from 'apache-arrow';
import type { DatasetDefinition, DerivedDatasetDefinition } from '../datasets/dataset-definition.ts';
import { findDataset } from '../datasets/datasets.ts';

export const SOURCE_PUBLISHER = 'Komisi Pemilihan Umum (KPU)';

/** The licence statement every descriptor repeats: the upstream grants none, so none is passed on. */
export const LICENCE_NOTE =
  'The upstream (Komisi Pemilihan Umum) publishes no licence for this data, and none is granted or implied here; credit the KPU as the source.';

/**
 * The metadata of one dataset's file for one election year ('all' for every year together).
 * Example: turnout, 2014 → dataset "turnout", year "2014", source "Komisi Pemilihan Umum (KPU), open-data API,
 * query datahakpilihdpr", …
 */
export function fileMetadataOf(
  dataset: DatasetDefinition | DerivedDatasetDefinition,
  year: number | 'all',
): Map<string, string> {
  return new Map([
    ['dataset', dataset.id],
    ['title', `${dataset.title.en} / ${dataset.title.id}`],
    ['election_year', year === 'all' ? 'all' : String(year)],
    [
      'source',
      'origin' in dataset && dataset.origin?.kind === 'project'
        ? dataset.origin.source.en
        : 'upstreamName' in dataset
          ? `${SOURCE_PUBLISHER}, open-data API, query ${dataset.upstreamName}`
          : `${SOURCE_PUBLISHER}, open-data API, query ${findDataset(dataset.from)?.upstreamName ?? dataset.from} (computed from the ${dataset.from} records)`,
    ],
    ['licence', LICENCE_NOTE],
    [
      'dictionary',
      "Each column's field metadata (title, description, unit, upstream field); datapackage.json beside this file (its resource schema) and the README.md of the year bundle.",
    ],
  ]);
}

/** The same table (no data copied) whose schema carries `metadata`. */
export function withFileMetadata(table: Table, metadata: Map<string, string>): Table {
  const schema = new Schema(table.schema.fields, metadata, table.schema.dictionaries);
  return new Table(
    schema,
    table.batches.map((batch) => new RecordBatch(schema, batch.data)),
  );
}
