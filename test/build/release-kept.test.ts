// A build whose content key names the published release (scripts/snapshot/release-identity.ts) keeps that release's
// files rather than writing them again (scripts/snapshot/kept-files.ts): the snapshot stage its data files, the release
// stage its bundles, databases and citation files; each linked, checked against the published manifest, and published
// as the same bytes. A published file missing or changed, and the stage writes its files itself, as a first build does.
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
/** Files that name the release: the all-years bundle and DuckDB database. */
const NAMING_FILES = ['zip', 'duckdb'].map((suffix) => path.join('all-years', `kpu-election-data-all-years.${suffix}`));

describe('the files of an unchanged release', () => {
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

  /** The inode of each of `files` in `dir`: a kept file is a link to the published one, a written one is new. */
  const inodes = (dir: string, files: readonly string[]): Promise<number[]> =>
    Promise.all(files.map(async (file) => (await stat(path.join(dir, file))).ino));

  it('keeps the published files, linked, and publishes the same bytes', async () => {
    // The first build wrote every file; the --offline one after it kept them (same records, same release).
    expect(template.run.stderr).toMatch(/snapshot: \d+ files for /);
    expect(template.run.stderr).not.toMatch(KEPT);
    world = await copyBuildWorld(offlineTemplate);
    const release = (await world.readManifest()).release?.id;
    expect(offlineTemplate.run.stderr.match(KEPT)?.[1]).toBe(release);
    const published = path.join(world.distDir, 'data');
    const before = await snapshotOf(published);
    const files = [DATA_FILE, ...NAMING_FILES];
    const linked = await inodes(published, files);

    const { result, stderr } = await build();
    expect(stderr.match(KEPT)?.[1]).toBe(release);
    expect(result.snapshot?.kept).toBe(true);
    expect(result.release?.changed).toBe(false);
    expect(await snapshotOf(published)).toEqual(before);
    // The same files, not copies: the release stage's folder and the published one hold links to them.
    for (const dir of [path.join(world.cacheDir, 'stages', 'release', 'data'), published])
      expect(await inodes(dir, files), dir).toEqual(linked);
  });

  it.each<[string, string, (file: string) => Promise<void>]>([
    ['a data file changed', DATA_FILE, (file) => replaceFile(file, 'election_year\r\n2014\r\n')],
    ['a data file missing', DATA_FILE, (file) => rm(file)],
    ['a bundle changed', NAMING_FILES[0] as string, (file) => replaceFile(file, 'PK\u0005\u0006')],
    ['a database missing', NAMING_FILES[1] as string, (file) => rm(file)],
  ])('writes its stage’s files again with %s, and publishes the files as they should be', async (_, altered, alter) => {
    world = await copyBuildWorld(offlineTemplate);
    const published = path.join(world.distDir, 'data');
    const before = await snapshotOf(published);
    const others = [DATA_FILE, ...NAMING_FILES].filter((file) => file !== altered);
    const linked = await inodes(published, others);
    await alter(path.join(published, altered));

    const { result, stderr } = await build();
    // The stage that found its file altered wrote its files; the other kept its own.
    const dataAltered = altered === DATA_FILE;
    expect(result.snapshot?.kept).toBe(!dataAltered);
    expect(stderr.match(KEPT) === null).toBe(dataAltered);
    const kept = others.filter((file) => (file === DATA_FILE) !== dataAltered);
    const keptInodes = await inodes(published, kept);
    expect(keptInodes).toEqual(kept.map((file) => linked[others.indexOf(file)]));
    expect(result.release?.changed).toBe(false);
    expect(await snapshotOf(published)).toEqual(before);
  });
});
