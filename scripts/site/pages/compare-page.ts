// The compare page: two years, provinces or dapils side by side. Its model (the figures' rows, each year's coverage,
// the pages it compares for a visitor without JavaScript) and its texts in each language (LANGS). The figures are
// drawn by site/public/compare.js from the compare index (scripts/site/compare-index.ts), the choice kept in the
// page's address (`?a=<key>&b=<key>`).
import type { Lang } from '../../languages.ts';
import { COMPARE_INDEX_PATH, compareColumns, compareKey, compareQuery } from '../compare-index.ts';
import { countColumn, hasTurnout, type SiteData } from '../site-data.ts';
import { pagePath, withBase, type PageRef } from '../site-routes.ts';
import { coverageSummary } from '../year-coverage.ts';
import { COMMON_TEXT } from '../texts/common-text.ts';

/**
 * One row of the comparison: a count (`column`, a position in the index's counts), a share of two counts
 * (`share`: part over whole, or the outside-DPT share), or how many dapils and regencies the thing has.
 */
type CompareRow =
  | { label: string; count: number }
  | { label: string; share: [part: number[], whole: number[]] }
  | { label: string; size: 'dapils' | 'regencies' };

interface CompareYear {
  year: number;
  page: PageRef;
  /** The year's coverage of the official dapils (or why there is none); null when the report has none. */
  coverage: string | null;
  /** The year covers fewer dapils than the official list: its totals are not national. */
  partial: boolean;
  /** The release holds turnout records of the year (a year of parties only has nothing to compare). */
  turnout: boolean;
}

export interface CompareModel {
  years: CompareYear[];
  rows: CompareRow[];
  /** The index's address, relative to the site root (add the base). */
  index: string;
}

/** Whether a year's turnout covers fewer dapils than the official list (2014 in the real data). */
export function isPartialYear(site: SiteData, year: number): boolean {
  const coverage = site.quality.coverage?.years.find((entry) => entry.year === year);
  return coverage?.status === 'compared' && coverage.dapils.harvested < coverage.dapils.official;
}

/** The compare page's model in one language. */
export function compareModel(site: SiteData, lang: Lang): CompareModel {
  const t = COMPARE_TEXT[lang];
  const c = COMMON_TEXT[lang];
  const columns = compareColumns();
  const at = (group: 'dpt' | 'dptb' | 'dpk' | 'total', sex: 'male' | 'female' | 'total'): number =>
    columns.indexOf(countColumn(group, sex));
  const rows: CompareRow[] = [
    { label: t.voters, count: at('total', 'total') },
    { label: c.sex.male, count: at('total', 'male') },
    { label: c.sex.female, count: at('total', 'female') },
    { label: t.womenShare, share: [[at('total', 'female')], [at('total', 'male'), at('total', 'female')]] },
    { label: c.groups.dpt, count: at('dpt', 'total') },
    { label: c.groups.dptb, count: at('dptb', 'total') },
    { label: c.groups.dpk, count: at('dpk', 'total') },
    {
      label: t.outsideShare,
      share: [
        [at('dptb', 'total'), at('dpk', 'total')],
        [at('dpt', 'total'), at('dptb', 'total'), at('dpk', 'total')],
      ],
    },
    { label: t.dapils, size: 'dapils' },
    { label: t.regencies, size: 'regencies' },
  ];
  return {
    years: site.years.map((view) => ({
      year: view.year,
      page: { kind: 'year', year: view.year },
      coverage: coverageSummary(site, lang, view.year)?.line ?? null,
      partial: isPartialYear(site, view.year),
      turnout: hasTurnout(view),
    })),
    rows,
    index: COMPARE_INDEX_PATH,
  };
}

/**
 * The address of the compare page with a choice made, under the site's base: a dapil or year page's "compare with…"
 * link (a year page's only when the year has turnout records), the page itself first and, when there is one, the same
 * dapil (or the national total) of the year before (else of the year after) with turnout records second. Example:
 * ('en', '/kpu/', site, 2019, '1101') → "/kpu/en/compare/?a=2019-d1101&b=2014-d1101".
 */
export function compareLink(lang: Lang, base: string, site: SiteData, year: number, dapilId?: string): string {
  const keyOf = (other: number): string =>
    dapilId === undefined ? compareKey(other) : compareKey(other, 'dapil', dapilId);
  const years = site.years
    .filter(hasTurnout)
    .map((view) => view.year)
    .filter((other) =>
      dapilId === undefined
        ? other !== year
        : other !== year && site.dapils.some((dapil) => dapil.year === other && dapil.dapilId === dapilId),
    );
  const other =
    [...years].reverse().find((candidate) => candidate < year) ?? years.find((candidate) => candidate > year);
  return `${withBase(base, pagePath(lang, { kind: 'compare' }))}${compareQuery(keyOf(year), other === undefined ? undefined : keyOf(other))}`;
}

