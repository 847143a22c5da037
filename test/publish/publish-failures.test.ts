// Safe publishing when a build fails, with the real build command: failures in the site and publish stages and in
// --offline leave dist/ exactly as it was (a plain dist/ too); the manifest records what made the build and how old its
// data is; a SIGKILL at each kill point of the publish stage leaves the old dist/ or the complete new one. One good
// build (the template, shared with publish-build.test.ts), copied into each test that changes it.
import { readdirSync } from 'node:fs';
import { cp, lstat, mkdir, readdir, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HarvestManifest } from '../../scripts/harvest/harvest-store.ts';
import { verifyPublishedData } from '../../scripts/publish/publish-stage.ts';
import {
  copyBuildWorld,
  publishTestData,
  replaceFile,
  sharedExtendedTemplate,
  sharedWorldTemplate,
  sha256,
  type BuildWorld,
  type BuildWorldTemplate,
} from '../support/build-fixtures.ts';
import { distState, errorOf, snapshotOf } from '../support/dist-state.ts';
import { readAllFiles } from '../support/harvest-fixtures.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';

/** dist/ as a publisher before the link left it: a plain folder with the same files, and no dist.builds/. */
async function makePlainDist(distDir: string): Promise<void> {
  const plain = `${distDir}.plain`;
  await cp(await realpath(distDir), plain, { recursive: true });
  await rm(distDir);
  await rename(plain, distDir);
  await rm(`${distDir}.builds`, { recursive: true });
}

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

/** The folders of the complete harvests on disk, oldest first. */
async function completeHarvests(cacheDir: string): Promise<string[]> {
  const complete = path.join(cacheDir, 'harvest', 'complete');
  return (await readdir(complete)).sort().map((name) => path.join(complete, name));
}

const DAY_MS = 86_400_000;

let template: BuildWorldTemplate;
// The template, then an --offline build: every --offline build of one harvest publishes the same bytes
// (docs/operations.md, "Reproducible builds") and keeps the site rather than running Astro again, for the tests whose
// subject is the publish stage.
let offlineTemplate: BuildWorldTemplate;
beforeAll(async () => {
  template = await sharedWorldTemplate('publish-good', publishTestData());
  offlineTemplate = await sharedExtendedTemplate('publish-good-offline', template, [['--offline']]);
});
afterAll(async () => {
  await template?.close();
  await offlineTemplate?.close();
});

