// What changed between releases, for people: the changelog page (every release newest first, with the
// records it added, removed and changed) and the change history of one dapil or party page, both from the
// release stage's releases.json and history.json. Values are written the way the pages write them, an
// empty value says so, and both are capped so every page stays under the weight budget: the complete lists
// are the linked JSON files.
import type { NormalizedValue } from '../normalize/normalize-records.ts';
import type { HistoryEntry, ReleaseEntry } from '../release/release-stage.ts';
import { keyPhrase, profileLabel } from './record-labels.ts';
import { dapilPagesDataset, datasetById, DATASETS, PAGED_DATASETS } from '../datasets/datasets.ts';
import type { DapilView, DatasetId, ProfileView, SiteData } from './site-data.ts';
import { formatCount, formatDate, formatDateTimeWib, formatDecimal, formatIsoDate } from './site-format.ts';
import { retrievalInstant } from './site-sentences.ts';
import type { Lang, PageRef } from './site-routes.ts';
import { CHANGES_TEXT } from './pages/changes-page.ts';

/** Limits of the changelog page (CHANGELOG_LIMITS). */
export interface ChangelogLimits {
  /** Releases listed and given a section, newest first; older ones are in releases.json. */
  releases: number;
  /** Rows per dataset and release. */
  rowsPerDataset: number;
  /** Rows on the whole page: releases past it show their counts only. */
  rowsPerPage: number;
}

/**
 * How much of the history the changelog page shows. A table row is one changed field, or one added or
 * removed record; a changed record is never split over the limit. With the worst rows (every field of a
 * record changed, values clipped at VALUE_SHOWN_CHARS) the page stays under 30 KB gzip: see docs/site.md.
 */
const CHANGELOG_LIMITS: Readonly<ChangelogLimits> = {
  releases: 50,
  rowsPerDataset: 40,
  rowsPerPage: 150,
};

/** Rows of the change history on one dapil or party page, newest first; the rest is in history.json. */
const PAGE_HISTORY_ROWS = 30;

/** Characters of a value shown in a change table; a longer one ends in "…" (the whole value is in history.json). */
const VALUE_SHOWN_CHARS = 200;

/** Example: a 300-character address → its first 199 characters and "…". */
export function clipValue(text: string, limit = VALUE_SHOWN_CHARS): string {
  const characters = [...text];
  return characters.length <= limit ? text : `${characters.slice(0, limit - 1).join('')}…`;
}

/** The dataset whose pages have a view of their own (dapil pages). */
const DAPIL_PAGES = dapilPagesDataset();

const DATASET_IDS: readonly DatasetId[] = DATASETS.map((dataset) => dataset.id);

/**
 * A value of a record as the pages write it: counts grouped the language's way, decimals with its separator,
 * ISO dates spelled out, lists joined; a null, blank or empty list is "(kosong)" / "(empty)".
 * Example: ('id', 'turnout', 'dpk_male', 12345) → "12.345"; ('en', 'parties', 'general_chair', null) → "(empty)".
 */
export function formatChangeValue(lang: Lang, dataset: DatasetId, field: string, value: NormalizedValue): string {
  const empty = CHANGES_TEXT[lang].empty;
  if (value === null) return empty;
  const column = datasetById(dataset).columns.find((candidate) => candidate.name === field);
  if (typeof value === 'number') {
    if (column?.type === 'decimal') return formatDecimal(lang, value);
    return column === undefined || column.unit === 'year' ? String(value) : formatCount(lang, value);
  }
  if (Array.isArray(value)) return value.length === 0 ? empty : value.join(', ');
  if (value.trim() === '') return empty;
  return column?.type === 'date' ? formatIsoDate(lang, value) : value;
}

/** A field's title in the page's language, and its column name (as in history.json and the downloads). */
function fieldOf(lang: Lang, dataset: DatasetId, field: string): { label: string; name: string } {
  const column = datasetById(dataset).columns.find((candidate) => candidate.name === field);
  return { label: column?.title[lang] ?? field, name: field };
}

