// A dataset the project makes (origin 'project') is read like a harvested one: the check and snapshot stages get
// its records from readDatasetRecords, which never looks for its pages and lets it read the harvested datasets.
import { describe, expect, it } from 'vitest';
import type { DatasetDefinition, RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { DATASETS, UPSTREAM_DATASETS } from '../../scripts/datasets/datasets.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { readDatasetRecords, type HarvestManifest } from '../../scripts/harvest/harvest-store.ts';

const NO_PAGES = { datasets: {} } as unknown as HarvestManifest;

function projectDataset(records: DatasetDefinition['origin']): DatasetDefinition {
  return { ...turnoutDataset, id: 'dapils', origin: records };
}

async function collect(batches: AsyncIterable<readonly RawRecord[]>): Promise<RawRecord[][]> {
  const all: RawRecord[][] = [];
  for await (const batch of batches) all.push([...batch]);
  return all;
}

describe('datasets the project makes', () => {
  it('yields its own records, in its batches, without a page in the harvest', async () => {
    const dataset = projectDataset({
      kind: 'project',
      source: { id: 'sumber', en: 'source' },
      async *records({ years }) {
        yield years.map((year) => ({ TahunPemilu: String(year) }));
        yield [{ TahunPemilu: '2019' }, { TahunPemilu: '2024' }];
      },
    });
    expect(await collect(readDatasetRecords('/nowhere', NO_PAGES, dataset, [2014]))).toEqual([
      [{ TahunPemilu: '2014' }],
      [{ TahunPemilu: '2019' }, { TahunPemilu: '2024' }],
    ]);
  });

  it("reads the harvest's upstream records through its context (a harvest without them is corrupt)", async () => {
    const dataset = projectDataset({
      kind: 'project',
      source: { id: 'sumber', en: 'source' },
      async *records(context) {
        for await (const batch of context.upstreamRecords('turnout')) yield batch;
      },
    });
    await expect(collect(readDatasetRecords('/nowhere', NO_PAGES, dataset, [2014]))).rejects.toMatchObject({
      code: 'HARVEST_CORRUPT',
    });
  });

  it('is published with the others but never harvested', () => {
    for (const dataset of UPSTREAM_DATASETS) expect(dataset.origin?.kind ?? 'upstream').toBe('upstream');
    const upstream = new Set<DatasetDefinition>(UPSTREAM_DATASETS);
    expect(DATASETS.filter((dataset) => !upstream.has(dataset)).map((dataset) => dataset.id)).toEqual(
      DATASETS.filter((dataset) => dataset.origin?.kind === 'project').map((dataset) => dataset.id),
    );
  });
});
