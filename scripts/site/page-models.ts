// What each data page shows, computed from the site data in one language: cells with their display text
// and exact value, charts with their text alternatives, quality notes with the broken rule explained,
// download groups and loading snippets. The Astro templates only lay these out.
import type { QualityViolation } from '../check/quality-check.ts';
import {
  QUALITY_FLAGS_COLUMN,
  roleColumn,
  tableNameOf,
  type ColumnDefinition,
  type DatasetDefinition,
  type DerivedDatasetDefinition,
} from '../datasets/dataset-definition.ts';
import { partyDataset } from '../datasets/party-dataset.ts';
import {
  datasetById,
  DATASETS,
  DERIVED_DATASETS,
  findDataset,
  PAGED_DATASETS,
  pagedDatasetById,
  type DatasetId,
} from '../datasets/datasets.ts';
import { turnoutDataset } from '../datasets/turnout-dataset.ts';
import { isAbsoluteHttpUrl, isEmailAddress } from '../datasets/value-parsers.ts';
import type { FileFormat, PublishedFile } from '../snapshot/snapshot-manifest.ts';
import { formatOf, loadingFormats } from '../formats.ts';
import {
  addTotals,
  compareIdentifiers,
  COUNT_GROUPS,
  countColumn,
  fieldValue,
  findDapilInOtherYears,
  findProfileInOtherYears,
  flagsOf,
  numberValue,
  ruleOf,
  textValue,
  violationsOf,
  type CountSum,
  type DapilView,
  type ProfileView,
  type SiteData,
  type SiteRecord,
  type Totals,
  type YearView,
} from './site-data.ts';
import { formatCount, formatDecimal, formatIsoDate, formatPercent } from './site-format.ts';
import {
  describeQuota,
  describeSexSplit,
  describeViolation,
  describeVoterLists,
  describeYears,
  describeYearStory,
  pointsChange,
  womenShare,
} from './site-sentences.ts';
import { isUrlIdentifier, type Lang, type PageRef } from './site-routes.ts';
import { websiteHref } from './site-share.ts';
import { TEXT } from './site-text.ts';
import {
  renderQuotaChart,
  renderSexSplitChart,
  renderVoterListChart,
  type SexSplitRow,
  type VoterListRow,
} from './svg-charts.ts';

/** A table cell: the text shown, and the exact value for `data-v` (sorting, and tests comparing figures). */
export interface Cell {
  text: string;
  value: number | null;
}

function countCell(lang: Lang, value: number | null): Cell {
  return { text: value === null ? '—' : formatCount(lang, value), value };
}

/** A sum, or null when no record gave a value (so a chart says "not available", never draws a 0). */
function givenSum(sum: CountSum | undefined): number | null {
  return sum === undefined || sum.given === 0 ? null : sum.sum;
}

/** A sum's cell: the sum, or "not available" when no record gave a value (an empty count is never shown as 0). */
function sumCell(lang: Lang, sum: CountSum | undefined): Cell & { missing: number } {
  const entry = sum ?? { sum: 0, missing: 0, given: 0 };
  if (entry.given === 0) return { text: TEXT[lang].unavailable, value: null, missing: entry.missing };
  return { text: formatCount(lang, entry.sum), value: entry.sum, missing: entry.missing };
}

/** The 12 count cells of a record (or of totals), in COUNT_GROUPS order. */
export function recordCountCells(lang: Lang, record: SiteRecord): Cell[] {
  return COUNT_GROUPS.flatMap((group) => group.cells.map((cell) => countCell(lang, numberValue(record, cell.column))));
}

export function totalCountCells(lang: Lang, totals: Totals): Array<Cell & { missing: number }> {
  return COUNT_GROUPS.flatMap((group) => group.cells.map((cell) => sumCell(lang, totals[cell.column])));
}

/** Women's share of male + female, from all-lists totals (a total with unreadable values counts what it has). */
function totalsWomenShare(totals: Totals): number | null {
  return womenShare({
    male: totals[countColumn('total', 'male')]?.sum ?? 0,
    female: totals[countColumn('total', 'female')]?.sum ?? 0,
  });
}

