// The records of one dapil or party page as CSV and JSON, written next to the page by the same writers as
// the snapshot downloads (one Arrow table, scripts/snapshot/*-writer.ts), so the bytes follow the same
// conventions and the values are the downloads' values.
import { formatOf, servedMediaType } from '../formats.ts';
import { buildArrowTable } from '../snapshot/arrow-schema.ts';
import { serializeCsv } from '../snapshot/csv-writer.ts';
import { serializeJson } from '../snapshot/json-writer.ts';
import type { DatasetDefinition } from '../datasets/dataset-definition.ts';
import type { PageFileFormat } from './site-routes.ts';
import type { SiteRecord } from './site-data.ts';

export const PAGE_FILE_MEDIA_TYPES: Record<PageFileFormat, string> = {
  csv: servedMediaType(formatOf('csv')),
  json: servedMediaType(formatOf('json')),
};

export function renderPageFile(
  dataset: DatasetDefinition,
  records: readonly SiteRecord[],
  format: PageFileFormat,
): string {
  const table = buildArrowTable(
    dataset.columns,
    records.map((record) => record.values),
  );
  return [...(format === 'csv' ? serializeCsv(table) : serializeJson(table))].join('');
}
