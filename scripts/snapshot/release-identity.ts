// The release's identity, decided before the snapshot stage writes a file, so that every file that names its
// release (Parquet, Arrow, XLSX) is written whole and final once: the content key (a digest of what determines the
// bytes of the release's files: the harvested records, the check stage's flags and report, the demo mark, the site's
// address and the cited source, the publisher's code and lockfile), the release's name, its retrieval time and its
// permanent URL. Also how releases are named.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RECORD_DIGESTS_FILE } from '../check/check-stage.ts';
import { hashFile, sha256Hex } from '../foundation/hashing.ts';
import { isoDateTimeWib } from '../foundation/instant-text.ts';
import { readJsonIfPresent } from '../foundation/json-file.ts';
import type { HarvestManifest } from '../harvest/harvest-store.ts';
import { isReleaseFormat } from '../formats.ts';
import type { SnapshotManifest } from './snapshot-manifest.ts';

/**
 * A digest of every published data file, which a release folder is checked against. The files written after the
 * data files to name the release (bundles, citations) are left out from schema version 2 on. A file of an older
 * release whose manifest lists its `snapshotSha256` (its bytes before the release id was written into it) counts
 * with that, as its fingerprint was made.
 */
export function fingerprintOf(manifest: SnapshotManifest): string {
  const files =
    manifest.schemaVersion === 1 ? manifest.files : manifest.files.filter((file) => !isReleaseFormat(file.format));
  const lines = files.map((file) => `${file.snapshotSha256 ?? file.sha256}  ${file.path}`).sort();
  return sha256Hex(lines.join('\n'));
}

/** Hex digits of the fingerprint a release name carries. */
const NAME_DIGEST_LENGTH = 8;

/** What a demo build's release ids end their day with, so that none can be taken for a real build's. */
const DEMO_SUFFIX = '-demo';

/**
 * "2026-11-22-3f9a1c0e" → ["2026-11-22", 1]; "2026-11-22.3-5b0d77aa" → ["2026-11-22", 3]; a demo build's
 * "2026-11-22-demo.2-5b0d77aa" → ["2026-11-22", 2]; the names of older publishers, without a digest ("2026-11-22",
 * "2026-11-22.3"), too; null for anything else.
 */
export function parseReleaseId(id: string): [day: string, number: number] | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:-demo)?(?:\.([1-9]\d{0,5}))?(?:-[0-9a-f]{8})?$/.exec(id);
  return match ? [match[1] as string, match[2] === undefined ? 1 : Number(match[2])] : null;
}

/** Whether `id` is a release name (of this publisher or an older one). */
export function isReleaseName(id: string): boolean {
  return parseReleaseId(id) !== null;
}

/** Release order: by day, then by number within the day (so "2026-11-22.10-…" follows "2026-11-22.9-…"). */
export function compareReleaseIds(a: string, b: string): number {
  const [dayA, numberA] = parseReleaseId(a) ?? [a, 0];
  const [dayB, numberB] = parseReleaseId(b) ?? [b, 0];
  return dayA < dayB ? -1 : dayA > dayB ? 1 : numberA - numberB;
}

/**
 * A release is named after the day its data was retrieved; a second release that day gets ".2", and so on; and
 * every name ends in the first NAME_DIGEST_LENGTH hex digits of the release's fingerprint, so two releases of one
 * name hold the same data even across histories that do not know of each other (a build that lost dist/ and has no
 * archive starts a new history, whose names the lost one may have used with other data). Within a history a name
 * is never given twice (`used` holds every name seen anywhere: listed, present as a folder, archived) and always
 * sorts after every used one, so a release built from an older harvest after a newer release takes the newer
 * release's day. Example: ("2026-11-22T09:00:00Z", ["2026-11-22-3f9a1c0e"], "5b0d77aa…") → "2026-11-22.2-5b0d77aa".
 * A demo build's day ends in "-demo" ("2026-11-22-demo-3f9a1c0e", "2026-11-22-demo.2-5b0d77aa"): never a real
 * build's name.
 */
