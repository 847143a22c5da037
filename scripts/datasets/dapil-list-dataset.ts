// The official dapil list: one record per DPR electoral district of each election as its law sets it (id, name,
// province, seats, the number of member regencies, the law), keyed by election year and dapil id, so other tables'
// dapil ids have one row to refer to. Not harvested: the project ships it from the same tables as the dapils'
// members (dapils/), for every election year the harvest holds that a table covers.
import type { ColumnDefinition, RawRecord } from './dataset-definition.ts';
import { defineDataset, QUALITY_FLAGS_COLUMN } from './dataset-definition.ts';
import { OFFICIAL_DAPILS } from './dapils/official-dapil-tables.ts';
import type { OfficialDapilYear } from './dapils/official-dapils.ts';
import { DAPIL_TABLES_SOURCE, dapilDataset } from './dapil-dataset.ts';
import {
  createCountDigitsRule,
  createFieldStringRule,
  createKeyUniqueRule,
  createNameNonEmptyRule,
  createDapilIdFormRule,
  createYearFormatRule,
} from './quality-rules.ts';
import { regionReferencesOf } from './region-list-dataset.ts';
import type { Localized } from '../languages.ts';

const upstreamFields: readonly string[] = [
  'TahunPemilu',
  'IdDapil',
  'NamaDapil',
  'KodeProvinsi',
  'NamaProvinsi',
  'JumlahKursi',
  'JumlahKabupaten',
  'DasarHukum',
];

const keyFields: readonly string[] = ['TahunPemilu', 'IdDapil'];

/**
 * A table's dapils, one record each, in the table's order; every value a string, as the upstream's are.
 * Example: 2014, ACEH I → {TahunPemilu: "2014", IdDapil: "1101", NamaDapil: "ACEH I", KodeProvinsi: "11",
 * NamaProvinsi: "ACEH", JumlahKursi: "7", JumlahKabupaten: "13", DasarHukum: "annex of UU 8/2012 / Lampiran …"}.
 * The voters abroad are a member of DKI JAKARTA II but no regency, so they are not counted in JumlahKabupaten.
 */
export function dapilListRecordsOf(table: OfficialDapilYear): RawRecord[] {
  return table.dapils.map((dapil) => ({
    TahunPemilu: String(table.year),
    IdDapil: dapil.id,
    NamaDapil: dapil.name,
    KodeProvinsi: dapil.provinceCode,
    NamaProvinsi: dapil.provinceName,
    JumlahKursi: String(dapil.seats),
    JumlahKabupaten: String(dapil.members.filter(([code]) => code !== null).length),
    DasarHukum: `${table.law.en} / ${table.law.id}`,
  }));
}

/**
 * Each dapil's province code by year and dapil id (`2014|1101` → `11`): a derived column, as in the other datasets
 * (the raw record's KodeProvinsi holds the same), so a column name means one thing in every dataset.
 */
const PROVINCE_CODES = new Map<string, string>(
  OFFICIAL_DAPILS.flatMap((table) =>
    table.dapils.map((dapil) => [`${table.year}|${dapil.id}`, dapil.provinceCode] as const),
  ),
);

function column(
  name: string,
  source: string,
  type: ColumnDefinition['type'],
  title: Localized,
  description: Localized,
): ColumnDefinition {
  return { name, type, source, nullable: false, title, description };
}

/** The columns the dapil list shares with the dapils' members, declared there once. */
function memberColumn(name: string): ColumnDefinition {
  const found = dapilDataset.columns.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`the dapils dataset declares no column ${name}`);
  return found;
}

export const dapilListDataset = defineDataset({
  id: 'dapil-list',
  origin: {
    kind: 'project',
    source: DAPIL_TABLES_SOURCE,
    async *records({ years }) {
      for (const table of OFFICIAL_DAPILS) if (years.includes(table.year)) yield dapilListRecordsOf(table);
    },
  },
  fileStem: 'kpu-dpr-dapil-list-official',
  title: { id: 'Daftar dapil DPR resmi', en: 'Official DPR dapil list' },
  description: {
    id: 'Daftar daerah pemilihan (dapil) anggota DPR menurut undang-undang tiap pemilu, satu rekaman per dapil: kode, nama, provinsi, jumlah kursi, jumlah kabupaten/kota, dan dasar hukumnya. Kunci (tahun pemilu, kode dapil) unik, jadi tabel lain dapat merujuknya.',
    en: 'The electoral districts (dapils) of the DPR as each election’s law sets them, one record per dapil: id, name, province, seats, number of member regencies and the law. Its key (election year, dapil id) is unique, so other tables refer to it.',
  },
  path: '',
  upstreamName: '',
  upstreamFields,
  keyFields,
  yearField: 'TahunPemilu',
  valuesSeenFields: [],
  filterParameter: '',
  // Each dapil to its province in the province list of the same year.
  references: regionReferencesOf(['province']),
  roles: { year: 'election_year', pageKey: 'dapil_id', displayName: 'dapil_name', groupName: 'province_name' },
  pages: null,
  columns: [
    memberColumn('election_year'),
    memberColumn('dapil_id'),
    memberColumn('dapil_name'),
    {
      name: 'province_code',
      type: 'text',
      source: null,
      derive: (normalized) =>
        PROVINCE_CODES.get(`${String(normalized.election_year)}|${String(normalized.dapil_id)}`) ?? null,
      nullable: true,
      title: { id: 'Kode provinsi', en: 'Province code' },
      description: {
        id: 'Kode Kemendagri dua angka dari provinsi dapil pada pemilu itu, dari tabel proyek (KodeProvinsi).',
        en: "Two-digit Kemendagri code of the dapil's province at that election, from the project's table (KodeProvinsi).",
      },
    },
    memberColumn('province_name'),
    column(
      'seats',
      'JumlahKursi',
      'integer',
      { id: 'Jumlah kursi', en: 'Seats' },
      { id: 'Kursi DPR dapil ini.', en: 'DPR seats of the dapil.' },
    ),
    column(
      'regencies',
      'JumlahKabupaten',
      'integer',
      { id: 'Jumlah kabupaten/kota', en: 'Regencies' },
      {
        id: 'Jumlah kabupaten/kota anggota dapil (pemilih luar negeri tidak dihitung); daftarnya ada di berkas dapil resmi.',
        en: 'Number of member regencies and cities (the voters abroad not counted); the official dapils file lists them.',
      },
    ),
    column(
      'legal_basis',
      'DasarHukum',
      'text',
      { id: 'Dasar hukum', en: 'Legal basis' },
      {
        id: 'Peraturan yang menetapkan dapil ini (Inggris / Indonesia).',
        en: 'The law that sets the dapil (English / Indonesian).',
      },
    ),
    QUALITY_FLAGS_COLUMN,
  ],
  rules: [
    createFieldStringRule(upstreamFields),
    createYearFormatRule('TahunPemilu'),
    createDapilIdFormRule(),
    createNameNonEmptyRule(
      ['NamaDapil', 'NamaProvinsi', 'DasarHukum'],
      { id: 'Nama tidak kosong', en: 'Names not empty' },
      {
        id: 'NamaDapil, NamaProvinsi, dan DasarHukum berisi teks selain spasi.',
        en: 'NamaDapil, NamaProvinsi and DasarHukum hold text other than whitespace.',
      },
    ),
    createCountDigitsRule(['JumlahKursi', 'JumlahKabupaten']),
    createKeyUniqueRule(keyFields),
  ],
});
