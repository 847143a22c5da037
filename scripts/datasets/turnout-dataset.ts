// The turnout dataset: voters who used their vote in the DPR election, per dapil and regency,
// by sex and by voter list (seed 2.2, query `datahakpilihdpr`).
import {
  defineDataset,
  QUALITY_FLAGS_COLUMN,
  type ColumnDefinition,
  type CountGroup,
  type QualityRule,
} from './dataset-definition.ts';
import {
  createCountDigitsRule,
  createCountSafeIntegerRule,
  createFieldStringRule,
  createTextEncodingRules,
  createKeyUniqueRule,
  createNameNonEmptyRule,
  createPatternRule,
  createYearFormatRule,
  createRegionCodeRule,
  createSumRule,
} from './quality-rules.ts';
import { REGION_CODES_LICENCE } from './regions/official-regions.ts';
import { regionReferencesOf } from './region-list-dataset.ts';
import { officialRegionMatcher } from './regions/region-matcher.ts';
import type { Localized } from '../languages.ts';
import type { RawRecord } from './dataset-definition.ts';
import { createOfficialListRules } from './dapils/official-list-rules.ts';
import { OFFICIAL_DAPIL_IDS } from './dapils/official-dapil-tables.ts';

/**
 * The voter lists as the law names them (UU 7/2017 art. 198-210; PKPU 7/2022): `name` is the abbreviation with
 * the legal name, in both languages; `meaning` says who is on the list. The three lists of 2019 on; 2014 had a
 * fourth, DPKTb, which the source's three-list records count in DPK (../shared/data/README.md, docs/data.md).
 */
/**
 * The official code of a record's province or regency (scripts/datasets/regions/region-matcher.ts), or null. The same
 * matcher decides the `region-code-match` rule, so a null here is always explained by a flag (that rule, or
 * `dapil-id-digits`, `name-non-empty`, `field-string` for a dapil id or name that cannot be matched at all).
 * Example: IdDapil "1101", NamaKabupaten "KOTA BANDA ACEH" → province "11", regency "1171".
 */
function regionCodeOf(raw: RawRecord, level: 'province' | 'regency'): string | null {
  const dapilId = Object.hasOwn(raw, 'IdDapil') ? raw.IdDapil : undefined;
  const regencyName = Object.hasOwn(raw, 'NamaKabupaten') ? raw.NamaKabupaten : undefined;
  if (typeof dapilId !== 'string' || typeof regencyName !== 'string') return null;
  const found = officialRegionMatcher().match(dapilId, regencyName);
  return level === 'province' ? found.provinceCode : found.regencyCode;
}

type VoterList = {
  code: 'dpt' | 'dptb' | 'dpk';
  upstream: 'DPT' | 'DPTb' | 'DPK';
  /** The law's name, the same in every language. */
  legal: string;
  name: Localized;
  meaning: Localized;
};

const VOTER_LISTS: readonly VoterList[] = [
  {
    code: 'dpt',
    upstream: 'DPT',
    legal: 'Daftar Pemilih Tetap',
    name: { id: 'Daftar Pemilih Tetap (DPT)', en: 'DPT (Daftar Pemilih Tetap)' },
    meaning: {
      id: 'pemilih yang terdaftar dalam daftar pemilih tetap di TPS tempat ia memilih',
      en: 'the final voter list, of voters registered at the polling station where they voted',
    },
  },
  {
    code: 'dptb',
    upstream: 'DPTb',
    legal: 'Daftar Pemilih Tambahan',
    name: { id: 'Daftar Pemilih Tambahan (DPTb)', en: 'DPTb (Daftar Pemilih Tambahan)' },
    meaning: {
      id: 'pemilih yang terdaftar di DPT tempat lain dan pindah memilih',
      en: 'voters registered on the final list elsewhere who moved and voted here',
    },
  },
  {
    code: 'dpk',
    upstream: 'DPK',
    legal: 'Daftar Pemilih Khusus',
    name: { id: 'Daftar Pemilih Khusus (DPK)', en: 'DPK (Daftar Pemilih Khusus)' },
    meaning: {
      id: 'pemilih yang memenuhi syarat tetapi tidak terdaftar di daftar mana pun; untuk 2014 termasuk DPKTb (Daftar Pemilih Khusus Tambahan)',
      en: 'eligible voters on no list; for 2014 it includes the DPKTb (Daftar Pemilih Khusus Tambahan)',
    },
  },
];

