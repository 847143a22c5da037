// A year's page: its model (what the view shows, computed from the site data in one language) and its
// texts in each language (LANGS).
import type { Lang } from '../../languages.ts';
import { roleColumn, type ColumnDefinition } from '../../datasets/dataset-definition.ts';
import {
  dapilPagesDataset,
  datasetById,
  PAGED_DATASETS,
  yearTableDataset,
  type DatasetId,
} from '../../datasets/datasets.ts';
import {
  addTotals,
  COUNT_GROUPS,
  countColumn,
  flagsOf,
  hasTurnout,
  numberValue,
  ruleOf,
  type DapilView,
  type ProfileView,
  type SiteData,
  type SiteRecord,
  type YearView,
} from '../site-data.ts';
import { formatCount, formatPercent } from '../site-format.ts';
import { describeQuota, describeYearStory, joinList } from '../site-sentences.ts';
import type { PageRef } from '../site-routes.ts';
import { renderQuotaChart } from '../svg-charts.ts';
import { givenSum, totalsWomenShare, type RatioCell, outsideShareOf, keyRatios } from '../page-cells.ts';
import { type Chart, sexSplitChart } from '../page-charts.ts';
import { dapilLabel, profileLabel } from '../record-labels.ts';
import { COMMON_TEXT } from '../texts/common-text.ts';
import { READING_TEXT } from '../texts/reading-text.ts';
import { STORY_TEXT } from '../story-text.ts';

/** Whether any record of a profile page (a party's) breaks a rule (the year page marks it). */
export function isPartyFlagged(view: ProfileView): boolean {
  return view.records.some((record) => flagsOf(record).length > 0);
}

/** A section of the year page listing the pages of a profile dataset without a section of its own. */
export interface ProfileSection {
  dataset: DatasetId;
  title: string;
  /** Column headings: the page key's words, the display name's column title. */
  keyHeader: string;
  nameHeader: string;
  rows: Array<{ page: PageRef; id: string; label: string; flagged: boolean }>;
}

/**
 * The year page's sections for the profile datasets other than the parties (which have their own table), in the
 * registry's order; a dataset without pages that year has none.
 */
export function yearProfileSections(site: SiteData, lang: Lang, year: number): ProfileSection[] {
  return PAGED_DATASETS.filter((dataset) => dataset.pages.view === 'profile' && !dataset.pages.yearTable).flatMap(
    (dataset): ProfileSection[] => {
      const views = site.profiles.filter((view) => view.dataset === dataset.id && view.year === year);
      if (views.length === 0) return [];
      return [
        {
          dataset: dataset.id,
          title: dataset.title[lang],
          keyHeader: dataset.pages.keyLabel[lang],
          nameHeader: roleColumn(dataset, dataset.roles.displayName).title[lang],
          rows: views.map((view) => ({
            page: { kind: 'profile', dataset: view.dataset, year, id: view.id },
            id: view.id,
            label: profileLabel(view),
            flagged: isPartyFlagged(view),
          })),
        },
      ];
    },
  );
}

interface KeyFigure {
  label: string;
  text: string;
  /** The exact figure (a count, or a share from 0 to 1) for `data-v`. */
  value: number | null;
  /** "77 of 84 in the official list", when the quality report compared the year with the official list. */
  detail: string | null;
  partial: boolean;
}

interface YearDapilRow {
  page: PageRef;
  id: string;
  name: string;
  province: string;
  regencies: number;
  voters: RatioCell;
  women: RatioCell;
  outside: RatioCell;
  /** A record of the dapil breaks a rule on its counts (a sum that does not hold, an unreadable count). */
  countsInDoubt: boolean;
  /** Male and female voters of all lists, for the small decorative bar beside women's share. */
  split: { male: number | null; female: number | null };
  flagged: number;
}

export interface YearStory {
  figures: KeyFigure[];
  /** What stands out (one paragraph), then the change from the previous year (another; empty for the first year). */
  sentences: { year: string[]; change: string[] };
  /** Every dapil of the year in the source's order (provinces by their first dapil id), for one sortable table. */
  rows: YearDapilRow[];
  total: { regencies: number; voters: RatioCell; women: RatioCell; outside: RatioCell };
  /** Whether any figure of the table counts only readable values (its footnote is shown). */
  partial: boolean;
  /** Men and women among voters, per province. */
  chart: Chart;
}

/** The dapil pages' count fields in the source (JumlahDPTLakiLaki, …). */
const COUNT_SOURCE_FIELDS: ReadonlySet<string> = new Set(
  COUNT_GROUPS.flatMap((group) =>
    group.cells.map((cell) => dapilPagesDataset().columns.find((column) => column.name === cell.column)?.source ?? ''),
  ),
);

/**
 * Whether a record breaks a quality rule that reads its counts (the rule's fields in the quality report): its
 * shares are then in doubt, and the year's story leaves its dapil out of the comparisons. A rule on names or codes
 * (region-code-match) does not.
 */
function breaksCountRule(site: SiteData, record: SiteRecord): boolean {
  return flagsOf(record).some((ruleId) =>
    (ruleOf(site.quality, record.dataset, ruleId)?.fields ?? []).some((field) => COUNT_SOURCE_FIELDS.has(field)),
  );
}

