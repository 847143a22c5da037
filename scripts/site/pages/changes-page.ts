// The changes page: its texts in each language (LANGS).
import type { Lang } from '../../languages.ts';

export interface ChangesText {
  title: string;
  intro: string;
  current: (release: string, time: string) => string;
  unchanged: (release: string) => string;
  noRelease: (harvestId: string) => string;
  files: string;
  fileNotes: Record<'releases.json' | 'history.json' | 'changes.json', string>;
  releases: string;
  releasesCaption: string;
  release: string;
  retrieved: string;
  download: string;
  currentMark: string;
  releaseHeading: (release: string) => string;
  retrievedOn: (date: string) => string;
  first: string;
  nothing: (previous: string) => string;
  since: (previous: string) => string;
  counts: (counts: { added: number; removed: number; changed: number }) => string;
  tableCaption: (dataset: string, release: string) => string;
  shown: (shown: number, total: number) => string;
  summarized: (count: number) => string;
  olderReleases: (count: number) => string;
  kindHeader: string;
  kinds: Record<'added' | 'removed' | 'changed', string>;
  record: string;
  field: string;
  old: string;
  new: string;
  empty: string;
  wholeRecord: string;
}

const id: ChangesText = {
  title: 'Perubahan data',
  intro:
    'Setiap kali data di sumber berubah, pembangunan berikutnya menerbitkan rilis baru, dinamai menurut tanggal pengambilan datanya dalam UTC: pengambilan antara pukul 00.00 dan 07.00 WIB bertanggal sehari sebelumnya. Berkas setiap rilis tetap dapat diunduh tanpa diubah di foldernya sendiri. Halaman ini mencatat apa yang diubah setiap rilis, rekaman demi rekaman: rekaman yang ditambahkan, dihapus, dan nilai lama serta baru setiap kolom yang diubah.',
  current: (release, time) => `Data di situs ini adalah rilis ${release}, diambil ${time}.`,
  unchanged: (release) =>
    `Pembangunan terakhir tidak menemukan perubahan: datanya masih data rilis ${release}, dan berkasnya sama persis.`,
  noRelease: (harvestId) =>
    `Data ini dibangun tanpa tahap rilis (pengambilan ${harvestId}): belum ada rilis yang dapat dibandingkan.`,
  files: 'Daftar lengkap, untuk dibaca mesin',
  fileNotes: {
    'releases.json': 'semua rilis',
    'history.json': 'semua perubahan semua rilis',
    'changes.json': 'perubahan rilis terbaru',
  },
  releases: 'Rilis',
  releasesCaption: 'Semua rilis, terbaru dahulu',
  release: 'Rilis',
  retrieved: 'Data diambil',
  download: 'Berkas rilis (tidak berubah)',
  currentMark: '(rilis saat ini)',
  releaseHeading: (release) => `Rilis ${release}`,
  retrievedOn: (date) => `Data diambil ${date}.`,
  first: 'Rilis pertama: tidak ada yang dibandingkan.',
  nothing: (previous) => `Tidak ada rekaman yang berubah dibanding rilis ${previous}.`,
  since: (previous) => `Dibanding rilis ${previous}:`,
  counts: ({ added, removed, changed }) => `${added} ditambahkan, ${removed} dihapus, ${changed} diubah`,
  tableCaption: (dataset, release) => `${dataset}: perubahan rilis ${release}`,
  shown: (shown, total) =>
    `${shown} rekaman pertama dari ${total} yang berubah ditampilkan; semuanya ada di history.json.`,
  summarized: (count) =>
    `Perubahan ${count} rekaman hanya dihitung di sini agar halaman tetap ringan; semuanya ada di history.json.`,
  olderReleases: (count) =>
    `${count} rilis yang lebih lama tidak ditampilkan di sini; semuanya ada di releases.json dan history.json.`,
  kindHeader: 'Perubahan',
  kinds: { added: 'ditambahkan', removed: 'dihapus', changed: 'diubah' },
  record: 'Rekaman',
  field: 'Kolom',
  old: 'Nilai lama',
  new: 'Nilai baru',
  empty: '(kosong)',
  wholeRecord: 'seluruh rekaman',
};

const en: ChangesText = {
  title: 'Changes to the data',
  intro:
    "Whenever the source's data changes, the next build publishes a new release, named after the day (in UTC) its data was retrieved: a retrieval between midnight and 07:00 WIB bears the day before. Every release's files stay downloadable, unaltered, in a folder of their own. This page records what each release changed, record by record: records added, records removed, and the old and new value of every changed field.",
  current: (release, time) => `The data on this site is release ${release}, retrieved on ${time}.`,
  unchanged: (release) =>
    `The last build found no change: the data is still that of release ${release}, and its files are byte-identical.`,
  noRelease: (harvestId) =>
    `This data was built without the release stage (retrieval ${harvestId}): there is no release to compare with yet.`,
  files: 'The complete lists, for machines',
  fileNotes: {
    'releases.json': 'every release',
    'history.json': 'every change of every release',
    'changes.json': "the newest release's changes",
  },
  releases: 'Releases',
  releasesCaption: 'Every release, newest first',
  release: 'Release',
  retrieved: 'Data retrieved',
  download: 'Release files (never altered)',
  currentMark: '(current release)',
  releaseHeading: (release) => `Release ${release}`,
  retrievedOn: (date) => `Data retrieved on ${date}.`,
  first: 'First release: nothing to compare with.',
  nothing: (previous) => `No record changed since release ${previous}.`,
  since: (previous) => `Since release ${previous}:`,
  counts: ({ added, removed, changed }) => `${added} added, ${removed} removed, ${changed} changed`,
  tableCaption: (dataset, release) => `${dataset}: changes of release ${release}`,
  shown: (shown, total) => `The first ${shown} of ${total} changed records are shown; all are in history.json.`,
  summarized: (count) =>
    `The changes of ${count} record${count === 1 ? '' : 's'} are only counted here, to keep the page light; all are in history.json.`,
  olderReleases: (count) =>
    `${count} older release${count === 1 ? ' is' : 's are'} not shown here; all are in releases.json and history.json.`,
  kindHeader: 'Change',
  kinds: { added: 'added', removed: 'removed', changed: 'changed' },
  record: 'Record',
  field: 'Field',
  old: 'Old value',
  new: 'New value',
  empty: '(empty)',
  wholeRecord: 'whole record',
};

export const CHANGES_TEXT: Record<Lang, ChangesText> = { id, en };
