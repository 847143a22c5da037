// The downloads page: its model (what the view shows, computed from the site data in one language) and its
// texts in each language (LANGS).
import type { Lang } from '../../languages.ts';
import { formatLabels } from '../../formats.ts';
import {
  isUpstreamDataset,
  tableNameOf,
  type DatasetDefinition,
  type DerivedDatasetDefinition,
} from '../../datasets/dataset-definition.ts';
import { DATASETS, DERIVED_DATASETS, type DatasetId } from '../../datasets/datasets.ts';
import type { FileFormat, PublishedFile } from '../../snapshot/snapshot-manifest.ts';
import { formatOf, loadingFormats } from '../../formats.ts';
import type { SiteData } from '../site-data.ts';

/** Files of the manifest grouped for the downloads page: by year (years ascending, then all years), then dataset. */
interface DownloadSection {
  dataset: DatasetId | null;
  title: string;
  /** A table the project ships (not harvested): the official dapils, the region lists. */
  reference: boolean;
  files: PublishedFile[];
}

/** The datasets the project ships from its own tables, which the harvested data's codes refer to. */
const REFERENCE_DATASETS: ReadonlySet<string> = new Set(
  DATASETS.filter((dataset) => !isUpstreamDataset(dataset)).map((dataset) => dataset.id),
);

export interface DownloadGroup {
  year: number | 'all';
  label: string;
  /** The data's own files: the harvested datasets, those derived from them, the bundles. */
  sections: DownloadSection[];
  /**
   * The reference tables the data's codes refer to (the datasets the project ships: the official dapils, the region
   * lists), the same in every year: shown behind a disclosure of their own, so a year's data comes first.
   */
  references: DownloadSection[];
  /** How many files the year has, its reference tables' too. */
  fileCount: number;
  /**
   * The SHA256SUMS of each folder the group's files lie in (`2014/SHA256SUMS`; for all years `all-years/SHA256SUMS`
   * and the top one, beside the citations and reports), each listing its folder's files by bare name, so that
   * `sha256sum -c` passes where they are downloaded together (scripts/release/checksum-files.ts writes one in each).
   */
  checksums: string[];
}

function checksumsOf(files: readonly PublishedFile[]): string[] {
  return [...new Set(files.map((file) => `${file.path.replace(/[^/]*$/, '')}SHA256SUMS`))].sort(
    (a, b) => b.length - a.length || a.localeCompare(b),
  );
}

export function downloadGroups(site: SiteData, lang: Lang): DownloadGroup[] {
  const years: Array<number | 'all'> = [...site.manifest.years, 'all'];
  // Each harvested dataset followed by those derived from it (the long turnout file after the turnout files).
  const datasets: Array<DatasetDefinition | DerivedDatasetDefinition | null> = [
    ...DATASETS.flatMap((dataset) => [dataset, ...DERIVED_DATASETS.filter((derived) => derived.from === dataset.id)]),
    null,
  ];
  return years
    .map((year) => ({
      year,
      label: year === 'all' ? DOWNLOADS_TEXT[lang].allYears : String(year),
      sections: datasets
        .map((dataset) => ({
          dataset: dataset?.id ?? null,
          title: dataset ? dataset.title[lang] : DOWNLOADS_TEXT[lang].bundles,
          reference: dataset !== null && REFERENCE_DATASETS.has(dataset.id),
          files: site.manifest.files.filter((file) => file.year === year && file.dataset === (dataset?.id ?? null)),
        }))
        .filter((section) => section.files.length > 0),
    }))
    .filter((group) => group.sections.length > 0)
    .map(({ sections, ...group }) => {
      const files = sections.flatMap((section) => section.files);
      return {
        ...group,
        sections: sections.filter((section) => !section.reference),
        references: sections.filter((section) => section.reference),
        fileCount: files.length,
        checksums: checksumsOf(files),
      };
    });
}

/** A file most visitors want: its link text (dataset and format, or the bundle), its path and size. */
export interface PopularDownload {
  label: string;
  path: string;
  bytes: number;
}

/** The formats a spreadsheet user opens, in the order the downloads page offers them first. */
const POPULAR_FORMATS = ['xlsx', 'csv'] as const;

