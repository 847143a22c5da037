// The official region lists (Kemendagri, via idn-area-data): one table of the provinces and one of the regencies and
// cities, so the region codes of the other tables have one row to refer to. One current list, written with each
// election year's files (the release's tables are all split by year, and a year's package must hold what its keys
// refer to); `legal_basis` says which list it is (docs/data.md, "Region codes").
import type { ColumnDefinition, RawRecord } from './dataset-definition.ts';
import { defineDataset, QUALITY_FLAGS_COLUMN } from './dataset-definition.ts';
import {
  createFieldStringRule,
  createKeyUniqueRule,
  createNameNonEmptyRule,
  createPatternRule,
  createYearFormatRule,
} from './quality-rules.ts';
import {
  loadOfficialRegions,
  REGION_CODES_LICENCE,
  REGION_LIST_LEGAL_BASIS,
  type OfficialRegions,
} from './regions/official-regions.ts';
import type { Localized } from '../languages.ts';

/** The list and its version, as every record of both tables says it: "Kepmendagri 300.2.2-2138/2025 (idn-area-data 4.0.1)". */
function legalBasisOf(regions: OfficialRegions): string {
  return `${REGION_LIST_LEGAL_BASIS} (${regions.source.package} ${regions.source.version})`;
}

/**
 * The provinces of the list for one election year, in the list's order; every value a string.
 * Example: 2014 → {TahunPemilu: "2014", KodeProvinsi: "11", NamaProvinsi: "Aceh", DasarHukum: "Kepmendagri … (idn-area-data 4.0.1)"}, …
 */
export function provinceListRecordsOf(year: number, regions: OfficialRegions = loadOfficialRegions()): RawRecord[] {
  return [...regions.provinces.values()].map((province) => ({
    TahunPemilu: String(year),
    KodeProvinsi: province.code,
    NamaProvinsi: province.name,
    DasarHukum: legalBasisOf(regions),
  }));
}

/**
 * The regencies and cities of the list for one election year, in the list's order; every value a string.
 * Example: 2014 → {TahunPemilu: "2014", KodeKabupaten: "1101", NamaKabupaten: "Kabupaten Aceh Selatan",
 * JenisKabupaten: "kabupaten", KodeProvinsi: "11", DasarHukum: "Kepmendagri … (idn-area-data 4.0.1)"}, …
 */
export function regencyListRecordsOf(year: number, regions: OfficialRegions = loadOfficialRegions()): RawRecord[] {
  return regions.regencies.map((regency) => ({
    TahunPemilu: String(year),
    KodeKabupaten: regency.code,
    NamaKabupaten: regency.name,
    JenisKabupaten: regency.kind,
    KodeProvinsi: regency.provinceCode,
    DasarHukum: legalBasisOf(regions),
  }));
}

const REGION_LIST_SOURCE: Localized = {
  id: `Kode wilayah Kemendagri (${REGION_LIST_LEGAL_BASIS}) dari paket npm idn-area-data karya Fityan Nugroho (https://github.com/fityannugroho/idn-area-data), yang datanya berlisensi ODbL 1.0 (lisensi basis data terbuka, https://opendatacommons.org/licenses/odbl/1-0/); seluruh daftar, sama pada tiap tahun pemilu.`,
  en: `${REGION_CODES_LICENCE.source.title.replace(/ Used for .*$/, '')} The whole list, the same in every election year.`,
};

function column(
  name: string,
  source: string,
  title: Localized,
  description: Localized,
  type: ColumnDefinition['type'] = 'text',
): ColumnDefinition {
  return { name, type, source, nullable: false, title, description };
}

const electionYearColumn: ColumnDefinition = {
  name: 'election_year',
  type: 'integer',
  source: 'TahunPemilu',
  unit: 'year',
  nullable: false,
  title: { id: 'Tahun pemilu', en: 'Election year' },
  description: {
    id: 'Tahun pemilu yang berkasnya menyertakan salinan daftar ini. Daftarnya sama pada tiap tahun: daftar resmi saat ini, bukan daftar pada saat pemilu itu.',
    en: "The election year whose files carry this copy of the list. The list is the same in every year: today's official list, not the list at the time of that election.",
  },
};

const legalBasisColumn = column(
  'legal_basis',
  'DasarHukum',
  { id: 'Dasar hukum', en: 'Legal basis' },
  {
    id: 'Keputusan Mendagri yang menetapkan kode dan nama ini, dan paket serta versi tempat daftar dibaca.',
    en: 'The decree of the Minister of Home Affairs that sets these codes and names, and the package and version the list was read from.',
  },
);

