// The shrink guard with the real build command: a harvest that lost a year, a dataset, or more than the tolerated
// share of a year's records (or a dataset with no records at all, even on a first build) stops with RELEASE_SHRANK
// in the release stage and leaves dist/ byte for byte as it was; --accept-shrink publishes it, and the change report
// (changes.json and the Markdown summary) says what was accepted.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import type { ChangesDocument } from '../../scripts/release/release-stage.ts';
import {
  copyBuildWorld,
  createBuildWorld,
  publishTestData,
  sharedWorldTemplate,
  type BuildWorld,
  type BuildWorldTemplate,
} from '../support/build-fixtures.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { distState, errorOf } from '../support/dist-state.ts';
import { laterReleaseName } from '../support/release-checks.ts';

// The publish tests' data (6 dapils × 3 regencies: 18 turnout records of 2024; 8 parties in 2019 and in 2024).
const data = publishTestData;

const readChanges = async (world: BuildWorld): Promise<ChangesDocument> =>
  JSON.parse(await readFile(path.join(world.distDir, 'data/changes.json'), 'utf8')) as ChangesDocument;

// The first two tests start from one good build of data(), copied into each: the publish tests' template, built once
// by whichever file asks first (sharedWorldTemplate).
let template: BuildWorldTemplate;
beforeAll(async () => {
  template = await sharedWorldTemplate('publish-good', data());
});

