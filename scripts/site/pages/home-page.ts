// The home page: its model (what the view shows, computed from the site data in one language) and its
// texts in each language (LANGS).
import type { Lang } from '../../languages.ts';
import { countColumn, hasTurnout, type SiteData, type Totals, type YearView } from '../site-data.ts';
import { formatCount, formatPercent } from '../site-format.ts';
import { describeYears } from '../site-sentences.ts';
import { type Cell, givenSum, sumCell, totalsWomenShare } from '../page-cells.ts';
import { sexSplitData, sexSplitSvg, type Chart } from '../page-charts.ts';
import { coverageSummary } from '../year-coverage.ts';
import { COMMON_TEXT } from '../texts/common-text.ts';
import { COVERAGE_TEXT } from '../texts/coverage-text.ts';

/** The home page's chart: one row per election year with turnout records. */
function yearsChart(lang: Lang, years: readonly YearView[]): Chart {
  const rows = years.filter(hasTurnout).map((year) => ({
    label: String(year.year),
    male: givenSum(year.totals[countColumn('total', 'male')]),
    female: givenSum(year.totals[countColumn('total', 'female')]),
  }));
  const summary = describeYears(lang, rows);
  return {
    name: 'sex-split',
    svg: sexSplitSvg(lang, summary, rows),
    title: HOME_TEXT[lang].chartTitle,
    summary,
    data: sexSplitData(rows),
  };
}

/** A count cell of a totals table, with the column it sums. */
type TotalCell = Cell & { missing: number; column: string };

export interface HomeTotals {
  /** One row per election year with turnout records. */
  rows: Array<{
    year: number;
    bySex: TotalCell[];
    share: string;
    byList: TotalCell[];
    /** "53 of 77 dapils" when the year's records miss official dapils (its totals are not national), else null. */
    coverage: string | null;
  }>;
  /** Values the totals could not count (unreadable in the source), over every cell shown. */
  missing: number;
  chart: Chart | null;
}

/**
 * The home page's national totals per year: by sex (both, then male and female; women's share after both) and by
 * voter list (all lists, then DPT, DPTb and DPK), with the dapil coverage of a year whose totals are not national.
 */
export function homeTotals(site: SiteData, lang: Lang): HomeTotals {
  // The national total first, so a phone shows it without scrolling sideways.
  const bySex = (['total', 'male', 'female'] as const).map((sex) => countColumn('total', sex));
  const byList = (['total', 'dpt', 'dptb', 'dpk'] as const).map((group) => countColumn(group, 'total'));
  const withTurnout = site.years.filter(hasTurnout);
  const cells = (view: YearView, columns: readonly string[]): TotalCell[] =>
    columns.map((column) => ({ column, ...sumCell(lang, view.totals[column]) }));
  const shown = [...new Set([...bySex, ...byList])];
  return {
    rows: withTurnout.map((view) => ({
      year: view.year,
      bySex: cells(view, bySex),
      share: womenShareText(lang, view.totals),
      byList: cells(view, byList),
      coverage: partialCoverage(site, lang, view.year),
    })),
    missing: withTurnout.reduce(
      (sum, view) => sum + shown.reduce((inner, column) => inner + (view.totals[column]?.missing ?? 0), 0),
      0,
    ),
    chart: withTurnout.length > 0 ? yearsChart(lang, site.years) : null,
  };
}

/** "53 of 77 dapils" when a year's records cover fewer dapils than the official list has; otherwise null. */
function partialCoverage(site: SiteData, lang: Lang, year: number): string | null {
  const coverage = site.quality.coverage?.years.find((entry) => entry.year === year);
  if (coverage?.status !== 'compared' || coverage.dapils.harvested >= coverage.dapils.official) return null;
  return COVERAGE_TEXT[lang].dapilsShort(
    formatCount(lang, coverage.dapils.harvested),
    formatCount(lang, coverage.dapils.official),
  );
}

/** Women's share of the all-lists totals as the pages write it, or "not available". */
function womenShareText(lang: Lang, totals: Totals): string {
  const share = totalsWomenShare(totals);
  return share === null ? COMMON_TEXT[lang].unavailable : formatPercent(lang, share);
}

/** What a year holds, for its line on the home page. */
function yearCounts(view: YearView): { dapils: number; regencies: number; parties: number } {
  return {
    dapils: view.provinces.reduce((sum, province) => sum + province.dapils.length, 0),
    regencies: view.turnoutRecords.length,
    parties: view.parties.length,
  };
}

/** A part of a year's line on the home page; `coverage`: its coverage of the official dapils (class "coverage"). */
export interface YearLinePart {
  text: string;
  coverage: boolean;
}

/**
 * A year's line on the home page, in parts the page joins with " · ": its coverage of the official dapils and its
 * parties ("57 of 77 dapils, 267 of 497 regencies of the official list · 15 parties": the coverage's counts are the
 * year's, said once), or what it holds where nothing was compared with an official list ("6 dapils, 16 regencies, 8
 * parties", then the coverage's sentence when the quality report has one), or "no turnout data, 20 parties".
 */
