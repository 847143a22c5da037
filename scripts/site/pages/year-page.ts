// A year's page: its texts in each language (LANGS).
import type { Lang } from '../../languages.ts';

export interface YearText {
  title: (year: number) => string;
  turnout: string;
  turnoutIntro: string;
  noTurnout: (year: number) => string;
  dapil: string;
  regencies: string;
  voters: string;
  womenShare: string;
  caption: (year: number) => string;
  unplaced: (count: number) => string;
  parties: string;
  partiesCaption: (year: number) => string;
  noParties: (year: number) => string;
  ballot: string;
  partyName: string;
  acronym: string;
  totalRow: string;
}

const id: YearText = {
  title: (year) => `Pemilu ${year}`,
  turnout: 'Pengguna hak pilih DPR per dapil',
  turnoutIntro:
    'Dapil dikelompokkan menurut provinsi. Bilah kecil menunjukkan bagian laki-laki (kiri) dan perempuan (kanan).',
  noTurnout: (year) => `Data ini tidak memuat pengguna hak pilih untuk ${year}.`,
  dapil: 'Dapil',
  regencies: 'Kabupaten/kota',
  voters: 'Pengguna hak pilih',
  womenShare: 'Bagian perempuan',
  caption: (year) => `Dapil pemilu DPR ${year} menurut provinsi`,
  unplaced: (count) =>
    `${count} rekaman tanpa kode dapil yang dapat dibaca dihitung dalam jumlah tahun ini tetapi tidak muncul di halaman dapil; lihat laporan kualitas.`,
  parties: 'Partai politik',
  partiesCaption: (year) => `Partai politik peserta pemilu ${year} menurut nomor urut`,
  noParties: (year) => `Data ini tidak memuat profil partai untuk ${year}.`,
  ballot: 'Nomor urut',
  partyName: 'Nama partai',
  acronym: 'Akronim',
  totalRow: 'Jumlah',
};

const en: YearText = {
  title: (year) => `${year} election`,
  turnout: 'Voters who voted in the DPR election, per dapil',
  turnoutIntro: "Dapils grouped by province. The small bar shows men's share (left) and women's (right).",
  noTurnout: (year) => `This data holds no turnout records for ${year}.`,
  dapil: 'Dapil',
  regencies: 'Regencies and cities',
  voters: 'Voters who voted',
  womenShare: "Women's share",
  caption: (year) => `Dapils of the ${year} DPR election by province`,
  unplaced: (count) =>
    `${count} record${count === 1 ? '' : 's'} without a readable dapil id count in this year's totals but appear on no dapil page; see the quality report.`,
  parties: 'Political parties',
  partiesCaption: (year) => `Parties contesting the ${year} election by ballot number`,
  noParties: (year) => `This data holds no party profiles for ${year}.`,
  ballot: 'Ballot number',
  partyName: 'Party name',
  acronym: 'Acronym',
  totalRow: 'Total',
};

export const YEAR_TEXT: Record<Lang, YearText> = { id, en };
