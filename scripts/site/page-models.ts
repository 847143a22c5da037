// What each data page shows, computed from the site data in one language: cells with their display text
// and exact value, charts with their text alternatives, quality notes with the broken rule explained,
// download groups and loading snippets. The Astro templates only lay these out.
import type { QualityViolation } from '../check/quality-check.ts';
import type { ColumnDefinition, DatasetDefinition } from '../datasets/dataset-definition.ts';
import { DATASETS } from '../datasets/datasets.ts';
import { partyDataset } from '../datasets/party-dataset.ts';
import { turnoutDataset } from '../datasets/turnout-dataset.ts';
import type { FileFormat, PublishedFile } from '../snapshot/snapshot-manifest.ts';
import { formatOf, loadingFormats } from '../formats.ts';
import {
  COUNT_GROUPS,
  flagsOf,
  numberValue,
  ruleOf,
  textValue,
  violationsOf,
  type CountSum,
  type DapilView,
  type PartyView,
  type SiteData,
  type SiteRecord,
  type Totals,
  type YearView,
} from './site-data.ts';
import { formatCount, formatDecimal, formatIsoDate, formatPercent } from './site-format.ts';
import { describeSexSplit, describeVoterLists, describeYears } from './site-sentences.ts';
import type { Lang } from './site-routes.ts';
import { TEXT } from './site-text.ts';
import { renderSexSplitChart, renderVoterListChart, type SexSplitRow, type VoterListRow } from './svg-charts.ts';

/** A table cell: the text shown, and the exact value for `data-v` (sorting, and tests comparing figures). */
export interface Cell {
  text: string;
  value: number | null;
}

function countCell(lang: Lang, value: number | null): Cell {
  return { text: value === null ? '—' : formatCount(lang, value), value };
}

export function sumCell(lang: Lang, sum: CountSum | undefined): Cell & { missing: number } {
  const entry = sum ?? { sum: 0, missing: 0 };
  return { text: formatCount(lang, entry.sum), value: entry.sum, missing: entry.missing };
}

/** The 12 count cells of a record (or of totals), in COUNT_GROUPS order. */
export function recordCountCells(lang: Lang, record: SiteRecord): Cell[] {
  return COUNT_GROUPS.flatMap((group) => group.cells.map((cell) => countCell(lang, numberValue(record, cell.column))));
}

export function totalCountCells(lang: Lang, totals: Totals): Array<Cell & { missing: number }> {
  return COUNT_GROUPS.flatMap((group) => group.cells.map((cell) => sumCell(lang, totals[cell.column])));
}

/** Women's share of male + female, from all-lists totals. */
export function womenShare(totals: Totals): number | null {
  const male = totals.total_male?.sum ?? 0;
  const female = totals.total_female?.sum ?? 0;
  return male + female === 0 ? null : female / (male + female);
}

export interface Chart {
  svg: string;
  title: string;
  summary: string;
}

function splitRowOf(label: string, record: SiteRecord): SexSplitRow {
  return { label, male: numberValue(record, 'total_male'), female: numberValue(record, 'total_female') };
}

function listRowOf(label: string, record: SiteRecord): VoterListRow {
  return {
    label,
    dpt: numberValue(record, 'dpt_total'),
    dptb: numberValue(record, 'dptb_total'),
    dpk: numberValue(record, 'dpk_total'),
  };
}

function sexSplitChart(
  lang: Lang,
  subject: string,
  title: string,
  rows: readonly SexSplitRow[],
  totals: Totals,
): Chart {
  const t = TEXT[lang];
  const summary = describeSexSplit(
    lang,
    subject,
    { male: totals.total_male?.sum ?? 0, female: totals.total_female?.sum ?? 0 },
    rows,
  );
  const svg = renderSexSplitChart({
    summary,
    rows,
    labels: { male: t.sex.male, female: t.sex.female, unavailable: t.unavailable },
    percent: (share) => formatPercent(lang, share),
  });
  return { svg, title, summary };
}

function voterListChart(
  lang: Lang,
  subject: string,
  title: string,
  rows: readonly VoterListRow[],
  totals: Totals,
): Chart {
  const t = TEXT[lang];
  const summary = describeVoterLists(
    lang,
    subject,
    { dpt: totals.dpt_total?.sum ?? 0, dptb: totals.dptb_total?.sum ?? 0, dpk: totals.dpk_total?.sum ?? 0 },
    rows,
  );
  const svg = renderVoterListChart({
    summary,
    rows,
    labels: { dpt: t.groups.dpt, dptb: t.groups.dptb, dpk: t.groups.dpk, unavailable: t.unavailable },
    percent: (share) => formatPercent(lang, share),
  });
  return { svg, title, summary };
}

