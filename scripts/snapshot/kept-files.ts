// The files of an unchanged release, kept rather than written again. When the snapshot stage's content key names the
// published release (release-identity.ts: equal keys, equal files; its name and retrieval time kept), the published
// release's files are the bytes the stages would make: its data files (the snapshot stage) and the files that name it
// (the bundles, databases and citation files: release/release-files.ts) are linked from the published data folder,
// each described as a written one is (its SHA-256 read from the file), and kept only when every one matches the
// published manifest's entry exactly. A file missing or differing, and the stage writes every file itself.
import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { DATASETS, DERIVED_DATASETS } from '../datasets/datasets.ts';
import { readJsonIfPresent } from '../foundation/json-file.ts';
import { killPoint } from '../kill-point.ts';
import {
  describeDatasetFiles,
  yearsWritten,
  type DerivedFormats,
  type RecordsWritten,
  type YearKey,
} from './manifest-builder.ts';
import type { FileFormat, PublishedFile, SnapshotManifest } from './snapshot-manifest.ts';

/** The published manifest's entries that `select` picks, or null without a published manifest. */
export async function publishedEntries(
  publishedDataDir: string,
  select: (file: PublishedFile) => boolean,
): Promise<PublishedFile[] | null> {
  const manifest = await readJsonIfPresent<SnapshotManifest>(path.join(publishedDataDir, 'manifest.json'));
  return manifest === null ? null : manifest.files.filter(select);
}

/**
 * Links each file from the published data folder into `outDir` at its path (a copy where the folders are on two
 * filesystems), calling `onPlaced` after each; false when one is missing there or its path leaves the folder, the files
 * placed before it removed.
 */
export async function placePublishedFiles(
  publishedDataDir: string,
  outDir: string,
  files: readonly PublishedFile[],
  onPlaced: () => void = () => {},
): Promise<boolean> {
  for (const [index, file] of files.entries()) {
    const to = path.join(outDir, file.path);
    const from = path.join(publishedDataDir, file.path);
    // Only a path inside the data folder (a release restored from elsewhere lists what its manifest says).
    const inside = !path.isAbsolute(file.path) && !path.relative(outDir, to).startsWith('..');
    if (inside) await mkdir(path.dirname(to), { recursive: true });
    const placed =
      inside &&
      (await link(from, to).then(
        () => true,
        (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : copyFile(from, to).then(() => true)),
      ));
    if (!placed) {
      await removePlacedFiles(outDir, files.slice(0, index));
      return false;
    }
    onPlaced();
  }
  return true;
}

/**
 * Removes placed files (links: the published ones stay as they are), so that a stage writing its own files never
 * opens a published file for writing.
 */
export async function removePlacedFiles(outDir: string, files: readonly PublishedFile[]): Promise<void> {
  for (const file of files) await rm(path.join(outDir, file.path), { force: true });
}

/** Whether the files as described are exactly the published entries, path by path. */
export function sameAsPublished(described: readonly PublishedFile[], published: readonly PublishedFile[]): boolean {
  const entries = new Map(published.map((file) => [file.path, JSON.stringify(file)]));
  return (
    described.length === entries.size && described.every((file) => entries.get(file.path) === JSON.stringify(file))
  );
}

/** What the snapshot's writers would have returned, and the kept data files as the manifest lists them. */
export interface KeptDataFiles {
  recordsWritten: RecordsWritten;
  derivedFormats: DerivedFormats;
  files: PublishedFile[];
}

/**
 * The snapshot stage's part: links the published data folder's dataset files into `outDir` (an empty folder), and
 * describes them; null when the published manifest is missing or any kept file does not match its entry (`outDir`
 * then holds some of them).
 */
export async function keepPublishedDataFiles(publishedDataDir: string, outDir: string): Promise<KeptDataFiles | null> {
  const derivedIds = new Set<string>(DERIVED_DATASETS.map((derived) => derived.id));
  const datasetIds = new Set<string>([...DATASETS.map((dataset) => dataset.id), ...derivedIds]);
  const published = await publishedEntries(
    publishedDataDir,
    (file) => file.dataset !== null && datasetIds.has(file.dataset),
  );
  if (published === null) return null;
  const recordsWritten: RecordsWritten = new Map();
  const derivedFormats: DerivedFormats = new Map();
  for (const file of published) {
    const dataset = file.dataset as NonNullable<PublishedFile['dataset']>;
    if (file.records === null) return null;
    const years = recordsWritten.get(dataset) ?? new Map<YearKey, number>();
    recordsWritten.set(dataset, years.set(file.year, file.records));
    if (!derivedIds.has(dataset)) continue;
    const formats = derivedFormats.get(dataset) ?? new Map<YearKey, readonly FileFormat[]>();
    derivedFormats.set(dataset, formats.set(file.year, [...(formats.get(file.year) ?? []), file.format]));
  }
  // Each file placed is a kill point, as each file written is.
  if (!(await placePublishedFiles(publishedDataDir, outDir, published, () => killPoint('snapshot:file-written'))))
    return null;
  const files = await describeDatasetFiles(outDir, yearsWritten(recordsWritten), recordsWritten, derivedFormats);
  return sameAsPublished(files, published) ? { recordsWritten, derivedFormats, files } : null;
}
