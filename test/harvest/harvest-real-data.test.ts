// With ../shared/data present, a harvest of the real published files through the stand-in returns
// exactly their records; and the out-of-the-box build harvests the synthetic demo, saying so.
import { afterEach, describe, expect, it } from 'vitest';
import { demoDataset } from '../../scripts/synthetic/synthetic-data.ts';
import { loadUpstreamData } from '../../scripts/upstream/upstream-data.ts';
import {
  createHarvestWorld,
  expectHarvestedExactly,
  readLatestHarvested,
  type HarvestWorld,
} from '../support/harvest-fixtures.ts';
import { runCli } from '../support/run-cli.ts';
import { sharedDemoWorld } from '../site/site-fixtures.ts';
import { canonicalFile, noticeSharedData } from '../support/shared-data.ts';

const REAL_FILES = [
  'datahakpilihdpr_2014_sumatra_jawa.csv',
  'profilpartai_2014.csv',
  'profilpartai_2019.csv',
  'profilpartai_2024.csv',
];

let world: HarvestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe.skipIf(!noticeSharedData('the harvest of the real data files'))('harvest: the real data files', () => {
  it.each<[string, Record<string, string>]>([
    ['the default settings', {}],
    ['pages of 10 under a silent cap of 7, keyed by position', { KPU_PAGE_SIZE: '10' }],
  ])('returns exactly their records with %s', async (name, env) => {
    const served = await loadUpstreamData(REAL_FILES.map(canonicalFile));
    expect(served.turnout).toHaveLength(263);
    expect(served.parties).toHaveLength(15 + 20 + 24);
    const options = name.includes('cap') ? { maxLimit: 7, shape: 'keyed' as const } : {};
    world = await createHarvestWorld(served, options, env);
    const run = await runCli(['harvest', '--json'], { env: world.env });
    expect(run.code, run.stderr).toBe(0);
    const harvested = await expectHarvestedExactly(world.cacheDir, served);
    const total = harvested.records.turnout?.reduce(
      (sum, record) => sum + Number(record.JumlahSeluruhPenggunaHakPilih),
      0,
    );
    expect(total).toBe(102_564_049);
  });
});

describe('the out-of-the-box build', () => {
  it('harvests the synthetic demo data from the stand-in when KPU_BASE_URL is unset, and says so', async () => {
    // The demo build the site tests read too, built once per change of its inputs (test/support/shared-worlds.ts).
    const { run, cacheDir } = await sharedDemoWorld();
    expect(run.code, run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('DEMO DATA, NOT REAL FIGURES');
    const harvested = await readLatestHarvested(cacheDir);
    expect(harvested.manifest.parameters.demo).toBe(true);
    expect(harvested.records.turnout).toEqual(demoDataset().turnout);
    expect(harvested.records.parties).toEqual(demoDataset().parties);
  });
});
