// Each stage writes only its own folder (scripts/stages.ts) and can be rerun on its own, offline, from the folders
// of the stages before it: after a real build, the check and snapshot stages rerun in this process into fresh
// folders give the same bytes, the snapshot stage refuses the check of another harvest, and the release stage's
// folder holds the completed manifest over the snapshot's very files: no file is written again after the snapshot
// stage wrote it (its Parquet, Arrow and XLSX files carry the release, named before they were written, and the
// release stage links them: same inode, same bytes, same time of change). The build runs
// the check, snapshot and release stages in processes of their own (stage-process.ts): from those processes, the
// same bytes, their lines relayed, their errors the build's, and none left behind when the
// build is gone.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_RESULT_FILE, runCheckStage } from '../../scripts/check/check-stage.ts';
import { DATASETS } from '../../scripts/datasets/datasets.ts';
import { readLatestHarvest } from '../../scripts/harvest/harvest-stage.ts';
import { BuildError } from '../../scripts/errors.ts';
import { createSilentReporter, type Reporter } from '../../scripts/log/progress-reporter.ts';
import { runSnapshotStage } from '../../scripts/snapshot/snapshot-stage.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { isReleaseFormat } from '../../scripts/formats.ts';
import { checksumFilesOf } from '../../scripts/release/checksum-files.ts';
import { runStageProcess } from '../../scripts/stage-process.ts';
import { STAGES, stageFolder } from '../../scripts/stages.ts';
import { publishTestData, sha256, sharedWorldTemplate } from '../support/build-fixtures.ts';
import { readAllFiles, TEST_KEY } from '../support/harvest-fixtures.ts';

async function hashes(dir: string): Promise<Record<string, string>> {
  const files = await readAllFiles(dir);
  return Object.fromEntries(
    files.map(([name, content]) => [name, sha256(content)]).sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );
}

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

