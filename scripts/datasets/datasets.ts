// The registry of declared datasets, in publishing order.
import { isUpstreamDataset, type DatasetDefinition, type UpstreamDatasetDefinition } from './dataset-definition.ts';
import { dapilDataset } from './dapil-dataset.ts';
import { partyDataset } from './party-dataset.ts';
import { turnoutDataset } from './turnout-dataset.ts';

export const DATASETS: readonly DatasetDefinition[] = [turnoutDataset, partyDataset, dapilDataset];

/** The datasets the harvest downloads (the others are made by the project: `DatasetDefinition.origin`). */
export const UPSTREAM_DATASETS: readonly UpstreamDatasetDefinition[] = DATASETS.filter(isUpstreamDataset);

export function findDataset(id: string): DatasetDefinition | undefined {
  return DATASETS.find((dataset) => dataset.id === id);
}