/** A regency's label in charts and notes; a record without a name says so. */
export function regencyLabel(lang: Lang, record: SiteRecord): string {
  return textValue(record, 'regency_name') ?? `(${TEXT[lang].unavailable})`;
}

export function dapilLabel(view: DapilView): string {
  return view.dapilName ?? `Dapil ${view.dapilId}`;
}

export function partyLabel(view: PartyView): string {
  return view.name ?? view.acronym ?? `#${view.ballot}`;
}

export function dapilCharts(lang: Lang, view: DapilView): { sex: Chart; lists: Chart } {
  const t = TEXT[lang];
  const subject = dapilLabel(view);
  return {
    sex: sexSplitChart(
      lang,
      subject,
      t.dapil.sexChart,
      view.records.map((record) => splitRowOf(regencyLabel(lang, record), record)),
      view.totals,
    ),
    lists: voterListChart(
      lang,
      subject,
      t.dapil.listChart,
      view.records.map((record) => listRowOf(regencyLabel(lang, record), record)),
      view.totals,
    ),
  };
}

/** The home page's chart: one row per election year with turnout records. */
export function yearsChart(lang: Lang, years: readonly YearView[]): Chart {
  const t = TEXT[lang];
  const rows = years
    .filter((year) => year.turnoutRecords.length > 0)
    .map((year) => ({
      label: String(year.year),
      male: year.totals.total_male?.sum ?? null,
      female: year.totals.total_female?.sum ?? null,
    }));
  const summary = describeYears(lang, rows);
  const svg = renderSexSplitChart({
    summary,
    rows,
    labels: { male: t.sex.male, female: t.sex.female, unavailable: t.unavailable },
    percent: (share) => formatPercent(lang, share),
  });
  return { svg, title: t.home.chartTitle, summary };
}

interface QualityNoteItem {
  ruleId: string;
  title: string;
  description: string;
  message: string;
  values: string;
}

export interface QualityNote {
  anchor: string;
  label: string;
  items: QualityNoteItem[];
}

/** `Field = "value"` per entry: JSON shows strings quoted, so spaces and empty values stay visible. */
export function formatValues(values: Record<string, unknown>): string {
  return Object.entries(values)
    .map(([field, value]) => `${field} = ${JSON.stringify(value) ?? 'undefined'}`)
    .join('; ');
}

export function noteAnchor(record: SiteRecord): string {
  return `q${record.position}`;
}

/** The quality notes of a record: every broken rule with its title and explanation in the page's language. */
export function qualityNote(site: SiteData, lang: Lang, record: SiteRecord, label: string): QualityNote | null {
  const flags = flagsOf(record);
  if (flags.length === 0) return null;
  const violations = violationsOf(site, record);
  const items = flags.map((ruleId): QualityNoteItem => {
    const rule = ruleOf(site.quality, record.dataset, ruleId);
    const violation: QualityViolation | undefined = violations.find((candidate) => candidate.ruleId === ruleId);
    return {
      ruleId,
      title: rule?.title[lang] ?? ruleId,
      description: rule?.description[lang] ?? '',
      message: violation?.message ?? '',
      values: violation ? formatValues(violation.values) : '',
    };
  });
  return { anchor: noteAnchor(record), label, items };
}

export interface ProfileField {
  column: string;
  label: string;
  /** Display text, or null when the value is empty. */
  text: string | null;
  /** A safe link target (http(s) URL or mailto), when the value is one. */
  href: string | null;
  /** Exact value for `data-v` when numeric. */
  value: number | null;
  /** The ISO date for a <time> element, when the value is a date. */
  datetime: string | null;
  /** Why the value is empty: the source left it empty, or gave something unreadable (with the raw value). */
  empty: string | null;
}

function isHttpUrl(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && !/[\s\\]/.test(value);
}

/** The raw upstream value of a column, when a violation of the record reports it. */
function rawValueOf(violations: readonly QualityViolation[], column: ColumnDefinition): unknown {
  if (column.source === null) return undefined;
  for (const violation of violations) {
    if (Object.hasOwn(violation.values, column.source)) return violation.values[column.source];
  }
  return undefined;
}

