// A test's copy of a good build (copyBuildWorld, test/support/build-fixtures.ts): each file a hard link to the
// template's, dist/'s relative link kept; a file replaced (replaceFile) leaves the template as it was, and a file
// written over in place fails the test at the copy's close, naming the file; on another file system, a copy.
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { withDemoRecords } from '../../scripts/upstream/upstream-data.ts';
import { copyBuildWorld, replaceFile, type BuildWorldTemplate } from '../support/build-fixtures.ts';
import { discardFolder } from '../support/test-trash.ts';

/** Linux's RAM-backed file system, another one than the system's temporary folder on this machine. */
const OTHER_FILESYSTEM = '/dev/shm';
const KEPT = path.join('cache', 'stages', 'kept.json');
const PAGE = path.join('dist.builds', 'one', 'index.html');

let template: BuildWorldTemplate;
beforeAll(async () => {
  // A template's shape (a cache, a build folder, dist/ linking to it relatively) without running a build.
  const root = await mkdtemp(path.join(os.tmpdir(), 'kpu-template-test-'));
  await mkdir(path.join(root, path.dirname(KEPT)), { recursive: true });
  await mkdir(path.join(root, path.dirname(PAGE)), { recursive: true });
  await writeFile(path.join(root, KEPT), '{"kept":true}\n');
  await writeFile(path.join(root, PAGE), '<p>published</p>\n');
  await symlink(path.join('dist.builds', 'one'), path.join(root, 'dist'));
  const run = { code: 0, signal: null, stdout: '', stderr: '' };
  template = {
    root,
    data: withDemoRecords({}),
    options: {},
    run,
    runs: [run],
    manifest: {} as SnapshotManifest,
    close: () => discardFolder(root),
  };
});
afterAll(async () => {
  await template?.close();
});

describe("a test's copy of a good build", () => {
  it('links each file of the template, keeps dist/ linking to its build, and a replaced file leaves the template alone', async () => {
    const world = await copyBuildWorld(template);
    const { ino } = statSync(path.join(template.root, PAGE));
    expect(statSync(path.join(world.root, PAGE)).ino).toBe(ino);
    expect(await readlink(world.distDir)).toBe(path.join('dist.builds', 'one'));
    expect(await readFile(path.join(world.distDir, 'index.html'), 'utf8')).toBe('<p>published</p>\n');

    await replaceFile(path.join(world.root, KEPT), '{"kept":false}\n');
    expect(await readFile(path.join(world.root, KEPT), 'utf8')).toBe('{"kept":false}\n');
    expect(await readFile(path.join(template.root, KEPT), 'utf8')).toBe('{"kept":true}\n');
    await world.close();
  });

  it('fails at its close, naming the file, when the test wrote over a file it shares with the template', async () => {
    const world = await copyBuildWorld(template);
    await writeFile(path.join(world.root, PAGE), '<p>changed in place</p>\n');
    await expect(world.close()).rejects.toThrow(
      `The test wrote over ${path.join(template.root, PAGE)}, which its world shares with the template`,
    );
    // Written over in place, the template's file changed too: what the failure is there to stop.
    expect(await readFile(path.join(template.root, PAGE), 'utf8')).toBe('<p>changed in place</p>\n');
    await replaceFile(path.join(template.root, PAGE), '<p>published</p>\n');
  });

  it.runIf(existsSync(OTHER_FILESYSTEM))('copies each file on another file system', async () => {
    const parent = await mkdtemp(path.join(OTHER_FILESYSTEM, 'kpu-copy-test-'));
    try {
      expect(statSync(parent).dev).not.toBe(statSync(template.root).dev);
      const world = await copyBuildWorld(template, parent);
      expect(statSync(path.join(world.root, PAGE)).ino).not.toBe(statSync(path.join(template.root, PAGE)).ino);
      await writeFile(path.join(world.root, PAGE), '<p>its own</p>\n');
      await world.close();
      expect(await readFile(path.join(template.root, PAGE), 'utf8')).toBe('<p>published</p>\n');
    } finally {
      await discardFolder(parent);
    }
  });
});
