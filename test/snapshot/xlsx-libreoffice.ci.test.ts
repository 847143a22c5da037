// Every published XLSX file opened in LibreOffice Calc (Debian's libreoffice-calc, headless, a private profile) and
// saved back as CSV, text cells quoted: every value must equal the JSON file's, identifiers and codes must come
// back as quoted text with their leading zeros ("0101") and their form ("4.-"), and counts, decimals and dates as
// bare numbers. The demo site and the snapshot fixtures always, the real-data site when ../shared/data is there.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { PublishedDataset } from '../../scripts/datasets/dataset-definition.ts';
import { DATASETS, DERIVED_DATASETS } from '../../scripts/datasets/datasets.ts';
import type { NormalizedRecord } from '../../scripts/snapshot/arrow-schema.ts';
import { formatOf } from '../../scripts/formats.ts';
import { buildArrowTable } from '../../scripts/snapshot/arrow-schema.ts';
import { renderXlsx } from '../../scripts/snapshot/xlsx-writer.ts';
import { AWKWARD_TEXTS, FIXTURES } from './snapshot-fixtures.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { SOFFICE_PATH } from '../support/debian-tools-setup.ts';
import { noticeSharedData } from '../support/shared-data.ts';
import { buildDemoSite, buildRealSite, type PublishedSite } from '../site/site-fixtures.ts';

const run = promisify(execFile);

/**
 * LibreOffice's CSV export (https://help.libreoffice.org/latest/en-US/text/shared/guide/csv_params.html): comma,
 * double quote, UTF-8 (76), from line 1, no column formats, English (US) number formats (1033), every text cell
 * quoted, (import-only token), cells as shown (so dates come out yyyy-mm-dd, as their format says).
 */
const CSV_FILTER = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,true,false,true';

interface CsvField {
  text: string;
  quoted: boolean;
}

/** RFC 4180 rows, each field with whether it was quoted (csv-parse does not say). */
function parseCsvFields(csv: string): CsvField[][] {
  const rows: CsvField[][] = [];
  let row: CsvField[] = [];
  let index = 0;
  for (;;) {
    let field: CsvField;
    if (csv[index] === '"') {
      let text = '';
      index += 1;
      for (;;) {
        const quote = csv.indexOf('"', index);
        if (quote < 0) throw new Error('unterminated quoted field');
        text += csv.slice(index, quote);
        index = quote + 1;
        if (csv[index] !== '"') break;
        text += '"';
        index += 1;
      }
      field = { text, quoted: true };
    } else {
      let end = index;
      while (end < csv.length && csv[end] !== ',' && csv[end] !== '\n' && csv[end] !== '\r') end += 1;
      field = { text: csv.slice(index, end), quoted: false };
      index = end;
    }
    row.push(field);
    if (csv[index] === ',') {
      index += 1;
      continue;
    }
    rows.push(row);
    row = [];
    if (csv[index] === '\r') index += 1;
    if (csv[index] === '\n') index += 1;
    if (index >= csv.length) return rows;
  }
}

/** A record's value as LibreOffice shows it (en-US), and whether its cell is text. */
function expectedField(dataset: PublishedDataset, name: string, value: unknown): CsvField {
  const column = dataset.columns.find((candidate) => candidate.name === name);
  if (value === null || (Array.isArray(value) && value.length === 0)) return { text: '', quoted: false };
  switch (column?.type) {
    case 'text':
      return { text: value as string, quoted: true };
    case 'text_list':
      return { text: (value as string[]).join(';'), quoted: true };
    case 'integer':
    case 'decimal':
    case 'date':
      return { text: String(value), quoted: false };
    default:
      throw new Error(`column ${name} is not declared`);
  }
}

/** Each workbook saved back as CSV by LibreOffice, under `<folder>/csv/`, with a private profile. */
async function convertToCsv(folder: string, workbooks: readonly string[]): Promise<void> {
  await run(
    SOFFICE_PATH,
    [
      `-env:UserInstallation=file://${path.join(folder, 'profile')}`,
      '--headless',
      '--convert-to',
      CSV_FILTER,
      '--outdir',
      path.join(folder, 'csv'),
      ...workbooks,
    ],
    { timeout: 300_000 },
  );
}

