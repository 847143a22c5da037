// The words of sharing and finding (site-share.ts, the layout's <head>, the 404 pages), in each language.
import type { Lang } from '../../languages.ts';

/** Sharing and finding (scripts/site/site-share.ts, the layout's <head>, the 404 pages). */
export interface ShareText {
  /** A time in WIB with UTC beside it: date, WIB hours and minutes, UTC hours and minutes. */
  dateTimeWib: (date: string, hours: string, minutes: string, utcHours: string, utcMinutes: string) => string;
  /** A release's name: the day its data was retrieved, and its number that day (null: the first). */
  releaseName: (date: string, number: string | null) => string;
  /** The Open Graph locale of the language (og:locale). */
  ogLocale: string;
  /** The site's description (the home page's, and the start of the others'). */
  siteDescription: string;
  /** The other page kinds' description for search engines and link previews (the year and dapil pages have their own). */
  pageDescription: (kind: string, title: string) => string;
  /** The year page's description: voters who used their vote, dapils, the women's share among the voters. */
  yearDescription: (year: number, voters: string, dapils: number, women: string) => string;
  /** The description of a year page without voter figures: its parties (none given: the data's other tables). */
  yearPartiesDescription: (year: number, parties: number) => string;
  /** A dapil page's description: its name and id, year, voters, regencies, the women's share. */
  dapilDescription: (
    name: string,
    id: string,
    year: number,
    voters: string,
    regencies: number,
    women: string,
  ) => string;
  /** The 404 page's suggestions. */
  suggestions: string;
  search: string;
  /** On a 404 page of another language, the hint pointing at this language's 404 page (in this language). */
  otherLanguage: string;
  /** The ⚠ of the year page's dapil table, in words (followed by a link to the data quality page). */
  flagged: string;
  /** The release's id beside its name, for citation. */
  releaseId: string;
}

const id: ShareText = {
  dateTimeWib: (date, hours, minutes, utcHours, utcMinutes) =>
    `${date} pukul ${hours}.${minutes} WIB (${utcHours}.${utcMinutes} UTC)`,
  releaseName: (date, number) => `rilis ${date}${number === null ? '' : ` (${number})`}`,
  ogLocale: 'id_ID',
  yearDescription: (year, voters, dapils, women) =>
    `Pemilu ${year}: ${voters} pengguna hak pilih DPR di ${dapils} dapil, ${women} di antaranya perempuan. Angka per dapil, kabupaten/kota dan partai.`,
  yearPartiesDescription: (year, parties) =>
    `Pemilu ${year}: ${parties === 0 ? 'tabel rujukan pemilu DPR' : `${parties} partai peserta pemilu DPR dan profilnya dari KPU`}; data ini tidak memuat angka pengguna hak pilih untuk tahun ini.`,
  dapilDescription: (name, id, year, voters, regencies, women) =>
    `${name} (dapil ${id}), pemilu ${year}: ${voters} pengguna hak pilih di ${regencies} kabupaten/kota, ${women} di antaranya perempuan.`,
  siteDescription:
    'Data terbuka pemilu DPR dari KPU: pengguna hak pilih per dapil dan kabupaten/kota menurut jenis kelamin, dan profil partai; CSV, XLSX, Parquet.',
  pageDescription: (kind, title) =>
    ({
      profile: `${title}: profil partai dari KPU (nomor urut, alamat, situs web, kepengurusan).`,
      downloads:
        'Unduh data pemilu KPU: bundel semua tahun, CSV dan XLSX per dataset, JSON, Parquet dan Arrow, dengan checksum SHA-256.',
      dictionary: 'Kamus data: setiap kolom, tipe, satuan, kolom sumber dan aturan mutu data pemilu KPU.',
      quality: 'Mutu data: rekaman dari sumber KPU yang melanggar aturan mutu, diterbitkan apa adanya dan ditandai.',
      about: 'Tentang data: sumber, cara pengambilan dan normalisasi, cara mengutip, lisensi dan perangkat lunak.',
      search: 'Cari dapil, kabupaten/kota dan partai di semua tahun pemilu.',
      changes: 'Perubahan data antar-rilis: rekaman yang ditambah, dihapus dan diubah di setiap rilis.',
    })[kind] ?? `${title}. Data terbuka pemilu DPR RI dari KPU.`,
  suggestions: 'Mungkin Anda mencari:',
  search: 'Cari dapil, kabupaten/kota atau partai',
  otherLanguage: 'Mencari halaman berbahasa Indonesia? Halaman ini dalam bahasa Indonesia:',
  flagged:
    '⚠: dapil dengan rekaman yang melanggar aturan mutu data; catatannya ada di halaman dapil itu dan di halaman',
  releaseId: 'kode rilis',
};

const en: ShareText = {
  dateTimeWib: (date, hours, minutes, utcHours, utcMinutes) =>
    `${date}, ${hours}:${minutes} WIB (${utcHours}:${utcMinutes} UTC)`,
  releaseName: (date, number) => `release of ${date}${number === null ? '' : ` (${number})`}`,
  ogLocale: 'en_GB',
  yearDescription: (year, voters, dapils, women) =>
    `Election ${year}: ${voters} voters used their vote for the DPR in ${dapils} ${dapils === 1 ? 'dapil' : 'dapils'}, ${women} of them women. Figures by dapil, regency and party.`,
  yearPartiesDescription: (year, parties) =>
    `Election ${year}: ${parties === 0 ? "the DPR election's reference tables" : `the ${parties} ${parties === 1 ? 'party' : 'parties'} contesting the DPR election and their profiles from the KPU`}; the data hold no voter figures for this year.`,
  dapilDescription: (name, id, year, voters, regencies, women) =>
    `${name} (dapil ${id}), election ${year}: ${voters} voters used their vote in ${regencies} ${regencies === 1 ? 'regency' : 'regencies'}, ${women} of them women.`,
  siteDescription:
    "Open data of Indonesia's DPR elections from the KPU: voters who voted per dapil and regency by sex, and party profiles; CSV, XLSX, Parquet.",
  pageDescription: (kind, title) =>
    ({
      profile: `${title}: the party's profile from the KPU (ballot number, address, website, leadership).`,
      downloads:
        'Download the KPU election data: the all-years bundle, CSV and XLSX per dataset, JSON, Parquet and Arrow, with SHA-256 checksums.',
      dictionary: 'Data dictionary: every column, type, unit, source field and quality rule of the KPU election data.',
      quality: "Data quality: the KPU source's records that break a quality rule, published as given and flagged.",
      about: 'About the data: sources, how it was retrieved and normalized, how to cite it, licences and software.',
      search: 'Search electoral districts, regencies and parties across every election year.',
      changes: 'Changes between releases: the records added, removed and changed in every release.',
    })[kind] ?? `${title}. Open data of Indonesia's DPR elections from the KPU.`,
  suggestions: 'You may be looking for:',
  search: 'Search districts, regencies or parties',
  otherLanguage: 'Looking for the English pages? This page in English:',
  flagged: '⚠: a dapil with records that break a data quality rule; the notes are on that dapil’s page and on the page',
  releaseId: 'release id',
};

export const SHARE_TEXT: Record<Lang, ShareText> = { id, en };