/** What every count is, for the dataset's description, the pages and the docs. */
const COUNTS_MEANING: Localized = {
  id: 'Angkanya adalah pengguna hak pilih (pemilih yang memberikan suara), bukan pemilih terdaftar. Sumber tidak memberi jumlah pemilih terdaftar sebagai penyebut, jadi tidak ada tingkat partisipasi yang dihitung.',
  en: 'The counts are voters who voted, not registered voters. The source gives no count of registered voters to divide by, so no turnout rate is computed.',
};

const SEXES = [
  { code: 'male', upstream: 'LakiLaki', name: { id: 'laki-laki', en: 'male' } },
  { code: 'female', upstream: 'Perempuan', name: { id: 'perempuan', en: 'female' } },
  { code: 'total', upstream: 'LakiLakiDanPerempuan', name: { id: 'laki-laki dan perempuan', en: 'male and female' } },
] as const;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A count column; `what`: whose count it is, lower case; `meaning`: who that is, when a voter list needs saying. */
function countColumn(name: string, source: string, what: Localized, meaning?: Localized): ColumnDefinition {
  return {
    name,
    type: 'integer',
    source,
    unit: 'persons',
    nullable: true,
    title: { id: capitalize(what.id), en: capitalize(what.en) },
    description: {
      id: `Jumlah pengguna hak pilih (pemilih yang memberikan suara, bukan pemilih terdaftar) ${what.id}${meaning ? `: ${meaning.id}` : ''}.`,
      en: `Number of voters who voted (not registered voters), ${what.en}${meaning ? `: ${meaning.en}` : ''}.`,
    },
  };
}

const listColumns: ColumnDefinition[] = VOTER_LISTS.flatMap((list) =>
  SEXES.map((sex) =>
    countColumn(
      `${list.code}_${sex.code}`,
      `JumlahPenggunaHakPilih${sex.upstream}Dalam${list.upstream}`,
      { id: `${sex.name.id} dalam ${list.name.id}`, en: `${sex.name.en}, ${list.name.en}` },
      list.meaning,
    ),
  ),
);

const upstreamFields: readonly string[] = [
  'TahunPemilu',
  'JenisPemilu',
  'IdDapil',
  'NamaDapil',
  'NamaProvinsi',
  'NamaKabupaten',
  ...VOTER_LISTS.flatMap((list) => SEXES.map((sex) => `JumlahPenggunaHakPilih${sex.upstream}Dalam${list.upstream}`)),
  'JumlahTotalPenggunaHakPilihLakiLaki',
  'JumlahTotalPenggunaHakPilihPerempuan',
  'JumlahSeluruhPenggunaHakPilih',
];

const keyFields: readonly string[] = ['TahunPemilu', 'JenisPemilu', 'IdDapil', 'NamaKabupaten'];

function listField(sex: (typeof SEXES)[number], list: VoterList): string {
  return `JumlahPenggunaHakPilih${sex.upstream}Dalam${list.upstream}`;
}

/** The all-lists total of each sex; for both sexes together the upstream says "Seluruh", not "Total…DanPerempuan". */
const SEX_TOTAL_FIELDS: Record<(typeof SEXES)[number]['code'], { field: string; rule: string }> = {
  male: { field: 'JumlahTotalPenggunaHakPilihLakiLaki', rule: 'total-list-sum-male' },
  female: { field: 'JumlahTotalPenggunaHakPilihPerempuan', rule: 'total-list-sum-female' },
  total: { field: 'JumlahSeluruhPenggunaHakPilih', rule: 'total-list-sum-both' },
};