export function homeYearLine(site: SiteData, lang: Lang, view: YearView): YearLinePart[] {
  if (!hasTurnout(view)) return [{ text: COVERAGE_TEXT[lang].noTurnoutLine(view.parties.length), coverage: false }];
  const coverage = coverageSummary(site, lang, view.year)?.line ?? null;
  const counts = yearCounts(view);
  const compared = site.quality.coverage?.years.some(
    (entry) => entry.year === view.year && entry.status === 'compared',
  );
  if (coverage !== null && compared === true)
    return [
      { text: coverage, coverage: true },
      { text: HOME_TEXT[lang].partiesLine(counts.parties), coverage: false },
    ];
  return [
    { text: HOME_TEXT[lang].yearLine(counts), coverage: false },
    ...(coverage === null ? [] : [{ text: coverage, coverage: true }]),
  ];
}

export interface HomeText {
  intro: string;
  promise: string;
  years: string;
  /** "6 dapils, 16 regencies and cities, 8 parties"; a year without party records says "no party data", not "0 parties". */
  yearLine: (parts: { dapils: number; regencies: number; parties: number }) => string;
  /** "8 parties", or "no party data". */
  partiesLine: (parties: number) => string;
  totals: string;
  bySexCaption: string;
  byListCaption: string;
  totalsNote: string;
  yearHeader: string;
  chartTitle: string;
  onward: string;
  source: string;
  sourceLine: (publisher: string, queries: string, host: string) => string;
  lastHarvest: (time: string) => string;
  release: (release: string) => string;
}

const id: HomeText = {
  intro:
    'Situs ini menerbitkan data terbuka pemilu dari Komisi Pemilihan Umum (KPU): jumlah pemilih yang menggunakan hak pilihnya dalam pemilu DPR per daerah pemilihan (dapil) dan kabupaten/kota, menurut jenis kelamin dan daftar pemilih, serta profil partai politik peserta pemilu.',
  promise: 'Setiap angka di halaman ini sama dengan angka di berkas unduhan.',
  years: 'Tahun pemilu',
  yearLine: ({ dapils, regencies, parties }) =>
    `${dapils} dapil, ${regencies} kabupaten/kota, ${id.partiesLine(parties)}`,
  partiesLine: (parties) => (parties === 0 ? 'tanpa data partai' : `${parties} partai`),
  totals: 'Jumlah pengguna hak pilih per tahun',
  bySexCaption: 'Pengguna hak pilih DPR menurut tahun dan jenis kelamin (semua daftar pemilih)',
  byListCaption: 'Pengguna hak pilih DPR menurut tahun dan daftar pemilih (laki-laki dan perempuan)',
  totalsNote:
    'Jumlah semua rekaman tahun itu dalam data ini; data yang tidak lengkap hanya mencakup dapil yang ada di dalamnya.',
  yearHeader: 'Tahun',
  chartTitle: 'Laki-laki dan perempuan di antara pengguna hak pilih, per tahun',
  onward: 'Selanjutnya',
  source: 'Sumber dan waktu pengambilan',
  sourceLine: (publisher, queries, host) => `${publisher}, API data terbuka (kueri ${queries}) di ${host}.`,
  lastHarvest: (time) => `Pengambilan terakhir selesai ${time}.`,
  release: (release) => `Data ini adalah rilis ${release}.`,
};

const en: HomeText = {
  intro:
    "This site publishes the election open data of Indonesia's election commission (Komisi Pemilihan Umum, KPU): the number of voters who used their vote in the DPR (national legislature) election per electoral district (dapil) and regency or city, by sex and voter list, and the profiles of the parties contesting the election.",
  promise: 'Every figure on these pages is the figure in the downloads.',
  years: 'Election years',
  yearLine: ({ dapils, regencies, parties }) =>
    `${dapils} ${dapils === 1 ? 'dapil' : 'dapils'}, ${regencies} ${regencies === 1 ? 'regency or city' : 'regencies and cities'}, ${en.partiesLine(parties)}`,
  partiesLine: (parties) => (parties === 0 ? 'no party data' : `${parties} ${parties === 1 ? 'party' : 'parties'}`),
  totals: 'Voters who voted, per year',
  bySexCaption: 'Voters who voted in the DPR election by year and sex (all voter lists)',
  byListCaption: 'Voters who voted in the DPR election by year and voter list (men and women)',
  totalsNote:
    "The sum of all of that year's records in this data; where the data is incomplete it covers only the dapils it holds.",
  yearHeader: 'Year',
  chartTitle: 'Men and women among voters who voted, per year',
  onward: 'Further',
  source: 'Source and retrieval time',
  sourceLine: (publisher, queries, host) => `${publisher}, open-data API (queries ${queries}) at ${host}.`,
  lastHarvest: (time) => `The last retrieval finished on ${time}.`,
  release: (release) => `This data is release ${release}.`,
};

export const HOME_TEXT: Record<Lang, HomeText> = { id, en };