export function nextReleaseId(harvestedAt: string, used: readonly string[], fingerprint: string, demo = false): string {
  const parsed = used.map(parseReleaseId).filter((id) => id !== null);
  const latestDay = parsed.reduce((latest, [day]) => (day > latest ? day : latest), '');
  const day = harvestedAt.slice(0, 10) > latestDay ? harvestedAt.slice(0, 10) : latestDay;
  const highest = parsed.filter(([usedDay]) => usedDay === day).reduce((max, [, number]) => Math.max(max, number), 0);
  const name = demo ? `${day}${DEMO_SUFFIX}` : day;
  return `${highest === 0 ? name : `${name}.${highest + 1}`}-${fingerprint.slice(0, NAME_DIGEST_LENGTH)}`;
}

/** The release written into the files that describe themselves: the same as the manifest's `release`. */
export interface ReleaseStamp {
  id: string;
  /** When the release's data was retrieved (ISO 8601, UTC). */
  retrievedAt: string;
  /** The release's permanent URL (KPU_SITE_URL's data/releases/<id>/), or null: the XLSX citation ends with it. */
  url: string | null;
}

/** What the release is named against: the published data folder and the names seen anywhere else. */
export interface PublishedReleases {
  /** The data folder currently published (dist/data, or the releases restored into the cache), only read. */
  dataDir: string;
  /** Release names seen anywhere (dist/, the archive) besides the published data folder's: never given again. */
  usedReleaseIds: readonly string[];
  /** KPU_SITE_URL (ending in "/"), or null. */
  siteUrl: string | null;
}

/** The release as the snapshot stage names it: manifest.json's `release` but for what only the release stage knows. */
export interface ReleaseIdentity extends ReleaseStamp {
  /** The content key: equal keys, equal data files. */
  content: string;
  /** The release before this one, or null for the first. */
  previous: string | null;
  /** False when the content is the published release's, whose name and retrieval time are kept. */
  new: boolean;
}

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The folders (and files) of scripts/ whose code shapes the bytes of a release's files: reading the harvest, the
 * datasets' declarations, normalizing, the writers and what they stand on, and the release stage's files that name the
 * release (bundles, databases, citations). A change there may change the bytes for the same records, so it changes
 * the content key: an unchanged release's files are kept (kept-files.ts) only while none of this code changed.
 */
const CONTENT_CODE = ['foundation', 'datasets', 'harvest', 'check', 'normalize', 'snapshot', 'release', 'formats.ts'];

async function codeFilesOf(entry: string): Promise<string[]> {
  const absolute = path.join(PROJECT_ROOT, 'scripts', entry);
  if (entry.endsWith('.ts')) return [absolute];
  const entries = await readdir(absolute, { recursive: true, withFileTypes: true });
  return entries
    .filter((file) => file.isFile() && file.name.endsWith('.ts'))
    .map((file) => path.join(file.parentPath, file.name));
}

/** The addresses a release's files give besides its data: each changes their bytes, so each counts in the key. */
export interface ReleaseAddresses {
  /** KPU_SITE_URL or null: every workbook's citation ends with the release's permanent URL under it. */
  siteUrl: string | null;
  /** The upstream's address the citations and datapackage.json give (manifest-builder.ts, sourceUrlOf), or null. */
  sourceUrl: string | null;
}

/**
 * The content key of a snapshot: SHA-256 over the check stage's digest of each dataset's records, its flags and
 * quality report, the demo mark, the addresses the release's files give, the code of CONTENT_CODE, the lockfile and
 * Node's version. The same records checked by the same publisher for the same site and source give the same key,
 * and the same files of the release (its data files and those that name it), however the pages framed them (another
 * KPU_PAGE_SIZE, another spacing of the JSON); a changed record, a changed writer or another address gives another.
 * Computed before any file is written.
 */