const [MALE, FEMALE, BOTH] = SEXES;

// UPSTREAM.md "Rules the data should obey", turnout. The arithmetic rules are one per equation, so a record's
// flags say which sum is off (the granularity of ../shared/data/canonical/datahakpilihdpr_2014_broken.expected.txt).
const rules: readonly QualityRule[] = [
  createFieldStringRule(upstreamFields),
  ...createTextEncodingRules(upstreamFields),
  createYearFormatRule('TahunPemilu'),
  createPatternRule({
    id: 'dapil-id-digits',
    field: 'IdDapil',
    pattern: /^[0-9]+$/,
    expected: 'digits',
    title: { id: 'Kode dapil berupa angka', en: 'Dapil id is digits' },
    description: {
      id: 'IdDapil hanya terdiri atas angka (nol di depan boleh).',
      en: 'IdDapil is digits only (leading zeros allowed).',
    },
  }),
  createNameNonEmptyRule(
    ['NamaDapil', 'NamaProvinsi', 'NamaKabupaten'],
    { id: 'Nama tidak kosong', en: 'Names not empty' },
    {
      id: 'NamaDapil, NamaProvinsi, dan NamaKabupaten berisi teks selain spasi.',
      en: 'NamaDapil, NamaProvinsi and NamaKabupaten hold text other than whitespace.',
    },
  ),
  createRegionCodeRule({
    dapilIdField: 'IdDapil',
    regencyNameField: 'NamaKabupaten',
    match: (dapilId, regencyName) => officialRegionMatcher().match(dapilId, regencyName),
  }),
  createCountDigitsRule(upstreamFields.filter((field) => field.startsWith('Jumlah'))),
  createCountSafeIntegerRule(upstreamFields.filter((field) => field.startsWith('Jumlah'))),
  ...VOTER_LISTS.map((list) =>
    createSumRule({
      id: `${list.code}-sex-sum`,
      addends: [listField(MALE, list), listField(FEMALE, list)],
      total: listField(BOTH, list),
      broken: `${list.upstream}: male+female != both`,
      title: { id: `${list.upstream}: laki-laki + perempuan = jumlah`, en: `${list.upstream}: male + female = both` },
      description: {
        id: `Dalam ${list.name.id}, pengguna hak pilih laki-laki ditambah perempuan sama dengan jumlah laki-laki dan perempuan.`,
        en: `In the ${list.name.en}, male voters plus female voters equal the male-and-female count.`,
      },
    }),
  ),
  ...SEXES.map((sex) =>
    createSumRule({
      id: SEX_TOTAL_FIELDS[sex.code].rule,
      addends: VOTER_LISTS.map((list) => listField(sex, list)),
      total: SEX_TOTAL_FIELDS[sex.code].field,
      broken: `${sex.upstream}: DPT+DPTb+DPK != ${SEX_TOTAL_FIELDS[sex.code].field}`,
      title: { id: `DPT + DPTb + DPK = total (${sex.name.id})`, en: `DPT + DPTb + DPK = total (${sex.name.en})` },
      description: {
        id: `Pengguna hak pilih ${sex.name.id} dalam DPT, DPTb, dan DPK berjumlah ${SEX_TOTAL_FIELDS[sex.code].field}.`,
        en: `Voters (${sex.name.en}) in DPT, DPTb and DPK add up to ${SEX_TOTAL_FIELDS[sex.code].field}.`,
      },
    }),
  ),
  createSumRule({
    id: 'total-sex-sum',
    addends: [SEX_TOTAL_FIELDS.male.field, SEX_TOTAL_FIELDS.female.field],
    total: SEX_TOTAL_FIELDS.total.field,
    broken: 'total male + total female != JumlahSeluruhPenggunaHakPilih',
    title: { id: 'Total laki-laki + total perempuan = seluruh', en: 'Total male + total female = all voters' },
    description: {
      id: 'JumlahTotalPenggunaHakPilihLakiLaki ditambah JumlahTotalPenggunaHakPilihPerempuan sama dengan JumlahSeluruhPenggunaHakPilih.',
      en: 'JumlahTotalPenggunaHakPilihLakiLaki plus JumlahTotalPenggunaHakPilihPerempuan equals JumlahSeluruhPenggunaHakPilih.',
    },
  }),
  ...createOfficialListRules(),
  createKeyUniqueRule(keyFields),
];