/** Every profile field of a party record, labelled, with an explanation where it is empty. */
export function partyProfile(site: SiteData, lang: Lang, record: SiteRecord): ProfileField[] {
  const t = TEXT[lang];
  const violations = violationsOf(site, record);
  return partyDataset.columns
    .filter((column) => column.name !== 'quality_flags' && column.name !== 'election_year')
    .map((column): ProfileField => {
      const raw = record.values[column.name];
      const base = { column: column.name, label: column.title[lang] };
      if (raw === null || raw === undefined) {
        const given = rawValueOf(violations, column);
        const unreadable = given !== undefined && !(typeof given === 'string' && given.trim() === '');
        const empty = unreadable ? t.party.unreadable(JSON.stringify(given) ?? '') : t.party.empty;
        return { ...base, text: null, href: null, value: null, datetime: null, empty };
      }
      if (typeof raw === 'number') {
        const text = column.type === 'decimal' ? formatDecimal(lang, raw) : formatCount(lang, raw);
        return { ...base, text, href: null, value: raw, datetime: null, empty: null };
      }
      const text = Array.isArray(raw) ? raw.join(', ') : raw;
      if (column.type === 'date')
        return { ...base, text: formatIsoDate(lang, text), href: null, value: null, datetime: text, empty: null };
      const href =
        column.name === 'email' && /^[^\s@]+@[^\s@]+$/.test(text) ? `mailto:${text}` : isHttpUrl(text) ? text : null;
      return { ...base, text, href, value: null, datetime: null, empty: null };
    });
}

/** Files of the manifest grouped for the downloads page: by year (years ascending, then all years), then dataset. */
interface DownloadSection {
  dataset: 'turnout' | 'parties' | null;
  title: string;
  files: PublishedFile[];
}

export interface DownloadGroup {
  year: number | 'all';
  label: string;
  sections: DownloadSection[];
}

export function downloadGroups(site: SiteData, lang: Lang): DownloadGroup[] {
  const t = TEXT[lang];
  const years: Array<number | 'all'> = [...site.manifest.years, 'all'];
  const datasets: Array<DatasetDefinition | null> = [turnoutDataset, partyDataset, null];
  return years
    .map((year) => ({
      year,
      label: year === 'all' ? t.downloads.allYears : String(year),
      sections: datasets
        .map((dataset) => ({
          dataset: dataset?.id ?? null,
          title: dataset ? dataset.title[lang] : t.downloads.bundles,
          files: site.manifest.files.filter((file) => file.year === year && file.dataset === (dataset?.id ?? null)),
        }))
        .filter((section) => section.files.length > 0),
    }))
    .filter((group) => group.sections.length > 0);
}

/** One dataset's file of a format, and the lines that load it. */
interface LoadingExample {
  /** null for a file of no one dataset (the year bundle). */
  dataset: DatasetDefinition['id'] | null;
  /** The dataset's title, or the bundles' heading, in the page's language. */
  title: string;
  file: string;
  lines: Array<{ tool: string; code: string }>;
}

export interface LoadingSnippet {
  format: FileFormat;
  /** The packages the lines need, and the readers that need more than the lines show, in parts (`code`: shown as
   * code); null when none. */
  needs: Array<{ text: string; code: boolean }> | null;
  examples: LoadingExample[];
}

/** The columns of a dataset that hold text: readers that guess types must be told, or "0101" becomes 101. */
function textColumnsOf(dataset: DatasetDefinition): string[] {
  return dataset.columns
    .filter((column) => column.type === 'text' || column.type === 'text_list')
    .map((column) => column.name);
}

/**
 * For each format, its lines for each dataset, on that dataset's all-years file of the manifest (the same lines
 * read each year's file), or on the first year bundle. Example (csv, turnout): DuckDB
 * `SELECT * FROM read_csv('kpu-dpr-turnout-by-sex-all-years.csv', types = {'election_type': 'VARCHAR', …});`
 */
export function loadingSnippets(site: SiteData, lang: Lang): LoadingSnippet[] {
  const t = TEXT[lang];
  return loadingFormats().flatMap(({ id: format, loading }): LoadingSnippet[] => {
    const examples: LoadingExample[] = [];
    if (formatOf(format).perDataset) {
      for (const dataset of DATASETS) {
        const example =
          site.manifest.files.find(
            (file) => file.format === format && file.dataset === dataset.id && file.year === 'all',
          ) ?? site.manifest.files.find((file) => file.format === format && file.dataset === dataset.id);
        if (!example) continue;
        const file = example.path.replace(/^.*\//, '');
        const lines = loading.lines({ file, textColumns: textColumnsOf(dataset) });
        examples.push({ dataset: dataset.id, title: dataset.title[lang], file, lines });
      }
    } else {
      const example = site.manifest.files.find((file) => file.format === format);
      if (example) {
        const file = example.path.replace(/^.*\//, '');
        examples.push({
          dataset: null,
          title: t.downloads.bundles,
          file,
          lines: loading.lines({ file, textColumns: [] }),
        });
      }
    }
    if (examples.length === 0) return [];
    const needs = loading.needs?.[lang].split('`').map((text, index) => ({ text, code: index % 2 === 1 })) ?? null;
    return [{ format, needs: needs?.filter((part) => part.text !== '') ?? null, examples }];
  });
}
