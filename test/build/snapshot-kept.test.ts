// A build whose content key names the published release (scripts/snapshot/release-identity.ts) keeps that release's
// data files rather than writing them again (scripts/snapshot/kept-data-files.ts): linked, each checked against the
// published manifest, and published as the same bytes. A published data file missing or changed, and the snapshot
// stage writes every file itself, as the first build did.
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CommandResult } from '../../scripts/pipeline.ts';
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

/** What the snapshot stage prints when it keeps the published release's data files. */
const KEPT =
  /snapshot: \d+ files for \d+ election years in .* \(the data files of release (\S+), the same content, kept\)/;

/** A data file every build publishes: the all-years turnout CSV. */
const DATA_FILE = path.join('all-years', 'kpu-dpr-turnout-by-sex-all-years.csv');

describe('the snapshot of an unchanged release', () => {
  // The publish tests' shared worlds (build-fixtures.ts): a build, then an --offline one; each test changes a copy of
  // the second.
  let template: BuildWorldTemplate;
  let offlineTemplate: BuildWorldTemplate;
  let world: BuildWorld;

  async function build(): Promise<{ result: CommandResult; stderr: string }> {
    const run = await world.build(['--offline', '--json']);
    expect(run.code, run.stderr).toBe(0);
    return { result: JSON.parse(run.stdout) as CommandResult, stderr: run.stderr };
  }

  beforeAll(async () => {
    template = await sharedWorldTemplate('publish-good', publishTestData());
    offlineTemplate = await sharedExtendedTemplate('publish-good-offline', template, [['--offline']]);
  });
  afterAll(async () => {
    await template?.close();
    await offlineTemplate?.close();
  });
  afterEach(() => world?.close());

  it('keeps the published data files, linked, and publishes the same bytes', async () => {
    // The first build wrote every file; the --offline one after it kept them (same records, same release).
    expect(template.run.stderr).toMatch(/snapshot: \d+ files for /);
    expect(template.run.stderr).not.toMatch(KEPT);
    world = await copyBuildWorld(offlineTemplate);
    const release = (await world.readManifest()).release?.id;
    expect(offlineTemplate.run.stderr.match(KEPT)?.[1]).toBe(release);
    const published = path.join(world.distDir, 'data');
    const before = await snapshotOf(published);
    const inode = (await stat(path.join(published, DATA_FILE))).ino;

    const { result, stderr } = await build();
    expect(stderr.match(KEPT)?.[1]).toBe(release);
    expect(result.snapshot?.kept).toBe(true);
    expect(result.release?.changed).toBe(false);
    expect(await snapshotOf(published)).toEqual(before);
    // The same file, not a copy: the snapshot's, the release's and the published one are links to it.
    for (const dir of [path.join(world.cacheDir, 'stages', 'snapshot', 'data'), published])
      expect((await stat(path.join(dir, DATA_FILE))).ino, dir).toBe(inode);
  });

  it.each<[string, (file: string) => Promise<void>]>([
    ['changed', (file) => replaceFile(file, 'election_year\r\n2014\r\n')],
    ['missing', (file) => rm(file)],
  ])(
    'writes every file when a published data file is %s, and publishes the files as they should be',
    async (_, alter) => {
      world = await copyBuildWorld(offlineTemplate);
      const published = path.join(world.distDir, 'data');
      const before = await snapshotOf(published);
      await alter(path.join(published, DATA_FILE));

      const { result, stderr } = await build();
      expect(stderr).toMatch(/snapshot: \d+ files for /);
      expect(stderr).not.toMatch(KEPT);
      expect(result.snapshot?.kept).toBe(false);
      expect(result.release?.changed).toBe(false);
      expect(await snapshotOf(published)).toEqual(before);
    },
  );
});
