// A smoke test at scale: 100,000 synthetic turnout records through the real normalizer, the Arrow table and
// every writer (two record batches, so two Parquet row groups). No timing assertions: the test timeout is the limit.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import { normalizeRecord } from '../../scripts/normalize/normalize-records.ts';
import { buildArrowTable, type NormalizedRecord } from '../../scripts/snapshot/arrow-schema.ts';
import { iterateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { queryDuckDb, readArrowIpcBack, sqlString, writeAllFormats } from './snapshot-readers.ts';

const RECORDS = 100_000;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'snapshot-scale-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function* syntheticRecords(): Generator<NormalizedRecord> {
  let count = 0;
  for (const raw of iterateTurnoutRecords({ years: [2019, 2024], dapils: 500, regenciesPerDapil: 100 })) {
    yield normalizeRecord(turnoutDataset, raw, count % 50 === 0 ? ['dpt-sex-sum'] : []);
    count += 1;
    if (count === RECORDS) return;
  }
}

it(`writes ${RECORDS.toLocaleString('en')} records in every format`, async () => {
  const table = buildArrowTable(turnoutDataset.columns, syntheticRecords());
  expect(table.numRows).toBe(RECORDS);
  const paths = await writeAllFormats(table, dir, 'turnout');

  const json: unknown[] = JSON.parse(await readFile(paths.json, 'utf8'));
  expect(json).toHaveLength(RECORDS);
  const csv = await readFile(paths.csv, 'utf8');
  expect(csv.split('\r\n')).toHaveLength(RECORDS + 2);
  expect((await readArrowIpcBack(paths.arrow)).numRows).toBe(RECORDS);

  const [rows = []] = await queryDuckDb([
    `SELECT count(*)::INTEGER AS records, sum(total_voters)::VARCHAR AS voters, count(*) FILTER (WHERE len(quality_flags) > 0)::INTEGER AS flagged,
       count(DISTINCT dapil_id)::INTEGER AS dapils FROM read_parquet(${sqlString(paths.parquet)})`,
  ]);
  const voters = json.reduce<bigint>(
    (sum, record) => sum + BigInt((record as NormalizedRecord).total_voters as number),
    0n,
  );
  expect(rows).toEqual([{ records: RECORDS, voters: String(voters), flagged: RECORDS / 50, dapils: 500 }]);
});
