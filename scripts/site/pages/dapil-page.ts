// A dapil's page: its model (what the view shows, computed from the site data in one language) and its
// texts in each language (LANGS).
import type { Lang } from '../../languages.ts';
import type { CountGroup } from '../../datasets/dataset-definition.ts';
import { dapilPagesDataset } from '../../datasets/datasets.ts';
import {
  COUNT_GROUPS,
  findDapilInOtherYears,
  flagsOf,
  numberValue,
  textValue,
  type DapilView,
  type SiteData,
  type SiteRecord,
  type Totals,
} from '../site-data.ts';
import { formatCount } from '../site-format.ts';
import { pointsChange } from '../site-sentences.ts';
import type { PageRef } from '../site-routes.ts';
import { type Cell, countCell, sumCell, type RatioCell, keyRatios } from '../page-cells.ts';
import { type Chart, splitRowOf, listRowOf, sexSplitChart, voterListChart } from '../page-charts.ts';
import { dapilLabel } from '../record-labels.ts';
import { COMMON_TEXT } from '../texts/common-text.ts';
import { STORY_TEXT } from '../story-text.ts';

/**
 * The regency table's count groups, key figures first, so a phone shows them without scrolling the table sideways:
 * all lists together, then each voter list in the declaration's order; in each group both sexes, then each sex.
 */
export const TABLE_COUNT_GROUPS: readonly CountGroup[] = [
  ...COUNT_GROUPS.filter((group) => group.code === 'total'),
  ...COUNT_GROUPS.filter((group) => group.code !== 'total'),
].map((group) => ({
  ...group,
  cells: [...group.cells.filter((cell) => cell.sex === 'total'), ...group.cells.filter((cell) => cell.sex !== 'total')],
}));

/** The 12 count cells of a record, in TABLE_COUNT_GROUPS order. */
export function recordCountCells(lang: Lang, record: SiteRecord): Cell[] {
  return TABLE_COUNT_GROUPS.flatMap((group) =>
    group.cells.map((cell) => countCell(lang, numberValue(record, cell.column))),
  );
}

/** The 12 sums of the table's total row, in TABLE_COUNT_GROUPS order. */
export function totalCountCells(lang: Lang, totals: Totals): Array<Cell & { missing: number }> {
  return TABLE_COUNT_GROUPS.flatMap((group) => group.cells.map((cell) => sumCell(lang, totals[cell.column])));
}

/** A regency's label in charts and notes; a record without a name says so. */
export function regencyLabel(lang: Lang, record: SiteRecord): string {
  return textValue(record, dapilPagesDataset().roles.recordName ?? '') ?? `(${COMMON_TEXT[lang].unavailable})`;
}

/** The record's official region code (docs/data.md, "Region codes"); null when its name matched none. */
export function regionCodeOf(record: SiteRecord, level: 'province' | 'regency'): string | null {
  const roles = dapilPagesDataset().roles;
  return textValue(record, (level === 'province' ? roles.provinceCode : roles.regencyCode) ?? '');
}

/** The dapil's province as the summary names it: "ACEH (11)", or the name alone when no record has the code. */
export function provinceLabel(lang: Lang, view: DapilView): string {
  const name = view.provinceName ?? COMMON_TEXT[lang].unavailable;
  const code = view.records.map((record) => regionCodeOf(record, 'province')).find((value) => value !== null);
  return code === undefined ? name : `${name} (${code})`;
}

/**
 * The most regencies a dapil page lists in its table, its charts and its quality notes. The official dapils have
 * at most 29 (Papua, 2014 and 2019), so every real page lists them all; a source giving thousands per dapil (the
 * same key at a finer level, as the benchmark's million records) would otherwise make pages of megabytes, over the
 * 30 KB budget, and most of the site build's time. The dapil totals count every record, and the page's
 * own files hold every record.
 */
export const DAPIL_REGENCIES_LISTED = 50;

/** What a dapil page lists: its first regencies in the source's order, and what it leaves to the page's files. */
export interface DapilListing {
  records: SiteRecord[];
  /** Regencies of the dapil the page does not list (0 when it lists them all). */
  notListed: number;
  /** Flagged records among those not listed: the quality notes say how many. */
  flaggedNotListed: number;
}

export function dapilListing(view: DapilView, limit: number = DAPIL_REGENCIES_LISTED): DapilListing {
  const records = view.records.slice(0, limit);
  const flaggedListed = records.filter((record) => flagsOf(record).length > 0).length;
  return { records, notListed: view.records.length - records.length, flaggedNotListed: view.flagged - flaggedListed };
}

/** The dapil page's sentence on a listing it cut short; null when the page lists every regency. */
export function dapilListingNote(lang: Lang, view: DapilView, listing: DapilListing): string | null {
  if (listing.notListed === 0) return null;
  return DAPIL_TEXT[lang].listedFirst(
    formatCount(lang, listing.records.length),
    formatCount(lang, view.records.length),
  );
}

/** The dapil page's two charts, one row per listed regency (`dapilListing`), over the dapil's totals. */
export function dapilCharts(lang: Lang, view: DapilView, records: readonly SiteRecord[]): { sex: Chart; lists: Chart } {
  const subject = dapilLabel(view);
  return {
    sex: sexSplitChart(
      lang,
      subject,
      DAPIL_TEXT[lang].sexChart,
      records.map((record) => splitRowOf(regencyLabel(lang, record), record)),
      view.totals,
    ),
    lists: voterListChart(
      lang,
      subject,
      DAPIL_TEXT[lang].listChart,
      records.map((record) => listRowOf(regencyLabel(lang, record), record)),
      view.totals,
    ),
  };
}

