// The data dictionary page: its model (what the view shows, computed from the site data in one language) and its
// texts in each language (LANGS).
import type { Lang } from '../../languages.ts';
import type {
  ColumnDefinition,
  ColumnEmptiness,
  ColumnType,
  DatasetDefinition,
  QualityRule,
} from '../../datasets/dataset-definition.ts';
import { formatTypeTexts } from '../../datasets/data-dictionary.ts';

/**
 * A declared description split into text and code: a value or column name written between backticks in the
 * declarations (`male`, `voter_list = all`) is code, set as such on the pages as in the Markdown docs.
 * Example: "sum `part` rows" → [{code: false, text: "sum "}, {code: true, text: "part"}, {code: false, text: " rows"}].
 */
export function codeSpans(text: string | undefined): Array<{ code: boolean; text: string }> {
  // undefined: a language with no text in the declarations yet (the pseudo-language test) shows nothing, as before.
  return (text ?? '')
    .split('`')
    .map((part, index) => ({ code: index % 2 === 1, text: part }))
    .filter((span) => span.text !== '');
}

/**
 * A source field's name in its words, where a line may break between them (the pages put a `<wbr>` there): the
 * upstream's names run to 40 characters of code without a space ("JumlahPenggunaHakPilihDalamDPTLakiLaki"), and held
 * whole, the dictionary's column of them was 430 px wide, squeezing the meanings beside it to 14 lines a column.
 * Example: "JumlahPenggunaHakPilihDalamDPTLakiLaki" → ["Jumlah", "Pengguna", "Hak", "Pilih", "Dalam", "DPT", "Laki",
 * "Laki"].
 */
export function identifierWords(name: string): string[] {
  return name.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/);
}

/**
 * The source fields a quality rule reads, as the dictionary and the codebooks name them: "every source field" when it
 * reads all of its dataset's, "the source fields of every count (12)" when it reads exactly those of the columns
 * counting persons, else the fields themselves; the pages put each on a line of its own (`rule-fields.astro`). Listed
 * whole, the turnout's 18 source fields or 12 count fields (each up to 40 characters of code) made a cell some 280 px
 * tall beside a rule's one sentence.
 */
export function ruleFieldLines(dataset: DatasetDefinition, rule: QualityRule, lang: Lang): readonly string[] {
  const t = DICTIONARY_TEXT[lang];
  const readsAll = (fields: readonly string[]): boolean =>
    fields.length > 1 && fields.length === rule.fields.length && fields.every((field) => rule.fields.includes(field));
  if (readsAll(dataset.upstreamFields)) return [t.allFields];
  const counts = dataset.columns.filter((column) => column.unit === 'persons').flatMap((column) => column.source ?? []);
  if (readsAll(counts)) return [t.countFields(counts.length)];
  return rule.fields;
}

// ---- The year page's story, the dapil and party pages across years ----

/** How one logical column type is written in each published format, in words. */
type FormatTypeTexts = ReturnType<typeof formatTypeTexts>[ColumnType];
type ColumnUnit = NonNullable<ColumnDefinition['unit']>;

export interface DictionaryText {
  title: string;
  intro: string;
  identity: (keys: string, yearField: string, stem: string) => string;
  /** A derived dataset's line: what it is computed from, and its file names. */
  derivedFrom: (from: string, stem: string) => string;
  columns: string;
  column: string;
  type: string;
  unit: string;
  source: string;
  derived: string;
  nullable: string;
  /** The "can be empty" cell, by scripts/datasets/dataset-definition.ts columnEmptiness. */
  emptiness: Record<ColumnEmptiness, string>;
  meaning: string;
  rules: string;
  rule: string;
  fields: string;
  /** The fields of a rule that reads every source field, or every count's field (ruleFieldLines). */
  allFields: string;
  countFields: (count: number) => string;
  formats: string;
  logicalType: string;
  /** The name of each logical column type (docs/data.md uses the identifiers). */
  typeNames: Record<ColumnType, string>;
  units: Record<ColumnUnit, string>;
  /** How each logical type is written in JSON, CSV, Parquet and Arrow IPC. */
  formatTypes: Record<ColumnType, FormatTypeTexts>;
}

const id: DictionaryText = {
  title: 'Kamus data',
  intro: 'Kolom dan aturan kualitas setiap dataset, dari deklarasi yang sama yang menulis berkas unduhan.',
  identity: (keys, yearField, stem) =>
    `Satu rekaman dikenali dari ${keys}; berkas dibagi menurut ${yearField}. Nama berkas diawali ${stem}.`,
  derivedFrom: (from, stem) =>
    `Diturunkan dari rekaman ternormalisasi dataset "${from}" saat pembangunan, bukan diambil dari sumber; setiap baris membawa quality_flags rekaman asalnya. Berkas dibagi menurut tahun pemilu. Nama berkas diawali ${stem}.`,
  columns: 'Kolom',
  column: 'Kolom',
  type: 'Tipe',
  unit: 'Satuan',
  source: 'Kolom sumber',
  derived: '(diturunkan)',
  nullable: 'Boleh kosong',
  emptiness: {
    never: 'tidak',
    flagged: 'tidak (kolom kunci: kosong hanya pada rekaman yang ditandai aturan kualitas)',
    allowed: 'ya',
  },
  meaning: 'Arti',
  rules: 'Aturan kualitas',
  rule: 'Aturan',
  fields: 'Kolom sumber yang diperiksa',
  allFields: 'semua kolom sumber',
  countFields: (count) => `kolom sumber setiap jumlah (${count})`,
  formats: 'Tipe data di setiap format',
  logicalType: 'Tipe logis',
  typeNames: {
    integer: 'bilangan bulat',
    text: 'teks',
    decimal: 'bilangan desimal',
    date: 'tanggal',
    text_list: 'daftar teks',
  },
  units: { persons: 'orang', percent: 'persen', year: 'tahun' },
  formatTypes: formatTypeTexts('id'),
};

const en: DictionaryText = {
  title: 'Data dictionary',
  intro: "Each dataset's columns and quality rules, from the same declarations that write the downloads.",
  identity: (keys, yearField, stem) =>
    `A record is identified by ${keys}; files are split by ${yearField}. File names start with ${stem}.`,
  derivedFrom: (from, stem) =>
    `Derived from the normalized records of the "${from}" dataset at build time, not harvested; each row carries its source record's quality_flags. Files are split by election year. File names start with ${stem}.`,
  columns: 'Columns',
  column: 'Column',
  type: 'Type',
  unit: 'Unit',
  source: 'Source field',
  derived: '(derived)',
  nullable: 'Can be empty',
  emptiness: {
    never: 'no',
    flagged: 'no (a key column: empty only in a record the quality rules flag)',
    allowed: 'yes',
  },
  meaning: 'Meaning',
  rules: 'Quality rules',
  rule: 'Rule',
  fields: 'Source fields checked',
  allFields: 'every source field',
  countFields: (count) => `the source fields of every count (${count})`,
  formats: 'Data types in each format',
  logicalType: 'Logical type',
  typeNames: { integer: 'integer', text: 'text', decimal: 'decimal', date: 'date', text_list: 'list of texts' },
  units: { persons: 'persons', percent: 'percent', year: 'year' },
  // The wording of docs/data.md, so the page and the docs say the same.
  formatTypes: formatTypeTexts('en'),
};

export const DICTIONARY_TEXT: Record<Lang, DictionaryText> = { id, en };
