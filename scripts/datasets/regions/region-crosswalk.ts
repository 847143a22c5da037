// The project's crosswalk: source names the normalization rules cannot settle (renamed regencies, spellings),
// each with the official code it stands for and why. Consulted only after the rules found nothing, and
// tested: every entry's code is in the official list, under the entry's province, and no rule already matches it.
import type { Localized } from '../../languages.ts';

export interface CrosswalkEntry {
  /** The province of the dapil the source puts the name in (first two digits of the dapil id). */
  provinceCode: string;
  /** The name as the source writes it; compared after the same normalization (region-names.ts). */
  name: string;
  /** The official code it stands for (four digits). */
  regencyCode: string;
  /** Why, citing the regulation. */
  reason: Localized;
}

export const REGION_CROSSWALK: readonly CrosswalkEntry[] = [
  {
    provinceCode: '12',
    name: 'TOBA SAMOSIR',
    regencyCode: '1212',
    reason: {
      en: 'Kabupaten Toba Samosir was renamed Kabupaten Toba by PP 14/2020.',
      id: 'Kabupaten Toba Samosir berganti nama menjadi Kabupaten Toba dengan PP 14/2020.',
    },
  },
  {
    provinceCode: '61',
    name: 'PONTIANAK',
    regencyCode: '6102',
    reason: {
      en: 'Kabupaten Pontianak was renamed Kabupaten Mempawah by PP 58/2014; the city is always written KOTA PONTIANAK.',
      id: 'Kabupaten Pontianak berganti nama menjadi Kabupaten Mempawah dengan PP 58/2014; kotanya selalu ditulis KOTA PONTIANAK.',
    },
  },
  {
    provinceCode: '12',
    name: 'KOTA PADANG SIDEMPUAN',
    regencyCode: '1277',
    reason: {
      en: 'Spelling: the official name is Kota Padangsidimpuan (the 2019 and 2024 dapil lists write SIDEMPUAN).',
      id: 'Ejaan: nama resminya Kota Padangsidimpuan (daftar dapil 2019 dan 2024 menulis SIDEMPUAN).',
    },
  },
  {
    provinceCode: '52',
    name: 'LOMBOK TINUR',
    regencyCode: '5203',
    reason: {
      en: 'Misspelling of Lombok Timur in a 2014 dapil list.',
      id: 'Salah ketik Lombok Timur dalam daftar dapil 2014.',
    },
  },
  {
    provinceCode: '73',
    name: 'PANGKAJENE KEPULAUAN',
    regencyCode: '7310',
    reason: {
      en: 'Spelling: the official name is Kabupaten Pangkajene dan Kepulauan.',
      id: 'Ejaan: nama resminya Kabupaten Pangkajene dan Kepulauan.',
    },
  },
  {
    provinceCode: '75',
    name: 'PAHUWATO',
    regencyCode: '7504',
    reason: {
      en: 'Spelling: the official name is Kabupaten Pohuwato.',
      id: 'Ejaan: nama resminya Kabupaten Pohuwato.',
    },
  },
  {
    provinceCode: '76',
    name: 'MAMUJU UTARA',
    regencyCode: '7601',
    reason: {
      en: 'Kabupaten Mamuju Utara was renamed Kabupaten Pasangkayu by PP 61/2017.',
      id: 'Kabupaten Mamuju Utara berganti nama menjadi Kabupaten Pasangkayu dengan PP 61/2017.',
    },
  },
  {
    provinceCode: '81',
    name: 'MALUKU TENGGARA BARAT',
    regencyCode: '8103',
    reason: {
      en: 'Kabupaten Maluku Tenggara Barat was renamed Kabupaten Kepulauan Tanimbar by PP 2/2019.',
      id: 'Kabupaten Maluku Tenggara Barat berganti nama menjadi Kabupaten Kepulauan Tanimbar dengan PP 2/2019.',
    },
  },
];
