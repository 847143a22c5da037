// Loads the records the stand-in upstream serves from CSV or JSON files, recognising each file's dataset by
// its fields. Values are kept exactly as written (CSV cells stay strings: leading zeros, commas, empties).
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import type { RawRecord, UpstreamDatasetDefinition } from '../datasets/dataset-definition.ts';
import { UPSTREAM_DATASETS, type DatasetId, type ShippedDatasetId } from '../datasets/datasets.ts';
import { demoDataset } from '../synthetic/synthetic-data.ts';

export type { DatasetId } from '../datasets/datasets.ts';

/**
 * Records per dataset, keyed by dataset id, in the order they are served: the shipped datasets' always there,
 * any other declared dataset's (a test's) when given; a dataset without records is served empty.
 */
export type UpstreamData = Record<ShippedDatasetId, RawRecord[]> & Partial<Record<DatasetId, RawRecord[]>>;

/** Records of some datasets, keyed by dataset id (`withDemoRecords` gives every other declared dataset its own). */
export type GivenRecords = Partial<Record<DatasetId, RawRecord[]>>;

/**
 * Records for every declared upstream dataset: those given, the demo's (`demoDataset`) for each dataset not given, and
 * none for a dataset without demo records (one a test declares). The tests and the benchmark build what the stand-in
 * serves with it, naming only the datasets they are about, so a dataset added to the declarations (with its demo
 * records) needs no change to them.
 */
export function withDemoRecords(given: GivenRecords): UpstreamData {
  let demo: GivenRecords | undefined;
  const records: GivenRecords = {};
  for (const dataset of UPSTREAM_DATASETS) {
    const demoRecords =
      given[dataset.id] === undefined ? (demo ??= demoDataset() as GivenRecords)[dataset.id] : undefined;
    records[dataset.id] = given[dataset.id] ?? demoRecords ?? [];
  }
  return { ...records, ...given } as UpstreamData;
}

function createEmptyUpstreamData(): UpstreamData {
  return Object.fromEntries(UPSTREAM_DATASETS.map((dataset) => [dataset.id, []])) as unknown as UpstreamData;
}

/** The dataset whose declared upstream fields are exactly these (in any order), if any. */
export function recogniseDataset(fields: readonly string[]): UpstreamDatasetDefinition | undefined {
  const given = new Set(fields);
  return UPSTREAM_DATASETS.find(
    (dataset) =>
      given.size === fields.length &&
      given.size === dataset.upstreamFields.length &&
      dataset.upstreamFields.every((field) => given.has(field)),
  );
}

/**
 * Reads every file and appends its records to its dataset, files in the order given.
 * CSV: a header row of the seed's field names (as ../shared/data/canonical/*.csv). JSON: an array of records
 * (values kept as they are, so a test can serve a number where a string belongs).
 */
export async function loadUpstreamData(files: readonly string[]): Promise<UpstreamData> {
  const data = createEmptyUpstreamData();
  for (const file of files) {
    const { dataset, records } = await readUpstreamFile(file);
    (data[dataset.id] ??= []).push(...records);
  }
  return data;
}

async function readUpstreamFile(file: string): Promise<{ dataset: UpstreamDatasetDefinition; records: RawRecord[] }> {
  const extension = extname(file).toLowerCase();
  if (extension !== '.csv' && extension !== '.json') {
    throw new Error(`${file}: unsupported file type "${extension}"; upstream data files are .csv or .json`);
  }
  const text = await readFile(file, 'utf8');
  const { fields, records } = extension === '.csv' ? parseCsv(file, text) : parseJson(file, text);
  const dataset = recogniseDataset(fields);
  if (!dataset) throw new Error(`${file}: the fields match no declared dataset (${describeMismatch(fields)})`);
  return { dataset, records };
}

function parseCsv(file: string, text: string): { fields: string[]; records: RawRecord[] } {
  let header: string[] = [];
  try {
    const records = parse(text, {
      bom: true,
      columns: (names: string[]) => {
        header = names;
        return names;
      },
      skip_empty_lines: true,
    }) as Record<string, string>[];
    return { fields: header, records };
  } catch (error) {
    throw new Error(`${file}: not a readable CSV file: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}

function parseJson(file: string, text: string): { fields: string[]; records: RawRecord[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not valid JSON: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  if (!Array.isArray(value)) throw new Error(`${file}: expected a JSON array of records`);
  if (value.length === 0) throw new Error(`${file}: an empty array does not say which dataset it holds`);
  const fields = new Set<string>();
  value.forEach((record: unknown, index) => {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) {
      throw new Error(`${file}: item ${index} is not a record (a JSON object)`);
    }
    for (const field of Object.keys(record)) fields.add(field);
  });
  return { fields: [...fields], records: value as RawRecord[] };
}

/** For the error message: how the fields differ from the closest declared dataset. */
function describeMismatch(fields: readonly string[]): string {
  const given = new Set(fields);
  const closest = UPSTREAM_DATASETS.map((dataset) => ({
    dataset,
    missing: dataset.upstreamFields.filter((field) => !given.has(field)),
    unknown: fields.filter((field) => !dataset.upstreamFields.includes(field)),
  })).sort((a, b) => a.missing.length + a.unknown.length - (b.missing.length + b.unknown.length))[0];
  if (!closest) return 'no datasets are declared';
  const parts = [`closest is ${closest.dataset.id}`];
  if (closest.missing.length > 0) parts.push(`missing ${closest.missing.join(', ')}`);
  if (closest.unknown.length > 0) parts.push(`unknown ${closest.unknown.join(', ')}`);
  if (fields.length !== given.size) parts.push('a field name is repeated');
  return parts.join('; ');
}
