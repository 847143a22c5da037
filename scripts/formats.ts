// The published file formats, declared once: each one's id, file suffix, media type, label in each language
// and how to load it. The snapshot's manifest, the static servers, the page files, the downloads page and its
// loading snippets all derive from this list.
import type { Localized } from './languages.ts';

/** One line of a loading snippet: a tool and the code that loads the file in it, complete (imports included). */
interface LoadingLine {
  tool: string;
  code: string;
}

/** What a snippet is written for: a dataset's file, once downloaded. */
interface LoadingTarget {
  /** The file's name, as it is once downloaded (the snippet runs in the folder holding it). */
  file: string;
  /** The dataset's text columns, which readers that guess types must be told about ("0101" would become 101). */
  textColumns: readonly string[];
  /** For a database: the table a line reads (the first dataset's). */
  table?: string;
}

const sqlList = (columns: readonly string[], type: string): string =>
  columns.map((column) => `'${column}': ${type}`).join(', ');

export interface FormatDefinition<Id extends string = string> {
  id: Id;
  /** The end of the file's name, dot included (the year bundle and the quality reports have fixed names). */
  suffix: string;
  /** As the manifest and datapackage.json list it: no charset parameter. */
  mediaType: string;
  /** Text: served with `charset=utf-8` and gzip-compressed by the static servers. */
  text: boolean;
  /** Written for every dataset and year from its Arrow table (the manifest lists them in this order). */
  perDataset: boolean;
  /**
   * Written by the release stage, after the release is named: the file names its release, so it is left out of the
   * release's fingerprint (scripts/release/release-history.ts), which the release's name depends on.
   */
  release?: true;
  /**
   * A list column (`text_list`) is one text cell, its items joined by ";": datapackage.json describes it as a string
   * field, not an array (scripts/release/data-package.ts). For the table formats (`typeWording`).
   */
  listsAsText?: true;
  /** The name on the downloads page. */
  label: Localized;
  /** What a file of this format is, in the README of the year bundle (the bundle holds the per-dataset formats). */
  bundleNote?: Localized;
  /**
   * How to load a file of this format, one line per tool, each complete and run as shown by the tests
   * (test/site/downloads-snippets.ci.test.ts) with Debian's packages. A line whose reader Debian does not ship
   * (pyarrow, R's arrow, a DuckDB extension downloaded at run time) is run as far as it goes without it, or parsed;
   * `needs` names the packages the lines need (code between backticks is shown as code). `rank` orders the formats
   * on the downloads page; `heading` names a file of no one dataset (the databases; else the bundles' heading). Absent:
   * no snippet (the quality reports).
   */
  loading?: { rank: number; lines: (target: LoadingTarget) => LoadingLine[]; needs?: Localized; heading?: Localized };
  /**
   * How this format writes each Arrow type of the one schema (scripts/snapshot/arrow-schema.ts), keyed by the
   * type's Arrow name (`String(type)`): the data dictionary's type table derives from it through the schema's
   * type mapping. Absent: the format has no column of that table.
   */
  typeWording?: Readonly<Record<string, Localized>>;
}

function declareFormats<const Formats extends ReadonlyArray<FormatDefinition>>(formats: Formats): Formats {
  return formats;
}

/** Text a spreadsheet would run as a formula gets a leading ' in CSV (scripts/snapshot/csv-writer.ts). */
const CSV_TEXT: Localized = {
  id: "teks dalam tanda kutip; teks yang akan dijalankan spreadsheet sebagai rumus (diawali =, +, -, @) diberi ' di depannya",
  en: "quoted text; text a spreadsheet would run as a formula (starting with =, +, -, @) gets a leading '",
};

/**
 * The published formats, declared once.
 * @public test/snapshot/formats-registry.unit.test.ts adds one through vi.mock, which knip cannot follow.
 */
