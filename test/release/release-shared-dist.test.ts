// Builds sharing one KPU_DIST_DIR with caches of their own, with the real build command: a build finding another
// releasing into that dist/ stops with DIST_BUSY and writes nothing; builds started together leave a history that
// holds together; a release folder that releases.json does not list stops the publish; and the publish stage never swaps over a dist/ other than the one the release stage compared with.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { distLocksDirOf } from '../../scripts/build-lock.ts';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { runPublishStage } from '../../scripts/publish/publish-stage.ts';
import { checkReleaseHistory, type ReleaseEntry } from '../../scripts/release/release-history.ts';
import { startUpstreamServer, type RunningUpstream } from '../../scripts/upstream/upstream-server.ts';
import {
  copyBuildWorld,
  publishTestData,
  sharedWorldTemplate,
  type BuildWorld,
  type BuildWorldTemplate,
} from '../support/build-fixtures.ts';
import { distState, errorOf } from '../support/dist-state.ts';
import { TEST_KEY } from '../support/harvest-fixtures.ts';
import { runCli } from '../support/run-cli.ts';
import { laterReleaseName } from '../support/release-checks.ts';

// The publish tests' data: 6 dapils × 3 regencies in 2024, 8 parties in 2019 and in 2024.
const data = publishTestData;

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

/** A party's chair renamed: new data, no record lost. */
function renameChair(upstream: RunningUpstream, name: string): void {
  const parties = upstream.getData('parties') as RawRecord[];
  upstream.setData(
    'parties',
    parties.map((record, index) => (index === 0 ? { ...record, KetuaUmum: name } : record)),
  );
}

// Every test starts from one good build into dist/, copied into each: the publish tests' template, built once by
// whichever file asks first (sharedWorldTemplate).
let template: BuildWorldTemplate;
beforeAll(async () => {
  template = await sharedWorldTemplate('publish-good', data());
});

let world: BuildWorld | undefined;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await world?.close();
  world = undefined;
});