export interface Chart {
  svg: string;
  title: string;
  summary: string;
}

function splitRowOf(label: string, record: SiteRecord): SexSplitRow {
  return {
    label,
    male: numberValue(record, countColumn('total', 'male')),
    female: numberValue(record, countColumn('total', 'female')),
  };
}

function listRowOf(label: string, record: SiteRecord): VoterListRow {
  return {
    label,
    dpt: numberValue(record, countColumn('dpt', 'total')),
    dptb: numberValue(record, countColumn('dptb', 'total')),
    dpk: numberValue(record, countColumn('dpk', 'total')),
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
    { male: totals[countColumn('total', 'male')]?.sum ?? 0, female: totals[countColumn('total', 'female')]?.sum ?? 0 },
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
    labels: { dpt: t.groups.dpt, dptb: t.groups.dptb, dpk: t.groups.dpk, unavailable: t.unavailable },
    percent: (share) => formatPercent(lang, share),
  });
  return { svg, title, summary };
}

/** A regency's label in charts and notes; a record without a name says so. */
export function regencyLabel(lang: Lang, record: SiteRecord): string {
  return textValue(record, turnoutDataset.roles.recordName ?? '') ?? `(${TEXT[lang].unavailable})`;
}

/** The record's official region code (docs/data.md, "Region codes"); null when its name matched none. */
export function regionCodeOf(record: SiteRecord, level: 'province' | 'regency'): string | null {
  return textValue(record, level === 'province' ? 'province_code' : 'regency_code');
}

/** The dapil's province as the summary names it: "ACEH (11)", or the name alone when no record has the code. */
export function provinceLabel(lang: Lang, view: DapilView): string {
  const name = view.provinceName ?? TEXT[lang].unavailable;
  const code = view.records.map((record) => regionCodeOf(record, 'province')).find((value) => value !== null);
  return code === undefined ? name : `${name} (${code})`;
}

export function dapilLabel(view: DapilView): string {
  return view.dapilName ?? `Dapil ${view.dapilId}`;
}

/** A profile page's name: its display name, else its short name, else its page key. */
export function profileLabel(view: ProfileView): string {
  return view.name ?? view.shortName ?? `#${view.id}`;
}

/** The page key in words, as a profile page's lead says it. Example: ('en', 'parties', '3') → "Ballot number 3". */
export function keyLine(lang: Lang, dataset: DatasetId, id: string): string {
  return `${pagedDatasetById(dataset).pages.keyLabel[lang]} ${id}`;
}

/** The page key in words mid-sentence. Example: ('id', 'parties', '3') → "nomor urut 3"; ('en', 'turnout', '1101') → "dapil 1101". */
export function keyPhrase(lang: Lang, dataset: DatasetId, id: string): string {
  const line = keyLine(lang, dataset, id);
  return `${line.charAt(0).toLocaleLowerCase(lang)}${line.slice(1)}`;
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
  return TEXT[lang].dapil.listedFirst(
    formatCount(lang, listing.records.length),
    formatCount(lang, view.records.length),
  );
}

/** The dapil page's two charts, one row per listed regency (`dapilListing`), over the dapil's totals. */
export function dapilCharts(lang: Lang, view: DapilView, records: readonly SiteRecord[]): { sex: Chart; lists: Chart } {
  const t = TEXT[lang];
  const subject = dapilLabel(view);
  return {
    sex: sexSplitChart(
      lang,
      subject,
      t.dapil.sexChart,
      records.map((record) => splitRowOf(regencyLabel(lang, record), record)),
      view.totals,
    ),
    lists: voterListChart(
      lang,
      subject,
      t.dapil.listChart,
      records.map((record) => listRowOf(regencyLabel(lang, record), record)),
      view.totals,
    ),
  };
}

