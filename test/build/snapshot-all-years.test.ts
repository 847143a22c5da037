// The all-years JSON and CSV files: when the harvest brings the years one after the other, the snapshot
// stage joins the year files' lines instead of formatting every record again; when the years come mixed, it writes
// them from the all-years table. Either way each is exactly the JSON and the CSV of the all-years table (read back
// from its Arrow file), byte for byte, with the records in harvest order. In the first case the all-years table is
// the year tables' own record batches, so its Arrow file's batches start anew with each year.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { serializeCsv } from '../../scripts/snapshot/csv-writer.ts';
import { serializeJson } from '../../scripts/snapshot/json-writer.ts';
import { stageFolder } from '../../scripts/stages.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import type { SyntheticRecord } from '../../scripts/synthetic/synthetic-data.ts';
import { createBuildWorld, type BuildWorld } from '../support/build-fixtures.ts';
import { runCli } from '../support/run-cli.ts';

const worlds: BuildWorld[] = [];
afterAll(async () => {
  await Promise.all(worlds.map((world) => world.close()));
});

/** The records of both years alternating: 2019, 2024, 2019, … */
function alternating(records: readonly SyntheticRecord[]): SyntheticRecord[] {
  const byYear = [2019, 2024].map((year) => records.filter((record) => Number(record.TahunPemilu) === year));
  const mixed: SyntheticRecord[] = [];
  for (let index = 0; index < Math.max(...byYear.map((list) => list.length)); index += 1)
    for (const list of byYear) if (list[index] !== undefined) mixed.push(list[index] as SyntheticRecord);
  return mixed;
}

async function snapshotOf(turnout: SyntheticRecord[]): Promise<string> {
  const world = await createBuildWorld({
    turnout,
    parties: generatePartyRecords({ years: [2019, 2024], parties: 4, seed: 5 }),
  });
  worlds.push(world);
  for (const command of ['harvest', 'snapshot']) {
    const run = await runCli([command], { env: world.env });
    expect(run.code, run.stderr).toBe(0);
  }
  return stageFolder('snapshot', world);
}

async function expectTheAllYearsTable(dir: string, stem: string): Promise<unknown[]> {
  const table = tableFromIPC(await readFile(path.join(dir, `all-years/${stem}-all-years.arrow`)));
  const json = await readFile(path.join(dir, `all-years/${stem}-all-years.json`), 'utf8');
  expect(json).toBe([...serializeJson(table)].join(''));
  expect(await readFile(path.join(dir, `all-years/${stem}-all-years.csv`), 'utf8')).toBe(
    [...serializeCsv(table)].join(''),
  );
  return JSON.parse(json) as unknown[];
}

/** The election years of each record batch of the all-years Arrow file. */
async function yearsByBatch(dir: string, stem: string): Promise<number[][]> {
  const table = tableFromIPC(await readFile(path.join(dir, `all-years/${stem}-all-years.arrow`)));
  return table.batches.map((batch) => [
    ...new Set(Array.from(batch.getChild('election_year') ?? [], (year) => Number(year))),
  ]);
}

describe('the all-years JSON and CSV', () => {
  const turnout = generateTurnoutRecords({ years: [2019, 2024], dapils: 3, regenciesPerDapil: [2, 4], seed: 11 });

  it('are the all-years table, joined from the year files when the years come one after the other', async () => {
    const dir = await snapshotOf(turnout);
    const records = await expectTheAllYearsTable(dir, 'kpu-dpr-turnout-by-sex');
    const years = records.map((record) => (record as { election_year: number }).election_year);
    expect(years).toEqual([...years].sort());
    expect(new Set(years)).toEqual(new Set([2019, 2024]));
    await expectTheAllYearsTable(dir, 'kpu-party-profiles');
    expect(await yearsByBatch(dir, 'kpu-dpr-turnout-by-sex')).toEqual([[2019], [2024]]);
  });

  it('are the all-years table, in harvest order, when the years come mixed', async () => {
    const dir = await snapshotOf(alternating(turnout));
    const records = await expectTheAllYearsTable(dir, 'kpu-dpr-turnout-by-sex');
    const years = records.map((record) => (record as { election_year: number }).election_year);
    expect(years.slice(0, 4)).toEqual([2019, 2024, 2019, 2024]);
    // Gathered in harvest order into new batches: one here, both years in it.
    expect(await yearsByBatch(dir, 'kpu-dpr-turnout-by-sex')).toEqual([[2019, 2024]]);
  });
});
