// The codebook page kind: one printable page per published dataset (harvested, the project's own, or derived), built
// from its declaration, the manifest and the quality report: every column, the key, the rules, coverage per year,
// what to know before using the files, and links to the files. Its model and its words in each language.
import { formatCount } from '../site-format.ts';
import {
  columnEmptiness,
  primaryKeyOf,
  type DatasetDefinition,
  type DerivedDatasetDefinition,
  type PublishedDataset,
} from '../../datasets/dataset-definition.ts';
import { DATASETS, DERIVED_DATASETS } from '../../datasets/datasets.ts';
import type { Lang } from '../../languages.ts';
import type { FileFormat } from '../../snapshot/snapshot-manifest.ts';
import { coverageSummary } from '../year-coverage.ts';
import { codeSpans, ruleFieldLines } from './dictionary-page.ts';
import type { SiteData } from '../site-data.ts';
import { TEXT } from '../site-text.ts';

/** The codebook's words in one language; column, rule and dataset texts come from the declarations. */
export interface CodebookText {
  /** The page title and heading: "Codebook: <dataset title>". */
  title: (dataset: string) => string;
  /** The page's meta description: at most 160 characters with the demo prefix and the longest dataset title. */
  description: (dataset: string) => string;
  intro: string;
  /** Where the records come from. */
  harvested: (query: string, path: string) => string;
  /** A derived dataset: the dataset it is computed from. */
  derived: (from: string) => string;
  fileNames: (stem: string) => string;
  /** Before the dataset's id (the `dataset` of manifest.json and of datapackage.json's resources). */
  datasetId: string;
  key: string;
  /** Under the key: when a key column can be empty. */
  keyEmpty: string;
  /** "A record is identified by a, b and c together; no two records share them." */
  keySentence: (columns: string) => string;
  /** A key column whose value comes from another dataset's key. */
  reference: (columns: string, dataset: string, referenced: string) => string;
  columns: string;
  /** The columns table's caption. */
  columnsCaption: (dataset: string) => string;
  keyMark: string;
  /** The "can be empty" cell of a key column (keyEmpty says when). */
  emptyKey: string;
  rules: string;
  rulesIntro: string;
  rulesCaption: (dataset: string) => string;
  /** A derived dataset has no rules of its own. */
  rulesDerived: (from: string) => string;
  broken: string;
  voterLists: string;
  coverage: string;
  coverageCaption: (dataset: string) => string;
  year: string;
  records: string;
  flagged: string;
  officialDapils: string;
  quirks: string;
  /** A year whose records leave out official dapils or regencies: the coverage line and what it means. */
  partialYear: (year: number, line: string) => string;
  /** A dapil of a year's records without some of its official regencies. */
  missingRegencies: (parts: {
    year: number;
    dapil: string;
    missing: number;
    official: string;
    regencies: string;
  }) => string;
  /** The quality report's broken rule of a year. */
  ruleBroken: (year: string, count: number, countText: string, rule: string) => string;
  valuesSeen: (field: string, values: string) => string;
  numberValues: (field: string, countText: string) => string;
  yearless: (countText: string) => string;
  derivedFlags: string;
  noQuirks: string;
  files: string;
  filesIntro: string;
  filesCaption: (dataset: string) => string;
  allYears: string;
  /** The heading of the list of codebooks (on the dictionary and downloads pages). */
  listHeading: string;
  listIntro: string;
  /** The link from a dataset's own pages to its codebook. */
  pageLink: (dataset: string) => string;
}

