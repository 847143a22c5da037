// A dapil's page: its texts in each language (LANGS).
import type { Lang } from '../../languages.ts';

export interface DapilText {
  title: (name: string, id: string, year: number) => string;
  summary: (parts: { province: string; regencies: string; voters: string }) => string;
  regency: string;
  /** Says what the code beside a regency's name is (its title attribute). */
  regencyCode: string;
  tableCaption: (name: string, year: number) => string;
  totalRow: string;
  missingInTotal: (count: number) => string;
  sexChart: string;
  listChart: string;
  listLegend: string;
  sortHint: string;
  /** A dapil page listing its first regencies only (DAPIL_REGENCIES_LISTED): how many, and where the rest are. */
  listedFirst: (listed: string, total: string) => string;
}

const id: DapilText = {
  title: (name, dapilId, year) => `${name} (dapil ${dapilId}), pemilu ${year}`,
  summary: ({ province, regencies, voters }) =>
    `Provinsi ${province}. ${regencies} kabupaten/kota. ${voters} pengguna hak pilih.`,
  regency: 'Kabupaten/kota',
  regencyCode: 'Kode kabupaten/kota Kemendagri (regency_code)',
  tableCaption: (name, year) =>
    `Pengguna hak pilih DPR ${year} di ${name} per kabupaten/kota, menurut daftar pemilih dan jenis kelamin`,
  totalRow: 'Jumlah dapil',
  missingInTotal: (count) => `${count} nilai tidak terbaca tidak termasuk dalam jumlah`,
  sexChart: 'Laki-laki dan perempuan di antara pengguna hak pilih, per kabupaten/kota',
  listChart: 'Pengguna hak pilih di luar DPT (DPTb dan DPK), per kabupaten/kota',
  listLegend: 'Daftar pemilih',
  sortHint: 'Dengan JavaScript, tabel dapat diurutkan dengan tombol di judul kolom.',
  listedFirst: (listed, total) =>
    `Tabel dan grafik memuat ${listed} kabupaten/kota pertama dari ${total}, menurut urutan sumber; jumlah dapil menghitung semuanya. Setiap rekaman, dengan semua angkanya, ada di berkas halaman ini di bawah.`,
};

const en: DapilText = {
  title: (name, dapilId, year) => `${name} (dapil ${dapilId}), ${year} election`,
  summary: ({ province, regencies, voters }) =>
    `Province ${province}. ${regencies} regencies and cities. ${voters} voters who voted.`,
  regency: 'Regency or city',
  regencyCode: 'Kemendagri regency or city code (regency_code)',
  tableCaption: (name, year) =>
    `Voters who voted in the ${year} DPR election in ${name} per regency or city, by voter list and sex`,
  totalRow: 'Dapil total',
  missingInTotal: (count) => `${count} unreadable value${count === 1 ? '' : 's'} left out of the total`,
  sexChart: 'Men and women among voters who voted, per regency or city',
  listChart: 'Voters who voted outside the final voter list (DPTb and DPK), per regency or city',
  listLegend: 'Voter lists',
  sortHint: 'With JavaScript, the buttons in the column headers sort the table.',
  listedFirst: (listed, total) =>
    `The table and the charts list the first ${listed} of ${total} regencies and cities, in the source's order; the dapil total counts them all. Every record, with all its figures, is in this page's files below.`,
};

export const DAPIL_TEXT: Record<Lang, DapilText> = { id, en };
