// A cache and dist/ on another filesystem than the project (a cache on a mounted disk, a tmpfs): the site stage's
// Astro build moves its assets with rename(), which cannot cross filesystems (EXDEV), so it must never be asked to.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import type { UpstreamData } from '../../scripts/upstream/upstream-data.ts';
import { createBuildWorld, type BuildWorld } from '../support/build-fixtures.ts';
import { readAllFiles } from '../support/harvest-fixtures.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';

/** Linux's RAM-backed filesystem, present on every Debian and Ubuntu machine (and in containers). */
const OTHER_FILESYSTEM = '/dev/shm';

const data = (): UpstreamData => ({
  turnout: generateTurnoutRecords({ years: [2024], dapils: 3, regenciesPerDapil: 2, seed: 41 }),
  parties: generatePartyRecords({ years: [2024], parties: 4, seed: 41 }),
});

describe('a cache and dist/ on another filesystem than the project', () => {
  let parent: string;
  let world: BuildWorld;
  beforeAll(async () => {
    parent = await mkdtemp(path.join(OTHER_FILESYSTEM, 'kpu-elsewhere-'));
    world = await createBuildWorld(data(), {}, parent);
  });
  afterAll(async () => {
    await world?.close();
    if (parent) await rm(parent, { recursive: true, force: true });
  });

  it('builds, and rebuilds offline, publishing every page and nothing of Astro’s render bundle', async () => {
    const [here, there] = await Promise.all([stat(PROJECT_ROOT), stat(parent)]);
    expect(there.dev, `${OTHER_FILESYSTEM} must be another filesystem than the project's for this test`).not.toBe(
      here.dev,
    );
    // The offline rebuild's pages differ (each says how old the data is), so its site is built anew too.
    for (const args of [[], ['--offline']]) {
      const run = await world.build(args);
      expect(run.code, run.stderr).toBe(0);
      const names = (await readAllFiles(world.distDir)).map(([name]) => name);
      expect(names.filter((name) => name.endsWith('.html')).length).toBeGreaterThan(20);
      expect(names).toEqual(expect.arrayContaining(['index.html', 'en/index.html', 'data/manifest.json']));
      expect(names.filter((name) => name.includes('.prerender'))).toEqual([]);
    }
  });
});