export const FORMATS = declareFormats([
  {
    id: 'json',
    suffix: '.json',
    mediaType: 'application/json',
    text: true,
    perDataset: true,
    label: { id: 'JSON', en: 'JSON' },
    bundleNote: { id: 'rekaman ternormalisasi, larik JSON', en: 'normalized records, a JSON array' },
    typeWording: {
      Int64: { id: 'angka', en: 'number' },
      Utf8: { id: 'teks', en: 'string' },
      Float64: { id: 'angka', en: 'number' },
      'Date32<DAY>': { id: 'teks YYYY-MM-DD', en: 'string YYYY-MM-DD' },
      'List<Utf8>': { id: 'larik teks', en: 'array of strings' },
    },
    loading: {
      rank: 3,
      // dtype=False: JSON says each value's type; pandas' guessing would turn "0101" into 101.
      lines: ({ file }) => [
        { tool: 'DuckDB', code: `SELECT * FROM read_json('${file}');` },
        { tool: 'pandas', code: `import pandas as pd\ndf = pd.read_json('${file}', dtype=False)` },
        { tool: 'R', code: `df <- jsonlite::fromJSON('${file}')` },
      ],
      needs: {
        id: "R: paket jsonlite (`install.packages('jsonlite')`).",
        en: "R: the jsonlite package (`install.packages('jsonlite')`).",
      },
    },
  },
  {
    id: 'csv',
    suffix: '.csv',
    mediaType: 'text/csv',
    text: true,
    perDataset: true,
    listsAsText: true,
    label: { id: 'CSV', en: 'CSV' },
    bundleNote: {
      id: 'rekaman ternormalisasi, CSV',
      en: 'normalized records, CSV (RFC 4180, UTF-8 with BOM, header row)',
    },
    typeWording: {
      Int64: { id: 'angka, tanpa tanda kutip', en: 'digits, unquoted' },
      Utf8: CSV_TEXT,
      Float64: { id: 'angka dengan titik desimal, tanpa tanda kutip', en: 'number with a decimal point, unquoted' },
      'Date32<DAY>': { id: 'YYYY-MM-DD, tanpa tanda kutip', en: 'YYYY-MM-DD, unquoted' },
      'List<Utf8>': {
        id: 'dalam tanda kutip, butir dipisah ";" (pelindung rumus seperti teks)',
        en: 'quoted, items separated by ";" (formula guard as for text)',
      },
    },
    loading: {
      rank: 1,
      // Every text column declared as text; only an empty field is null ("NA" is a party acronym, not a null).
      lines: ({ file, textColumns }) => [
        { tool: 'DuckDB', code: `SELECT * FROM read_csv('${file}', types = {${sqlList(textColumns, "'VARCHAR'")}});` },
        {
          tool: 'pandas',
          code: `import pandas as pd\ndf = pd.read_csv('${file}', encoding='utf-8-sig', dtype={${sqlList(textColumns, 'str')}}, keep_default_na=False, na_values=[''])`,
        },
        {
          tool: 'R',
          code: `df <- readr::read_csv('${file}', col_types = readr::cols(${textColumns.map((column) => `${column} = 'c'`).join(', ')}), na = '')`,
        },
      ],
      needs: {
        id: "R: paket readr (`install.packages('readr')`).",
        en: "R: the readr package (`install.packages('readr')`).",
      },
    },
  },
  {
    id: 'parquet',
    suffix: '.parquet',
    mediaType: 'application/vnd.apache.parquet',
    text: false,
    perDataset: true,
    label: { id: 'Parquet', en: 'Parquet' },
    bundleNote: { id: 'rekaman ternormalisasi, Parquet', en: 'normalized records, Apache Parquet' },
    // As DuckDB writes the Arrow types (scripts/snapshot/parquet-writer.ts: BIGINT, VARCHAR, DOUBLE, DATE, VARCHAR[]).
    typeWording: {
      Int64: { id: 'INT64', en: 'INT64' },
      Utf8: { id: 'UTF8 (BYTE_ARRAY)', en: 'UTF8 (BYTE_ARRAY)' },
      Float64: { id: 'DOUBLE', en: 'DOUBLE' },
      'Date32<DAY>': { id: 'DATE', en: 'DATE' },
      'List<Utf8>': { id: 'LIST berisi UTF8', en: 'LIST of UTF8' },
    },
    loading: {
      rank: 2,
      lines: ({ file }) => [
        { tool: 'DuckDB', code: `SELECT * FROM read_parquet('${file}');` },
        { tool: 'pandas', code: `import pandas as pd\ndf = pd.read_parquet('${file}')` },
        { tool: 'R', code: `df <- arrow::read_parquet('${file}')` },
      ],
      needs: {
        id: "pandas memerlukan pyarrow (`pip install pyarrow`); R paket arrow (`install.packages('arrow')`). Metadata berkas (dataset, sumber, lisensi, rilis, waktu pengambilan) ada di entri `kpu_open_data` (DuckDB `parquet_kv_metadata`).",
        en: "pandas needs pyarrow (`pip install pyarrow`); R the arrow package (`install.packages('arrow')`). The file's metadata (dataset, source, licence, release, retrieval time) is its `kpu_open_data` entry (DuckDB `parquet_kv_metadata`).",
      },
    },
  },
  {
    id: 'arrow',
    suffix: '.arrow',
    mediaType: 'application/vnd.apache.arrow.file',
    text: false,
    perDataset: true,
    label: { id: 'Arrow IPC', en: 'Arrow IPC' },
    bundleNote: { id: 'rekaman ternormalisasi, berkas Arrow IPC', en: 'normalized records, Apache Arrow IPC file' },
    typeWording: {
      Int64: { id: 'Int64', en: 'Int64' },
      Utf8: { id: 'Utf8', en: 'Utf8' },
      Float64: { id: 'Float64', en: 'Float64' },
      'Date32<DAY>': { id: 'Date32 (hari)', en: 'Date32 (days)' },
      'List<Utf8>': { id: 'List<Utf8>', en: 'List<Utf8>' },
    },
    loading: {
      rank: 4,
      lines: ({ file }) => [
        {
          tool: 'DuckDB',
          code: `INSTALL nanoarrow FROM community;\nLOAD nanoarrow;\nSELECT * FROM read_arrow('${file}');`,
        },
        { tool: 'pandas', code: `import pandas as pd\ndf = pd.read_feather('${file}')` },
        { tool: 'R', code: `df <- arrow::read_ipc_file('${file}')` },
      ],
      needs: {
        id: "DuckDB memerlukan ekstensi komunitas nanoarrow, yang diunduh oleh `INSTALL nanoarrow FROM community` (tanpa jaringan, pakai berkas Parquet); pandas memerlukan pyarrow (`pip install pyarrow`); R paket arrow (`install.packages('arrow')`). Metadata skemanya menyebut dataset, sumber, lisensi, rilis dan waktu pengambilan.",
        en: "DuckDB needs the nanoarrow community extension, which `INSTALL nanoarrow FROM community` downloads (offline, take the Parquet file); pandas needs pyarrow (`pip install pyarrow`); R the arrow package (`install.packages('arrow')`). Its schema metadata names the dataset, source, licence, release and retrieval time.",
      },
    },
  },
  {
    id: 'xlsx',
    suffix: '.xlsx',
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    text: false,
    perDataset: true,
    listsAsText: true,
    label: { id: 'Excel (XLSX)', en: 'Excel (XLSX)' },
    bundleNote: {
      id: 'rekaman ternormalisasi, buku kerja Excel (lembar "data" dan lembar "about" berisi kamus data)',
      en: 'normalized records, an Excel workbook (a "data" sheet and an "about" sheet with the data dictionary)',
    },
    // As scripts/snapshot/xlsx-writer.ts writes the Arrow types.
    typeWording: {
      Int64: { id: 'sel angka (format 0)', en: 'number cell (format 0)' },
      Utf8: { id: 'sel teks (nol di depan tetap ada)', en: 'text cell (leading zeros kept)' },
      Float64: { id: 'sel angka', en: 'number cell' },
      'Date32<DAY>': { id: 'sel tanggal (yyyy-mm-dd)', en: 'date cell (yyyy-mm-dd)' },
      'List<Utf8>': { id: 'sel teks, butir dipisah ";"', en: 'text cell, items separated by ";"' },
    },
    loading: {
      rank: 5,
      // pandas guesses types again after reading the cells: without dtype, the text cell "0101" comes out 101.
      lines: ({ file, textColumns }) => [
        { tool: 'DuckDB', code: `INSTALL excel;\nLOAD excel;\nSELECT * FROM read_xlsx('${file}', sheet = 'data');` },
        {
          tool: 'pandas',
          code: `import pandas as pd\ndf = pd.read_excel('${file}', sheet_name='data', dtype={${sqlList(textColumns, 'str')}}, keep_default_na=False, na_values=[''])`,
        },
        { tool: 'R', code: `df <- readxl::read_excel('${file}', sheet = 'data')` },
      ],
      needs: {
        id: "DuckDB memerlukan ekstensi excel, yang diunduh oleh `INSTALL excel`; pandas memerlukan openpyxl (`pip install openpyxl`); R paket readxl (`install.packages('readxl')`). Lembar `about` berisi kamus data, rilis dan waktu pengambilan.",
        en: "DuckDB needs its excel extension, which `INSTALL excel` downloads; pandas needs openpyxl (`pip install openpyxl`); R the readxl package (`install.packages('readxl')`). The `about` sheet holds the data dictionary, the release and the retrieval time.",
      },
    },
  },
  {
    id: 'raw-json',
    suffix: '.raw.json',
    mediaType: 'application/json',
    text: true,
    perDataset: true,
    label: { id: 'JSON mentah (nilai sumber)', en: 'raw JSON (source values)' },
    bundleNote: { id: 'rekaman persis seperti dari sumber', en: 'the records exactly as the upstream gave them' },
    loading: {
      rank: 6,
      lines: ({ file }) => [
        { tool: 'DuckDB', code: `SELECT * FROM read_json('${file}');` },
        { tool: 'pandas', code: `import pandas as pd\ndf = pd.read_json('${file}', dtype=False)` },
        { tool: 'R', code: `df <- jsonlite::fromJSON('${file}')` },
      ],
      needs: {
        id: "Setiap nilai adalah teks seperti dari sumber. R: paket jsonlite (`install.packages('jsonlite')`).",
        en: "Every value is text, as the source gave it. R: the jsonlite package (`install.packages('jsonlite')`).",
      },
    },
  },
  {
    id: 'zip',
    suffix: '.zip',
    mediaType: 'application/zip',
    text: false,
    perDataset: false,
    release: true,
    label: { id: 'ZIP (bundel tahun)', en: 'ZIP (year bundle)' },
    loading: {
      rank: 7,
      lines: ({ file }) => [
        { tool: 'shell', code: `unzip ${file}` },
        { tool: 'Python', code: `import zipfile\nzipfile.ZipFile('${file}').extractall()` },
        { tool: 'R', code: `unzip('${file}')` },
      ],
    },
  },
  {
    // DuckDB's own database format (scripts/release/release-databases.ts); no media type is registered for it.
    id: 'duckdb',
    suffix: '.duckdb',
    mediaType: 'application/octet-stream',
    text: false,
    perDataset: false,
    release: true,
    label: { id: 'Basis data DuckDB (semua tabel)', en: 'DuckDB database (every table)' },
    loading: {
      rank: 8,
      heading: { id: 'Basis data DuckDB (semua tabel)', en: 'DuckDB database (every table)' },
      lines: ({ file, table = 'tables' }) => [
        { tool: 'DuckDB', code: `ATTACH '${file}' AS kpu (READ_ONLY);\nSELECT * FROM kpu.${table};` },
        {
          tool: 'Python',
          code: `import duckdb\ncon = duckdb.connect('${file}', read_only=True)\ndf = con.sql('SELECT * FROM ${table}').df()`,
        },
        {
          tool: 'R',
          code: `con <- DBI::dbConnect(duckdb::duckdb(), '${file}', read_only = TRUE)\ndf <- DBI::dbReadTable(con, '${table}')`,
        },
      ],
      needs: {
        id: "Semua tabel rilis dalam satu berkas, dengan deskripsi kolom (`SELECT * FROM duckdb_columns()`, kolom `comment`) dan tabel `tables` dan `columns`. Tabel dataset turunan (format panjang) adalah view yang dihitung dari tabel sumbernya (`tables.derived_from`). Python memerlukan paket duckdb (`pip install duckdb`); R paket duckdb (`install.packages('duckdb')`).",
        en: "Every table of the release in one file, with its column descriptions (`SELECT * FROM duckdb_columns()`, the `comment` column) and the `tables` and `columns` tables. A derived dataset's table (the long format) is a view computed from its source's table (`tables.derived_from`). Python needs the duckdb package (`pip install duckdb`); R the duckdb package (`install.packages('duckdb')`).",
      },
    },
  },
  {
    // application/vnd.sqlite3: IANA's registration for SQLite database files.
    id: 'sqlite',
    suffix: '.sqlite',
    mediaType: 'application/vnd.sqlite3',
    text: false,
    perDataset: false,
    release: true,
    label: { id: 'Basis data SQLite (semua tabel)', en: 'SQLite database (every table)' },
    loading: {
      rank: 9,
      heading: { id: 'Basis data SQLite (semua tabel)', en: 'SQLite database (every table)' },
      lines: ({ file, table = 'tables' }) => [
        { tool: 'sqlite3', code: `sqlite3 -header -csv ${file} 'SELECT * FROM ${table};'` },
        {
          tool: 'Python',
          code: `import sqlite3\ncon = sqlite3.connect('${file}')\nrows = con.execute('SELECT * FROM ${table}').fetchall()`,
        },
        {
          tool: 'R',
          code: `con <- DBI::dbConnect(RSQLite::SQLite(), '${file}')\ndf <- DBI::dbReadTable(con, '${table}')`,
        },
      ],
      needs: {
        id: "Semua tabel rilis dalam satu berkas; deskripsi kolom ada di tabel `columns`, asal dan lisensi di tabel `tables`; tabel dataset turunan (format panjang) adalah view yang dihitung dari tabel sumbernya. Tanggal berupa teks YYYY-MM-DD, daftar berupa larik JSON (`json_each`). Datasette dan alat SQLite apa pun dapat membukanya. R memerlukan paket RSQLite (`install.packages('RSQLite')`).",
        en: "Every table of the release in one file; the column descriptions are in the `columns` table, sources and licences in the `tables` table; a derived dataset's table (the long format) is a view computed from its source's. Dates are text YYYY-MM-DD, lists a JSON array (`json_each`). Datasette and any SQLite tool open it. R needs the RSQLite package (`install.packages('RSQLite')`).",
      },
    },
  },
  {
    id: 'quality-json',
    suffix: '.json',
    mediaType: 'application/json',
    text: true,
    perDataset: false,
    label: { id: 'Laporan kualitas (JSON)', en: 'quality report (JSON)' },
  },
  {
    id: 'quality-markdown',
    suffix: '.md',
    mediaType: 'text/markdown',
    text: true,
    perDataset: false,
    label: { id: 'Laporan kualitas (Markdown)', en: 'quality report (Markdown)' },
  },
  {
    id: 'citation-bibtex',
    suffix: '.bib',
    mediaType: 'application/x-bibtex',
    text: true,
    perDataset: false,
    release: true,
    label: { id: 'Kutipan (BibTeX)', en: 'citation (BibTeX)' },
  },
  {
    id: 'citation-ris',
    suffix: '.ris',
    mediaType: 'application/x-research-info-systems',
    text: true,
    perDataset: false,
    release: true,
    label: { id: 'Kutipan (RIS)', en: 'citation (RIS)' },
  },
  {
    // CSL-JSON's own media type (application/vnd.citationstyles.csl+json) would give .json two: the servers
    // choose the Content-Type by extension.
    id: 'citation-csl',
    suffix: '.csl.json',
    mediaType: 'application/json',
    text: true,
    perDataset: false,
    release: true,
    label: { id: 'Kutipan (CSL-JSON)', en: 'citation (CSL-JSON)' },
  },
  {
    // Citation File Format 1.2.0 (YAML): GitHub shows it as "Cite this repository", Zenodo reads it.
    id: 'citation-cff',
    suffix: '.cff',
    mediaType: 'application/yaml',
    text: true,
    perDataset: false,
    release: true,
    label: { id: 'Kutipan (CITATION.cff)', en: 'citation (CITATION.cff)' },
  },
  {
    // Zenodo's deposit metadata, which its GitHub integration reads from a release: the same as CITATION.cff.
    id: 'citation-zenodo',
    suffix: '.zenodo.json',
    mediaType: 'application/json',
    text: true,
    perDataset: false,
    release: true,
    label: { id: 'Metadata Zenodo (.zenodo.json)', en: 'Zenodo metadata (.zenodo.json)' },
  },
]);

