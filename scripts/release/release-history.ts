// The release history as a whole: how releases are named and ordered, their fingerprint, and the check that a
// data folder's history holds together (releases.json lists exactly the folders under releases/, each folder's
// manifest names its release and fingerprint, ids unique and in order). Shared by the release stage, the
// release archive and the publish stage's verification; expected outcomes come back as data.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { hashFile, sha256Hex } from '../foundation/hashing.ts';
import { readJsonChecked, type Checked } from '../foundation/json-file.ts';
import type { SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { isReleaseFormat } from '../formats.ts';

export interface ReleaseEntry {
  id: string;
  /** When the data of this release was retrieved (the harvest's end). */
  harvestedAt: string;
  fingerprint: string;
  records: Record<string, number>;
}

export const RELEASES_FILE = 'releases.json';
export const RELEASES_DIR = 'releases';

/**
 * A digest of every published data file: two snapshots with the same fingerprint hold the same data. The files
 * that name the release (bundles, citations) are left out from schema version 2 on: the release's name depends on
 * the fingerprint. A file the release stage stamped with the release counts with its snapshot's SHA-256
 * (`snapshotSha256`), for the same reason.
 */
export function fingerprintOf(manifest: SnapshotManifest): string {
  const files =
    manifest.schemaVersion === 1 ? manifest.files : manifest.files.filter((file) => !isReleaseFormat(file.format));
  const lines = files.map((file) => `${file.snapshotSha256 ?? file.sha256}  ${file.path}`).sort();
  return sha256Hex(lines.join('\n'));
}

/** What a demo build's release ids end their day with, so that none can be taken for a real build's. */
const DEMO_SUFFIX = '-demo';

/**
 * "2026-11-22" → ["2026-11-22", 1]; "2026-11-22.3" → ["2026-11-22", 3]; a demo build's "2026-11-22-demo.2" →
 * ["2026-11-22", 2]; null for anything else.
 */
function parseReleaseId(id: string): [day: string, number: number] | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:-demo)?(?:\.([1-9]\d{0,5}))?$/.exec(id);
  return match ? [match[1] as string, match[2] === undefined ? 1 : Number(match[2])] : null;
}

/** Release order: by day, then by number within the day (so "2026-11-22.10" follows "2026-11-22.9"). */
export function compareReleaseIds(a: string, b: string): number {
  const [dayA, numberA] = parseReleaseId(a) ?? [a, 0];
  const [dayB, numberB] = parseReleaseId(b) ?? [b, 0];
  return dayA < dayB ? -1 : dayA > dayB ? 1 : numberA - numberB;
}

/**
 * A release is named after the day its data was retrieved; a second release that day gets ".2", and so on. A name
 * is never given twice (`used` holds every name seen anywhere: listed, present as a folder, archived) and always
 * sorts after every used one, so a release built from an older harvest after a newer release takes the newer
 * release's day. A demo build's day ends in "-demo" ("2026-11-22-demo", "2026-11-22-demo.2"): never a real build's name.
 */
export function nextReleaseId(harvestedAt: string, used: readonly string[], demo = false): string {
  const parsed = used.map(parseReleaseId).filter((id) => id !== null);
  const latestDay = parsed.reduce((latest, [day]) => (day > latest ? day : latest), '');
  const day = harvestedAt.slice(0, 10) > latestDay ? harvestedAt.slice(0, 10) : latestDay;
  const highest = parsed.filter(([usedDay]) => usedDay === day).reduce((max, [, number]) => Math.max(max, number), 0);
  const name = demo ? `${day}${DEMO_SUFFIX}` : day;
  return highest === 0 ? name : `${name}.${highest + 1}`;
}

