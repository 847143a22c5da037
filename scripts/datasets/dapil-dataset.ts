// The official dapils dataset: the DPR electoral districts of each election as the law sets them, one record per
// member of a dapil (dapil id, name, province, seats, regency code and name). Not harvested: the project ships it
// from its own tables (dapils/), for every election year the harvest holds that a table covers.
import type { ColumnDefinition, RawRecord } from './dataset-definition.ts';
import { defineDataset, QUALITY_FLAGS_COLUMN } from './dataset-definition.ts';
import { REGION_CODES_LICENCE } from './regions/official-regions.ts';
import { regionReferencesOf } from './region-list-dataset.ts';
import { OFFICIAL_DAPILS } from './dapils/official-dapil-tables.ts';
import type { OfficialDapilYear } from './dapils/official-dapils.ts';
import {
  createCountDigitsRule,
  createFieldStringRule,
  createKeyUniqueRule,
  createNameNonEmptyRule,
  createDapilIdFormRule,
  createYearFormatRule,
} from './quality-rules.ts';
import type { Localized } from '../languages.ts';

const upstreamFields: readonly string[] = [
  'TahunPemilu',
  'IdDapil',
  'NamaDapil',
  'KodeProvinsi',
  'NamaProvinsi',
  'JumlahKursi',
  'KodeKabupaten',
  'NamaKabupaten',
  'Catatan',
];

const keyFields: readonly string[] = ['TahunPemilu', 'IdDapil', 'NamaKabupaten'];

/**
 * A table's records, one per member, in the table's order; every value a string, as the upstream's are.
 * Example: 2014, ACEH I, ACEH SELATAN → {TahunPemilu: "2014", IdDapil: "1101", NamaDapil: "ACEH I", KodeProvinsi:
 * "11", NamaProvinsi: "ACEH", JumlahKursi: "7", KodeKabupaten: "1101", NamaKabupaten: "ACEH SELATAN", Catatan: ""};
 * the voters abroad have KodeKabupaten "" and their note in Catatan ("Indonesian / English").
 */
export function dapilRecordsOf(table: OfficialDapilYear): RawRecord[] {
  return table.dapils.flatMap((dapil) =>
    dapil.members.map(([code, name, note]) => ({
      TahunPemilu: String(table.year),
      IdDapil: dapil.id,
      NamaDapil: dapil.name,
      KodeProvinsi: dapil.provinceCode,
      NamaProvinsi: dapil.provinceName,
      JumlahKursi: String(dapil.seats),
      KodeKabupaten: code ?? '',
      NamaKabupaten: name,
      Catatan: note ? `${note.id} / ${note.en}` : '',
    })),
  );
}

/** Each table member's codes by year, dapil id and member name: `2014|1101|ACEH SELATAN` → province 11, regency 1101. */
const CODES = new Map<string, { province: string; regency: string | null }>(
  OFFICIAL_DAPILS.flatMap((table) =>
    table.dapils.flatMap((dapil) =>
      dapil.members.map(
        ([code, name]) =>
          [`${table.year}|${dapil.id}|${name}`, { province: dapil.provinceCode, regency: code }] as const,
      ),
    ),
  ),
);

/**
 * The codes of a normalized record, looked up in the table it came from (the raw record's KodeProvinsi and
 * KodeKabupaten hold the same): derived columns like turnout's region codes, so a column name means one thing.
 */
function officialCodes(normalized: Readonly<Record<string, unknown>>): {
  province: string | null;
  regency: string | null;
} {
  const key = `${String(normalized.election_year)}|${String(normalized.dapil_id)}|${String(normalized.regency_name)}`;
  return CODES.get(key) ?? { province: null, regency: null };
}

function column(
  name: string,
  source: string,
  type: ColumnDefinition['type'],
  nullable: boolean,
  title: Localized,
  description: Localized,
): ColumnDefinition {
  return { name, type, source, nullable, title, description };
}

/** The law the project's dapil tables come from, and why the project may publish them. */
export const DAPIL_TABLES_SOURCE: Localized = {
  id: 'Tabel proyek ini dari hukum publik: Lampiran UU 8/2012 (2014), Lampiran III UU 7/2017 (2019), Lampiran III UU 7/2017 sebagaimana diubah dengan Perppu 1/2022 dan PKPU 6/2023 (2024). Peraturan perundang-undangan tidak dilindungi hak cipta (UU 28/2014 pasal 42).',
  en: "The project's own tables of public law: the annex of UU 8/2012 (2014), annex III of UU 7/2017 (2019), annex III of UU 7/2017 as amended by Perppu 1/2022, with PKPU 6/2023 (2024). Laws are not covered by copyright in Indonesia (UU 28/2014 art. 42).",
};

