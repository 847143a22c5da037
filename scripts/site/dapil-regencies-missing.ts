// The dapil page's sentence on the official list's regencies the source lacks (docs/data.md, "Coverage of the
// official dapils"): its model, read from the quality report's coverage, and its words in each language. Null for
// a dapil the source covers in full, a year not compared (the demo) or a report without the figures.
import type { Lang } from '../languages.ts';
import { formatCount } from './site-format.ts';
import type { SiteData } from './site-data.ts';

interface MissingText {
  /** "28 of the official list's 29 regencies; missing: KEPULAUAN YAPEN (9101)." */
  sentence: (parts: { harvested: string; official: string; missing: string }) => string;
}

const TEXTS: Record<Lang, MissingText> = {
  id: {
    sentence: ({ harvested, official, missing }) =>
      `${harvested} dari ${official} kabupaten/kota dapil ini dalam daftar resmi; tanpa data dari sumber: ${missing}.`,
  },
  en: {
    sentence: ({ harvested, official, missing }) =>
      `${harvested} of the official list's ${official} ${official === '1' ? 'regency' : 'regencies'} of this dapil; missing from the source: ${missing}.`,
  },
};

/** The sentence for the dapil `dapilId` of `year`, or null when no official regency of it is missing. */
export function dapilRegenciesMissing(site: SiteData, lang: Lang, year: number, dapilId: string): string | null {
  const coverage = site.quality.coverage?.years.find((entry) => entry.year === year && entry.status === 'compared');
  const dapil = coverage?.incompleteDapils.find((entry) => entry.id === dapilId);
  if (!dapil || dapil.missing.length === 0) return null;
  return TEXTS[lang].sentence({
    harvested: formatCount(lang, dapil.official - dapil.missing.length),
    official: formatCount(lang, dapil.official),
    missing: dapil.missing.map((regency) => `${regency.name} (${regency.code})`).join(', '),
  });
}