/** The in-page anchor of a release's section on the changelog page. Example: "2026-11-22.2" → "r-2026-11-22-2". */
export function releaseAnchor(release: string): string {
  return `r-${release.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** Whether a release id can name its folder in a URL (the release stage names them "2026-11-22" or "2026-11-22.2"). */
function isReleaseFolderName(release: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(release);
}

interface ChangeRecordRef {
  label: string;
  /** The record's page in the current data, when there is one (a removed dapil or party has none). */
  page: PageRef | null;
}

interface ChangeRow {
  kind: HistoryEntry['kind'];
  /** "ditambahkan" / "added", …: the kind in the page's language. */
  kindText: string;
  record: ChangeRecordRef;
  /** The changed field; null for an added or removed record (the whole record). */
  field: { label: string; name: string } | null;
  /** Old and new value as written on the page; null for an added or removed record. */
  old: string | null;
  new: string | null;
}

const keyText = (key: HistoryEntry['key'], column: string): string | null => {
  const value = key[column];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
};

const keyYear = (entry: HistoryEntry): number | null => {
  const value = entry.key[datasetById(entry.dataset).roles.year];
  return typeof value === 'number' ? value : entry.year;
};

/** The record a change is about, named for the changelog and linked to its page when the page exists. */
function changeRecordRef(site: SiteData, lang: Lang, entry: HistoryEntry): ChangeRecordRef {
  const t = CHANGES_TEXT[lang];
  const year = keyYear(entry);
  const yearText = year === null ? t.empty : String(year);
  const { roles } = datasetById(entry.dataset);
  const id = keyText(entry.key, roles.pageKey);
  const keyed = `${yearText} · ${keyPhrase(lang, entry.dataset, id ?? t.empty)}`;
  if (entry.dataset === DAPIL_PAGES.id) {
    const dapil = site.dapils.find((view) => view.year === year && view.dapilId === id);
    const label = `${keyed} · ${keyText(entry.key, roles.recordName ?? '') ?? t.empty}`;
    return { label, page: dapil ? { kind: 'dapil', year: dapil.year, dapilId: dapil.dapilId } : null };
  }
  const view = site.profiles.find(
    (candidate) => candidate.dataset === entry.dataset && candidate.year === year && candidate.id === id,
  );
  const label = `${keyed}${view ? ` · ${profileLabel(view)}` : ''}`;
  return { label, page: view ? { kind: 'profile', dataset: view.dataset, year: view.year, id: view.id } : null };
}

/** One row per changed field, or one row for an added or removed record. */
function changeRows(
  site: SiteData,
  lang: Lang,
  entry: HistoryEntry,
  record: ChangeRecordRef = changeRecordRef(site, lang, entry),
): ChangeRow[] {
  const kindText = CHANGES_TEXT[lang].kinds[entry.kind];
  if (entry.kind !== 'changed' || entry.fields.length === 0)
    return [{ kind: entry.kind, kindText, record, field: null, old: null, new: null }];
  return entry.fields.map((field) => ({
    kind: entry.kind,
    kindText,
    record,
    field: fieldOf(lang, entry.dataset, field.field),
    old: clipValue(formatChangeValue(lang, entry.dataset, field.field, field.old)),
    new: clipValue(formatChangeValue(lang, entry.dataset, field.field, field.new)),
  }));
}

const rowCount = (entry: HistoryEntry): number => (entry.kind === 'changed' ? Math.max(1, entry.fields.length) : 1);

interface DatasetChangeGroup {
  dataset: DatasetId;
  title: string;
  added: number;
  removed: number;
  changed: number;
  /** "1 ditambahkan, 0 dihapus, 1 diubah". */
  counts: string;
  /** Records changed, added or removed. */
  total: number;
  rows: ChangeRow[];
  /** Why some records are not in the table (the limits), or null when all are. */
  note: string | null;
}

interface ReleaseSection {
  id: string;
  anchor: string;
  /** The retrieval time, written out, and as ISO for <time>. */
  retrieved: string;
  datetime: string;
  current: boolean;
  previous: string | null;
  status: 'first' | 'changed' | 'nothing';
  /** Records per dataset in this release (null when releases.json does not say). */
  records: Record<DatasetId, number | null>;
  /** The release's immutable folder, or null when its name cannot be a path. */
  folder: string | null;
  /** Per dataset, the records it changed; empty for a first release or one that changed no record. */
  groups: DatasetChangeGroup[];
}

export interface Changelog {
  /** The release the site shows; null when no release stage ran. */
  current: { id: string; retrieved: string; unchanged: boolean } | null;
  releases: ReleaseSection[];
  /** The columns of record counts in the table of releases, one per dataset in the registry's order. */
  recordColumns: Array<{ dataset: DatasetId; label: string }>;
  /** Releases older than the ones listed. */
  older: number;
}

/** The changelog page: releases newest first, each with its changes grouped by dataset, within CHANGELOG_LIMITS. */
export function changelog(site: SiteData, lang: Lang, limits: Readonly<ChangelogLimits> = CHANGELOG_LIMITS): Changelog {
  const t = CHANGES_TEXT[lang];
  const { manifest } = site;
  const release = manifest.release;
  const byRelease = Map.groupBy(site.history, (entry) => entry.release);
  const newestFirst = site.releases
    .map((entry, index) => ({ entry, previous: index === 0 ? null : (site.releases[index - 1] as ReleaseEntry).id }))
    .reverse();
  let rowsLeft = limits.rowsPerPage;
  const releases = newestFirst.slice(0, limits.releases).map(({ entry, previous }): ReleaseSection => {
    const entries = byRelease.get(entry.id) ?? [];
    const groups =
      entries.length === 0
        ? []
        : DATASET_IDS.map((dataset): DatasetChangeGroup => {
            const own = entries.filter((candidate) => candidate.dataset === dataset);
            const count = (kind: HistoryEntry['kind']) => own.filter((candidate) => candidate.kind === kind).length;
            const rows: ChangeRow[] = [];
            let shown = 0;
            let budget = Math.min(limits.rowsPerDataset, rowsLeft);
            for (const change of own) {
              if (rowCount(change) > budget) break;
              budget -= rowCount(change);
              rows.push(...changeRows(site, lang, change));
              shown += 1;
            }
            rowsLeft -= rows.length;
            const counts = { added: count('added'), removed: count('removed'), changed: count('changed') };
            return {
              dataset,
              title: datasetById(dataset).title[lang],
              ...counts,
              counts: t.counts(counts),
              total: own.length,
              rows,
              note: shown === own.length ? null : shown > 0 ? t.shown(shown, own.length) : t.summarized(own.length),
            };
          });
    return {
      id: entry.id,
      anchor: releaseAnchor(entry.id),
      retrieved: formatDateTimeWib(lang, entry.harvestedAt),
      datetime: entry.harvestedAt,
      current: entry.id === release?.id,
      previous,
      status: previous === null ? 'first' : entries.length > 0 ? 'changed' : 'nothing',
      records: Object.fromEntries(DATASET_IDS.map((dataset) => [dataset, entry.records[dataset] ?? null])),
      folder: isReleaseFolderName(entry.id) ? entry.id : null,
      groups,
    };
  });
  return {
    current: release
      ? { id: release.id, retrieved: formatDateTimeWib(lang, retrievalInstant(manifest)), unchanged: !release.new }
      : null,
    releases,
    recordColumns: PAGED_DATASETS.map((dataset) => ({ dataset: dataset.id, label: dataset.pages.recordsLabel[lang] })),
    older: Math.max(0, newestFirst.length - releases.length),
  };
}

interface PageHistoryRow extends ChangeRow {
  release: string;
  /** "2026-11-22.2 (22 November 2026)". */
  releaseText: string;
  /** The release's section on the changelog page; null when the page does not list that release (CHANGELOG_LIMITS). */
  anchor: string | null;
}

export interface PageHistory {
  /** Newest release first, at most PAGE_HISTORY_ROWS. */
  rows: PageHistoryRow[];
  /** Rows the whole history of the page has. */
  total: number;
  /** The first release, for "nothing changed since the first release"; null when no release stage ran. */
  first: string | null;
}

function pageHistory(
  site: SiteData,
  lang: Lang,
  matches: (entry: HistoryEntry) => boolean,
  label: (entry: HistoryEntry) => string,
  limit: number,
): PageHistory {
  const order = new Map(site.releases.map((entry, index) => [entry.id, index]));
  const listed = new Set(site.releases.slice(-CHANGELOG_LIMITS.releases).map((entry) => entry.id));
  const entries = site.history
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => matches(entry))
    .sort((a, b) => (order.get(b.entry.release) ?? -1) - (order.get(a.entry.release) ?? -1) || a.index - b.index)
    .map(({ entry }) => entry);
  const rows = entries.flatMap((entry) =>
    changeRows(site, lang, entry, { label: label(entry), page: null }).map((row): PageHistoryRow => ({
      ...row,
      release: entry.release,
      releaseText: `${entry.release} (${formatDate(lang, entry.harvestedAt)})`,
      anchor: listed.has(entry.release) ? releaseAnchor(entry.release) : null,
    })),
  );
  return {
    rows: rows.slice(0, limit),
    total: rows.length,
    first: site.releases[0]?.id ?? site.manifest.release?.id ?? null,
  };
}

/** The changes to a dapil's records (every regency of the dapil in that year): matched by election_year and dapil_id. */
export function dapilHistory(site: SiteData, lang: Lang, view: DapilView, limit = PAGE_HISTORY_ROWS): PageHistory {
  const empty = CHANGES_TEXT[lang].empty;
  return pageHistory(
    site,
    lang,
    (entry) =>
      entry.dataset === DAPIL_PAGES.id &&
      keyYear(entry) === view.year &&
      entry.key[DAPIL_PAGES.roles.pageKey] === view.dapilId,
    (entry) => keyText(entry.key, DAPIL_PAGES.roles.recordName ?? '') ?? empty,
    limit,
  );
}

/** The changes to a profile page's records (a party's): matched by year and page key (election_year and ballot_number). */
export function profileHistory(site: SiteData, lang: Lang, view: ProfileView, limit = PAGE_HISTORY_ROWS): PageHistory {
  const { pageKey } = datasetById(view.dataset).roles;
  return pageHistory(
    site,
    lang,
    (entry) => entry.dataset === view.dataset && keyYear(entry) === view.year && entry.key[pageKey] === view.id,
    () => keyPhrase(lang, view.dataset, view.id),
    limit,
  );
}