/** The names under `<dataDir>/releases/` (hidden names, such as a folder being written, aside); [] when absent. */
export async function releaseFolderNames(dataDir: string): Promise<string[]> {
  const entries = await readdir(path.join(dataDir, RELEASES_DIR), { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries.filter((entry) => !entry.name.startsWith('.')).map((entry) => entry.name);
}

/** Every manifest file of a data folder present with its size and SHA-256, or the first that is not. */
async function checkFilesOfManifest(dataDir: string, manifest: SnapshotManifest): Promise<Checked<SnapshotManifest>> {
  for (const file of manifest.files) {
    const actual = await hashFile(path.join(dataDir, file.path)).catch(() => null);
    if (actual === null)
      return { ok: false, reason: `${path.join(dataDir, file.path)} is listed in its manifest but missing.` };
    if (actual.bytes !== file.bytes || actual.sha256 !== file.sha256) {
      return {
        ok: false,
        reason: `${path.join(dataDir, file.path)} does not match its size or SHA-256 in the manifest.`,
      };
    }
  }
  return { ok: true, value: manifest };
}

/**
 * Whether the release history of `dataDir` holds together: releases.json an array of releases with unique ids in
 * release order, exactly one folder under releases/ per listed release, and each folder's manifest naming that
 * release with its fingerprint (the fingerprint recomputed from the manifest's files). `verifyFiles` also checks
 * every file of every release against its manifest (for an archive about to be restored; a published dist/ has
 * had each release verified as it was added). A folder with no releases.json and no releases/ is an empty history.
 */
export async function checkReleaseHistory(
  dataDir: string,
  options: { verifyFiles: boolean },
): Promise<Checked<ReleaseEntry[]>> {
  const folders = await releaseFolderNames(dataDir);
  const listFile = path.join(dataDir, RELEASES_FILE);
  const exists = await readFile(listFile).then(
    () => true,
    () => false,
  );
  if (!exists)
    return folders.length === 0
      ? { ok: true, value: [] }
      : { ok: false, reason: `${listFile} is missing, but ${dataDir}/releases/ holds ${folders.sort().join(', ')}.` };
  const list = await readJsonChecked<ReleaseEntry[]>(listFile);
  if (!list.ok) return list;
  const releases = list.value;
  if (
    !Array.isArray(releases) ||
    releases.some((entry) => typeof entry?.id !== 'string' || typeof entry.fingerprint !== 'string')
  ) {
    return { ok: false, reason: `${listFile} is not a list of releases with an id and a fingerprint each.` };
  }
  const ids = releases.map((entry) => entry.id);
  const bad = ids.find((id) => parseReleaseId(id) === null);
  if (bad !== undefined) return { ok: false, reason: `${listFile} lists "${bad}", which is not a release name.` };
  const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
  if (repeated !== undefined) return { ok: false, reason: `${listFile} lists release ${repeated} twice.` };
  const outOfOrder = ids.findIndex((id, index) => index > 0 && compareReleaseIds(ids[index - 1] as string, id) >= 0);
  if (outOfOrder > 0)
    return {
      ok: false,
      reason: `${listFile} lists release ${ids[outOfOrder]} after ${ids[outOfOrder - 1]}: releases must be in order.`,
    };
  const unlisted = folders.filter((name) => !ids.includes(name)).sort();
  if (unlisted.length > 0)
    return { ok: false, reason: `${dataDir}/releases/ holds ${unlisted.join(', ')}, which ${listFile} does not list.` };
  const missing = ids.filter((id) => !folders.includes(id));
  if (missing.length > 0)
    return { ok: false, reason: `${listFile} lists ${missing.join(', ')}, which ${dataDir}/releases/ does not hold.` };
  for (const entry of releases) {
    const folder = path.join(dataDir, RELEASES_DIR, entry.id);
    const manifest = await readJsonChecked<SnapshotManifest>(path.join(folder, 'manifest.json'));
    if (!manifest.ok) return manifest;
    if (manifest.value.release?.id !== entry.id)
      return {
        ok: false,
        reason: `${folder}/manifest.json names release ${manifest.value.release?.id ?? '(none)'}, not ${entry.id}.`,
      };
    if (
      manifest.value.release.fingerprint !== entry.fingerprint ||
      !Array.isArray(manifest.value.files) ||
      fingerprintOf(manifest.value) !== entry.fingerprint
    ) {
      return {
        ok: false,
        reason: `${folder}: its files and manifest do not have the fingerprint ${listFile} gives release ${entry.id}.`,
      };
    }
    if (options.verifyFiles) {
      const files = await checkFilesOfManifest(folder, manifest.value);
      if (!files.ok) return files;
    }
  }
  return { ok: true, value: releases };
}
