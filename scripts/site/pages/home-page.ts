// The home page: its texts in each language (LANGS).
import type { Lang } from '../../languages.ts';

export interface HomeText {
  intro: string;
  promise: string;
  years: string;
  /** "6 dapils, 16 regencies and cities, 8 parties"; a year without party records says "no party data", not "0 parties". */
  yearLine: (parts: { dapils: number; regencies: number; parties: number }) => string;
  totals: string;
  bySexCaption: string;
  byListCaption: string;
  totalsNote: string;
  yearHeader: string;
  chartTitle: string;
  onward: string;
  source: string;
  sourceLine: (publisher: string, queries: string, host: string) => string;
  lastHarvest: (time: string) => string;
  release: (release: string) => string;
}

const id: HomeText = {
  intro:
    'Situs ini menerbitkan data terbuka pemilu dari Komisi Pemilihan Umum (KPU): jumlah pemilih yang menggunakan hak pilihnya dalam pemilu DPR per daerah pemilihan (dapil) dan kabupaten/kota, menurut jenis kelamin dan daftar pemilih, serta profil partai politik peserta pemilu.',
  promise: 'Setiap angka di halaman ini sama dengan angka di berkas unduhan.',
  years: 'Tahun pemilu',
  yearLine: ({ dapils, regencies, parties }) =>
    `${dapils} dapil, ${regencies} kabupaten/kota, ${parties === 0 ? 'tanpa data partai' : `${parties} partai`}`,
  totals: 'Jumlah pengguna hak pilih per tahun',
  bySexCaption: 'Pengguna hak pilih DPR menurut tahun dan jenis kelamin (semua daftar pemilih)',
  byListCaption: 'Pengguna hak pilih DPR menurut tahun dan daftar pemilih (laki-laki dan perempuan)',
  totalsNote:
    'Jumlah semua rekaman tahun itu dalam data ini; data yang tidak lengkap hanya mencakup dapil yang ada di dalamnya.',
  yearHeader: 'Tahun',
  chartTitle: 'Laki-laki dan perempuan di antara pengguna hak pilih, per tahun',
  onward: 'Selanjutnya',
  source: 'Sumber dan waktu pengambilan',
  sourceLine: (publisher, queries, host) => `${publisher}, API data terbuka (kueri ${queries}) di ${host}.`,
  lastHarvest: (time) => `Pengambilan terakhir selesai ${time}.`,
  release: (release) => `Data ini adalah rilis ${release}.`,
};

const en: HomeText = {
  intro:
    "This site publishes the election open data of Indonesia's election commission (Komisi Pemilihan Umum, KPU): the number of voters who used their vote in the DPR (national legislature) election per electoral district (dapil) and regency or city, by sex and voter list, and the profiles of the parties contesting the election.",
  promise: 'Every figure on these pages is the figure in the downloads.',
  years: 'Election years',
  yearLine: ({ dapils, regencies, parties }) =>
    `${dapils} dapils, ${regencies} regencies and cities, ${parties === 0 ? 'no party data' : `${parties} parties`}`,
  totals: 'Voters who voted, per year',
  bySexCaption: 'Voters who voted in the DPR election by year and sex (all voter lists)',
  byListCaption: 'Voters who voted in the DPR election by year and voter list (men and women)',
  totalsNote:
    "The sum of all of that year's records in this data; where the data is incomplete it covers only the dapils it holds.",
  yearHeader: 'Year',
  chartTitle: 'Men and women among voters who voted, per year',
  onward: 'Further',
  source: 'Source and retrieval time',
  sourceLine: (publisher, queries, host) => `${publisher}, open-data API (queries ${queries}) at ${host}.`,
  lastHarvest: (time) => `The last retrieval finished on ${time}.`,
  release: (release) => `This data is release ${release}.`,
};

export const HOME_TEXT: Record<Lang, HomeText> = { id, en };