const id: CodebookText = {
  title: (dataset) => `Buku kode: ${dataset}`,
  description: (dataset) => `Buku kode "${dataset}": kolom, kunci, aturan, cakupan, catatan dan berkas; siap cetak.`,
  intro:
    'Semua yang perlu diketahui untuk memakai berkas dataset ini, dalam satu halaman yang dapat dicetak, dari deklarasi yang sama yang menulis berkas unduhan.',
  harvested: (query, path) => `Diambil dari kueri ${query} (${path}) milik KPU.`,
  derived: (from) =>
    `Dihitung dari rekaman ternormalisasi dataset "${from}" saat pembangunan, bukan diambil dari sumber.`,
  fileNames: (stem) => `Nama berkas diawali ${stem}.`,
  datasetId: 'Kode dataset:',
  key: 'Kunci',
  keyEmpty:
    'Kolom kunci kosong hanya pada rekaman yang ditandai aturan kualitas: rekaman yang melanggar aturan diterbitkan sebagaimana diberikan sumber.',
  keySentence: (columns) => `Satu rekaman dikenali dari ${columns} bersama-sama; tidak ada dua rekaman yang sama.`,
  reference: (columns, dataset, referenced) => `${columns} merujuk ke ${referenced} dalam dataset "${dataset}".`,
  columns: 'Kolom',
  columnsCaption: (dataset) => `Kolom: ${dataset}`,
  keyMark: 'kunci',
  emptyKey: 'tidak (kunci)',
  rules: 'Aturan kualitas',
  rulesIntro:
    'Setiap rekaman diperiksa terhadap aturan ini. Rekaman yang melanggar tetap diterbitkan sebagaimana diberikan sumber, dengan kode aturan di kolom quality_flags.',
  rulesCaption: (dataset) => `Aturan kualitas: ${dataset}`,
  rulesDerived: (from) =>
    `Dataset ini tidak punya aturan sendiri: setiap baris membawa quality_flags rekaman asalnya dalam dataset "${from}".`,
  broken: 'Rekaman melanggar',
  voterLists: 'Daftar pemilih',
  coverage: 'Cakupan per tahun',
  coverageCaption: (dataset) => `Cakupan per tahun: ${dataset}`,
  year: 'Tahun',
  records: 'Rekaman',
  flagged: 'Rekaman ditandai',
  officialDapils: 'Cakupan dapil resmi',
  quirks: 'Yang perlu diketahui',
  partialYear: (year, line) => `${year}: sumber hanya memuat ${line}; jumlah tahun ini bukan jumlah nasional.`,
  missingRegencies: ({ year, dapil, missing, official, regencies }) =>
    `${year}, dapil ${dapil}: ${missing} dari ${official} kabupaten/kota dalam daftar resmi tidak ada di sumber: ${regencies}.`,
  ruleBroken: (year, _count, countText, rule) => `${year}: ${countText} rekaman melanggar ${rule}.`,
  valuesSeen: (field, values) => `${field} disimpan sebagaimana diberikan sumber; nilai yang ada: ${values}.`,
  numberValues: (field, countText) =>
    `${countText} nilai ${field} dikirim sumber sebagai angka JSON, bukan teks; diambil angka persisnya.`,
  yearless: (countText) => `${countText} rekaman tanpa tahun pemilu yang terbaca: hanya ada di berkas semua tahun.`,
  derivedFlags: 'Setiap baris membawa quality_flags rekaman asalnya; catatan dataset asal berlaku juga di sini.',
  noQuirks: 'Tidak ada catatan khusus: setiap rekaman memenuhi semua aturan.',
  files: 'Berkas',
  filesIntro: 'Berkas dataset ini per tahun pemilu dan untuk semua tahun; sidik SHA-256 ada di halaman unduhan.',
  filesCaption: (dataset) => `Berkas: ${dataset}`,
  allYears: 'Semua tahun',
  listHeading: 'Buku kode per dataset',
  listIntro: 'Satu halaman per dataset yang dapat dicetak: kolom, kunci, aturan, cakupan, catatan, dan berkas.',
  pageLink: (dataset) => `Buku kode: ${dataset}`,
};

