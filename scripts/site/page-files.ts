// The records of one dapil or party page as CSV and JSON, written next to the page: the downloads' own bytes, each
// record's text copied from the all-years JSON and CSV files (record-lines.ts), framed as their writers frame a
// file; where a record's place is not known (a file read whole, a CSV value with a line break), made by the same
// writers as the snapshot downloads from one Arrow table (page-file-writers.ts). Either way the bytes follow
// the downloads' conventions and the values are the downloads' values. Written by the Astro build's process once
// Astro has written the pages (scripts/site/astro-build.ts): as Astro routes, the site's thousands of these files
// doubled what Astro renders and cost more than a quarter of its time. The files are written one after another with
// synchronous calls (the process has nothing else to do meanwhile): hundreds to thousands of small files, where the
// asynchronous calls' hand-offs to libuv's thread pool cost several times the CPU time of the writes themselves.
import { closeSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { DatasetDefinition } from '../datasets/dataset-definition.ts';
import { dapilPagesDataset, pagedDatasetById } from '../datasets/datasets.ts';
import { DEFAULT_LANG } from '../languages.ts';
import { readCsvLineStarts, type RecordLines } from './record-lines.ts';
import { PAGE_FILE_FORMATS, pageFileName, pagePath, type PageFileFormat, type PageRef } from './site-routes.ts';
import type { SiteData, SiteRecord } from './site-data.ts';

/** The most bytes of a page's file copied at a time. */
const COPY_PIECE = 1024 * 1024;

/**
 * A page's file in each format as the downloads' writers make it (page-file-writers.ts, loaded only for a page whose
 * records cannot be copied).
 */
async function writtenChunks(
  dataset: DatasetDefinition,
  records: readonly SiteRecord[],
): Promise<(format: PageFileFormat) => Iterable<string>> {
  const { pageTable, pageFileChunks } = await import('./page-file-writers.ts');
  const table = pageTable(dataset, records);
  return (format) => pageFileChunks(table, format);
}

/** Writes all of `bytes` to the open file `fd`. */
function writeAll(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done);
}

/**
 * Copies the bytes [start, end) of the open file `from` to the open file `to`, a piece at a time through `scratch`
 * (nothing allocated per range: a million records' page files are thousands of ranges).
 */
function copyRange(from: number, to: number, start: number, end: number, scratch: Buffer): void {
  for (let at = start; at < end;) {
    const read = readSync(from, scratch, 0, Math.min(scratch.length, end - at), at);
    if (read === 0) throw new Error('unexpected end of file');
    writeAll(to, scratch.subarray(0, read));
    at += read;
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
  /** The all-years JSON and CSV files, open for reading. */
  json: number;
  csv: number;
}

/**
 * Writes a page's file to the open file `fd` as the downloads' bytes: JSON framed as the JSON writer frames it, CSV
 * under the file's header, the records' texts copied through `scratch`.
 */
function writeCopied(
  fd: number,
  source: CopySource,
  positions: readonly number[],
  format: PageFileFormat,
  scratch: Buffer,
): void {
  if (format === 'json') {
    if (positions.length === 0) {
      writeAll(fd, Buffer.from('[\n]\n'));
      return;
    }
    writeAll(fd, JSON_OPENING);
    for (const [index, [start, end]] of joinedRanges(
      positions,
      (position) => source.lines.jsonRange(position),
      JSON_BETWEEN.length,
    ).entries()) {
      if (index > 0) writeAll(fd, JSON_BETWEEN);
      copyRange(source.json, fd, start, end, scratch);
    }
    writeAll(fd, JSON_CLOSING);
    return;
  }
  const starts = source.csvStarts;
  copyRange(source.csv, fd, 0, starts[1] as number, scratch);
  for (const [start, end] of joinedRanges(
    positions,
    (position) => [starts[position + 1] as number, starts[position + 2] as number],
    0,
  ))
    copyRange(source.csv, fd, start, end, scratch);
}

/** The copy source of a dataset, or null when its pages' files are made by the writers instead. */
async function openCopySource(lines: RecordLines | undefined): Promise<CopySource | null> {
  if (lines === undefined || !lines.complete || lines.csv === null) return null;
  const csvStarts = await readCsvLineStarts(lines.csv.file, lines.csv.described, lines.size);
  if (csvStarts === null) return null;
  const json = openSync(lines.json, 'r');
  try {
    return { lines, csvStarts, json, csv: openSync(lines.csv.file, 'r') };
  } catch (error) {
    closeSync(json);
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
    const scratch = Buffer.allocUnsafe(COPY_PIECE);
    for (const page of pages) {
      const folder = path.join(siteDir, pagePath(DEFAULT_LANG, page.page));
      mkdirSync(folder, { recursive: true });
      const source = sources.get(page.dataset.id) ?? null;
      const written = source === null ? await writtenChunks(page.dataset, page.records) : null;
      for (const format of PAGE_FILE_FORMATS) {
        // A new file in a folder only this build writes: written in place (`wx`: never over a file), chunk by chunk
        // as the writers make them, so only the chunk being written is held (a page's files grow with its records).
        const fd = openSync(
          path.join(folder, pageFileName(page.dataset.fileStem, page.year, page.kind, page.id, format)),
          'wx',
        );
        try {
          if (written === null)
            writeCopied(
              fd,
              source as CopySource,
              page.records.map((record) => record.position),
              format,
              scratch,
            );
          else for (const chunk of written(format)) writeAll(fd, Buffer.from(chunk));
        } finally {
          closeSync(fd);
        }
      }
    }
  } finally {
    for (const source of sources.values()) {
      if (source !== null) {
        closeSync(source.json);
        closeSync(source.csv);
      }
    }
  }
}
