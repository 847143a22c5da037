// Values of another JSON type and a change of the upstream's schema, with the real build command against the stand-in
// on top of a good published release: counts sent as JSON integers are published exactly (the same bytes in every
// normalized format as counts sent as strings), kept as sent in the raw file and noted; a count sent as any other
// JSON number, and a rule broken by most records of a dataset, stop the build with their own codes and dist/ byte for
// byte as it was, also without --strict.
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QualityReport } from '../../scripts/check/quality-check.ts';
import { rawNumberValue } from '../../scripts/upstream/hostile-bodies.ts';
import { createHostileSwitch } from '../../scripts/upstream/hostile-envelopes.ts';
import {
  copyBuildWorld,
  publishTestData,
  queryDuckDb,
  sha256,
  sharedWorldTemplate,
  type BuildWorld,
  type BuildWorldTemplate,
} from '../support/build-fixtures.ts';
import { distState, errorOf } from '../support/dist-state.ts';
import { TEST_KEY } from '../support/harvest-fixtures.ts';

const TURNOUT_STEM = 'kpu-dpr-turnout-by-sex';

let template: BuildWorldTemplate;

beforeAll(async () => {
  template = await sharedWorldTemplate('publish-good', publishTestData());
}, 300_000);

describe('counts sent as JSON integers', () => {
  let world: BuildWorld;
  let stdout: string;
  const dataFile = (root: string, relative: string): string => path.join(root, 'dist', 'data', relative);

  beforeAll(async () => {
    world = await copyBuildWorld(template, os.tmpdir(), { countFormat: 'number' });
    const run = await world.build();
    expect(run.code, run.stderr).toBe(0);
    stdout = `${run.stdout}${run.stderr}`;
  }, 300_000);
  afterAll(() => world?.close());

  it('are published exactly: the same JSON and CSV bytes and Parquet rows as counts sent as strings', async () => {
    for (const year of ['2024', 'all-years']) {
      for (const suffix of ['.json', '.csv']) {
        const name = `${year}/${TURNOUT_STEM}-${year}${suffix}`;
        const [sent, strings] = await Promise.all([
          readFile(dataFile(world.root, name)),
          readFile(dataFile(template.root, name)),
        ]);
        expect(sha256(sent), name).toBe(sha256(strings));
      }
      // The Parquet files' metadata names their release; their rows must be the same, both ways.
      const [sent, strings] = [world.root, template.root].map((root) =>
        dataFile(root, `${year}/${TURNOUT_STEM}-${year}.parquet`),
      );
      const differing = await queryDuckDb(
        `SELECT count(*)::INTEGER AS n FROM ((FROM '${sent}' EXCEPT ALL FROM '${strings}') UNION ALL (FROM '${strings}' EXCEPT ALL FROM '${sent}'))`,
      );
      expect(differing).toEqual([{ n: 0 }]);
    }
    const records = JSON.parse(
      await readFile(dataFile(world.root, `2024/${TURNOUT_STEM}-2024.json`), 'utf8'),
    ) as Record<string, unknown>[];
    const served = world.upstream.getData('turnout');
    expect(records.map((record) => record.total_voters)).toEqual(
      served.map((record) => Number(record.JumlahSeluruhPenggunaHakPilih)),
    );
    const [parquet] = await queryDuckDb(
      `SELECT count(*)::INTEGER AS records, count(total_voters)::INTEGER AS given, sum(total_voters)::DOUBLE AS voters FROM '${dataFile(world.root, `2024/${TURNOUT_STEM}-2024.parquet`)}'`,
    );
    expect(parquet).toEqual({
      records: served.length,
      given: served.length,
      voters: served.reduce((sum, record) => sum + Number(record.JumlahSeluruhPenggunaHakPilih), 0),
    });
  });

  it('keeps the numbers as sent in the raw file', async () => {
    const raw = await readFile(dataFile(world.root, `2024/${TURNOUT_STEM}-2024.raw.json`), 'utf8');
    const first = world.upstream.getData('turnout')[0] as Record<string, string>;
    expect(raw).toContain(`"JumlahSeluruhPenggunaHakPilih":${first.JumlahSeluruhPenggunaHakPilih}`);
    expect(raw).not.toContain(`"JumlahSeluruhPenggunaHakPilih":"`);
  });

  it('notes how many values of which field came as numbers: quality report, manifest and log', async () => {
    const served = world.upstream.getData('turnout').length;
    const quality = JSON.parse(await readFile(dataFile(world.root, 'quality-report.json'), 'utf8')) as QualityReport;
    const turnout = quality.datasets.find((dataset) => dataset.dataset === 'turnout');
    expect(turnout?.numberValues).toMatchObject({ JumlahSeluruhPenggunaHakPilih: served });
    expect(Object.keys(turnout?.numberValues ?? {})).toHaveLength(12);
    expect(quality.datasets.find((dataset) => dataset.dataset === 'parties')?.numberValues).toBeUndefined();
    const manifest = await world.readManifest();
    expect(manifest.quality.byDataset.turnout?.numberValues).toEqual(turnout?.numberValues);
    expect(manifest.quality.byDataset.parties?.numberValues).toBeUndefined();
    expect(await readFile(dataFile(world.root, 'quality-report.md'), 'utf8')).toContain(
      `| \`JumlahSeluruhPenggunaHakPilih\` | ${served} |`,
    );
    expect(stdout).toContain(`JumlahSeluruhPenggunaHakPilih ×${served}`);
  });

  it('shows the count of voters on the year page, never 0', async () => {
    const voters = world.upstream
      .getData('turnout')
      .reduce((sum, record) => sum + Number(record.JumlahSeluruhPenggunaHakPilih), 0);
    const page = await readFile(path.join(world.distDir, 'en', '2024', 'index.html'), 'utf8');
    expect(page).toContain(`In the 2024 election, ${voters.toLocaleString('en-US')} people voted`);
  });
});

