// The site's URL scheme, in one place: every page's path in each language, built from identifiers only
// (year, dapil id, ballot number), so a shared link keeps working across rebuilds. Paths here are
// root-relative without Astro's `base`; `withBase` adds it.

import { dapilPagesDataset, PAGED_DATASETS, pagedDatasetById, type DatasetId } from '../datasets/datasets.ts';
import type { PublishedDatasetId } from '../datasets/dataset-definition.ts';
import { DEFAULT_LANG, LANGS, type Lang } from '../languages.ts';
import { FIXED_PAGE_KINDS, SLUG_TEXT } from './texts/slug-text.ts';

// The languages are declared in scripts/languages.ts; re-exported for the site's modules, which take them from here.
export { LANGS, type Lang } from '../languages.ts';

export type PageRef =
  | { kind: 'home' }
  | { kind: 'year'; year: number }
  | { kind: 'dapil'; year: number; dapilId: string }
  | { kind: 'profile'; dataset: DatasetId; year: number; id: string }
  | { kind: 'downloads' }
  | { kind: 'dictionary' }
  | { kind: 'quality' }
  | { kind: 'about' }
  | { kind: 'search' }
  | { kind: 'changes' }
  | { kind: 'compare' }
  | { kind: 'codebook'; dataset: PublishedDatasetId };

// The fixed pages' URL words, which differ by language, are in texts/slug-text.ts; a dataset's pages take theirs
// from its declaration (`pages.slug`).
export { FIXED_PAGE_KINDS };

/** Identifiers that may appear in a URL segment as they are: digits (dapil ids, ballot numbers keep leading zeros). */
export function isUrlIdentifier(value: string | null): value is string {
  return value !== null && /^[0-9]{1,12}$/.test(value);
}

/** The default language's pages sit at the root, every other language's under /<lang>/. */
function prefix(lang: Lang): string {
  return lang === DEFAULT_LANG ? '/' : `/${lang}/`;
}

/**
 * Example: ('en', {kind: 'dapil', year: 2014, dapilId: '1101'}) → "/en/2014/dapil/1101/";
 * ('en', {kind: 'profile', dataset: 'parties', year: 2024, id: '1'}) → "/en/2024/party/1/";
 * ('en', {kind: 'codebook', dataset: 'turnout'}) → "/en/data-dictionary/turnout/" (a dataset's codebook sits under the dictionary).
 */
export function pagePath(lang: Lang, page: PageRef): string {
  const start = prefix(lang);
  switch (page.kind) {
    case 'home':
      return start;
    case 'year':
      return `${start}${page.year}/`;
    case 'dapil':
      return `${start}${page.year}/${dapilPagesDataset().pages.slug[lang]}/${page.dapilId}/`;
    case 'profile':
      return `${start}${page.year}/${pagedDatasetById(page.dataset).pages.slug[lang]}/${page.id}/`;
    case 'codebook':
      return `${start}${SLUG_TEXT[lang].dictionary}/${page.dataset}/`;
    default:
      return `${start}${SLUG_TEXT[lang][page.kind]}/`;
  }
}

/**
 * The URL words of the other languages that differ from `lang`'s, each with `lang`'s own: what the not-found page
 * reads a missed address with, to offer the page a visitor who mixed two languages' addresses meant.
 * Example: 'en' → {partai: 'party', unduh: 'downloads', 'kamus-data': 'data-dictionary', …}.
 */
export function slugsInto(lang: Lang): Record<string, string> {
  const words = [
    ...FIXED_PAGE_KINDS.map((kind) => (other: Lang) => SLUG_TEXT[other][kind]),
    ...PAGED_DATASETS.map((dataset) => (other: Lang) => dataset.pages.slug[other]),
  ];
  const into: Record<string, string> = {};
  for (const word of words) for (const other of LANGS) if (word(other) !== word(lang)) into[word(other)] = word(lang);
  return into;
}

/**
 * A root-relative path under Astro's `base` (which may or may not end in "/").
 * Example: ('/kpu/', '/2014/') → "/kpu/2014/"; ('/', '/2014/') → "/2014/".
 */
export function withBase(base: string, path: string): string {
  const trimmed = base.endsWith('/') ? base.slice(0, -1) : base;
  return `${trimmed}${path}`;
}

/** Where the pipeline publishes a manifest file (path relative to the data folder). */
export function dataFilePath(file: string): string {
  return `/data/${file}`;
}

/**
 * A release's immutable folder (the publish stage keeps every release there) and a file in it.
 * Example: ('2026-11-22.2') → "/data/releases/2026-11-22.2/"; ('2026-11-22', 'SHA256SUMS') → "/data/releases/2026-11-22/SHA256SUMS".
 */
export function releaseFilePath(release: string, file = ''): string {
  return dataFilePath(`releases/${release}/${file}`);
}

/** The formats of a page's own records files, in the order the page lists them. */
export const PAGE_FILE_FORMATS = ['csv', 'json'] as const;
export type PageFileFormat = (typeof PAGE_FILE_FORMATS)[number];

/**
 * The name of a page's own records file, which sits next to the page: it says what it is once downloaded.
 * `kind` is the page's URL word in the default language (the dataset's `pages.slug`).
 * Example: ('kpu-dpr-turnout-by-sex', 2014, 'dapil', '1101', 'csv') → "kpu-dpr-turnout-by-sex-2014-dapil-1101.csv".
 */
export function pageFileName(fileStem: string, year: number, kind: string, id: string, format: PageFileFormat): string {
  return `${fileStem}-${year}-${kind}-${id}.${format}`;
}

/** The path of the search index the search page loads (language-neutral). */
export const SEARCH_INDEX_PATH = '/search-index.json';
