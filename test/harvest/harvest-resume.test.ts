// An interrupted harvest (SIGKILL, Ctrl-C) resumes without refetching the pages it already has, and
// never leaves a manifest that claims pages it does not have. The interrupted harvest is a CLI process of its own,
// signalled; the harvest after it runs the CLI's own `main` in this process (runCliInProcess).
import { afterEach, describe, expect, it } from 'vitest';
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
    turnout: generateTurnoutRecords({ years: [2024], dapils: 10, regenciesPerDapil: 3, seed: 3 }),
    parties: generatePartyRecords({ years: [2024], parties: 6, seed: 3 }),
  });
}

let world: HarvestWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Starts a harvest and kills it with `signal` once `pages` turnout pages are on disk. */
async function interruptAfter(current: HarvestWorld, pages: number, signal: NodeJS.Signals) {
  return runCli(['harvest', '--json'], {
    env: current.env,
    onStart(child) {
      const timer = setInterval(() => {
        void countKeptPages(current.cacheDir, 'turnout').then((count) => {
          if (count >= pages) {
            clearInterval(timer);
            child.kill(signal);
          }
        });
      }, 20);
      child.on('exit', () => clearInterval(timer));
    },
  });
}

describe('harvest: interrupted and resumed', () => {
  it.each<NodeJS.Signals>(['SIGKILL', 'SIGINT'])('resumes after %s without refetching stored pages', async (signal) => {
    const served = data();
    world = await createHarvestWorld(
      served,
      { delayMs: 120, byValueDelayMs: 0 },
      { KPU_PAGE_SIZE: '3', KPU_CONCURRENCY: '1' },
    );
    const killed = await interruptAfter(world, 4, signal);
    if (signal === 'SIGKILL') expect(killed.signal).toBe('SIGKILL');
    else {
      expect(killed.code).toBe(130);
      expect((JSON.parse(killed.stdout) as { error: { code: string } }).error.code).toBe('INTERRUPTED');
    }
    // No manifest claims anything: there is no complete harvest yet.
    await expect(readLatestHarvested(world.cacheDir)).rejects.toThrow(/no complete harvest/);
    const stored = await countKeptPages(world.cacheDir, 'turnout');
    expect(stored).toBeGreaterThanOrEqual(4);
    expect(stored).toBeLessThan(11);

    const before = world.upstream.requests.length;
    const resumed = await runCliInProcess(['harvest', '--json'], { env: world.env });
    expect(resumed.code, resumed.stderr).toBe(0);
    const harvested = await readLatestHarvested(world.cacheDir);
    expect(harvested.manifest.resumed).toBe(true);
    expect(harvested.records.turnout).toEqual(served.turnout);
    expect(harvested.records.parties).toEqual(served.parties);

    // Stored pages were not harvested again: each is read once to prove it still matches the upstream
    // (test/harvest/harvest-resume-changed.test.ts), page 0 once more by the consistency check, and the last page with
    // records (offset 27) once more to confirm the end of the data, when it was stored.
    const refetched = world.upstream.requests
      .slice(before)
      .filter((request) => request.path.endsWith('/api/datahakpilihdpr') && request.query.id_dapil === undefined)
      .map((request) => Number(request.query.offset));
    const storedOffsets =
      harvested.manifest.datasets.turnout?.pageFiles.slice(0, stored).map((page) => page.offset) ?? [];
    expect(refetched.filter((offset) => storedOffsets.includes(offset))).toEqual([
      ...storedOffsets,
      0,
      ...(storedOffsets.includes(27) ? [27] : []),
    ]);
  });

  it('starts afresh, ignoring the partial harvest, when the settings changed', async () => {
    const served = data();
    world = await createHarvestWorld(
      served,
      { delayMs: 100, byValueDelayMs: 0 },
      { KPU_PAGE_SIZE: '3', KPU_CONCURRENCY: '1' },
    );
    await interruptAfter(world, 3, 'SIGKILL');
    const fresh = await runCliInProcess(['harvest', '--json'], { env: { ...world.env, KPU_PAGE_SIZE: '4' } });
    expect(fresh.code, fresh.stderr).toBe(0);
    const harvested = await readLatestHarvested(world.cacheDir);
    expect(harvested.manifest.resumed).toBe(false);
    expect(harvested.records.turnout).toEqual(served.turnout);
  });
});
