// The quality report for people: Markdown with Indonesian and English headings, a summary per dataset and
// year, then every violation with its record's key and values. Pure: report in, text out.
import type { DapilCoverage, YearCoverage } from './dapil-coverage.ts';
import { VIOLATIONS_LISTED_PER_RULE, type DatasetQualityReport, type QualityReport } from './quality-check.ts';

/**
 * Make text safe inside a GFM table cell. Upstream values are untrusted: a `|` would split the cell, a line break
 * end the row, and `<`, `&`, `*`, `_`, `` ` ``, `[` would be read as HTML or formatting.
 * Example: "a|b\nc <d>" → "a\|b<br>c &lt;d&gt;".
 */
export function escapeTableCell(text: string): string {
  return text
    .replace(/[\\`*_[\]|]/g, (character) => `\\${character}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r\n|\r|\n/g, '<br>');
}

/** A well-formed year as is; anything else quoted, so an empty or padded year is visible. */
function yearCell(year: string): string {
  return /^[0-9]{4}$/.test(year) ? year : escapeTableCell(JSON.stringify(year));
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [row(header), row(header.map(() => '---')), ...rows.map(row)];
}

/** `Field = "value"` per entry, one per line; JSON shows strings quoted, so spaces and empty values stay visible. */
function formatEntries(entries: Record<string, unknown>): string {
  return Object.entries(entries)
    .map(([field, value]) => escapeTableCell(`${field} = ${JSON.stringify(value) ?? 'undefined'}`))
    .join('<br>');
}

const COUNT_HEADER = [
  'Rekaman diperiksa / Records checked',
  'Rekaman ditandai / Records flagged',
  'Pelanggaran / Violations',
];

function renderDataset(dataset: DatasetQualityReport): string[] {
  const lines = [`## ${dataset.title.id} / ${dataset.title.en} (\`${dataset.dataset}\`)`, ''];

  lines.push('### Ringkasan per tahun / Summary per year', '');
  if (dataset.years.length === 0) {
    lines.push('_Tidak ada rekaman. / No records._', '');
  } else {
    lines.push(
      ...table(
        ['Tahun / Year', ...COUNT_HEADER],
        dataset.years.map((year) => [
          yearCell(year.year),
          String(year.recordsChecked),
          String(year.recordsFlagged),
          String(year.violationCount),
        ]),
      ),
      '',
    );
  }

  const numbers = Object.entries(dataset.numberValues ?? {});
  if (numbers.length > 0) {
    lines.push(
      '### Nilai yang dikirim sebagai angka JSON / Values sent as JSON numbers',
      '',
      '_Sumber mengirim nilai-nilai ini sebagai angka JSON, bukan teks; masing-masing bilangan bulat tepat dan diambil apa adanya (berkas `.raw.json` menyimpannya seperti dikirim). / The source sent these values as JSON numbers, not strings; each is an exact integer and is taken as it is (the `.raw.json` file keeps it as sent)._',
      '',
      ...table(
        ['Kolom / Field', 'Nilai / Values'],
        numbers.map(([field, count]) => [`\`${field}\``, String(count)]),
      ),
      '',
    );
  }

  lines.push('### Pelanggaran per aturan / Violations per rule', '');
  lines.push(
    ...table(
      ['Aturan / Rule', 'Judul / Title', ...dataset.years.map((year) => yearCell(year.year))],
      dataset.rules.map((rule) => [
        `\`${rule.id}\``,
        escapeTableCell(`${rule.title.id} / ${rule.title.en}`),
        ...dataset.years.map((year) => String(year.violationsByRule[rule.id] ?? 0)),
      ]),
    ),
    '',
  );

  lines.push('### Daftar pelanggaran / Violations', '');
  if (dataset.violations.length === 0) {
    lines.push('_Tidak ada pelanggaran. / No violations._', '');
  } else {
    // One row per violation, which can be every record of a large harvest: appended one by one, since spreading
    // hundreds of thousands of rows into push() exceeds the call stack.
    const rows = table(
      ['Posisi / Position', 'Tahun / Year', 'Aturan / Rule', 'Kunci / Key', 'Nilai / Values', 'Pesan / Message'],
      dataset.violations.map((violation) => [
        String(violation.position),
        yearCell(violation.year),
        `\`${violation.ruleId}\``,
        formatEntries(violation.key),
        formatEntries(violation.values),
        escapeTableCell(violation.message),
      ]),
    );
    for (const row of rows) lines.push(row);
    lines.push('');
    if (dataset.violationsNotListed > 0)
      lines.push(
        `_${dataset.violationsNotListed} pelanggaran lain tidak dirinci (paling banyak ${VIOLATIONS_LISTED_PER_RULE} per aturan); aturan yang dilanggar setiap rekaman ada di kolom \`quality_flags\`. / ${dataset.violationsNotListed} more violations are not listed (at most ${VIOLATIONS_LISTED_PER_RULE} of each rule are); every record's broken rules are in its \`quality_flags\` column._`,
        '',
      );
  }
  return lines;
}

const COVERAGE_STATUS: Record<YearCoverage['status'], string> = {
  compared: '',
  'no-turnout': 'tidak ada data pengguna hak pilih / no turnout data',
  'no-official-list': 'tidak ada daftar resmi / no official list',
  'not-compared': 'data demo, tidak dibandingkan / demo data, not compared',
};

/** "20 / 77" for a compared year, else the reason there is no figure. */
function coverageCell(year: YearCoverage, counts: { harvested: number; official: number }): string {
  return year.status === 'compared' ? `${counts.harvested} / ${counts.official}` : COVERAGE_STATUS[year.status];
}

/** The turnout records against the official dapil lists: a row per year, then the dapils missing from each. */
function renderCoverage(coverage: DapilCoverage): string[] {
  const lines = ['## Cakupan dapil resmi / Coverage of the official dapils', ''];
  if (coverage.years.length === 0) return [...lines, '_Tidak ada rekaman. / No records._', ''];
  lines.push(
    ...table(
      [
        'Tahun / Year',
        'Dapil / Dapils',
        'Kabupaten/kota / Regencies',
        'Kode dapil tak dikenal / Unknown dapil ids',
        'Kabupaten/kota di dapil lain / Regencies in another dapil',
        'Nama tak cocok / Names unmatched',
      ],
      coverage.years.map((year) => [
        String(year.year),
        coverageCell(year, year.dapils),
        coverageCell(year, year.regencies),
        escapeTableCell(year.unknownDapils.map((dapil) => `${dapil.id} (${dapil.records})`).join(', ')),
        String(year.misplacedRegencies),
        String(year.unmatchedRegencies),
      ]),
    ),
    '',
  );
  for (const year of coverage.years) {
    if (year.status !== 'compared') continue;
    lines.push(`### ${year.year}: dapil tanpa data / dapils missing (${year.missingDapils.length})`, '');
    lines.push(
      year.missingDapils.length === 0
        ? '_Tidak ada. / None._'
        : escapeTableCell(year.missingDapils.map((dapil) => `${dapil.id} ${dapil.name}`).join(', ')),
      '',
    );
    const regencies = year.incompleteDapils.reduce((sum, dapil) => sum + dapil.missing.length, 0);
    lines.push(
      `### ${year.year}: kabupaten/kota tanpa data di dapil yang tercakup / regencies missing in the dapils covered (${regencies})`,
      '',
    );
    lines.push(
      ...(year.incompleteDapils.length === 0
        ? ['_Tidak ada. / None._', '']
        : [
            ...table(
              ['Dapil', 'Kabupaten/kota / Regencies', 'Tanpa data / Missing'],
              year.incompleteDapils.map((dapil) => [
                escapeTableCell(`${dapil.id} ${dapil.name}`),
                `${dapil.official - dapil.missing.length} / ${dapil.official}`,
                escapeTableCell(dapil.missing.map((regency) => `${regency.code} ${regency.name}`).join(', ')),
              ]),
            ),
            '',
          ]),
    );
    if (year.law)
      lines.push(`Daftar resmi: ${escapeTableCell(year.law.id)} / Official list: ${escapeTableCell(year.law.en)}`, '');
  }
  return lines;
}

export function renderQualityReportMarkdown(report: QualityReport): string {
  const lines = [
    '# Laporan kualitas data / Data quality report',
    '',
    'Rekaman yang melanggar aturan tetap diterbitkan sebagaimana diberikan sumber, dengan kode aturan di kolom `quality_flags`. ' +
      'Posisi adalah urutan rekaman dalam hasil panen, dihitung dari 0.',
    '',
    'Records that break a rule are published as the source gave them, with the rule ids in the `quality_flags` column. ' +
      'Position is the record’s place in the harvested order, counted from 0.',
    '',
    ...table(
      ['Dataset', ...COUNT_HEADER],
      report.datasets
        .map((dataset) => [
          `\`${dataset.dataset}\``,
          String(dataset.recordsChecked),
          String(dataset.recordsFlagged),
          String(dataset.violationCount),
        ])
        .concat([
          [
            '**Jumlah / Total**',
            String(report.recordsChecked),
            String(report.recordsFlagged),
            String(report.violationCount),
          ],
        ]),
    ),
    '',
    ...(report.coverage ? renderCoverage(report.coverage) : []),
    ...report.datasets.flatMap(renderDataset),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
