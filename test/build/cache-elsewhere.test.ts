// A cache and dist/ on another filesystem than the project (a cache on a mounted disk, a tmpfs): the site stage's
// Astro build moves its assets with rename(), which cannot cross filesystems (EXDEV), so it must never be asked to.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandResult } from '../../scripts/pipeline.ts';
import {
  copyBuildWorld,
  publishTestData,
  sharedExtendedTemplate,
  sharedWorldTemplate,
  type BuildWorld,
} from '../support/build-fixtures.ts';
import { readAllFiles } from '../support/harvest-fixtures.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';

/** Linux's RAM-backed filesystem, present on every Debian and Ubuntu machine (and in containers). */
const OTHER_FILESYSTEM = '/dev/shm';

describe('a cache and dist/ on another filesystem than the project', () => {
  let parent: string;
  let world: BuildWorld;
  beforeAll(async () => {
    parent = await mkdtemp(path.join(OTHER_FILESYSTEM, 'kpu-elsewhere-'));
    // A copy there of the publish tests' shared good build, then its --offline build (build-fixtures.ts).
    const template = await sharedWorldTemplate('publish-good', publishTestData());
    world = await copyBuildWorld(
      await sharedExtendedTemplate('publish-good-offline', template, [['--offline']]),
      parent,
    );
  });
  afterAll(async () => {
    await world?.close();
    if (parent) await rm(parent, { recursive: true, force: true });
  });

  it('builds the site there anew, over its last build, publishing every page and nothing of Astro’s render bundle', async () => {
    const [here, there] = await Promise.all([stat(PROJECT_ROOT), stat(parent)]);
    expect(there.dev, `${OTHER_FILESYSTEM} must be another filesystem than the project's for this test`).not.toBe(
      here.dev,
    );
    // Astro runs in the copied cache, beside the site and the working folder its last build left.
    const run = await world.build(['--offline', '--rebuild-site', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as CommandResult).site?.reused).toBe(false);
    const names = (await readAllFiles(world.distDir)).map(([name]) => name);
    expect(names.filter((name) => name.endsWith('.html')).length).toBeGreaterThan(20);
    expect(names).toEqual(expect.arrayContaining(['index.html', 'en/index.html', 'data/manifest.json']));
    expect(names.filter((name) => name.includes('.prerender'))).toEqual([]);
  });
});