/** The home page's chart: one row per election year with turnout records. */
function yearsChart(lang: Lang, years: readonly YearView[]): Chart {
  const t = TEXT[lang];
  const rows = years
    .filter((year) => year.turnoutRecords.length > 0)
    .map((year) => ({
      label: String(year.year),
      male: givenSum(year.totals[countColumn('total', 'male')]),
      female: givenSum(year.totals[countColumn('total', 'female')]),
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
  /** What is wrong, said in the page's language from the recorded values (describeViolation); empty without them. */
  finding: string;
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
      finding: violation ? describeViolation(lang, violation, sourceFieldTitle(record.dataset, lang)) : '',
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

/** The raw upstream value of a column, when a violation of the record reports it. */
function rawValueOf(violations: readonly QualityViolation[], column: ColumnDefinition): unknown {
  if (column.source === null) return undefined;
  for (const violation of violations) {
    if (Object.hasOwn(violation.values, column.source)) return violation.values[column.source];
  }
  return undefined;
}

/** Every field of a record on a profile page (a party's), labelled, with an explanation where it is empty. */
export function recordProfile(site: SiteData, lang: Lang, record: SiteRecord): ProfileField[] {
  const t = TEXT[lang];
  const violations = violationsOf(site, record);
  const dataset = datasetById(record.dataset);
  return (
    dataset.columns
      // Every column but the year and the quality flags (shown as notes): derived ones too, such as party_id.
      .filter((column) => column.name !== QUALITY_FLAGS_COLUMN.name && column.name !== dataset.roles.year)
      .map((column): ProfileField => {
        const raw = fieldValue(record, column.name);
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
        // The same checks as the quality rules (value-parsers.ts): only a real address or URL becomes a link; a bare
        // domain name ("pkb.id") too, with http:// (site-share.ts).
        const href = isEmailAddress(text) ? `mailto:${text}` : isAbsoluteHttpUrl(text) ? text : websiteHref(text);
        return { ...base, text, href, value: null, datetime: null, empty: null };
      })
  );
}

/** Files of the manifest grouped for the downloads page: by year (years ascending, then all years), then dataset. */
interface DownloadSection {
  dataset: DatasetId | null;
  title: string;
  files: PublishedFile[];
}

export interface DownloadGroup {
  year: number | 'all';
  label: string;
  sections: DownloadSection[];
  /**
   * The SHA256SUMS of each folder the group's files lie in (`2014/SHA256SUMS`; for all years `all-years/SHA256SUMS`
   * and the top one, beside the citations and reports), each listing its folder's files by bare name, so that
   * `sha256sum -c` passes where they are downloaded together (scripts/release/checksum-files.ts writes one in each).
   */
  checksums: string[];
}

function checksumsOf(files: readonly PublishedFile[]): string[] {
  return [...new Set(files.map((file) => `${file.path.replace(/[^/]*$/, '')}SHA256SUMS`))].sort(
    (a, b) => b.length - a.length || a.localeCompare(b),
  );
}

export function downloadGroups(site: SiteData, lang: Lang): DownloadGroup[] {
  const t = TEXT[lang];
  const years: Array<number | 'all'> = [...site.manifest.years, 'all'];
  // Each harvested dataset followed by those derived from it (the long turnout file after the turnout files).
  const datasets: Array<DatasetDefinition | DerivedDatasetDefinition | null> = [
    ...DATASETS.flatMap((dataset) => [dataset, ...DERIVED_DATASETS.filter((derived) => derived.from === dataset.id)]),
    null,
  ];
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
    .filter((group) => group.sections.length > 0)
    .map((group) => ({ ...group, checksums: checksumsOf(group.sections.flatMap((section) => section.files)) }));
}

/** A file most visitors want: its link text (dataset and format, or the bundle), its path and size. */
export interface PopularDownload {
  label: string;
  path: string;
  bytes: number;
}

/** The formats a spreadsheet user opens, in the order the downloads page offers them first. */
const POPULAR_FORMATS = ['xlsx', 'csv'] as const;

/**
 * What most visitors want, first on the downloads page: every harvested dataset's all-years workbook and CSV, then
 * the all-years ZIP of everything. Files the manifest does not list (a format left out at scale) are left out.
 */
export function popularDownloads(site: SiteData, lang: Lang): PopularDownload[] {
  const t = TEXT[lang];
  const allYears = site.manifest.files.filter((file) => file.year === 'all');
  const datasetFiles = DATASETS.flatMap((dataset) =>
    POPULAR_FORMATS.flatMap((format) =>
      allYears
        .filter((file) => file.dataset === dataset.id && file.format === format)
        .map((file) => ({
          label: `${dataset.title[lang]}: ${t.downloads.formatNames[format] ?? format}`,
          path: file.path,
          bytes: file.bytes,
        })),
    ),
  );
  const bundles = allYears
    .filter((file) => file.dataset === null && file.format === 'zip')
    .map((file) => ({ label: t.downloads.popularBundle, path: file.path, bytes: file.bytes }));
  return [...datasetFiles, ...bundles];
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
  /** The packages the lines need, in parts (`code`: shown as code); null when none. */
  needs: Array<{ text: string; code: boolean }> | null;
  examples: LoadingExample[];
}

/** The columns of a dataset that hold text: readers that guess types must be told, or "0101" becomes 101. */
function textColumnsOf(dataset: Pick<DatasetDefinition, 'columns'>): string[] {
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
      // The long file beside the dataset it is computed from, as the downloads list them.
      for (const dataset of DATASETS.flatMap((from) => [
        from,
        ...DERIVED_DATASETS.filter((derived) => derived.from === from.id),
      ])) {
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
          title: loading.heading?.[lang] ?? t.downloads.bundles,
          file,
          lines: loading.lines({ file, textColumns: [], table: DATASETS[0] && tableNameOf(DATASETS[0]) }),
        });
      }
    }
    if (examples.length === 0) return [];
    const needs = loading.needs?.[lang].split('`').map((text, index) => ({ text, code: index % 2 === 1 })) ?? null;
    return [{ format, needs: needs?.filter((part) => part.text !== '') ?? null, examples }];
  });
}

