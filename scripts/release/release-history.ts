// The release history as a whole: how releases are named and ordered, their fingerprint, and the check that a
// data folder's history holds together (releases.json lists exactly the folders under releases/, each folder's
// manifest names its release and fingerprint, ids unique and in order). Shared by the release stage, the
// release archive and the publish stage's verification; expected outcomes come back as data.
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { hashFile } from '../foundation/hashing.ts';
import { readJsonChecked, type Checked } from '../foundation/json-file.ts';
import type { SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { checksumFilesOf, HISTORY_FILES, renderChecksumFiles, ROOT_DESCRIPTORS } from './checksum-files.ts';

// How releases are named: decided before the snapshot stage writes a file (scripts/snapshot/release-identity.ts).
import { compareReleaseIds, fingerprintOf, parseReleaseId } from '../snapshot/release-identity.ts';
export { compareReleaseIds, fingerprintOf, isReleaseName, nextReleaseId } from '../snapshot/release-identity.ts';

export interface ReleaseEntry {
  id: string;
  /** When the data of this release was retrieved (the harvest's end). */
  harvestedAt: string;
  fingerprint: string;
  records: Record<string, number>;
}

export const RELEASES_FILE = 'releases.json';
export const RELEASES_DIR = 'releases';

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

/** Every folder on the way to `file` ("2014/x.csv" → ["2014"]), relative, "/"-separated. */
function foldersOf(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}

/** The files a release folder's manifest accepts beside the files it lists (descriptors, checksum and history files). */
function besideFilesOf(manifest: SnapshotManifest): Set<string> {
  return new Set<string>(['manifest.json', ...ROOT_DESCRIPTORS, ...HISTORY_FILES, ...checksumFilesOf(manifest)]);
}

/** A manifest's file path a folder can hold: relative, "/"-separated, no "." or ".." part, no backslash. */
function isSafeRelativePath(file: unknown): file is string {
  return (
    typeof file === 'string' &&
    file !== '' &&
    !file.includes('\\') &&
    !file.includes('\0') &&
    file.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/**
 * Every file a release folder may hold by its (not yet trusted) manifest, relative and "/"-separated: the files it
 * lists and those verifyReleaseFolder accepts beside them; null when the manifest does not list its files by safe
 * relative paths. What the harvest stage fetches of a deployed release.
 */
export function releaseFilesOf(manifest: unknown): string[] | null {
  const files = (manifest as { files?: unknown } | null)?.files;
  if (!Array.isArray(files)) return null;
  const listed = files.map((file) => (file as { path?: unknown } | null)?.path);
  if (!listed.every(isSafeRelativePath)) return null;
  return [...new Set([...listed, ...besideFilesOf(manifest as SnapshotManifest)])];
}

/**
 * Whether a release folder holds exactly what its manifest describes, and returns those files (relative,
 * "/"-separated): every file the manifest lists with its size and SHA-256, manifest.json, and the descriptors and
 * checksum files the release stage writes beside them (datapackage.json, a SHA256SUMS per folder; absent from
 * releases of older publishers), each SHA256SUMS byte for byte what the manifest and the descriptors give. Anything
 * else (a stray file or folder, a symbolic link, a device) is a reason, never published.
 */
export async function verifyReleaseFolder(folder: string, manifest: SnapshotManifest): Promise<Checked<string[]>> {
  const own = await lstat(folder).catch(() => null);
  if (own === null || !own.isDirectory())
    return {
      ok: false,
      reason: `${folder} is not a folder (a symbolic link or a file): a release is a folder of files.`,
    };
  const listed = new Map(manifest.files.map((file) => [file.path, file]));
  const beside = besideFilesOf(manifest);
  const folders = new Set([...listed.keys(), ...beside].flatMap(foldersOf));
  const present: string[] = [];
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(folder, full).split(path.sep).join('/');
    if (entry.isSymbolicLink())
      return { ok: false, reason: `${full} is a symbolic link: a release holds only the files its manifest lists.` };
    if (
      entry.isDirectory() ? !folders.has(relative) : !entry.isFile() || !(listed.has(relative) || beside.has(relative))
    )
      return {
        ok: false,
        reason: `${full} is not listed in its manifest: a release holds only the files its manifest lists.`,
      };
    if (entry.isFile()) present.push(relative);
  }
  for (const file of manifest.files) {
    if (!present.includes(file.path))
      return { ok: false, reason: `${path.join(folder, file.path)} is listed in its manifest but missing.` };
    const actual = await hashFile(path.join(folder, file.path));
    if (actual.bytes !== file.bytes || actual.sha256 !== file.sha256) {
      return {
        ok: false,
        reason: `${path.join(folder, file.path)} does not match its size or SHA-256 in the manifest.`,
      };
    }
  }
  const descriptors = [];
  for (const name of [...ROOT_DESCRIPTORS, ...HISTORY_FILES].filter((descriptor) => present.includes(descriptor)))
    descriptors.push({ name, sha256: (await hashFile(path.join(folder, name))).sha256 });
  for (const [file, content] of renderChecksumFiles(manifest, descriptors)) {
    if (present.includes(file) && (await readFile(path.join(folder, file), 'utf8')) !== content)
      return {
        ok: false,
        reason: `${path.join(folder, file)} does not list the files of its folder with the SHA-256 of the manifest.`,
      };
  }
  return { ok: true, value: present.sort() };
}

/**
 * Whether the release history of `dataDir` holds together: releases.json an array of releases with unique ids in
 * release order, exactly one folder under releases/ per listed release, and each folder's manifest naming that
 * release with its fingerprint (the fingerprint recomputed from the manifest's files). `verifyFiles` also checks
 * that every release folder holds exactly the files of its manifest (verifyReleaseFolder: for an archive about to
 * be restored; a published dist/ has had each release verified as it was added). A folder with no releases.json and no releases/ is an empty history.
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
      const files = await verifyReleaseFolder(folder, manifest.value);
      if (!files.ok) return files;
    }
  }
  return { ok: true, value: releases };
}