/** The CSV LibreOffice wrote holds exactly the records, text cells quoted, numbers and dates bare. */
function expectRows(dataset: PublishedDataset, records: readonly NormalizedRecord[], csv: string, what: string): void {
  const [header, ...rows] = parseCsvFields(csv);
  const names = dataset.columns.map((column) => column.name);
  expect(
    header?.map((field) => field.text),
    what,
  ).toEqual(names);
  expect(rows.length, what).toBe(records.length);
  // One expectation per file: the whole table, as LibreOffice gives it back.
  expect(rows, what).toEqual(records.map((record) => names.map((name) => expectedField(dataset, name, record[name]))));
}

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function checkEveryXlsx(site: PublishedSite): Promise<void> {
  const files = site.manifest.files.filter((file) => file.format === 'xlsx');
  // Every dataset and year with a JSON file has its XLSX.
  expect(files.map((file) => file.path)).toEqual(
    site.manifest.files
      .filter((file) => file.format === 'json' && file.dataset !== null)
      .map((file) => file.path.replace(/\.json$/, formatOf('xlsx').suffix)),
  );
  const folder = await mkdtemp(path.join(os.tmpdir(), 'kpu-xlsx-libreoffice-'));
  folders.push(folder);
  await convertToCsv(
    folder,
    files.map((file) => path.join(site.dataDir, file.path)),
  );
  for (const file of files) {
    // Every dataset with files: harvested and derived (the long turnout file).
    const dataset = [...DATASETS, ...DERIVED_DATASETS].find((candidate) => candidate.id === file.dataset);
    if (!dataset) throw new Error(`${file.path}: no dataset ${String(file.dataset)} is declared`);
    const records = JSON.parse(
      await readFile(path.join(site.dataDir, file.path.replace(/\.xlsx$/, '.json')), 'utf8'),
    ) as NormalizedRecord[];
    const csv = await readFile(path.join(folder, 'csv', path.basename(file.path).replace(/\.xlsx$/, '.csv')), 'utf8');
    expectRows(dataset, records, csv, file.path);
  }
}

describe('XLSX files opened in LibreOffice Calc', () => {
  it('the demo site: every value exact, identifiers still text', async () => {
    const site = await buildDemoSite();
    try {
      await checkEveryXlsx(site);
    } finally {
      await site.close();
    }
  });

  it('the snapshot fixtures: leading zeros ("0101"), quotes and line breaks, 2^53 − 1, all exact', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'kpu-xlsx-fixtures-'));
    folders.push(folder);
    for (const { dataset, records } of FIXTURES)
      await writeFile(
        path.join(folder, `${dataset.id}.xlsx`),
        await renderXlsx(buildArrowTable(dataset.columns, records), { dataset, year: 2024 }),
      );
    await convertToCsv(
      folder,
      FIXTURES.map(({ dataset }) => path.join(folder, `${dataset.id}.xlsx`)),
    );
    for (const { dataset, records } of FIXTURES) {
      const csv = await readFile(path.join(folder, 'csv', `${dataset.id}.csv`), 'utf8');
      expectRows(dataset, records, csv, dataset.id);
    }
    expect(await readFile(path.join(folder, 'csv', 'turnout.csv'), 'utf8')).toContain('"0101"');
  });

  it('awkward text: markup, carriage returns, control characters (_xHHHH_), edge spaces, all exact', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'kpu-xlsx-awkward-'));
    folders.push(folder);
    const [record] = FIXTURES[1]?.records ?? [];
    const records = AWKWARD_TEXTS.map((text) => ({ ...record, party_name: text, office_address: text }));
    await writeFile(
      path.join(folder, 'awkward.xlsx'),
      await renderXlsx(buildArrowTable(partyDataset.columns, records), { dataset: partyDataset, year: 2024 }),
    );
    await convertToCsv(folder, [path.join(folder, 'awkward.xlsx')]);
    // LibreOffice turns a CR LF inside a cell into LF when it opens a workbook (seen with the CR written as &#13; and
    // as _x000D_; a lone CR it keeps); ExcelJS reads the CR LF back exactly (xlsx-sheet-xml.unit.test.ts).
    const asLibreOfficeKeepsThem = records.map((row) => ({
      ...row,
      party_name: (row.party_name as string).replaceAll('\r\n', '\n'),
      office_address: (row.office_address as string).replaceAll('\r\n', '\n'),
    }));
    const csv = await readFile(path.join(folder, 'csv', 'awkward.csv'), 'utf8');
    expectRows(partyDataset, asLibreOfficeKeepsThem, csv, 'awkward');
  });

  it.skipIf(!noticeSharedData('the real-data XLSX files in LibreOffice'))(
    'the real-data site: every value exact, PKB’s deed number "4.-" still text',
    async () => {
      const site = await buildRealSite();
      try {
        await checkEveryXlsx(site);
        const parties = site.manifest.files.find((file) => file.format === 'xlsx' && file.path.endsWith('-2024.xlsx'));
        const csv = await readFile(
          path.join(folders.at(-1) as string, 'csv', path.basename(parties?.path ?? '').replace(/\.xlsx$/, '.csv')),
          'utf8',
        );
        expect(csv).toContain(',"4.-",');
      } finally {
        await site.close();
      }
    },
  );
});