/**
 * What most visitors want, first on the downloads page: every harvested dataset's all-years workbook and CSV, then
 * the all-years ZIP of everything. Files the manifest does not list (a format left out at scale) are left out.
 */
export function popularDownloads(site: SiteData, lang: Lang): PopularDownload[] {
  const allYears = site.manifest.files.filter((file) => file.year === 'all');
  const datasetFiles = DATASETS.filter(isUpstreamDataset).flatMap((dataset) =>
    POPULAR_FORMATS.flatMap((format) =>
      allYears
        .filter((file) => file.dataset === dataset.id && file.format === format)
        .map((file) => ({
          label: `${dataset.title[lang]}: ${DOWNLOADS_TEXT[lang].formatNames[format] ?? format}`,
          path: file.path,
          bytes: file.bytes,
        })),
    ),
  );
  const bundles = allYears
    .filter((file) => file.dataset === null && file.format === 'zip')
    .map((file) => ({ label: DOWNLOADS_TEXT[lang].popularBundle, path: file.path, bytes: file.bytes }));
  return [...datasetFiles, ...bundles];
}

/** One dataset's file of a format, and the lines that load it. */
interface LoadingExample {
  /** null for a file of no one dataset (the year bundle). */
  dataset: DatasetDefinition['id'] | null;
  /** The dataset's title, or the bundles' heading, in the page's language. */
  title: string;
  file: string;
  lines: Array<{ tool: string; code: string }>;
}

export interface LoadingSnippet {
  format: FileFormat;
  /** The packages the lines need, in parts (`code`: shown as code); null when none. */
  needs: Array<{ text: string; code: boolean }> | null;
  examples: LoadingExample[];
}

/** The columns of a dataset that hold text: readers that guess types must be told, or "0101" becomes 101. */
function textColumnsOf(dataset: Pick<DatasetDefinition, 'columns'>): string[] {
  return dataset.columns
    .filter((column) => column.type === 'text' || column.type === 'text_list')
    .map((column) => column.name);
}

/**
 * For each format, its lines for each dataset, on that dataset's all-years file of the manifest (the same lines
 * read each year's file), or on the first year bundle. Example (csv, turnout): DuckDB
 * `SELECT * FROM read_csv('kpu-dpr-turnout-by-sex-all-years.csv', types = {'election_type': 'VARCHAR', …});`
 */
