// Sentences built from figures: each chart's one-sentence text alternative (what it shows, such as the gap
// between women's and men's turnout) and the citation line that credits the KPU and names the release. The
// figures are computed here; the words are the catalogue's (site-text.ts, `sentences`).
import type { DatasetDefinition } from '../datasets/dataset-definition.ts';
import type { SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { formatCount, formatDate, formatPercent } from './site-format.ts';
import type { Lang } from './site-routes.ts';
import { TEXT } from './site-text.ts';
import type { SexSplitRow, VoterListRow } from './svg-charts.ts';

interface Extreme {
  label: string;
  share: number;
}

function extremes<T>(
  rows: readonly T[],
  label: (row: T) => string,
  share: (row: T) => number | null,
): { high: Extreme; low: Extreme } | null {
  const known = rows.flatMap((row) => {
    const value = share(row);
    return value === null ? [] : [{ label: label(row), share: value }];
  });
  if (known.length < 2) return null;
  // First of equals wins, so the sentence is stable.
  const high = known.reduce((best, row) => (row.share > best.share ? row : best));
  const low = known.reduce((best, row) => (row.share < best.share ? row : best));
  return { high, low };
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
  const text = TEXT[lang].sentences;
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
  return `${head}${range ? text.sexSplitRange(rangeParts(lang, range)) : ''}.`;
}

function rangeParts(
  lang: Lang,
  range: { high: Extreme; low: Extreme },
): { high: string; highShare: string; low: string; lowShare: string } {
  return {
    high: range.high.label,
    highShare: formatPercent(lang, range.high.share),
    low: range.low.label,
    lowShare: formatPercent(lang, range.low.share),
  };
}

/** "a", "a and b", "a, b and c" in the page's language. */
function joinList(lang: Lang, items: readonly string[]): string {
  return items.length === 1
    ? (items[0] as string)
    : `${items.slice(0, -1).join(', ')} ${TEXT[lang].and} ${items.at(-1) as string}`;
}

/**
 * The text alternative of the home page's chart: women's share in each election year. One sentence.
 * Example (en): "Women were 49.9% of voters who voted in 2019 and 50.9% in 2024."
 */
export function describeYears(lang: Lang, rows: readonly SexSplitRow[]): string {
  const text = TEXT[lang].sentences;
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
  const text = TEXT[lang].sentences;
  const all = total.dpt + total.dptb + total.dpk;
  if (all === 0) return text.noVotersIn(subject);
  const [dpt, dptb, dpk] = [total.dpt, total.dptb, total.dpk].map((count) => formatPercent(lang, count / all)) as [
    string,
    string,
    string,
  ];
  const range = extremes(rows, (row) => row.label, outsideShare);
  return `${text.voterLists({ subject, dpt, dptb, dpk })}${range ? text.voterListsRange(rangeParts(lang, range)) : ''}.`;
}

/**
 * Where the data was retrieved from: the upstream's host, or on demo data (whose manifest names the stand-in
 * upstream in English, as it has no host) the stand-in named in the page's language.
 */
export function upstreamOf(lang: Lang, manifest: SnapshotManifest): string {
  return manifest.demo ? TEXT[lang].demoUpstream : manifest.source.upstreamHost;
}

/** The release the files belong to: the release stage's id, or the harvest id when no release was named. */
export function releaseOf(manifest: SnapshotManifest): string {
  return manifest.release?.id ?? manifest.harvest.harvestId;
}

/**
 * The citation line of a page: the KPU as author, the dataset (and year) when the page shows one, the query,
 * the release and the retrieval date.
 * Example (en): "Komisi Pemilihan Umum (KPU). Voters who voted in the DPR election, by sex, 2014. KPU open-data
 * API, query datahakpilihdpr; release 2026-11-22, retrieved 22 November 2026."
 */
export function citationLine(
  lang: Lang,
  manifest: SnapshotManifest,
  dataset?: DatasetDefinition,
  year?: number,
): string {
  const queries = dataset ? [dataset.upstreamName] : manifest.source.queries;
  return TEXT[lang].sentences.citation({
    publisher: manifest.source.publisher,
    what: dataset ? `${dataset.title[lang]}${year === undefined ? '' : `, ${year}`}` : manifest.title[lang],
    queries: queries.join(` ${TEXT[lang].and} `),
    oneQuery: dataset !== undefined,
    release: releaseOf(manifest),
    retrieved: formatDate(lang, manifest.harvest.finishedAt),
  });
}
