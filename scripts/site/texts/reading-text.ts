// The words that help a reader of the charts, maps and downloads, in each language: which side of 50% a bar of the
// men/women chart shows, the rows the quota chart leaves out, the women's-share map's scale, the province values
// shown on a tap, and what the downloads' file kinds ("by sex", "long format", the reference tables) and 2014's partial
// turnout mean.
import type { Lang } from '../../languages.ts';

export interface ReadingText {
  /** The men/women chart's legend: the colour of a bar that leans to each side of 50%. */
  moreMen: string;
  moreWomen: string;
  /** After the quota chart: the rows without a percentage, named in one sentence. */
  quotaNotGiven: (count: number, names: string) => string;
  /** The women's-share map's legend: classes of equal width around 50%, and its open ends. */
  womenScale: (step: string, points: number) => string;
  below: (value: string) => string;
  atLeast: (value: string) => string;
  /** Where a tapped or focused province's value is shown beside a map (read out as it changes). */
  mapValueHint: string;
  /** The downloads' words for a newcomer. */
  bySex: string;
  longFormat: string;
  partialTurnout: (year: number) => string;
  /** The disclosure of a year's files on the downloads page. */
  filesOf: (year: string, files: number) => string;
  /** The disclosure of a year's reference tables on the downloads page, and what they are. */
  referenceTables: (files: number) => string;
  referenceTablesIntro: string;
  /** The disclosure of a format's loading lines on the downloads page. */
  loadingLines: (format: string) => string;
}

const id: ReadingText = {
  moreMen: 'lebih banyak laki-laki',
  moreWomen: 'lebih banyak perempuan',
  quotaNotGiven: (count, names) => `Sumber tidak memberikan persentase untuk ${count} partai: ${names}.`,
  womenScale: (step) =>
    `Kelas selebar ${step} poin persentase di sekitar 50% (jumlah perempuan sama dengan laki-laki), bukan dari nilai terkecil sampai terbesar: selisih kecil tetap terlihat kecil.`,
  below: (value) => `di bawah ${value}`,
  atLeast: (value) => `${value} ke atas`,
  mapValueHint: 'Ketuk atau fokus pada provinsi untuk melihat nilainya.',
  bySex:
    '“Menurut jenis kelamin”: satu baris per dapil dan kabupaten/kota, dengan kolom laki-laki, perempuan dan jumlah untuk setiap daftar pemilih.',
  longFormat:
    '“Format panjang”: angka yang sama, satu baris per kabupaten/kota, daftar pemilih dan jenis kelamin (cocok untuk tabel pivot dan grafik).',
  partialTurnout: (year) =>
    `Data pengguna hak pilih ${year} tidak lengkap: sumber hanya memuat sebagian dapil (lihat cakupan di halaman tahun).`,
  filesOf: (year, files) => `${files} berkas: ${year}`,
  referenceTables: (files) => `Tabel rujukan: ${files} berkas`,
  referenceTablesIntro:
    'Daftar dapil resmi dan daftar wilayah Kemendagri yang dirujuk kode-kode data ini, sama pada setiap tahun, disertakan agar berkas tahun ini lengkap untuk digabungkan.',
  loadingLines: (format) => `Baris untuk membuka ${format}`,
};

const en: ReadingText = {
  moreMen: 'more men',
  moreWomen: 'more women',
  quotaNotGiven: (count, names) =>
    `The source gives no percentage for ${count} ${count === 1 ? 'party' : 'parties'}: ${names}.`,
  womenScale: (step, points) =>
    `Classes ${step} percentage ${points === 1 ? 'point' : 'points'} wide around 50% (as many women as men), not from the lowest value to the highest: a small spread stays small.`,
  below: (value) => `below ${value}`,
  atLeast: (value) => `${value} and above`,
  mapValueHint: 'Tap or focus a province to see its value.',
  bySex: '“By sex”: one row per dapil and regency, with columns for men, women and both in each voter list.',
  longFormat:
    '“Long format”: the same figures, one row per regency, voter list and sex (ready for pivot tables and charts).',
  partialTurnout: (year) =>
    `${year}’s turnout is partial: the source holds only some of the dapils (see the coverage on the year page).`,
  filesOf: (year, files) => `${files} ${files === 1 ? 'file' : 'files'}: ${year}`,
  referenceTables: (files) => `Reference tables: ${files} ${files === 1 ? 'file' : 'files'}`,
  referenceTablesIntro:
    "The official dapil lists and Kemendagri's region lists that this data's codes refer to, the same in every year, included so that a year's files are complete for joining.",
  loadingLines: (format) => `Lines that load ${format}`,
};

export const READING_TEXT: Record<Lang, ReadingText> = { id, en };
