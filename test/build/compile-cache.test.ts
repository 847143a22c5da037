// Node's compile cache, turned on by the publisher's own processes (scripts/foundation/compile-cache.ts): a build run
// with no NODE_COMPILE_CACHE of its own keeps the compiled code of its modules in Node's folder, every one of them, the
// command line's first ones included, and so does each process and thread it starts (a stage's, the DuckDB file's, the
// harvest's page reader); the Astro build's process is given a folder of the site stage's own beside the site (its
// render bundle is a fresh folder each build, whose entries pile up: scripts/site/astro-compile-cache.ts bounds it);
// NODE_DISABLE_COMPILE_CACHE=1 turns both off. The tests' other builds are given a cache folder of the suite's
// (test/support/run-cli.ts). And the Astro process's other setting of its own: transparent huge pages off
// (scripts/site/site-stage.ts says why); it runs with the build's Node options, as the stage processes do.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CommandResult } from '../../scripts/pipeline.ts';
import { readProcesses, readThpEnabled } from '../support/process-cpu.ts';
import type { CliRun } from '../support/run-cli.ts';

/** A Node option that changes nothing a build does, to follow it from the build into every process it starts. */
const BUILD_NODE_OPTIONS = ['--stack-size=2000'];
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

/** An Astro site build, as last seen running. */
interface SiteBuildSeen {
  /** Its Node options: the arguments before its script. */
  nodeOptions: string[];
  /** Whether transparent huge pages were on for it (THP_enabled in its status); null when never read. */
  thp: boolean | null;
}

/**
 * Watches, until the returned function is called (Linux: /proc), the Astro site builds whose command line names
 * `folder`, and the stage processes of the CLIs this process started, with the Node options of each stage process,
 * each by its pid. A process the Astro build forks carries its command line until it runs its own program: such
 * children are left out.
 */
function watchBuildChildren(
  folder: string,
): () => { siteBuilds: Map<number, SiteBuildSeen>; stages: Map<number, string[]> } {
  const siteBuilds = new Map<number, SiteBuildSeen>();
  const stages = new Map<number, string[]>();
  const nodeOptionsOf = (args: readonly string[], script: string): string[] =>
    args.slice(
      1,
      args.findIndex((arg) => arg.endsWith(script)),
    );
  const look = (): void => {
    const processes = readProcesses() ?? [];
    const builds = processes.filter(
      ({ args }) => args.some((arg) => arg.endsWith('astro-build.ts')) && args.some((arg) => arg.includes(folder)),
    );
    const pids = new Set(builds.map(({ pid }) => pid));
    for (const { pid, parentPid, args } of builds) {
      if (pids.has(parentPid)) continue;
      const thp = readThpEnabled(pid);
      siteBuilds.set(pid, {
        nodeOptions: nodeOptionsOf(args, 'astro-build.ts'),
        thp: thp ?? siteBuilds.get(pid)?.thp ?? null,
      });
    }
    // A stage process's command line names only its script: its parent, the build, names the folder in its
    // environment, not its arguments, so every stage process of a CLI started from this test's process counts.
    const clis = new Set(
      processes
        .filter(
          ({ parentPid, args }) => parentPid === process.pid && args.some((arg) => arg.endsWith('scripts/cli.ts')),
        )
        .map(({ pid }) => pid),
    );
    for (const { pid, parentPid, args } of processes) {
      if (clis.has(parentPid) && args.some((arg) => arg.endsWith('stage-process-child.ts')))
        stages.set(pid, nodeOptionsOf(args, 'stage-process-child.ts'));
    }
  };
  const timer = setInterval(look, 25);
  return () => {
    clearInterval(timer);
    return { siteBuilds, stages };
  };
}