export function loadingSnippets(site: SiteData, lang: Lang): LoadingSnippet[] {
  return loadingFormats().flatMap(({ id: format, loading }): LoadingSnippet[] => {
    const examples: LoadingExample[] = [];
    if (formatOf(format).perDataset) {
      // The long file beside the dataset it is computed from, as the downloads list them.
      for (const dataset of DATASETS.flatMap((from) => [
        from,
        ...DERIVED_DATASETS.filter((derived) => derived.from === from.id),
      ])) {
        const example =
          site.manifest.files.find(
            (file) => file.format === format && file.dataset === dataset.id && file.year === 'all',
          ) ?? site.manifest.files.find((file) => file.format === format && file.dataset === dataset.id);
        if (!example) continue;
        const file = example.path.replace(/^.*\//, '');
        const lines = loading.lines({ file, textColumns: textColumnsOf(dataset) });
        examples.push({ dataset: dataset.id, title: dataset.title[lang], file, lines });
      }
    } else {
      const example = site.manifest.files.find((file) => file.format === format);
      if (example) {
        const file = example.path.replace(/^.*\//, '');
        examples.push({
          dataset: null,
          title: loading.heading?.[lang] ?? DOWNLOADS_TEXT[lang].bundles,
          file,
          lines: loading.lines({ file, textColumns: [], table: DATASETS[0] && tableNameOf(DATASETS[0]) }),
        });
      }
    }
    if (examples.length === 0) return [];
    const needs = loading.needs?.[lang].split('`').map((text, index) => ({ text, code: index % 2 === 1 })) ?? null;
    return [{ format, needs: needs?.filter((part) => part.text !== '') ?? null, examples }];
  });
}

/** The columns that hold digits as text, each dataset's page key once, in the registry's order: "dapil_id, ballot_number". */
export function identifierColumns(): string {
  return [...new Set(DATASETS.map((dataset) => dataset.roles.pageKey))].join(', ');
}

export interface DownloadsText {
  title: string;
  intro: string;
  verify: string;
  allYears: string;
  bundles: string;
  file: string;
  format: string;
  size: string;
  records: string;
  companions: string;
  companionNotes: Record<string, string>;
  releasesHeading: string;
  /** `prefix`: the path of the releases folder, e.g. "/data/releases/". */
  releasesIntro: (prefix: string) => string;
  thisRelease: (release: string) => string;
  releasesList: string;
  releasesChanges: string;
  howTo: string;
  /** The sentence before the loading lines; it names the identifier columns (each dataset's page key). */
  howToIntro: (columns: string) => string;
  formatNames: Record<string, string>;
  /** The block of the files most visitors want, first on the page. */
  popular: string;
  popularIntro: string;
  popularBundle: string;
  /** The disclosure under each file table holding its files' SHA-256. */
  checksums: (files: number) => string;
  /** Before the link to a year's SHA256SUMS, under its heading. */
  groupChecksums: string;
  /** The copy button of a loading line (added by the optional script), and what it says once it has copied. */
  copy: string;
  copied: string;
}

const id: DownloadsText = {
  title: 'Unduh data',
  intro:
    'Semua berkas rilis ini, per tahun dan dataset. Rekaman yang melanggar aturan kualitas tetap diterbitkan sebagaimana diberikan sumber, dengan kode aturan di kolom quality_flags.',
  verify: 'Periksa berkas yang diunduh dengan SHA256SUMS:',
  allYears: 'Semua tahun',
  bundles: 'Bundel dan laporan',
  file: 'Berkas',
  format: 'Format',
  size: 'Ukuran',
  records: 'Rekaman',
  companions: 'Berkas pendamping',
  companionNotes: {
    'manifest.json': 'daftar semua berkas dengan ukuran, jumlah rekaman dan SHA-256, asal data dan rilisnya',
    'datapackage.json':
      'deskripsi Frictionless Data Package untuk berkas, skemanya dan kunci antartabel (pengguna hak pilih dan anggota dapil ke daftar dapil resmi, kode wilayah ke daftar provinsi dan kabupaten/kota Kemendagri, berkas panjang ke berkas lebar), dengan rilis sebagai versi. Daftar wilayah Kemendagri (lisensi ODbL 1.0, dari idn-area-data) adalah daftar saat ini yang sama, disertakan pada tiap tahun',
    'index.html': 'halaman rilis ini: kutipannya, perubahannya, dan setiap berkas dengan ukuran dan SHA-256',
    SHA256SUMS:
      'sidik SHA-256 berkas di folder ini, termasuk manifest.json, datapackage.json, index.html, changes.json, history.json dan releases.json, untuk sha256sum -c; setiap folder tahun dan setiap ZIP punya SHA256SUMS sendiri',
    'changes.json': 'rekaman yang berubah dibanding rilis sebelumnya',
    'history.json': 'riwayat perubahan rekaman di semua rilis',
    'releases.json': 'daftar semua rilis',
  },
  releasesHeading: 'Rilis dan alamat tetap',
  releasesIntro: (prefix) =>
    `Alamat di atas selalu memuat rilis terbaru. Berkas setiap rilis juga tetap dapat diunduh, tidak pernah diubah, di foldernya sendiri: ${prefix}<rilis>/, dengan manifest.json dan SHA256SUMS rilis itu. Kutip alamat ini agar angka yang Anda pakai tetap dapat diperiksa.`,
  thisRelease: (release) => `Rilis ini, ${release}:`,
  releasesList: 'Daftar semua rilis (nama, waktu pengambilan, jumlah rekaman): ',
  releasesChanges: 'Apa yang diubah setiap rilis: ',
  howTo: 'Cara membuka setiap format',
  howToIntro: (columns) =>
    `Untuk setiap dataset, baris DuckDB (SQL), pandas (Python) dan R yang membuka berkas semua tahun (baris yang sama membuka berkas tiap tahun); jalankan di folder tempat berkas diunduh. Kolom teks dinyatakan sebagai teks, sehingga kode (${columns}) tetap dengan nol di depannya. Setiap baris dijalankan oleh pengujian proyek persis seperti tertulis.`,
  formatNames: formatLabels('id'),
  popular: 'Mulai dari sini',
  popularIntro:
    'Semua tahun dalam satu berkas: buku kerja XLSX untuk spreadsheet (kode tetap teks, dengan kamus data), CSV untuk alat lain, atau ZIP berisi semuanya.',
  popularBundle: 'Semua berkas semua tahun, dengan README, kamus dan SHA256SUMS (ZIP)',
  checksums: (files) => (files === 1 ? 'SHA-256 berkas ini' : `SHA-256 ${files} berkas ini`),
  groupChecksums:
    'Sidik SHA-256 berkas di bawah ini, satu daftar per folder, untuk sha256sum -c di folder tempat Anda mengunduhnya (tambahkan --ignore-missing bila hanya sebagian):',
  copy: 'Salin',
  copied: 'Tersalin',
};

const en: DownloadsText = {
  title: 'Downloads',
  intro:
    'Every file of this release, by year and dataset. Records that break a quality rule are published as the source gave them, with the rule ids in the quality_flags column.',
  verify: 'Check downloaded files with SHA256SUMS:',
  allYears: 'All years',
  bundles: 'Bundles and reports',
  file: 'File',
  format: 'Format',
  size: 'Size',
  records: 'Records',
  companions: 'Companion files',
  companionNotes: {
    'manifest.json': 'every file with its size, record count and SHA-256, where the data came from, and its release',
    'datapackage.json':
      "a Frictionless Data Package describing the files, their schemas and the keys between them (turnout and the dapil members to the official dapil list, the region codes to Kemendagri's province and regency lists, the long file to the wide one), the release as its version. The Kemendagri region lists (ODbL 1.0, from idn-area-data) are today's list, the same in every year's files",
    'index.html': "this release's page: its citation, its changes, and every file with its size and SHA-256",
    SHA256SUMS:
      "the SHA-256 of this folder's files, manifest.json, datapackage.json, index.html, changes.json, history.json and releases.json included, for sha256sum -c; each year's folder and each ZIP has its own SHA256SUMS",
    'changes.json': 'the records that changed since the previous release',
    'history.json': 'the change history of records across releases',
    'releases.json': 'every release',
  },
  releasesHeading: 'Releases and permanent paths',
  releasesIntro: (prefix) =>
    `The paths above always hold the newest release. Every release's files also stay downloadable, never altered, in a folder of their own: ${prefix}<release>/, with that release's manifest.json and SHA256SUMS. Cite these paths so the figures you use can still be checked.`,
  thisRelease: (release) => `This release, ${release}:`,
  releasesList: 'The list of every release (name, retrieval time, record counts): ',
  releasesChanges: 'What each release changed: ',
  howTo: 'How to load each format',
  howToIntro: (columns) =>
    `For each dataset, DuckDB (SQL), pandas (Python) and R lines that load its all-years file (the same lines load each year's file); run them in the folder you downloaded it to. The text columns are declared as text, so the codes (${columns}) keep their leading zeros. The project's tests run every line exactly as shown.`,
  formatNames: formatLabels('en'),
  popular: 'Start here',
  popularIntro:
    'Every year in one file: the XLSX workbook for spreadsheets (codes stay text, with the data dictionary), the CSV for other tools, or the ZIP of everything.',
  popularBundle: 'Every file of every year, with a README, the dictionary and SHA256SUMS (ZIP)',
  checksums: (files) => (files === 1 ? 'SHA-256 of this file' : `SHA-256 of these ${files} files`),
  groupChecksums:
    'The SHA-256 of the files below, one list per folder, for sha256sum -c in the folder you download them into (add --ignore-missing when only some of them):',
  copy: 'Copy',
  copied: 'Copied',
};

export const DOWNLOADS_TEXT: Record<Lang, DownloadsText> = { id, en };
