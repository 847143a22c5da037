// Hand-written synthetic normalized records for both datasets (made-up names and figures, not real data),
// holding every case the snapshot formats must carry unchanged: nulls, leading zeros, commas, quotes, line
// breaks, non-ASCII, decimals, dates before 1970, the largest exact integer, empty and two-element flag lists.
import type { ColumnDefinition, DatasetDefinition } from '../../scripts/datasets/dataset-definition.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import type { NormalizedRecord, NormalizedValue } from '../../scripts/snapshot/arrow-schema.ts';

/**
 * Text that breaks naive XML writers: markup characters, a carriage return (an XML parser turns a raw one into a
 * line feed), control characters XML 1.0 cannot hold, a literal ECMA-376 escape, non-characters, edge spaces,
 * non-BMP characters and a text longer than a spreadsheet shows.
 */
export const AWKWARD_TEXTS: readonly string[] = [
  'Jalan <Merdeka> & "Sudirman"',
  'baris satu\r\nbaris dua',
  'tab\there',
  'bell\u0007 and escape\u001b[31m and nul\u0000',
  'a literal _x0041_ is not an A',
  '_x005F_ twice _x005f_',
  'U+FFFE \ufffe and U+FFFF \uffff',
  ' leading and trailing ',
  'Ā Jakarta 🇮🇩 ',
  'x'.repeat(40_000),
];

/** The text that breaks naive CSV and JSON writers at once. */
export const TRICKY_TEXT = 'Jalan Ā "x", y\nbaris kedua';

/** Orders the values as the dataset's columns, and fails on a misspelt or forgotten column. */
function inColumnOrder(
  columns: readonly ColumnDefinition[],
  values: Record<string, NormalizedValue>,
): NormalizedRecord {
  const unknown = Object.keys(values).filter((name) => !columns.some((column) => column.name === name));
  if (unknown.length > 0) throw new Error(`fixture has values for undeclared columns ${unknown.join(', ')}`);
  return Object.fromEntries(
    columns.map((column) => {
      if (!Object.hasOwn(values, column.name)) throw new Error(`fixture has no value for ${column.name}`);
      return [column.name, values[column.name] as NormalizedValue];
    }),
  );
}

function turnoutCounts(dpt: [number, number], dptb: [number, number], dpk: [number, number]): Record<string, number> {
  const lists = { dpt, dptb, dpk };
  const counts: Record<string, number> = {};
  for (const [list, [male, female]] of Object.entries(lists)) {
    counts[`${list}_male`] = male;
    counts[`${list}_female`] = female;
    counts[`${list}_total`] = male + female;
  }
  counts.total_male = dpt[0] + dptb[0] + dpk[0];
  counts.total_female = dpt[1] + dptb[1] + dpk[1];
  counts.total_voters = counts.total_male + counts.total_female;
  return counts;
}

const nullCounts = Object.fromEntries(
  turnoutDataset.columns
    .filter((column) => column.type === 'integer' && column.name !== 'election_year')
    .map((column) => [column.name, null]),
);

export const TURNOUT_RECORDS: NormalizedRecord[] = [
  inColumnOrder(turnoutDataset.columns, {
    election_year: 2024,
    election_type: 'DPR',
    dapil_id: '0101',
    dapil_name: 'DAPIL CONTOH I',
    province_name: 'PROVINSI CONTOH A',
    regency_name: TRICKY_TEXT,
    province_code: null,
    regency_code: null,
    ...turnoutCounts([51234, 53567], [0, 17], [1230, 1305]),
    quality_flags: [],
  }),
  inColumnOrder(turnoutDataset.columns, {
    election_year: 2019,
    election_type: 'DPR',
    dapil_id: '1101',
    dapil_name: 'DAPIL CONTOH, DENGAN KOMA',
    province_name: 'PROVINSI CONTOH "KUTIP"',
    regency_name: 'KOTA CONTOH ŞÏÑ 😀',
    province_code: '11',
    regency_code: '1171',
    ...turnoutCounts([1, 2], [3, 4], [5, 6]),
    // The largest integer every format carries exactly (2^53 − 1).
    total_voters: Number.MAX_SAFE_INTEGER,
    quality_flags: ['total-list-sum-both', 'total-sex-sum'],
  }),
  inColumnOrder(turnoutDataset.columns, {
    election_year: null,
    election_type: null,
    dapil_id: null,
    dapil_name: null,
    province_name: null,
    regency_name: null,
    province_code: null,
    regency_code: null,
    ...nullCounts,
    quality_flags: ['year-format'],
  }),
];

export const PARTY_RECORDS: NormalizedRecord[] = [
  inColumnOrder(partyDataset.columns, {
    election_year: 2024,
    ballot_number: '01',
    party_name: 'Partai Contoh Satu',
    party_acronym: 'PC1',
    party_id: 'partai-contoh-satu',
    office_address: TRICKY_TEXT,
    email: 'sekretariat@contoh-satu.example',
    website: 'www.contoh-satu.example',
    notary_name: 'NOTARIS ĀNDI CONTOH, S.H.',
    notary_address: 'Jalan Notaris Contoh No. 9, Kota Contoh 1',
    notarial_deed_number: '0101',
    notarial_deed_date: '2008-02-06',
    women_representation_pct: 30.5,
    decree_number: 'SK-CONTOH/1/2024',
    general_chair: 'Ketua "Umum"',
    secretary_general: 'Sekretaris',
    general_treasurer: 'Bendahara',
    verification_link: 'https://contoh.example/partai/1',
    quality_flags: [],
  }),
  inColumnOrder(partyDataset.columns, {
    election_year: 2019,
    ballot_number: '02',
    party_name: 'Partai Contoh Lama',
    party_acronym: 'PCL',
    party_id: 'partai-contoh-lama',
    office_address: null,
    email: null,
    website: null,
    notary_name: null,
    notary_address: null,
    notarial_deed_number: null,
    // Before 1970: negative day numbers in Arrow and Parquet.
    notarial_deed_date: '1965-01-02',
    women_representation_pct: 0,
    decree_number: null,
    general_chair: null,
    secretary_general: null,
    general_treasurer: null,
    verification_link: null,
    quality_flags: ['deed-date', 'women-pct'],
  }),
  inColumnOrder(partyDataset.columns, {
    election_year: null,
    ballot_number: null,
    party_name: null,
    party_acronym: null,
    party_id: 'unnamed-unknown-unknown',
    office_address: null,
    email: null,
    website: null,
    notary_name: null,
    notary_address: null,
    notarial_deed_number: null,
    notarial_deed_date: '2024-02-29',
    women_representation_pct: null,
    decree_number: null,
    general_chair: null,
    secretary_general: null,
    general_treasurer: null,
    verification_link: null,
    quality_flags: [],
  }),
];

export const FIXTURES: readonly { dataset: DatasetDefinition; records: NormalizedRecord[] }[] = [
  { dataset: turnoutDataset, records: TURNOUT_RECORDS },
  { dataset: partyDataset, records: PARTY_RECORDS },
];
