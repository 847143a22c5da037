// The files of a release's data folder that name the release, written by the release stage once it is named
// (docs/architecture.md, "Release-dependent files"): the citation files, a self-describing ZIP per year and one of
// all years, the DuckDB and SQLite databases of every table (release-databases.ts), datapackage.json, the completed manifest.json and a SHA256SUMS in every folder. They depend only on
// the release (its id, the retrieval time of its data, its fingerprint), the data files, the settings and the code the
// content key covers, so an unchanged release keeps its published bundles, databases and citation files when they are
// intact (snapshot/kept-files.ts) and writes the same bytes when they are not.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PublishedDataset } from '../datasets/dataset-definition.ts';
import { formatOf, type FileFormat } from '../formats.ts';
import { hashFile, sha256Hex } from '../foundation/hashing.ts';
import type { PublishedFile, SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { citationOf, renderCitationFiles, renderCitationText } from './citation-files.ts';
import { HISTORY_FILES, ROOT_DESCRIPTORS, writeChecksumFiles } from './checksum-files.ts';
import { renderReleasePage, type ReleasePageChanges } from './release-page.ts';
import { buildDataPackage } from './data-package.ts';
import { writeReleaseDatabases } from './release-databases.ts';
import { findBrokenReferences, type BrokenReferences } from './reference-check.ts';
import { BundlePieces } from './bundle-pieces.ts';
import { BUNDLE_LEVEL, bundlePathOf, writeBundle, type BundleRelease } from './release-bundle.ts';
import { placePublishedFiles, publishedEntries, removePlacedFiles, sameAsPublished } from '../snapshot/kept-files.ts';

/** The formats of renderCitationFiles' files, in its order. */
const CITATION_FORMATS: readonly FileFormat[] = [
  'citation-bibtex',
  'citation-ris',
  'citation-csl',
  'citation-cff',
  'citation-zenodo',
];

async function describe(
  outDir: string,
  relative: string,
  year: number | 'all',
  format: FileFormat,
): Promise<PublishedFile> {
  const { sha256, bytes } = await hashFile(path.join(outDir, relative));
  return {
    path: relative,
    dataset: null,
    year,
    format,
    mediaType: formatOf(format).mediaType,
    bytes,
    records: null,
    sha256,
  };
}

async function writeCitationFiles(outDir: string, manifest: SnapshotManifest): Promise<PublishedFile[]> {
  const files = renderCitationFiles(citationOf(manifest));
  const described: PublishedFile[] = [];
  for (const [index, file] of files.entries()) {
    await writeFile(path.join(outDir, file.name), file.content);
    described.push(await describe(outDir, file.name, 'all', CITATION_FORMATS[index] as FileFormat));
  }
  return described;
}

/**
 * One bundle per year, then one of all years, one after the other (each deflates its text on every core, in
 * pieces). The all-years bundle copies the year bundles' pieces of the year files the all-years JSON, CSV and raw
 * JSON are joined from (bundle-pieces.ts): a million records, 2.9 GB of text deflated before, 1.45 GB now. Returns
 * them by year.
 */
async function writeBundles(
  outDir: string,
  manifest: SnapshotManifest,
  shared: readonly PublishedFile[],
  datasets: readonly PublishedDataset[],
  homepage: string | null,
  brokenReferences: BrokenReferences,
): Promise<Map<number | 'all', PublishedFile>> {
  const release = manifest.release as NonNullable<SnapshotManifest['release']>;
  const bundleRelease: BundleRelease = {
    id: release.id,
    retrievedAt: release.retrievedAt ?? manifest.harvest.finishedAt,
    url: release.url ?? null,
    citation: renderCitationText(citationOf(manifest)),
  };
  const filesOf = (year: number | 'all') =>
    manifest.files.filter((file) => file.year === year && file.dataset !== null);
  const pieces = new BundlePieces(BUNDLE_LEVEL);
  for (const file of filesOf('all')) {
    const yearFiles = manifest.files.filter(
      (other) => other.year !== 'all' && other.dataset === file.dataset && other.format === file.format,
    );
    await pieces.plan(
      file.format,
      path.join(outDir, file.path),
      yearFiles.map((other) => path.join(outDir, other.path)),
    );
  }
  const written = new Map<number | 'all', PublishedFile>();
  for (const year of [...manifest.years, 'all' as const]) {
    const files = filesOf(year);
    if (files.length === 0) continue;
    await writeBundle(
      { outDir, year, manifest, files, shared, datasets, homepage, release: bundleRelease, brokenReferences },
      pieces,
    );
    written.set(year, await describe(outDir, bundlePathOf(year), year, 'zip'));
  }
  return written;
}

/**
 * The manifest's files with each bundle after the last file of its year (the databases after the all-years one),
 * and the citation files last.
 */
function placeInOrder(
  files: readonly PublishedFile[],
  bundles: ReadonlyMap<number | 'all', PublishedFile>,
  databases: readonly PublishedFile[],
  citations: readonly PublishedFile[],
): PublishedFile[] {
  const ordered: PublishedFile[] = [];
  files.forEach((file, index) => {
    ordered.push(file);
    const next = files[index + 1];
    const bundle = bundles.get(file.year);
    if (file.dataset !== null && bundle && (next === undefined || next.year !== file.year)) {
      ordered.push(bundle);
      if (file.year === 'all') ordered.push(...databases);
    }
  });
  return [...ordered, ...citations];
}

/** The files that name a release and that an unchanged release keeps: its bundles, databases and citation files. */
const KEPT_FORMATS: ReadonlySet<FileFormat> = new Set<FileFormat>(['zip', 'duckdb', 'sqlite', ...CITATION_FORMATS]);

/** An unchanged release's bundles, databases and citation files, kept from its published folder, as written ones. */
interface KeptNamingFiles {
  citations: PublishedFile[];
  bundles: Map<number | 'all', PublishedFile>;
  databases: PublishedFile[];
}

/**
 * Links the published release's bundles, databases and citation files into `outDir` and describes them; null, with
 * none left in `outDir`, when one is missing or differs from the published manifest's entry (snapshot/kept-files.ts).
 */
async function keepNamingFiles(publishedDataDir: string, outDir: string): Promise<KeptNamingFiles | null> {
  const published = await publishedEntries(
    publishedDataDir,
    (file) => file.dataset === null && KEPT_FORMATS.has(file.format),
  );
  if (published === null || !(await placePublishedFiles(publishedDataDir, outDir, published))) return null;
  const described: PublishedFile[] = [];
  for (const file of published) described.push(await describe(outDir, file.path, file.year, file.format));
  if (!sameAsPublished(described, published)) {
    await removePlacedFiles(outDir, published);
    return null;
  }
  return {
    citations: described.filter((file) => CITATION_FORMATS.includes(file.format)),
    bundles: new Map(described.filter((file) => file.format === 'zip').map((file) => [file.year, file])),
    databases: described.filter((file) => file.format === 'duckdb' || file.format === 'sqlite'),
  };
}

export interface ReleaseFilesOptions {
  outDir: string;
  /** The snapshot's manifest completed with its release (id, retrieval time, URL) and build. */
  manifest: SnapshotManifest;
  datasets: readonly PublishedDataset[];
  /** KPU_SITE_URL, or null. */
  siteUrl: string | null;
  /** The release's change report, for its landing page. */
  changes: ReleasePageChanges;
  /**
   * The published data folder of this same release (unchanged), whose bundles, databases and citation files are
   * kept when intact; null: every file is written.
   */
  keepFrom: string | null;
}

/** Writes every release-dependent file into outDir; returns the manifest as written, its files completed. */
export async function writeReleaseFiles(options: ReleaseFilesOptions): Promise<SnapshotManifest> {
  const { outDir, manifest, datasets, siteUrl, changes } = options;
  const kept = options.keepFrom === null ? null : await keepNamingFiles(options.keepFrom, outDir);
  const citations = kept?.citations ?? (await writeCitationFiles(outDir, manifest));
  const shared = [...manifest.files.filter((file) => file.dataset === null), ...citations];
  const brokenReferences = await findBrokenReferences(outDir, manifest, datasets);
  const bundles = kept?.bundles ?? (await writeBundles(outDir, manifest, shared, datasets, siteUrl, brokenReferences));
  const databases = kept?.databases ?? (await writeReleaseDatabases(outDir, manifest, datasets, brokenReferences));
  const completed: SnapshotManifest = {
    ...manifest,
    files: placeInOrder(manifest.files, bundles, databases, citations),
  };
  const dataPackage = `${JSON.stringify(
    buildDataPackage({
      manifest: completed,
      datasets,
      files: completed.files,
      pathOf: (file) => file.path,
      homepage: siteUrl,
      brokenReferences,
    }),
    null,
    2,
  )}\n`;
  const manifestText = `${JSON.stringify(completed, null, 2)}\n`;
  const descriptors: Record<(typeof ROOT_DESCRIPTORS)[number], string> = {
    'datapackage.json': dataPackage,
    'manifest.json': manifestText,
    'index.html': renderReleasePage(completed, changes),
  };
  for (const name of ROOT_DESCRIPTORS) await writeFile(path.join(outDir, name), descriptors[name]);
  // The history files were written by the release stage before the release's own files.
  const history = await Promise.all(
    HISTORY_FILES.map(async (name) => ({ name, sha256: (await hashFile(path.join(outDir, name))).sha256 })),
  );
  await writeChecksumFiles(outDir, completed, [
    ...ROOT_DESCRIPTORS.map((name) => ({ name, sha256: sha256Hex(descriptors[name]) })),
    ...history,
  ]);
  return completed;
}