describe('a build on top of a good release, against counts that are not given exactly', () => {
  const hostile = createHostileSwitch();
  let world: BuildWorld;

  beforeAll(async () => {
    world = await copyBuildWorld(template, os.tmpdir(), { hostile: hostile.answer });
  }, 300_000);
  afterAll(() => world?.close());

  /** A failed build of the world: its error, after proving dist/ unchanged and the key nowhere in the output. */
  async function failedBuild(args: string[], env: Record<string, string> = {}): Promise<ReturnType<typeof errorOf>> {
    const before = await distState(world.distDir);
    // A failed build leaves its partial harvest to resume; each case starts from none.
    await rm(path.join(world.cacheDir, 'harvest', 'partial'), { recursive: true, force: true });
    const failed = await world.build(['--json', ...args], env);
    expect(failed.code, failed.stderr).toBe(4);
    expect(`${failed.stdout}${failed.stderr}`).not.toContain(TEST_KEY);
    expect(await distState(world.distDir)).toEqual(before);
    return errorOf(failed);
  }

  it.each([
    ['1.5', 'a fraction'],
    ['-3', 'a negative'],
    ['1e400', 'beyond a double'],
    ['12345678901234567890', 'an integer beyond 2^53'],
    ['12345.0', 'a whole number written with a fraction'],
  ])('JumlahSeluruhPenggunaHakPilih = %s (%s): exit 4, UPSTREAM_NUMBER_INEXACT, dist/ unchanged', async (number) => {
    hostile.set(rawNumberValue('JumlahSeluruhPenggunaHakPilih', number, { dataset: 'turnout', offset: 0 }));
    try {
      const error = await failedBuild([]);
      expect(error).toMatchObject({ code: 'UPSTREAM_NUMBER_INEXACT', stage: 'check', exitCode: 4 });
      expect(error.message).toContain(`turnout: 1 count sent as a JSON number that is not an exact count`);
      expect(error.message).toContain(`JumlahSeluruhPenggunaHakPilih = ${number} (record 0)`);
    } finally {
      hostile.set(undefined);
    }
  });

  it('counts grouped with dots ("1.234.567") in most records: exit 4, UPSTREAM_SCHEMA_CHANGED, without --strict', async () => {
    const drifted = await copyBuildWorld(template, os.tmpdir(), { countFormat: 'grouped' });
    try {
      const before = await distState(drifted.distDir);
      const failed = await drifted.build(['--json']);
      expect(failed.code, failed.stderr).toBe(4);
      const error = errorOf(failed);
      expect(error).toMatchObject({ code: 'UPSTREAM_SCHEMA_CHANGED', stage: 'check', exitCode: 4 });
      const records = drifted.upstream.getData('turnout').length;
      expect(error.message).toContain(`turnout/count-digits broken by ${records} of ${records} records`);
      expect(error.message).not.toContain('parties/');
      expect(await distState(drifted.distDir)).toEqual(before);
    } finally {
      await drifted.close();
    }
  });
});
