// The party profile dataset: registration and leadership profile of parties per election year
// (seed 2.3, query `profilpartai`).
import {
  defineDataset,
  QUALITY_FLAGS_COLUMN,
  type ColumnDefinition,
  type ColumnType,
  type QualityRule,
} from './dataset-definition.ts';
import {
  createFieldStringRule,
  createTextEncodingRules,
  createKeyUniqueRule,
  createNameNonEmptyRule,
  createOptionalFormatRule,
  createPatternRule,
  createYearFormatRule,
} from './quality-rules.ts';
import { OFFICIAL_ELECTION_YEARS } from './dapils/official-dapil-tables.ts';
import { partyIdOf } from './party-identity.ts';
import { isAbsoluteHttpUrl, isEmailAddress, parseDayMonthYear, parseDecimalComma } from './value-parsers.ts';
import type { Localized } from '../languages.ts';

function column(
  name: string,
  source: string,
  type: ColumnType,
  title: Localized,
  description: Localized,
  unit?: ColumnDefinition['unit'],
): ColumnDefinition {
  return {
    name,
    type,
    source,
    ...(unit ? { unit } : {}),
    nullable: true,
    title,
    description,
  };
}

const upstreamFields: readonly string[] = [
  'tahunPemilu',
  'NomorUrutPartai',
  'NamaPartai',
  'AkronimNamaPartai',
  'AlamatKantor',
  'Email',
  'Website',
  'NamaNotaris',
  'AlamatNotaris',
  'NomorAktaNotaris',
  'TanggalAkteNotaris',
  'PersentaseKeterwakilanPerempuan',
  'NomorSk',
  'KetuaUmum',
  'SekretarisJenderal',
  'BendaharaUmum',
  'Link',
];

const keyFields: readonly string[] = ['tahunPemilu', 'NomorUrutPartai'];

function isPercentage(value: string): boolean {
  const parsed = parseDecimalComma(value);
  return parsed.ok && parsed.value !== null && parsed.value <= 100;
}

// UPSTREAM.md "Rules the data should obey", party profile. Website has no rule: the seed documents it without a
// scheme, and NomorAktaNotaris none either (the seed says digits, but UPSTREAM.md sets no rule and it is published as text).
const rules: readonly QualityRule[] = [
  createFieldStringRule(upstreamFields),
  ...createTextEncodingRules(upstreamFields),
  createYearFormatRule('tahunPemilu'),
  createPatternRule({
    id: 'ballot-number-digits',
    field: 'NomorUrutPartai',
    pattern: /^[0-9]+$/,
    expected: 'digits',
    title: { id: 'Nomor urut berupa angka', en: 'Ballot number is digits' },
    description: { id: 'NomorUrutPartai hanya terdiri atas angka.', en: 'NomorUrutPartai is digits only.' },
  }),
  createNameNonEmptyRule(
    ['NamaPartai'],
    { id: 'Nama partai tidak kosong', en: 'Party name not empty' },
    { id: 'NamaPartai berisi teks selain spasi.', en: 'NamaPartai holds text other than whitespace.' },
  ),
  createKeyUniqueRule(keyFields),
  createOptionalFormatRule({
    id: 'deed-date',
    field: 'TanggalAkteNotaris',
    accepts: (value) => parseDayMonthYear(value).ok,
    expected: 'a real date written DD-MM-YYYY',
    title: { id: 'Tanggal akta valid', en: 'Deed date valid' },
    description: {
      id: 'TanggalAkteNotaris kosong atau tanggal kalender yang benar-benar ada, ditulis DD-MM-YYYY.',
      en: 'TanggalAkteNotaris is empty or a real calendar date written DD-MM-YYYY.',
    },
  }),
  createOptionalFormatRule({
    id: 'women-pct',
    field: 'PersentaseKeterwakilanPerempuan',
    accepts: isPercentage,
    expected: 'a number from 0 to 100 with a decimal comma',
    title: { id: 'Persentase perempuan 0–100', en: "Women's share 0–100" },
    description: {
      id: 'PersentaseKeterwakilanPerempuan kosong atau angka 0 sampai 100 dengan koma desimal (30,5); titik tidak diterima.',
      en: 'PersentaseKeterwakilanPerempuan is empty or a number from 0 to 100 with a decimal comma (30,5); a dot is not accepted.',
    },
  }),
  createOptionalFormatRule({
    id: 'email-format',
    field: 'Email',
    accepts: (value) => isEmailAddress(value.trim()),
    expected: 'an e-mail address',
    title: { id: 'Surel valid', en: 'E-mail valid' },
    description: {
      id: 'Email kosong atau satu alamat surel (definisi WHATWG); spasi di awal dan akhir diabaikan karena dipangkas.',
      en: 'Email is empty or one e-mail address (WHATWG definition); leading and trailing spaces are ignored, since they are trimmed.',
    },
  }),
  createOptionalFormatRule({
    id: 'link-url',
    field: 'Link',
    accepts: (value) => isAbsoluteHttpUrl(value.trim()),
    expected: 'an absolute http(s) URL',
    title: { id: 'Tautan URL absolut', en: 'Link an absolute URL' },
    description: {
      id: 'Link kosong atau URL absolut http/https tanpa spasi atau garis miring terbalik; spasi di awal dan akhir diabaikan.',
      en: 'Link is empty or an absolute http/https URL without spaces or backslashes; leading and trailing spaces are ignored.',
    },
  }),
];