export interface DapilYearRow {
  year: number;
  /** The page of that year; null for the page's own year. */
  page: PageRef | null;
  name: string;
  regencies: number;
  voters: RatioCell;
  women: RatioCell;
  outside: RatioCell;
}

/**
 * A dapil page's table across years: the dapil with the same id in every year of the data (its own year marked),
 * oldest first, and a sentence on the change from the previous year (or, on the earliest year's page, to the next
 * one), with a warning when the dapil's regencies differ in number. `sentences` says so when no other year has it.
 */
export function dapilAcrossYears(
  site: SiteData,
  lang: Lang,
  view: DapilView,
): { rows: DapilYearRow[]; sentences: string[] } {
  const views = [view, ...findDapilInOtherYears(site, view)].sort((a, b) => a.year - b.year);
  const rows = views.map((other): DapilYearRow => ({
    year: other.year,
    page: other.year === view.year ? null : { kind: 'dapil', year: other.year, dapilId: other.dapilId },
    name: dapilLabel(other),
    regencies: other.records.length,
    ...keyRatios(lang, other.totals),
  }));
  if (rows.length === 1) return { rows, sentences: [STORY_TEXT[lang].onlyYear(view.year, view.dapilId)] };
  const index = rows.findIndex((row) => row.page === null);
  const [before, after] = (index > 0 ? [rows[index - 1], rows[index]] : [rows[index], rows[index + 1]]) as [
    DapilYearRow,
    DapilYearRow,
  ];
  const sentences: string[] = [];
  if (before.women.value !== null && after.women.value !== null)
    sentences.push(
      STORY_TEXT[lang].dapilChange({
        previous: before.year,
        year: after.year,
        previousVoters: before.voters.text,
        voters: after.voters.text,
        women: pointsChange(lang, before.women.value, after.women.value),
        outside:
          before.outside.value === null || after.outside.value === null
            ? null
            : pointsChange(lang, before.outside.value, after.outside.value),
      }),
    );
  if (before.regencies !== after.regencies)
    sentences.push(
      STORY_TEXT[lang].regenciesDiffer({
        previous: before.year === view.year ? after.year : before.year,
        previousCount: formatCount(lang, before.year === view.year ? after.regencies : before.regencies),
        count: formatCount(lang, view.records.length),
      }),
    );
  return { rows, sentences };
}

export interface DapilText {
  title: (name: string, id: string, year: number) => string;
  summary: (parts: { province: string; regencies: string; voters: string }) => string;
  regency: string;
  /** Says what the code beside a regency's name is (its title attribute). */
  regencyCode: string;
  tableCaption: (name: string, year: number) => string;
  totalRow: string;
  missingInTotal: (count: number) => string;
  sexChart: string;
  listChart: string;
  listLegend: string;
  sortHint: string;
  /** A dapil page listing its first regencies only (DAPIL_REGENCIES_LISTED): how many, and where the rest are. */
  listedFirst: (listed: string, total: string) => string;
}

const id: DapilText = {
  title: (name, dapilId, year) => `${name} (dapil ${dapilId}), pemilu ${year}`,
  summary: ({ province, regencies, voters }) =>
    `Provinsi ${province}. ${regencies} kabupaten/kota. ${voters} pengguna hak pilih.`,
  regency: 'Kabupaten/kota',
  regencyCode: 'Kode kabupaten/kota Kemendagri (regency_code)',
  tableCaption: (name, year) =>
    `Pengguna hak pilih DPR ${year} di ${name} per kabupaten/kota, menurut daftar pemilih dan jenis kelamin`,
  totalRow: 'Jumlah dapil',
  missingInTotal: (count) => `${count} nilai tidak terbaca tidak termasuk dalam jumlah`,
  sexChart: 'Laki-laki dan perempuan di antara pengguna hak pilih, per kabupaten/kota',
  listChart: 'Pengguna hak pilih di luar DPT (DPTb dan DPK), per kabupaten/kota',
  listLegend: 'Daftar pemilih',
  sortHint: 'Dengan JavaScript, tabel dapat diurutkan dengan tombol di judul kolom.',
  listedFirst: (listed, total) =>
    `Tabel dan grafik memuat ${listed} kabupaten/kota pertama dari ${total}, menurut urutan sumber; jumlah dapil menghitung semuanya. Setiap rekaman, dengan semua angkanya, ada di berkas halaman ini di bawah.`,
};

const en: DapilText = {
  title: (name, dapilId, year) => `${name} (dapil ${dapilId}), ${year} election`,
  summary: ({ province, regencies, voters }) =>
    `Province ${province}. ${regencies} ${regencies === '1' ? 'regency or city' : 'regencies and cities'}. ${voters} voters who voted.`,
  regency: 'Regency or city',
  regencyCode: 'Kemendagri regency or city code (regency_code)',
  tableCaption: (name, year) =>
    `Voters who voted in the ${year} DPR election in ${name} per regency or city, by voter list and sex`,
  totalRow: 'Dapil total',
  missingInTotal: (count) => `${count} unreadable value${count === 1 ? '' : 's'} left out of the total`,
  sexChart: 'Men and women among voters who voted, per regency or city',
  listChart: 'Voters who voted outside the final voter list (DPTb and DPK), per regency or city',
  listLegend: 'Voter lists',
  sortHint: 'With JavaScript, the buttons in the column headers sort the table.',
  listedFirst: (listed, total) =>
    `The table and the charts list the first ${listed} of ${total} regencies and cities, in the source's order; the dapil total counts them all. Every record, with all its figures, is in this page's files below.`,
};

export const DAPIL_TEXT: Record<Lang, DapilText> = { id, en };