let world: BuildWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('publishing: failures leave dist/ as it was', () => {
  it.each<[string, string, (current: BuildWorld) => Promise<void>]>([
    [
      'a folder where the site stage keeps its fingerprint file',
      'site.fingerprint.json',
      async (current) => {
        const fingerprint = path.join(current.cacheDir, 'stages', 'site.fingerprint.json');
        await rm(fingerprint, { force: true });
        await mkdir(path.join(fingerprint, 'not-a-file'), { recursive: true });
      },
    ],
    [
      'a change history in dist/ in a shape the site does not read (as from another version of the publisher)',
      'history.json',
      async (current) => {
        // Replaced, not edited in place: the published files are hard-linked into the release folders.
        const history = path.join(current.distDir, 'data', 'history.json');
        await rm(history);
        await writeFile(
          history,
          `${JSON.stringify([{ release: 'old', dataset: 'parties', kind: 'changed' }], null, 2)}\n`,
        );
      },
    ],
  ])('a build failing in the site stage (%s) exits 6 with SITE_BUILD_FAILED', async (_how, named, breakIt) => {
    world = await copyBuildWorld(template);
    await breakIt(world);
    const before = await distState(world.distDir);

    const failed = await world.build(['--json']);
    expect(failed.code, failed.stderr).toBe(6);
    const error = errorOf(failed);
    expect(error).toMatchObject({ code: 'SITE_BUILD_FAILED', stage: 'site', exitCode: 6 });
    expect(error.message).toContain(named);
    expect(await distState(world.distDir)).toEqual(before);
  });

  it('a build whose published release no longer matches its manifest exits 7 with PUBLISH_VERIFY_FAILED', async () => {
    world = await copyBuildWorld(offlineTemplate);
    const manifest = await world.readManifest();
    const release = manifest.release?.id ?? '';
    const file = manifest.files[0];
    if (!file) throw new Error('the manifest lists no file');
    // One byte of a file of the published release changes (bit rot; same size): the next build of the same data
    // keeps that release, and must not publish it damaged. Replaced, not edited: the latest data shares its inode.
    const damaged = path.join(world.distDir, 'data', 'releases', release, file.path);
    const content = await readFile(damaged);
    content[0] = (content[0] ?? 0) ^ 1;
    await rm(damaged);
    await writeFile(damaged, content);
    const before = await distState(world.distDir);

    const failed = await world.build(['--offline', '--json']);
    expect(failed.code, failed.stderr).toBe(7);
    const error = errorOf(failed);
    expect(error).toMatchObject({ code: 'PUBLISH_VERIFY_FAILED', stage: 'publish', exitCode: 7 });
    expect(error.message).toContain(file.path);
    expect(await distState(world.distDir)).toEqual(before);
  });

  it('a build that cannot create its builds folder beside dist/ exits 7 with DISK_ERROR in stage publish', async () => {
    world = await copyBuildWorld(offlineTemplate);
    // dist/ as a plain folder (the layout before the link), and a file where dist.builds/ has to be.
    const builds = `${world.distDir}.builds`;
    await makePlainDist(world.distDir);
    await writeFile(builds, 'not a folder\n');
    const before = await distState(world.distDir);
    expect(before.link).toBeNull();

    const failed = await world.build(['--offline', '--json']);
    expect(failed.code, failed.stderr).toBe(7);
    const error = errorOf(failed);
    expect(error).toMatchObject({ code: 'DISK_ERROR', stage: 'publish', exitCode: 7 });
    expect(error.message).toContain(builds);
    expect(await distState(world.distDir)).toEqual(before);
    expect(await readFile(builds, 'utf8')).toBe('not a folder\n');

    // With the file gone, the next build publishes.
    await rm(builds);
    const fixed = await world.build(['--offline']);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect((await lstat(world.distDir)).isSymbolicLink()).toBe(true);
    await verifyPublishedData(path.join(world.distDir, 'data'));
  });

  // A plain dist/ becomes dist.builds/previous-<build id>, and the same run's clean-up must keep it (it once removed
  // it: only an old link's target was kept). docs/operations.md: "The previous build folder is kept".
  it('moves a plain dist/ folder into dist.builds/ and keeps it there as the previous build', async () => {
    world = await copyBuildWorld(offlineTemplate);
    await makePlainDist(world.distDir);
    const before = await distState(world.distDir);

    const next = await world.build(['--offline']);
    expect(next.code, next.stderr).toBe(0);
    const builds = `${world.distDir}.builds`;
    const kept = (await readdir(builds)).filter((name) => name.startsWith('previous-'));
    expect(kept, 'the plain dist/ folder kept under dist.builds/').toHaveLength(1);
    expect(await snapshotOf(path.join(builds, kept[0] ?? ''))).toEqual(before.files);
  });

  // Both fail in the harvest stage: the CLI's own `main` runs them in this process (runCliInProcess).
  it('--offline fails with HARVEST_NOT_FOUND without a complete harvest, and with HARVEST_CORRUPT after a stored page changed', async () => {
    world = await copyBuildWorld(template);
    const before = await distState(world.distDir);
    const [harvest] = await completeHarvests(world.cacheDir);
    if (!harvest) throw new Error('the build left no complete harvest');

    // One voter count of a stored page changed by a digit: still a well-formed page, no longer the one fetched.
    const manifest = await readJson<HarvestManifest>(path.join(harvest, 'harvest-manifest.json'));
    const page = manifest.datasets.turnout?.pageFiles[0];
    if (!page) throw new Error('the harvest holds no turnout page');
    const body = path.join(harvest, page.file);
    const original = await readFile(body, 'utf8');
    const altered = original.replace(
      /("JumlahSeluruhPenggunaHakPilih":"\d*)(\d)"/,
      (_match, head: string, digit: string) => `${head}${(Number(digit) + 1) % 10}"`,
    );
    expect(altered).not.toBe(original);
    expect(altered.length).toBe(original.length);
    await replaceFile(body, altered);
    const corrupt = await world.buildInProcess(['--offline', '--json']);
    expect(corrupt.code, corrupt.stderr).toBe(3);
    const corruptError = errorOf(corrupt);
    expect(corruptError).toMatchObject({ code: 'HARVEST_CORRUPT', stage: 'harvest', exitCode: 3 });
    expect(corruptError.message).toContain(page.file);
    expect(await distState(world.distDir)).toEqual(before);

    // The cache lost (a CI cache evicted, say), dist/ kept.
    await rm(path.join(world.cacheDir, 'harvest'), { recursive: true });
    const missing = await world.buildInProcess(['--offline', '--json']);
    expect(missing.code, missing.stderr).toBe(3);
    expect(errorOf(missing)).toMatchObject({ code: 'HARVEST_NOT_FOUND', stage: 'harvest', exitCode: 3 });
    expect(await distState(world.distDir)).toEqual(before);
  });
});

describe('publishing: what the manifest says about the build', () => {
  it('records the package version, the Node version and the lockfile that made the build', async () => {
    // The template is the output of one real build command, run by sharedWorldTemplate (which checks it exited 0).
    expect(template.run.code, template.run.stderr).toBe(0);
    const packageJson = await readJson<{ version: string }>(path.join(PROJECT_ROOT, 'package.json'));
    const lockfile = await readFile(path.join(PROJECT_ROOT, 'package-lock.json'));
    // runCli starts the build with the Node running this test.
    expect(template.manifest.build).toMatchObject({
      packageVersion: packageJson.version,
      node: process.version,
      lockfileSha256: sha256(lockfile),
      offline: false,
      harvestAgeDays: null,
    });
  });

  it('says on every page, in its language, how many days old the data of an --offline rebuild is', async () => {
    world = await copyBuildWorld(template);
    // The harvest on disk finished three days (and an hour) ago: the upstream has been down since.
    const [harvest] = await completeHarvests(world.cacheDir);
    if (!harvest) throw new Error('the build left no complete harvest');
    const manifestFile = path.join(harvest, 'harvest-manifest.json');
    const manifest = await readJson<HarvestManifest>(manifestFile);
    const finished = Date.now() - 3 * DAY_MS - 3_600_000;
    const started = finished - (Date.parse(manifest.finishedAt) - Date.parse(manifest.startedAt));
    await replaceFile(
      manifestFile,
      `${JSON.stringify({ ...manifest, startedAt: new Date(started).toISOString(), finishedAt: new Date(finished).toISOString() }, null, 2)}\n`,
    );
    await world.upstream.close();

    const offline = await world.build(['--offline']);
    expect(offline.code, offline.stderr).toBe(0);
    expect((await world.readManifest()).build).toMatchObject({ offline: true, harvestAgeDays: 3 });
    const notices = { id: 'Datanya berumur 3 hari:', en: 'The data is 3 days old:' };
    const pages = (await readAllFiles(world.distDir)).filter(
      // The site's pages; a figure's embed page is the chart alone, with its source line (figure-files.ts).
      ([name]) => name.endsWith('.html') && !name.startsWith('data/') && !name.endsWith('-embed.html'),
    );
    const languages = new Set<string>();
    for (const [name, content] of pages) {
      const html = content.toString('utf8');
      const lang = /<html[^>]*\slang="([a-z]+)"/.exec(html)?.[1] ?? '';
      expect(Object.keys(notices), name).toContain(lang);
      languages.add(lang);
      expect(html, name).toContain(notices[lang as keyof typeof notices]);
    }
    expect([...languages].sort()).toEqual(['en', 'id']);
  });
});

describe('publishing: a kill in the publish stage', () => {
  // From the offline template: each kill is compared with what its --offline build published.

  // Each kill point of the publish stage (scripts/kill-point.ts), in the order a build reaches them, and where dist/
  // must point after a SIGKILL there: the previous build until the link moved, the new one from then on. The copy is
  // killed halfway (its 40th file): a kill at its first file leaves the same kind of half-made folder, which the same
  // clean-up removes.
  it.each<[string, 'previous' | 'new']>([
    ['publish:placing#40', 'previous'],
    ['publish:verified', 'previous'],
    ['publish:link-made', 'previous'],
    ['publish:swapped', 'new'],
    ['publish:cleaning', 'new'],
  ])(
    'a build killed at %s leaves the %s dist/, whole, and the next build succeeds and leaves nothing of it',
    async (point, expected) => {
      world = await copyBuildWorld(offlineTemplate);
      const published = await snapshotOf(world.distDir);
      const builds = `${world.distDir}.builds`;
      const previous = await realpath(world.distDir);
      const existing = new Set(await readdir(builds));

      const killed = await world.build(['--offline'], { KPU_TEST_KILL_AT: point });
      expect(killed.signal, `${point}: ${killed.stderr}`).toBe('SIGKILL');
      const fresh = (await readdir(builds)).filter((name) => !existing.has(name));
      expect(fresh, 'the killed build made its folder under dist.builds/').toHaveLength(1);
      const newBuild = path.join(builds, fresh[0] ?? '');
      expect(await realpath(world.distDir), point).toBe(expected === 'previous' ? previous : newBuild);
      expect(await snapshotOf(world.distDir), point).toEqual(published);
      await verifyPublishedData(path.join(world.distDir, 'data'));
      const leftLinks = readdirSync(path.dirname(world.distDir)).filter((name) => name.endsWith('.link'));
      expect(leftLinks, point).toHaveLength(point === 'publish:link-made' ? 1 : 0);

      const next = await world.build(['--offline']);
      expect(next.code, `${point}; the next build: ${next.stderr}`).toBe(0);
      expect(await snapshotOf(world.distDir)).toEqual(published);
      await verifyPublishedData(path.join(world.distDir, 'data'));
      // The killed build's half-made folder and its link are gone: only the live build and the one before it are kept.
      const live = await realpath(world.distDir);
      expect((await readdir(builds)).sort(), point).toEqual(
        [path.basename(live), expected === 'previous' ? path.basename(previous) : path.basename(newBuild)].sort(),
      );
      expect(
        readdirSync(path.dirname(world.distDir)).filter((name) => name.endsWith('.link')),
        point,
      ).toEqual([]);
    },
  );
});