const en: CodebookText = {
  title: (dataset) => `Codebook: ${dataset}`,
  description: (dataset) =>
    `Codebook of "${dataset}": columns, key, rules, coverage, known quirks and files; printable.`,
  intro:
    'What you need to know to use this dataset’s files, on one printable page, from the same declaration that writes the downloads.',
  harvested: (query, path) => `Harvested from the KPU’s query ${query} (${path}).`,
  derived: (from) => `Computed from the normalized records of the dataset "${from}" at build time, not harvested.`,
  fileNames: (stem) => `File names start with ${stem}.`,
  datasetId: 'Dataset id:',
  key: 'Key',
  keyEmpty:
    'A key column is empty only in a record the quality rules flag: records that break the rules are published as the source gave them.',
  keySentence: (columns) => `A record is identified by ${columns} together; no two records share them.`,
  reference: (columns, dataset, referenced) => `${columns} refer to ${referenced} of the dataset "${dataset}".`,
  columns: 'Columns',
  columnsCaption: (dataset) => `Columns: ${dataset}`,
  keyMark: 'key',
  emptyKey: 'no (key)',
  rules: 'Quality rules',
  rulesIntro:
    'Every record is checked against these rules. A record that breaks one is published as the source gave it, with the rule’s id in its quality_flags column.',
  rulesCaption: (dataset) => `Quality rules: ${dataset}`,
  rulesDerived: (from) =>
    `This dataset has no rules of its own: each row carries the quality_flags of its source record in the dataset "${from}".`,
  broken: 'Records breaking it',
  voterLists: 'Voter lists',
  coverage: 'Coverage per year',
  coverageCaption: (dataset) => `Coverage per year: ${dataset}`,
  year: 'Year',
  records: 'Records',
  flagged: 'Flagged records',
  officialDapils: 'Official dapils covered',
  quirks: 'Known quirks',
  partialYear: (year, line) => `${year}: the source holds only ${line}; the year’s totals are not national.`,
  missingRegencies: ({ year, dapil, missing, official, regencies }) =>
    `${year}, dapil ${dapil}: ${missing} of the official list’s ${official} ${official === '1' ? 'regency' : 'regencies'} missing from the source: ${regencies}.`,
  ruleBroken: (year, count, countText, rule) =>
    `${year}: ${countText} ${count === 1 ? 'record breaks' : 'records break'} ${rule}.`,
  valuesSeen: (field, values) => `${field} is kept as the source gives it; values present: ${values}.`,
  numberValues: (field, countText) =>
    `${countText} values of ${field} came from the source as JSON numbers, not text; taken as their exact digits.`,
  yearless: (countText) =>
    countText === '1'
      ? '1 record has no readable election year: it is in the all-years files only.'
      : `${countText} records have no readable election year: they are in the all-years files only.`,
  derivedFlags: 'Each row carries the quality_flags of its source record; the source dataset’s quirks apply here too.',
  noQuirks: 'Nothing particular: every record obeys every rule.',
  files: 'Files',
  filesIntro: 'This dataset’s files per election year and for all years; their SHA-256 sums are on the downloads page.',
  filesCaption: (dataset) => `Files: ${dataset}`,
  allYears: 'All years',
  listHeading: 'A codebook per dataset',
  listIntro: 'One printable page per dataset: columns, key, rules, coverage, known quirks and files.',
  pageLink: (dataset) => `Codebook: ${dataset}`,
};

/** The codebook's words in each language (a language is one more entry here, as in site-text.ts). */
export const CODEBOOK_TEXT: Record<Lang, CodebookText> = { id, en };

/** Every published dataset with a codebook, in the downloads' order: each harvested one followed by those derived from it. */
export function codebookDatasets(): PublishedDataset[] {
  return DATASETS.flatMap((dataset) => [dataset, ...DERIVED_DATASETS.filter((derived) => derived.from === dataset.id)]);
}

/** The published dataset of a codebook page. */
export function codebookDataset(datasetId: string): PublishedDataset {
  const dataset = codebookDatasets().find((candidate) => candidate.id === datasetId);
  if (dataset === undefined) throw new Error(`no published dataset has the id ${JSON.stringify(datasetId)}`);
  return dataset;
}

function isDerived(dataset: PublishedDataset): dataset is DerivedDatasetDefinition {
  return 'from' in dataset;
}

/** A text with `code` spans (the declarations mark names with backticks). */
type Spans = Array<{ code: boolean; text: string }>;

interface CodebookColumn {
  name: string;
  /** The upstream field, or null for a column the publisher derives. */
  source: string | null;
  type: string;
  unit: string;
  title: string;
  description: Spans;
  emptiness: string;
  key: boolean;
}

interface CodebookRule {
  id: string;
  title: string;
  description: string;
  /** The source fields it reads, in words where it reads every one or every count (ruleFieldLines). */
  fields: readonly string[];
  /** Records breaking it, every year together (the quality report's count); null without a report of the dataset. */
  broken: string | null;
}

