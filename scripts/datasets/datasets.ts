// The registry of declared datasets, in publishing order: the one list every stage, writer, page and tool reads.
// A test may add datasets of its own with KPU_TEST_DATASETS (a module whose default export is a list of
// declarations), read through config.ts; the site stage hands the variable to Astro's build, so a dataset added
// there gets its pages too (docs/architecture.md, "Where to add a dataset").
import { pathToFileURL } from 'node:url';
import { readTestDatasetsModule } from '../config.ts';
import type { DatasetDefinition } from './dataset-definition.ts';
import { partyDataset } from './party-dataset.ts';
import { turnoutDataset } from './turnout-dataset.ts';

export type DatasetId = DatasetDefinition['id'];

/** The datasets this project publishes (a test may add more to DATASETS, never to these). */
const SHIPPED_DATASETS = [turnoutDataset, partyDataset] as const;
/** The ids of the shipped datasets, derived from their declarations: 'turnout' | 'parties'. */
export type ShippedDatasetId = (typeof SHIPPED_DATASETS)[number]['id'];

async function loadTestDatasets(): Promise<readonly DatasetDefinition[]> {
  const module = readTestDatasetsModule();
  if (module === null) return [];
  const loaded = (await import(/* @vite-ignore */ pathToFileURL(module).href)) as {
    default?: readonly DatasetDefinition[];
  };
  if (!Array.isArray(loaded.default)) throw new Error(`${module}: its default export is not a list of datasets`);
  return loaded.default;
}

export const DATASETS: readonly DatasetDefinition[] = [...SHIPPED_DATASETS, ...(await loadTestDatasets())];

export function findDataset(id: string): DatasetDefinition | undefined {
  return DATASETS.find((dataset) => dataset.id === id);
}

/** The declared dataset of an id the data names (a manifest, a history entry): an unknown id is a broken file. */
export function datasetById(id: string): DatasetDefinition {
  const dataset = findDataset(id);
  if (dataset === undefined) throw new Error(`no dataset is declared with the id ${JSON.stringify(id)}`);
  return dataset;
}
