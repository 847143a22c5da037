// The registry of declared datasets, in publishing order.
import type { DatasetDefinition } from './dataset-definition.ts';
import { partyDataset } from './party-dataset.ts';
import { turnoutDataset } from './turnout-dataset.ts';

export const DATASETS: readonly DatasetDefinition[] = [turnoutDataset, partyDataset];
