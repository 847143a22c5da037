// The registry of declared datasets, in publishing order: the one list every stage, writer, page and tool reads.
// A test may add datasets of its own with KPU_TEST_DATASETS (a module whose default export is a list of
// declarations), read through config.ts; the site stage hands the variable to Astro's build, so a dataset added
// there gets its pages too (docs/architecture.md, "Where to add a dataset").
import { pathToFileURL } from 'node:url';
import { readTestDatasetsModule } from '../config.ts';
import {
  isUpstreamDataset,
  type DatasetDefinition,
  type DatasetPages,
  type DerivedDatasetDefinition,
  type UpstreamDatasetDefinition,
} from './dataset-definition.ts';
import { dapilDataset } from './dapil-dataset.ts';
import { dapilListDataset } from './dapil-list-dataset.ts';
import { partyDataset } from './party-dataset.ts';
import { provinceListDataset, regencyListDataset } from './region-list-dataset.ts';
import { turnoutDataset } from './turnout-dataset.ts';
import { turnoutLongDataset } from './turnout-long-dataset.ts';

export type DatasetId = DatasetDefinition['id'];

/** The datasets this project harvests from the upstream. */
const HARVESTED_DATASETS = [turnoutDataset, partyDataset] as const;
/** The datasets this project publishes (a test may add more to DATASETS, never to these). */
const SHIPPED_DATASETS = [
  ...HARVESTED_DATASETS,
  dapilListDataset,
  dapilDataset,
  provinceListDataset,
  regencyListDataset,
] as const;
/**
 * The ids of the harvested datasets this project ships, derived from their declarations: 'turnout' | 'parties'
 * (what the stand-in upstream and the demo data always serve).
 */
export type ShippedDatasetId = (typeof HARVESTED_DATASETS)[number]['id'];

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

/** The datasets the harvest downloads (the others are made by the project: `DatasetDefinition.origin`). */
export const UPSTREAM_DATASETS: readonly UpstreamDatasetDefinition[] = DATASETS.filter(isUpstreamDataset);

/** A dataset with pages of its own (`pages` not null). */
export type PagedDataset = DatasetDefinition & { pages: DatasetPages };

/** The datasets with pages of their own, in publishing order (the official dapils have none). */
export const PAGED_DATASETS: readonly PagedDataset[] = DATASETS.filter(
  (dataset): dataset is PagedDataset => dataset.pages !== null,
);

export function findDataset(id: string): DatasetDefinition | undefined {
  return DATASETS.find((dataset) => dataset.id === id);
}

/** The declared dataset of an id the data names (a manifest, a history entry): an unknown id is a broken file. */
export function datasetById(id: string): DatasetDefinition {
  const dataset = findDataset(id);
  if (dataset === undefined) throw new Error(`no dataset is declared with the id ${JSON.stringify(id)}`);
  return dataset;
}

/**
 * The dataset whose pages are the dapil pages: the one declared with `pages.view: 'counts'` (its page key is the dapil
 * id); the declarations hold exactly one.
 */
export function dapilPagesDataset(): PagedDataset {
  const [dataset, ...others] = PAGED_DATASETS.filter((candidate) => candidate.pages.view === 'counts');
  if (dataset === undefined || others.length > 0) throw new Error("exactly one dataset's pages have the view 'counts'");
  return dataset;
}

/**
 * The dataset whose pages the year page lists in a table of its own (the parties): the one declared with
 * `pages.yearTable`; the declarations hold exactly one.
 */
export function yearTableDataset(): PagedDataset {
  const [dataset, ...others] = PAGED_DATASETS.filter((candidate) => candidate.pages.yearTable === true);
  if (dataset === undefined || others.length > 0) throw new Error("exactly one dataset's pages have a year table");
  return dataset;
}

/** The declared dataset of a page (a route, a profile page): one without pages has none to name. */
export function pagedDatasetById(id: string): PagedDataset {
  const dataset = datasetById(id);
  if (dataset.pages === null) throw new Error(`the dataset ${id} has no pages`);
  return dataset as PagedDataset;
}

/** Datasets computed from a harvested dataset's normalized records (DerivedDatasetDefinition), in publishing order. */
export const DERIVED_DATASETS: readonly DerivedDatasetDefinition[] = [turnoutLongDataset];