export interface CompareText {
  title: string;
  /** The page's meta description (50 to 160 characters). */
  description: string;
  intro: string;
  /** The link on dapil and year pages to this page, the page's own choice made. */
  link: string;
  first: string;
  second: string;
  /** Groups of the lists to choose from. */
  yearsGroup: string;
  provincesGroup: (year: number) => string;
  dapilsGroup: (year: number) => string;
  choose: string;
  figure: string;
  difference: string;
  caption: string;
  voters: string;
  womenShare: string;
  outsideShare: string;
  dapils: string;
  regencies: string;
  /** Beside a figure some records' unreadable values are left out of. */
  unreadable: string;
  /** Beside a year's total, or a province's of that year, when the year does not cover every official dapil. */
  partialYear: (coverage: string) => string;
  coverageHeading: string;
  /** Points of a share, in the difference column. */
  points: string;
  open: string;
  /** Without JavaScript: what the page does, and where the same figures are. */
  noscript: string;
  /** A key in the address that the index does not know (an old or mistyped link). */
  unknown: string;
  /** A key in the address of a year the release holds without turnout records (its parties only). */
  noTurnout: (year: number) => string;
}

const id: CompareText = {
  title: 'Bandingkan',
  description:
    'Dua tahun, provinsi atau dapil pemilu DPR RI berdampingan: pengguna hak pilih menurut jenis kelamin dan daftar pemilih.',
  intro:
    'Pilih dua tahun, dua provinsi atau dua dapil (juga dari tahun yang berbeda) untuk melihat angkanya berdampingan. Pilihan tersimpan di alamat halaman, sehingga dapat dibagikan.',
  link: 'Bandingkan dengan…',
  first: 'Pertama',
  second: 'Kedua',
  yearsGroup: 'Tahun (seluruh Indonesia)',
  provincesGroup: (year) => `Provinsi, ${year}`,
  dapilsGroup: (year) => `Dapil, ${year}`,
  choose: '(pilih)',
  figure: 'Angka',
  difference: 'Selisih',
  caption:
    'Pengguna hak pilih DPR berdampingan, menurut jenis kelamin dan daftar pemilih; selisih: kedua dikurangi pertama',
  voters: 'Pengguna hak pilih',
  womenShare: 'Bagian perempuan',
  outsideShare: 'Di luar DPT',
  dapils: 'Dapil',
  regencies: 'Kabupaten/kota',
  unreadable: 'sebagian: nilai yang tidak terbaca di sumber tidak termasuk',
  partialYear: (coverage) => `data tahun ini hanya mencakup ${coverage}`,
  coverageHeading: 'Cakupan setiap tahun',
  points: 'poin',
  open: 'Buka halamannya',
  noscript:
    'Perbandingan memerlukan JavaScript: halaman ini membaca angka dari berkas JSON situs. Tanpa JavaScript, angka yang sama ada di halaman setiap tahun (dengan setiap provinsi dan dapilnya) dan di halaman setiap dapil, yang juga memuat tabel antartahun:',
  unknown: 'Pilihan di alamat ini tidak ada dalam data rilis ini.',
  noTurnout: (year) =>
    `Rilis ini tidak memuat data pengguna hak pilih tahun ${year}, hanya partai politiknya: tidak ada angka ${year} untuk dibandingkan.`,
};

const en: CompareText = {
  title: 'Compare',
  description:
    'Two years, provinces or dapils of the DPR election side by side: voters who voted by sex and by voter list.',
  intro:
    'Choose two years, two provinces or two dapils (from different years too) to see their figures side by side. The choice is kept in the page’s address, so it can be shared.',
  link: 'Compare with…',
  first: 'First',
  second: 'Second',
  yearsGroup: 'Years (all of Indonesia)',
  provincesGroup: (year) => `Provinces, ${year}`,
  dapilsGroup: (year) => `Dapils, ${year}`,
  choose: '(choose)',
  figure: 'Figure',
  difference: 'Difference',
  caption:
    'Voters who voted in the DPR election side by side, by sex and by voter list; difference: second minus first',
  voters: 'Voters who voted',
  womenShare: 'Women’s share',
  outsideShare: 'Outside the DPT',
  dapils: 'Dapils',
  regencies: 'Regencies and cities',
  unreadable: 'partial: values unreadable in the source are left out',
  partialYear: (coverage) => `this year’s data covers only ${coverage}`,
  coverageHeading: 'Coverage of each year',
  points: 'points',
  open: 'Open its page',
  noscript:
    'Comparing needs JavaScript: this page reads the figures from the site’s JSON file. Without it, the same figures are on the page of each year (with each of its provinces and dapils) and on the page of each dapil, which also has a table across years:',
  unknown: 'The choice in this address is not in this release’s data.',
  noTurnout: (year) =>
    `This release holds no turnout data for ${year}, only its parties: there are no figures of ${year} to compare.`,
};

export const COMPARE_TEXT: Record<Lang, CompareText> = { id, en };
