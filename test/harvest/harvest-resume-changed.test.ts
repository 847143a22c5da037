// A resumed harvest proves its kept pages still match the upstream (every one of them, read again) before mixing
// them with pages fetched now; when the upstream changed meanwhile, it starts over, says so, and holds only the
// new version of the data. The interrupted harvest is a CLI process of its own, killed; the resumed one runs the
// CLI's own `main` in this process (runCliInProcess).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { type UpstreamData, withDemoRecords } from '../../scripts/upstream/upstream-data.ts';
import {
  countKeptPages,
  createHarvestWorld,
  readLatestHarvested,
  type HarvestWorld,
} from '../support/harvest-fixtures.ts';
import { runCli, runCliInProcess } from '../support/run-cli.ts';

function data(): UpstreamData {
  return withDemoRecords({
    turnout: generateTurnoutRecords({ years: [2024], dapils: 10, regenciesPerDapil: 3, seed: 5 }),
    parties: generatePartyRecords({ years: [2024], parties: 6, seed: 5 }),
  });
}

let world: HarvestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Starts a harvest and SIGKILLs it once `pages` turnout pages are kept on disk. */
async function killAfter(current: HarvestWorld, pages: number) {
  return runCli(['harvest', '--json'], {
    env: current.env,
    onStart(child) {
      const timer = setInterval(() => {
        void countKeptPages(current.cacheDir, 'turnout').then((count) => {
          if (count >= pages) {
            clearInterval(timer);
            child.kill('SIGKILL');
          }
        });
      }, 20);
      child.on('exit', () => clearInterval(timer));
    },
  });
}

const changed = (record: RawRecord): RawRecord => ({
  ...record,
  JumlahSeluruhPenggunaHakPilih: `${String(record.JumlahSeluruhPenggunaHakPilih)}0`,
});

describe('a resumed harvest whose kept pages no longer match the upstream', () => {
  it('starts over, with a warning, and holds only the new version: no record from before beside one from after', async () => {
    const served = data();
    world = await createHarvestWorld(
      served,
      { delayMs: 120, byValueDelayMs: 0 },
      { KPU_PAGE_SIZE: '3', KPU_CONCURRENCY: '1' },
    );
    const killed = await killAfter(world, 4);
    expect(killed.signal).toBe('SIGKILL');
    const kept = await countKeptPages(world.cacheDir, 'turnout');
    expect(kept).toBeGreaterThanOrEqual(4);
    expect(kept).toBeLessThan(10);

    // The upstream changes a record on a kept page other than the first (record 4: the page at offset 3), and one on
    // a page not fetched yet (record 28: the page at offset 27).
    const now = served.turnout.map((record, index) => (index === 4 || index === 28 ? changed(record) : record));
    world.upstream.setData('turnout', now);

    const resumed = await runCliInProcess(['harvest', '--json'], { env: world.env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const harvested = await readLatestHarvested(world.cacheDir);
    expect(harvested.records.turnout).toEqual(now);
    expect(harvested.records.parties).toEqual(served.parties);
    expect(resumed.stderr).toContain(
      'warning: the upstream changed since the interrupted harvest: starting over (turnout: the page at offset 3',
    );
    expect(harvested.manifest.resumed).toBe(false);
    expect(harvested.manifest.warnings.join('\n')).toContain(
      'the upstream changed since the interrupted harvest: starting over',
    );
  });

  it('starts over when a record changed on any kept page, however many pages were kept (killed at page 12 or later)', async () => {
    const served = data();
    world = await createHarvestWorld(
      served,
      { delayMs: 60, byValueDelayMs: 0 },
      { KPU_PAGE_SIZE: '1', KPU_CONCURRENCY: '1' },
    );
    await killAfter(world, 12);
    const keptOffsets = await keptTurnoutOffsets(world);
    expect(keptOffsets.length).toBeGreaterThanOrEqual(12);
    expect(keptOffsets.length).toBeLessThan(28);
    // Record 1 (its page kept, between the first and the last kept page) and record 29 (its page not fetched yet).
    const now = served.turnout.map((record, index) => (index === 1 || index === 29 ? changed(record) : record));
    world.upstream.setData('turnout', now);

    const resumed = await runCliInProcess(['harvest', '--json'], { env: world.env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const harvested = await readLatestHarvested(world.cacheDir);
    expect(harvested.records.turnout).toEqual(now);
    expect(resumed.stderr).toContain(
      'warning: the upstream changed since the interrupted harvest: starting over (turnout: the page at offset 1 ',
    );
    expect(harvested.manifest.resumed).toBe(false);
  });

  it('keeps its pages when every kept page still matches, reading each of them again once', async () => {
    const served = data();
    world = await createHarvestWorld(
      served,
      { delayMs: 60, byValueDelayMs: 0 },
      { KPU_PAGE_SIZE: '1', KPU_CONCURRENCY: '1' },
    );
    await killAfter(world, 12);
    const keptOffsets = await keptTurnoutOffsets(world);
    expect(keptOffsets.length).toBeGreaterThanOrEqual(12);

    const before = world.upstream.requests.length;
    const resumed = await runCliInProcess(['harvest', '--json'], { env: world.env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).not.toContain('starting over');
    const harvested = await readLatestHarvested(world.cacheDir);
    expect(harvested.manifest.resumed).toBe(true);
    expect(harvested.records.turnout).toEqual(served.turnout);
    const reread = world.upstream.requests
      .slice(before)
      .filter((request) => request.path.endsWith('/api/datahakpilihdpr') && request.query.id_dapil === undefined)
      .map((request) => Number(request.query.offset))
      .filter((offset) => keptOffsets.includes(offset));
    // Every kept page in order (one request at a time), then page 0 once more at the end, and the last page with
    // records (offset 29) when it was kept, read again to confirm the end of the data.
    expect(reread).toEqual([...keptOffsets, 0, ...(keptOffsets.includes(29) ? [29] : [])]);
  });
});

/** The offsets of the turnout pages kept by the interrupted harvest, ascending. */
async function keptTurnoutOffsets(current: HarvestWorld): Promise<number[]> {
  return (await readdir(path.join(current.cacheDir, 'harvest/partial/pages/turnout')))
    .filter((name) => name.endsWith('.json'))
    .map((name) => Number(name.slice(0, -5)))
    .sort((a, b) => a - b);
}
