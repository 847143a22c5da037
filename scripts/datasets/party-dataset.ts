// The party profile dataset: registration and leadership profile of parties per election year
// (seed 2.3, query `profilpartai`).
import {
  QUALITY_FLAGS_COLUMN,
  type ColumnDefinition,
  type ColumnType,
  type DatasetDefinition,
  type QualityRule,
} from './dataset-definition.ts';
import {
  createFieldStringRule,
  createTextEncodingRules,
  createKeyUniqueRule,
  createNameNonEmptyRule,
  createOptionalFormatRule,
  createPatternRule,
} from './quality-rules.ts';
import { isAbsoluteHttpUrl, isEmailAddress, parseDayMonthYear, parseDecimalComma } from './value-parsers.ts';

function column(
  name: string,
  source: string,
  type: ColumnType,
  title: [id: string, en: string],
  description: [id: string, en: string],
  unit?: ColumnDefinition['unit'],
): ColumnDefinition {
  return {
    name,
    type,
    source,
    ...(unit ? { unit } : {}),
    nullable: true,
    title: { id: title[0], en: title[1] },
    description: { id: description[0], en: description[1] },
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
  createPatternRule({
    id: 'year-format',
    field: 'tahunPemilu',
    pattern: /^[0-9]{4}$/,
    expected: 'four digits',
    title: ['Tahun empat angka', 'Year of four digits'],
    description: ['tahunPemilu terdiri atas tepat empat angka.', 'tahunPemilu is exactly four digits.'],
  }),
  createPatternRule({
    id: 'ballot-number-digits',
    field: 'NomorUrutPartai',
    pattern: /^[0-9]+$/,
    expected: 'digits',
    title: ['Nomor urut berupa angka', 'Ballot number is digits'],
    description: ['NomorUrutPartai hanya terdiri atas angka.', 'NomorUrutPartai is digits only.'],
  }),
  createNameNonEmptyRule(
    ['NamaPartai'],
    ['Nama partai tidak kosong', 'Party name not empty'],
    ['NamaPartai berisi teks selain spasi.', 'NamaPartai holds text other than whitespace.'],
  ),
  createKeyUniqueRule(keyFields),
  createOptionalFormatRule({
    id: 'deed-date',
    field: 'TanggalAkteNotaris',
    accepts: (value) => parseDayMonthYear(value).ok,
    expected: 'a real date written DD-MM-YYYY',
    title: ['Tanggal akta valid', 'Deed date valid'],
    description: [
      'TanggalAkteNotaris kosong atau tanggal kalender yang benar-benar ada, ditulis DD-MM-YYYY.',
      'TanggalAkteNotaris is empty or a real calendar date written DD-MM-YYYY.',
    ],
  }),
  createOptionalFormatRule({
    id: 'women-pct',
    field: 'PersentaseKeterwakilanPerempuan',
    accepts: isPercentage,
    expected: 'a number from 0 to 100 with a decimal comma',
    title: ['Persentase perempuan 0–100', "Women's share 0–100"],
    description: [
      'PersentaseKeterwakilanPerempuan kosong atau angka 0 sampai 100 dengan koma desimal (30,5); titik tidak diterima.',
      'PersentaseKeterwakilanPerempuan is empty or a number from 0 to 100 with a decimal comma (30,5); a dot is not accepted.',
    ],
  }),
  createOptionalFormatRule({
    id: 'email-format',
    field: 'Email',
    accepts: (value) => isEmailAddress(value.trim()),
    expected: 'an e-mail address',
    title: ['Surel valid', 'E-mail valid'],
    description: [
      'Email kosong atau satu alamat surel (definisi WHATWG); spasi di awal dan akhir diabaikan karena dipangkas.',
      'Email is empty or one e-mail address (WHATWG definition); leading and trailing spaces are ignored, since they are trimmed.',
    ],
  }),
  createOptionalFormatRule({
    id: 'link-url',
    field: 'Link',
    accepts: (value) => isAbsoluteHttpUrl(value.trim()),
    expected: 'an absolute http(s) URL',
    title: ['Tautan URL absolut', 'Link an absolute URL'],
    description: [
      'Link kosong atau URL absolut http/https tanpa spasi atau garis miring terbalik; spasi di awal dan akhir diabaikan.',
      'Link is empty or an absolute http/https URL without spaces or backslashes; leading and trailing spaces are ignored.',
    ],
  }),
];

export const partyDataset: DatasetDefinition = {
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
  columns: [
    column('election_year', 'tahunPemilu', 'integer', ['Tahun pemilu', 'Election year'], ['Tahun penyelenggaraan pemilu.', 'Year of the election.'], 'year'),
    column(
      'ballot_number',
      'NomorUrutPartai',
      'text',
      ['Nomor urut partai', 'Ballot number'],
      ['Nomor urut partai pada surat suara, teks berupa angka.', "The party's number on the ballot, digits kept as text."],
    ),
    column('party_name', 'NamaPartai', 'text', ['Nama partai', 'Party name'], ['Nama lengkap partai.', 'Full name of the party.']),
    column('party_acronym', 'AkronimNamaPartai', 'text', ['Akronim', 'Acronym'], ['Akronim atau singkatan nama partai.', "Acronym of the party's name."]),
    column('office_address', 'AlamatKantor', 'text', ['Alamat kantor', 'Office address'], ['Alamat kantor pusat partai.', "Address of the party's head office."]),
    column('email', 'Email', 'text', ['Surel', 'E-mail'], ['Alamat surel partai.', "The party's e-mail address."]),
    column(
      'website',
      'Website',
      'text',
      ['Situs web', 'Website'],
      ['Alamat situs web partai, sebagaimana diberikan sumber (sering tanpa skema).', "The party's web address as the source gives it (often without a scheme)."],
    ),
    column('notary_name', 'NamaNotaris', 'text', ['Nama notaris', 'Notary'], ['Nama notaris akta pendirian.', 'Name of the notary of the deed.']),
    column('notary_address', 'AlamatNotaris', 'text', ['Alamat notaris', "Notary's address"], ['Alamat notaris.', "The notary's address."]),
    column(
      'notarial_deed_number',
      'NomorAktaNotaris',
      'text',
      ['Nomor akta notaris', 'Notarial deed number'],
      ['Nomor akta notaris, teks sebagaimana diberikan sumber.', 'Notarial deed number, text as the source gives it.'],
    ),
    column(
      'notarial_deed_date',
      'TanggalAkteNotaris',
      'date',
      ['Tanggal akta notaris', 'Notarial deed date'],
      ['Tanggal akta notaris (ISO 8601, dari DD-MM-YYYY).', 'Date of the notarial deed (ISO 8601, from DD-MM-YYYY).'],
    ),
    column(
      'women_representation_pct',
      'PersentaseKeterwakilanPerempuan',
      'decimal',
      ['Keterwakilan perempuan (%)', "Women's representation (%)"],
      [
        'Persentase keterwakilan perempuan dalam kepengurusan pusat (koma desimal sumber diubah menjadi titik).',
        "Percentage of women in the central board (the source's decimal comma read as a decimal point).",
      ],
      'percent',
    ),
    column('decree_number', 'NomorSk', 'text', ['Nomor SK', 'Decree number'], ['Nomor surat keputusan, teks bebas.', 'Decree number, free text.']),
    column('general_chair', 'KetuaUmum', 'text', ['Ketua umum', 'General chair'], ['Nama ketua umum.', 'Name of the general chair.']),
    column('secretary_general', 'SekretarisJenderal', 'text', ['Sekretaris jenderal', 'Secretary general'], ['Nama sekretaris jenderal.', 'Name of the secretary general.']),
    column('general_treasurer', 'BendaharaUmum', 'text', ['Bendahara umum', 'General treasurer'], ['Nama bendahara umum.', 'Name of the general treasurer.']),
    column(
      'verification_link',
      'Link',
      'text',
      ['Tautan verifikasi', 'Verification link'],
      ['URL halaman verifikasi partai.', "URL of the party's verification page."],
    ),
    QUALITY_FLAGS_COLUMN,
  ],
  rules,
};
