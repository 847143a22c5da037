// A rebuild with nothing changed keeps the last site build instead of running Astro again, and publishes the
// same bytes, as hard links to the kept folder's files; a change of the site folder itself builds it anew, a published
// page changed in place (and with it the kept folder's file) too. (A change of the data builds it anew too:
// publish-build.test.ts, "what changed"; --rebuild-site to the same bytes: determinism.test.ts.)
import { link, mkdir, mkdtemp, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CommandResult } from '../../scripts/pipeline.ts';
import {
  computeSiteFingerprint,
  fingerprintFileOf,
  isReusableSite,
  recordSiteFingerprint,
} from '../../scripts/site/site-fingerprint.ts';
import {
  copyBuildWorld,
  replaceFile,
  publishTestData,
  sharedExtendedTemplate,
  sharedWorldTemplate,
  type BuildWorld,
  type BuildWorldTemplate,
} from '../support/build-fixtures.ts';
import { snapshotOf } from '../support/dist-state.ts';

/** What the site stage prints when it keeps the last site build (scripts/site/site-stage.ts). */
const KEPT = 'site: nothing changed since the last site build';

describe('site reuse: the build', () => {
  // The publish tests' shared worlds (build-fixtures.ts): a build, then an --offline one; each test changes a copy of
  // the second.
  let template: BuildWorldTemplate;
  let offlineTemplate: BuildWorldTemplate;
  let world: BuildWorld;

  async function build(args: string[]): Promise<CommandResult> {
    const run = await world.build([...args, '--json']);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as CommandResult;
  }

  beforeAll(async () => {
    template = await sharedWorldTemplate('publish-good', publishTestData());
    offlineTemplate = await sharedExtendedTemplate('publish-good-offline', template, [['--offline']]);
  });
  afterAll(async () => {
    await template?.close();
    await offlineTemplate?.close();
  });
  beforeEach(async () => {
    world = await copyBuildWorld(offlineTemplate);
  });
  afterEach(() => world?.close());

  it('keeps the last site build when nothing changed, and publishes the same bytes', async () => {
    // The first build built the site; so did the first --offline one, which differs in its build information
    // (offline, the data's age).
    for (const run of [template.run, offlineTemplate.run]) {
      expect(run.stderr).toMatch(/site: \d+ pages for /);
      expect(run.stderr).not.toContain(KEPT);
    }
    const before = await snapshotOf(world.distDir);
    const again = await build(['--offline']);
    expect(again.site?.reused).toBe(true);
    expect(await snapshotOf(world.distDir)).toEqual(before);
    // Published as hard links to the kept folder's files, not copies.
    const [kept, published] = await Promise.all(
      [path.join(world.cacheDir, 'stages', 'site'), world.distDir].map((dir) => stat(path.join(dir, 'index.html'))),
    );
    expect(published?.ino).toBe(kept?.ino);
  });

  it('builds anew when the kept site folder was altered, and publishes the pages as they should be', async () => {
    const before = await snapshotOf(world.distDir);
    const kept = path.join(world.cacheDir, 'stages', 'site', 'index.html');
    await replaceFile(kept, '<!doctype html><title>tampered</title>');
    // A file replaced, as every writer of the project replaces one: the live site's link keeps the page as built.
    expect(await snapshotOf(world.distDir)).toEqual(before);
    expect((await build(['--offline'])).site?.reused).toBe(false);
    expect(await snapshotOf(world.distDir)).toEqual(before);
  });

  it('builds anew when a published page was changed in place, which changes the kept folder’s file with it', async () => {
    const kept = path.join(world.cacheDir, 'stages', 'site', 'index.html');
    const published = path.join(await realpath(world.distDir), 'index.html');
    const page = await readFile(published);
    // This world's files are links to its template's: the two made one file of this world's own, as a build leaves
    // them (the test above), before one is written over.
    await replaceFile(kept, page);
    await rm(published);
    await link(kept, published);
    await writeFile(published, '<!doctype html><title>edited in place</title>');
    expect(await readFile(kept, 'utf8')).toContain('edited in place');
    expect((await build(['--offline'])).site?.reused).toBe(false);
    expect(await readFile(path.join(world.distDir, 'index.html'))).toEqual(page);
  });
});

