// Sentences built from figures: each chart's one-sentence text alternative (what it shows, such as the gap
// between women's and men's turnout) and the citation line that credits the KPU and names the release. The
// figures are computed here; the words are the catalogue's (site-text.ts, `sentences`).
import type { DatasetDefinition } from '../datasets/dataset-definition.ts';
import { OFFICIAL_DAPIL_VALUE } from '../datasets/dapils/official-list-rules.ts';
import type { SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { formatCount, formatDateTimeWib, formatDecimal, formatPercent } from './site-format.ts';
import type { Lang } from './site-routes.ts';
import { STORY_TEXT } from './story-text.ts';
import { COMMON_TEXT } from './texts/common-text.ts';
import { SENTENCE_TEXT, type RangeWords, type SameWords } from './texts/sentence-text.ts';
import type { SexSplitRow, VoterListRow } from './svg-charts.ts';

interface Extreme {
  label: string;
  share: number;
}

function extremes<T>(
  rows: readonly T[],
  label: (row: T) => string,
  share: (row: T) => number | null,
): { high: Extreme; low: Extreme; all: Extreme[] } | null {
  const known = rows.flatMap((row) => {
    const value = share(row);
    return value === null ? [] : [{ label: label(row), share: value }];
  });
  if (known.length < 2) return null;
  // First of equals wins, so the sentence is stable.
  const high = known.reduce((best, row) => (row.share > best.share ? row : best));
  const low = known.reduce((best, row) => (row.share < best.share ? row : best));
  return { high, low, all: known };
}

/** Women's share of male + female; null when either is unknown or both are 0. Example: (40, 60) → 0.6. */
export function womenShare(row: { male: number | null; female: number | null }): number | null {
  if (row.male === null || row.female === null || row.male + row.female === 0) return null;
  return row.female / (row.male + row.female);
}

/**
 * The text alternative of a sex-split chart: women's and men's shares of the whole, the gap in people, and
 * (with several rows) where women's share is highest and lowest. One sentence.
 * Example (en): "In ACEH I, women were 50.6% of voters who voted and men 49.4%, 12,345 more women than men;
 * women's share was highest in KOTA BANDA ACEH (52.1%) and lowest in ACEH BARAT (48.0%)."
 */
export function describeSexSplit(
  lang: Lang,
  subject: string,
  total: { male: number; female: number },
  rows: readonly SexSplitRow[],
): string {
  const text = SENTENCE_TEXT[lang];
  const both = total.male + total.female;
  if (both === 0) return text.noVotersIn(subject);
  const head = text.sexSplit({
    subject,
    female: formatPercent(lang, total.female / both),
    male: formatPercent(lang, total.male / both),
    gap: formatCount(lang, Math.abs(total.female - total.male)),
    moreWomen: total.female >= total.male,
  });
  const range = extremes(rows, (row) => row.label, womenShare);
  return `${head}${comparedRows(lang, range, { range: text.sexSplitRange, close: text.sexSplitClose, equal: text.sexSplitSame })}.`;
}

/**
 * How many decimals (one to three) tell two shares apart as the page writes them; undefined when they read the same to
 * three decimals.
 */
function decimalsApart(lang: Lang, high: number, low: number): number | undefined {
  return [1, 2, 3].find((each) => formatPercent(lang, high, each) !== formatPercent(lang, low, each));
}

/**
 * The highest and the lowest share as a sentence says them (decimalsApart). Apart at one decimal: `range`, the
 * highest and the lowest. Written alike at one decimal but apart at two or three: `close`, said as a person would
 * ("barely differed, from 51.700% in KOTA BANDUNG to 51.703% in KOTA CIMAHI") with as many decimals as tell them
 * apart, never "highest" and "lowest" for what reads as one share. The same to three decimals: `equal`, one share
 * naming every row at it.
 */
function rangeParts(
  lang: Lang,
  range: { high: Extreme; low: Extreme; all: readonly Extreme[] },
):
  | { kind: 'range' | 'close'; high: string; highShare: string; low: string; lowShare: string }
  | { kind: 'equal'; names: string; share: string } {
  const digits = decimalsApart(lang, range.high.share, range.low.share);
  if (digits === undefined)
    return {
      kind: 'equal',
      names: joinList(
        lang,
        range.all.map((row) => row.label),
      ),
      share: formatPercent(lang, range.high.share),
    };
  return {
    kind: digits === 1 ? 'range' : 'close',
    high: range.high.label,
    highShare: formatPercent(lang, range.high.share, digits),
    low: range.low.label,
    lowShare: formatPercent(lang, range.low.share, digits),
  };
}

/** The part of a chart's sentence that compares its rows (rangeParts), in the words `said` gives each kind. */
function comparedRows(
  lang: Lang,
  range: { high: Extreme; low: Extreme; all: readonly Extreme[] } | null,
  said: { range: RangeWords; close: RangeWords; equal: SameWords },
): string {
  if (range === null) return '';
  const parts = rangeParts(lang, range);
  return parts.kind === 'equal' ? said.equal(parts) : said[parts.kind](parts);
}

/** "a", "a and b", "a, b and c" in the page's language. */
export function joinList(lang: Lang, items: readonly string[]): string {
  return items.length === 1
    ? (items[0] as string)
    : `${items.slice(0, -1).join(', ')} ${COMMON_TEXT[lang].and} ${items.at(-1) as string}`;
}

/**
 * The text alternative of the home page's chart: women's share in each election year. One sentence.
 * Example (en): "Women were 49.9% of voters who voted in 2019 and 50.9% in 2024."
 */
export function describeYears(lang: Lang, rows: readonly SexSplitRow[]): string {
  const text = SENTENCE_TEXT[lang];
  const parts = rows.flatMap((row) => {
    const share = womenShare(row);
    return share === null ? [] : [{ year: row.label, share: formatPercent(lang, share) }];
  });
  if (parts.length === 0) return text.noVoters;
  return text.years(
    joinList(
      lang,
      parts.map((part, index) =>
        index === 0 ? text.yearsFirst(part.share, part.year) : text.yearsNext(part.share, part.year),
      ),
    ),
  );
}

function outsideShare(row: VoterListRow): number | null {
  if (row.dpt === null || row.dptb === null || row.dpk === null) return null;
  const all = row.dpt + row.dptb + row.dpk;
  return all === 0 ? null : (row.dptb + row.dpk) / all;
}

/**
 * The text alternative of a voter-list chart: the shares of DPT, DPTb and DPK in the whole, and where the share
 * outside the DPT is largest and smallest. One sentence.
 */
export function describeVoterLists(
  lang: Lang,
  subject: string,
  total: { dpt: number; dptb: number; dpk: number },
  rows: readonly VoterListRow[],
): string {
  const text = SENTENCE_TEXT[lang];
  const all = total.dpt + total.dptb + total.dpk;
  if (all === 0) return text.noVotersIn(subject);
  const [dpt, dptb, dpk] = [total.dpt, total.dptb, total.dpk].map((count) => formatPercent(lang, count / all)) as [
    string,
    string,
    string,
  ];
  const range = extremes(rows, (row) => row.label, outsideShare);
  return `${text.voterLists({ subject, dpt, dptb, dpk })}${comparedRows(lang, range, { range: text.voterListsRange, close: text.voterListsClose, equal: text.voterListsSame })}.`;
}

/**
 * Where the data was retrieved from: the upstream's host, or on demo data (whose manifest names the stand-in
 * upstream in English, as it has no host) the stand-in named in the page's language.
 */
export function upstreamOf(lang: Lang, manifest: SnapshotManifest): string {
  return manifest.demo ? COMMON_TEXT[lang].demoUpstream : manifest.source.upstreamHost;
}

/** The release the files belong to: the release stage's id, or the harvest id when no release was named. */
export function releaseOf(manifest: SnapshotManifest): string {
  return manifest.release?.id ?? manifest.harvest.harvestId;
}

/**
 * The one retrieval instant a page names (its footer and its citation alike): the release's, as its citation files
 * give it (an unchanged release keeps its first), or the harvest's end when no release was named.
 */
export function retrievalInstant(manifest: SnapshotManifest): string {
  return manifest.release?.retrievedAt ?? manifest.harvest.finishedAt;
}

/**
 * The citation line of a page: the KPU as author, the dataset (and year) when the page shows one, the query,
 * the release and the retrieval time (in WIB with UTC beside it, as the footer writes it).
 * Example (en): "Komisi Pemilihan Umum (KPU). Voters who voted in the DPR election, by sex, 2014. KPU open-data
 * API, query datahakpilihdpr; release 2026-11-22, retrieved 22 November 2026, 10:43 WIB (03:43 UTC)." With
 * KPU_SITE_URL set, the release's permanent folder follows ("… UTC). https://example.org/data/releases/2026-11-22/").
 */
export function citationLine(
  lang: Lang,
  manifest: SnapshotManifest,
  dataset?: DatasetDefinition,
  year?: number,
): string {
  const queries = dataset ? [dataset.upstreamName] : manifest.source.queries;
  return `${SENTENCE_TEXT[lang].citation({
    publisher: manifest.source.publisher,
    what: dataset ? `${dataset.title[lang]}${year === undefined ? '' : `, ${year}`}` : manifest.title[lang],
    queries: queries.join(` ${COMMON_TEXT[lang].and} `),
    oneQuery: dataset !== undefined,
    release: releaseOf(manifest),
    retrieved: formatDateTimeWib(lang, retrievalInstant(manifest)),
  })}${manifest.release?.url ? ` ${manifest.release.url}` : ''}`;
}

// ---- The year page's story, the dapil and party pages across years, quality findings in words ----

/** A dapil (or party) as the story compares it: a share (0–1) or null when unknown, and whether it is partial. */
export interface StoryRow {
  label: string;
  share: number | null;
  /** Some count behind the share is unreadable: the row is left out of comparisons. */
  partial: boolean;
}

/**
 * The rows with the highest and the lowest share, every row tied at either end named (in the rows' order); null
 * with fewer than two comparable rows. Exact shares are compared, so two dapils written "50.0%" are tied only when
 * their shares are equal.
 */
function storyExtremes(rows: readonly StoryRow[]): { high: StoryRow[]; low: StoryRow[]; equal: boolean } | null {
  const known = rows.filter((row): row is StoryRow & { share: number } => row.share !== null && !row.partial);
  if (known.length < 2) return null;
  const max = Math.max(...known.map((row) => row.share));
  const min = Math.min(...known.map((row) => row.share));
  return {
    high: known.filter((row) => row.share === max),
    low: known.filter((row) => row.share === min),
    equal: max === min,
  };
}

/**
 * The change between two shares as the page shows them (one decimal), in percentage points: the difference of the
 * written percentages, so a reader can check it; "same" when they are written the same.
 */
export function pointsChange(
  lang: Lang,
  before: number,
  after: number,
): { points: string; direction: 'up' | 'down' | 'same' } {
  const tenths = Math.round(after * 1000) - Math.round(before * 1000);
  return {
    points: formatDecimal(lang, Math.abs(tenths) / 10, 1).replace(/^(\d+)$/, `$1${COMMON_TEXT[lang].numbers.decimal}0`),
    direction: tenths === 0 ? 'same' : tenths > 0 ? 'up' : 'down',
  };
}

function rangeSentence(
  lang: Lang,
  range: { high: StoryRow[]; low: StoryRow[] },
  sentence: (parts: { high: string; highShare: string; low: string; lowShare: string }) => string,
): string {
  const share = (rows: StoryRow[]): string => formatPercent(lang, rows[0]?.share ?? 0);
  return sentence({
    high: joinList(
      lang,
      range.high.map((row) => row.label),
    ),
    highShare: share(range.high),
    low: joinList(
      lang,
      range.low.map((row) => row.label),
    ),
    lowShare: share(range.low),
  });
}

export interface YearStoryInput {
  year: number;
  /** null when no record of the year gave the count: said in words, never as 0. */
  voters: number | null;
  /** Women's share and the share outside the DPT over the year's readable counts; null when unknown. */
  women: number | null;
  outside: number | null;
  /** One row per dapil: its women's share and its share outside the DPT. */
  womenByDapil: readonly StoryRow[];
  outsideByDapil: readonly StoryRow[];
  /** Records of the year with quality notes. */
  flagged: number;
  /** The previous election year with turnout in the data, if any. */
  previous: { year: number; women: number | null; outside: number | null; dapils: number } | null;
}

/**
 * The year page's sentences, in two paragraphs: what the year holds, where women's share and the share outside the DPT are highest
 * and lowest (ties named together; dapils with unreadable counts left out and counted), the records with quality
 * notes; then the change from the previous year with turnout (none for the first). Example (en): "In the 2024 election, 1,234 people voted in the 6
 * dapils of this data; women were 50.6% of them, and 3.1% voted outside the DPT (through the DPTb or DPK)."
 */
export function describeYearStory(lang: Lang, input: YearStoryInput): { year: string[]; change: string[] } {
  const text = STORY_TEXT[lang];
  const dapils = input.womenByDapil.length;
  const sentences = [
    text.overview({
      year: input.year,
      voters: input.voters === null ? null : formatCount(lang, input.voters),
      dapils: formatCount(lang, dapils),
      women: input.women === null ? null : formatPercent(lang, input.women),
      outside: input.outside === null ? null : formatPercent(lang, input.outside),
    }),
  ];
  if (dapils === 1) sentences.push(text.oneDapil(input.womenByDapil[0]?.label ?? ''));
  else {
    const women = storyExtremes(input.womenByDapil);
    if (women?.equal) sentences.push(text.womenEqual(formatPercent(lang, women.high[0]?.share ?? 0)));
    else if (women) sentences.push(rangeSentence(lang, women, text.womenRange));
    const outside = storyExtremes(input.outsideByDapil);
    if (outside && !outside.equal) sentences.push(rangeSentence(lang, outside, text.outsideRange));
    const leftOut = input.womenByDapil.filter(
      (row, index) => row.partial || input.outsideByDapil[index]?.partial === true,
    ).length;
    if (leftOut > 0) sentences.push(text.leftOut(leftOut));
  }
  if (input.flagged > 0) sentences.push(text.flaggedRecords(input.flagged));
  const change: string[] = [];
  const previous = input.previous;
  if (previous !== null) {
    if (previous.women !== null && input.women !== null)
      change.push(
        text.change({
          previous: previous.year,
          previousShare: formatPercent(lang, previous.women),
          share: formatPercent(lang, input.women),
          change: pointsChange(lang, previous.women, input.women),
        }),
      );
    if (previous.outside !== null && input.outside !== null)
      change.push(
        text.outsideChange({
          previous: previous.year,
          previousShare: formatPercent(lang, previous.outside),
          share: formatPercent(lang, input.outside),
          change: pointsChange(lang, previous.outside, input.outside),
        }),
      );
    if (previous.dapils !== dapils)
      change.push(
        text.coverageDiffers({
          previous: previous.year,
          previousDapils: formatCount(lang, previous.dapils),
          dapils: formatCount(lang, dapils),
        }),
      );
  }
  return { year: sentences, change };
}

/**
 * The text alternative of the parties' quota chart: how many parties the source gives a percentage for, how many
 * reach the quota, and the highest and lowest (ties named together); null when no party has a percentage.
 * `rows[].share` is a percentage (0–100) here.
 */
export function describeQuota(lang: Lang, year: number, rows: readonly StoryRow[], quota: number): string | null {
  const given = rows.filter((row) => row.share !== null);
  if (given.length === 0) return null;
  const asShare = rows.map((row) => ({ ...row, share: row.share === null ? null : row.share / 100 }));
  const range = storyExtremes(asShare) ?? { high: asShare.filter((row) => row.share !== null), low: [] };
  const first = range.high[0];
  const low = range.low.length > 0 ? range.low : range.high;
  // As rangeParts says them: one decimal, or up to three to tell the highest from the lowest, then as barely
  // differing; one share otherwise (one party, or all written the same), every party named at it, never called both
  // highest and lowest.
  const digits = decimalsApart(lang, first?.share ?? 0, low[0]?.share ?? 0);
  const summary = {
    year,
    given: given.length,
    total: rows.length,
    atQuota: given.filter((row) => (row.share as number) >= quota).length,
  };
  if (digits === undefined)
    return STORY_TEXT[lang].partyChartSummary({
      ...summary,
      high: joinList(
        lang,
        given.map((row) => row.label),
      ),
      highShare: formatPercent(lang, first?.share ?? 0),
      low: null,
      lowShare: '',
      close: false,
    });
  return STORY_TEXT[lang].partyChartSummary({
    ...summary,
    high: joinList(
      lang,
      range.high.map((row) => row.label),
    ),
    highShare: formatPercent(lang, first?.share ?? 0, digits),
    low: joinList(
      lang,
      low.map((row) => row.label),
    ),
    lowShare: formatPercent(lang, low[0]?.share ?? 0, digits),
    close: digits > 1,
  });
}

/** A string of digits grouped the language's way, exactly at any length. Example: ('id', "2587") → "2.587". */
function groupDigitString(lang: Lang, digits: string): string {
  return /^[0-9]+$/.test(digits) ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, COMMON_TEXT[lang].numbers.group) : digits;
}

