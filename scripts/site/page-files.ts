// The records of one dapil or party page as CSV and JSON, written next to the page: the downloads' own bytes, each
// record's text copied from the all-years JSON and CSV files (record-lines.ts), framed as their writers frame a
// file; where a record's place is not known (a file read whole, a CSV value with a line break), made by the same
// writers as the snapshot downloads from one Arrow table (scripts/snapshot/*-writer.ts). Either way the bytes follow
// the downloads' conventions and the values are the downloads' values. Written by the Astro build's process once
// Astro has written the pages (scripts/site/astro-build.ts): as Astro routes, the site's thousands of these files
// doubled what Astro renders and cost more than a quarter of its time.
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Table } from 'apache-arrow';
import type { DatasetDefinition } from '../datasets/dataset-definition.ts';
import { dapilPagesDataset, pagedDatasetById } from '../datasets/datasets.ts';
import { forEachAtOnce } from '../foundation/at-once.ts';
import { readFileRangeInPieces } from '../foundation/file-splice.ts';
import { DEFAULT_LANG } from '../languages.ts';
import { buildArrowTable } from '../snapshot/arrow-schema.ts';
import { serializeCsv } from '../snapshot/csv-writer.ts';
import { serializeJson } from '../snapshot/json-writer.ts';
import { readCsvLineStarts, type RecordLines } from './record-lines.ts';
import { PAGE_FILE_FORMATS, pageFileName, pagePath, type PageFileFormat, type PageRef } from './site-routes.ts';
import type { SiteData, SiteRecord } from './site-data.ts';

/**
 * Pages whose files are made at once. Thousands of small pages (ten times the real data) take no longer than with
 * sixteen; at a million records each page's table holds thousands of records, and sixteen at once made the Astro
 * build's process 1.40–1.45 GB instead of 1.26 GB.
 */
const PAGES_AT_ONCE = 4;

/** The most bytes of a page's file copied at a time (readFileRangeInPieces). */
const COPY_PIECE = 1024 * 1024;

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
async function writeChunks(
  file: string,
  chunks: Iterable<string | Buffer> | AsyncIterable<string | Buffer>,
): Promise<void> {
  const handle = await open(file, 'wx');
  try {
    for await (const chunk of chunks) await handle.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  } finally {
    await handle.close();
  }
}

/** The framing of a JSON file as the JSON writer writes it (json-writer.ts): its opening, between records, closing. */
const JSON_OPENING = Buffer.from('[\n');
const JSON_BETWEEN = Buffer.from(',\n');
const JSON_CLOSING = Buffer.from('\n]\n');

/**
 * The byte ranges of `positions`' texts, neighbours joined: `rangeOf(position)` gives one record's, and two records
 * are one range when the second starts `gap` bytes after the first ends (the file's own text between them).
 */
function joinedRanges(
  positions: readonly number[],
  rangeOf: (position: number) => [number, number],
  gap: number,
): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const position of positions) {
    const [start, end] = rangeOf(position);
    const last = ranges.at(-1);
    if (last !== undefined && start === last[1] + gap) last[1] = end;
    else ranges.push([start, end]);
  }
  return ranges;
}

/** Where a dataset's page files are copied from: its all-years JSON and CSV, each record's place in both. */
interface CopySource {
  lines: RecordLines;
  csvStarts: Float64Array;
  json: FileHandle;
  csv: FileHandle;
}

/**
 * A page's file as the downloads' bytes: JSON framed as the JSON writer frames it, CSV under the file's header. The
 * copied bytes are read into `scratch` (readFileRangeInPieces): each chunk is to be written before the next is asked.
 */
async function* copiedChunks(
  source: CopySource,
  positions: readonly number[],
  format: PageFileFormat,
  scratch: Buffer,
): AsyncGenerator<Buffer> {
  if (format === 'json') {
    if (positions.length === 0) {
      yield Buffer.from('[\n]\n');
      return;
    }
    yield JSON_OPENING;
    for (const [index, [start, end]] of joinedRanges(
      positions,
      (position) => source.lines.jsonRange(position),
      JSON_BETWEEN.length,
    ).entries()) {
      if (index > 0) yield JSON_BETWEEN;
      yield* readFileRangeInPieces(source.json, start, end, scratch);
    }
    yield JSON_CLOSING;
    return;
  }
  const starts = source.csvStarts;
  yield* readFileRangeInPieces(source.csv, 0, starts[1] as number, scratch);
  for (const [start, end] of joinedRanges(
    positions,
    (position) => [starts[position + 1] as number, starts[position + 2] as number],
    0,
  ))
    yield* readFileRangeInPieces(source.csv, start, end, scratch);
}

/** The copy source of a dataset, or null when its pages' files are made by the writers instead. */
async function openCopySource(lines: RecordLines | undefined): Promise<CopySource | null> {
  if (lines === undefined || !lines.complete || lines.csv === null) return null;
  const csvStarts = await readCsvLineStarts(lines.csv.file, lines.csv.described, lines.size);
  if (csvStarts === null) return null;
  const json = await open(lines.json, 'r');
  try {
    return { lines, csvStarts, json, csv: await open(lines.csv.file, 'r') };
  } catch (error) {
    await json.close();
    throw error;
  }
}

export interface PageFiles {
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
export function pagesWithFiles(site: SiteData): PageFiles[] {
  return [
    ...site.dapils.map((view): PageFiles => ({
      page: { kind: 'dapil', year: view.year, dapilId: view.dapilId },
      dataset: dapilPagesDataset(),
      kind: dapilPagesDataset().pages.slug.id,
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
  const sources = new Map<DatasetDefinition['id'], CopySource | null>();
  try {
    for (const page of pages)
      if (!sources.has(page.dataset.id))
        sources.set(page.dataset.id, await openCopySource(site.lines?.get(page.dataset.id)));
    // One buffer for the copied bytes per page being written, handed from page to page.
    const scratches: Buffer[] = [];
    await forEachAtOnce(pages, PAGES_AT_ONCE, async (page) => {
      const folder = path.join(siteDir, pagePath(DEFAULT_LANG, page.page));
      await mkdir(folder, { recursive: true });
      const source = sources.get(page.dataset.id) ?? null;
      const positions = page.records.map((record) => record.position);
      const table = source === null ? pageTable(page.dataset, page.records) : null;
      const scratch = scratches.pop() ?? Buffer.allocUnsafe(COPY_PIECE);
      try {
        for (const format of PAGE_FILE_FORMATS) {
          await writeChunks(
            path.join(folder, pageFileName(page.dataset.fileStem, page.year, page.kind, page.id, format)),
            table === null
              ? copiedChunks(source as CopySource, positions, format, scratch)
              : pageFileChunks(table, format),
          );
        }
      } finally {
        scratches.push(scratch);
      }
    });
  } finally {
    for (const source of sources.values()) {
      await source?.json.close();
      await source?.csv.close();
    }
  }
}
