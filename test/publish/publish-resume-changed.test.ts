// The real build, killed during its harvest, then run again after the upstream changed records on a kept page and on a
// page not yet fetched: the resumed build reads every kept page again, starts its harvest over, says so, and publishes
// only the new version of the data, never a record from before beside one from after. The build's harvest is the
// harvest command's: which kept pages a resumed harvest reads again, each of them among many, is proved on the harvest
// alone (test/harvest/harvest-resume-changed.test.ts); this file proves that a build resumes it and publishes the new
// version alone.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { createBuildWorld, type BuildWorld } from '../support/build-fixtures.ts';
import { countKeptPages } from '../support/harvest-fixtures.ts';
import { runCli } from '../support/run-cli.ts';

let world: BuildWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('a build resumed after the upstream changed', () => {
  it('a record changed on a kept page: publishes only the new version, with the warning', async () => {
    // A record on the kept page at offset 3, and one on the page at offset 27.
    const how = { pageSize: 3, killAt: 4, changed: [4, 28] };
    const served = {
      turnout: generateTurnoutRecords({ years: [2024], dapils: 10, regenciesPerDapil: 3, seed: 17 }),
      parties: generatePartyRecords({ years: [2024], parties: 5, seed: 17 }),
    };
    world = await createBuildWorld(served, { delayMs: 120, byValueDelayMs: 0 });
    const env = { KPU_PAGE_SIZE: String(how.pageSize), KPU_CONCURRENCY: '1' };
    const current = world;
    const killed = await runCli(['build', '--json'], {
      env: { ...current.env, ...env },
      onStart(child) {
        const timer = setInterval(() => {
          void countKeptPages(current.cacheDir, 'turnout').then((count) => {
            if (count >= how.killAt) {
              clearInterval(timer);
              child.kill('SIGKILL');
            }
          });
        }, 20);
        child.on('exit', () => clearInterval(timer));
      },
    });
    expect(killed.signal).toBe('SIGKILL');
    expect(existsSync(current.distDir)).toBe(false);

    const kept = await countKeptPages(current.cacheDir, 'turnout');
    expect(kept).toBeGreaterThanOrEqual(how.killAt);
    expect(kept * how.pageSize).toBeLessThanOrEqual(Math.max(...how.changed));
    const now = served.turnout.map((record, index) =>
      how.changed.includes(index)
        ? { ...record, JumlahSeluruhPenggunaHakPilih: `${String(record.JumlahSeluruhPenggunaHakPilih)}0` }
        : record,
    );
    current.upstream.setData('turnout', now);

    const resumed = await current.build(['--json'], env);
    expect(resumed.code, resumed.stderr).toBe(0);
    const published = JSON.parse(
      await readFile(path.join(current.distDir, 'data/all-years/kpu-dpr-turnout-by-sex-all-years.raw.json'), 'utf8'),
    ) as RawRecord[];
    expect(published).toEqual(now);
    expect(resumed.stderr).toContain('warning: the upstream changed since the interrupted harvest: starting over');
  }, 240_000);
});
