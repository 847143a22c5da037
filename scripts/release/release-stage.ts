// The release stage, between the snapshot and the site: takes the release the snapshot stage named and wrote its
// files with (a new one only when the data changed: scripts/snapshot/release-identity.ts), compares the new snapshot
// with the release published in dist/, and writes its own data folder: the snapshot's files (linked, never opened
// for writing), the change report, the change history across releases and the list of releases, so the site can
// show them and the publish stage can keep every release downloadable; then the files that name the release
// (release-files.ts: bundles, citations, datapackage.json, the completed manifest, its landing page, SHA256SUMS). A
// harvest that shrank stops here (RELEASE_SHRANK) unless accepted.
import { copyFile, link, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isUpstreamDataset, type DatasetDefinition } from '../datasets/dataset-definition.ts';
import { DERIVED_DATASETS } from '../datasets/datasets.ts';
import type { SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { BuildError } from '../errors.ts';
import { sha256Hex } from '../foundation/hashing.ts';
import { readJsonFile, readJsonIfPresent } from '../foundation/json-file.ts';
import {
  compareRecords,
  keyColumnsOf,
  type DatasetChanges,
  type RecordChange,
  type SourceRecords,
} from './change-report.ts';
import { differingRecords, sourceKeysAt, type DifferingRecords } from './changed-records.ts';
import { withReleaseEngine } from './release-engine.ts';
import { formatOf } from '../formats.ts';
import { escapeMarkdownText } from './markdown-text.ts';
import { writeReleaseFiles } from './release-files.ts';
import { fingerprintOf, nextReleaseId, RELEASES_DIR, RELEASES_FILE, type ReleaseEntry } from './release-history.ts';
import {
  describeShrink,
  findShrinks,
  RECENT_RELEASES,
  renderShrinkMarkdown,
  type PublishedManifest,
  type ShrinkReport,
} from './shrink-guard.ts';

export { nextReleaseId, type ReleaseEntry };

export interface ChangesDocument {
  release: string;
  previousRelease: string | null;
  /** True for the first release: there is nothing to compare with. */
  initial: boolean;
  changed: boolean;
  datasets: DatasetChanges[];
  /** Present when the release has fewer records than the one before and the build was run with --accept-shrink. */
  shrink?: ShrinkReport;
}

export interface HistoryEntry extends RecordChange {
  release: string;
  harvestedAt: string;
  dataset: DatasetDefinition['id'];
}

export interface ReleaseStageOptions {
  /** The new snapshot's data folder, only read: its manifest names the release (the snapshot stage's `published`). */
  snapshotDataDir: string;
  /** The release's data folder to write (emptied first): the snapshot's files, the completed manifest, the release files. */
  outDir: string;
  /** The data folder currently published (dist/data), if any: the one the snapshot stage named the release against. */
  publishedDataDir: string;
  datasets: readonly DatasetDefinition[];
  offline: boolean;
  now: Date;
  /** Publish a harvest that shrank beyond `shrinkTolerancePercent` (--accept-shrink); the change report says so. */
  acceptShrink?: boolean;
  /** Share of a dataset-year's records that may be lost without RELEASE_SHRANK, in percent (KPU_SHRINK_TOLERANCE). */
  shrinkTolerancePercent?: number;
  /** KPU_SITE_URL (ending in "/"): datapackage.json's homepage; null or absent: none. */
  siteUrl?: string | null;
}

export interface ReleaseStageResult {
  manifest: SnapshotManifest;
  changes: ChangesDocument;
  markdown: string;
}

const CHANGES_FILE = 'changes.json';
const HISTORY_FILE = 'history.json';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function buildInfo(offline: boolean, harvestedAt: string, now: Date) {
  const packageJson = await readJsonFile<{ version: string }>(path.join(PROJECT_ROOT, 'package.json'));
  const lockfile = await readFile(path.join(PROJECT_ROOT, 'package-lock.json'));
  return {
    packageVersion: packageJson.version,
    node: process.version,
    lockfileSha256: sha256Hex(lockfile),
    offline,
    // Whole days, so two offline builds of one day agree; shown on every page of an offline build.
    harvestAgeDays: offline ? Math.max(0, Math.floor((now.getTime() - Date.parse(harvestedAt)) / 86_400_000)) : null,
  };
}

function allYearsFile(
  dataDir: string,
  dataset: DatasetDefinition,
  format: 'json' | 'raw-json' | 'parquet' = 'json',
): string {
  return path.join(dataDir, 'all-years', `${dataset.fileStem}-all-years${formatOf(format).suffix}`);
}

/**
 * The changes of every harvested dataset from the data folder `beforeDir` (a release) to `afterDir`, from their
 * all-years Parquet files: DuckDB finds the records that differ (changed-records.ts), and only those are read. The
 * source records (the all-years raw JSON) are read only where a differing record has a key column published as
 * null, to say what the source gave there. Only harvested datasets are compared record by record: the project's own
 * (the official dapils) change only with the project's code, which its changelog describes.
 */
export async function compareDataFolders(
  datasets: readonly DatasetDefinition[],
  beforeDir: string,
  afterDir: string,
): Promise<DatasetChanges[]> {
  const spillFolder = await mkdtemp(path.join(os.tmpdir(), 'kpu-compare-'));
  return withReleaseEngine(':memory:', spillFolder, {}, async (connection) => {
    const compared: DatasetChanges[] = [];
    for (const dataset of datasets.filter(isUpstreamDataset)) {
      const { before, after } = await differingRecords(
        connection,
        dataset,
        allYearsFile(beforeDir, dataset, 'parquet'),
        allYearsFile(afterDir, dataset, 'parquet'),
      );
      const keys = keyColumnsOf(dataset);
      // The source records of each side, by index among its differing records: only those with a key part null.
      const sources = async (dir: string, side: DifferingRecords): Promise<SourceRecords> => {
        const unnamed = side.positions.filter((_, index) =>
          keys.some((key) => (side.records[index]?.[key] ?? null) === null),
        );
        const found = await sourceKeysAt(connection, dataset, allYearsFile(dir, dataset, 'raw-json'), unnamed);
        return side.positions.map((position) => found.get(position) ?? {});
      };
      compared.push(
        compareRecords(
          dataset,
          before.records,
          after.records,
          await sources(beforeDir, before),
          await sources(afterDir, after),
        ),
      );
    }
    return compared;
  }).finally(() => rm(spillFolder, { recursive: true, force: true }));
}

/** The change history's entries of one new release. */
export function historyEntriesOf(
  release: string,
  harvestedAt: string,
  datasets: readonly DatasetChanges[],
): HistoryEntry[] {
  return datasets.flatMap((dataset) =>
    dataset.changes.map((change) => ({ release, harvestedAt, dataset: dataset.dataset, ...change })),
  );
}

/**
 * The manifests the shrink guard compares with: the published release's (`previous`, read from the data folder's
 * top) and those of up to RECENT_RELEASES − 1 releases before it from `<dataDir>/releases/`, the latest first,
 * back to the latest release published with --accept-shrink (the new measure from then on).
 */
async function recentManifests(
  dataDir: string,
  previous: SnapshotManifest | null,
  releases: readonly ReleaseEntry[],
): Promise<PublishedManifest[]> {
  if (previous === null) return [];
  const latest = previous.release?.id ?? '(published)';
  const recent: PublishedManifest[] = [{ id: latest, manifest: previous }];
  const ids = releases.map((release) => release.id);
  for (let index = ids.indexOf(latest) - 1; index >= 0 && recent.length < RECENT_RELEASES; index -= 1) {
    if (recent.at(-1)?.manifest.release?.shrink !== undefined) break;
    const id = ids[index] as string;
    const manifest = await readJsonIfPresent<SnapshotManifest>(path.join(dataDir, RELEASES_DIR, id, 'manifest.json'));
    if (manifest === null) break;
    recent.push({ id, manifest });
  }
  return recent;
}

/** A value from the data as inert Markdown (scripts/release/markdown-text.ts): it may hold anything the upstream sent. */
function renderValue(value: unknown): string {
  return value === null ? '(empty)' : escapeMarkdownText(Array.isArray(value) ? value.join(';') : String(value));
}

/**
 * A key value in the summary: as published, or, where the source's value could not be read (published as null),
 * the source's value as a JSON string, so spaces and other invisible differences show: `"2014 "`.
 */
function renderKeyValue(change: RecordChange, column: string): string {
  const value = change.key[column] ?? null;
  const given = change.given?.[column];
  if (value !== null || given === undefined) return renderValue(value);
  return `${escapeMarkdownText(JSON.stringify(given))} (unreadable)`;
}

/** How many changes the Markdown summary lists; changes.json holds them all. */
const SUMMARY_CHANGES = 10;

/**
 * The short summary a CI job can post: what changed per dataset and election year, with the first few changes.
 * `newRelease` is false when the data files are those of the published release (nothing to report).
 */
export function renderChangesMarkdown(changes: ChangesDocument, demo: boolean, newRelease: boolean): string {
  const lines = [`## Release ${changes.release}${demo ? ' (DEMO DATA, NOT REAL FIGURES)' : ''}`, ''];
  if (changes.initial) {
    lines.push('First release: nothing to compare with.');
    return lines.join('\n');
  }
  if (!newRelease) {
    lines.push(
      `Nothing changed: the data is still that of release ${changes.release}, and the data files are byte-identical.`,
    );
    return lines.join('\n');
  }
  if (!changes.changed) {
    // The files differ but no published value of any record does: records in another order, a change in the
    // quality flags alone, or in a field the upstream sends but the publisher does not publish (the raw files), or
    // files written by another version of the publisher or for another site or source address (release-identity.ts).
    lines.push(
      `New release: the data files differ from release ${changes.previousRelease}, but no record was added, removed or changed in the published columns.`,
      'The upstream may have sent the same records in another order or changed a field that is not published (compare the raw files), the quality flags may have changed, or the files were written by another version of the publisher or for another site address (KPU_SITE_URL) or source address (KPU_SOURCE_URL), which they cite.',
    );
    return lines.join('\n');
  }
  lines.push(
    `Changes since release ${changes.previousRelease}:`,
    '',
    '| dataset | election year | added | removed | changed |',
    '|---|---|---|---|---|',
  );
  for (const dataset of changes.datasets) {
    for (const year of dataset.years)
      lines.push(
        `| ${dataset.dataset} | ${year.year ?? '(unreadable)'} | ${year.added} | ${year.removed} | ${year.changed} |`,
      );
  }
  const all = changes.datasets.flatMap((dataset) =>
    dataset.changes.map((change) => ({ dataset: dataset.dataset, change })),
  );
  const sample = all.slice(0, SUMMARY_CHANGES);
  if (sample.length > 0) lines.push('');
  for (const { dataset, change } of sample) {
    const key = Object.keys(change.key)
      .map((column) => renderKeyValue(change, column))
      .join(' / ');
    const fields = change.fields
      .map((field) => `${field.field}: ${renderValue(field.old)} → ${renderValue(field.new)}`)
      .join('; ');
    lines.push(`- ${dataset} ${change.kind}: ${key}${fields ? ` (${fields})` : ''}`);
  }
  if (all.length > sample.length)
    lines.push(
      `- … and ${all.length - sample.length} more ${all.length - sample.length === 1 ? 'change' : 'changes'}: every change is in \`data/changes.json\` of release ${changes.release} (and in \`data/history.json\`).`,
    );
  return lines.join('\n');
}

/** The files the release stage writes itself; every other file of its data folder is the snapshot's. */
const OWN_FILES = new Set(['manifest.json', CHANGES_FILE, HISTORY_FILE, RELEASES_FILE]);

/**
 * The snapshot's files into the release's data folder, as hard links (no bytes copied, and the snapshot's own
 * folder stays as the snapshot stage wrote it), copied where the file system cannot link.
 */
async function placeSnapshotFiles(snapshotDir: string, outDir: string): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  for (const entry of await readdir(snapshotDir, { recursive: true, withFileTypes: true })) {
    const from = path.join(entry.parentPath, entry.name);
    const relative = path.relative(snapshotDir, from);
    if (OWN_FILES.has(relative)) continue;
    const to = path.join(outDir, relative);
    if (entry.isDirectory()) {
      await mkdir(to, { recursive: true });
    } else if (entry.isFile()) {
      await mkdir(path.dirname(to), { recursive: true });
      await link(from, to).catch(() => copyFile(from, to));
    }
  }
}