interface CodebookYear {
  year: number;
  records: string;
  /** Null for a derived dataset (its rows carry their source's flags). */
  flagged: string | null;
  /** The coverage of the official dapils, for the datasets of turnout records; null otherwise. */
  coverage: string | null;
}

interface CodebookFiles {
  label: string;
  files: Array<{ path: string; name: string; format: FileFormat; label: string }>;
}

export interface CodebookModel {
  dataset: string;
  title: string;
  heading: string;
  description: Spans;
  /** Where the records come from and how files are named. */
  origin: string[];
  keyColumns: string[];
  /** The key's sentence, its column names as code. */
  keySentence: Spans;
  references: Spans[];
  columns: CodebookColumn[];
  rules: CodebookRule[];
  /** Instead of the rules table, for a derived dataset. */
  rulesNote: string | null;
  /** Whether the records count voters by voter list (the view explains DPT, DPTb and DPK). */
  voterLists: boolean;
  /** Whether the coverage table has the official dapils' column. */
  hasCoverage: boolean;
  years: CodebookYear[];
  quirks: string[];
  files: CodebookFiles[];
}

/** Column names as "`a`, `b` and `c`" in the language (code spans for codeSpans). */
function listText(lang: Lang, names: readonly string[]): string {
  const items = names.map((name) => `\`${name}\``);
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${TEXT[lang].and} ${items.at(-1) ?? ''}`;
}

/** The dataset whose records a dataset's rows come from: itself, or the harvested dataset it is derived from. */
function recordsDataset(dataset: PublishedDataset): DatasetDefinition | undefined {
  return isDerived(dataset) ? DATASETS.find((candidate) => candidate.id === dataset.from) : dataset;
}

/** What the year's coverage of the official dapils says, for the years of a turnout dataset that leave some out. */
function coverageQuirks(site: SiteData, lang: Lang, years: readonly number[]): string[] {
  const t = CODEBOOK_TEXT[lang];
  return years.flatMap((year) => {
    const coverage = site.quality.coverage?.years.find((entry) => entry.year === year);
    const summary = coverageSummary(site, lang, year);
    if (coverage?.status !== 'compared' || summary === null) return [];
    const partial =
      coverage.dapils.harvested < coverage.dapils.official ||
      coverage.regencies.harvested < coverage.regencies.official;
    const missing = coverage.incompleteDapils.map((dapil) =>
      t.missingRegencies({
        year,
        dapil: `${dapil.id} ${dapil.name}`,
        missing: dapil.missing.length,
        official: formatCount(lang, dapil.official),
        regencies: dapil.missing.map((regency) => `${regency.name} (${regency.code})`).join(', '),
      }),
    );
    return [
      ...(partial ? [t.partialYear(year, summary.line)] : []),
      ...missing,
      ...summary.notes.map((note) => `${year}: ${note}`),
    ];
  });
}

/** The codebook of a published dataset, in one language, from its declaration, the manifest and the quality report. */
export function codebookPage(site: SiteData, lang: Lang, datasetId: string): CodebookModel {
  const t = CODEBOOK_TEXT[lang];
  const words = TEXT[lang];
  const dataset = codebookDataset(datasetId);
  const source = recordsDataset(dataset);
  const title = dataset.title[lang];
  const report = site.quality.datasets.find((entry) => entry.dataset === dataset.id);
  const key = primaryKeyOf(dataset);
  const files = site.manifest.files.filter((file) => file.dataset === dataset.id);
  const years = [...new Set(files.flatMap((file) => (file.year === 'all' ? [] : [file.year])))].sort((a, b) => a - b);
  // The dataset counted against the official dapil lists is the one whose coverage the quality report gives.
  const counted = source?.officialListFields !== undefined;
  const hasCoverage = counted && site.quality.coverage !== undefined;

  const origin = isDerived(dataset)
    ? [t.derived(source?.title[lang] ?? dataset.from)]
    : dataset.origin?.kind === 'project'
      ? [dataset.origin.source[lang]]
      : [t.harvested(dataset.upstreamName, dataset.path)];

  const quirks = [
    ...(isDerived(dataset) ? [t.derivedFlags] : []),
    ...(counted ? coverageQuirks(site, lang, years) : []),
    ...(report?.years ?? []).flatMap(
      (year) =>
        report?.rules.flatMap((rule) => {
          const count = year.violationsByRule[rule.id] ?? 0;
          return count === 0
            ? []
            : [t.ruleBroken(year.year, count, formatCount(lang, count), `${rule.title[lang]} (${rule.id})`)];
        }) ?? [],
    ),
    ...Object.entries(site.manifest.datasets.find((entry) => entry.id === dataset.id)?.valuesSeen ?? {}).map(
      ([field, values]) => t.valuesSeen(field, values.join(', ')),
    ),
    ...Object.entries(report?.numberValues ?? {}).map(([field, count]) =>
      t.numberValues(field, formatCount(lang, count)),
    ),
    ...(() => {
      const yearless = site.yearless.filter((record) => record.dataset === dataset.id).length;
      return yearless > 0 ? [t.yearless(formatCount(lang, yearless))] : [];
    })(),
  ];

  return {
    dataset: dataset.id,
    title: t.title(title),
    heading: title,
    description: codeSpans(dataset.description[lang]),
    origin: [...origin, t.fileNames(dataset.fileStem)],
    keyColumns: key,
    keySentence: codeSpans(
      [
        t.keySentence(listText(lang, key)),
        ...(dataset.columns.some((column) => columnEmptiness(dataset, column) === 'flagged') ? [t.keyEmpty] : []),
      ].join(' '),
    ),
    references: (dataset.references ?? []).map((reference) =>
      codeSpans(
        t.reference(
          listText(lang, reference.columns),
          codebookDatasets().find((candidate) => candidate.id === reference.dataset)?.title[lang] ?? reference.dataset,
          listText(lang, reference.referencedColumns),
        ),
      ),
    ),
    columns: dataset.columns.map((column) => ({
      name: column.name,
      source: column.source,
      type: words.dictionary.typeNames[column.type],
      unit: column.unit ? words.dictionary.units[column.unit] : '',
      title: column.title[lang],
      description: codeSpans(column.description[lang]),
      emptiness: (() => {
        const emptiness = columnEmptiness(dataset, column);
        return emptiness === 'flagged' ? t.emptyKey : words.dictionary.emptiness[emptiness];
      })(),
      key: key.includes(column.name),
    })),
    rules: isDerived(dataset)
      ? []
      : dataset.rules.map((rule) => {
          const broken = report?.years.reduce((sum, year) => sum + (year.violationsByRule[rule.id] ?? 0), 0);
          return {
            id: rule.id,
            title: rule.title[lang],
            description: rule.description[lang],
            fields: ruleFieldLines(dataset, rule, lang),
            broken: broken === undefined ? null : formatCount(lang, broken),
          };
        }),
    rulesNote: isDerived(dataset) ? t.rulesDerived(source?.title[lang] ?? dataset.from) : null,
    voterLists: (source?.roles.countGroups ?? []).length > 0,
    hasCoverage,
    years: years.map((year) => {
      const records = files.find((file) => file.year === year && file.records !== null)?.records ?? 0;
      const flagged = report?.years.find((entry) => entry.year === String(year))?.recordsFlagged;
      const coverage = hasCoverage ? coverageSummary(site, lang, year) : null;
      return {
        year,
        records: formatCount(lang, records),
        flagged: isDerived(dataset) ? null : formatCount(lang, flagged ?? 0),
        coverage: coverage === null ? null : coverage.line,
      };
    }),
    quirks: quirks.length > 0 ? quirks : [t.noQuirks],
    files: [...years, 'all' as const].flatMap((year) => {
      const ofYear = files.filter((file) => file.year === year);
      if (ofYear.length === 0) return [];
      return [
        {
          label: year === 'all' ? t.allYears : String(year),
          files: ofYear.map((file) => ({
            path: file.path,
            name: file.path.replace(/^.*\//, ''),
            format: file.format,
            label: words.downloads.formatNames[file.format] ?? file.format,
          })),
        },
      ];
    }),
  };
}