/** Each dapil's answer to countsInDoubt, found once: the year page asks it in each language. */
const dapilCountsInDoubt = new WeakMap<DapilView, boolean>();

/** Whether a record of the dapil breaks a rule that reads its counts (breaksCountRule). */
function countsInDoubt(site: SiteData, dapil: DapilView): boolean {
  let answer = dapilCountsInDoubt.get(dapil);
  if (answer === undefined) {
    answer = dapil.records.some((record) => breaksCountRule(site, record));
    dapilCountsInDoubt.set(dapil, answer);
  }
  return answer;
}

/** The dapils of a year's view, in the page's order. */
function dapilsOf(view: YearView): DapilView[] {
  return view.provinces.flatMap((province) => province.dapils);
}

/**
 * What the year page says first: its headline figures, the sentences on what stands out (site-sentences.ts,
 * `describeYearStory`), every dapil with its key ratios, and the chart per province; null for a year without
 * turnout records.
 */
export function yearStory(site: SiteData, lang: Lang, year: number): YearStory | null {
  const view = site.years.find((candidate) => candidate.year === year);
  if (!view || !hasTurnout(view)) return null;
  const dapils = dapilsOf(view);
  const ratios = keyRatios(lang, view.totals);
  const coverage = site.quality.coverage?.years.find((entry) => entry.year === year && entry.status === 'compared');
  const official = (count: number, of: number | undefined): string | null =>
    of === undefined ? null : STORY_TEXT[lang].ofOfficial(formatCount(lang, count), formatCount(lang, of));
  const figures: KeyFigure[] = [
    { label: STORY_TEXT[lang].figures.voters, detail: null, ...ratios.voters },
    { label: STORY_TEXT[lang].figures.women, detail: null, ...ratios.women },
    { label: STORY_TEXT[lang].figures.outside, detail: null, ...ratios.outside },
    {
      label: STORY_TEXT[lang].figures.dapils,
      text: formatCount(lang, dapils.length),
      value: dapils.length,
      detail: official(coverage?.dapils.harvested ?? 0, coverage?.dapils.official),
      partial: false,
    },
    {
      label: STORY_TEXT[lang].figures.regencies,
      text: formatCount(lang, view.turnoutRecords.length),
      value: view.turnoutRecords.length,
      detail: official(coverage?.regencies.harvested ?? 0, coverage?.regencies.official),
      partial: false,
    },
    {
      label: STORY_TEXT[lang].figures.parties,
      text: formatCount(lang, view.parties.length),
      value: view.parties.length,
      detail: null,
      partial: false,
    },
  ];
  const rows = dapils.map((dapil): YearDapilRow => {
    const cells = keyRatios(lang, dapil.totals);
    return {
      page: { kind: 'dapil', year, dapilId: dapil.dapilId },
      id: dapil.dapilId,
      name: dapilLabel(dapil),
      province: dapil.provinceName ?? COMMON_TEXT[lang].unavailable,
      regencies: dapil.records.length,
      ...cells,
      countsInDoubt: countsInDoubt(site, dapil),
      split: {
        male: givenSum(dapil.totals[countColumn('total', 'male')]),
        female: givenSum(dapil.totals[countColumn('total', 'female')]),
      },
      flagged: dapil.flagged,
    };
  });
  const previousView = site.years.filter((candidate) => candidate.year < year && hasTurnout(candidate)).at(-1);
  const sentences = describeYearStory(lang, {
    year,
    voters: ratios.voters.value,
    women: ratios.women.value,
    outside: ratios.outside.value,
    womenByDapil: rows.map((row) => ({
      label: row.name,
      share: row.women.value,
      partial: row.women.partial || row.countsInDoubt,
    })),
    outsideByDapil: rows.map((row) => ({
      label: row.name,
      share: row.outside.value,
      partial: row.outside.partial || row.countsInDoubt,
    })),
    flagged: view.turnoutRecords.filter((record) => flagsOf(record).length > 0).length,
    previous: previousView
      ? {
          year: previousView.year,
          women: totalsWomenShare(previousView.totals),
          outside: outsideShareOf(previousView.totals),
          dapils: dapilsOf(previousView).length,
        }
      : null,
  });
  const provinceRows = view.provinces.map((province) => {
    const totals = addTotals(province.dapils.map((dapil) => dapil.totals));
    return {
      label: province.name ?? COMMON_TEXT[lang].unavailable,
      male: givenSum(totals[countColumn('total', 'male')]),
      female: givenSum(totals[countColumn('total', 'female')]),
    };
  });
  return {
    figures,
    sentences,
    rows,
    total: { regencies: view.turnoutRecords.length, ...ratios },
    partial: [ratios, ...rows].some((row) => row.voters.partial || row.women.partial || row.outside.partial),
    chart: sexSplitChart(
      lang,
      STORY_TEXT[lang].provinceChartSubject(year),
      STORY_TEXT[lang].provinceChart,
      provinceRows,
      view.totals,
    ),
  };
}