describe('stage outputs', () => {
  // The publish tests' shared good build (build-fixtures.ts), read only: every stage rerun here writes into `scratch`.
  let world: { cacheDir: string; distDir: string };
  let scratch: string;
  const folder = (name: (typeof STAGES)[number]['name']): string => stageFolder(name, world);
  // The published releases the build's snapshot stage named its release against: none (an empty folder).
  let nothingPublished: { dataDir: string; usedReleaseIds: string[]; siteUrl: null };

  beforeAll(async () => {
    const template = await sharedWorldTemplate('publish-good', publishTestData());
    world = { cacheDir: path.join(template.root, 'cache'), distDir: path.join(template.root, 'dist') };
    scratch = await mkdtemp(path.join(os.tmpdir(), 'kpu-stages-'));
    nothingPublished = { dataDir: path.join(scratch, 'nothing-published'), usedReleaseIds: [], siteUrl: null };
  });
  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('leaves each stage its own folder, and the snapshot manifest as the snapshot stage wrote it', async () => {
    for (const stage of STAGES) expect((await readAllFiles(folder(stage.name))).length, stage.name).toBeGreaterThan(0);
    const snapshot = await readJson<SnapshotManifest>(path.join(folder('snapshot'), 'manifest.json'));
    expect(snapshot.build).toBeUndefined();
    // The release stage's folder: the completed manifest, the one published, over the snapshot's very files.
    const released = await readFile(path.join(folder('release'), 'manifest.json'), 'utf8');
    expect(released).toBe(await readFile(path.join(world.distDir, 'data', 'manifest.json'), 'utf8'));
    // The snapshot's manifest plus the release, the build and the files that name the release (release formats).
    const completed = JSON.parse(released) as SnapshotManifest;
    const releaseWritten = completed.files.filter((file) => isReleaseFormat(file.format));
    expect(releaseWritten.map((file) => file.format).sort()).toEqual(
      [
        'citation-bibtex',
        'citation-cff',
        'citation-csl',
        'citation-ris',
        'citation-zenodo',
        'duckdb',
        'sqlite',
        ...snapshot.years.map(() => 'zip'),
        'zip',
      ].sort(),
    );
    // The snapshot stage named the release before writing its files; the release stage completed it (the
    // fingerprint, the previous release, a shrink report) and added the build and the files that name the release.
    expect(snapshot.release?.id).toBe(completed.release?.id);
    expect(snapshot.release?.retrievedAt).toBe(completed.release?.retrievedAt);
    expect(snapshot.release?.content).toMatch(/^[0-9a-f]{64}$/);
    expect(completed.release?.id.endsWith(`-${snapshot.release?.content?.slice(0, 8)}`)).toBe(true);
    expect({
      ...completed,
      files: completed.files.filter((file) => !isReleaseFormat(file.format)),
      release: undefined,
      build: undefined,
    }).toEqual({ ...snapshot, release: undefined, build: undefined });
    expect(completed.files.some((file) => file.snapshotSha256 !== undefined)).toBe(false);
    const snapshotFiles = await hashes(folder('snapshot'));
    const releaseFiles = await hashes(folder('release'));
    delete snapshotFiles['manifest.json'];
    // Every snapshot file is in the release's folder as the snapshot stage left it: the same file (a hard link),
    // never opened for writing since (its time of change before the release stage's first file).
    const releaseStarted = await stat(path.join(folder('release'), 'releases.json'));
    for (const file of snapshot.files) {
      const [before, after] = await Promise.all([
        stat(path.join(folder('snapshot'), file.path)),
        stat(path.join(folder('release'), file.path)),
      ]);
      expect(after.ino, file.path).toBe(before.ino);
      expect(after.mtimeMs, file.path).toBeLessThanOrEqual(releaseStarted.mtimeMs);
      expect(releaseFiles[file.path], file.path).toBe(file.sha256);
    }
    const own = [
      'manifest.json',
      'datapackage.json',
      'index.html',
      'changes.json',
      'history.json',
      'releases.json',
      ...checksumFilesOf(completed),
      ...releaseWritten.map((file) => file.path),
    ];
    for (const name of own) {
      expect(releaseFiles[name], name).toBeDefined();
      delete releaseFiles[name];
    }
    expect(releaseFiles).toEqual(snapshotFiles);
    // The published quality report is the check stage's, byte for byte.
    for (const report of ['quality-report.json', 'quality-report.md']) {
      expect(await readFile(path.join(folder('snapshot'), report), 'utf8')).toBe(
        await readFile(path.join(folder('check'), report), 'utf8'),
      );
    }
  });

  it('reruns the check and snapshot stages on their own, offline, into the same bytes', async () => {
    const harvest = await readLatestHarvest(world.cacheDir, TEST_KEY);
    const checkDir = path.join(scratch, 'check');
    const check = await runCheckStage({
      harvestDir: harvest.dir,
      harvest: harvest.manifest,
      datasets: DATASETS,
      outDir: checkDir,
      strict: false,
      reporter: createSilentReporter(),
    });
    expect(check.harvestId).toBe(harvest.manifest.harvestId);
    expect(await hashes(checkDir)).toEqual(await hashes(folder('check')));
    // The snapshot stage from the build's own check folder, read only.
    const before = await hashes(folder('check'));
    const outDir = path.join(scratch, 'snapshot', 'data');
    const built = await readJson<SnapshotManifest>(path.join(folder('snapshot'), 'manifest.json'));
    await runSnapshotStage({
      harvestDir: harvest.dir,
      harvest: harvest.manifest,
      checkDir: folder('check'),
      outDir,
      // KPU_SOURCE_URL unset: the harvested upstream's origin, as the build named it.
      sourceUrl: null,
      upstreamProtocol: new URL(built.source.url ?? 'x:').protocol,
      reporter: createSilentReporter(),
      // What the build named its release against: nothing published before it.
      published: nothingPublished,
    });
    expect(await hashes(outDir)).toEqual(await hashes(folder('snapshot')));
    expect(await hashes(folder('check'))).toEqual(before);
  });

  it('refuses to snapshot a harvest with the check of another', async () => {
    const harvest = await readLatestHarvest(world.cacheDir, TEST_KEY);
    const checkDir = path.join(scratch, 'other-check');
    await cp(folder('check'), checkDir, { recursive: true });
    const result = await readJson<{ harvestId: string }>(path.join(checkDir, CHECK_RESULT_FILE));
    await writeFile(
      path.join(checkDir, CHECK_RESULT_FILE),
      JSON.stringify({ ...result, harvestId: '20200101T000000Z' }),
    );
    await expect(
      runSnapshotStage({
        harvestDir: harvest.dir,
        harvest: harvest.manifest,
        checkDir,
        outDir: path.join(scratch, 'refused'),
        sourceUrl: null,
        reporter: createSilentReporter(),
      }),
    ).rejects.toThrow(/is of harvest 20200101T000000Z, not .*run the check stage again/);
  });

  it('runs the check and snapshot stages in processes of their own: the same bytes, their lines relayed', async () => {
    const harvest = await readLatestHarvest(world.cacheDir, TEST_KEY);
    const lines: string[] = [];
    const reporter: Reporter = { ...createSilentReporter(), line: (message) => lines.push(message) };
    const checkDir = path.join(scratch, 'process-check');
    const common = { harvestDir: harvest.dir, harvest: harvest.manifest };
    expect(await runStageProcess('check', { ...common, outDir: checkDir, strict: false }, reporter)).toBeNull();
    expect(await hashes(checkDir)).toEqual(await hashes(folder('check')));
    const built = await readJson<SnapshotManifest>(path.join(folder('snapshot'), 'manifest.json'));
    const outDir = path.join(scratch, 'process-snapshot', 'data');
    const { manifest } = await runStageProcess(
      'snapshot',
      {
        ...common,
        checkDir,
        outDir,
        sourceUrl: null,
        upstreamProtocol: new URL(built.source.url ?? 'x:').protocol,
        published: nothingPublished,
      },
      reporter,
    );
    expect(manifest).toEqual(built);
    expect(await hashes(outDir)).toEqual(await hashes(folder('snapshot')));
    expect(lines).toEqual([
      expect.stringMatching(/^check: \d+ records, \d+ flagged/),
      `snapshot: ${built.files.length} files for ${built.years.length} election years in ${outDir}`,
    ]);
  });

  it("fails with the stage's own error, as the build reports it", async () => {
    const harvest = await readLatestHarvest(world.cacheDir, TEST_KEY);
    const failure = runStageProcess(
      'snapshot',
      {
        harvestDir: harvest.dir,
        harvest: harvest.manifest,
        checkDir: path.join(scratch, 'no-such-check'),
        outDir: path.join(scratch, 'never'),
        sourceUrl: null,
      },
      createSilentReporter(),
    );
    await expect(failure).rejects.toBeInstanceOf(BuildError);
    await expect(failure).rejects.toMatchObject({ code: 'INTERNAL', stage: 'snapshot', exitCode: 5 });
    await expect(failure).rejects.toThrow(/check-result\.json/);
  });

  it('stops a stage process whose build is gone', async () => {
    // The build's end of the channel closes (as when it is killed, even by SIGKILL) before any request.
    const child = fork(path.resolve('scripts/stage-process-child.ts'), [], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    await once(child, 'spawn');
    child.disconnect();
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    // At once, by its own SIGKILL (scripts/foundation/parent-gone.ts).
    expect([code, signal]).toEqual([null, 'SIGKILL']);
  });
});
