// One self-describing ZIP per election year and one of all years: the data files and, written for the ZIP's own
// flat layout, a README (what the files are, the data dictionary, how to cite, the source), its own manifest and
// datapackage.json, the quality report, the citation files and a SHA256SUMS that `sha256sum -c` passes right after
// unzipping. Deterministic: fixed entry order, every entry dated with the release's retrieval time (a DOS time of
// its UTC clock fields, the same bytes whatever TZ the build runs in, and Info-ZIP's extended timestamp, which unzip
// shows in the reader's zone). Text is deflated in pieces on every core, and the all-years bundle copies the year
// bundles' pieces (bundle-pieces.ts).
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import path from 'node:path';
import { isUpstreamDataset, type PublishedDataset } from '../datasets/dataset-definition.ts';
import { renderDatasetDictionary, renderDerivedDictionary, renderFormatTypes } from '../datasets/data-dictionary.ts';
import { formatOf } from '../formats.ts';
import { sha256Hex } from '../foundation/hashing.ts';
import { isoDateTimeWib } from '../foundation/instant-text.ts';
import { ZipWriter } from '../foundation/zip-writer.ts';
import type { PublishedFile, SnapshotManifest } from '../snapshot/snapshot-manifest.ts';
import { addedContentCreditOf } from '../snapshot/file-metadata.ts';
import type { BundlePieces } from './bundle-pieces.ts';
import { renderChecksums } from './checksum-files.ts';
import { buildDataPackage } from './data-package.ts';
import type { BrokenReferences } from './reference-check.ts';

/** "2014" or "all-years": the bundle's folder and file names use it. */
function bundleLabel(year: number | 'all'): string {
  return year === 'all' ? 'all-years' : String(year);
}

/** The bundle's path in the data folder: `2014/kpu-election-data-2014.zip`, `all-years/kpu-election-data-all-years.zip`. */
export function bundlePathOf(year: number | 'all'): string {
  return `${bundleLabel(year)}/kpu-election-data-${bundleLabel(year)}${formatOf('zip').suffix}`;
}

/** What a file is, in the README's two languages (English / Bahasa Indonesia), from the formats registry. */
function bundleNoteOf(file: PublishedFile): string {
  const note = formatOf(file.format).bundleNote;
  return note ? `${note.en} / ${note.id}` : file.format;
}

export interface BundleRelease {
  id: string;
  retrievedAt: string;
  /** The release folder's permanent URL, or null. */
  url: string | null;
  /** The citation line (citation-files.ts). */
  citation: string;
}

/** The credit of each licensed addition the datasets hold, once each: "Licence ODbL-1.0 (https://…): Kemendagri …". */
function addedCredits(datasets: readonly PublishedDataset[]): string[] {
  const credits = datasets.flatMap((dataset) => {
    const licence = dataset.addedContentLicence;
    const credit = addedContentCreditOf(dataset);
    return licence && credit ? [`Licence ${licence.name} (${licence.path}): ${credit}`] : [];
  });
  return [...new Set(credits)];
}

export function renderBundleReadme(
  year: number | 'all',
  files: readonly PublishedFile[],
  datasets: readonly PublishedDataset[],
  release?: BundleRelease,
): string {
  const used = datasets.filter((dataset) => files.some((file) => file.dataset === dataset.id));
  const what =
    year === 'all'
      ? { en: 'all election years', id: 'semua tahun pemilu' }
      : { en: `the ${year} election`, id: `pemilu ${year}` };
  const title =
    year === 'all'
      ? 'Election data, all years / Data pemilu, semua tahun'
      : `Election data ${year} / Data pemilu ${year}`;
  return [
    `# ${title}`,
    '',
    `Data of ${what.en} from the open-data API of the Komisi Pemilihan Umum (KPU), harvested, checked and normalized by the KPU open-data publisher.${release ? ` Release ${release.id}, retrieved ${isoDateTimeWib(release.retrievedAt)}.` : ''}`,
    '',
    `Data ${what.id} dari API data terbuka Komisi Pemilihan Umum (KPU), dipanen, diperiksa dan dinormalisasi oleh penerbit data terbuka KPU.${release ? ` Rilis ${release.id}, diambil ${isoDateTimeWib(release.retrievedAt)}.` : ''}`,
    '',
    '## Files / Berkas',
    '',
    '| file | records | SHA-256 | what |',
    '|---|---|---|---|',
    ...files.map(
      (file) =>
        `| ${path.posix.basename(file.path)} | ${file.records ?? ''} | ${file.sha256} | ${bundleNoteOf(file)} |`,
    ),
    '',
    'Beside them: `manifest.json` (every file with its size, records and SHA-256, the release and the source), `datapackage.json` (a Frictionless Data Package with the schemas), `SHA256SUMS` (check with `sha256sum -c SHA256SUMS` in this folder), the quality report (`quality-report.json`, `quality-report.md`) and the citation files (`CITATION.bib`, `CITATION.ris`, `CITATION.csl.json`, `CITATION.cff` and `.zenodo.json`, for Zenodo).',
    '',
    'Records that break a data quality rule are published as the source gave them and flagged in the `quality_flags` column; the quality report in this folder lists each broken rule with the values involved.',
    '',
    '## How to cite / Cara mengutip',
    '',
    release
      ? release.citation
      : `Komisi Pemilihan Umum (KPU). Election data (${used.map((dataset) => dataset.title.en).join('; ')}). KPU open-data API, queries ${used.flatMap((dataset) => ('upstreamName' in dataset && isUpstreamDataset(dataset) ? [dataset.upstreamName] : [])).join(' and ')}.`,
    '',
    '## Source and licence / Sumber dan lisensi',
    '',
    // A dataset the project ships (the official dapils) names its own source: the laws its tables are taken from.
    ...used.flatMap((dataset) =>
      'origin' in dataset && dataset.origin?.kind === 'project'
        ? [
            `${dataset.title.en}: ${dataset.origin.source.en}`,
            '',
            `${dataset.title.id}: ${dataset.origin.source.id}`,
            '',
          ]
        : [],
    ),
    'Source: the KPU open-data API. The upstream publishes no licence for this data; none is granted or implied here. Credit the KPU as the source.',
    '',
    'Sumber: API data terbuka KPU. Sumber tidak mencantumkan lisensi untuk data ini; tidak ada lisensi yang diberikan di sini. Sebutkan KPU sebagai sumber.',
    '',
    // What the project adds under a licence of its own (the region codes' ODbL), with the credit it asks for.
    ...addedCredits(used).flatMap((credit) => [credit, '']),
    '## Data dictionary / Kamus data',
    '',
    renderFormatTypes(),
    '',
    ...used.flatMap((dataset) => [
      'upstreamName' in dataset ? renderDatasetDictionary(dataset, '###') : renderDerivedDictionary(dataset, '###'),
      '',
    ]),
  ].join('\n');
}