/** The key of each list: the code, read from the list (the other tables' `province_code` and `regency_code` refer to it). */
const codeColumn = (source: string, title: Localized, description: Localized): ColumnDefinition =>
  column('code', source, title, description);

function codeRule(field: string, digits: number): ReturnType<typeof createPatternRule> {
  return createPatternRule({
    id: 'region-code-form',
    field,
    pattern: new RegExp(`^[0-9]{${digits}}$`),
    expected: `${digits} digits`,
    title: { id: 'Kode wilayah', en: 'Region code' },
    description: { id: `${field} terdiri atas ${digits} angka.`, en: `${field} is ${digits} digits.` },
  });
}

const provinceFields: readonly string[] = ['TahunPemilu', 'KodeProvinsi', 'NamaProvinsi', 'DasarHukum'];
const provinceKey: readonly string[] = ['TahunPemilu', 'KodeProvinsi'];

export const provinceListDataset = defineDataset({
  id: 'province-list',
  origin: {
    kind: 'project',
    source: REGION_LIST_SOURCE,
    licence: REGION_CODES_LICENCE,
    async *records({ years }) {
      for (const year of years) yield provinceListRecordsOf(year);
    },
  },
  fileStem: 'kemendagri-province-list',
  title: { id: 'Daftar provinsi Kemendagri', en: 'Kemendagri province list' },
  description: {
    id: 'Provinsi menurut daftar kode wilayah Kemendagri saat ini (Kepmendagri 300.2.2-2138/2025), satu rekaman per provinsi: kode dua angka dan nama resmi. Daftar yang sama disertakan pada tiap tahun pemilu agar kode provinsi tabel lain dapat merujuknya.',
    en: "The provinces of today's Kemendagri region code list (Kepmendagri 300.2.2-2138/2025), one record per province: two-digit code and official name. The same list comes with every election year, so the other tables' province codes refer to it.",
  },
  path: '',
  upstreamName: '',
  upstreamFields: provinceFields,
  keyFields: provinceKey,
  yearField: 'TahunPemilu',
  valuesSeenFields: [],
  filterParameter: '',
  addedContentLicence: REGION_CODES_LICENCE,
  roles: { year: 'election_year', pageKey: 'code', displayName: 'official_name' },
  pages: null,
  columns: [
    electionYearColumn,
    codeColumn(
      'KodeProvinsi',
      { id: 'Kode provinsi', en: 'Province code' },
      {
        id: 'Kode provinsi Kemendagri dua angka (sama dengan kode BPS), misalnya 11; province_code tabel lain merujuknya.',
        en: "Two-digit Kemendagri province code (the same as BPS's), e.g. 11; the other tables' province_code refers to it.",
      },
    ),
    column(
      'official_name',
      'NamaProvinsi',
      { id: 'Nama resmi', en: 'Official name' },
      {
        id: 'Nama provinsi seperti ditulis daftar resmi (Aceh).',
        en: 'The province’s name as the list writes it (Aceh).',
      },
    ),
    legalBasisColumn,
    QUALITY_FLAGS_COLUMN,
  ],
  rules: [
    createFieldStringRule(provinceFields),
    createYearFormatRule('TahunPemilu'),
    codeRule('KodeProvinsi', 2),
    createNameNonEmptyRule(
      ['NamaProvinsi'],
      { id: 'Nama tidak kosong', en: 'Name not empty' },
      { id: 'NamaProvinsi berisi teks selain spasi.', en: 'NamaProvinsi holds text other than whitespace.' },
    ),
    createKeyUniqueRule(provinceKey),
  ],
});

const regencyFields: readonly string[] = [
  'TahunPemilu',
  'KodeKabupaten',
  'NamaKabupaten',
  'JenisKabupaten',
  'KodeProvinsi',
  'DasarHukum',
];
const regencyKey: readonly string[] = ['TahunPemilu', 'KodeKabupaten'];

