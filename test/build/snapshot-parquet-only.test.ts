// The long turnout file at scale (docs/data.md, "The long turnout file at scale"): a derived table of more rows than
// the limit is written in Parquet only, listed so in the manifest; the other files are the same bytes as ever. The
// subject is the snapshot stage alone: the harvest and snapshot commands make its files, no release, site or publish.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatestHarvest } from '../../scripts/harvest/harvest-stage.ts';
import { createSilentReporter } from '../../scripts/log/progress-reporter.ts';
import { runSnapshotStage } from '../../scripts/snapshot/snapshot-stage.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import { stageFolder } from '../../scripts/stages.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { createBuildWorld, sha256, type BuildWorld } from '../support/build-fixtures.ts';
import { readAllFiles, TEST_KEY } from '../support/harvest-fixtures.ts';
import { runCli } from '../support/run-cli.ts';

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T;

describe('a derived table above the size limit', () => {
  let world: BuildWorld;
  let scratch: string;

  beforeAll(async () => {
    world = await createBuildWorld({
      turnout: generateTurnoutRecords({ years: [2019, 2024], dapils: 4, regenciesPerDapil: [2, 3], seed: 7 }),
      parties: generatePartyRecords({ years: [2019, 2024], parties: 4, seed: 7 }),
    });
    for (const command of ['harvest', 'snapshot']) {
      const run = await runCli([command], { env: world.env });
      expect(run.code, run.stderr).toBe(0);
    }
    scratch = await mkdtemp(path.join(os.tmpdir(), 'kpu-parquet-only-'));
  });
  afterAll(async () => {
    await world?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('is written in Parquet only, and listed so; every other file is unchanged', async () => {
    const harvest = await readLatestHarvest(world.cacheDir, TEST_KEY);
    const built = await readJson<SnapshotManifest>(path.join(stageFolder('snapshot', world), 'manifest.json'));
    const longRows = (year: number | 'all'): number =>
      built.files.find((file) => file.dataset === 'turnout-long' && file.year === year)?.records ?? 0;
    // Between the smallest year's long file and the all-years one: some long files above the limit, some not.
    const limit = longRows(2019);
    expect(longRows('all')).toBeGreaterThan(limit);
    const outDir = path.join(scratch, 'data');
    const { manifest } = await runSnapshotStage({
      harvestDir: harvest.dir,
      harvest: harvest.manifest,
      checkDir: stageFolder('check', world),
      outDir,
      sourceUrl: null,
      upstreamProtocol: new URL(built.source.url ?? 'x:').protocol,
      reporter: createSilentReporter(),
      derivedParquetOnlyAbove: limit,
      // As the snapshot command runs it: no published releases to name a release against.
      published: null,
    });
    const longFiles = (files: SnapshotManifest['files']) =>
      files.filter((file) => file.dataset === 'turnout-long').map((file) => `${String(file.year)} ${file.format}`);
    const expected = built.files
      .filter((file) => file.dataset === 'turnout-long')
      .filter((file) => (file.records ?? 0) <= limit || file.format === 'parquet')
      .map((file) => `${String(file.year)} ${file.format}`);
    expect(longFiles(manifest.files)).toEqual(expected);
    expect(longFiles(manifest.files)).toContain('all parquet');
    expect(longFiles(manifest.files)).not.toContain('all json');
    // Only the manifest's list changed: the files it lists are the build's, byte for byte, and nothing else is there.
    const listed = new Set(manifest.files.map((file) => file.path));
    for (const file of built.files)
      expect(existsSync(path.join(outDir, file.path)), file.path).toBe(listed.has(file.path));
    const ownFiles = Object.fromEntries((await readAllFiles(outDir)).map(([name, content]) => [name, sha256(content)]));
    const builtFiles = Object.fromEntries(
      (await readAllFiles(stageFolder('snapshot', world))).map(([name, content]) => [name, sha256(content)]),
    );
    for (const [name, hash] of Object.entries(ownFiles))
      if (name !== 'manifest.json') expect(hash, name).toBe(builtFiles[name]);
    expect(manifest.files.filter((file) => file.dataset !== 'turnout-long')).toEqual(
      built.files.filter((file) => file.dataset !== 'turnout-long'),
    );
  });
});
