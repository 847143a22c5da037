// The search page: its texts in each language (LANGS).
import type { Lang } from '../../languages.ts';

export interface SearchText {
  title: string;
  intro: string;
  label: string;
  button: string;
  noscript: string;
  /** Without JavaScript, on a site whose public address is known (scripts/site/site-share.ts fallbackSearch). */
  noscriptEngine: string;
  kinds: { dapil: string; regency: string; party: string };
  none: string;
  results: string;
}

const id: SearchText = {
  title: 'Cari',
  intro: 'Cari dapil, kabupaten/kota dan partai di semua tahun.',
  label: 'Nama dapil, kabupaten/kota atau partai',
  button: 'Cari',
  noscript:
    'Pencarian memerlukan JavaScript. Tanpa JavaScript, semua dapil dan partai terdaftar di halaman setiap tahun:',
  noscriptEngine:
    'Tanpa JavaScript, kotak pencarian mencari di situs ini melalui DuckDuckGo (di luar situs ini). Semua dapil dan partai juga terdaftar di halaman setiap tahun:',
  kinds: { dapil: 'dapil', regency: 'kabupaten/kota', party: 'partai' },
  none: 'Tidak ada hasil.',
  results: 'Hasil',
};

const en: SearchText = {
  title: 'Search',
  intro: 'Search dapils, regencies and cities, and parties across all years.',
  label: 'Name of a dapil, regency, city or party',
  button: 'Search',
  noscript: 'Search needs JavaScript. Without it, every dapil and party is listed on the page of each year:',
  noscriptEngine:
    'Without JavaScript, the search box searches this site with DuckDuckGo (outside this site). Every dapil and party is also listed on the page of each year:',
  kinds: { dapil: 'dapil', regency: 'regency or city', party: 'party' },
  none: 'No results.',
  results: 'Results',
};

export const SEARCH_TEXT: Record<Lang, SearchText> = { id, en };
