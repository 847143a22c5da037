// The release archive (KPU_RELEASE_ARCHIVE_DIR) with the real build command: every release is added to it after a
// publish; a build that lost its cache and dist/ entirely restores every release from it, so the numbering and the
// history go on and the old releases stay downloadable; a damaged archive stops the build (RELEASE_ARCHIVE_INVALID)
// and is never partly used.
import { existsSync } from 'node:fs';
import { readdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { verifyPublishedData } from '../../scripts/publish/publish-stage.ts';
import type { ChangesDocument, HistoryEntry, ReleaseEntry } from '../../scripts/release/release-stage.ts';
import {
  copyBuildWorld,
  replaceFile,
  publishTestData,
  sha256,
  sharedExtendedTemplate,
  sharedWorldTemplate,
  type BuildWorld,
  type BuildWorldTemplate,
} from '../support/build-fixtures.ts';
import { distState, errorOf } from '../support/dist-state.ts';
import { laterReleaseName } from '../support/release-checks.ts';

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

interface BuildSummary {
  release: { id: string; previous: string | null; new: boolean; restoredFromArchive: boolean; archived: string[] };
}

/** What a quiet week does to a CI runner: the cache (harvest, stages) and dist/ with its build folders are gone. */
async function loseCacheAndDist(world: BuildWorld): Promise<void> {
  for (const dir of [world.cacheDir, world.distDir, `${world.distDir}.builds`, `${world.distDir}.locks`])
    await rm(dir, { recursive: true, force: true });
}

/** A party's chair renamed: new data, no record lost. */
function renameChair(world: BuildWorld, name: string): void {
  const parties = world.upstream.getData('parties') as RawRecord[];
  world.upstream.setData(
    'parties',
    parties.map((record, index) => (index === 0 ? { ...record, KetuaUmum: name } : record)),
  );
}

// Every test starts from an existing dist/ published without an archive: the publish tests' template (one good build),
// or its --offline extension, whose site a later --offline build keeps (sharedWorldTemplate).
let template: BuildWorldTemplate;
let offlineTemplate: BuildWorldTemplate;
beforeAll(async () => {
  template = await sharedWorldTemplate('publish-good', publishTestData());
  offlineTemplate = await sharedExtendedTemplate('publish-good-offline', template, [['--offline']]);
});

let world: BuildWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('the release archive', () => {
  it('archives every release of an existing dist/ when first set, then carries the numbering, the history and every release across builds that lost the cache and dist/', async () => {
    // A first release published without an archive (the template), then a second.
    world = await copyBuildWorld(template);
    renameChair(world, 'Ketua Sebelum Arsip');
    const second = await world.build();
    expect(second.code, second.stderr).toBe(0);
    const [release1, release2] = (await readJson<ReleaseEntry[]>(path.join(world.distDir, 'data/releases.json'))).map(
      (entry) => entry.id,
    );
    if (release1 === undefined || release2 === undefined) throw new Error('the second build made no second release');
    expect(release2).toMatch(laterReleaseName(release1, 2));

    // The archive set, nothing new to release: every release of dist/ goes into it, with the history files.
    const archive = path.join(world.root, 'archive');
    const env = { KPU_RELEASE_ARCHIVE_DIR: archive };
    const unchanged = await world.build(['--json'], env);
    expect(unchanged.code, unchanged.stderr).toBe(0);
    expect((JSON.parse(unchanged.stdout) as BuildSummary).release).toMatchObject({
      id: release2,
      new: false,
      restoredFromArchive: false,
      archived: [release1, release2],
    });
    expect((await readdir(path.join(archive, 'releases'))).sort()).toEqual([release1, release2]);
    for (const file of ['releases.json', 'history.json', 'changes.json']) {
      expect(await readFile(path.join(archive, file), 'utf8')).toBe(
        await readFile(path.join(world.distDir, 'data', file), 'utf8'),
      );
    }
    const secondFiles = await readdir(path.join(world.distDir, 'data', 'releases', release2), { recursive: true });

    await loseCacheAndDist(world);
    renameChair(world, 'Ketua Setelah Cache Hilang');
    const third = await world.build(['--json'], env);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stderr).toContain('restored every release');
    const release3 = (JSON.parse(third.stdout) as BuildSummary).release;
    // Release 3 follows release 2: not a new "first release" reusing a name for other data.
    expect(release3).toMatchObject({
      previous: release2,
      new: true,
      restoredFromArchive: true,
      archived: [release3.id],
    });
    expect(release3.id).toMatch(laterReleaseName(release1, 3));
    const changes = await readJson<ChangesDocument>(path.join(world.distDir, 'data/changes.json'));
    expect(changes).toMatchObject({ initial: false, changed: true, previousRelease: release2 });
    expect(
      (await readJson<ReleaseEntry[]>(path.join(world.distDir, 'data/releases.json'))).map((entry) => entry.id),
    ).toEqual([release1, release2, release3.id]);
    // The old releases are still downloadable, every file as it was published.
    for (const release of [release1, release2])
      await verifyPublishedData(path.join(world.distDir, 'data', 'releases', release));
    const old = path.join(world.distDir, 'data', 'releases', release2);
    expect((await readdir(old, { recursive: true })).sort()).toEqual(secondFiles.sort());
    for (const file of (await readJson<{ files: { path: string }[] }>(path.join(old, 'manifest.json'))).files) {
      expect(sha256(await readFile(path.join(old, file.path)))).toBe(
        sha256(await readFile(path.join(archive, 'releases', release2, file.path))),
      );
    }

    await loseCacheAndDist(world);
    renameChair(world, 'Ketua Setelah Cache Hilang Lagi');
    const fourth = await world.build(['--json'], env);
    expect(fourth.code, fourth.stderr).toBe(0);
    const release4 = (JSON.parse(fourth.stdout) as BuildSummary).release;
    expect(release4).toMatchObject({ previous: release3.id, restoredFromArchive: true });
    expect(release4.id).toMatch(laterReleaseName(release1, 4));
    // The history holds the changes of every later release, in the published folder and in the archive.
    for (const dir of [path.join(world.distDir, 'data'), archive]) {
      const history = await readJson<HistoryEntry[]>(path.join(dir, 'history.json'));
      expect([...new Set(history.map((entry) => entry.release))]).toEqual([release2, release3.id, release4.id]);
      expect((await readJson<ReleaseEntry[]>(path.join(dir, 'releases.json'))).map((entry) => entry.id)).toEqual([
        release1,
        release2,
        release3.id,
        release4.id,
      ]);
    }
    expect((await readdir(path.join(world.distDir, 'data', 'releases'))).sort()).toEqual([
      release1,
      release2,
      release3.id,
      release4.id,
    ]);
  }, 420_000);

  it('refuses a damaged archive, never partly using it: a listing that disagrees, or a file that does not match', async () => {
    // A published release, then an archive set: the --offline build that archives it keeps the template's site.
    world = await copyBuildWorld(offlineTemplate);
    const archive = path.join(world.root, 'archive');
    const env = { KPU_RELEASE_ARCHIVE_DIR: archive };
    const first = await world.build(['--offline'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('site: nothing changed since the last site build');
    const release = (await world.readManifest()).release?.id ?? '';

    // The list lost its entry (a bad merge of the data branch, say): the folder is unlisted.
    const list = await readFile(path.join(archive, 'releases.json'));
    await replaceFile(path.join(archive, 'releases.json'), '[]\n');
    renameChair(world, 'Ketua Contoh Arsip');
    const before = await distState(world.distDir);
    const unlisted = await world.build(['--json'], env);
    expect(unlisted.code, unlisted.stderr).toBe(8);
    expect(errorOf(unlisted)).toMatchObject({ code: 'RELEASE_ARCHIVE_INVALID', stage: 'release', exitCode: 8 });
    expect(errorOf(unlisted).message).toContain(`${release}, which`);
    expect(await distState(world.distDir)).toEqual(before);
    await replaceFile(path.join(archive, 'releases.json'), list);

    // One byte of an archived file changed, and nothing else to build from: no dist/ at all rather than a history
    // restored in part.
    const manifest = await readJson<{ files: { path: string }[] }>(
      path.join(archive, 'releases', release, 'manifest.json'),
    );
    const damaged = path.join(archive, 'releases', release, (manifest.files[0] as { path: string }).path);
    const content = await readFile(damaged);
    content[0] = (content[0] ?? 0) ^ 1;
    await replaceFile(damaged, content);
    await loseCacheAndDist(world);
    const corrupt = await world.build(['--json'], env);
    expect(corrupt.code, corrupt.stderr).toBe(8);
    expect(errorOf(corrupt)).toMatchObject({ code: 'RELEASE_ARCHIVE_INVALID', stage: 'release' });
    expect(errorOf(corrupt).message).toContain('does not match its size or SHA-256');
    expect(existsSync(world.distDir)).toBe(false);
  });

  it('restores only what each release’s manifest lists, and makes the history again from the releases', async () => {
    // Release 1 (the template's), then release 2 with the archive set: the archive takes both.
    world = await copyBuildWorld(template);
    const archive = path.join(world.root, 'archive');
    const env = { KPU_RELEASE_ARCHIVE_DIR: archive };
    renameChair(world, 'Ketua Yang Diarsipkan');
    const second = await world.build(['--json'], env);
    expect(second.code, second.stderr).toBe(0);
    const release2 = (JSON.parse(second.stdout) as BuildSummary).release.id;
    const published: Record<string, string> = {};
    for (const file of ['history.json', 'changes.json', 'releases.json'])
      published[file] = await readFile(path.join(world.distDir, 'data', file), 'utf8');
    const [release1] = (JSON.parse(published['releases.json'] as string) as ReleaseEntry[]).map((entry) => entry.id);

    // A stale cache: dist/ back at the build of release 1 (still beside it), the archive holding releases 1 and 2.
    const builds = `${world.distDir}.builds`;
    const live = path.basename(await readlink(world.distDir));
    const older = (await readdir(builds)).find((name) => name !== live) as string;
    await rm(world.distDir);
    await symlink(path.relative(path.dirname(world.distDir), path.join(builds, older)), world.distDir);
    const before = await distState(world.distDir);
    const folder1 = path.join(archive, 'releases', release1 as string);

    // A file no manifest lists, in an archived release folder: refused, never published.
    await writeFile(path.join(folder1, 'evil.html'), '<script>alert(1)</script>\n');
    const stray = await world.build(['--json'], env);
    expect(stray.code, stray.stderr).toBe(8);
    expect(errorOf(stray)).toMatchObject({ code: 'RELEASE_ARCHIVE_INVALID', stage: 'release', exitCode: 8 });
    expect(errorOf(stray).message).toContain(`${path.join(folder1, 'evil.html')} is not listed in its manifest`);
    expect(await distState(world.distDir)).toEqual(before);
    await rm(path.join(folder1, 'evil.html'));

    // A listed file replaced by a symbolic link to the same bytes: refused as the archive's fault, not INTERNAL.
    const listed = path.join(folder1, 'datapackage.json');
    await rename(listed, path.join(world.root, 'datapackage.json'));
    await symlink(path.join(world.root, 'datapackage.json'), listed);
    const linked = await world.build(['--json'], env);
    expect(linked.code, linked.stderr).toBe(8);
    expect(errorOf(linked)).toMatchObject({ code: 'RELEASE_ARCHIVE_INVALID', stage: 'release' });
    expect(errorOf(linked).message).toContain(`${listed} is a symbolic link`);
    expect(await distState(world.distDir)).toEqual(before);
    await rm(listed);
    await rename(path.join(world.root, 'datapackage.json'), listed);

    // The archive's history edited: the build restores, warns, and publishes the history its releases give,
    // byte for byte what release 2's build published.
    const history = JSON.parse(published['history.json'] as string) as HistoryEntry[];
    await replaceFile(
      path.join(archive, 'history.json'),
      JSON.stringify(
        history.map((entry) => ({ ...entry, fields: [{ field: 'general_chair', old: 'x', new: 'EDITED' }] })),
      ),
    );
    await replaceFile(path.join(archive, 'changes.json'), '{"release":"EDITED"}\n');
    const restored = await world.build(['--json'], env);
    expect(restored.code, restored.stderr).toBe(0);
    expect((JSON.parse(restored.stdout) as BuildSummary).release).toMatchObject({
      id: release2,
      new: false,
      restoredFromArchive: true,
    });
    expect(restored.stderr).toContain(
      "the archive's history.json, changes.json differ from the history its verified releases give",
    );
    for (const file of ['history.json', 'changes.json', 'releases.json'])
      expect(await readFile(path.join(world.distDir, 'data', file), 'utf8'), file).toBe(published[file]);
    expect((await readdir(path.join(world.distDir, 'data', 'releases', release1 as string))).sort()).toEqual(
      (await readdir(folder1)).sort(),
    );
    // The archive takes the published history back.
    expect(await readFile(path.join(archive, 'history.json'), 'utf8')).toBe(published['history.json']);
  }, 420_000);
});
