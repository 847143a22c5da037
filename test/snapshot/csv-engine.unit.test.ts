// The CSV snapshot file as DuckDB writes it from the table's Parquet file (csv-writer.ts writeCsvFile) is, byte for
// byte, the text serializeCsv formats from the same Arrow table: on the records that break naive writers, on every
// control character, quotes and separators, on every character of the Basic Multilingual Plane before "=" and
// before "1" (the formula guard's white space and signs), on decimals in every layout JavaScript prints, on the edge
// dates, and on tables of one record, of several record batches and of none. A list it cannot write unambiguously
// stops the write as serializeCsv does.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Table } from 'apache-arrow';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { buildArrowTable, BATCH_ROWS, type NormalizedRecord } from '../../scripts/snapshot/arrow-schema.ts';
import { WHITE_SPACE } from '../../scripts/snapshot/csv-formula.ts';
import { serializeCsv, writeCsvFile } from '../../scripts/snapshot/csv-writer.ts';
import { DATES, decimals, engineScratch, ESCAPE_TEXTS } from './engine-fixtures.ts';
import { FIXTURES, PARTY_RECORDS, TURNOUT_RECORDS } from './snapshot-fixtures.ts';

const scratch = engineScratch('csv-engine');

/** The CSV file of `table` as the snapshot stage writes it (Parquet first, then CSV from it), as bytes. */
async function engineCsv(table: Table): Promise<Buffer> {
  const { parquet, file } = await scratch.parquetOf(table, '.csv');
  await writeCsvFile(table, parquet, file);
  return readFile(file);
}

/** Expects the engine's file to be serializeCsv's bytes, naming the first differing lines rather than two texts. */
async function expectSerializeCsvBytes(table: Table): Promise<void> {
  const expected = Buffer.from([...serializeCsv(table)].join(''));
  const written = await engineCsv(table);
  if (!written.equals(expected)) {
    const [got, want] = [written.toString('utf8').split('\r\n'), expected.toString('utf8').split('\r\n')];
    const differing = want.flatMap((line, index) => (got[index] === line ? [] : [{ want: line, got: got[index] }]));
    expect(differing.slice(0, 5)).toEqual([]);
  }
  expect(written.equals(expected)).toBe(true);
}

/** Texts that break CSV writers: quotes, separators, line ends of every kind, and texts a spreadsheet would run. */
const CSV_TEXTS: readonly string[] = [
  ...ESCAPE_TEXTS,
  'a,b',
  'a;b',
  '"quoted"',
  '""',
  "'=already quoted",
  'line\r\nend',
  'line\rend',
  'line\nend',
  '\r\n',
  ',',
  '=1+1',
  '+1',
  '-',
  '@SUM(1;1)',
  '\t=1+1',
  '\u00a0\u3000@SUM(1;1)',
  '\u2028-1',
  '\u000b+1',
  '\u0085=1',
  '\u180e=1',
  '\u200b=1',
  '＝HYPERLINK("http://evil.example","click")',
  'KOTA =1+1',
  'Jl. A-1 @ 2',
];

/** Party records (a decimal, a date, texts and a list) holding each hard value. */
function hardPartyRecords(): NormalizedRecord[] {
  const base = PARTY_RECORDS[0] as NormalizedRecord;
  const records: NormalizedRecord[] = [];
  for (const [index, text] of CSV_TEXTS.entries()) {
    // A list element cannot be empty or hold ";" (the CSV list would be ambiguous): those go in the texts only.
    const element = text === '' || text.includes(';') ? `x${text.replaceAll(';', ',')}` : text;
    records.push({
      ...base,
      party_name: text,
      office_address: index % 2 === 0 ? null : text,
      quality_flags: index % 3 === 0 ? [element, 'year-format'] : index % 3 === 1 ? [element] : [],
    });
  }
  for (const date of DATES) records.push({ ...base, notarial_deed_date: date });
  for (const value of decimals()) records.push({ ...base, women_representation_pct: value });
  records.push({ ...base, women_representation_pct: null, notarial_deed_date: null });
  return records;
}

/**
 * Every character of the Basic Multilingual Plane but the surrogates and U+FEFF (below), each before "=" and
 * before "1".
 */
function guardRecords(): NormalizedRecord[] {
  const base = PARTY_RECORDS[1] as NormalizedRecord;
  const records: NormalizedRecord[] = [];
  for (let code = 0; code <= 0xffff; code += 1) {
    if ((code >= 0xd800 && code <= 0xdfff) || code === 0xfeff) continue;
    const character = String.fromCharCode(code);
    records.push({ ...base, party_name: `${character}=1`, office_address: `${character}1` });
  }
  return records;
}