export const dapilDataset = defineDataset({
  id: 'dapils',
  origin: {
    kind: 'project',
    source: DAPIL_TABLES_SOURCE,
    async *records({ years }) {
      for (const table of OFFICIAL_DAPILS) if (years.includes(table.year)) yield dapilRecordsOf(table);
    },
  },
  fileStem: 'kpu-dpr-dapils-official',
  title: { id: 'Dapil DPR resmi', en: 'Official DPR dapils' },
  description: {
    id: 'Daerah pemilihan (dapil) anggota DPR menurut undang-undang tiap pemilu: kode, nama, provinsi, jumlah kursi, dan kabupaten/kota anggotanya dengan kode Kemendagri; satu rekaman per anggota dapil.',
    en: 'The electoral districts (dapils) of the DPR as each election’s law sets them: id, name, province, seats, and member regencies with their Kemendagri codes; one record per member of a dapil.',
  },
  path: '',
  upstreamName: '',
  upstreamFields,
  keyFields,
  yearField: 'TahunPemilu',
  valuesSeenFields: [],
  filterParameter: '',
  addedContentLicence: REGION_CODES_LICENCE,
  // Each member to its dapil's one record in the dapil list.
  references: [
    { columns: ['election_year', 'dapil_id'], dataset: 'dapil-list', referencedColumns: ['election_year', 'dapil_id'] },
    // Not its regency_code: the voters abroad are no regency, and frictionless-py looks (year, null) up, not skips it.
    ...regionReferencesOf(['province']),
  ],
  roles: {
    year: 'election_year',
    pageKey: 'dapil_id',
    displayName: 'dapil_name',
    recordName: 'regency_name',
    groupName: 'province_name',
  },
  pages: null,
  columns: [
    {
      name: 'election_year',
      type: 'integer',
      source: 'TahunPemilu',
      unit: 'year',
      nullable: false,
      title: { id: 'Tahun pemilu', en: 'Election year' },
      description: { id: 'Tahun penyelenggaraan pemilu.', en: 'Year of the election.' },
    },
    column(
      'dapil_id',
      'IdDapil',
      'text',
      false,
      { id: 'Kode dapil', en: 'Dapil id' },
      {
        id: 'Kode provinsi ditambah nomor dapil dua angka, bentuk yang dipakai sumber (1101 = ACEH I).',
        en: "Province code + two-digit dapil number, the upstream's form (1101 = ACEH I).",
      },
    ),
    column(
      'dapil_name',
      'NamaDapil',
      'text',
      false,
      { id: 'Nama dapil', en: 'Dapil name' },
      { id: 'Nama daerah pemilihan menurut undang-undang.', en: 'Electoral district (dapil) name, as the law has it.' },
    ),
    column(
      'province_name',
      'NamaProvinsi',
      'text',
      false,
      { id: 'Provinsi', en: 'Province' },
      { id: 'Nama provinsi dapil.', en: "Name of the dapil's province." },
    ),
    column(
      'seats',
      'JumlahKursi',
      'integer',
      false,
      { id: 'Jumlah kursi', en: 'Seats' },
      {
        id: 'Kursi DPR dapil ini (sama pada tiap anggotanya; jumlahkan sekali per dapil).',
        en: 'DPR seats of the dapil (repeated on each of its members: sum once per dapil).',
      },
    ),
    column(
      'regency_name',
      'NamaKabupaten',
      'text',
      false,
      { id: 'Kabupaten/kota', en: 'Regency or city' },
      {
        id: 'Nama kabupaten/kota anggota dapil, atau LUAR NEGERI untuk pemilih di luar negeri.',
        en: 'Name of the member regency or city, or LUAR NEGERI for the voters abroad.',
      },
    ),
    {
      name: 'province_code',
      type: 'text',
      source: null,
      derive: (normalized) => officialCodes(normalized).province,
      nullable: true,
      title: { id: 'Kode provinsi', en: 'Province code' },
      description: {
        id: 'Kode Kemendagri dua angka dari provinsi dapil pada pemilu itu, dari tabel proyek (KodeProvinsi).',
        en: "Two-digit Kemendagri code of the dapil's province at that election, from the project's table (KodeProvinsi).",
      },
    },
    {
      name: 'regency_code',
      type: 'text',
      source: null,
      derive: (normalized) => officialCodes(normalized).regency,
      nullable: true,
      title: { id: 'Kode kabupaten/kota', en: 'Regency code' },
      description: {
        id: 'Kode Kemendagri empat angka saat ini (1101), dari tabel proyek (KodeKabupaten); kosong untuk pemilih luar negeri, yang bukan kabupaten/kota.',
        en: "Current four-digit Kemendagri code (1101), from the project's table (KodeKabupaten); empty for the voters abroad, who are not a regency.",
      },
    },
    column(
      'note',
      'Catatan',
      'text',
      true,
      { id: 'Catatan', en: 'Note' },
      {
        id: 'Keterangan anggota yang tidak biasa (Indonesia / Inggris), misalnya kabupaten yang dibentuk setelah undang-undang.',
        en: 'What is unusual about the member (Indonesian / English), for example a regency formed after the law.',
      },
    ),
    QUALITY_FLAGS_COLUMN,
  ],
  rules: [
    createFieldStringRule(upstreamFields),
    createYearFormatRule('TahunPemilu'),
    createDapilIdFormRule(),
    createNameNonEmptyRule(
      ['NamaDapil', 'NamaProvinsi', 'NamaKabupaten'],
      { id: 'Nama tidak kosong', en: 'Names not empty' },
      {
        id: 'NamaDapil, NamaProvinsi, dan NamaKabupaten berisi teks selain spasi.',
        en: 'NamaDapil, NamaProvinsi and NamaKabupaten hold text other than whitespace.',
      },
    ),
    createCountDigitsRule(['JumlahKursi']),
    createKeyUniqueRule(keyFields),
  ],
});
