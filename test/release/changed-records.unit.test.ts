// The change report between two releases from their all-years Parquet files (compareDataFolders, which reads only
// the records DuckDB finds different: scripts/release/changed-records.ts) says exactly what compareRecords says of
// the whole record lists: repeated keys matched by occurrence, a key part published as null named with the value
// the source gave, decimals, dates and texts compared as published, a column the older release lacks read as null.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ColumnType } from '../../scripts/datasets/dataset-definition.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import type { NormalizedRecord } from '../../scripts/normalize/normalize-records.ts';
import { compareRecords } from '../../scripts/release/change-report.ts';
import { compareDataFolders } from '../../scripts/release/release-stage.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kpu-changed-records-'));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const TYPES: Record<ColumnType, string> = {
  integer: 'BIGINT',
  text: 'VARCHAR',
  decimal: 'DOUBLE',
  date: 'DATE',
  text_list: 'VARCHAR[]',
};

/** A party record with every declared column (null unless given). */
function party(ballot: string | null, name: string, fields: Partial<NormalizedRecord> = {}): NormalizedRecord {
  return {
    ...Object.fromEntries(partyDataset.columns.map((column) => [column.name, null])),
    election_year: 2024,
    ballot_number: ballot,
    party_name: name,
    quality_flags: [],
    ...fields,
  };
}

/** A data folder with the dataset's all-years JSON, raw JSON and Parquet files (columns left out: not in any). */
async function dataFolder(
  name: string,
  records: NormalizedRecord[],
  raw: Record<string, unknown>[],
  without: string[] = [],
): Promise<string> {
  const folder = path.join(dir, name, 'all-years');
  await mkdir(folder, { recursive: true });
  const stem = path.join(folder, `${partyDataset.fileStem}-all-years`);
  await writeFile(`${stem}.json`, JSON.stringify(records));
  await writeFile(`${stem}.raw.json`, `[\n${raw.map((record) => JSON.stringify(record)).join(',\n')}\n]\n`);
  const columns = partyDataset.columns.filter((column) => !without.includes(column.name));
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(
      `COPY (SELECT ${columns.map((column) => `"${column.name}"`).join(', ')} FROM read_json('${stem}.json',
         format = 'array', columns = {${columns.map((column) => `'${column.name}': '${TYPES[column.type]}'`).join(', ')}}))
       TO '${stem}.parquet' (FORMAT parquet)`,
    );
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
  return path.join(dir, name);
}

// A source record: its key fields as the upstream sent them, and another field (the raw file holds them all).
const source = (year: unknown, ballot: unknown) => ({ tahunPemilu: year, NomorUrutPartai: ballot, NamaPartai: 'P' });

it('says what compareRecords says of the whole lists, reading only the records that differ', async () => {
  const before = [
    party('1', 'Partai Satu', { email: 'A', women_representation_pct: 30.5 }),
    party('2', 'Partai Dua'),
    party('2', 'Partai Dua (kedua)'),
    party('3', 'Partai Tiga', { notarial_deed_date: '2008-02-06' }),
    party('7', 'Tahun tak terbaca', { election_year: null, email: 'x', quality_flags: ['year-format'] }),
    party('8', 'Dihapus'),
    party('9', 'Bendera saja', { quality_flags: [] }),
  ];
  const after = [
    party('1', 'Partai Satu', { email: 'A', women_representation_pct: 31 }),
    party('2', 'Partai Dua'),
    party('2', 'Partai Dua (diganti)'),
    party('2', 'Partai Dua (ketiga)'),
    party('3', 'Partai Tiga', { notarial_deed_date: '2008-02-07' }),
    party('7', 'Tahun tak terbaca', { election_year: null, email: 'y', quality_flags: ['year-format'] }),
    party('9', 'Bendera saja', { quality_flags: ['key-unique'] }),
    party(null, 'Tanpa nomor', { quality_flags: ['key-empty'] }),
  ];
  const rawOf = (records: NormalizedRecord[]) =>
    records.map((record) =>
      source(record.election_year === null ? '2024 ' : String(record.election_year), record.ballot_number ?? ' '),
    );
  const expected = compareRecords(partyDataset, before, after, rawOf(before), rawOf(after));
  expect(expected.changes.map((change) => change.kind)).toEqual([
    'changed',
    'changed',
    'added',
    'changed',
    'changed',
    'added',
    'removed',
  ]);
  const compared = await compareDataFolders(
    [partyDataset],
    await dataFolder('before', before, rawOf(before)),
    await dataFolder('after', after, rawOf(after)),
  );
  expect(compared).toEqual([expected]);
  expect(compared[0]?.changes.find((change) => change.key.election_year === null)?.given).toEqual({
    election_year: '2024 ',
  });
});

it('reads a column the older release lacks as null, and a first release as no records', async () => {
  const before = [party('1', 'Partai Satu', { party_acronym: null })];
  const after = [party('1', 'Partai Satu', { party_acronym: 'PS' }), party('2', 'Partai Dua')];
  const raw = (records: NormalizedRecord[]) => records.map((record) => source('2024', record.ballot_number));
  const compared = await compareDataFolders(
    [partyDataset],
    await dataFolder('older', before, raw(before), ['party_acronym']),
    await dataFolder('newer', after, raw(after)),
  );
  expect(compared).toEqual([compareRecords(partyDataset, before, after)]);
  const first = await compareDataFolders([partyDataset], path.join(dir, 'nothing'), path.join(dir, 'newer'));
  expect(first).toEqual([compareRecords(partyDataset, [], after)]);
});
