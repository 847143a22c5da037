// SHA256SUMS files that `sha256sum -c` passes where the files land: one in each folder of a data folder, listing
// that folder's files by bare name (the root's also covers the descriptors and the history files), so a check works
// in the published folder, in a release's immutable copy, and in a flat folder a researcher downloads one
// folder's files into. Bundles carry their own (release-bundle.ts).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SnapshotManifest } from '../snapshot/snapshot-manifest.ts';

const CHECKSUMS_FILE = 'SHA256SUMS';

/**
 * The data folder's descriptors the root SHA256SUMS covers besides the manifest's files, in this order (index.html:
 * the release's landing page, release-page.ts).
 */
export const ROOT_DESCRIPTORS = ['datapackage.json', 'manifest.json', 'index.html'] as const;

/**
 * The release stage's change report, change history and list of releases, as they stood when the release was
 * written: the root SHA256SUMS covers them after the descriptors, and the release's own folder keeps them.
 */
export const HISTORY_FILES = ['changes.json', 'history.json', 'releases.json'] as const;

/** GNU coreutils' format: the hex digest, two spaces (text mode), the name; one line each. */
export function renderChecksums(entries: ReadonlyArray<{ name: string; sha256: string }>): string {
  return entries.map((entry) => `${entry.sha256}  ${entry.name}\n`).join('');
}

/** The folders of the manifest's files ('' for the root), each with its files by bare name, in manifest order. */
function checksumFolders(manifest: SnapshotManifest): Map<string, Array<{ name: string; sha256: string }>> {
  const folders = new Map<string, Array<{ name: string; sha256: string }>>([['', []]]);
  for (const file of manifest.files) {
    const folder = path.posix.dirname(file.path) === '.' ? '' : path.posix.dirname(file.path);
    const list = folders.get(folder) ?? [];
    list.push({ name: path.posix.basename(file.path), sha256: file.sha256 });
    folders.set(folder, list);
  }
  return folders;
}

/** Every SHA256SUMS of a data folder, relative to it: `SHA256SUMS`, `2014/SHA256SUMS`, … */
export function checksumFilesOf(manifest: SnapshotManifest): string[] {
  return [...checksumFolders(manifest).keys()].map((folder) => path.posix.join(folder, CHECKSUMS_FILE));
}

/**
 * Every SHA256SUMS of a data folder with its content, by path relative to the folder; `descriptors` are the root's
 * other files with their digests (ROOT_DESCRIPTORS, then HISTORY_FILES).
 */
export function renderChecksumFiles(
  manifest: SnapshotManifest,
  descriptors: ReadonlyArray<{ name: string; sha256: string }>,
): Map<string, string> {
  return new Map(
    [...checksumFolders(manifest)].map(([folder, entries]) => [
      path.posix.join(folder, CHECKSUMS_FILE),
      renderChecksums(folder === '' ? [...entries, ...descriptors] : entries),
    ]),
  );
}

/**
 * Writes a SHA256SUMS into each folder of `dataDir`; `descriptors` are the root's other files with their digests
 * (ROOT_DESCRIPTORS, then HISTORY_FILES), written before.
 */
export async function writeChecksumFiles(
  dataDir: string,
  manifest: SnapshotManifest,
  descriptors: ReadonlyArray<{ name: string; sha256: string }>,
): Promise<void> {
  for (const [file, content] of renderChecksumFiles(manifest, descriptors))
    await writeFile(path.join(dataDir, file), content);
}