export type FileFormat = (typeof FORMATS)[number]['id'];

type DictionaryFormatDefinition = Extract<(typeof FORMATS)[number], { typeWording: object }>;

/** The formats with a column in the data dictionary's type table: json, csv, parquet, arrow, xlsx. */
export type DictionaryFormat = DictionaryFormatDefinition['id'];

/** The formats of the data dictionary's type table, in its column order. */
export function dictionaryFormats(): DictionaryFormatDefinition[] {
  return FORMATS.filter((format): format is DictionaryFormatDefinition => 'typeWording' in format);
}

/**
 * The table formats: those written from a dataset's Arrow table of the normalized columns, each saying how it writes
 * every type of that table (`typeWording`), in the registry's order. The snapshot writes them; datapackage.json
 * describes their schema.
 */
export function tableFormats(): DictionaryFormat[] {
  return dictionaryFormats().map((format) => format.id);
}

/** A format's declaration; every `FileFormat` has one. */
export function formatOf(id: FileFormat): FormatDefinition<FileFormat> {
  const formats: ReadonlyArray<FormatDefinition<FileFormat>> = FORMATS;
  const format = formats.find((entry) => entry.id === id);
  if (!format) throw new Error(`Unknown format ${id}`);
  return format;
}

/** Whether the release stage writes files of this format (they name the release: not in its fingerprint). */
export function isReleaseFormat(id: FileFormat): boolean {
  return formatOf(id).release === true;
}

