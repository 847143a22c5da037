// The downloads page: its texts in each language (LANGS).
import type { Lang } from '../../languages.ts';
import { formatLabels } from '../../formats.ts';

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
    'datapackage.json': 'deskripsi Frictionless Data Package untuk berkas dan skemanya, dengan rilis sebagai versi',
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
  popular: 'Yang paling banyak diunduh',
  popularIntro:
    'Semua tahun dalam satu berkas: buku kerja XLSX untuk spreadsheet (kode tetap teks, dengan kamus data), CSV untuk alat lain, atau ZIP berisi semuanya.',
  popularBundle: 'Semua berkas semua tahun, dengan README, kamus dan SHA256SUMS (ZIP)',
  checksums: (files) => `SHA-256 ${files} berkas ini`,
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
      'a Frictionless Data Package describing the files and their schemas, the release as its version',
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
  popular: 'What most people download',
  popularIntro:
    'Every year in one file: the XLSX workbook for spreadsheets (codes stay text, with the data dictionary), the CSV for other tools, or the ZIP of everything.',
  popularBundle: 'Every file of every year, with a README, the dictionary and SHA256SUMS (ZIP)',
  checksums: (files) => `SHA-256 of these ${files} files`,
  groupChecksums:
    'The SHA-256 of the files below, one list per folder, for sha256sum -c in the folder you download them into (add --ignore-missing when only some of them):',
  copy: 'Copy',
  copied: 'Copied',
};

export const DOWNLOADS_TEXT: Record<Lang, DownloadsText> = { id, en };