describe('builds sharing one published folder', () => {
  it('stops a build with DIST_BUSY, naming the other build, while another releases into the same dist/', async () => {
    world = await copyBuildWorld(template);
    renameChair(world.upstream, 'Ketua Contoh Lain');
    // Another build (a running process) holding the published folder's lock, as a build in its release, site or
    // publish stage does.
    const other: ChildProcess = spawn('sleep', ['120'], { stdio: 'ignore' });
    cleanups.push(() => void other.kill('SIGKILL'));
    await mkdir(path.join(distLocksDirOf(world.distDir), `build-${other.pid}-other`), { recursive: true });
    const before = await distState(world.distDir);

    const busy = await world.build(['--json'], { KPU_CACHE_DIR: path.join(world.root, 'other-cache') });
    expect(busy.code, busy.stderr).toBe(75);
    const error = errorOf(busy);
    expect(error).toMatchObject({ code: 'DIST_BUSY', exitCode: 75 });
    expect(error.message).toContain(`process ${other.pid}`);
    expect(error.message).toContain(world.distDir);
    expect(await distState(world.distDir)).toEqual(before);
    // Its own entry is gone; the other build's stays.
    expect(await readdir(distLocksDirOf(world.distDir))).toEqual([`build-${other.pid}-other`]);

    // Once the other build is gone, its entry is cleared and the build releases.
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    const after = await world.build(['--json'], { KPU_CACHE_DIR: path.join(world.root, 'other-cache') });
    expect(after.code, after.stderr).toBe(0);
    expect(await readdir(distLocksDirOf(world.distDir))).toEqual([]);
  });

  it('leaves a history that holds together when two builds with their own caches start together', async () => {
    world = await copyBuildWorld(template);
    const firstRelease = (await world.readManifest()).release?.id ?? '';
    // A second upstream with other data, harvested by a build with a cache of its own into the same dist/.
    const otherData = data();
    (otherData.parties[0] as RawRecord).KetuaUmum = 'Ketua Dari Upstream Lain';
    const otherUpstream = await startUpstreamServer({ apiKey: TEST_KEY, data: otherData });
    cleanups.push(() => otherUpstream.close());
    renameChair(world.upstream, 'Ketua Contoh Kedua');

    const runs = await Promise.all([
      world.build(['--json']),
      runCli(['build', '--json'], {
        env: { ...world.env, KPU_BASE_URL: otherUpstream.url, KPU_CACHE_DIR: path.join(world.root, 'other-cache') },
      }),
    ]);
    for (const run of runs) {
      if (run.code !== 0) {
        expect(run.code, run.stderr).toBe(75);
        expect(errorOf(run).code).toBe('DIST_BUSY');
      }
    }
    const published = runs
      .filter((run) => run.code === 0)
      .map((run) => (JSON.parse(run.stdout) as { release: { id: string; previous: string } }).release);
    expect(published.length).toBeGreaterThan(0);
    // Each release that went live followed the one live when it compared: never two releases off one parent.
    const history = await checkReleaseHistory(path.join(world.distDir, 'data'), { verifyFiles: true });
    if (!history.ok) throw new Error(history.reason);
    const ids = history.value.map((entry) => entry.id);
    expect(ids[0]).toBe(firstRelease);
    expect(ids.slice(1).sort()).toEqual(published.map((release) => release.id).sort());
    for (const [index, id] of ids.entries()) {
      if (index === 0) continue;
      expect(published.find((release) => release.id === id)?.previous).toBe(ids[index - 1]);
    }
    expect((await world.readManifest()).release?.id).toBe(ids.at(-1));
    expect(await readdir(distLocksDirOf(world.distDir))).toEqual([]);
  });

  it('refuses to publish beside a release folder that releases.json does not list, leaving dist/ as it was', async () => {
    world = await copyBuildWorld(template);
    const release = (await world.readManifest()).release?.id ?? '';
    // A folder left as a concurrent build of the old publisher left it (named as it named releases): present, not
    // listed.
    const releases = path.join(world.distDir, 'data', 'releases');
    const stray = `${release.slice(0, 10)}.3`;
    await cp(path.join(releases, release), path.join(releases, stray), { recursive: true });
    renameChair(world.upstream, 'Ketua Contoh Ketiga');
    const before = await distState(world.distDir);

    const refused = await world.build(['--json']);
    expect(refused.code, refused.stderr).toBe(7);
    const error = errorOf(refused);
    expect(error).toMatchObject({ code: 'PUBLISH_VERIFY_FAILED', stage: 'publish' });
    expect(error.message).toContain(`${stray}, which`);
    expect(error.message).toContain('does not list');
    expect(await distState(world.distDir)).toEqual(before);

    // Once the stray folder is removed (the operator's recovery, docs/operations.md), the next build publishes.
    await rm(path.join(releases, stray), { recursive: true });
    const published = await world.build(['--json']);
    expect(published.code, published.stderr).toBe(0);
    const list = await readJson<ReleaseEntry[]>(path.join(world.distDir, 'data/releases.json'));
    expect(list.map((entry) => entry.id)).toEqual([release, expect.stringMatching(laterReleaseName(release, 2))]);
  });

  it('never swaps over a dist/ other than the one the release stage compared with', async () => {
    world = await copyBuildWorld(template);
    const before = await distState(world.distDir);
    const stages = path.join(world.cacheDir, 'stages');
    await expect(
      runPublishStage({
        distDir: world.distDir,
        buildId: 'later-build',
        dataDir: path.join(stages, 'release', 'data'),
        siteDir: path.join(stages, 'site'),
        expectedLive: path.join(`${world.distDir}.builds`, 'a-build-replaced-since'),
      }),
    ).rejects.toMatchObject({
      code: 'PUBLISH_VERIFY_FAILED',
      message: expect.stringContaining('changed while this build ran'),
    });
    expect(await distState(world.distDir)).toEqual(before);
  });
});