/** The formats written per dataset and year, in the manifest's order. */
export function datasetFormats(): Array<FormatDefinition<FileFormat>> {
  return FORMATS.filter((format) => format.perDataset);
}

/** The formats with loading snippets, in the downloads page's order. */
export function loadingFormats(): Array<{ id: FileFormat; loading: NonNullable<FormatDefinition['loading']> }> {
  const formats: ReadonlyArray<FormatDefinition<FileFormat>> = FORMATS;
  return formats
    .flatMap(({ id, loading }) => (loading ? [{ id, loading }] : []))
    .sort((a, b) => a.loading.rank - b.loading.rank);
}

/** Each format's name on the downloads page, in one language. */
export function formatLabels(lang: keyof Localized): Record<FileFormat, string> {
  return Object.fromEntries(FORMATS.map((format) => [format.id, format.label[lang]])) as Record<FileFormat, string>;
}

/** The Content-Type a static server sends for a format: text gets its charset. */
function servedMediaType(format: FormatDefinition): string {
  return format.text ? `${format.mediaType}; charset=utf-8` : format.mediaType;
}

/**
 * Content-Type and compressibility by file extension (as `path.extname` gives it, so `.raw.json` is `.json`), for
 * the static servers. Formats sharing an extension share its media type, which this checks.
 */
export function servedExtensions(): Map<string, { mediaType: string; text: boolean }> {
  const byExtension = new Map<string, { mediaType: string; text: boolean }>();
  for (const format of FORMATS) {
    const extension = format.suffix.slice(format.suffix.lastIndexOf('.'));
    const served = { mediaType: servedMediaType(format), text: format.text };
    const known = byExtension.get(extension);
    if (known && (known.mediaType !== served.mediaType || known.text !== served.text))
      throw new Error(`Formats ending in ${extension} disagree on their media type`);
    byExtension.set(extension, served);
  }
  return byExtension;
}
