// The registry of declared datasets, in publishing order: the harvested ones, then those derived from them.
import type { DatasetDefinition, DerivedDatasetDefinition } from './dataset-definition.ts';
import { partyDataset } from './party-dataset.ts';
import { turnoutDataset } from './turnout-dataset.ts';
import { turnoutLongDataset } from './turnout-long-dataset.ts';

export const DATASETS: readonly DatasetDefinition[] = [turnoutDataset, partyDataset];

export function findDataset(id: string): DatasetDefinition | undefined {
  return DATASETS.find((dataset) => dataset.id === id);
}

/** Datasets computed from a harvested dataset's normalized records (DerivedDatasetDefinition), in publishing order. */
export const DERIVED_DATASETS: readonly DerivedDatasetDefinition[] = [turnoutLongDataset];
