// The data dictionary, generated from the declared datasets: docs/data.md, the README inside each
// download bundle, and the site's dictionary page all come from here, so they cannot disagree.
import type { ColumnType, DatasetDefinition } from '../datasets/dataset-definition.ts';

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** How each logical column type is stored in each published format. */
export const FORMAT_TYPES: Record<ColumnType, { json: string; csv: string; parquet: string; arrow: string }> = {
  integer: { json: 'number', csv: 'digits, unquoted', parquet: 'INT64', arrow: 'Int64' },
  text: { json: 'string', csv: 'quoted text; text a spreadsheet would run as a formula (starting with =, +, -, @) gets a leading \'', parquet: 'UTF8 (BYTE_ARRAY)', arrow: 'Utf8' },
  decimal: { json: 'number', csv: 'number with a decimal point, unquoted', parquet: 'DOUBLE', arrow: 'Float64' },
  date: { json: 'string YYYY-MM-DD', csv: 'YYYY-MM-DD, unquoted', parquet: 'DATE', arrow: 'Date32 (days)' },
  text_list: { json: 'array of strings', csv: 'quoted, items separated by ";" (formula guard as for text)', parquet: 'LIST of UTF8', arrow: 'List<Utf8>' },
};

export function renderDatasetDictionary(dataset: DatasetDefinition, heading = '##'): string {
  const columns = dataset.columns.map((column) =>
    [
      `\`${column.name}\``,
      column.type,
      column.unit ?? '',
      column.source ? `\`${column.source}\`` : '(derived)',
      column.nullable ? 'yes' : 'no',
      cell(`${column.description.en} / ${column.description.id}`),
    ].join(' | '),
  );
  const rules = dataset.rules.map((rule) =>
    [`\`${rule.id}\``, cell(rule.description.en), cell(rule.description.id), rule.fields.map((field) => `\`${field}\``).join(', ')].join(' | '),
  );
  return [
    `${heading} ${dataset.title.en} (\`${dataset.id}\`)`,
    '',
    `${dataset.description.en}`,
    '',
    `*${dataset.title.id}.* ${dataset.description.id}`,
    '',
    `Upstream query \`${dataset.upstreamName}\` (\`${dataset.path}\`). A record is identified by ${dataset.keyFields.map((field) => `\`${field}\``).join(', ')}; files are split by \`${dataset.yearField}\`. File names start with \`${dataset.fileStem}\`.`,
    '',
    `${heading}# Columns`,
    '',
    '| column | type | unit | upstream field | nullable | description (English / Bahasa Indonesia) |',
    '|---|---|---|---|---|---|',
    ...columns.map((row) => `| ${row} |`),
    '',
    `${heading}# Quality rules`,
    '',
    '| rule | what it checks | aturan | upstream fields |',
    '|---|---|---|---|',
    ...rules.map((row) => `| ${row} |`),
  ].join('\n');
}

export function renderFormatTypes(): string {
  return [
    '| logical type | JSON | CSV | Parquet | Arrow IPC |',
    '|---|---|---|---|---|',
    ...Object.entries(FORMAT_TYPES).map(([type, formats]) => `| ${type} | ${formats.json} | ${formats.csv} | ${formats.parquet} | ${formats.arrow} |`),
  ].join('\n');
}
