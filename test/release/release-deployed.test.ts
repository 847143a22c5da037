// The deployed release history (KPU_SITE_URL) with the real build command and a real static server serving a
// published dist/: a build whose cache and dist/ are gone, with no release archive, fetches the deployed
// data/releases.json and release folders, verifies each against its manifest and continues that history; a
// deployed file that does not match stops the build (RELEASE_DEPLOYED_INVALID) with dist/ untouched; a site that
// answers 404 has no history, and the build says it makes a first release.
import { existsSync } from 'node:fs';
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import type { ChangesDocument, ReleaseEntry } from '../../scripts/release/release-stage.ts';
import { startStaticServer, type RunningStaticServer } from '../../scripts/site/static-server.ts';
import {
  copyBuildWorld,
  replaceFile,
  publishTestData,
  sha256,
  sharedWorldTemplate,
  type BuildWorld,
  type BuildWorldTemplate,
} from '../support/build-fixtures.ts';
import { errorOf } from '../support/dist-state.ts';
import { laterReleaseName } from '../support/release-checks.ts';
import { discardFolder } from '../support/test-trash.ts';

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

interface BuildSummary {
  release: { id: string; previous: string | null; new: boolean; restoredFromSite: boolean; archived: string[] };
}

let template: BuildWorldTemplate;
beforeAll(async () => {
  template = await sharedWorldTemplate('publish-good', publishTestData());
});

let world: BuildWorld | undefined;
let server: RunningStaticServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await world?.close();
  world = undefined;
});

/**
 * The template's published dist/ copied as a static host keeps it (every link followed) and served; then the
 * cache and dist/ lost, as on a new CI runner without a release archive.
 */
async function deployAndLoseDist(): Promise<{ world: BuildWorld; site: string; deployed: string; release: string }> {
  world = await copyBuildWorld(template);
  const site = path.join(world.root, 'deployed-site');
  await cp(world.distDir, site, { recursive: true, dereference: true });
  const [entry] = await readJson<ReleaseEntry[]>(path.join(site, 'data', 'releases.json'));
  for (const dir of [world.cacheDir, world.distDir, `${world.distDir}.builds`, `${world.distDir}.locks`])
    await discardFolder(dir);
  server = await startStaticServer({ root: site });
  return { world, site, deployed: server.url, release: (entry as ReleaseEntry).id };
}

/** A party's chair renamed: new data, no record lost. */
function renameChair(built: BuildWorld, name: string): void {
  const parties = built.upstream.getData('parties') as RawRecord[];
  built.upstream.setData(
    'parties',
    parties.map((record, index) => (index === 0 ? { ...record, KetuaUmum: name } : record)),
  );
}

describe('the deployed release history', () => {
  it('continues the deployed history when dist/ is lost and no archive is set', async () => {
    const { world: built, site, deployed, release } = await deployAndLoseDist();
    renameChair(built, 'Ketua Setelah Situs Dipulihkan');
    const run = await built.build(['--json'], { KPU_SITE_URL: deployed });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`restored every release from the deployed site ${deployed}`);
    const summary = (JSON.parse(run.stdout) as BuildSummary).release;
    // The new release follows the deployed one: not a new "first release".
    expect(summary).toMatchObject({ previous: release, new: true, restoredFromSite: true });
    expect(summary.id).toMatch(laterReleaseName(release, 2));
    const data = path.join(built.distDir, 'data');
    expect((await readJson<ReleaseEntry[]>(path.join(data, 'releases.json'))).map((entry) => entry.id)).toEqual([
      release,
      summary.id,
    ]);
    expect(await readJson<ChangesDocument>(path.join(data, 'changes.json'))).toMatchObject({
      initial: false,
      changed: true,
      previousRelease: release,
    });
    // The deployed release is published again, every listed file as it was deployed.
    const manifest = await readJson<{ files: { path: string }[] }>(
      path.join(data, 'releases', release, 'manifest.json'),
    );
    for (const file of manifest.files)
      expect(sha256(await readFile(path.join(data, 'releases', release, file.path))), file.path).toBe(
        sha256(await readFile(path.join(site, 'data', 'releases', release, file.path))),
      );
  });

  it('stops with RELEASE_DEPLOYED_INVALID when a deployed file does not match its manifest, leaving dist/ alone', async () => {
    const { world: built, site, deployed, release } = await deployAndLoseDist();
    const folder = path.join(site, 'data', 'releases', release);
    const manifest = await readJson<{ files: { path: string }[] }>(path.join(folder, 'manifest.json'));
    const damaged = path.join(folder, (manifest.files[0] as { path: string }).path);
    const content = await readFile(damaged);
    content[0] = (content[0] ?? 0) ^ 1;
    await replaceFile(damaged, content);
    const run = await built.build(['--json'], { KPU_SITE_URL: deployed });
    expect(run.code, run.stderr).toBe(8);
    expect(errorOf(run)).toMatchObject({ code: 'RELEASE_DEPLOYED_INVALID', stage: 'release', exitCode: 8 });
    expect(errorOf(run).message).toContain('does not match its size or SHA-256');
    expect(existsSync(built.distDir)).toBe(false);
  });

  it('makes a first release, and says so, when the site answers 404 for data/releases.json', async () => {
    const { world: built, site, deployed } = await deployAndLoseDist();
    await rm(path.join(site, 'data'), { recursive: true });
    const run = await built.build(['--json'], { KPU_SITE_URL: deployed });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `${deployed}data/releases.json answers 404: no release history is deployed, so this build makes a first release`,
    );
    expect((JSON.parse(run.stdout) as BuildSummary).release).toMatchObject({ previous: null, restoredFromSite: false });
  });

  it('stops with RELEASE_DEPLOYED_UNREACHABLE when the site does not answer, leaving dist/ alone', async () => {
    const { world: built, deployed } = await deployAndLoseDist();
    await server?.close();
    server = undefined;
    const run = await built.build(['--json'], { KPU_SITE_URL: deployed });
    expect(run.code, run.stderr).toBe(3);
    expect(errorOf(run)).toMatchObject({ code: 'RELEASE_DEPLOYED_UNREACHABLE', stage: 'harvest' });
    expect(existsSync(built.distDir)).toBe(false);
  });
});
