// The data dictionary, generated from the declared datasets: docs/data.md, the README inside each
// download bundle, and the site's dictionary page all come from here, so they cannot disagree.
import {
  COLUMN_TYPES,
  columnEmptiness,
  type ColumnEmptiness,
  type ColumnType,
  type DatasetDefinition,
  type DerivedDatasetDefinition,
  type PublishedDataset,
} from '../datasets/dataset-definition.ts';
import { dictionaryFormats, type DictionaryFormat } from '../formats.ts';
import type { Lang, Localized } from '../languages.ts';
import { ARROW_TYPE_NAMES } from './column-types.ts';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/**
 * How each logical column type is written in each format of the type table, in one language: the column type's
 * Arrow type (the one schema's mapping, column-types.ts) looked up in each format's wording (scripts/formats.ts).
 */
export function formatTypeTexts(lang: Lang): Record<ColumnType, Record<DictionaryFormat, string>> {
  return Object.fromEntries(
    COLUMN_TYPES.map((type) => {
      const arrowType = ARROW_TYPE_NAMES[type];
      const texts = dictionaryFormats().map((format) => {
        const wording: Localized | undefined = (format.typeWording as Readonly<Record<string, Localized>>)[arrowType];
        if (!wording)
          throw new Error(`${format.id} does not say how it writes the Arrow type ${arrowType} (column type ${type})`);
        return [format.id, wording[lang]];
      });
      return [type, Object.fromEntries(texts) as Record<DictionaryFormat, string>];
    }),
  ) as Record<ColumnType, Record<DictionaryFormat, string>>;
}

/** How each logical column type is stored in each published format, in the words of docs/data.md (English). */
export const FORMAT_TYPES = formatTypeTexts('en');

/** The "nullable" cell of docs/data.md and the bundles' README. */
const EMPTINESS_TEXT: Record<ColumnEmptiness, string> = {
  never: 'no',
  flagged: 'no (a key column: null only in a record the quality rules flag)',
  allowed: 'yes',
};

function renderColumns(dataset: PublishedDataset): string[] {
  const rows = dataset.columns.map((column) =>
    [
      `\`${column.name}\``,
      column.type,
      column.unit ?? '',
      column.source ? `\`${column.source}\`` : '(derived)',
      EMPTINESS_TEXT[columnEmptiness(dataset, column)],
      cell(`${column.description.en} / ${column.description.id}`),
    ].join(' | '),
  );
  return [
    '| column | type | unit | upstream field | nullable | description (English / Bahasa Indonesia) |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ];
}

export function renderDatasetDictionary(dataset: DatasetDefinition, heading = '##'): string {
  const rules = dataset.rules.map((rule) =>
    [
      `\`${rule.id}\``,
      cell(rule.description.en),
      cell(rule.description.id),
      rule.fields.map((field) => `\`${field}\``).join(', '),
    ].join(' | '),
  );
  return [
    `${heading} ${dataset.title.en} (\`${dataset.id}\`)`,
    '',
    `${dataset.description.en}`,
    '',
    `*${dataset.title.id}.* ${dataset.description.id}`,
    '',
    `${dataset.origin?.kind === 'project' ? `Not harvested: the project's own records. ${dataset.origin.source.en}` : `Upstream query \`${dataset.upstreamName}\` (\`${dataset.path}\`).`} A record is identified by ${dataset.keyFields.map((field) => `\`${field}\``).join(', ')}; files are split by \`${dataset.yearField}\`. File names start with \`${dataset.fileStem}\`.`,
    '',
    `${heading}# Columns`,
    '',
    ...renderColumns(dataset),
    '',
    `${heading}# Quality rules`,
    '',
    '| rule | what it checks | aturan | upstream fields |',
    '|---|---|---|---|',
    ...rules.map((row) => `| ${row} |`),
  ].join('\n');
}

/** A derived dataset's dictionary: what it is computed from, and its columns (it has no rules of its own). */
export function renderDerivedDictionary(dataset: DerivedDatasetDefinition, heading = '##'): string {
  return [
    `${heading} ${dataset.title.en} (\`${dataset.id}\`)`,
    '',
    `${dataset.description.en}`,
    '',
    `*${dataset.title.id}.* ${dataset.description.id}`,
    '',
    `Derived from the normalized \`${dataset.from}\` records in the snapshot stage, not harvested; its rows carry their source record's \`quality_flags\`. Files are split by election year as the \`${dataset.from}\` files are. File names start with \`${dataset.fileStem}\`.`,
    '',
    `${heading}# Columns`,
    '',
    ...renderColumns(dataset),
  ].join('\n');
}

export function renderFormatTypes(): string {
  return [
    `| logical type | ${dictionaryFormats()
      .map((format) => format.label.en)
      .join(' | ')} |`,
    `|---|${dictionaryFormats()
      .map(() => '---|')
      .join('')}`,
    ...Object.entries(FORMAT_TYPES).map(
      ([type, texts]) =>
        `| ${type} | ${dictionaryFormats()
          .map((format) => texts[format.id])
          .join(' | ')} |`,
    ),
  ].join('\n');
}
