// The JSON snapshot file as DuckDB writes it from the table's Parquet file (json-writer.ts writeJsonFile) is, byte for
// byte, the text serializeJson formats from the same Arrow table: on the records that break naive writers, on every
// control character and escape-like text, on decimals in every layout JavaScript prints (1e-7, 0.000001, 1e+21,
// 123456789012345680000, the smallest and largest doubles, thousands of seeded random ones), on the edge dates and
// on tables of one record and of several record batches.
import { readFile } from 'node:fs/promises';
import type { Table } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { buildArrowTable, BATCH_ROWS, type NormalizedRecord } from '../../scripts/snapshot/arrow-schema.ts';
import { serializeJson, writeJsonFile } from '../../scripts/snapshot/json-writer.ts';
import { DATES, decimals, engineScratch, ESCAPE_TEXTS } from './engine-fixtures.ts';
import { FIXTURES, PARTY_RECORDS } from './snapshot-fixtures.ts';

const scratch = engineScratch('json-engine');

/** The JSON file of `table` as the snapshot stage writes it (Parquet first, then JSON from it), as text. */
async function engineJson(table: Table): Promise<string> {
  const { parquet, file } = await scratch.parquetOf(table, '.json');
  await writeJsonFile(table, parquet, file);
  return readFile(file, 'utf8');
}

/** Party records (a decimal, a date, texts and a list) holding each hard value. */
function hardPartyRecords(): NormalizedRecord[] {
  const base = PARTY_RECORDS[0] as NormalizedRecord;
  const records: NormalizedRecord[] = [];
  for (const [index, text] of ESCAPE_TEXTS.entries())
    records.push({
      ...base,
      party_name: text,
      office_address: index % 2 === 0 ? null : text,
      quality_flags: index % 2 === 0 ? [text, 'year-format'] : [],
    });
  for (const date of DATES) records.push({ ...base, notarial_deed_date: date });
  for (const value of decimals()) records.push({ ...base, women_representation_pct: value });
  records.push({ ...base, women_representation_pct: null, notarial_deed_date: null });
  return records;
}

describe('the JSON file written by DuckDB', () => {
  it.each(FIXTURES.map((fixture) => [fixture.dataset.id, fixture] as const))(
    '%s fixtures: serializeJson’s bytes, for all of them and for one record',
    async (_id, { dataset, records }) => {
      for (const part of [records, records.slice(0, 1)]) {
        const table = buildArrowTable(dataset.columns, part);
        expect(await engineJson(table)).toBe([...serializeJson(table)].join(''));
      }
    },
  );

  it('serializeJson’s bytes for every control character, escape-like text, edge date and thousands of decimals', async () => {
    const records = hardPartyRecords();
    const table = buildArrowTable(partyDataset.columns, records);
    const expected = [...serializeJson(table)].join('');
    const written = await engineJson(table);
    if (written !== expected) {
      // Name the first records that differ rather than two texts of thousands of lines.
      const [got, want] = [written.split('\n'), expected.split('\n')];
      const differing = want.flatMap((line, index) => (got[index] === line ? [] : [{ want: line, got: got[index] }]));
      expect(differing.slice(0, 5)).toEqual([]);
    }
    expect(written).toBe(expected);
    // The values read back are the records' own.
    const parsed = JSON.parse(written) as NormalizedRecord[];
    expect(parsed.map((record) => record.women_representation_pct)).toEqual(
      records.map((record) => record.women_representation_pct),
    );
    expect(parsed.map((record) => record.party_name)).toEqual(records.map((record) => record.party_name));
  }, 120_000);

  it('serializeJson’s bytes for a table of several record batches', async () => {
    const base = PARTY_RECORDS[1] as NormalizedRecord;
    const records = Array.from({ length: BATCH_ROWS + 3 }, (_, index) => ({
      ...base,
      ballot_number: String(index),
      women_representation_pct: index / 8,
    }));
    const table = buildArrowTable(partyDataset.columns, records);
    expect(table.batches.length).toBe(2);
    expect(await engineJson(table)).toBe([...serializeJson(table)].join(''));
  }, 120_000);
});
