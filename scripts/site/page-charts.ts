// The charts the data pages share: voters by sex and by voter list, as SVG with their text alternative.
import type { FigureData } from './figure-files.ts';
import { countColumn, numberValue, type SiteRecord, type Totals } from './site-data.ts';
import { formatPercent } from './site-format.ts';
import { describeSexSplit, describeVoterLists } from './site-sentences.ts';
import type { Lang } from './site-routes.ts';
import {
  listShares,
  renderSexSplitChart,
  renderVoterListChart,
  womenShare,
  type SexSplitRow,
  type VoterListRow,
} from './svg-charts.ts';
import { COMMON_TEXT } from './texts/common-text.ts';
import { READING_TEXT } from './texts/reading-text.ts';

export interface Chart {
  /** Its name on the page, unique there: its files' names say it ("sex-split", "voter-lists"). */
  name: string;
  /**
   * Null when no row has a figure to draw (a dapil whose only record gives no voters): the page then gives the title
   * and the sentence alone, with no empty chart and no files to take away.
   */
  svg: string | null;
  title: string;
  summary: string;
  /** The figures it draws, for its CSV to take away (figure-files.ts). */
  data: FigureData;
}

/** A share (0–1) for a figure's CSV: six decimals, so the file does not carry binary rounding noise. */
function shareValue(part: number | null, all: number): number | null {
  return part === null || all === 0 ? null : Math.round((part / all) * 1e6) / 1e6;
}

/** The men/women chart's figures: each row's counts and the women's share written at the end of its bar. */
export function sexSplitData(rows: readonly SexSplitRow[]): FigureData {
  return {
    columns: ['name', 'male', 'female', 'female_share'],
    rows: rows.map((row) => [
      row.label,
      row.male,
      row.female,
      row.male === null ? null : shareValue(row.female, row.male + (row.female ?? 0)),
    ]),
  };
}

/** The voter-list chart's figures: each row's counts and the three lists' shares of all three. */
function voterListData(rows: readonly VoterListRow[]): FigureData {
  return {
    columns: ['name', 'dpt', 'dptb', 'dpk', 'dpt_share', 'dptb_share', 'dpk_share'],
    rows: rows.map((row) => {
      const all = row.dpt === null || row.dptb === null || row.dpk === null ? 0 : row.dpt + row.dptb + row.dpk;
      return [
        row.label,
        row.dpt,
        row.dptb,
        row.dpk,
        shareValue(row.dpt, all),
        shareValue(row.dptb, all),
        shareValue(row.dpk, all),
      ];
    }),
  };
}

export function splitRowOf(label: string, record: SiteRecord): SexSplitRow {
  return {
    label,
    male: numberValue(record, countColumn('total', 'male')),
    female: numberValue(record, countColumn('total', 'female')),
  };
}

export function listRowOf(label: string, record: SiteRecord): VoterListRow {
  return {
    label,
    dpt: numberValue(record, countColumn('dpt', 'total')),
    dptb: numberValue(record, countColumn('dptb', 'total')),
    dpk: numberValue(record, countColumn('dpk', 'total')),
  };
}

/** The men/women chart of `rows` as SVG, in the language's words and number format, with its summary sentence. */
export function sexSplitSvg(lang: Lang, summary: string, rows: readonly SexSplitRow[]): string {
  return renderSexSplitChart({
    summary,
    rows,
    labels: {
      male: READING_TEXT[lang].moreMen,
      female: READING_TEXT[lang].moreWomen,
      unavailable: COMMON_TEXT[lang].unavailable,
    },
    percent: (share) => formatPercent(lang, share),
  });
}

export function sexSplitChart(
  lang: Lang,
  subject: string,
  title: string,
  rows: readonly SexSplitRow[],
  totals: Totals,
): Chart {
  const summary = describeSexSplit(
    lang,
    subject,
    { male: totals[countColumn('total', 'male')]?.sum ?? 0, female: totals[countColumn('total', 'female')]?.sum ?? 0 },
    rows,
  );
  const svg = rows.some((row) => womenShare(row) !== null) ? sexSplitSvg(lang, summary, rows) : null;
  return { name: 'sex-split', svg, title, summary, data: sexSplitData(rows) };
}

export function voterListChart(
  lang: Lang,
  subject: string,
  title: string,
  rows: readonly VoterListRow[],
  totals: Totals,
): Chart {
  const summary = describeVoterLists(
    lang,
    subject,
    {
      dpt: totals[countColumn('dpt', 'total')]?.sum ?? 0,
      dptb: totals[countColumn('dptb', 'total')]?.sum ?? 0,
      dpk: totals[countColumn('dpk', 'total')]?.sum ?? 0,
    },
    rows,
  );
  const svg = rows.some((row) => listShares(row) !== null)
    ? renderVoterListChart({
        summary,
        rows,
        labels: {
          dpt: COMMON_TEXT[lang].groups.dpt,
          dptb: COMMON_TEXT[lang].groups.dptb,
          dpk: COMMON_TEXT[lang].groups.dpk,
          unavailable: COMMON_TEXT[lang].unavailable,
        },
        percent: (share) => formatPercent(lang, share),
      })
    : null;
  return { name: 'voter-lists', svg, title, summary, data: voterListData(rows) };
}