export const regencyListDataset = defineDataset({
  id: 'regency-list',
  origin: {
    kind: 'project',
    source: REGION_LIST_SOURCE,
    licence: REGION_CODES_LICENCE,
    async *records({ years }) {
      for (const year of years) yield regencyListRecordsOf(year);
    },
  },
  fileStem: 'kemendagri-regency-list',
  title: { id: 'Daftar kabupaten/kota Kemendagri', en: 'Kemendagri regency list' },
  description: {
    id: 'Kabupaten dan kota menurut daftar kode wilayah Kemendagri saat ini (Kepmendagri 300.2.2-2138/2025), satu rekaman per kabupaten/kota: kode empat angka, nama resmi, jenis, dan provinsinya. Daftar yang sama disertakan pada tiap tahun pemilu agar kode kabupaten/kota tabel lain dapat merujuknya.',
    en: "The regencies and cities of today's Kemendagri region code list (Kepmendagri 300.2.2-2138/2025), one record per regency or city: four-digit code, official name, kind and province. The same list comes with every election year, so the other tables' regency codes refer to it.",
  },
  path: '',
  upstreamName: '',
  upstreamFields: regencyFields,
  keyFields: regencyKey,
  yearField: 'TahunPemilu',
  valuesSeenFields: [],
  filterParameter: '',
  addedContentLicence: REGION_CODES_LICENCE,
  // Each regency to its province in the province list of the same year.
  references: [
    {
      columns: ['election_year', 'province_code'],
      dataset: 'province-list',
      referencedColumns: ['election_year', 'code'],
    },
  ],
  roles: { year: 'election_year', pageKey: 'code', displayName: 'official_name', groupName: 'province_code' },
  pages: null,
  columns: [
    electionYearColumn,
    codeColumn(
      'KodeKabupaten',
      { id: 'Kode kabupaten/kota', en: 'Regency or city code' },
      {
        id: 'Kode kabupaten/kota Kemendagri empat angka tanpa titik (sama dengan kode BPS), misalnya 1101; regency_code tabel lain merujuknya.',
        en: "Four-digit Kemendagri regency or city code without a dot (the same as BPS's), e.g. 1101; the other tables' regency_code refers to it.",
      },
    ),
    column(
      'official_name',
      'NamaKabupaten',
      { id: 'Nama resmi', en: 'Official name' },
      {
        id: 'Nama seperti ditulis daftar resmi, dengan jenisnya (Kabupaten Aceh Selatan, Kota Banda Aceh).',
        en: 'The name as the list writes it, with its kind (Kabupaten Aceh Selatan, Kota Banda Aceh).',
      },
    ),
    column(
      'regency_kind',
      'JenisKabupaten',
      { id: 'Jenis', en: 'Kind' },
      {
        id: 'kabupaten atau kota (termasuk kabupaten dan kota administrasi DKI Jakarta).',
        en: "kabupaten (regency) or kota (city), DKI Jakarta's administrative regency and cities included.",
      },
    ),
    {
      // Derived, as every other table's province_code is, so a column name means one thing in every dataset.
      name: 'province_code',
      type: 'text',
      source: null,
      derive: (_normalized, raw) => (typeof raw.KodeProvinsi === 'string' ? raw.KodeProvinsi : null),
      nullable: false,
      title: { id: 'Kode provinsi', en: 'Province code' },
      description: {
        id: 'Kode provinsi Kemendagri saat ini dari kabupaten/kota ini (dua angka pertama kodenya), dari daftar (KodeProvinsi).',
        en: "Today's Kemendagri code of the regency's province (the first two digits of its code), from the list (KodeProvinsi).",
      },
    },
    legalBasisColumn,
    QUALITY_FLAGS_COLUMN,
  ],
  rules: [
    createFieldStringRule(regencyFields),
    createYearFormatRule('TahunPemilu'),
    codeRule('KodeKabupaten', 4),
    createNameNonEmptyRule(
      ['NamaKabupaten'],
      { id: 'Nama tidak kosong', en: 'Name not empty' },
      { id: 'NamaKabupaten berisi teks selain spasi.', en: 'NamaKabupaten holds text other than whitespace.' },
    ),
    createKeyUniqueRule(regencyKey),
  ],
});

/**
 * The references of a table holding region codes, for its declaration's `references`: its `province_code` to the
 * province list's `code` and, where it has one, its `regency_code` to the regency list's, each with the election year (the lists
 * are written per year). A null code refers to nothing and breaks nothing (docs/data.md, "Region codes").
 */
export function regionReferencesOf(levels: readonly ('province' | 'regency')[]) {
  return levels.map((level) => ({
    columns: ['election_year', `${level}_code`],
    dataset: `${level}-list`,
    referencedColumns: ['election_year', 'code'],
  }));
}
