// A page's records made into its CSV and JSON by the snapshot downloads' own writers, from one Arrow table
// (scripts/snapshot/*-writer.ts): how page-files.ts writes the files of a page whose records cannot be copied from
// the downloads. A module of its own, loaded only then: the writers bring Apache Arrow (150 modules) into the site's
// build process, which copying does without.
import type { Table } from 'apache-arrow';
import type { DatasetDefinition } from '../datasets/dataset-definition.ts';
import { buildArrowTable } from '../snapshot/arrow-schema.ts';
import { serializeCsv } from '../snapshot/csv-writer.ts';
import { serializeJson } from '../snapshot/json-writer.ts';
import type { PageFileFormat } from './site-routes.ts';
import type { SiteRecord } from './site-data.ts';

/** A page's records as one Arrow table, which the downloads' two writers turn into its CSV and JSON. */
export function pageTable(dataset: DatasetDefinition, records: readonly SiteRecord[]): Table {
  return buildArrowTable(
    dataset.columns,
    records.map((record) => record.values),
  );
}

/** A page's records as CSV or JSON, the downloads' conventions, in chunks of lines. */
export function* pageFileChunks(table: Table, format: PageFileFormat): Generator<string> {
  yield* format === 'csv' ? serializeCsv(table) : serializeJson(table);
}