export async function runReleaseStage(options: ReleaseStageOptions): Promise<ReleaseStageResult> {
  const manifest = await readJsonFile<SnapshotManifest>(path.join(options.snapshotDataDir, 'manifest.json'));
  const previous = await readJsonIfPresent<SnapshotManifest>(path.join(options.publishedDataDir, 'manifest.json'));
  const releases = (await readJsonIfPresent<ReleaseEntry[]>(path.join(options.publishedDataDir, RELEASES_FILE))) ?? [];
  const history = (await readJsonIfPresent<HistoryEntry[]>(path.join(options.publishedDataDir, HISTORY_FILE))) ?? [];

  const named = manifest.release;
  if (named === undefined)
    throw new Error(
      `${options.snapshotDataDir}/manifest.json names no release: the snapshot was written outside a build`,
    );
  const fingerprint = fingerprintOf(manifest);
  const previousRelease = previous?.release ?? null;
  if (!named.new && previousRelease?.id !== named.id)
    throw new Error(`the snapshot keeps release ${named.id}, but ${options.publishedDataDir} publishes another`);
  const { id } = named;
  const unchanged = previousRelease !== null && !named.new;

  // An unchanged release was published (and any shrink in it accepted) before; anything else is compared here.
  const recent = unchanged ? [] : await recentManifests(options.publishedDataDir, previous, releases);
  const shrinks = unchanged ? [] : findShrinks(recent, manifest, options.shrinkTolerancePercent ?? 10);
  if (shrinks.length > 0 && options.acceptShrink !== true) {
    const earlier = recent.length - 1;
    const against = previousRelease
      ? `release ${previousRelease.id}${earlier > 0 ? ` and the ${earlier} before it (each year's largest count)` : ''}`
      : 'nothing published before';
    throw new BuildError(
      'RELEASE_SHRANK',
      `Against ${against} (tolerance ${options.shrinkTolerancePercent ?? 10}%): ${shrinks.map(describeShrink).join('; ')}.`,
    );
  }
  const shrink: ShrinkReport | null =
    shrinks.length > 0
      ? { accepted: true, tolerancePercent: options.shrinkTolerancePercent ?? 10, findings: shrinks }
      : null;

  const datasets =
    previousRelease && !unchanged
      ? await compareDataFolders(options.datasets, options.publishedDataDir, options.snapshotDataDir)
      : [];
  const changes: ChangesDocument = {
    release: id,
    previousRelease: unchanged ? (previousRelease.previous ?? null) : (previousRelease?.id ?? null),
    initial: previousRelease === null,
    changed: !unchanged && previousRelease !== null && datasets.some((dataset) => dataset.changes.length > 0),
    datasets,
    ...(shrink ? { shrink } : {}),
  };
  if (!unchanged) {
    releases.push({
      id,
      harvestedAt: manifest.harvest.finishedAt,
      fingerprint,
      records: Object.fromEntries(manifest.datasets.map((dataset) => [dataset.id, dataset.records])),
    });
    history.push(...historyEntriesOf(id, manifest.harvest.finishedAt, datasets));
  }

  const siteUrl = options.siteUrl ?? null;
  const completed: SnapshotManifest = {
    ...manifest,
    release: {
      ...named,
      previous: changes.previousRelease,
      fingerprint,
      // The shrink guard measures later harvests from a release published with --accept-shrink.
      ...(unchanged
        ? previousRelease.shrink === undefined
          ? {}
          : { shrink: previousRelease.shrink }
        : shrink
          ? { shrink }
          : {}),
    },
    build: await buildInfo(options.offline, manifest.harvest.finishedAt, options.now),
  };
  // When nothing changed the published release keeps its own changes.json; it still describes it.
  const published = unchanged
    ? await readJsonIfPresent<ChangesDocument>(path.join(options.publishedDataDir, CHANGES_FILE))
    : null;
  await placeSnapshotFiles(options.snapshotDataDir, options.outDir);
  await writeFile(path.join(options.outDir, CHANGES_FILE), `${JSON.stringify(published ?? changes, null, 2)}\n`);
  await writeFile(path.join(options.outDir, HISTORY_FILE), `${JSON.stringify(history, null, 2)}\n`);
  await writeFile(path.join(options.outDir, RELEASES_FILE), `${JSON.stringify(releases, null, 2)}\n`);
  // Last: the bundles, citations, datapackage.json, manifest.json and the SHA256SUMS, which name the release.
  const written = await writeReleaseFiles({
    outDir: options.outDir,
    manifest: completed,
    // The derived datasets' files (the long turnout file) are described, bundled and packaged with their source's.
    datasets: [
      ...options.datasets,
      ...DERIVED_DATASETS.filter((derived) => options.datasets.some((d) => d.id === derived.from)),
    ],
    siteUrl,
    // The landing page says what changed: the published report for an unchanged release.
    changes: published ?? changes,
    keepFrom: unchanged ? options.publishedDataDir : null,
  });
  const markdown =
    renderChangesMarkdown(changes, manifest.demo, !unchanged) + (shrink ? `\n${renderShrinkMarkdown(shrink)}` : '');
  return { manifest: written, changes, markdown };
}