export async function contentKeyOf(
  harvest: HarvestManifest,
  checkDir: string,
  addresses: ReleaseAddresses,
): Promise<string> {
  const lines = [
    'kpu-open-data content 3',
    `demo ${String(harvest.parameters.demo)}`,
    `site ${addresses.siteUrl ?? '(none)'}`,
    `source ${addresses.sourceUrl ?? '(none)'}`,
    `node ${process.version}`,
  ];
  const checkFiles = [
    RECORD_DIGESTS_FILE,
    'quality-report.json',
    ...(await readdir(path.join(checkDir, 'flags'))).sort().map((name) => `flags/${name}`),
  ];
  for (const file of checkFiles) lines.push(`check ${file} ${(await hashFile(path.join(checkDir, file))).sha256}`);
  const code = (await Promise.all(CONTENT_CODE.map(codeFilesOf))).flat().sort();
  for (const file of code) lines.push(`code ${path.relative(PROJECT_ROOT, file)} ${sha256Hex(await readFile(file))}`);
  lines.push(`lockfile ${sha256Hex(await readFile(path.join(PROJECT_ROOT, 'package-lock.json')))}`);
  return sha256Hex(lines.join('\n'));
}

/**
 * The release of a snapshot whose content key is `content`: the published release when its content key is the
 * same (its name and its retrieval time kept, so its files keep their bytes), else a new name (nextReleaseId) after
 * the names listed in the published folder's releases.json and history.json and `usedReleaseIds`.
 */
export async function nameRelease(
  content: string,
  harvest: HarvestManifest,
  published: PublishedReleases,
): Promise<ReleaseIdentity> {
  const manifest = await readJsonIfPresent<SnapshotManifest>(path.join(published.dataDir, 'manifest.json'));
  const releases =
    (await readJsonIfPresent<Array<{ id: string; harvestedAt: string }>>(
      path.join(published.dataDir, 'releases.json'),
    )) ?? [];
  const history =
    (await readJsonIfPresent<Array<{ release: string }>>(path.join(published.dataDir, 'history.json'))) ?? [];
  const before = manifest?.release ?? null;
  const urlOf = (id: string) => (published.siteUrl ? `${published.siteUrl}data/releases/${id}/` : null);
  if (before !== null && before.content === content) {
    const retrievedAt =
      releases.find((release) => release.id === before.id)?.harvestedAt ?? before.retrievedAt ?? harvest.finishedAt;
    return { id: before.id, content, previous: before.previous, new: false, retrievedAt, url: urlOf(before.id) };
  }
  const used = [
    ...releases.map((release) => release.id),
    ...history.map((entry) => entry.release),
    ...published.usedReleaseIds,
  ];
  const id = nextReleaseId(harvest.finishedAt, used, content, harvest.parameters.demo);
  return { id, content, previous: before?.id ?? null, new: true, retrievedAt: harvest.finishedAt, url: urlOf(id) };
}

/** The schema metadata entries naming the release, after the file's own (Parquet's kpu_open_data, Arrow's schema). */
export function releaseMetadataOf(release: ReleaseStamp): [string, string][] {
  return [
    ['release', release.id],
    ['retrieved_at', release.retrievedAt],
  ];
}

/**
 * The XLSX about sheet's release cell, its time as every citation writes it: "release 2026-11-22-3f9a1c0e, retrieved
 * 2026-11-22 16:00 WIB (09:00 UTC)".
 */
export function xlsxReleaseTextOf(release: ReleaseStamp): string {
  return `release ${release.id}, retrieved ${isoDateTimeWib(release.retrievedAt)}`;
}

/** The end of the about sheet's citation: "Release 2026-11-22-3f9a1c0e, retrieved …. https://…" */
export function xlsxCitationReleaseOf(release: ReleaseStamp): string {
  return `Release ${release.id}, retrieved ${isoDateTimeWib(release.retrievedAt)}.${release.url ? ` ${release.url}` : ''}`;
}
