// The words of a year's coverage of the official dapil list, on the home page and the year pages, in each language.
import type { Lang } from '../../languages.ts';

export interface CoverageText {
  heading: string;
  /** "20 of 77 dapils, 213 of 497 regencies of the official list" */
  line: (parts: { dapils: string; officialDapils: string; regencies: string; officialRegencies: string }) => string;
  /** Beside a year's national total when dapils are missing: "53 of 77 dapils". */
  dapilsShort: (dapils: string, officialDapils: string) => string;
  noTurnout: string;
  /** A year's line on the home page when the source has no turnout for it: "no turnout data, 20 parties". */
  noTurnoutLine: (parties: number) => string;
  noList: string;
  notCompared: string;
  law: (law: string) => string;
  missing: (count: number) => string;
  unknownIds: (ids: string) => string;
  misplaced: (count: number) => string;
}

const id: CoverageText = {
  heading: 'Cakupan dapil resmi',
  line: ({ dapils, officialDapils, regencies, officialRegencies }) =>
    `${dapils} dari ${officialDapils} dapil, ${regencies} dari ${officialRegencies} kabupaten/kota dalam daftar resmi`,
  dapilsShort: (dapils, officialDapils) => `${dapils} dari ${officialDapils} dapil`,
  noTurnout: 'tidak ada data pengguna hak pilih',
  noTurnoutLine: (parties) =>
    `tidak ada data pengguna hak pilih, ${parties === 0 ? 'tanpa data partai' : `${parties} partai`}`,
  noList: 'tidak ada daftar dapil resmi untuk tahun ini',
  notCompared: 'data demo: tidak dibandingkan dengan dapil resmi',
  law: (law) => `Daftar resmi: ${law}`,
  missing: (count) => `Dapil tanpa data (${count})`,
  unknownIds: (ids) => `Kode dapil yang tidak ada dalam daftar resmi: ${ids}.`,
  misplaced: (count) => `${count} rekaman menempatkan kabupaten/kota di dapil lain daripada daftar resmi.`,
};

const en: CoverageText = {
  heading: 'Coverage of the official dapils',
  line: ({ dapils, officialDapils, regencies, officialRegencies }) =>
    `${dapils} of ${officialDapils} dapils, ${regencies} of ${officialRegencies} regencies of the official list`,
  dapilsShort: (dapils, officialDapils) => `${dapils} of ${officialDapils} dapils`,
  noTurnout: 'no turnout data',
  noTurnoutLine: (parties) =>
    `no turnout data, ${parties === 0 ? 'no party data' : `${parties} ${parties === 1 ? 'party' : 'parties'}`}`,
  noList: 'no official dapil list for this year',
  notCompared: 'demo data: not compared with the official dapils',
  law: (law) => `Official list: ${law}`,
  missing: (count) => `Dapils without data (${count})`,
  unknownIds: (ids) => `Dapil ids not in the official list: ${ids}.`,
  misplaced: (count) =>
    `${count} ${count === 1 ? 'record puts' : 'records put'} a regency in another dapil than the official list.`,
};

export const COVERAGE_TEXT: Record<Lang, CoverageText> = { id, en };
