// The words every page shares (the layout's navigation, notices and footer, the labels of counts and quality
// notes, how numbers and dates are written), in each language (LANGS). Each page kind's own words are in its module
// (pages/<kind>-page.ts); site-text.ts gathers them all.
import { dapilPagesDataset } from '../../datasets/datasets.ts';
import type { Lang } from '../../languages.ts';
import { SLUG_TEXT, type SlugKind } from './slug-text.ts';

/** Each voter list's legal name and who is on it, from the dapil pages' declaration (its count groups). */
function voterListNames(lang: Lang): Record<'dpt' | 'dptb' | 'dpk', string> {
  const groups = dapilPagesDataset().roles.countGroups ?? [];
  const names = Object.fromEntries(groups.map((group) => [group.code, group.meaning?.[lang] ?? '']));
  return names as Record<'dpt' | 'dptb' | 'dpk', string>;
}

/** What the counts are, from the dapil pages' declaration. */
function countsNote(lang: Lang): string {
  return dapilPagesDataset().pages.countsNote?.[lang] ?? '';
}

export interface CommonText {
  /** The URL's words for the pages whose path is a word (site-routes.ts). */
  slugs: Record<SlugKind, string>;
  /** How numbers are written: the thousands separator and the decimal sign. */
  numbers: { group: string; decimal: string };
  months: readonly string[];
  siteName: string;
  skip: string;
  /** The words before the page's address, printed under its citation (page-address.ts). */
  pageAddress: string;
  nav: {
    home: string;
    downloads: string;
    changes: string;
    dictionary: string;
    quality: string;
    about: string;
    search: string;
    label: string;
  };
  /** The language's own name for itself, on the link to its pages from every other language. */
  nativeName: string;
  breadcrumb: string;
  demo: string;
  /** What the footer and the source lines name as the upstream on demo data, which has no host of its own. */
  demoUpstream: string;
  /** The notice of an --offline build: how old the data is (whole days; null when unknown) and when it was retrieved. */
  offline: (ageDays: number | null, date: string) => string;
  retrieved: (host: string, time: string) => string;
  citeAs: string;
  licence: string;
  /** Before every page title on demo data. */
  demoPrefix: string;
  /** The word before the last item of a list ("a, b and c"). */
  and: string;
  sex: { male: string; female: string; total: string };
  groups: { dpt: string; dptb: string; dpk: string; total: string };
  groupNames: { dpt: string; dptb: string; dpk: string; total: string };
  /** Under every count table: the counts are voters who voted, with no denominator (the dapil pages' declaration). */
  countsNote: string;
  unavailable: string;
  flagged: string;
  flaggedRecords: (count: number) => string;
  qualityNotes: string;
  qualityNotesIntro: string;
  /** Flagged records of the page's data that the page does not list (a dapil page lists its first regencies only). */
  qualityNotesNotListed: (count: number, formatted: string) => string;
  valuesGiven: string;
  ruleLabel: string;
  pageFiles: { heading: string; intro: string; yearFile: (year: number) => string };
  history: {
    heading: string;
    intro: string;
    caption: (subject: string) => string;
    none: (first: string) => string;
    noReleases: string;
    shown: (shown: number, total: number) => string;
    all: string;
  };
  /** `meant`: before the page the missed address means in this language's words ("/en/2024/partai/1/" → ".../party/1/"). */
  notFound: { title: string; body: string; meant: string };
}