/** A build of a copy of the offline template with no compile cache given, and its own TMPDIR (where Node keeps it). */
async function buildWithoutCacheGiven(args: string[], env: Record<string, string> = {}) {
  world = await copyBuildWorld(offlineTemplate);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'compile-cache-'));
  const stopWatching = watchBuildChildren(world.root);
  let run: CliRun;
  let children: ReturnType<typeof stopWatching>;
  try {
    run = await world.build(['--json', ...args], { NODE_COMPILE_CACHE: '', TMPDIR: tmp, ...env }, BUILD_NODE_OPTIONS);
  } finally {
    children = stopWatching();
  }
  expect(run.code, run.stderr).toBe(0);
  return { run, cacheDir: path.join(tmp, 'node-compile-cache'), ...children };
}

describe("Node's compile cache", () => {
  it('is kept in Node’s own folder by the build and its stage processes, and beside the site by the Astro build, which runs with transparent huge pages off and, as the stages, with the build’s Node options', async () => {
    if (readProcesses() === null)
      throw new Error('this test reads the running processes from /proc, which this machine lacks');
    // A harvest (its page reader's thread), the check, snapshot and release stages in processes of their own, as in
    // every build; Astro runs.
    const { run, cacheDir, siteBuilds, stages } = await buildWithoutCacheGiven(['--rebuild-site']);
    // One Astro process, seen running, and last seen with huge pages off: mimalloc turns them off as Rolldown loads,
    // early in the process's life (before that, its status still says on).
    expect([...siteBuilds.values()].map(({ thp }) => thp)).toEqual([false]);
    // The Node options the test started the build with passed on to the Astro process, after its own,
    // and to each stage process (child-node-options.ts): the check, snapshot and release stages.
    expect([...siteBuilds.values()].map(({ nodeOptions }) => nodeOptions)).toEqual([
      ['--expose-gc', ...BUILD_NODE_OPTIONS],
    ]);
    expect(stages.size).toBe(3);
    for (const nodeOptions of stages.values()) expect(nodeOptions).toEqual(BUILD_NODE_OPTIONS);
    expect((JSON.parse(run.stdout) as CommandResult).site?.reused).toBe(false);
    // One folder per Node version and set of flags: the build's and its stages' (the same flags); none of the Astro
    // process's (it keeps its own beside the site).
    const versions = await readdir(cacheDir);
    expect(versions).toHaveLength(1);
    const folder = path.join(cacheDir, versions[0] as string);
    const entries = await Promise.all((await readdir(folder)).map((name) => readFile(path.join(folder, name))));
    // Each entry is a module's compiled code, under its URL: the build's own modules, the command line's first ones
    // included (loaded right after the cache is on), the snapshot stage's, which only its process loads, and the
    // entries of the processes and the thread the build starts, loaded before any code of theirs runs.
    const holds = (module: string) => entries.some((entry) => entry.includes(`/scripts/${module}`));
    for (const module of [
      'pipeline.ts',
      'cli-main.ts',
      'log/secret-redactor.ts',
      'snapshot/snapshot-stage.ts',
      'stage-process-child.ts',
      'release/duckdb-file-process.ts',
      'harvest/page-reader-thread.ts',
    ])
      expect(holds(module), module).toBe(true);
    expect(entries.length).toBeGreaterThan(100);
    // The Astro process's own folder beside the site: the site's modules it loads beside Astro, under their URLs.
    const astroCache = path.join(world?.cacheDir ?? '', 'stages', 'site-compile-cache');
    const astroEntries: Buffer[] = [];
    for (const version of await readdir(astroCache)) {
      const versionFolder = path.join(astroCache, version);
      for (const name of await readdir(versionFolder))
        astroEntries.push(await readFile(path.join(versionFolder, name)));
    }
    expect(astroEntries.some((entry) => entry.includes('/scripts/site/page-files.ts'))).toBe(true);
    expect(entries.some((entry) => entry.includes('/scripts/site/page-files.ts'))).toBe(false);
  });

  it('is off with NODE_DISABLE_COMPILE_CACHE=1', async () => {
    const { cacheDir } = await buildWithoutCacheGiven(['--offline', '--rebuild-site'], {
      NODE_DISABLE_COMPILE_CACHE: '1',
    });
    expect(existsSync(cacheDir)).toBe(false);
    expect(existsSync(path.join(world?.cacheDir ?? '', 'stages', 'site-compile-cache'))).toBe(false);
  });
});
