// A Frictionless Data Package descriptor (datapackage.json, spec v1) for the published files: the CSV
// files as tabular resources with their Table Schema, the other formats as plain resources, each with
// bytes and SHA-256, the source with its retrieval time, and an honest word on the licence.
import type { ColumnType, DatasetDefinition } from '../datasets/dataset-definition.ts';
import { loadOfficialRegions } from '../datasets/regions/official-regions.ts';
import type { SnapshotManifest } from './snapshot-manifest.ts';

const FRICTIONLESS_TYPES: Record<ColumnType, string> = {
  integer: 'integer',
  text: 'string',
  decimal: 'number',
  date: 'date',
  // In CSV the list is one text field, items separated by ";".
  text_list: 'string',
};

function tableSchema(dataset: DatasetDefinition) {
  return {
    fields: dataset.columns.map((column) => ({
      name: column.name,
      type: FRICTIONLESS_TYPES[column.type],
      title: column.title.en,
      description: `${column.description.en} / ${column.description.id}${column.source ? ` (upstream field ${column.source})` : ''}`,
      // An empty list is an empty CSV field, which Table Schema reads as missing: only scalars can be required.
      ...(column.nullable || column.type === 'text_list' ? {} : { constraints: { required: true } }),
    })),
    missingValues: [''],
  };
}

export function buildDataPackage(manifest: SnapshotManifest, datasets: readonly DatasetDefinition[]) {
  const byId = new Map(datasets.map((dataset) => [dataset.id, dataset]));
  const regions = loadOfficialRegions().source;
  const resources = manifest.files
    .filter((file) => file.dataset !== null)
    .map((file) => {
      const dataset = byId.get(file.dataset as DatasetDefinition['id']) as DatasetDefinition;
      const name = file.path.replace(/^.*\//, '').replace(/\./g, '-').toLowerCase();
      const common = {
        name,
        path: file.path,
        title: `${dataset.title.en}, ${file.year === 'all' ? 'all years' : file.year} (${file.format})`,
        mediatype: file.mediaType,
        bytes: file.bytes,
        hash: `sha256:${file.sha256}`,
      };
      if (file.format === 'csv') {
        return {
          ...common,
          profile: 'tabular-data-resource',
          format: 'csv',
          encoding: 'utf-8',
          dialect: { delimiter: ',', lineTerminator: '\r\n', quoteChar: '"', doubleQuote: true, header: true },
          schema: tableSchema(dataset),
        };
      }
      return { ...common, profile: 'data-resource', format: file.format === 'raw-json' ? 'json' : file.format };
    });
  return {
    profile: 'data-package',
    name: 'kpu-election-data',
    title: manifest.title.en,
    description: `${manifest.title.en}. ${manifest.demo ? 'DEMO DATA, NOT REAL FIGURES: synthetic records served by the stand-in upstream. ' : ''}Licence: the upstream (Komisi Pemilihan Umum) publishes no licence for this data, and none is granted or implied here; credit the KPU as the source.`,
    version: manifest.harvest.harvestId,
    created: manifest.harvest.finishedAt,
    sources: [
      {
        title: `${manifest.source.publisher}, open-data API at ${manifest.source.upstreamHost} (${manifest.source.queries.join(', ')}), retrieved ${manifest.harvest.finishedAt}`,
      },
      {
        // The credit ODbL 1.0 asks for: the region code columns are matched from this list (docs/data.md).
        title: `Kemendagri region codes (Kepmendagri 300.2.2-2138/2025), from the npm package ${regions.package} ${regions.version} by Fityan Nugroho; its data is licensed under the Open Database License (ODbL) 1.0 (https://opendatacommons.org/licenses/odbl/1-0/). Used for the columns province_code and regency_code only.`,
        path: 'https://github.com/fityannugroho/idn-area-data',
      },
    ],
    keywords: ['Indonesia', 'election', 'pemilu', 'DPR', 'KPU', 'turnout', 'political parties'],
    resources,
  };
}
