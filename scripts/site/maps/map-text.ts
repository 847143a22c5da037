// The words of the province maps (map-models.ts), in each language.
import type { Lang } from '../../languages.ts';

/** The province maps (scripts/site/maps/map-models.ts). */
export interface MapText {
  heading: string;
  intro: string;
  introHome: string;
  measures: { voters: string; women: string; outside: string };
  measuresNav: string;
  mapTitle: (measure: string, year: number) => string;
  gridTitle: (measure: string, year: number) => string;
  mapDescription: (
    withData: number,
    provinces: number,
    highest: { name: string; value: string } | null,
    lowest: { name: string; value: string } | null,
  ) => string;
  gridNote: string;
  /** The summary of the tile grid's key (each square's two letters and its province). */
  tileKey: string;
  legend: string;
  binLabel: (lower: string, upper: string, last: boolean) => string;
  noData: string;
  noDataList: (names: string) => string;
  formerShort: (name: string) => string;
  former: (names: string) => string;
  unplaced: (count: number) => string;
  tableCaption: (year: number) => string;
  province: string;
  dapils: string;
  allMaps: (year: number) => string;
  /** Around the source's own (English) title, which the page marks lang="en". */
  shapesCredit: { before: string; after: string };
}

/** A measure's name inside a title: its first letter lower-cased, its abbreviations ("DPT", "DPTb") kept as written. */
function inTitle(measure: string): string {
  return measure.charAt(0).toLowerCase() + measure.slice(1);
}

const id: MapText = {
  heading: 'Peta provinsi',
  intro:
    'Warna menunjukkan kelas; angka pasti setiap provinsi ada di tabel. Setiap provinsi yang berdata adalah tautan ke barisnya di tabel, beserta dapilnya.',
  introHome:
    'Warna menunjukkan kelas. Setiap provinsi yang berdata adalah tautan ke angka pastinya dan dapilnya di halaman tahun.',
  measures: {
    voters: 'Pengguna hak pilih',
    women: 'Bagian perempuan',
    outside: 'Bagian di luar DPT (DPTb dan DPK)',
  },
  measuresNav: 'Peta:',
  mapTitle: (measure, year) => `Peta provinsi: ${inTitle(measure)}, ${year}`,
  gridTitle: (measure, year) => `Peta petak (satu kotak per provinsi): ${inTitle(measure)}, ${year}`,
  mapDescription: (withData, provinces, highest, lowest) =>
    `Data untuk ${withData} dari ${provinces} provinsi.${highest === null ? '' : ` Tertinggi ${highest.name} (${highest.value})`}${lowest === null ? '' : `, terendah ${lowest.name} (${lowest.value})`}.`,
  gridNote:
    'Peta petak: satu kotak sama besar per provinsi, agar provinsi kecil seperti DKI Jakarta, DI Yogyakarta dan Bali mudah ditemukan.',
  tileKey: 'Kode kotak peta petak',
  legend: 'Kelas (jumlah provinsi kurang lebih sama per kelas; batas bawah termasuk kelas)',
  binLabel: (lower, upper, last) => (last ? `${lower} sampai ${upper}` : `${lower} sampai di bawah ${upper}`),
  noData: 'tidak ada data',
  noDataList: (names) => `Tidak ada data: ${names}.`,
  formerShort: (name) => `bagian ${name} pada pemilu ini`,
  former: (names) => `Provinsi yang dibentuk setelah pemilu ini digambar dengan angka provinsi asalnya: ${names}.`,
  unplaced: (count) =>
    `${count} rekaman tanpa kode provinsi (lihat laporan kualitas data) dihitung dalam jumlah tahun ini, tetapi tidak di peta.`,
  tableCaption: (year) => `Angka peta per provinsi, ${year}`,
  province: 'Provinsi',
  dapils: 'Dapil',
  allMaps: (year) => `Ketiga peta per provinsi untuk ${year}`,
  shapesCredit: { before: 'Batas provinsi: ', after: ' oleh Deny Herianto (CC BY 4.0), disederhanakan.' },
};

const en: MapText = {
  heading: 'Province maps',
  intro:
    "Colours show classes; each province's exact figures are in the table. Every province with data links to its row in the table, with its dapils.",
  introHome:
    "Colours show classes. Every province with data links to its exact figures and its dapils on the year's page.",
  measures: {
    voters: 'Voters who voted',
    women: "Women's share",
    outside: 'Share outside the DPT (DPTb and DPK)',
  },
  measuresNav: 'Maps:',
  mapTitle: (measure, year) => `Province map: ${inTitle(measure)}, ${year}`,
  gridTitle: (measure, year) => `Tile map (one square per province): ${inTitle(measure)}, ${year}`,
  mapDescription: (withData, provinces, highest, lowest) =>
    `Data for ${withData} of ${provinces} provinces.${highest === null ? '' : ` Highest ${highest.name} (${highest.value})`}${lowest === null ? '' : `, lowest ${lowest.name} (${lowest.value})`}.`,
  gridNote:
    'Tile map: one equal square per province, so that small provinces such as DKI Jakarta, DI Yogyakarta and Bali are easy to find.',
  tileKey: "The tile map's square codes",
  legend: 'Classes (about as many provinces in each; the lower bound belongs to the class)',
  binLabel: (lower, upper, last) => (last ? `${lower} to ${upper}` : `${lower} to under ${upper}`),
  noData: 'no data',
  noDataList: (names) => `No data: ${names}.`,
  formerShort: (name) => `part of ${name} at this election`,
  former: (names) => `Provinces formed after this election are drawn with their former province's figures: ${names}.`,
  unplaced: (count) =>
    `${count} ${count === 1 ? 'record' : 'records'} without a province code (see the data quality report) count in the year's totals, but on no map.`,
  tableCaption: (year) => `The maps' figures per province, ${year}`,
  province: 'Province',
  dapils: 'Dapils',
  allMaps: (year) => `All three province maps of ${year}`,
  shapesCredit: { before: 'Province boundaries: ', after: ' by Deny Herianto (CC BY 4.0), simplified.' },
};

export const MAP_TEXT: Record<Lang, MapText> = { id, en };
