// Node's compile cache, turned on by the publisher's own processes (scripts/foundation/compile-cache.ts): a build run
// with no NODE_COMPILE_CACHE of its own keeps the compiled code of its modules in Node's folder, and so does a stage in
// a process of its own; the Astro build's process is given none (its render bundle is a fresh folder each build, whose
// entries would pile up); NODE_DISABLE_COMPILE_CACHE=1 turns it off. The tests' other builds are given a cache folder
// of the suite's (test/support/run-cli.ts). And the Astro process's other setting of its own: transparent huge pages
// off (scripts/site/site-stage.ts says why).
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CommandResult } from '../../scripts/pipeline.ts';
import { readProcesses, readThpEnabled } from '../support/process-cpu.ts';
import type { CliRun } from '../support/run-cli.ts';
import {
  copyBuildWorld,
  publishTestData,
  sharedExtendedTemplate,
  sharedWorldTemplate,
  type BuildWorld,
  type BuildWorldTemplate,
} from '../support/build-fixtures.ts';

let offlineTemplate: BuildWorldTemplate;
beforeAll(async () => {
  const template = await sharedWorldTemplate('publish-good', publishTestData());
  offlineTemplate = await sharedExtendedTemplate('publish-good-offline', template, [['--offline']]);
});

let world: BuildWorld | undefined;
let tmp: string | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
  if (tmp) await rm(tmp, { recursive: true, force: true });
  tmp = undefined;
});

/**
 * Watches, until the returned function is called, the Astro site builds whose command line names `folder` (Linux:
 * /proc), and answers whether transparent huge pages were on for each when last seen (THP_enabled in its status). A
 * process the Astro build forks carries its command line until it runs its own program: such children are left out.
 */
function watchSiteBuildsThp(folder: string): () => Map<number, boolean> {
  const lastSeen = new Map<number, boolean>();
  const look = (): void => {
    const builds = (readProcesses() ?? []).filter(
      ({ args }) => args.some((arg) => arg.endsWith('astro-build.ts')) && args.some((arg) => arg.includes(folder)),
    );
    const pids = new Set(builds.map(({ pid }) => pid));
    for (const { pid, parentPid } of builds) {
      if (pids.has(parentPid)) continue;
      const enabled = readThpEnabled(pid);
      if (enabled !== null) lastSeen.set(pid, enabled);
    }
  };
  const timer = setInterval(look, 25);
  return () => {
    clearInterval(timer);
    return lastSeen;
  };
}

/** A build of a copy of the offline template with no compile cache given, and its own TMPDIR (where Node keeps it). */
async function buildWithoutCacheGiven(args: string[], env: Record<string, string> = {}) {
  world = await copyBuildWorld(offlineTemplate);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'compile-cache-'));
  const stopWatching = watchSiteBuildsThp(world.root);
  let run: CliRun;
  let siteBuildsThp: Map<number, boolean>;
  try {
    run = await world.build(['--json', ...args], { NODE_COMPILE_CACHE: '', TMPDIR: tmp, ...env });
  } finally {
    siteBuildsThp = stopWatching();
  }
  expect(run.code, run.stderr).toBe(0);
  return { run, cacheDir: path.join(tmp, 'node-compile-cache'), siteBuildsThp };
}

describe("Node's compile cache", () => {
  it('is kept in Node’s own folder by the build and its stage processes, and not given to the Astro build, which runs with transparent huge pages off', async () => {
    if (readProcesses() === null)
      throw new Error('this test reads the running processes from /proc, which this machine lacks');
    // The check, snapshot and release stages in processes of their own, as for a large harvest; Astro runs.
    const { run, cacheDir, siteBuildsThp } = await buildWithoutCacheGiven(['--offline', '--rebuild-site'], {
      KPU_TEST_STAGE_PROCESS_RECORDS: '0',
    });
    // One Astro process, seen running, and last seen with huge pages off: mimalloc turns them off as Rolldown loads,
    // early in the process's life (before that, its status still says on).
    expect([...siteBuildsThp.values()]).toEqual([false]);
    expect((JSON.parse(run.stdout) as CommandResult).site?.reused).toBe(false);
    // One folder per Node version and set of flags: the build's and its stages' (the same flags); none of the Astro
    // process's (started with --expose-gc, it would have a folder of its own).
    const versions = await readdir(cacheDir);
    expect(versions).toHaveLength(1);
    const folder = path.join(cacheDir, versions[0] as string);
    const entries = await Promise.all((await readdir(folder)).map((name) => readFile(path.join(folder, name))));
    // Each entry is a module's compiled code, under its URL: the build's own modules, and the snapshot stage's, which
    // only its process loads.
    const holds = (module: string) => entries.some((entry) => entry.includes(`/scripts/${module}`));
    expect(holds('pipeline.ts')).toBe(true);
    expect(holds('snapshot/snapshot-stage.ts')).toBe(true);
    expect(entries.length).toBeGreaterThan(100);
  });

  it('is off with NODE_DISABLE_COMPILE_CACHE=1', async () => {
    const { cacheDir } = await buildWithoutCacheGiven(['--offline'], { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(existsSync(cacheDir)).toBe(false);
  });
});
