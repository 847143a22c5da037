// One build at a time per cache folder, with the real build command: a second build while one runs stops with
// BUILD_BUSY and writes nothing, builds started together never both run, and a killed build's entry is cleared.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { locksDirOf } from '../../scripts/build-lock.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import {
  copyBuildWorld,
  createBuildWorld,
  publishTestData,
  sharedExtendedTemplate,
  sharedWorldTemplate,
  type BuildWorld,
  type BuildWorldTemplate,
} from '../support/build-fixtures.ts';
import { runCli, type CliRun } from '../support/run-cli.ts';

const data = () => ({
  turnout: generateTurnoutRecords({ years: [2024], dapils: 4, regenciesPerDapil: 3, seed: 9 }),
  parties: generatePartyRecords({ years: [2024], parties: 6, seed: 9 }),
});

/** Pages of 2 records from an upstream answering after 100 ms: a harvest of several seconds to overlap with. */
const SLOW = { KPU_PAGE_SIZE: '2', KPU_CONCURRENCY: '1' };

const errorOf = (run: CliRun) =>
  (JSON.parse(run.stdout) as { error: { code: string; stage: string; message: string; exitCode: number } }).error;

/** The publish tests' shared --offline build (build-fixtures.ts), built by whichever file asks first. */
async function offlineTemplate(): Promise<BuildWorldTemplate> {
  const template = await sharedWorldTemplate('publish-good', publishTestData());
  return sharedExtendedTemplate('publish-good-offline', template, [['--offline']]);
}

let world: BuildWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('one build at a time', () => {
  it('stops a second build while one runs, with BUILD_BUSY naming it, and lets the first finish', async () => {
    world = await createBuildWorld(data(), { delayMs: 100, byValueDelayMs: 0 });
    const current = world;
    let firstPid = 0;
    // The first build is started; the second once the first has registered its entry.
    const first = runCli(['build'], {
      env: { ...current.env, ...SLOW },
      onStart: (child) => (firstPid = child.pid ?? 0),
    });
    const locks = locksDirOf(current.cacheDir);
    while (!existsSync(locks) || (await readdir(locks)).length === 0)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await runCli(['build', '--json'], { env: { ...current.env, ...SLOW } });
    expect(second.code, second.stderr).toBe(75);
    expect(errorOf(second)).toMatchObject({ code: 'BUILD_BUSY', exitCode: 75 });
    expect(errorOf(second).message).toContain(`process ${firstPid}`);
    // The refused build wrote nothing: its own entry is gone, and the first build's is still there.
    expect(await readdir(locks)).toEqual([expect.stringMatching(new RegExp(`^build-${firstPid}-`))]);

    const done = await first;
    expect(done.code, done.stderr).toBe(0);
    expect(existsSync(path.join(current.distDir, 'index.html'))).toBe(true);
    expect(await readdir(locks)).toEqual([]);
  });

  it('never runs two builds started at the same moment', async () => {
    // Two --offline builds of a copy of the publish tests' shared --offline build: they race for the entry as online
    // builds do (the lock is taken before any stage), and the one that runs keeps the site instead of running Astro.
    world = await copyBuildWorld(await offlineTemplate());
    const env = world.env;
    const runs = await Promise.all([
      runCli(['build', '--offline', '--json'], { env }),
      runCli(['build', '--offline', '--json'], { env }),
    ]);
    const codes = runs.map((run) => run.code);
    // One may run while the other stops, or both stop; each that stops says why.
    expect(codes.filter((code) => code === 0).length).toBeLessThanOrEqual(1);
    for (const run of runs) {
      if (run.code !== 0) {
        expect(run.code, run.stderr).toBe(75);
        expect(errorOf(run).code).toBe('BUILD_BUSY');
      }
    }
    expect(await readdir(locksDirOf(world.cacheDir))).toEqual([]);
  });

  it('clears the entry of a killed build, so the next build runs', async () => {
    // A copy of the publish tests' shared --offline build (build-fixtures.ts): its --offline builds keep its site.
    world = await copyBuildWorld(await offlineTemplate());
    const current = world;
    const locks = locksDirOf(current.cacheDir);
    let killedPid = 0;
    // Killed (test-only kill point) once its snapshot stage wrote a file: the build holds its entry by then.
    const killed = await runCli(['build', '--offline'], {
      env: { ...current.env, KPU_TEST_KILL_AT: 'snapshot:file-written' },
      onStart: (child) => (killedPid = child.pid ?? 0),
    });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    expect(await readdir(locks)).toEqual([expect.stringMatching(new RegExp(`^build-${killedPid}-`))]);
    const next = await current.build(['--offline']);
    expect(next.code, next.stderr).toBe(0);
    expect(await readdir(locks)).toEqual([]);
  });
});