/** The count columns by voter list, then all lists together; each male, female, both. */
const countGroups: readonly CountGroup[] = [
  ...VOTER_LISTS.map((list) => ({
    code: list.code,
    cells: SEXES.map((sex) => ({ sex: sex.code, column: `${list.code}_${sex.code}` })),
    meaning: { id: `${list.legal}: ${list.meaning.id}`, en: `${list.legal}: ${list.meaning.en}` },
  })),
  {
    code: 'total',
    cells: [
      { sex: 'male', column: 'total_male' },
      { sex: 'female', column: 'total_female' },
      { sex: 'total', column: 'total_voters' },
    ],
  },
];

export const turnoutDataset = defineDataset({
  id: 'turnout',
  fileStem: 'kpu-dpr-turnout-by-sex',
  title: {
    id: 'Pengguna hak pilih Pemilu DPR menurut jenis kelamin',
    en: 'Voters who voted in the DPR election, by sex',
  },
  description: {
    id: `Jumlah pemilih yang menggunakan hak pilihnya dalam pemilu anggota DPR, per daerah pemilihan (dapil) dan kabupaten/kota, menurut jenis kelamin dan jenis daftar pemilih (DPT, DPTb, DPK). ${COUNTS_MEANING.id}`,
    en: `Number of voters who used their vote in the national legislature (DPR) election, per electoral district (dapil) and regency or city, by sex and by voter list (DPT, DPTb, DPK). ${COUNTS_MEANING.en}`,
  },
  path: '/api/datahakpilihdpr',
  upstreamName: 'datahakpilihdpr',
  upstreamFields,
  keyFields,
  yearField: 'TahunPemilu',
  valuesSeenFields: ['JenisPemilu'],
  filterParameter: 'id_dapil',
  knownFilterValues: OFFICIAL_DAPIL_IDS,
  columns: [
    {
      name: 'election_year',
      type: 'integer',
      source: 'TahunPemilu',
      unit: 'year',
      nullable: true,
      title: { id: 'Tahun pemilu', en: 'Election year' },
      description: { id: 'Tahun penyelenggaraan pemilu.', en: 'Year of the election.' },
    },
    {
      name: 'election_type',
      type: 'text',
      source: 'JenisPemilu',
      nullable: true,
      title: { id: 'Jenis pemilu', en: 'Election type' },
      description: {
        id: 'Jenis pemilu sebagaimana diberikan sumber (misalnya DPR).',
        en: 'Election type as given by the source (for example DPR).',
      },
    },
    {
      name: 'dapil_id',
      type: 'text',
      source: 'IdDapil',
      nullable: true,
      title: { id: 'Kode dapil', en: 'Dapil id' },
      description: {
        id: 'Kode daerah pemilihan, teks berupa angka (nol di depan dipertahankan).',
        en: 'Electoral district (dapil) identifier, digits kept as text (leading zeros preserved).',
      },
    },
    {
      name: 'dapil_name',
      type: 'text',
      source: 'NamaDapil',
      nullable: true,
      title: { id: 'Nama dapil', en: 'Dapil name' },
      description: { id: 'Nama daerah pemilihan.', en: 'Electoral district (dapil) name.' },
    },
    {
      name: 'province_name',
      type: 'text',
      source: 'NamaProvinsi',
      nullable: true,
      title: { id: 'Provinsi', en: 'Province' },
      description: { id: 'Nama provinsi.', en: 'Province name.' },
    },
    {
      name: 'regency_name',
      type: 'text',
      source: 'NamaKabupaten',
      nullable: true,
      title: { id: 'Kabupaten/kota', en: 'Regency or city' },
      description: { id: 'Nama kabupaten atau kota.', en: 'Regency or city name.' },
    },
    {
      name: 'province_code',
      type: 'text',
      source: null,
      nullable: true,
      derive: (_normalized, raw) => regionCodeOf(raw, 'province'),
      title: { id: 'Kode provinsi', en: 'Province code' },
      description: {
        id: 'Kode provinsi Kemendagri (dua angka, sama dengan kode BPS, misalnya 11): dua angka pertama kode dapil, yaitu provinsi pada saat pemilu; kosong bila bukan kode provinsi dalam daftar resmi.',
        en: "Kemendagri province code (two digits, the same as BPS's, e.g. 11): the dapil id's first two digits, the province at the time of the election; null when they are not a province code of the official list.",
      },
    },
    {
      name: 'regency_code',
      type: 'text',
      source: null,
      nullable: true,
      derive: (_normalized, raw) => regionCodeOf(raw, 'regency'),
      title: { id: 'Kode kabupaten/kota', en: 'Regency or city code' },
      description: {
        id: 'Kode kabupaten/kota Kemendagri saat ini (empat angka tanpa titik, sama dengan kode BPS, misalnya 1101), dicocokkan dari nama menurut aturan yang didokumentasikan; kosong (dan ditandai region-code-match) bila nama tidak cocok, tidak pernah ditebak.',
        en: "Current Kemendagri regency or city code (four digits without a dot, the same as BPS's, e.g. 1101), matched from the name by documented rules; null (and flagged region-code-match) when the name matches nothing, never guessed.",
      },
    },
    ...listColumns,
    countColumn('total_male', 'JumlahTotalPenggunaHakPilihLakiLaki', {
      id: 'laki-laki, semua daftar',
      en: 'male, all lists',
    }),
    countColumn('total_female', 'JumlahTotalPenggunaHakPilihPerempuan', {
      id: 'perempuan, semua daftar',
      en: 'female, all lists',
    }),
    countColumn('total_voters', 'JumlahSeluruhPenggunaHakPilih', {
      id: 'laki-laki dan perempuan, semua daftar',
      en: 'male and female, all lists',
    }),
    QUALITY_FLAGS_COLUMN,
  ],
  rules,
  addedContentLicence: REGION_CODES_LICENCE,
  roles: {
    year: 'election_year',
    pageKey: 'dapil_id',
    displayName: 'dapil_name',
    groupName: 'province_name',
    recordName: 'regency_name',
    filter: 'dapil_id',
    countGroups,
    provinceCode: 'province_code',
    regencyCode: 'regency_code',
  },
  officialListFields: { dapil: 'IdDapil', regency: 'NamaKabupaten' },
  // Each record to its dapil in the official dapil list; the release declares it for a file only when every record
  // of the file finds its dapil there (docs/data.md, "datapackage.json").
  references: [
    { columns: ['election_year', 'dapil_id'], dataset: 'dapil-list', referencedColumns: ['election_year', 'dapil_id'] },
    ...regionReferencesOf(['province', 'regency']),
  ],
  pages: {
    slug: { id: 'dapil', en: 'dapil' },
    view: 'counts',
    keyLabel: { id: 'Dapil', en: 'Dapil' },
    recordsLabel: { id: 'Rekaman pengguna hak pilih', en: 'Turnout records' },
    countsNote: COUNTS_MEANING,
  },
});

export { VOTER_LISTS, SEXES, COUNTS_MEANING };
