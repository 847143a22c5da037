// A rebuild with nothing changed keeps the last site build instead of running Astro again, and publishes the
// same bytes; anything the pages depend on (the data, the build information, the site folder itself) or
// --rebuild-site builds it anew.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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
import { turnoutDataset } from '../../scripts/datasets/turnout-dataset.ts';
import {
  generatePartyRecords,
  generateTurnoutRecords,
  sourceOfColumn,
} from '../../scripts/synthetic/synthetic-data.ts';
import {
  buildWorldTemplate,
  copyBuildWorld,
  sha256,
  type BuildWorld,
  type BuildWorldTemplate,
} from '../support/build-fixtures.ts';
import type { CliRun } from '../support/run-cli.ts';
import { readAllFiles } from '../support/harvest-fixtures.ts';

async function hashes(dir: string): Promise<Record<string, string>> {
  return Object.fromEntries((await readAllFiles(dir)).map(([name, content]) => [name, sha256(content)]));
}

describe('site reuse: the build', () => {
  // Each test starts from its own copy of one world: a build, then an --offline one (whose site is kept).
  let template: BuildWorldTemplate;
  let world: BuildWorld;
  const turnout = generateTurnoutRecords({ years: [2024], dapils: 6, regenciesPerDapil: [1, 4], seed: 5 });
  const parties = generatePartyRecords({ years: [2024], parties: 6, seed: 5 });
  const resultOf = (run: CliRun): CommandResult => JSON.parse(run.stdout) as CommandResult;

  async function build(args: string[]): Promise<CommandResult> {
    const run = await world.build([...args, '--json']);
    expect(run.code, run.stderr).toBe(0);
    return resultOf(run);
  }

  beforeAll(async () => {
    template = await buildWorldTemplate({ turnout, parties }, { builds: [['--json'], ['--offline', '--json']] });
  });
  afterAll(() => template?.close());
  beforeEach(async () => {
    world = await copyBuildWorld(template);
  });
  afterEach(() => world?.close());

  it('keeps the last site build when nothing changed, and publishes the same bytes', async () => {
    const [first, offline] = template.runs.map(resultOf);
    expect(first?.site?.reused).toBe(false);
    // The first --offline build differs in its build information (offline, the data's age): built anew.
    expect(offline?.site?.reused).toBe(false);
    const before = await hashes(world.distDir);
    const again = await build(['--offline']);
    expect(again.site?.reused).toBe(true);
    expect(await hashes(world.distDir)).toEqual(before);
  });

  it('builds anew with --rebuild-site, to the same bytes', async () => {
    const before = await hashes(world.distDir);
    expect((await build(['--offline', '--rebuild-site'])).site?.reused).toBe(false);
    expect(await hashes(world.distDir)).toEqual(before);
  });

  it('builds anew when the kept site folder was altered, and publishes the pages as they should be', async () => {
    const before = await hashes(world.distDir);
    const kept = path.join(world.cacheDir, 'stages', 'site', 'index.html');
    await writeFile(kept, '<!doctype html><title>tampered</title>');
    // The live site holds copies, not links, of the kept folder's files: the change does not reach it.
    expect(await hashes(world.distDir)).toEqual(before);
    expect((await build(['--offline'])).site?.reused).toBe(false);
    expect(await hashes(world.distDir)).toEqual(before);
  });

  it('builds anew when the data changed upstream', async () => {
    const changed = turnout.map((record, index) =>
      index === 0 ? { ...record, [sourceOfColumn(turnoutDataset, 'regency_name')]: 'KABUPATEN CONTOH BARU' } : record,
    );
    world.upstream.setData('turnout', changed);
    const result = await build([]);
    expect(result.site?.reused).toBe(false);
    expect(result.release?.changed).toBe(true);
    const page = (await readAllFiles(world.distDir)).find(
      ([name, content]) => name.endsWith('.html') && content.includes('KABUPATEN CONTOH BARU'),
    );
    expect(page, 'a page naming the changed regency').toBeDefined();
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
