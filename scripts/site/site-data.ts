// What the site knows, read from the snapshot data folder only: the manifest, the quality report and the
// normalized records, checked against the manifest's sizes and SHA-256 so every figure on a page is the
// figure in the downloads; then grouped per year, province, dapil and party for the pages.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { QualityReport, QualityRuleSummary, QualityViolation } from '../check/quality-check.ts';
import { countColumnsOf, type CountGroup, type DatasetDefinition } from '../datasets/dataset-definition.ts';
import {
  dapilPagesDataset,
  datasetById,
  PAGED_DATASETS,
  yearTableDataset,
  type DatasetId,
} from '../datasets/datasets.ts';
import { partyMatchKey } from '../datasets/party-identity.ts';
import { isFourDigitYear } from '../datasets/value-parsers.ts';
import { collectGarbage } from '../foundation/collect-garbage.ts';
import { readJsonFile } from '../foundation/json-file.ts';
import type { NormalizedRecord, NormalizedValue } from '../normalize/normalize-records.ts';
import type { HistoryEntry, ReleaseEntry } from '../release/release-stage.ts';
import { readReleaseFiles, type ReleaseFiles } from './release-files.ts';
import type { PublishedFile, SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { RecordColumns } from './record-columns.ts';
import { RecordLines } from './record-lines.ts';
import { isUrlIdentifier } from './site-routes.ts';
import { parseRecordsText, readManifestFile, streamSnapshotRecords, type CheckedRecord } from './snapshot-records.ts';
import { compareCodeUnits } from '../foundation/text-order.ts';

export type { DatasetId } from '../datasets/datasets.ts';
export type { CountGroup } from '../datasets/dataset-definition.ts';

export interface SiteRecord {
  readonly dataset: DatasetId;
  /**
   * The record's place in the harvested order, counted from 0: its index in the all-years file, and the
   * `position` the quality report gives its violations.
   */
  readonly position: number;
  readonly values: NormalizedRecord;
  /**
   * One value, without making the whole record: a record the Astro build keeps column-wise (record-columns.ts), whose
   * `values` is made afresh on each read. `textValue`, `numberValue` and `flagsOf` go through it when it is there.
   */
  value?(column: string): NormalizedValue | undefined;
}

/** The dapil pages' count columns by voter list and sex, in table order (their declaration's `countGroups` role). */
export const COUNT_GROUPS: readonly CountGroup[] = dapilPagesDataset().roles.countGroups ?? [];

const COUNT_COLUMNS: readonly string[] = countColumnsOf(dapilPagesDataset());

/** The column of one sex in one count group of the dapil pages' declaration. Example: ('total', 'female') → "total_female". */
export function countColumn(group: CountGroup['code'], sex: CountGroup['cells'][number]['sex']): string {
  const column = COUNT_GROUPS.find((candidate) => candidate.code === group)?.cells.find((cell) => cell.sex === sex);
  if (column === undefined) throw new Error(`the dapil pages' declaration has no count of ${sex} in ${group}`);
  return column.column;
}

/**
 * A sum over records: `missing` counts the records whose value is null (a flagged, unreadable source value), `given`
 * those with a value. With `given` 0 there is no sum at all: the pages say so, never "0" (countSumText).
 */
export interface CountSum {
  sum: number;
  missing: number;
  given: number;
}

export type Totals = Record<string, CountSum>;

export interface DapilView {
  year: number;
  dapilId: string;
  dapilName: string | null;
  provinceName: string | null;
  /** The dapil's regencies in the source's order. */
  records: SiteRecord[];
  totals: Totals;
  flagged: number;
}

interface ProvinceView {
  name: string | null;
  dapils: DapilView[];
}

/** One page of a dataset whose pages show each record's every field (`pages.view: 'profile'`): a year and a page key. */
export interface ProfileView {
  dataset: DatasetId;
  year: number;
  /** The page key (a party's ballot number). */
  id: string;
  /** Normally one; more when the source repeats a page key (flagged key-unique). */
  records: SiteRecord[];
  /** The display name of the first record. */
  name: string | null;
  /** Its short name (a party's acronym), when the dataset declares one. */
  shortName: string | null;
}

/** A party's page: the parties dataset's profile view. */
type PartyView = ProfileView;

export interface YearView {
  year: number;
  turnoutRecords: SiteRecord[];
  provinces: ProvinceView[];
  /** Turnout records of the year without a usable dapil id: counted in the totals, on no dapil page. */
  unplacedTurnout: SiteRecord[];
  totals: Totals;
  /** The parties dataset's pages of the year. */
  parties: PartyView[];
}

export interface SiteData {
  manifest: SnapshotManifest;
  quality: QualityReport;
  years: YearView[];
  dapils: DapilView[];
  /** The pages of every dataset with a profile view, dataset by dataset in the registry's order, then by year. */
  profiles: ProfileView[];
  /** The parties dataset's pages (a subset of `profiles`). */
  partyViews: PartyView[];
  /** Records whose election year is unreadable: in the all-years files only. */
  yearless: SiteRecord[];
  /** The quality report's violations by "dataset:position". */
  violations: Map<string, QualityViolation[]>;
  /** Files of the data folder beside the manifest's (COMPANION_FILES) that this build has. */
  companions: string[];
  /** releases.json: every published release, oldest first; empty when the release stage did not run. */
  releases: ReleaseEntry[];
  /** history.json: every change of every release, in the order the releases brought them; empty without it. */
  history: HistoryEntry[];
  /**
   * Where each paged dataset's records lie in its all-years JSON and CSV files (record-lines.ts), when the site read
   * them from a data folder: the pages' own files are those bytes copied (page-files.ts).
   */
  lines?: ReadonlyMap<DatasetId, RecordLines>;
}

/**
 * Files the data folder holds besides the manifest's list: the snapshot stage's descriptors, the release's landing
 * page, and the release stage's change report, change history and list of releases when that stage ran.
 */
const COMPANION_FILES = [
  'manifest.json',
  'datapackage.json',
  'index.html',
  'SHA256SUMS',
  'changes.json',
  'history.json',
  'releases.json',
] as const;

/** The roles of the dataset whose pages have a view of their own (dapil pages). */
const DAPIL_ROLES = dapilPagesDataset().roles;

/** One value of a record, read without making the whole record when it is kept column-wise. */
export function fieldValue(record: SiteRecord, column: string): NormalizedValue | undefined {
  return record.value === undefined ? record.values[column] : record.value(column);
}

export function textValue(record: SiteRecord, column: string): string | null {
  const value = fieldValue(record, column);
  return typeof value === 'string' ? value : null;
}

/** Whether the release holds turnout records of the year: a year of parties only has no figures to show or compare. */
export function hasTurnout(view: YearView): boolean {
  return view.turnoutRecords.length > 0;
}

/** The short name of a record (a party's acronym), when its dataset declares one. */
function shortNameOf(roles: DatasetDefinition['roles'], record: SiteRecord): string | null {
  return roles.shortName === undefined ? null : textValue(record, roles.shortName);
}

export function numberValue(record: SiteRecord, column: string): number | null {
  const value = fieldValue(record, column);
  return typeof value === 'number' ? value : null;
}

export function flagsOf(record: SiteRecord): string[] {
  const value = fieldValue(record, 'quality_flags');
  return Array.isArray(value) ? value : [];
}

export function sumCounts(records: readonly SiteRecord[]): Totals {
  const totals: Totals = {};
  for (const column of COUNT_COLUMNS) {
    const entry: CountSum = { sum: 0, missing: 0, given: 0 };
    for (const record of records) {
      const value = numberValue(record, column);
      if (value === null) entry.missing += 1;
      else {
        entry.sum += value;
        entry.given += 1;
      }
    }
    totals[column] = entry;
  }
  return totals;
}

/**
 * The totals of several groups of records added up: the same as sumCounts over all their records, since every count
 * column holds integers (a sum stays exact below 2^53, whatever the order of the additions). Example: a province's
 * totals from its dapils' (a million records: a second of the year pages' rendering went to summing them again).
 */
export function addTotals(groups: readonly Totals[]): Totals {
  const totals: Totals = {};
  for (const column of COUNT_COLUMNS) {
    const entry: CountSum = { sum: 0, missing: 0, given: 0 };
    for (const group of groups) {
      entry.sum += group[column]?.sum ?? 0;
      entry.missing += group[column]?.missing ?? 0;
      entry.given += group[column]?.given ?? 0;
    }
    totals[column] = entry;
  }
  return totals;
}

/**
 * The same party (or other profile) in the other years: the views of its dataset that share its `acrossYears` column
 * (the parties' `party_id`, which the normalizer fills from the declared alias table in
 * scripts/datasets/party-identity.ts, so the links and the files agree); a dataset without that role matches by name
 * or short name, compared by `partyMatchKey`.
 */
export function findProfileInOtherYears(site: SiteData, view: ProfileView): ProfileView[] {
  const { byKey, position } = acrossYearIndexOf(site);
  const found = new Set<ProfileView>();
  for (const key of acrossYearKeysOf(view)) {
    for (const other of byKey.get(`${view.dataset}\u0000${key}`) ?? []) if (other.year !== view.year) found.add(other);
  }
  // In the order of site.profiles.
  return [...found].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
}

/**
 * The profiles of each dataset by each of their keys across years (`<dataset>\0<key>`), and each profile's place in
 * site.profiles, made once per site: a profile's other years cost the profiles that share a key with it, not a walk
 * over every profile of the site for each profile page.
 */
interface AcrossYearIndex {
  byKey: ReadonlyMap<string, readonly ProfileView[]>;
  position: ReadonlyMap<ProfileView, number>;
}

const acrossYearIndexes = new WeakMap<SiteData, AcrossYearIndex>();

function acrossYearIndexOf(site: SiteData): AcrossYearIndex {
  let index = acrossYearIndexes.get(site);
  if (index === undefined) {
    const byKey = new Map<string, ProfileView[]>();
    for (const view of site.profiles) {
      for (const key of acrossYearKeysOf(view)) {
        const entry = `${view.dataset}\u0000${key}`;
        const views = byKey.get(entry);
        if (views === undefined) byKey.set(entry, [view]);
        else views.push(view);
      }
    }
    index = { byKey, position: new Map(site.profiles.map((view, at) => [view, at])) };
    acrossYearIndexes.set(site, index);
  }
  return index;
}

/** Each view's keys across years, made once: the index above and every lookup read them. */
const acrossYearKeys = new WeakMap<ProfileView, ReadonlySet<string>>();

/** The keys by which a profile is the same one in another year (findProfileInOtherYears). */
function acrossYearKeysOf(view: ProfileView): ReadonlySet<string> {
  let keys = acrossYearKeys.get(view);
  if (keys === undefined) {
    const roles = datasetById(view.dataset).roles;
    keys = new Set(
      view.records
        .flatMap((record) =>
          roles.acrossYears !== undefined
            ? [textValue(record, roles.acrossYears)]
            : [textValue(record, roles.displayName), shortNameOf(roles, record)].map(partyMatchKey),
        )
        .filter((key): key is string => key !== null),
    );
    acrossYearKeys.set(view, keys);
  }
  return keys;
}

export function findDapilInOtherYears(site: SiteData, view: DapilView): DapilView[] {
  return site.dapils.filter((other) => other.dapilId === view.dapilId && other.year !== view.year);
}

/** Identifier order: shorter first, then code units, so "2" < "10" and "0101" < "0102". */
export function compareIdentifiers(a: string, b: string): number {
  return a.length - b.length || compareCodeUnits(a, b);
}

/** The quality report's violations of one record. */
export function violationsOf(site: SiteData, record: SiteRecord): QualityViolation[] {
  return site.violations.get(`${record.dataset}:${record.position}`) ?? [];
}

export function ruleOf(quality: QualityReport, dataset: DatasetId, ruleId: string): QualityRuleSummary | undefined {
  return quality.datasets.find((report) => report.dataset === dataset)?.rules.find((rule) => rule.id === ruleId);
}

function groupTurnout(year: number, records: readonly SiteRecord[]): Pick<YearView, 'provinces' | 'unplacedTurnout'> {
  const byDapil = new Map<string, SiteRecord[]>();
  const unplaced: SiteRecord[] = [];
  for (const record of records) {
    const id = textValue(record, DAPIL_ROLES.pageKey);
    if (!isUrlIdentifier(id)) {
      unplaced.push(record);
      continue;
    }
    const list = byDapil.get(id) ?? [];
    list.push(record);
    byDapil.set(id, list);
  }
  const dapils: DapilView[] = [...byDapil.entries()]
    .sort(([a], [b]) => compareIdentifiers(a, b))
    .map(([dapilId, dapilRecords]) => {
      const first = dapilRecords[0] as SiteRecord;
      return {
        year,
        dapilId,
        dapilName: textValue(first, DAPIL_ROLES.displayName),
        provinceName: DAPIL_ROLES.groupName === undefined ? null : textValue(first, DAPIL_ROLES.groupName),
        records: dapilRecords,
        totals: sumCounts(dapilRecords),
        flagged: dapilRecords.filter((record) => flagsOf(record).length > 0).length,
      };
    });
  // Provinces in the order of their first dapil id (KPU's province codes), so the order is the source's.
  const provinces = new Map<string, ProvinceView>();
  for (const dapil of dapils) {
    const key = dapil.provinceName ?? '';
    const province = provinces.get(key) ?? { name: dapil.provinceName, dapils: [] };
    province.dapils.push(dapil);
    provinces.set(key, province);
  }
  return { provinces: [...provinces.values()], unplacedTurnout: unplaced };
}

/** A profile dataset's pages of one year, by page key; records without a usable page key are on no page. */
function groupProfiles(dataset: DatasetDefinition, year: number, records: readonly SiteRecord[]): ProfileView[] {
  const { roles } = dataset;
  const byKey = new Map<string, SiteRecord[]>();
  for (const record of records) {
    const key = textValue(record, roles.pageKey);
    if (!isUrlIdentifier(key)) continue;
    const list = byKey.get(key) ?? [];
    list.push(record);
    byKey.set(key, list);
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => compareIdentifiers(a, b))
    .map(([id, pageRecords]) => {
      const first = pageRecords[0] as SiteRecord;
      return {
        dataset: dataset.id,
        year,
        id,
        records: pageRecords,
        name: textValue(first, roles.displayName),
        shortName: shortNameOf(roles, first),
      };
    });
}

/** Groups checked records into the pages' views. Pure. */
export function buildSiteData(
  manifest: SnapshotManifest,
  quality: QualityReport,
  records: Record<DatasetId, SiteRecord[]>,
  companions: readonly string[] = ['manifest.json'],
  releaseFiles: ReleaseFiles = { releases: [], history: [] },
): SiteData {
  const yearColumns = new Map(PAGED_DATASETS.map((dataset) => [dataset.id, dataset.roles.year]));
  const yearOf = (record: SiteRecord): number | null => numberValue(record, yearColumns.get(record.dataset) ?? '');
  const recordsOf = (dataset: DatasetDefinition): SiteRecord[] => records[dataset.id] ?? [];
  // Only four-digit years get pages (docs/data.md), even from a manifest written before the snapshot said so;
  // the records of any other year are listed with the records without a year.
  const pageYears = manifest.years.filter(isFourDigitYear);
  const years: YearView[] = pageYears.map((year) => {
    const turnoutRecords = recordsOf(dapilPagesDataset()).filter((record) => yearOf(record) === year);
    const partyRecords = recordsOf(yearTableDataset()).filter((record) => yearOf(record) === year);
    return {
      year,
      turnoutRecords,
      ...groupTurnout(year, turnoutRecords),
      totals: sumCounts(turnoutRecords),
      parties: groupProfiles(yearTableDataset(), year, partyRecords),
    };
  });
  const profiles = PAGED_DATASETS.filter((dataset) => dataset.pages.view === 'profile').flatMap((dataset) =>
    pageYears.flatMap((year) =>
      dataset.pages.yearTable === true
        ? (years.find((view) => view.year === year)?.parties ?? [])
        : groupProfiles(
            dataset,
            year,
            recordsOf(dataset).filter((record) => yearOf(record) === year),
          ),
    ),
  );
  const known = new Set(pageYears);
  const violations = new Map<string, QualityViolation[]>();
  for (const report of quality.datasets) {
    for (const violation of report.violations) {
      const key = `${report.dataset}:${violation.position}`;
      const list = violations.get(key);
      if (list) list.push(violation);
      else violations.set(key, [violation]);
    }
  }
  return {
    manifest,
    quality,
    years,
    dapils: years.flatMap((year) => year.provinces.flatMap((province) => province.dapils)),
    profiles,
    partyViews: years.flatMap((year) => year.parties),
    yearless: PAGED_DATASETS.flatMap(recordsOf).filter((record) => {
      const year = yearOf(record);
      return year === null || !known.has(year);
    }),
    violations,
    companions: [...companions],
    releases: releaseFiles.releases,
    history: releaseFiles.history,
  };
}

/**
 * The records of a snapshot JSON file, each checked against the dataset's columns (every column present
 * with a value of its type, nothing else), so the pages can rely on the types.
 */
export function parseSnapshotRecords(dataset: DatasetDefinition, text: string, file: string): SiteRecord[] {
  return parseRecordsText(dataset, text, file).map(({ position, values }) => ({
    dataset: dataset.id,
    position,
    values,
  }));
}

function findFile(manifest: SnapshotManifest, match: (file: PublishedFile) => boolean, what: string): PublishedFile {
  const file = manifest.files.find(match);
  if (file === undefined) throw new Error(`manifest.json lists no ${what}`);
  return file;
}

/** The data folder's manifest, of a schema version the site reads. */
async function readManifest(dataDir: string): Promise<SnapshotManifest> {
  const manifest = await readJsonFile<SnapshotManifest>(path.join(dataDir, 'manifest.json'));
  if (manifest.schemaVersion !== 1 && manifest.schemaVersion !== 2)
    throw new Error(
      `manifest.json has schemaVersion ${String(manifest.schemaVersion)}; the site reads versions 1 and 2`,
    );
  return manifest;
}

/**
 * Streams the records of every dataset with pages (a dataset without, the official dapils, is in the downloads
 * only) from its all-years JSON file to `onRecord`, with the number of records the manifest gives that file (what a
 * caller keeping them makes room for), and checks the file's count and each per-year file's count
 * against the manifest. The all-years file holds every record in the harvested order, so a record's index is its
 * position.
 */
async function readPagedRecords(
  dataDir: string,
  manifest: SnapshotManifest,
  onRecord: (
    dataset: DatasetDefinition,
    record: CheckedRecord,
    file: PublishedFile,
    start: number,
    end: number,
  ) => void,
): Promise<void> {
  for (const dataset of PAGED_DATASETS) {
    const file = findFile(
      manifest,
      (candidate) => candidate.dataset === dataset.id && candidate.year === 'all' && candidate.format === 'json',
      `all-years JSON of ${dataset.id}`,
    );
    const perYear = new Map<number | null, number>();
    const count = await streamSnapshotRecords(dataDir, file, dataset, (record, start, end) => {
      const year = record.values[dataset.roles.year];
      const key = typeof year === 'number' ? year : null;
      perYear.set(key, (perYear.get(key) ?? 0) + 1);
      onRecord(dataset, record, file, start, end);
    });
    if (file.records !== count)
      throw new Error(`${file.path} holds ${count} records, manifest.json says ${String(file.records)}`);
    // The pages group the all-years file by year; each per-year download must hold exactly those records.
    // Derived datasets (turnout-long) and datasets without pages (dapils) are not read: no pages to agree with.
    for (const yearFile of manifest.files) {
      if (yearFile.format !== 'json' || yearFile.year === 'all' || yearFile.dataset !== dataset.id) continue;
      const inAll = perYear.get(yearFile.year) ?? 0;
      if (inAll !== yearFile.records)
        throw new Error(
          `${yearFile.path}: manifest.json says ${String(yearFile.records)} records, the all-years file has ${inAll} of ${yearFile.year}`,
        );
    }
  }
}

/** The quality report of the data folder, checked against the manifest. */
async function readQuality(dataDir: string, manifest: SnapshotManifest): Promise<QualityReport> {
  const qualityFile = findFile(manifest, (file) => file.format === 'quality-json', 'quality report (quality-json)');
  return JSON.parse(await readManifestFile(dataDir, qualityFile)) as QualityReport;
}

/**
 * The site data loaded in this process: the pages Astro renders read it, and the build script that writes the pages'
 * files after them (scripts/site/astro-build.ts) reads the same records, without loading them again.
 */
let loadedInProcess: { dataDir: string; data: Promise<SiteData> } | null = null;

/** The site data of `dataDir`, loaded once per process (the last folder asked for is kept). */
export function loadSiteDataOnce(dataDir: string): Promise<SiteData> {
  if (loadedInProcess?.dataDir === dataDir) return loadedInProcess.data;
  const data = loadSiteData(dataDir);
  loadedInProcess = { dataDir, data };
  return data;
}

/** The site data this process last loaded with loadSiteDataOnce, or null. */
export function loadedSiteData(): Promise<SiteData> | null {
  return loadedInProcess?.data ?? null;
}

/** Reads the data folder the snapshot stage wrote. Throws when a file is missing or differs from the manifest. */
async function loadSiteData(dataDir: string): Promise<SiteData> {
  const manifest = await readManifest(dataDir);
  const quality = await readQuality(dataDir, manifest);
  const records: Record<DatasetId, SiteRecord[]> = Object.fromEntries(
    PAGED_DATASETS.map((dataset) => [dataset.id, [] as SiteRecord[]]),
  );
  // Each dataset's records kept column-wise (record-columns.ts), in the all-years file's order: a record's index
  // in its columns is its position; and where each lies in the all-years JSON file (record-lines.ts).
  const columns = new Map<DatasetId, RecordColumns>();
  const lines = new Map<DatasetId, RecordLines>();
  await readPagedRecords(dataDir, manifest, (dataset, { values }, file, start, end) => {
    let kept = columns.get(dataset.id);
    let places = lines.get(dataset.id);
    if (kept === undefined || places === undefined) {
      const csv = manifest.files.find(
        (candidate) => candidate.dataset === dataset.id && candidate.year === 'all' && candidate.format === 'csv',
      );
      kept = new RecordColumns(dataset, file.records ?? 0);
      places = new RecordLines(dataDir, file, csv, file.records ?? 0);
      columns.set(dataset.id, kept);
      lines.set(dataset.id, places);
    }
    (records[dataset.id] as SiteRecord[]).push(kept.add(values));
    places.add(start, end);
  });
  const companions = COMPANION_FILES.filter((file) => existsSync(path.join(dataDir, file)));
  const data = { ...buildSiteData(manifest, quality, records, companions, await readReleaseFiles(dataDir)), lines };
  // A million records' parse leaves about 250 MB of dead objects: collected before the pages are rendered.
  collectGarbage();
  return data;
}

/**
 * Checks the data folder as loadSiteData does (every file it reads against the manifest, every record against its
 * columns, the counts), keeping no record: what the build process does while Astro builds, in flat memory.
 * Returns the manifest and the number of election years with pages.
 */
export async function checkSiteData(dataDir: string): Promise<{ manifest: SnapshotManifest; pageYears: number }> {
  const manifest = await readManifest(dataDir);
  await readQuality(dataDir, manifest);
  await readPagedRecords(dataDir, manifest, () => undefined);
  await readReleaseFiles(dataDir);
  return { manifest, pageYears: manifest.years.filter(isFourDigitYear).length };
}