export interface BundleOptions {
  /** The release's data folder: the data files are read from it and the ZIP written into it. */
  outDir: string;
  year: number | 'all';
  /** The completed manifest: the release, the source, the quality summary. */
  manifest: SnapshotManifest;
  /** The data files of the bundle (the year's, or the all-years files). */
  files: readonly PublishedFile[];
  /** Files of the data folder's root copied in as they are (the quality report, the citation files). */
  shared: readonly PublishedFile[];
  datasets: readonly PublishedDataset[];
  homepage: string | null;
  release: BundleRelease;
  /** The references some record breaks: the bundle's datapackage.json declares no foreign key for them. */
  brokenReferences: BrokenReferences;
}

/** zlib's default level: the downloads' size against the build's time (docs/data.md, "How the bundles are written"). */
export const BUNDLE_LEVEL = 6;

/** The bundle's own manifest: the release, the source and every file of the bundle by its name in the ZIP. */
function bundleManifestOf(options: BundleOptions, files: readonly PublishedFile[]) {
  const { manifest } = options;
  return {
    schemaVersion: 2,
    title: manifest.title,
    demo: manifest.demo,
    source: manifest.source,
    release: {
      id: options.release.id,
      retrievedAt: options.release.retrievedAt,
      url: options.release.url,
      fingerprint: manifest.release?.fingerprint,
    },
    year: options.year,
    datasets: manifest.datasets
      .filter((dataset) => files.some((file) => file.dataset === dataset.id))
      .map(({ id, title }) => ({ id, title })),
    quality: manifest.quality,
    files: files.map((file) => ({ ...file, path: path.posix.basename(file.path) })),
  };
}

/** Writes the bundle of one year (or of all years) to bundlePathOf(year) in outDir. */
export async function writeBundle(options: BundleOptions, pieces: BundlePieces): Promise<void> {
  const folder = `kpu-election-data-${bundleLabel(options.year)}`;
  const listed = [...options.shared, ...options.files];
  const texts: Array<[string, string]> = [
    ['README.md', renderBundleReadme(options.year, options.files, options.datasets, options.release)],
    ['manifest.json', `${JSON.stringify(bundleManifestOf(options, listed), null, 2)}\n`],
    [
      'datapackage.json',
      `${JSON.stringify(
        buildDataPackage({
          manifest: options.manifest,
          datasets: options.datasets,
          files: options.files,
          pathOf: (file) => path.posix.basename(file.path),
          homepage: options.homepage,
          brokenReferences: options.brokenReferences,
        }),
        null,
        2,
      )}\n`,
    ],
  ];
  const sums = renderChecksums([
    ...texts.map(([name, content]) => ({ name, sha256: sha256Hex(content) })),
    ...listed.map((file) => ({ name: path.posix.basename(file.path), sha256: file.sha256 })),
  ]);
  const target = path.join(options.outDir, bundlePathOf(options.year));
  const sink = createWriteStream(target);
  const zip = new ZipWriter(sink, { level: BUNDLE_LEVEL, modified: new Date(options.release.retrievedAt) });
  try {
    for (const [name, content] of [...texts, ['SHA256SUMS', sums] as [string, string]])
      await zip.addBuffer(`${folder}/${name}`, Buffer.from(content));
    for (const file of listed) {
      const name = `${folder}/${path.posix.basename(file.path)}`;
      const source = path.join(options.outDir, file.path);
      // Only text is deflated: Parquet and Arrow are compressed or binary already, deflating them costs time for nothing.
      if (!formatOf(file.format).text) {
        await zip.addStoredFile(name, source);
        continue;
      }
      const entry = await pieces.entryOf(source, target);
      await zip.addDeflated(name, entry, entry.pieces, entry.onPiece);
    }
    await zip.finish();
    sink.end();
    await finished(sink);
  } catch (error) {
    sink.destroy();
    throw error;
  }
}
