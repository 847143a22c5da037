// The data files of an unchanged release, kept rather than written again. When the snapshot stage's content key names
// the published release (release-identity.ts: equal keys, equal data files; its name and retrieval time kept), the
// published data files are the bytes the writers would make: they are linked into the snapshot's folder, and each is
// described as the writers' files are (manifest-builder.ts, its SHA-256 read from the file) and must match the
// published manifest's entry exactly. A file missing or differing, and the stage writes every file itself.
import { copyFile, link, mkdir } from 'node:fs/promises';
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

/** What the writers would have returned, and the kept files as the manifest lists them. */
export interface KeptDataFiles {
  recordsWritten: RecordsWritten;
  derivedFormats: DerivedFormats;
  files: PublishedFile[];
}

/**
 * Links the published data folder's dataset files into `outDir` (an empty folder), and describes them; null when the
 * published manifest is missing or any kept file does not match its entry (`outDir` then holds some of them).
 */
export async function keepPublishedDataFiles(publishedDataDir: string, outDir: string): Promise<KeptDataFiles | null> {
  const manifest = await readJsonIfPresent<SnapshotManifest>(path.join(publishedDataDir, 'manifest.json'));
  if (manifest === null) return null;
  const derivedIds = new Set<string>(DERIVED_DATASETS.map((derived) => derived.id));
  const datasetIds = new Set<string>([...DATASETS.map((dataset) => dataset.id), ...derivedIds]);
  const published = manifest.files.filter((file) => file.dataset !== null && datasetIds.has(file.dataset));
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
  for (const file of published) {
    const to = path.join(outDir, file.path);
    // Only a path inside the data folder (a release restored from elsewhere lists what its manifest says).
    if (path.isAbsolute(file.path) || path.relative(outDir, to).startsWith('..')) return null;
    await mkdir(path.dirname(to), { recursive: true });
    const from = path.join(publishedDataDir, file.path);
    // A link where the folders share a filesystem; a copy where they do not. A file missing there: not kept.
    const placed = await link(from, to).then(
      () => true,
      (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? false : copyFile(from, to).then(() => true)),
    );
    if (!placed) return null;
    killPoint('snapshot:file-written');
  }
  const files = await describeDatasetFiles(outDir, yearsWritten(recordsWritten), recordsWritten, derivedFormats);
  const entries = new Map(published.map((file) => [file.path, JSON.stringify(file)]));
  const same = files.length === entries.size && files.every((file) => entries.get(file.path) === JSON.stringify(file));
  return same ? { recordsWritten, derivedFormats, files } : null;
}
