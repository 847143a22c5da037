// The synthetic data the benchmark uses at each size, from the project's deterministic generator: turnout
// records for two election years in 100 dapils (regencies per dapil grow with the size), and 9 parties a year.
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { generatePartyRecords, iterateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { type UpstreamData, withDemoRecords } from '../../scripts/upstream/upstream-data.ts';

const YEARS = [2019, 2024] as const;
const DAPILS = 100;
const SEED = 20240214;

/** Exactly `records` turnout records (a generator: nothing is held). */
export function* syntheticTurnout(records: number): Generator<RawRecord> {
  const regenciesPerDapil = Math.max(1, Math.ceil(records / (YEARS.length * DAPILS)));
  let count = 0;
  if (records <= 0) return;
  for (const record of iterateTurnoutRecords({ years: YEARS, dapils: DAPILS, regenciesPerDapil, seed: SEED })) {
    yield record;
    count += 1;
    if (count === records) return;
  }
}

/** What the stand-in upstream serves in the harvest benchmark: `records` turnout records and 18 party records. */
export function syntheticUpstreamData(records: number): UpstreamData {
  return withDemoRecords({
    turnout: Array.from(syntheticTurnout(records)),
    parties: generatePartyRecords({ years: YEARS, parties: 9, seed: SEED }),
  });
}