/** What the home and year pages say of a year's coverage of the official dapils (docs/data.md). */
export interface CoverageSummary {
  /** "20 of 77 dapils, 213 of 497 regencies of the official list", or why there is no figure ("no turnout data"). */
  line: string;
  /** The official list's law, when the year was compared. */
  law: string | null;
  /** "1101 ACEH I", … : the official dapils without a turnout record. */
  missing: string[];
  /** Sentences on dapil ids the list does not know and regencies in another dapil; empty when there are none. */
  notes: string[];
}

/** The year's coverage from the quality report, or null when the report has none (a report older than coverage). */
export function coverageSummary(site: SiteData, lang: Lang, year: number): CoverageSummary | null {
  const t = TEXT[lang].coverage;
  const coverage = site.quality.coverage?.years.find((entry) => entry.year === year);
  if (!coverage) return null;
  if (coverage.status !== 'compared') {
    const line = { 'no-turnout': t.noTurnout, 'no-official-list': t.noList, 'not-compared': t.notCompared }[
      coverage.status
    ];
    // The year page shows it as a sentence of its own.
    return { line: `${line.charAt(0).toLocaleUpperCase(lang)}${line.slice(1)}`, law: null, missing: [], notes: [] };
  }
  const notes: string[] = [];
  if (coverage.unknownDapils.length > 0)
    notes.push(t.unknownIds(coverage.unknownDapils.map((dapil) => dapil.id).join(', ')));
  if (coverage.misplacedRegencies > 0) notes.push(t.misplaced(coverage.misplacedRegencies));
  return {
    line: t.line({
      dapils: formatCount(lang, coverage.dapils.harvested),
      officialDapils: formatCount(lang, coverage.dapils.official),
      regencies: formatCount(lang, coverage.regencies.harvested),
      officialRegencies: formatCount(lang, coverage.regencies.official),
    }),
    law: coverage.law === null ? null : t.law(coverage.law[lang]),
    missing: coverage.missingDapils.map((dapil) => `${dapil.id} ${dapil.name}`),
    notes,
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
  const withTurnout = site.years.filter((view) => view.turnoutRecords.length > 0);
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
  return TEXT[lang].coverage.dapilsShort(
    formatCount(lang, coverage.dapils.harvested),
    formatCount(lang, coverage.dapils.official),
  );
}

/** Women's share of the all-lists totals as the pages write it, or "not available". */
function womenShareText(lang: Lang, totals: Totals): string {
  const share = totalsWomenShare(totals);
  return share === null ? TEXT[lang].unavailable : formatPercent(lang, share);
}

/**
 * The page of a quality violation's record, from its raw key (year, and the upstream field of the dataset's page
 * key), with the label of the link; null when the record has no page.
 */
export function violationPage(
  site: SiteData,
  datasetId: DatasetId,
  violation: QualityViolation,
): { page: PageRef; label: string } | null {
  const dataset = findDataset(datasetId);
  const year = Number(violation.year);
  if (dataset === undefined || !site.manifest.years.includes(year)) return null;
  const field = dataset.columns.find((column) => column.name === dataset.roles.pageKey)?.source ?? '';
  const id = violation.key[field];
  const trimmed = typeof id === 'string' ? id.trim() : null;
  if (!isUrlIdentifier(trimmed)) return null;
  if (dataset.id === turnoutDataset.id) {
    if (!site.dapils.some((view) => view.year === year && view.dapilId === trimmed)) return null;
    return { page: { kind: 'dapil', year, dapilId: trimmed }, label: `${year}/${trimmed}` };
  }
  if (!site.profiles.some((view) => view.dataset === dataset.id && view.year === year && view.id === trimmed))
    return null;
  return { page: { kind: 'profile', dataset: dataset.id, year, id: trimmed }, label: `${year}/${trimmed}` };
}

/** What a year holds, for its line on the home page. */
function yearCounts(view: YearView): { dapils: number; regencies: number; parties: number } {
  return {
    dapils: view.provinces.reduce((sum, province) => sum + province.dapils.length, 0),
    regencies: view.turnoutRecords.length,
    parties: view.parties.length,
  };
}

/**
 * A year's line on the home page: what it holds ("6 dapils, 16 regencies, 8 parties", or "no turnout data, 20
 * parties" for a year the source has no turnout for) and its coverage of the official dapils (null when the year
 * has no turnout or the quality report has no coverage).
 */
export function homeYearLine(site: SiteData, lang: Lang, view: YearView): { text: string; coverage: string | null } {
  const t = TEXT[lang];
  if (view.turnoutRecords.length === 0) return { text: t.coverage.noTurnoutLine(view.parties.length), coverage: null };
  return { text: t.home.yearLine(yearCounts(view)), coverage: coverageSummary(site, lang, view.year)?.line ?? null };
}

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
  return PAGED_DATASETS.filter((dataset) => dataset.pages.view === 'profile' && dataset.id !== partyDataset.id).flatMap(
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

/** The columns that hold digits as text, each dataset's page key once, in the registry's order: "dapil_id, ballot_number". */
export function identifierColumns(): string {
  return [...new Set(DATASETS.map((dataset) => dataset.roles.pageKey))].join(', ');
}

/**
 * A declared description split into text and code: a value or column name written between backticks in the
 * declarations (`male`, `voter_list = all`) is code, set as such on the pages as in the Markdown docs.
 * Example: "sum `part` rows" → [{code: false, text: "sum "}, {code: true, text: "part"}, {code: false, text: " rows"}].
 */
export function codeSpans(text: string | undefined): Array<{ code: boolean; text: string }> {
  // undefined: a language with no text in the declarations yet (the pseudo-language test) shows nothing, as before.
  return (text ?? '')
    .split('`')
    .map((part, index) => ({ code: index % 2 === 1, text: part }))
    .filter((span) => span.text !== '');
}

// ---- The year page's story, the dapil and party pages across years ----

/** A figure of the page that may count only the readable values: `partial` marks it (a footnote says so). */
interface RatioCell extends Cell {
  partial: boolean;
}

const SEX_TOTAL_COLUMNS = (): string[] => [countColumn('total', 'male'), countColumn('total', 'female')];
const LIST_TOTAL_COLUMNS = (): string[] =>
  (['dpt', 'dptb', 'dpk'] as const).map((group) => countColumn(group, 'total'));

function missingIn(totals: Totals, columns: readonly string[]): number {
  return columns.reduce((sum, column) => sum + (totals[column]?.missing ?? 0), 0);
}

/** The share of DPTb + DPK in DPT + DPTb + DPK (the voters outside the main list); null when all three are 0. */
function outsideShareOf(totals: Totals): number | null {
  const [dpt = 0, dptb = 0, dpk = 0] = LIST_TOTAL_COLUMNS().map((column) => totals[column]?.sum ?? 0);
  const all = dpt + dptb + dpk;
  return all === 0 ? null : (dptb + dpk) / all;
}

/** The key ratios of a dapil or a year: voters of all lists, women's share, the share outside the DPT. */
function keyRatios(lang: Lang, totals: Totals): { voters: RatioCell; women: RatioCell; outside: RatioCell } {
  const t = TEXT[lang];
  const share = (value: number | null, columns: readonly string[]): RatioCell => ({
    text: value === null ? t.unavailable : formatPercent(lang, value),
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

/** The turnout declaration's count fields in the source (JumlahDPTLakiLaki, …). */
const COUNT_SOURCE_FIELDS: ReadonlySet<string> = new Set(
  COUNT_GROUPS.flatMap((group) =>
    group.cells.map((cell) => turnoutDataset.columns.find((column) => column.name === cell.column)?.source ?? ''),
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
  const t = TEXT[lang];
  const view = site.years.find((candidate) => candidate.year === year);
  if (!view || view.turnoutRecords.length === 0) return null;
  const dapils = dapilsOf(view);
  const ratios = keyRatios(lang, view.totals);
  const coverage = site.quality.coverage?.years.find((entry) => entry.year === year && entry.status === 'compared');
  const official = (count: number, of: number | undefined): string | null =>
    of === undefined ? null : t.story.ofOfficial(formatCount(lang, count), formatCount(lang, of));
  const figures: KeyFigure[] = [
    { label: t.story.figures.voters, detail: null, ...ratios.voters },
    { label: t.story.figures.women, detail: null, ...ratios.women },
    { label: t.story.figures.outside, detail: null, ...ratios.outside },
    {
      label: t.story.figures.dapils,
      text: formatCount(lang, dapils.length),
      value: dapils.length,
      detail: official(coverage?.dapils.harvested ?? 0, coverage?.dapils.official),
      partial: false,
    },
    {
      label: t.story.figures.regencies,
      text: formatCount(lang, view.turnoutRecords.length),
      value: view.turnoutRecords.length,
      detail: official(coverage?.regencies.harvested ?? 0, coverage?.regencies.official),
      partial: false,
    },
    {
      label: t.story.figures.parties,
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
      province: dapil.provinceName ?? t.unavailable,
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
  const previousView = site.years
    .filter((candidate) => candidate.year < year && candidate.turnoutRecords.length > 0)
    .at(-1);
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
      label: province.name ?? t.unavailable,
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
    chart: sexSplitChart(lang, t.story.provinceChartSubject(year), t.story.provinceChart, provinceRows, view.totals),
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
 * 30% quota, in ballot order, a party without a percentage marked "not given" (never 0). `chart` is null, and
 * `note` says why, when the source gives no party a percentage; both null for a year without parties.
 */
export function partyQuotaChart(
  site: SiteData,
  lang: Lang,
  year: number,
): { chart: Chart | null; note: string | null } {
  const t = TEXT[lang];
  const column = percentColumnOf(partyDataset.id);
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
  if (summary === null) return { chart: null, note: t.story.noPartyShares(year) };
  const svg = renderQuotaChart({
    summary,
    rows,
    quota: PARTY_WOMEN_QUOTA,
    labels: { quota: t.story.quota, notGiven: t.story.notGiven },
    percent: (value) => formatPercent(lang, value / 100),
  });
  return { chart: { svg, title: t.story.partyChart, summary }, note: null };
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
  const t = TEXT[lang];
  const views = [view, ...findDapilInOtherYears(site, view)].sort((a, b) => a.year - b.year);
  const rows = views.map((other): DapilYearRow => ({
    year: other.year,
    page: other.year === view.year ? null : { kind: 'dapil', year: other.year, dapilId: other.dapilId },
    name: dapilLabel(other),
    regencies: other.records.length,
    ...keyRatios(lang, other.totals),
  }));
  if (rows.length === 1) return { rows, sentences: [t.story.onlyYear] };
  const index = rows.findIndex((row) => row.page === null);
  const [before, after] = (index > 0 ? [rows[index - 1], rows[index]] : [rows[index], rows[index + 1]]) as [
    DapilYearRow,
    DapilYearRow,
  ];
  const sentences: string[] = [];
  if (before.women.value !== null && after.women.value !== null)
    sentences.push(
      t.story.dapilChange({
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
      t.story.regenciesDiffer({
        previous: before.year === view.year ? after.year : before.year,
        previousCount: formatCount(lang, before.year === view.year ? after.regencies : before.regencies),
        count: formatCount(lang, view.records.length),
      }),
    );
  return { rows, sentences };
}

export interface ProfileYearRow {
  year: number;
  id: string;
  /** The page of that year and key; null for the page itself. */
  page: PageRef | null;
  name: string;
  shortName: string | null;
  /** The dataset's percent columns (the parties' women's representation): "not given" when empty, never 0. */
  values: Cell[];
}

/**
 * A profile page's table across years (a party's): its own page and the pages sharing its `acrossYears` column
 * (findProfileInOtherYears), oldest first, with the percent columns' values, and a sentence when the name changed.
 */
export function profileAcrossYears(
  site: SiteData,
  lang: Lang,
  view: ProfileView,
): { rows: ProfileYearRow[]; headers: string[]; sentences: string[] } {
  const t = TEXT[lang];
  const columns = datasetById(view.dataset).columns.filter((column) => column.unit === 'percent');
  const views = [view, ...findProfileInOtherYears(site, view)].sort(
    (a, b) => a.year - b.year || compareIdentifiers(a.id, b.id),
  );
  const rows = views.map((other): ProfileYearRow => ({
    year: other.year,
    id: other.id,
    page: other === view ? null : { kind: 'profile', dataset: other.dataset, year: other.year, id: other.id },
    name: profileLabel(other),
    shortName: other.shortName,
    values: columns.map((column) => {
      const value = other.records[0] === undefined ? null : numberValue(other.records[0], column.name);
      return { text: value === null ? t.story.notGiven : formatPercent(lang, value / 100), value };
    }),
  }));
  // The names in year order, each with the years it was used: a change is said only when there is one. Names
  // differing only in capital letters or spacing ("PARTAI BURUH", "Partai Buruh") are one name, in its first spelling.
  const names = new Map<string, { name: string; years: number[] }>();
  for (const row of rows) {
    const key = row.name.toLocaleUpperCase('id').replace(/\s+/g, ' ').trim();
    const entry = names.get(key) ?? { name: row.name, years: [] };
    names.set(key, { ...entry, years: [...entry.years, row.year] });
  }
  const sentences =
    names.size > 1
      ? [
          t.story.renamed(
            [...names.values()]
              .map(({ name, years }) => t.story.nameInYear(name, [...new Set(years)].join(', ')))
              .join('; '),
          ),
        ]
      : [];
  return { rows, headers: columns.map((column) => column.title[lang]), sentences };
}

/** A violation of the quality report said in the page's language (describeViolation), for the quality page's list. */
export function violationFinding(lang: Lang, dataset: DatasetId, violation: QualityViolation): string {
  return describeViolation(lang, violation, sourceFieldTitle(dataset, lang));
}

/** The source field's column title in a dataset's declaration, for saying a violation in words. */
function sourceFieldTitle(dataset: DatasetId, lang: Lang): (field: string) => string | null {
  const columns = datasetById(dataset).columns;
  return (field) => columns.find((column) => column.source === field)?.title[lang] ?? null;
}
