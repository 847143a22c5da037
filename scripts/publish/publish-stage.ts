// The publish stage: the new site and data are assembled in a fresh folder beside dist/, verified
// against the manifest, and only then made live by renaming a new symlink over dist/: one atomic step,
// so readers (and a SIGKILL at any moment) see the old dist/ or the new one, never a mix.
import { copyFile, cp, link, lstat, mkdir, readdir, readFile, readlink, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { BuildError } from '../errors.ts';
import { hashFile } from '../snapshot/snapshot-file.ts';
import type { SnapshotManifest } from '../snapshot/snapshot-manifest.ts';

export interface PublishOptions {
  distDir: string;
  buildId: string;
  /** The snapshot stage's data folder, published as dist/data/. */
  dataDir: string;
  /** The site stage's output, published at the root of dist/. */
  siteDir: string;
  /** HTML pages the site stage reported writing: the new dist/ must hold exactly these (the pipeline always says). */
  expectedPages?: number;
}

export interface PublishResult {
  /** The folder dist/ now points at. */
  target: string;
  files: number;
  pages: number;
}

async function countPages(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  // Pages of the site only: the data folder holds no HTML, and is not counted.
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.html') && !path.relative(dir, entry.parentPath).startsWith('data')).length;
}

export function buildsDirOf(distDir: string): string {
  return `${distDir}.builds`;
}

/** Every manifest file present with its checksum: what makes a build publishable. */
export async function verifyPublishedData(dataDir: string): Promise<SnapshotManifest> {
  let manifest: SnapshotManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dataDir, 'manifest.json'), 'utf8')) as SnapshotManifest;
  } catch (error) {
    throw new BuildError('PUBLISH_VERIFY_FAILED', `No readable manifest.json in ${dataDir}: ${(error as Error).message}`);
  }
  for (const file of manifest.files) {
    let actual: { sha256: string; bytes: number };
    try {
      actual = await hashFile(path.join(dataDir, file.path));
    } catch {
      throw new BuildError('PUBLISH_VERIFY_FAILED', `${file.path} is listed in the manifest but missing.`);
    }
    if (actual.bytes !== file.bytes || actual.sha256 !== file.sha256) {
      throw new BuildError('PUBLISH_VERIFY_FAILED', `${file.path} does not match its size or SHA-256 in the manifest.`);
    }
  }
  return manifest;
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

/** Copies a tree by hard links where the file system allows (releases are immutable), else by copying. */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else await link(source, target).catch(() => copyFile(source, target));
  }
}

export async function runPublishStage(options: PublishOptions): Promise<PublishResult> {
  const buildsDir = buildsDirOf(options.distDir);
  const target = path.join(buildsDir, options.buildId);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  await cp(options.siteDir, target, { recursive: true });
  const pages = await countPages(target);
  if (pages === 0 || (options.expectedPages !== undefined && pages !== options.expectedPages)) {
    throw new BuildError('PUBLISH_VERIFY_FAILED', `The site stage wrote ${options.expectedPages ?? 'some'} pages, the new build holds ${pages}.`);
  }
  const data = path.join(target, 'data');
  await cp(options.dataDir, data, { recursive: true });
  const manifest = await verifyPublishedData(data);

  // Every earlier release stays downloadable at its immutable path; this one joins them.
  const publishedReleases = path.join(options.distDir, 'data', 'releases');
  if (await lstat(publishedReleases).catch(() => null)) await linkTree(publishedReleases, path.join(data, 'releases'));
  if (manifest.release) {
    const own = path.join(data, manifest.release.path);
    if (!(await lstat(own).catch(() => null))) {
      for (const file of [...manifest.files.map((entry) => entry.path), 'manifest.json', 'SHA256SUMS', 'datapackage.json']) {
        await mkdir(path.dirname(path.join(own, file)), { recursive: true });
        await link(path.join(data, file), path.join(own, file)).catch(() => copyFile(path.join(data, file), path.join(own, file)));
      }
    }
    await verifyPublishedData(own);
  }

  const previous = await currentTarget(options.distDir);
  const existing = await lstat(options.distDir).catch(() => null);
  if (existing && !existing.isSymbolicLink()) {
    // A plain dist/ folder (from before this layout, or made by hand) is moved aside once, kept as a build.
    await rename(options.distDir, path.join(buildsDir, `previous-${options.buildId}`));
  }
  // The one step that makes the build live: rename(2) of a new symlink over the old one is atomic.
  const newLink = `${options.distDir}.${process.pid}.link`;
  await rm(newLink, { force: true });
  await symlink(path.relative(path.dirname(options.distDir), target), newLink);
  await rename(newLink, options.distDir);

  // Keep the live build and the one before it (readers may still hold it open); drop the rest.
  const keep = new Set([path.basename(target), previous ? path.basename(previous) : '']);
  for (const name of await readdir(buildsDir)) {
    if (!keep.has(name)) await rm(path.join(buildsDir, name), { recursive: true, force: true });
  }
  return { target, files: manifest.files.length, pages };
}
