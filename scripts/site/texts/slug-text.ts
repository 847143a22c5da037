// The URL words of the pages whose path is a word (site-routes.ts builds every path), in each language.
import type { Lang } from '../../languages.ts';

/** The pages with one fixed address per language. */
export const FIXED_PAGE_KINDS = [
  'downloads',
  'dictionary',
  'quality',
  'about',
  'search',
  'changes',
  'compare',
] as const;

/** The fixed pages, whose path segment differs by language. A dataset's pages take theirs from its declaration (`pages.slug`). */
export type SlugKind = (typeof FIXED_PAGE_KINDS)[number];

const id: Record<SlugKind, string> = {
  downloads: 'unduh',
  dictionary: 'kamus-data',
  quality: 'kualitas-data',
  about: 'tentang',
  search: 'cari',
  changes: 'perubahan',
  compare: 'bandingkan',
};

const en: Record<SlugKind, string> = {
  downloads: 'downloads',
  dictionary: 'data-dictionary',
  quality: 'data-quality',
  about: 'about',
  search: 'search',
  changes: 'changes',
  compare: 'compare',
};

export const SLUG_TEXT: Record<Lang, Record<SlugKind, string>> = { id, en };
