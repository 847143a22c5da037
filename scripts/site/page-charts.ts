// The charts the data pages share: voters by sex and by voter list, as SVG with their text alternative.
import { countColumn, numberValue, type SiteRecord, type Totals } from './site-data.ts';
import { formatPercent } from './site-format.ts';
import { describeSexSplit, describeVoterLists } from './site-sentences.ts';
import type { Lang } from './site-routes.ts';
import { renderSexSplitChart, renderVoterListChart, type SexSplitRow, type VoterListRow } from './svg-charts.ts';
import { COMMON_TEXT } from './texts/common-text.ts';
import { READING_TEXT } from './texts/reading-text.ts';

export interface Chart {
  svg: string;
  title: string;
  summary: string;
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
  return { svg: sexSplitSvg(lang, summary, rows), title, summary };
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
  const svg = renderVoterListChart({
    summary,
    rows,
    labels: {
      dpt: COMMON_TEXT[lang].groups.dpt,
      dptb: COMMON_TEXT[lang].groups.dptb,
      dpk: COMMON_TEXT[lang].groups.dpk,
      unavailable: COMMON_TEXT[lang].unavailable,
    },
    percent: (share) => formatPercent(lang, share),
  });
  return { svg, title, summary };
}