let world: BuildWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe('the shrink guard', () => {
  it('refuses a harvest that lost a whole election year, leaving dist/ as it was, and publishes it with --accept-shrink', async () => {
    world = await copyBuildWorld(template);
    const firstRelease = (await world.readManifest()).release?.id;
    const parties = world.upstream.getData('parties') as RawRecord[];
    world.upstream.setData(
      'parties',
      parties.filter((record) => record.tahunPemilu !== '2019'),
    );
    const before = await distState(world.distDir);

    const refused = await world.build(['--json']);
    expect(refused.code, refused.stderr).toBe(8);
    const error = errorOf(refused);
    expect(error).toMatchObject({ code: 'RELEASE_SHRANK', stage: 'release', exitCode: 8 });
    expect(error.message).toContain(`release ${firstRelease}`);
    expect(error.message).toContain('parties 2019: 8 → 0 records');
    expect(error.hint).toContain('--accept-shrink');
    expect(await distState(world.distDir)).toEqual(before);

    const accepted = await world.build(['--json', '--accept-shrink']);
    expect(accepted.code, accepted.stderr).toBe(0);
    const summary = (JSON.parse(accepted.stdout) as { release: { id: string; summary: string } }).release;
    expect(summary.id).toMatch(laterReleaseName(firstRelease ?? '', 2));
    expect(summary.summary).toContain('**Shrink accepted**');
    expect(summary.summary).toContain('- parties 2019: 8 → 0 records (−100%, year gone)');
    expect((await readChanges(world)).shrink).toEqual({
      accepted: true,
      tolerancePercent: 10,
      findings: [{ dataset: 'parties', year: 2019, kind: 'year-gone', before: 8, after: 0, lostPercent: 100 }],
    });
  });

  it('refuses losing more than KPU_SHRINK_TOLERANCE of a year, and lets a smaller loss through', async () => {
    world = await copyBuildWorld(template);
    const turnout = world.upstream.getData('turnout') as RawRecord[];
    // 3 of 18 records gone: 16.7 %, beyond the default 10 %.
    world.upstream.setData('turnout', turnout.slice(3));
    const before = await distState(world.distDir);

    const refused = await world.build(['--json']);
    expect(refused.code, refused.stderr).toBe(8);
    expect(errorOf(refused).message).toContain('turnout 2024: 18 → 15 records (−16.7%, shrank)');
    expect(await distState(world.distDir)).toEqual(before);

    // Within a tolerance of 20 %: an ordinary new release, with no shrink in its report.
    const tolerated = await world.build(['--json'], { KPU_SHRINK_TOLERANCE: '20' });
    expect(tolerated.code, tolerated.stderr).toBe(0);
    const changes = await readChanges(world);
    expect(changes.shrink).toBeUndefined();
    expect(changes.datasets.find((dataset) => dataset.dataset === 'turnout')?.removed).toBe(3);
  });

  it('refuses a whole dataset gone, and a first build whose dataset harvested no records, unless accepted', async () => {
    world = await createBuildWorld({ ...data(), parties: [] });
    const refused = await world.build(['--json']);
    expect(refused.code, refused.stderr).toBe(8);
    expect(errorOf(refused)).toMatchObject({ code: 'RELEASE_SHRANK', stage: 'release' });
    expect(errorOf(refused).message).toContain('nothing published before');
    expect(errorOf(refused).message).toContain('parties: 0 → 0 records (−0%, no records harvested)');
    expect(existsSync(world.distDir)).toBe(false);

    const accepted = await world.build(['--accept-shrink']);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('First release');
    expect(accepted.stdout).toContain('- parties: 0 → 0 records (−0%, no records harvested)');
    expect((await readChanges(world)).shrink?.findings).toEqual([
      { dataset: 'parties', year: null, kind: 'empty', before: 0, after: 0, lostPercent: 0 },
    ]);

    // Then the parties come back, and the turnout goes: a dataset gone from a published release.
    world.upstream.setData('parties', data().parties);
    world.upstream.setData('turnout', []);
    const before = await distState(world.distDir);
    const gone = await world.build(['--json']);
    expect(gone.code, gone.stderr).toBe(8);
    expect(errorOf(gone).message).toContain('turnout: 18 → 0 records (−100%, dataset gone)');
    expect(await distState(world.distDir)).toEqual(before);
  });

  it('adds up a loss spread over releases (each year against its largest count in the last five releases)', async () => {
    // 25 turnout records of 2024, and the parties of two years with one record whose year the source sent as "2014 ".
    const parties = generatePartyRecords({ years: [2019, 2024], parties: 8, seed: 83 }) as RawRecord[];
    const unreadableYear: RawRecord = { ...(parties[0] as RawRecord), tahunPemilu: '2014 ', NomorUrutPartai: '99' };
    world = await createBuildWorld({
      turnout: generateTurnoutRecords({ years: [2024], dapils: 5, regenciesPerDapil: 5, seed: 83 }),
      parties: [...parties, unreadableYear],
    });
    const turnout = world.upstream.getData('turnout') as RawRecord[];
    const first = await world.build(['--json']);
    expect(first.code, first.stderr).toBe(0);
    const releaseOf = (result: { stdout: string }) =>
      (JSON.parse(result.stdout) as { release: { id: string; summary: string } }).release;
    const release1 = releaseOf(first).id;

    // A release losing 2 of the 2024 turnout records (8 %, within the 10 % tolerance), and renaming the chair of
    // every party, the one whose year is unreadable too.
    world.upstream.setData('turnout', turnout.slice(2));
    world.upstream.setData(
      'parties',
      [...parties, unreadableYear].map((record) => ({ ...record, KetuaUmum: `${String(record.KetuaUmum)} Baru` })),
    );
    const second = await world.build(['--json']);
    expect(second.code, second.stderr).toBe(0);
    const summary = releaseOf(second).summary;
    // 2 turnout records removed and 17 parties changed: 10 listed, and the summary says where the other 9 are.
    expect(summary.split('\n').filter((line) => / (added|removed|changed): /.test(line))).toHaveLength(10);
    expect(summary).toContain(
      `- … and 9 more changes: every change is in \`data/changes.json\` of release ${releaseOf(second).id}`,
    );
    // The unreadable year shows as the source gave it (quoted, its space visible), never as "(empty)".
    const changes = await readChanges(world);
    const unreadable = changes.datasets
      .find((dataset) => dataset.dataset === 'parties')
      ?.changes.find((change) => change.key.election_year === null);
    expect(unreadable).toMatchObject({ kind: 'changed', given: { election_year: '2014 ' } });
    expect(summary).not.toContain('(empty)');

    // Another 8 % (2 of the 23 left, 8.7 % of the release before): 16 % of the 25 of the first release, refused.
    world.upstream.setData('turnout', turnout.slice(4));
    const before = await distState(world.distDir);
    const refused = await world.build(['--json']);
    expect(refused.code, refused.stderr).toBe(8);
    expect(errorOf(refused)).toMatchObject({ code: 'RELEASE_SHRANK', stage: 'release' });
    expect(errorOf(refused).message).toContain(`and the 1 before it`);
    expect(errorOf(refused).message).toContain(
      `turnout 2024: 25 → 21 records (−16%, shrank since release ${release1})`,
    );
    expect(await distState(world.distDir)).toEqual(before);

    // Accepted, the loss is the measure from then on: the next 8 % (21 → 19, 24 % of the first) passes.
    const accepted = await world.build(['--json', '--accept-shrink']);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect((await readChanges(world)).shrink?.findings).toEqual([
      {
        dataset: 'turnout',
        year: 2024,
        kind: 'year-shrank',
        before: 25,
        after: 21,
        lostPercent: 16,
        release: release1,
      },
    ]);
    world.upstream.setData('turnout', turnout.slice(6));
    const after = await world.build();
    expect(after.code, after.stderr).toBe(0);
  }, 420_000);
});