/** The 30% quota of women in a party's central leadership (Law 2/2008 on political parties, art. 2(5), as amended by Law 2/2011). */
const PARTY_WOMEN_QUOTA = 30;

/** The first column of a dataset measured in percent (the parties' women's representation), if it has one. */
function percentColumnOf(dataset: DatasetId): ColumnDefinition | undefined {
  return datasetById(dataset).columns.find((column) => column.unit === 'percent');
}

/**
 * The parties' chart of a year: each party's women's representation (`PersentaseKeterwakilanPerempuan`) against the
 * 30% quota, in ballot order; the parties without a percentage are left out of the chart (never drawn as 0) and
 * named in `note`. `chart` is null, and `note` says why, when the source gives no party a percentage; both null for
 * a year without parties.
 */
export function partyQuotaChart(
  site: SiteData,
  lang: Lang,
  year: number,
): { chart: Chart | null; note: string | null } {
  const column = percentColumnOf(yearTableDataset().id);
  const parties = site.partyViews.filter((view) => view.year === year);
  if (column === undefined || parties.length === 0) return { chart: null, note: null };
  const rows = parties.map((party) => ({
    label: party.shortName ?? profileLabel(party),
    percent: party.records[0] === undefined ? null : numberValue(party.records[0], column.name),
  }));
  const summary = describeQuota(
    lang,
    year,
    rows.map((row) => ({ label: row.label, share: row.percent, partial: false })),
    PARTY_WOMEN_QUOTA,
  );
  if (summary === null) return { chart: null, note: STORY_TEXT[lang].noPartyShares(year) };
  const svg = renderQuotaChart({
    summary,
    rows,
    quota: PARTY_WOMEN_QUOTA,
    labels: { quota: STORY_TEXT[lang].quota },
    percent: (value) => formatPercent(lang, value / 100),
  });
  // The CSV keeps every party, a party that gives no share with an empty cell (named in the note under the chart).
  const data = { columns: ['name', 'women_percent'], rows: rows.map((row) => [row.label, row.percent]) };
  const notGiven = rows.filter((row) => row.percent === null).map((row) => row.label);
  return {
    chart: { name: 'women-quota', svg, title: STORY_TEXT[lang].partyChart, summary, data },
    note: notGiven.length === 0 ? null : READING_TEXT[lang].quotaNotGiven(notGiven.length, joinList(lang, notGiven)),
  };
}

export interface YearText {
  title: (year: number) => string;
  turnout: string;
  turnoutIntro: string;
  noTurnout: (year: number) => string;
  dapil: string;
  regencies: string;
  voters: string;
  womenShare: string;
  caption: (year: number) => string;
  unplaced: (count: number) => string;
  parties: string;
  partiesCaption: (year: number) => string;
  noParties: (year: number) => string;
  ballot: string;
  partyName: string;
  acronym: string;
  totalRow: string;
}

const id: YearText = {
  title: (year) => `Pemilu ${year}`,
  turnout: 'Pengguna hak pilih DPR per dapil',
  turnoutIntro:
    'Dapil dikelompokkan menurut provinsi. Bilah kecil menunjukkan bagian laki-laki (kiri) dan perempuan (kanan).',
  noTurnout: (year) => `Data ini tidak memuat pengguna hak pilih untuk ${year}.`,
  dapil: 'Dapil',
  regencies: 'Kabupaten/kota',
  voters: 'Pengguna hak pilih',
  womenShare: 'Bagian perempuan',
  caption: (year) => `Dapil pemilu DPR ${year} menurut provinsi`,
  unplaced: (count) =>
    `${count} rekaman tanpa kode dapil yang dapat dibaca dihitung dalam jumlah tahun ini tetapi tidak muncul di halaman dapil; lihat laporan kualitas.`,
  parties: 'Partai politik',
  partiesCaption: (year) => `Partai politik peserta pemilu ${year} menurut nomor urut`,
  noParties: (year) => `Data ini tidak memuat profil partai untuk ${year}.`,
  ballot: 'Nomor urut',
  partyName: 'Nama partai',
  acronym: 'Akronim',
  totalRow: 'Jumlah',
};

const en: YearText = {
  title: (year) => `${year} election`,
  turnout: 'Voters who voted in the DPR election, per dapil',
  turnoutIntro: "Dapils grouped by province. The small bar shows men's share (left) and women's (right).",
  noTurnout: (year) => `This data holds no turnout records for ${year}.`,
  dapil: 'Dapil',
  regencies: 'Regencies and cities',
  voters: 'Voters who voted',
  womenShare: "Women's share",
  caption: (year) => `Dapils of the ${year} DPR election by province`,
  unplaced: (count) =>
    `${count} record${count === 1 ? '' : 's'} without a readable dapil id count in this year's totals but appear on no dapil page; see the quality report.`,
  parties: 'Political parties',
  partiesCaption: (year) => `Parties contesting the ${year} election by ballot number`,
  noParties: (year) => `This data holds no party profiles for ${year}.`,
  ballot: 'Ballot number',
  partyName: 'Party name',
  acronym: 'Acronym',
  totalRow: 'Total',
};

export const YEAR_TEXT: Record<Lang, YearText> = { id, en };
