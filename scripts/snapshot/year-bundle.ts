// One ZIP per election year: that year's data files and a README (what the files are, the data
// dictionary, how to cite, the source). Deterministic: fixed entry order, a fixed DOS timestamp, no
// extended (UTC) timestamp, so the same files give the same bytes in any time zone.
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { DatasetDefinition, DerivedDatasetDefinition } from '../datasets/dataset-definition.ts';
import { renderDatasetDictionary, renderDerivedDictionary, renderFormatTypes } from '../datasets/data-dictionary.ts';
import { formatOf } from '../formats.ts';
import type { PublishedFile } from './snapshot-manifest.ts';

export interface YearBundleOptions {
  outDir: string;
  /** The bundle's path relative to outDir. */
  file: string;
  year: number;
  files: readonly PublishedFile[];
  datasets: readonly DatasetDefinition[];
  /** The derived datasets (DERIVED_DATASETS): their files are in the bundle too, with their dictionaries. */
  derived?: readonly DerivedDatasetDefinition[];
}

/** 1980-01-01 00:00 in local time, so the DOS date fields read the same whatever TZ is. */
const FIXED_MTIME = new Date(1980, 0, 1, 0, 0, 0);

/** What a file is, in the README's two languages (English / Bahasa Indonesia), from the formats registry. */
function bundleNoteOf(file: PublishedFile): string {
  const note = formatOf(file.format).bundleNote;
  return note ? `${note.en} / ${note.id}` : file.format;
}

export function renderBundleReadme(
  year: number,
  files: readonly PublishedFile[],
  datasets: readonly DatasetDefinition[],
  derived: readonly DerivedDatasetDefinition[] = [],
): string {
  const used = datasets.filter((dataset) => files.some((file) => file.dataset === dataset.id));
  const usedDerived = derived.filter((dataset) => files.some((file) => file.dataset === dataset.id));
  return [
    `# Election data ${year} / Data pemilu ${year}`,
    '',
    `Data of the ${year} election from the open-data API of the Komisi Pemilihan Umum (KPU), harvested, checked and normalized by the KPU open-data publisher.`,
    '',
    `Data pemilu ${year} dari API data terbuka Komisi Pemilihan Umum (KPU), dipanen, diperiksa dan dinormalisasi oleh penerbit data terbuka KPU.`,
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
    'Records that break a data quality rule are published as the source gave them and flagged in the `quality_flags` column; the quality report beside the downloads lists each broken rule with the values involved.',
    '',
    '## How to cite / Cara mengutip',
    '',
    `Komisi Pemilihan Umum (KPU). Election data ${year} (${used.map((dataset) => dataset.title.en).join('; ')}). KPU open-data API, queries ${used.map((dataset) => dataset.upstreamName).join(' and ')}. The retrieval time and release are in manifest.json beside the downloads.`,
    '',
    '## Source and licence / Sumber dan lisensi',
    '',
    'Source: the KPU open-data API. The upstream publishes no licence for this data; none is granted or implied here. Credit the KPU as the source.',
    '',
    'Sumber: API data terbuka KPU. Sumber tidak mencantumkan lisensi untuk data ini; tidak ada lisensi yang diberikan di sini. Sebutkan KPU sebagai sumber.',
    '',
    '## Data dictionary / Kamus data',
    '',
    renderFormatTypes(),
    '',
    ...used.flatMap((dataset) => [renderDatasetDictionary(dataset, '###'), '']),
    ...usedDerived.flatMap((dataset) => [renderDerivedDictionary(dataset, '###'), '']),
  ].join('\n');
}

export async function writeYearBundle(options: YearBundleOptions): Promise<void> {
  const zip = new yazl.ZipFile();
  const folder = `kpu-election-data-${options.year}`;
  zip.addBuffer(
    Buffer.from(renderBundleReadme(options.year, options.files, options.datasets, options.derived)),
    `${folder}/README.md`,
    {
      mtime: FIXED_MTIME,
      forceDosTimestamp: true,
    },
  );
  for (const file of options.files) {
    // Only text is deflated: Parquet and Arrow are compressed or binary already, deflating them costs time for nothing.
    const compress = formatOf(file.format).text;
    // Streamed from disk: a year's files can be hundreds of megabytes.
    zip.addFile(path.join(options.outDir, file.path), `${folder}/${path.posix.basename(file.path)}`, {
      mtime: FIXED_MTIME,
      forceDosTimestamp: true,
      compress,
    });
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path.join(options.outDir, options.file)));
}
