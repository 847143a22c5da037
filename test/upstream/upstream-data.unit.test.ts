// Loading the stand-in upstream's data: the real canonical CSV files (when present), JSON arrays, and clear
// errors naming the file when a file is not one of the declared datasets.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { loadUpstreamData, recogniseDataset } from '../../scripts/upstream/upstream-data.ts';
import { REAL_FILES, hasRealData } from './upstream-test-helpers.ts';

const directory = mkdtempSync(join(tmpdir(), 'upstream-data-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function writeFixture(name: string, text: string): string {
  const file = join(directory, name);
  writeFileSync(file, text);
  return file;
}

describe.skipIf(!hasRealData)('loadUpstreamData with the real files in ../shared/data', () => {
  it('recognises each file by its header and keeps every value as the exact string', async () => {
    const data = await loadUpstreamData(Object.values(REAL_FILES));
    expect(data.turnout).toHaveLength(263 + 4);
    expect(data.parties).toHaveLength(24 + 20 + 15);
    const byYear = (year: string) => data.parties.filter((record) => record[partyDataset.yearField] === year).length;
    expect([byYear('2024'), byYear('2019'), byYear('2014')]).toEqual([24, 20, 15]);
    expect(data.turnout[0]).toMatchObject({
      TahunPemilu: '2014',
      IdDapil: '1101',
      NamaDapil: 'ACEH I',
      NamaKabupaten: 'ACEH BARAT',
    });
    for (const record of [...data.turnout, ...data.parties]) {
      for (const value of Object.values(record)) expect(typeof value).toBe('string');
    }
    for (const record of data.turnout) expect(Object.keys(record)).toEqual([...turnoutDataset.upstreamFields]);
    const total = data.turnout
      .slice(0, 263)
      .reduce((sum, record) => sum + Number(record.JumlahSeluruhPenggunaHakPilih), 0);
    expect(total).toBe(102_564_049);
    // Empty cells stay empty strings, and text with commas survives the CSV quoting.
    expect(data.parties.find((record) => record.tahunPemilu === '2019')?.Email).toBe('');
    expect(String(data.parties[0]?.AlamatKantor)).toContain(',');
  });
});

describe('loadUpstreamData', () => {
  it('reads CSV and JSON files in the order given', async () => {
    const turnout = generateTurnoutRecords({ years: [2024], dapils: 2, regenciesPerDapil: 2 });
    const header = turnoutDataset.upstreamFields.join(',');
    const csv = writeFixture(
      'turnout.csv',
      `\uFEFF${header}\n${turnout.map((record) => Object.values(record).join(',')).join('\n')}\n`,
    );
    const parties = generatePartyRecords({ years: [2024], parties: 3 });
    const json = writeFixture('parties.json', JSON.stringify(parties));
    const data = await loadUpstreamData([json, csv, csv]);
    expect(data.turnout).toEqual([...turnout, ...turnout]);
    expect(data.parties).toEqual(parties);
    expect(data.turnout[0]?.IdDapil).toBe('1101');
  });

  it('keeps JSON values as they are, so a fixture can serve a wrong type', async () => {
    const [record] = generatePartyRecords({ years: [2024], parties: 1 });
    const file = writeFixture('typed.json', JSON.stringify([{ ...record, NomorUrutPartai: 7 }]));
    const data = await loadUpstreamData([file]);
    expect(data.parties[0]?.NomorUrutPartai).toBe(7);
  });

  it('refuses a file matching no dataset, naming the file and the difference', async () => {
    const file = writeFixture('other.csv', `${turnoutDataset.upstreamFields.slice(1).join(',')},Extra\n`);
    await expect(loadUpstreamData([file])).rejects.toThrow(
      new RegExp(`${file}.*closest is turnout.*missing TahunPemilu.*unknown Extra`),
    );
  });

  it('refuses empty JSON, non-arrays, bad JSON and other file types', async () => {
    await expect(loadUpstreamData([writeFixture('empty.json', '[]')])).rejects.toThrow(/empty\.json: an empty array/);
    await expect(loadUpstreamData([writeFixture('object.json', '{"count":1}')])).rejects.toThrow(
      /object\.json: expected a JSON array/,
    );
    await expect(loadUpstreamData([writeFixture('bad.json', '[{')])).rejects.toThrow(/bad\.json: not valid JSON/);
    await expect(loadUpstreamData([writeFixture('data.txt', 'x')])).rejects.toThrow(/data\.txt: unsupported file type/);
  });

  it('recognises datasets by their exact field set', () => {
    expect(recogniseDataset([...partyDataset.upstreamFields].reverse())?.id).toBe('parties');
    expect(recogniseDataset([...turnoutDataset.upstreamFields, 'TahunPemilu'])).toBeUndefined();
    expect(recogniseDataset([])).toBeUndefined();
  });
});
