// The long (tidy) turnout dataset: every count of a normalized turnout record as a row of its own,
// one per voter list and sex, with the record's identity, and a marker saying whether the row is a part
// (one list, one sex) or one of the source's own totals. Derived, not harvested: computed from the turnout
// records in the snapshot stage, written in the same formats, never read from the upstream.
import type { ColumnDefinition, DerivedDatasetDefinition } from './dataset-definition.ts';
import { QUALITY_FLAGS_COLUMN } from './dataset-definition.ts';
import type { Localized } from '../languages.ts';
import { REGION_CODES_LICENCE } from './regions/official-regions.ts';
import { COUNTS_MEANING, turnoutDataset, VOTER_LISTS, SEXES } from './turnout-dataset.ts';

/** The record columns each long row repeats, as the wide file declares them (same names, types and words). */
const IDENTITY_COLUMNS = [
  'election_year',
  'election_type',
  'dapil_id',
  'dapil_name',
  'province_name',
  'regency_name',
  'province_code',
  'regency_code',
];

function wideColumn(name: string): ColumnDefinition {
  const column = turnoutDataset.columns.find((candidate) => candidate.name === name);
  if (!column) throw new Error(`turnout declares no column ${name}`);
  return column;
}

type ListCode = (typeof VOTER_LISTS)[number]['code'] | 'all';
type SexCode = (typeof SEXES)[number]['code'];

/** One cell of the wide record: which list and sex, its wide column, and whether the source gives it as a total. */
export interface LongCell {
  voterList: ListCode;
  sex: SexCode;
  /** The wide column the value comes from. */
  column: string;
  /** 'part': one list and one sex, the smallest unit; 'total': a sum the source gives itself. */
  kind: 'part' | 'total';
}

const ALL_SEX_COLUMNS: Record<SexCode, string> = { male: 'total_male', female: 'total_female', total: 'total_voters' };

/**
 * The wide record's 12 counts in row order: DPT, DPTb, DPK, then all lists; each male, female, both. The 6 cells
 * of one list and one sex are parts; the both-sexes cell of a list and every all-lists cell are the source's totals.
 */
export const LONG_CELLS: readonly LongCell[] = [
  ...VOTER_LISTS.flatMap((list) =>
    SEXES.map((sex): LongCell => ({
      voterList: list.code,
      sex: sex.code,
      column: `${list.code}_${sex.code}`,
      kind: sex.code === 'total' ? 'total' : 'part',
    })),
  ),
  ...SEXES.map((sex): LongCell => ({
    voterList: 'all',
    sex: sex.code,
    column: ALL_SEX_COLUMNS[sex.code],
    kind: 'total',
  })),
];

const HOW_TO_SUM: Localized = {
  id: 'Setiap nilai sumber ada tepat satu kali, jadi menjumlahkan semua baris menghitung ganda. Jumlahkan baris `count_kind = part` saja (satu daftar, satu jenis kelamin), atau ambil baris total sumber yang diinginkan (misalnya `voter_list = all` dan `sex = total`). Pada rekaman dengan catatan kualitas (`quality_flags` tidak kosong) jumlah bagian dapat berbeda dari total sumber; keduanya diterbitkan apa adanya.',
  en: "Every source value appears exactly once, so summing every row counts twice. Sum the `count_kind = part` rows only (one list, one sex), or take the source's total you want (for example `voter_list = all` and `sex = total`). In a flagged record (`quality_flags` not empty) the parts may not add up to the source's totals; both are published as given.",
};