/**
 * A quality violation said in the page's language, from the values the quality report recorded: a sum that does
 * not hold as the sum and the source's figure ("1.312 + 1.275 = 2.587, tetapi sumber mencatat 2.687 (selisih
 * 100)"), a shared key as the positions sharing it, anything else as the values the source gave, each named by its
 * column's title (`titleOf`, from the declarations; a field without a column keeps its source name).
 */
export function describeViolation(
  lang: Lang,
  violation: { values: Record<string, unknown> },
  titleOf: (field: string) => string | null,
): string {
  const text = STORY_TEXT[lang].findings;
  const entries = Object.entries(violation.values);
  const sum = violation.values.sum;
  const given = entries.filter(([field]) => field !== 'sum' && field !== 'positions' && field !== OFFICIAL_DAPIL_VALUE);
  const digits = (value: unknown): value is string => typeof value === 'string' && /^[0-9]+$/.test(value);
  if (digits(sum) && given.length >= 2 && given.every(([, value]) => digits(value))) {
    const addends = given.slice(0, -1).map(([, value]) => value as string);
    const total = given.at(-1)?.[1] as string;
    const difference = BigInt(total) - BigInt(sum);
    return text.sum({
      addends: addends.map((value) => groupDigitString(lang, value)).join(' + '),
      sum: groupDigitString(lang, sum),
      total: groupDigitString(lang, total),
      difference: groupDigitString(lang, String(difference < 0n ? -difference : difference)),
    });
  }
  const positions = violation.values.positions;
  if (Array.isArray(positions))
    return text.duplicate(
      joinList(
        lang,
        positions.map((position) => String(position)),
      ),
    );
  const parts = given.map(([field, value]) => {
    const shown =
      typeof value === 'string' && value.trim() === ''
        ? `${JSON.stringify(value)} ${text.empty}`
        : value === null || value === undefined
          ? text.empty
          : `“${typeof value === 'string' ? value : JSON.stringify(value)}”`;
    return text.value(titleOf(field) ?? field, shown);
  });
  const sentence = parts.length === 0 ? '' : text.given(joinList(lang, parts));
  // The official list's placement is the law's, not a value the source gave: a sentence of its own.
  const official = violation.values[OFFICIAL_DAPIL_VALUE];
  if (typeof official !== 'string' || official === '') return sentence;
  return [sentence, text.official(joinList(lang, official.split(',')))].filter((part) => part !== '').join(' ');
}