export const partyDataset = defineDataset({
  id: 'parties',
  fileStem: 'kpu-party-profiles',
  title: { id: 'Profil partai politik peserta pemilu', en: 'Profiles of the parties contesting the election' },
  description: {
    id: 'Profil pendaftaran dan kepengurusan partai politik peserta pemilu per tahun pemilu.',
    en: 'Registration and leadership profile of the political parties contesting the election, per election year.',
  },
  path: '/api/profilpartai',
  upstreamName: 'profilpartai',
  upstreamFields,
  keyFields,
  yearField: 'tahunPemilu',
  valuesSeenFields: [],
  filterParameter: 'tahun_pemilu',
  knownFilterValues: OFFICIAL_ELECTION_YEARS,
  columns: [
    column(
      'election_year',
      'tahunPemilu',
      'integer',
      { id: 'Tahun pemilu', en: 'Election year' },
      { id: 'Tahun penyelenggaraan pemilu.', en: 'Year of the election.' },
      'year',
    ),
    column(
      'ballot_number',
      'NomorUrutPartai',
      'text',
      { id: 'Nomor urut partai', en: 'Ballot number' },
      {
        id: 'Nomor urut partai pada surat suara, teks berupa angka.',
        en: "The party's number on the ballot, digits kept as text.",
      },
    ),
    column(
      'party_name',
      'NamaPartai',
      'text',
      { id: 'Nama partai', en: 'Party name' },
      { id: 'Nama lengkap partai.', en: 'Full name of the party.' },
    ),
    column(
      'party_acronym',
      'AkronimNamaPartai',
      'text',
      { id: 'Akronim', en: 'Acronym' },
      { id: 'Akronim atau singkatan nama partai.', en: "Acronym of the party's name." },
    ),
    {
      name: 'party_id',
      type: 'text',
      source: null,
      nullable: false,
      title: { id: 'Kode partai lintas tahun', en: 'Party id across years' },
      description: {
        id: 'Kode tetap partai yang sama di semua tahun pemilu (misalnya pdip), dari tabel alias partai yang dideklarasikan, termasuk partai yang berganti nama; partai yang tidak ada di tabel mendapat kode dari namanya sendiri.',
        en: 'Stable identifier of the same party in every election year (for example pdip), from the declared party alias table, renamed parties included; a party not in the table gets an identifier from its own name.',
      },
      derive: (record) =>
        partyIdOf({
          name: typeof record.party_name === 'string' ? record.party_name : null,
          acronym: typeof record.party_acronym === 'string' ? record.party_acronym : null,
          year: typeof record.election_year === 'number' ? record.election_year : null,
          ballot: typeof record.ballot_number === 'string' ? record.ballot_number : null,
        }),
    },
    column(
      'office_address',
      'AlamatKantor',
      'text',
      { id: 'Alamat kantor', en: 'Office address' },
      { id: 'Alamat kantor pusat partai.', en: "Address of the party's head office." },
    ),
    column(
      'email',
      'Email',
      'text',
      { id: 'Surel', en: 'E-mail' },
      { id: 'Alamat surel partai.', en: "The party's e-mail address." },
    ),
    column(
      'website',
      'Website',
      'text',
      { id: 'Situs web', en: 'Website' },
      {
        id: 'Alamat situs web partai, sebagaimana diberikan sumber (sering tanpa skema).',
        en: "The party's web address as the source gives it (often without a scheme).",
      },
    ),
    column(
      'notary_name',
      'NamaNotaris',
      'text',
      { id: 'Nama notaris', en: 'Notary' },
      { id: 'Nama notaris akta pendirian.', en: 'Name of the notary of the deed.' },
    ),
    column(
      'notary_address',
      'AlamatNotaris',
      'text',
      { id: 'Alamat notaris', en: "Notary's address" },
      { id: 'Alamat notaris.', en: "The notary's address." },
    ),
    column(
      'notarial_deed_number',
      'NomorAktaNotaris',
      'text',
      { id: 'Nomor akta notaris', en: 'Notarial deed number' },
      {
        id: 'Nomor akta notaris, teks sebagaimana diberikan sumber.',
        en: 'Notarial deed number, text as the source gives it.',
      },
    ),
    column(
      'notarial_deed_date',
      'TanggalAkteNotaris',
      'date',
      { id: 'Tanggal akta notaris', en: 'Notarial deed date' },
      {
        id: 'Tanggal akta notaris (ISO 8601, dari DD-MM-YYYY).',
        en: 'Date of the notarial deed (ISO 8601, from DD-MM-YYYY).',
      },
    ),
    column(
      'women_representation_pct',
      'PersentaseKeterwakilanPerempuan',
      'decimal',
      { id: 'Keterwakilan perempuan (%)', en: "Women's representation (%)" },
      {
        id: 'Persentase keterwakilan perempuan dalam kepengurusan pusat (koma desimal sumber diubah menjadi titik).',
        en: "Percentage of women in the central board (the source's decimal comma read as a decimal point).",
      },
      'percent',
    ),
    column(
      'decree_number',
      'NomorSk',
      'text',
      { id: 'Nomor SK', en: 'Decree number' },
      { id: 'Nomor surat keputusan, teks bebas.', en: 'Decree number, free text.' },
    ),
    column(
      'general_chair',
      'KetuaUmum',
      'text',
      { id: 'Ketua umum', en: 'General chair' },
      { id: 'Nama ketua umum.', en: 'Name of the general chair.' },
    ),
    column(
      'secretary_general',
      'SekretarisJenderal',
      'text',
      { id: 'Sekretaris jenderal', en: 'Secretary general' },
      { id: 'Nama sekretaris jenderal.', en: 'Name of the secretary general.' },
    ),
    column(
      'general_treasurer',
      'BendaharaUmum',
      'text',
      { id: 'Bendahara umum', en: 'General treasurer' },
      { id: 'Nama bendahara umum.', en: 'Name of the general treasurer.' },
    ),
    column(
      'verification_link',
      'Link',
      'text',
      { id: 'Tautan verifikasi', en: 'Verification link' },
      { id: 'URL halaman verifikasi partai.', en: "URL of the party's verification page." },
    ),
    QUALITY_FLAGS_COLUMN,
  ],
  rules,
  roles: {
    year: 'election_year',
    pageKey: 'ballot_number',
    displayName: 'party_name',
    shortName: 'party_acronym',
    acrossYears: 'party_id',
    filter: 'election_year',
  },
  pages: {
    slug: { id: 'partai', en: 'party' },
    view: 'profile',
    keyLabel: { id: 'Nomor urut', en: 'Ballot number' },
    recordsLabel: { id: 'Rekaman partai', en: 'Party records' },
    yearTable: true,
  },
});
