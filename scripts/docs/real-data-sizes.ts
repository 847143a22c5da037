// The sizes of what one build publishes, read from its data folder (dist/data/): the tables of docs/data.md, "Sizes
// for the real data", between `<!-- measured:real-data-sizes -->` markers. They come from a build of the real files,
// not from the code, so `npm run docs` leaves them as they are and `npm run docs -- --real-data <dist>/data` writes
// them from that build; test/release/researcher-files.test.ts compares them with its own build of the real data.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { groupedCount } from '../foundation/digit-groups.ts';
import { datasetFormats, formatOf, type FileFormat } from '../formats.ts';
import type { PublishedFile, SnapshotManifest } from '../snapshot/snapshot-manifest.ts';

/**
 * Formats whose files are deflated ZIP containers (the workbooks and the bundles): the retrieval time and the release
 * id inside them deflate a little differently from build to build, so their size moves by a few bytes.
 */
const DEFLATED_FORMATS: ReadonlySet<FileFormat> = new Set(['xlsx', 'zip']);

/** Files of the data folder that describe the others, so the manifest does not list them. */
const DESCRIBING_FILES = [
  'SHA256SUMS',
  'manifest.json',
  'datapackage.json',
  'changes.json',
  'history.json',
  'releases.json',
];

/** A cell of a sizes table: its text, and for a file's size in bytes whether the size moves between builds. */
interface SizeCell {
  text: string;
  bytes?: number;
  deflated?: boolean;
}

/** A table of the sizes section: its header (each column's name, and whether it holds figures) and its rows. */
export interface SizeTable {
  header: Array<{ text: string; figures: boolean }>;
  rows: SizeCell[][];
}

const names = (...texts: string[]) => texts.map((text) => ({ text, figures: false }));
const figures = (...texts: string[]) => texts.map((text) => ({ text, figures: true }));

const grouped = (value: number): string => groupedCount(value, ',');
const label = (text: string): SizeCell => ({ text });
const size = (bytes: number, format: FileFormat): SizeCell => ({
  text: grouped(bytes),
  bytes,
  deflated: DEFLATED_FORMATS.has(format),
});
const yearText = (year: PublishedFile['year']): string => (year === 'all' ? 'all years' : String(year));

/** The sizes of the data folder `dataDir` of one build, as the tables of the section. */
export function realDataSizeTables(dataDir: string): SizeTable[] {
  const manifest = JSON.parse(readFileSync(path.join(dataDir, 'manifest.json'), 'utf8')) as SnapshotManifest;
  const formats = datasetFormats();
  // Each dataset's files, a row a year: the datasets in the manifest's order, each one's years, then all years.
  const rows = new Map<string, { dataset: string; year: PublishedFile['year']; files: Map<FileFormat, PublishedFile> }>();
  for (const file of manifest.files) {
    if (file.dataset === null) continue;
    const key = `${file.dataset} ${file.year}`;
    const row = rows.get(key) ?? { dataset: file.dataset, year: file.year, files: new Map() };
    row.files.set(file.format, file);
    rows.set(key, row);
  }
  const datasetOrder = [...new Set([...rows.values()].map((row) => row.dataset))];
  const yearOrder = (year: PublishedFile['year']) => (year === 'all' ? Number.POSITIVE_INFINITY : year);
  const sorted = [...rows.values()].sort(
    (a, b) => datasetOrder.indexOf(a.dataset) - datasetOrder.indexOf(b.dataset) || yearOrder(a.year) - yearOrder(b.year),
  );
  const datasetRows = sorted.map(({ dataset, year, files }) => {
    const records = [...files.values()][0]?.records ?? null;
    return [
      label(dataset),
      label(yearText(year)),
      label(records === null ? '–' : grouped(records)),
      ...formats.map((format) => {
        const file = files.get(format.id);
        return file ? size(file.bytes, format.id) : label('–');
      }),
    ];
  });
  const others = manifest.files.filter((file) => file.dataset === null);
  const total = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  const describing = [
    ...manifest.years.map((year) => `${year}/SHA256SUMS`),
    'all-years/SHA256SUMS',
    ...DESCRIBING_FILES,
  ];
  return [
    {
      header: [...names('dataset', 'year'), ...figures('records', ...formats.map((format) => format.label.en))],
      rows: datasetRows,
    },
    {
      header: [...names('other file in the manifest', 'format'), ...figures('bytes')],
      rows: [
        ...others.map((file) => [label(`\`${file.path}\``), label(formatOf(file.format).label.en), size(file.bytes, file.format)]),
        // The total moves with the deflated files it adds up.
        [
          label(`**all ${grouped(manifest.files.length)} files of the manifest**`),
          label(''),
          { text: `**${grouped(total)}**`, bytes: total, deflated: true },
        ],
      ],
    },
    {
      header: [...names('file that describes the others (not in the manifest)'), ...figures('bytes')],
      rows: describing.map((name) => [label(`\`${name}\``), label(grouped(statSync(path.join(dataDir, name)).size))]),
    },
  ];
}

/** The tables as Markdown, one after another. */
export function renderSizeTables(tables: readonly SizeTable[]): string {
  return tables
    .map(({ header, rows }) =>
      [
        `| ${header.map((column) => column.text).join(' | ')} |`,
        `|${header.map((column) => (column.figures ? '---:' : '---')).join('|')}|`,
        ...rows.map((row) => `| ${row.map((cell) => cell.text).join(' | ')} |`),
      ].join('\n'),
    )
    .join('\n\n');
}

const MEASURED = /<!-- measured:real-data-sizes -->\n([\s\S]*?)<!-- \/measured:real-data-sizes -->/;

/** The section's tables as a document holds them (its Markdown between the markers), or null without the markers. */
export function documentedSizes(document: string): string | null {
  const tables = MEASURED.exec(document)?.[1];
  return tables === undefined ? null : tables.trimEnd();
}

/** The document with the section's tables written from the data folder `dataDir`. */
export function withRealDataSizes(document: string, dataDir: string): string {
  if (documentedSizes(document) === null) throw new Error('the document has no real-data-sizes section');
  return document.replace(
    MEASURED,
    () => `<!-- measured:real-data-sizes -->\n${renderSizeTables(realDataSizeTables(dataDir))}\n<!-- /measured:real-data-sizes -->`,
  );
}