describe('site reuse: the fingerprint', () => {
  let root: string;
  let inputs: Parameters<typeof computeSiteFingerprint>[0];

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'kpu-fingerprint-'));
    const code = path.join(root, 'code');
    const data = path.join(root, 'data');
    await mkdir(path.join(code, 'src'), { recursive: true });
    await mkdir(path.join(data, '2024'), { recursive: true });
    await writeFile(path.join(code, 'src', 'page.astro'), 'page');
    await writeFile(path.join(root, 'package-lock.json'), '{}');
    await writeFile(path.join(data, 'manifest.json'), JSON.stringify({ files: [{ path: '2024/records.json' }] }));
    await writeFile(path.join(data, '2024', 'records.json'), '[]');
    await writeFile(path.join(data, 'changes.json'), '{}');
    inputs = { dataDir: data, base: '/', codeDirs: [code], codeFiles: [path.join(root, 'package-lock.json')] };
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('changes with the code, the lockfile, the base path and the data folder, and with nothing else', async () => {
    const original = await computeSiteFingerprint(inputs);
    expect(await computeSiteFingerprint(inputs)).toBe(original);
    const changes: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
      [
        'a code file',
        () => writeFile(path.join(inputs.codeDirs[0]!, 'src', 'page.astro'), 'page!'),
        () => writeFile(path.join(inputs.codeDirs[0]!, 'src', 'page.astro'), 'page'),
      ],
      [
        'a new code file',
        () => writeFile(path.join(inputs.codeDirs[0]!, 'src', 'new.ts'), ''),
        () => rm(path.join(inputs.codeDirs[0]!, 'src', 'new.ts')),
      ],
      ['the lockfile', () => writeFile(inputs.codeFiles[0]!, '{ }'), () => writeFile(inputs.codeFiles[0]!, '{}')],
      [
        'the manifest',
        () =>
          writeFile(
            path.join(inputs.dataDir, 'manifest.json'),
            JSON.stringify({ files: [{ path: '2024/records.json' }], x: 1 }),
          ),
        () =>
          writeFile(
            path.join(inputs.dataDir, 'manifest.json'),
            JSON.stringify({ files: [{ path: '2024/records.json' }] }),
          ),
      ],
      [
        'a release file beside the manifest',
        () => writeFile(path.join(inputs.dataDir, 'changes.json'), '{"changed":true}'),
        () => writeFile(path.join(inputs.dataDir, 'changes.json'), '{}'),
      ],
    ];
    for (const [what, change, undo] of changes) {
      await change();
      expect(await computeSiteFingerprint(inputs), what).not.toBe(original);
      await undo();
      expect(await computeSiteFingerprint(inputs), `${what}, undone`).toBe(original);
    }
    expect(await computeSiteFingerprint({ ...inputs, base: '/kpu/' })).not.toBe(original);
    // Astro's working folder and dependencies are not inputs; a data file listed in the manifest is stood for by
    // the manifest's SHA-256 (the site stage checks every such file against it before it gets here).
    await mkdir(path.join(inputs.codeDirs[0]!, '.astro'), { recursive: true });
    await writeFile(path.join(inputs.codeDirs[0]!, '.astro', 'cache.json'), 'x');
    await writeFile(path.join(inputs.dataDir, '2024', 'records.json'), '[1]');
    expect(await computeSiteFingerprint(inputs)).toBe(original);
  });

  it('lets a site be reused only while every file is as recorded', async () => {
    const site = path.join(root, 'site');
    await mkdir(site, { recursive: true });
    await writeFile(path.join(site, 'index.html'), 'home');
    expect(await isReusableSite(site, 'f')).toBe(false);
    await recordSiteFingerprint(site, 'f');
    expect(JSON.parse(await readFile(fingerprintFileOf(site), 'utf8'))).toMatchObject({ fingerprint: 'f' });
    expect(await isReusableSite(site, 'f')).toBe(true);
    expect(await isReusableSite(site, 'g')).toBe(false);
    await writeFile(path.join(site, 'extra.html'), 'extra');
    expect(await isReusableSite(site, 'f')).toBe(false);
    await rm(path.join(site, 'extra.html'));
    await rm(path.join(site, 'index.html'));
    expect(await isReusableSite(site, 'f')).toBe(false);
  });
});
