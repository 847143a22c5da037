// Safe publishing with the real build command: all or nothing, releases kept, what changed reported,
// the offline mode, a SIGKILL at each kill point of a build. (The key nowhere in the outputs of a good build, with a
// retry on the way: echoed-key.test.ts, in every form the key can take.) One good build (the template, shared with
// publish-failures.test.ts), copied into each test that changes it.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { lstat, mkdir, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import type { ChangesDocument, HistoryEntry, ReleaseEntry } from '../../scripts/release/release-stage.ts';
import { isProcessAlive } from '../../scripts/foundation/owned-folders.ts';
import { verifyPublishedData } from '../../scripts/publish/publish-stage.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import {
  copyBuildWorld,
  publishTestData,
  sharedExtendedTemplate,
  sharedWorldTemplate,
  sha256,
  type BuildWorld,
  type BuildWorldTemplate,
} from '../support/build-fixtures.ts';
import { readAllFiles } from '../support/harvest-fixtures.ts';
import { readProcesses } from '../support/process-cpu.ts';
import { laterReleaseName } from '../support/release-checks.ts';
import { PROJECT_ROOT, runCli } from '../support/run-cli.ts';
import { readAboutRows } from '../support/xlsx-records.ts';

async function snapshotOf(dir: string): Promise<Record<string, string>> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries((await readAllFiles(dir)).map(([name, content]) => [name, sha256(content)]));
}

