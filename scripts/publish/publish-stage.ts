// The publish stage: the new site and data are assembled in a fresh folder beside dist/, verified
// against the manifest, and only then made live by renaming a new symlink over dist/: one atomic step,
// so readers (and a SIGKILL at any moment) see the old dist/ or the new one, never a mix. The verification covers
// the release history as a whole, and that dist/ is still the one the release stage compared with.
import {
  constants,
  copyFile,
  link,
  lstat,
  mkdir,
  readdir,
  readlink,
  rename,
  rm,
  stat,
  symlink,
} from 'node:fs/promises';
import path from 'node:path';
import { BuildError } from '../errors.ts';
import { FILES_AT_ONCE, forEachAtOnce } from '../foundation/at-once.ts';
import { removeEntriesOfGoneProcesses } from '../foundation/owned-folders.ts';
import { killPoint } from '../kill-point.ts';
import { hashFile } from '../foundation/hashing.ts';
import { readJsonFile } from '../foundation/json-file.ts';
import type { SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { checkReleaseHistory } from '../release/release-history.ts';
import { checksumFilesOf, HISTORY_FILES, ROOT_DESCRIPTORS } from '../release/checksum-files.ts';

export interface PublishOptions {
  distDir: string;
  buildId: string;
  /** The snapshot stage's data folder, published as dist/data/. */
  dataDir: string;
  /** The site stage's output, published at the root of dist/. */
  siteDir: string;
  /** HTML pages the site stage reported writing: the new dist/ must hold exactly these (the pipeline always says). */
  expectedPages?: number;
  /** The data folder the earlier releases are linked from: dist/data/ (the default), or the one restored from the archive. */
  previousDataDir?: string;
  /**
   * What dist/ was when the release stage read the published release (liveBuildOf): the swap happens only if it
   * still is, so a build never goes live over a release it did not compare with. Undefined: not checked.
   */
  expectedLive?: string | null;
}

export interface PublishResult {
  /** The folder dist/ now points at. */
  target: string;
  files: number;
  pages: number;
  /** What went wrong after the build went live (it stays live): old build folders left behind. */
  warnings: string[];
}

async function countPages(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  // Pages of the site only: the data folder holds no HTML, and is not counted.
  return entries.filter(
    (entry) =>
      entry.isFile() && entry.name.endsWith('.html') && !path.relative(dir, entry.parentPath).startsWith('data'),
  ).length;
}

export function buildsDirOf(distDir: string): string {
  return `${distDir}.builds`;
}

/** The size and SHA-256 of the files one publish has read, by file system and inode (`dev:ino`). */
export type HashedFiles = Map<string, { sha256: string; bytes: number }>;

/**
 * Every manifest file present with its checksum: what makes a build publishable. A file whose inode is in `hashed`
 * (a hard link to a file this publish has read: the release's own folder links the data folder's files) is those
 * bytes, not read again: a million records' release is 4.5 GB.
 */
export async function verifyPublishedData(dataDir: string, hashed: HashedFiles = new Map()): Promise<SnapshotManifest> {
  let manifest: SnapshotManifest;
  try {
    manifest = await readJsonFile<SnapshotManifest>(path.join(dataDir, 'manifest.json'));
  } catch (error) {
    throw new BuildError(
      'PUBLISH_VERIFY_FAILED',
      `No readable manifest.json in ${dataDir}: ${(error as Error).message}`,
    );
  }
  for (const file of manifest.files) {
    let actual: { sha256: string; bytes: number };
    try {
      const full = path.join(dataDir, file.path);
      const { dev, ino } = await stat(full, { bigint: true });
      const inode = `${dev}:${ino}`;
      actual = hashed.get(inode) ?? (await hashFile(full));
      hashed.set(inode, actual);
    } catch {
      throw new BuildError('PUBLISH_VERIFY_FAILED', `${file.path} is listed in the manifest but missing.`);
    }
    if (actual.bytes !== file.bytes || actual.sha256 !== file.sha256) {
      throw new BuildError('PUBLISH_VERIFY_FAILED', `${file.path} does not match its size or SHA-256 in the manifest.`);
    }
  }
  return manifest;
}

/** What dist/ is now, to compare two moments: the folder its link points at, the path of a plain folder, or null. */
export async function liveBuildOf(distDir: string): Promise<string | null> {
  const stats = await lstat(distDir).catch(() => null);
  if (stats === null) return null;
  return stats.isSymbolicLink() ? currentTarget(distDir) : `${distDir} (a plain folder, ${stats.ino})`;
}

async function currentTarget(distDir: string): Promise<string | null> {
  try {
    const stats = await lstat(distDir);
    if (stats.isSymbolicLink()) return path.resolve(path.dirname(distDir), await readlink(distDir));
    return null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * A hard link where the file system allows (the cache on the same file system as dist/), else a copy of its own (a
 * copy-on-write clone where the file system offers one). Never over an existing file: in a fresh folder that would be
 * two sources claiming one path.
 *
 * A link, not a copy, for every file: no stage ever writes into a file it wrote before, so no later build can change
 * a published file's bytes. Each stage empties its folder and writes each file anew (written beside and renamed into
 * place, or into a folder made for this build), and a folder it is done with is removed, which leaves the published
 * links whole. The other way round, a published page changed in place changes the site stage's kept folder too, and
 * the stage rebuilds it: it keeps a site only when every file hashes as it did when built (site-fingerprint.ts). On
 * ext4 a link costs no new inode: at 100,000 records this stage takes 1.6–1.7 s, copies of the 1.2 GB of data and the
 * site's 3,080 files 2.5–4.6 s (docs/performance.md, "Publish").
 */
const linkOrCopy = (source: string, target: string): Promise<void> =>
  link(source, target).catch(() => copyFile(source, target, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL));

/** Recreates the tree `from` at `to`: every folder, then every file, several at a time. */
async function placeTree(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const odd = entries.find((entry) => !entry.isFile() && !entry.isDirectory());
  if (odd)
    throw new Error(`${path.join(odd.parentPath, odd.name)} is neither a file nor a folder: it cannot be published`);
  const relative = (entry: (typeof entries)[number]): string =>
    path.relative(from, path.join(entry.parentPath, entry.name));
  await mkdir(to, { recursive: true });
  // Sorted, a folder comes before the folders inside it.
  for (const folder of entries
    .filter((entry) => entry.isDirectory())
    .map(relative)
    .sort())
    await mkdir(path.join(to, folder), { recursive: true });
  const files = entries.filter((entry) => entry.isFile()).map(relative);
  await forEachAtOnce(files, FILES_AT_ONCE, async (file) => {
    await linkOrCopy(path.join(from, file), path.join(to, file));
    killPoint('publish:placing');
  });
}

/**
 * Removes the `<dist>.<pid>.link` files left by builds killed between making their link and renaming it; returns
 * those that could not be removed (harmless: each build makes a link of its own name).
 */
function removeDeadLinks(distDir: string): Promise<string[]> {
  const start = `${path.basename(distDir)}.`;
  return removeEntriesOfGoneProcesses(path.dirname(distDir), (name) => {
    const pid = name.startsWith(start) ? Number(/^(\d+)\.link$/.exec(name.slice(start.length))?.[1]) : NaN;
    return Number.isSafeInteger(pid) ? pid : null;
  });
}

export async function runPublishStage(options: PublishOptions): Promise<PublishResult> {
  const buildsDir = buildsDirOf(options.distDir);
  const target = path.join(buildsDir, options.buildId);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  await placeTree(options.siteDir, target);
  const pages = await countPages(target);
  if (pages === 0 || (options.expectedPages !== undefined && pages !== options.expectedPages)) {
    throw new BuildError(
      'PUBLISH_VERIFY_FAILED',
      `The site stage wrote ${options.expectedPages ?? 'some'} pages, the new build holds ${pages}.`,
    );
  }
  const data = path.join(target, 'data');
  await placeTree(options.dataDir, data);
  const hashed: HashedFiles = new Map();
  const manifest = await verifyPublishedData(data, hashed);

  // Every earlier release stays downloadable at its immutable path; this one joins them.
  const publishedReleases = path.join(options.previousDataDir ?? path.join(options.distDir, 'data'), 'releases');
  if (await lstat(publishedReleases).catch(() => null)) await placeTree(publishedReleases, path.join(data, 'releases'));
  if (manifest.release) {
    const own = path.join(data, manifest.release.path);
    if (!(await lstat(own).catch(() => null))) {
      for (const file of [
        ...manifest.files.map((entry) => entry.path),
        ...ROOT_DESCRIPTORS,
        ...HISTORY_FILES,
        ...checksumFilesOf(manifest),
      ]) {
        await mkdir(path.dirname(path.join(own, file)), { recursive: true });
        await linkOrCopy(path.join(data, file), path.join(own, file));
      }
    }
    await verifyPublishedData(own, hashed);
  }
  // The history as a whole: releases.json and the folders agree, each folder is the release it says, ids are
  // unique and in order, and this build's release is the newest.
  const history = await checkReleaseHistory(data, { verifyFiles: false });
  if (!history.ok) throw new BuildError('PUBLISH_VERIFY_FAILED', history.reason);
  if (manifest.release && history.value.at(-1)?.id !== manifest.release.id) {
    throw new BuildError(
      'PUBLISH_VERIFY_FAILED',
      `Release ${manifest.release.id} is not the last one releases.json lists (${history.value.at(-1)?.id ?? 'none'}).`,
    );
  }
  if (options.expectedLive !== undefined) {
    const live = await liveBuildOf(options.distDir);
    if (live !== options.expectedLive) {
      throw new BuildError(
        'PUBLISH_VERIFY_FAILED',
        `${options.distDir} changed while this build ran (it was ${options.expectedLive ?? 'absent'}, it is ${live ?? 'absent'}): its release was compared with a release no longer live.`,
      );
    }
  }

  killPoint('publish:verified');
  let previous = await currentTarget(options.distDir);
  const existing = await lstat(options.distDir).catch(() => null);
  if (existing && !existing.isSymbolicLink()) {
    // A plain dist/ folder (from before this layout, or made by hand) is moved aside once, and kept as the
    // previous build (the cleanup below keeps it as it keeps the build an old link pointed at).
    previous = path.join(buildsDir, `previous-${options.buildId}`);
    await rename(options.distDir, previous);
  }
  const warnings = (await removeDeadLinks(options.distDir)).map(
    (failure) => `a link left by a killed build could not be removed: ${failure}`,
  );
  // The one step that makes the build live: rename(2) of a new symlink over the old one is atomic.
  const newLink = `${options.distDir}.${process.pid}.link`;
  await rm(newLink, { force: true });
  await symlink(path.relative(path.dirname(options.distDir), target), newLink);
  killPoint('publish:link-made');
  await rename(newLink, options.distDir);
  killPoint('publish:swapped');

  // Keep the live build and the one before it (readers may still hold it open); drop the rest. The build is
  // live by now: a folder that cannot be removed is a warning (the next build tries again), not a failure.
  const keep = new Set([path.basename(target), previous ? path.basename(previous) : '']);
  for (const name of await readdir(buildsDir).catch(() => [] as string[])) {
    if (keep.has(name)) continue;
    await rm(path.join(buildsDir, name), { recursive: true, force: true }).catch((error: Error) =>
      warnings.push(`an older build folder could not be removed (the next build tries again): ${error.message}`),
    );
    killPoint('publish:cleaning');
  }
  return { target, files: manifest.files.length, pages, warnings };
}
