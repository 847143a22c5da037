// Table cells of counts and ratios, computed from records and their totals: the text shown in one language and the
// exact value (the pages of a year, a dapil, the home page and the profiles).
import { countColumn, type CountSum, type Totals } from './site-data.ts';
import { formatCount, formatPercent } from './site-format.ts';
import { womenShare } from './site-sentences.ts';
import type { Lang } from './site-routes.ts';
import { COMMON_TEXT } from './texts/common-text.ts';

/** A table cell: the text shown, and the exact value for `data-v` (sorting, and tests comparing figures). */
export interface Cell {
  text: string;
  value: number | null;
}

export function countCell(lang: Lang, value: number | null): Cell {
  return { text: value === null ? '—' : formatCount(lang, value), value };
}

/** A sum, or null when no record gave a value (so a chart says "not available", never draws a 0). */
export function givenSum(sum: CountSum | undefined): number | null {
  return sum === undefined || sum.given === 0 ? null : sum.sum;
}

/** A sum's cell: the sum, or "not available" when no record gave a value (an empty count is never shown as 0). */
export function sumCell(lang: Lang, sum: CountSum | undefined): Cell & { missing: number } {
  const entry = sum ?? { sum: 0, missing: 0, given: 0 };
  if (entry.given === 0) return { text: COMMON_TEXT[lang].unavailable, value: null, missing: entry.missing };
  return { text: formatCount(lang, entry.sum), value: entry.sum, missing: entry.missing };
}

/** Women's share of male + female, from all-lists totals (a total with unreadable values counts what it has). */
export function totalsWomenShare(totals: Totals): number | null {
  return womenShare({
    male: totals[countColumn('total', 'male')]?.sum ?? 0,
    female: totals[countColumn('total', 'female')]?.sum ?? 0,
  });
}

/** A figure of the page that may count only the readable values: `partial` marks it (a footnote says so). */
export interface RatioCell extends Cell {
  partial: boolean;
}

const SEX_TOTAL_COLUMNS = (): string[] => [countColumn('total', 'male'), countColumn('total', 'female')];

const LIST_TOTAL_COLUMNS = (): string[] =>
  (['dpt', 'dptb', 'dpk'] as const).map((group) => countColumn(group, 'total'));

function missingIn(totals: Totals, columns: readonly string[]): number {
  return columns.reduce((sum, column) => sum + (totals[column]?.missing ?? 0), 0);
}

/** The share of DPTb + DPK in DPT + DPTb + DPK (the voters outside the main list); null when all three are 0. */
export function outsideShareOf(totals: Totals): number | null {
  const [dpt = 0, dptb = 0, dpk = 0] = LIST_TOTAL_COLUMNS().map((column) => totals[column]?.sum ?? 0);
  const all = dpt + dptb + dpk;
  return all === 0 ? null : (dptb + dpk) / all;
}

/** The key ratios of a dapil or a year: voters of all lists, women's share, the share outside the DPT. */
export function keyRatios(lang: Lang, totals: Totals): { voters: RatioCell; women: RatioCell; outside: RatioCell } {
  const share = (value: number | null, columns: readonly string[]): RatioCell => ({
    text: value === null ? COMMON_TEXT[lang].unavailable : formatPercent(lang, value),
    value,
    partial: missingIn(totals, columns) > 0,
  });
  const voters = sumCell(lang, totals[countColumn('total', 'total')]);
  return {
    // Partial when some records gave no value; with none given, the cell says "not available" instead.
    voters: { text: voters.text, value: voters.value, partial: voters.value !== null && voters.missing > 0 },
    women: share(totalsWomenShare(totals), SEX_TOTAL_COLUMNS()),
    outside: share(outsideShareOf(totals), LIST_TOTAL_COLUMNS()),
  };
}
