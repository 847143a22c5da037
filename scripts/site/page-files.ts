// The records of one dapil or party page as CSV and JSON, written next to the page by the same writers as
// the snapshot downloads (one Arrow table, scripts/snapshot/*-writer.ts), so the bytes follow the same
// conventions and the values are the downloads' values. Written by the Astro build's process once Astro has
// written the pages (scripts/site/astro-build.ts), from the records the pages were rendered from: as Astro routes,
// the site's thousands of these files doubled what Astro renders and cost more than a quarter of its time
// (docs/performance.md, "The site stage: its files outside Astro").
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import type { Table } from 'apache-arrow';
import type { DatasetDefinition } from '../datasets/dataset-definition.ts';
import { pagedDatasetById } from '../datasets/datasets.ts';
import { turnoutDataset } from '../datasets/turnout-dataset.ts';
import { forEachAtOnce } from '../foundation/at-once.ts';
import { DEFAULT_LANG } from '../languages.ts';
import { buildArrowTable } from '../snapshot/arrow-schema.ts';
import { serializeCsv } from '../snapshot/csv-writer.ts';
import { serializeJson } from '../snapshot/json-writer.ts';
import { PAGE_FILE_FORMATS, pageFileName, pagePath, type PageFileFormat, type PageRef } from './site-routes.ts';
import type { SiteData, SiteRecord } from './site-data.ts';

/**
 * Pages whose files are made at once. Thousands of small pages (ten times the real data) take no longer than with
 * sixteen; at a million records each page's table holds thousands of records, and sixteen at once made the Astro
 * build's process 1.40–1.45 GB instead of 1.26 GB (docs/performance.md, "The site stage: its files outside Astro").
 */
const PAGES_AT_ONCE = 4;

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

/**
 * Writes the chunks to a new file as they come, never the whole text at once: a page's files grow with its records
 * (thousands each at a million records), and only the chunk being written need be held. The file is new in a folder
 * only this build writes, so it is written in place (`wx`: never over a file).
 */
async function writeChunks(file: string, chunks: Iterable<string>): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    for (const chunk of chunks) await handle.write(chunk);
  } finally {
    await handle.close();
  }
}

interface PageFiles {
  /** The page, whose folder in the default language's scheme holds its files (the pages link them there). */
  page: PageRef;
  dataset: DatasetDefinition;
  /** The page's URL word in the default language, part of the file names. */
  kind: string;
  id: string;
  year: number;
  records: readonly SiteRecord[];
}

/** Every page that has files of its own: each dapil page, and each profile page (a party's). */
function pagesWithFiles(site: SiteData): PageFiles[] {
  return [
    ...site.dapils.map((view): PageFiles => ({
      page: { kind: 'dapil', year: view.year, dapilId: view.dapilId },
      dataset: turnoutDataset,
      kind: turnoutDataset.pages.slug.id,
      id: view.dapilId,
      year: view.year,
      records: view.records,
    })),
    ...site.profiles.map((view): PageFiles => {
      const dataset = pagedDatasetById(view.dataset);
      return {
        page: { kind: 'profile', dataset: view.dataset, year: view.year, id: view.id },
        dataset,
        kind: dataset.pages.slug.id,
        id: view.id,
        year: view.year,
        records: view.records,
      };
    }),
  ];
}

/**
 * Writes every dapil and profile page's records as CSV and JSON next to the page in `siteDir`, e.g.
 * /2014/dapil/1101/kpu-dpr-turnout-by-sex-2014-dapil-1101.csv and /2024/partai/1/kpu-party-profiles-2024-partai-1.json
 * (page-files.astro links them there).
 */
export async function writePageFiles(site: SiteData, siteDir: string): Promise<void> {
  const pages = pagesWithFiles(site);
  await forEachAtOnce(pages, PAGES_AT_ONCE, async (page) => {
    const folder = path.join(siteDir, pagePath(DEFAULT_LANG, page.page));
    await mkdir(folder, { recursive: true });
    const table = pageTable(page.dataset, page.records);
    for (const format of PAGE_FILE_FORMATS) {
      await writeChunks(
        path.join(folder, pageFileName(page.dataset.fileStem, page.year, page.kind, page.id, format)),
        pageFileChunks(table, format),
      );
    }
  });
}