const columns: readonly ColumnDefinition[] = [
  ...IDENTITY_COLUMNS.map(wideColumn),
  {
    name: 'voter_list',
    type: 'text',
    source: null,
    nullable: false,
    title: { id: 'Daftar pemilih', en: 'Voter list' },
    description: {
      id: `Daftar pemilih: ${VOTER_LISTS.map((list) => `\`${list.code}\` (${list.legal})`).join(', ')} atau \`all\` (ketiganya bersama).`,
      en: `Voter list: ${VOTER_LISTS.map((list) => `\`${list.code}\` (${list.legal})`).join(', ')} or \`all\` (the three together).`,
    },
  },
  {
    name: 'sex',
    type: 'text',
    source: null,
    nullable: false,
    title: { id: 'Jenis kelamin', en: 'Sex' },
    description: {
      id: '`male` (laki-laki), `female` (perempuan) atau `total` (laki-laki dan perempuan).',
      en: '`male`, `female` or `total` (male and female together).',
    },
  },
  {
    name: 'voters',
    type: 'integer',
    source: null,
    unit: 'persons',
    nullable: true,
    title: { id: 'Pengguna hak pilih', en: 'Voters who voted' },
    description: {
      id: `Nilai kolom lebar yang sesuai (misalnya \`dptb_female\` untuk \`dptb\`, \`female\`), sama persis. ${COUNTS_MEANING.id}`,
      en: `The value of the matching wide column (for example \`dptb_female\` for \`dptb\`, \`female\`), exactly. ${COUNTS_MEANING.en}`,
    },
  },
  {
    name: 'count_kind',
    type: 'text',
    source: null,
    nullable: false,
    title: { id: 'Jenis angka', en: 'Count kind' },
    description: {
      id: '`part`: satu daftar dan satu jenis kelamin; `total`: jumlah yang diberikan sumber sendiri (laki-laki dan perempuan suatu daftar, atau semua daftar). Jumlahkan baris `part` saja, atau ambil satu total: menjumlahkan semua baris menghitung ganda.',
      en: "`part`: one list and one sex; `total`: a sum the source gives itself (a list's male and female together, or all lists). Sum the `part` rows only, or take one total: summing every row counts twice.",
    },
  },
  {
    ...QUALITY_FLAGS_COLUMN,
    description: {
      id: 'Kode aturan kualitas data yang dilanggar rekaman pengguna hak pilih asal baris ini (sama di ke-12 barisnya); kosong bila semua aturan terpenuhi.',
      en: 'Ids of the data quality rules the turnout record this row comes from breaks (the same on its 12 rows); empty when it obeys every rule.',
    },
  },
];

export const turnoutLongDataset: DerivedDatasetDefinition = {
  id: 'turnout-long',
  fileStem: 'kpu-dpr-turnout-long',
  title: {
    id: 'Pengguna hak pilih Pemilu DPR, format panjang',
    en: 'Voters who voted in the DPR election, long format',
  },
  description: {
    id: `Data pengguna hak pilih yang sama dalam format panjang (tidy): satu baris per tahun pemilu, dapil, kabupaten/kota, daftar pemilih dan jenis kelamin, dengan jumlahnya. Diturunkan dari rekaman pengguna hak pilih ternormalisasi, bukan diambil terpisah dari sumber. ${HOW_TO_SUM.id}`,
    en: `The same turnout data in long (tidy) form: one row per election year, dapil, regency, voter list and sex, with the count. Derived from the normalized turnout records, not harvested separately. ${HOW_TO_SUM.en}`,
  },
  from: 'turnout',
  primaryKey: ['election_year', 'election_type', 'dapil_id', 'regency_name', 'voter_list', 'sex'],
  // Each row to the wide record it comes from: the wide file's primary key (turnoutDataset's key fields).
  references: [
    {
      columns: ['election_year', 'election_type', 'dapil_id', 'regency_name'],
      dataset: 'turnout',
      referencedColumns: ['election_year', 'election_type', 'dapil_id', 'regency_name'],
    },
  ],
  addedContentLicence: REGION_CODES_LICENCE,
  columns,
  // The 12 rows of one normalized turnout record: {election_year: 2014, …, dpt_male: 10, dpt_female: 12,
  // dpt_total: 22, …, total_voters: 40, quality_flags: []} → [{…, voter_list: "dpt", sex: "male", voters: 10,
  // count_kind: "part", quality_flags: []}, {… "dpt", "female", 12, "part"}, {… "dpt", "total", 22, "total"}, …,
  // {… "all", "total", 40, "total"}].
  unpivot: {
    repeated: [...IDENTITY_COLUMNS, QUALITY_FLAGS_COLUMN.name],
    value: 'voters',
    cells: LONG_CELLS.map((cell) => ({
      from: cell.column,
      fixed: { voter_list: cell.voterList, sex: cell.sex, count_kind: cell.kind },
    })),
  },
};