/** The ids of the running Astro site builds whose command line names `folder` (Linux: read from /proc). */
function siteBuildsUnder(folder: string): number[] {
  const processes = readProcesses();
  if (processes === null) throw new Error('this test reads the running processes from /proc, which this machine lacks');
  return processes
    .filter(
      ({ args }) => args.some((arg) => arg.endsWith('astro-build.ts')) && args.some((arg) => arg.includes(folder)),
    )
    .map(({ pid }) => pid);
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A stage's folder replaced by a file, so the stage's first write fails with a disk error. */
async function replaceWithFile(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
  await mkdir(path.dirname(folder), { recursive: true });
  await writeFile(folder, 'not a folder');
}

/** The pages of a published site (dist/) whose HTML holds `text`. */
async function pagesNaming(distDir: string, text: string): Promise<string[]> {
  return (await readAllFiles(distDir))
    .filter(([name, content]) => name.endsWith('.html') && content.includes(text))
    .map(([name]) => name);
}

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

let template: BuildWorldTemplate;
// The template, then an --offline build: every later --offline build of its harvest keeps its site (no Astro run),
// for the tests whose subject is the publish stage, not the pages.
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

describe('publishing: what changed', () => {
  it('reports a change in the upstream data exactly, keeps both releases, and says when nothing changed', async () => {
    world = await copyBuildWorld(template);
    const first = template.run;
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('First release');
    const firstManifest = await world.readManifest();
    const firstRelease = firstManifest.release?.id ?? '';

    // Upstream corrections: a chair renamed, a party added, a regency dropped.
    const turnout = world.upstream.getData('turnout') as RawRecord[];
    const parties = world.upstream.getData('parties') as RawRecord[];
    const renamed = parties.findIndex((record) => record.tahunPemilu === '2024');
    const dropped = turnout[4] as RawRecord;
    world.upstream.setData('parties', [
      ...parties.map((record, index) => (index === renamed ? { ...record, KetuaUmum: 'Ketua Baru Contoh' } : record)),
      { ...(parties[renamed] as RawRecord), NomorUrutPartai: '99', NamaPartai: 'Partai Contoh Baru' },
    ]);
    world.upstream.setData(
      'turnout',
      turnout.filter((record) => record !== dropped),
    );

    const second = await world.build(['--json']);
    expect(second.code, second.stderr).toBe(0);
    const summary = JSON.parse(second.stdout) as {
      release: { id: string; new: boolean; changed: boolean; summary: string };
      site: { reused: boolean };
    };
    expect(summary.release).toMatchObject({ new: true, changed: true });
    const secondRelease = summary.release.id;
    expect(secondRelease).toMatch(laterReleaseName(firstRelease, 2));
    // The data changed, so the site was built anew (site-fingerprint.ts), and its pages show the change.
    expect(summary.site.reused).toBe(false);
    expect(await pagesNaming(world.distDir, 'Ketua Baru Contoh'), 'pages naming the renamed chair').not.toEqual([]);
    expect(await pagesNaming(world.distDir, 'Partai Contoh Baru'), 'pages naming the added party').not.toEqual([]);
    expect(summary.release.summary).toContain('| parties | 2024 | 1 | 0 | 1 |');
    expect(summary.release.summary).toContain('| turnout | 2024 | 0 | 1 | 0 |');

    const changes = await readJson<ChangesDocument>(path.join(world.distDir, 'data/changes.json'));
    expect(changes).toMatchObject({
      release: secondRelease,
      previousRelease: firstRelease,
      initial: false,
      changed: true,
    });
    const partyChanges = changes.datasets.find((dataset) => dataset.dataset === 'parties');
    expect(partyChanges?.changes).toEqual([
      {
        kind: 'changed',
        year: 2024,
        key: { election_year: 2024, ballot_number: (parties[renamed] as RawRecord).NomorUrutPartai },
        fields: [{ field: 'general_chair', old: (parties[renamed] as RawRecord).KetuaUmum, new: 'Ketua Baru Contoh' }],
      },
      { kind: 'added', year: 2024, key: { election_year: 2024, ballot_number: '99' }, fields: [] },
    ]);
    expect(partyChanges?.years).toEqual([{ year: 2024, added: 1, removed: 0, changed: 1 }]);
    const turnoutChanges = changes.datasets.find((dataset) => dataset.dataset === 'turnout');
    expect(turnoutChanges?.changes).toEqual([
      {
        kind: 'removed',
        year: 2024,
        key: {
          election_year: 2024,
          election_type: 'DPR',
          dapil_id: dropped.IdDapil,
          regency_name: dropped.NamaKabupaten,
        },
        fields: [],
      },
    ]);
    const history = await readJson<HistoryEntry[]>(path.join(world.distDir, 'data/history.json'));
    expect(history.map((entry) => [entry.release, entry.dataset, entry.kind])).toEqual([
      [secondRelease, 'turnout', 'removed'],
      [secondRelease, 'parties', 'changed'],
      [secondRelease, 'parties', 'added'],
    ]);

    // Both releases stay downloadable at their own paths, each matching its own manifest.
    const releases = await readJson<ReleaseEntry[]>(path.join(world.distDir, 'data/releases.json'));
    expect(releases.map((release) => release.id)).toEqual([firstRelease, secondRelease]);
    const old = await verifyPublishedData(path.join(world.distDir, 'data/releases', firstRelease));
    expect(old.files.map((file) => file.sha256)).toEqual(firstManifest.files.map((file) => file.sha256));
    await verifyPublishedData(path.join(world.distDir, 'data/releases', secondRelease));

    const filesBefore = await snapshotOf(path.join(world.distDir, 'data/all-years'));
    const third = await world.build();
    expect(third.code, third.stderr).toBe(0);
    expect(third.stdout).toContain(`Nothing changed: the data is still that of release ${secondRelease}`);
    expect(await snapshotOf(path.join(world.distDir, 'data/all-years'))).toEqual(filesBefore);
    expect((await readJson<ReleaseEntry[]>(path.join(world.distDir, 'data/releases.json'))).length).toBe(2);

    // The same records in another order: the files differ, so a new release, but no record changed, and both the
    // summary and the changelog page say exactly that.
    world.upstream.setData('parties', [...(world.upstream.getData('parties') as RawRecord[])].reverse());
    const fourth = await world.build(['--json']);
    expect(fourth.code, fourth.stderr).toBe(0);
    const reordered = (JSON.parse(fourth.stdout) as typeof summary).release;
    expect(reordered).toMatchObject({ new: true, changed: false });
    expect(reordered.id).toMatch(laterReleaseName(firstRelease, 3));
    expect(reordered.summary).not.toContain('Nothing changed');
    expect(reordered.summary).toContain(
      `the data files differ from release ${secondRelease}, but no record was added, removed or changed`,
    );
    const changelogPage = await readFile(path.join(world.distDir, 'en/changes/index.html'), 'utf8');
    expect(changelogPage).toContain(`No record changed since release ${secondRelease}.`);
  });

  it('names a new release when the site or the cited source moves to another address, whose files give it, and keeps each release the same bytes in dist/data/ and in its folder', async () => {
    world = await copyBuildWorld(offlineTemplate);
    const built = world;
    const kept = (await built.readManifest()).release;
    expect(kept?.url ?? null).toBeNull();
    /** An --offline build with these settings: a new release (no record changed), its folder and dist/data/ alike. */
    const releaseFor = async (env: Record<string, string>): Promise<{ id: string; dataDir: string }> => {
      const run = await built.build(['--offline', '--json'], env);
      expect(run.code, run.stderr).toBe(0);
      const release = (
        JSON.parse(run.stdout) as { release: { id: string; new: boolean; changed: boolean; summary: string } }
      ).release;
      expect(release).toMatchObject({ new: true, changed: false });
      expect(release.summary).toContain(
        'or for another site address (KPU_SITE_URL) or source address (KPU_SOURCE_URL), which they cite',
      );
      const folder = path.join(built.distDir, 'data/releases', release.id);
      await verifyPublishedData(folder);
      for (const [name, content] of await readAllFiles(folder))
        expect(sha256(await readFile(path.join(built.distDir, 'data', name))), name).toBe(sha256(content));
      return { id: release.id, dataDir: folder };
    };
    /** The texts of the all-years workbook's about sheet. */
    const aboutOf = async (dataDir: string): Promise<string> => {
      const manifest = await readJson<SnapshotManifest>(path.join(dataDir, 'manifest.json'));
      const workbook = manifest.files.find((file) => file.format === 'xlsx' && file.year === 'all');
      if (workbook === undefined) throw new Error(`no all-years workbook in ${dataDir}`);
      return [...(await readAboutRows(path.join(dataDir, workbook.path))).values()].join('\n');
    };

    // The site moves: the workbooks cite the new release's address there; the kept release's still cite none.
    const siteUrl = 'https://data.example.org/';
    const moved = await releaseFor({ KPU_SITE_URL: siteUrl });
    expect(moved.id).not.toBe(kept?.id);
    expect(await aboutOf(moved.dataDir)).toContain(`${siteUrl}data/releases/${moved.id}/`);
    const keptAbout = await aboutOf(path.join(built.distDir, 'data/releases', kept?.id ?? ''));
    expect(keptAbout).toContain(`release ${kept?.id ?? ''}`);
    expect(keptAbout).not.toContain(siteUrl);

    // The cited source moves (KPU_SOURCE_URL): the citations and datapackage.json give the new address.
    const sourceUrl = 'https://source.example.org/';
    const cited = await releaseFor({ KPU_SITE_URL: siteUrl, KPU_SOURCE_URL: sourceUrl });
    expect(cited.id).not.toBe(moved.id);
    for (const file of ['CITATION.cff', 'datapackage.json'])
      expect(await readFile(path.join(cited.dataDir, file), 'utf8'), file).toContain(sourceUrl);
    expect(await readFile(path.join(moved.dataDir, 'CITATION.cff'), 'utf8')).not.toContain(sourceUrl);
  });
});

describe('publishing: all or nothing', () => {
  it.each<
    [string, number, string, (current: BuildWorld) => Promise<{ args?: string[]; env?: Record<string, string> }>]
  >([
    ['the harvest (key refused)', 3, 'UPSTREAM_KEY_REFUSED', async () => ({ env: { KPU_API_KEY: 'not-the-key' } })],
    [
      'the harvest (upstream down)',
      3,
      'UPSTREAM_UNREACHABLE',
      async () => ({ env: { KPU_BASE_URL: 'http://127.0.0.1:9', KPU_RETRIES: '1' } }),
    ],
    [
      'the check (--strict)',
      4,
      'CHECK_STRICT_FAILED',
      async (current) => {
        const turnout = current.upstream.getData('turnout') as RawRecord[];
        current.upstream.setData('turnout', [
          { ...(turnout[0] as RawRecord), JumlahSeluruhPenggunaHakPilih: '1' },
          ...turnout.slice(1),
        ]);
        return { args: ['--strict'] };
      },
    ],
    [
      'the check (a file where the stages folder should be)',
      4,
      'DISK_ERROR',
      async (current) => {
        await replaceWithFile(path.join(current.cacheDir, 'stages'));
        return {};
      },
    ],
    [
      'the snapshot (a file where its folder should be)',
      5,
      'DISK_ERROR',
      async (current) => {
        await replaceWithFile(path.join(current.cacheDir, 'stages', 'snapshot'));
        return {};
      },
    ],
  ])(
    'a build failing in %s exits %i with %s and leaves dist/ exactly as it was',
    async (_stage, exitCode, code, breakIt) => {
      world = await copyBuildWorld(template);
      const before = await snapshotOf(world.distDir);
      const target = await realpath(world.distDir);
      const { args = [], env = {} } = await breakIt(world);
      // A build that fails in the harvest runs the CLI's own `main` in this process (runCliInProcess: the same output
      // and exit code, without starting Node); the later stages' failures, a CLI process of its own.
      const failed = await (exitCode === 3 ? world.buildInProcess : world.build)(['--json', ...args], env);
      expect(failed.code).toBe(exitCode);
      expect((JSON.parse(failed.stdout) as { error: { code: string } }).error.code).toBe(code);
      expect(await realpath(world.distDir)).toBe(target);
      expect(await snapshotOf(world.distDir)).toEqual(before);
    },
  );

  it('publishes the last good harvest --offline after a failed harvest, saying how old the data is', async () => {
    // A copy of the offline template: the --offline build of the same harvest made these pages already, so this one
    // keeps them (site-reuse.test.ts). The pages of an --offline build, notice and all: publish-failures.test.ts.
    world = await copyBuildWorld(offlineTemplate);
    const published = await snapshotOf(path.join(world.distDir, 'data'));
    await world.upstream.close();
    expect((await world.build()).code).toBe(3);
    const offline = await world.build(['--offline']);
    expect(offline.code, offline.stderr).toBe(0);
    const rebuilt = await snapshotOf(path.join(world.distDir, 'data'));
    // The failed harvest left nothing the offline build read: the data of the last good build, byte for byte.
    expect(rebuilt).toEqual(published);
    // Against the online build of the same harvest, only the manifest (build information) and the SHA256SUMS that
    // covers it differ.
    const online = await snapshotOf(path.join(template.root, 'dist', 'data'));
    expect(Object.keys(rebuilt).sort()).toEqual(Object.keys(online).sort());
    const differing = Object.keys(online).filter((name) => online[name] !== rebuilt[name]);
    expect(differing.sort()).toEqual(['SHA256SUMS', 'manifest.json']);
    expect((await world.readManifest()).build).toMatchObject({ offline: true, harvestAgeDays: 0 });
  });

  // A SIGKILL at a kill point of each stage before dist/ moves (scripts/kill-point.ts): the harvest, the snapshot
  // writers, after the site. dist/ stays byte for byte as it was, and verifies. (Every kill point of the publish stage,
  // its copy included, and the build after each: publish-failures.test.ts; the build after a harvest killed halfway
  // resumes it and publishes: publish-resume-changed.test.ts.) Past the harvest, an --offline build of the offline
  // template's harvest: the same stages, its site kept rather than built again. The snapshot's kill is in the
  // snapshot stage's own process, where it takes the build with it.
  it.each<[string]>([['harvest:page-stored#3'], ['snapshot:file-written#5'], ['site:built']])(
    'leaves the previous dist/ intact and servable when a build is killed at %s',
    async (point) => {
      const online = point.startsWith('harvest:');
      world = await copyBuildWorld(online ? template : offlineTemplate);
      const published = await snapshotOf(world.distDir);
      const previous = await realpath(world.distDir);
      // Pages of 5 records: the harvest stores several pages before it ends.
      const killed = await world.build(online ? [] : ['--offline'], {
        KPU_TEST_KILL_AT: point,
        KPU_PAGE_SIZE: '5',
      });
      expect(killed.signal, `${point}: ${killed.stderr}`).toBe('SIGKILL');
      expect(await realpath(world.distDir), point).toBe(previous);
      expect(await snapshotOf(world.distDir), point).toEqual(published);
      await verifyPublishedData(path.join(world.distDir, 'data'));
    },
  );

  it('stays published, with a warning, when an older build folder cannot be removed after the swap', async () => {
    // On a disk: the system's temporary folder may be a tmpfs, which has no immutable attribute.
    world = await copyBuildWorld(offlineTemplate, '/var/tmp');
    // A file root cannot delete (immutable attribute) in a stale build folder beside the live one.
    const stale = path.join(`${world.distDir}.builds`, 'stale-build');
    await mkdir(stale, { recursive: true });
    const pinned = path.join(stale, 'pinned.html');
    await writeFile(pinned, 'old');
    const chattr = (flag: string) => spawnSync('chattr', [flag, pinned], { encoding: 'utf8' });
    if (chattr('+i').status !== 0) {
      console.warn('skipped: this file system does not let chattr +i make a file undeletable');
      return;
    }
    try {
      const run = await world.build(['--offline']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(
        'warning: publish: an older build folder could not be removed (the next build tries again)',
      );
      expect(await realpath(world.distDir)).not.toBe(await realpath(stale));
      await verifyPublishedData(path.join(world.distDir, 'data'));
    } finally {
      chattr('-i');
    }
    // Once it can be removed, the next build does.
    expect((await world.build(['--offline'])).code).toBe(0);
    expect(existsSync(stale)).toBe(false);
  });

  it("removes the new link a killed build left beside dist/, and leaves a running build's alone", async () => {
    world = await copyBuildWorld(offlineTemplate);
    // A process id that runs nothing (a killed build's), and one that runs (this test's).
    let dead = 4_000_000;
    while (isProcessAlive(dead)) dead -= 1;
    const deadLink = `${world.distDir}.${dead}.link`;
    const liveLink = `${world.distDir}.${process.pid}.link`;
    await symlink('dist.builds/nowhere', deadLink);
    await symlink('dist.builds/nowhere', liveLink);
    expect((await world.build(['--offline'])).code).toBe(0);
    expect(await lstat(deadLink).catch(() => null)).toBeNull();
    expect((await lstat(liveLink)).isSymbolicLink()).toBe(true);
    await rm(liveLink);
  });

  it('stops the site build when its build is killed, and the next build leaves nothing of it behind', async () => {
    // Killed at the kill point right after the site stage started the Astro process (scripts/kill-point.ts), which
    // then holds the only other end of its standard input: it must notice that its build is gone and stop, not go
    // on to write every page for nobody.
    world = await copyBuildWorld(template);
    const published = await snapshotOf(world.distDir);
    const current = world;
    let killedPid = 0;
    const killed = await runCli(['build', '--offline', '--rebuild-site'], {
      env: { ...current.env, KPU_TEST_KILL_AT: 'site:astro-started' },
      onStart: (child) => {
        killedPid = child.pid ?? 0;
      },
    });
    expect(killed.signal, killed.stderr).toBe('SIGKILL');
    // Waited for until it has gone (its end is the event: no fixed time), then proved by what it left: a site
    // folder with fewer pages than the published site has, and dist/ as it was.
    while (siteBuildsUnder(current.root).length > 0) await sleep(50);
    expect(await snapshotOf(current.distDir)).toEqual(published);
    const stages = path.join(current.cacheDir, 'stages');
    // The killed build's Astro working folder (site.building-<its pid>-*), with the pages Astro wrote before it
    // stopped under site/.
    const halfBuilt = (await readdir(stages)).filter((name) => name.startsWith(`site.building-${killedPid}-`));
    expect(halfBuilt).toHaveLength(1);
    const pagesIn = async (folder: string): Promise<number> =>
      existsSync(folder)
        ? (await readdir(folder, { recursive: true })).filter((name) => name.endsWith('index.html')).length
        : 0;
    const publishedPages = await pagesIn(path.join(current.distDir, '/'));
    expect(publishedPages).toBeGreaterThan(10);
    expect(await pagesIn(path.join(stages, halfBuilt[0] ?? '', 'site'))).toBeLessThan(publishedPages);

    const next = await current.build(['--offline', '--rebuild-site']);
    expect(next.code, next.stderr).toBe(0);
    expect(next.stderr).not.toContain('could not be removed');
    // The killed build's folder is gone, and no build wrote into the project; the new site is whole.
    expect((await readdir(stages)).filter((name) => name.startsWith('site.'))).toEqual(['site.fingerprint.json']);
    const astroWork = path.join(PROJECT_ROOT, 'site', '.astro');
    const inProject = existsSync(astroWork) ? await readdir(astroWork) : [];
    expect(inProject.filter((name) => name.startsWith(`build-${killedPid}-`))).toEqual([]);
    await verifyPublishedData(path.join(current.distDir, 'data'));
  });
});