describe('the CSV file written by DuckDB', () => {
  it.each(FIXTURES.map((fixture) => [fixture.dataset.id, fixture] as const))(
    '%s fixtures: serializeCsv’s bytes, for all of them, for one record and for none',
    async (_id, { dataset, records }) => {
      for (const part of [records, records.slice(0, 1), []])
        await expectSerializeCsvBytes(buildArrowTable(dataset.columns, part));
    },
  );

  it('serializeCsv’s bytes for every control character, quotes, separators, formula starts, edge dates and thousands of decimals', async () => {
    const records = hardPartyRecords();
    const table = buildArrowTable(partyDataset.columns, records);
    await expectSerializeCsvBytes(table);
    // Read back: the texts, neutralized where a spreadsheet would run them, and the decimals' own values.
    const rows = parse(await engineCsv(table), { bom: true }) as string[][];
    const header = rows[0] as string[];
    const cell = (row: string[], name: string) => row[header.indexOf(name)] as string;
    expect(rows.slice(1, 1 + CSV_TEXTS.length).map((row) => cell(row, 'party_name').replace(/^'/, ''))).toEqual(
      CSV_TEXTS.map((text) => text.replace(/^'/, '')),
    );
    expect(
      rows
        .slice(1)
        .map((row) =>
          cell(row, 'women_representation_pct') === '' ? null : Number(cell(row, 'women_representation_pct')),
        ),
    ).toEqual(records.map((record) => record.women_representation_pct));
  }, 120_000);

  it('serializeCsv’s bytes for every character before "=" and before "1": the guard’s white space and signs', async () => {
    await expectSerializeCsvBytes(buildArrowTable(partyDataset.columns, guardRecords()));
  }, 120_000);

  it('keeps a text’s leading U+FEFF, as the Parquet and JSON files do, and guards it', async () => {
    // serializeCsv reads texts as Arrow's decoder does, which drops a byte order mark at a value's start.
    const base = PARTY_RECORDS[1] as NormalizedRecord;
    const texts = ['\ufeff=1', '\ufeffPARTAI', '\ufeff\ufeff1'];
    const table = buildArrowTable(
      partyDataset.columns,
      texts.map((text) => ({ ...base, party_name: text, quality_flags: [text] })),
    );
    const rows = parse(await engineCsv(table), { bom: true }) as string[][];
    const header = rows[0] as string[];
    expect(rows.slice(1).map((row) => row[header.indexOf('party_name')])).toEqual([
      "'\ufeff=1",
      '\ufeffPARTAI',
      '\ufeff\ufeff1',
    ]);
    expect(rows.slice(1).map((row) => row[header.indexOf('quality_flags')])).toEqual([
      "'\ufeff=1",
      '\ufeffPARTAI',
      '\ufeff\ufeff1',
    ]);
  });

  it('spells out exactly the white space JavaScript’s \\s matches', () => {
    const matched = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter((character) =>
      /\s/.test(character),
    );
    expect([...WHITE_SPACE].sort()).toEqual(matched.sort());
  });

  it('serializeCsv’s bytes for a table of several record batches', async () => {
    const base = TURNOUT_RECORDS[1] as NormalizedRecord;
    const records = Array.from({ length: BATCH_ROWS + 3 }, (_, index) => ({
      ...base,
      dapil_id: String(index).padStart(4, '0'),
      dpt_male: index,
    }));
    const table = buildArrowTable(turnoutDataset.columns, records);
    expect(table.batches.length).toBe(2);
    await expectSerializeCsvBytes(table);
  }, 120_000);

  it('stops at a list element that is empty or holds ";", as serializeCsv does, and leaves no file', async () => {
    const base = PARTY_RECORDS[0] as NormalizedRecord;
    for (const element of ['', 'a;b']) {
      const records = [base, base, { ...base, quality_flags: ['year-format', element] }, base];
      const table = buildArrowTable(partyDataset.columns, records);
      const thrown = (() => {
        try {
          Array.from(serializeCsv(table));
        } catch (error) {
          return (error as Error).message;
        }
        return 'nothing thrown';
      })();
      expect(thrown).toContain('would be ambiguous');
      const { parquet, file } = await scratch.parquetOf(table, '.csv');
      await expect(writeCsvFile(table, parquet, file)).rejects.toThrow(thrown);
      expect(existsSync(file)).toBe(false);
    }
  });
});