const id: CommonText = {
  slugs: SLUG_TEXT.id,
  pageAddress: 'Alamat halaman ini:',
  numbers: { group: '.', decimal: ',' },
  months: [
    'Januari',
    'Februari',
    'Maret',
    'April',
    'Mei',
    'Juni',
    'Juli',
    'Agustus',
    'September',
    'Oktober',
    'November',
    'Desember',
  ],
  siteName: 'Data Terbuka Pemilu KPU',
  skip: 'Langsung ke isi',
  nav: {
    home: 'Beranda',
    downloads: 'Unduh',
    changes: 'Perubahan',
    dictionary: 'Kamus data',
    quality: 'Kualitas data',
    about: 'Tentang',
    search: 'Cari',
    label: 'Menu utama',
  },
  nativeName: 'Bahasa Indonesia',
  breadcrumb: 'Lokasi halaman',
  demo: 'DATA CONTOH, BUKAN ANGKA SEBENARNYA: situs ini dibangun dari data sintetis server pengganti, bukan dari KPU.',
  demoUpstream: 'server pengganti (demo)',
  offline: (ageDays, date) =>
    `DIBANGUN ULANG TANPA MENGHUBUNGI SUMBER: situs ini dibangun ulang tanpa menghubungi server data KPU, dari pengambilan terakhir yang tersimpan. ${
      ageDays === null ? 'Datanya' : `Datanya berumur ${ageDays === 0 ? 'kurang dari satu hari' : `${ageDays} hari`}:`
    } diambil pada ${date}.`,
  retrieved: (host, time) => `Data diambil dari ${host} pada ${time}.`,
  citeAs: 'Kutip sebagai:',
  licence:
    'Sumber tidak mencantumkan lisensi untuk data ini; tidak ada lisensi yang diberikan atau tersirat di sini. Sebutkan KPU sebagai sumber.',
  demoPrefix: '[DATA CONTOH] ',
  and: 'dan',
  sex: { male: 'Laki-laki', female: 'Perempuan', total: 'Jumlah' },
  groups: { dpt: 'DPT', dptb: 'DPTb', dpk: 'DPK', total: 'Semua daftar' },
  groupNames: { ...voterListNames('id'), total: 'DPT, DPTb dan DPK bersama' },
  countsNote: countsNote('id'),
  unavailable: 'tidak tersedia',
  flagged: 'catatan kualitas',
  flaggedRecords: (count) => `${count} rekaman dengan catatan kualitas`,
  qualityNotes: 'Catatan kualitas',
  qualityNotesIntro: 'Rekaman ini melanggar aturan kualitas data. Angkanya diterbitkan sebagaimana diberikan sumber.',
  qualityNotesNotListed: (_count, formatted) =>
    `${formatted} rekaman lain yang ditandai tidak tercantum di halaman ini: semuanya ada di berkas halaman ini (kolom quality_flags) dan di laporan kualitas.`,
  valuesGiven: 'Nilai dari sumber',
  ruleLabel: 'Aturan',
  pageFiles: {
    heading: 'Unduh rekaman halaman ini',
    intro: 'Rekaman halaman ini, dalam format dan dengan nilai yang sama dengan berkas unduhan utama.',
    yearFile: (year) => `Semua berkas tahun ${year}`,
  },
  history: {
    heading: 'Riwayat perubahan',
    intro: 'Perubahan rekaman halaman ini di rilis yang diterbitkan, terbaru dahulu.',
    caption: (subject) => `Riwayat perubahan ${subject}`,
    none: (first) => `Tidak ada perubahan pada rekaman halaman ini yang diterbitkan sejak rilis pertama (${first}).`,
    noReleases: 'Data ini dibangun tanpa tahap rilis, jadi belum ada riwayat perubahan.',
    shown: (shown, total) => `${shown} perubahan terbaru dari ${total} ditampilkan; semuanya ada di history.json.`,
    all: 'Semua perubahan data',
  },
  notFound: {
    title: 'Halaman tidak ditemukan',
    body: 'Alamat ini tidak ada di situs. Mulai dari beranda:',
    meant: 'Mungkin maksud Anda:',
  },
};

const en: CommonText = {
  slugs: SLUG_TEXT.en,
  pageAddress: 'Address of this page:',
  numbers: { group: ',', decimal: '.' },
  months: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  siteName: 'KPU Election Open Data',
  skip: 'Skip to content',
  nav: {
    home: 'Home',
    downloads: 'Downloads',
    changes: 'Changes',
    dictionary: 'Data dictionary',
    quality: 'Data quality',
    about: 'About',
    search: 'Search',
    label: 'Main menu',
  },
  nativeName: 'English',
  breadcrumb: 'You are here',
  demo: "DEMO DATA, NOT REAL FIGURES: this site was built from the stand-in upstream's synthetic data, not from the KPU.",
  demoUpstream: 'stand-in upstream (demo)',
  offline: (ageDays, date) =>
    `REBUILT OFFLINE: this site was rebuilt without contacting the upstream (the KPU's data server), from the last retrieval kept. ${
      ageDays === null
        ? 'The data was'
        : `The data is ${ageDays === 0 ? 'less than a day' : ageDays === 1 ? '1 day' : `${ageDays} days`} old:`
    } retrieved on ${date}.`,
  retrieved: (host, time) => `Data retrieved from ${host} on ${time}.`,
  citeAs: 'Cite as:',
  licence:
    'The source publishes no licence for this data; none is granted or implied here. Credit the KPU as the source.',
  demoPrefix: '[DEMO DATA] ',
  and: 'and',
  sex: { male: 'Male', female: 'Female', total: 'Both' },
  groups: { dpt: 'DPT', dptb: 'DPTb', dpk: 'DPK', total: 'All lists' },
  groupNames: { ...voterListNames('en'), total: 'DPT, DPTb and DPK together' },
  countsNote: countsNote('en'),
  unavailable: 'not available',
  flagged: 'quality note',
  flaggedRecords: (count) => `${count} record${count === 1 ? '' : 's'} with quality notes`,
  qualityNotes: 'Quality notes',
  qualityNotesIntro: 'These records break a data quality rule. Their figures are published as the source gave them.',
  qualityNotesNotListed: (count, formatted) =>
    count === 1
      ? `${formatted} more flagged record is not listed on this page: it is in this page's files (the quality_flags column) and in the quality report.`
      : `${formatted} more flagged records are not listed on this page: all of them are in this page's files (the quality_flags column) and in the quality report.`,
  valuesGiven: 'Values from the source',
  ruleLabel: 'Rule',
  pageFiles: {
    heading: "Download this page's records",
    intro: "This page's records, in the same formats and with the same values as the main downloads.",
    yearFile: (year) => `All files of ${year}`,
  },
  history: {
    heading: 'Change history',
    intro: "Changes to this page's records in the published releases, newest first.",
    caption: (subject) => `Change history of ${subject}`,
    none: (first) => `No change to this page's records has been published since the first release (${first}).`,
    noReleases: 'This data was built without the release stage, so there is no change history yet.',
    shown: (shown, total) => `The newest ${shown} of ${total} changes are shown; all are in history.json.`,
    all: 'Every change to the data',
  },
  notFound: {
    title: 'Page not found',
    body: 'This address does not exist on the site. Start from the home page:',
    meant: 'Perhaps you meant:',
  },
};

export const COMMON_TEXT: Record<Lang, CommonText> = { id, en };
