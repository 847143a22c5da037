// The pure parts of releasing: names never given twice and always in order, the check that a release history
// holds together, and the shrink guard's arithmetic at the tolerance's edge.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkReleaseHistory,
  compareReleaseIds,
  fingerprintOf,
  nextReleaseId,
  type ReleaseEntry,
} from '../../scripts/release/release-history.ts';
import { describeShrink, findShrinks, type ShrinkFinding } from '../../scripts/release/shrink-guard.ts';
import type { PublishedFile, SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';

/** A fingerprint as fingerprintOf gives it: 64 hex digits, of which a release name carries the first 8. */
const FINGERPRINT = '5b0d77aa'.padEnd(64, '0');

describe('release names', () => {
  it('never gives a name seen anywhere, and always sorts after every used one', () => {
    // An unlisted "2026-11-23.3" (a folder, an archived name): the next release is ".4", not ".2".
    expect(nextReleaseId('2026-11-23T10:00:00Z', ['2026-11-23', '2026-11-23.3'], FINGERPRINT)).toBe(
      '2026-11-23.4-5b0d77aa',
    );
    // A harvest older than the newest release takes the newest release's day.
    expect(nextReleaseId('2026-11-20T10:00:00Z', ['2026-11-19', '2026-11-22'], FINGERPRINT)).toBe(
      '2026-11-22.2-5b0d77aa',
    );
    expect(nextReleaseId('2026-11-24T00:00:01Z', ['2026-11-22', '2026-11-23.9'], FINGERPRINT)).toBe(
      '2026-11-24-5b0d77aa',
    );
    // Names of older publishers (no digest) and of this one number one sequence.
    expect(nextReleaseId('2026-11-23T10:00:00Z', ['2026-11-23', '2026-11-23.2-3f9a1c0e'], FINGERPRINT)).toBe(
      '2026-11-23.3-5b0d77aa',
    );
    // A demo build's: never a real build's name, numbered and ordered with them.
    expect(nextReleaseId('2026-11-24T00:00:01Z', [], FINGERPRINT, true)).toBe('2026-11-24-demo-5b0d77aa');
    expect(nextReleaseId('2026-11-24T10:00:00Z', ['2026-11-24-demo-3f9a1c0e'], FINGERPRINT, true)).toBe(
      '2026-11-24-demo.2-5b0d77aa',
    );
    expect(nextReleaseId('2026-11-24T10:00:00Z', ['2026-11-24-demo.2-3f9a1c0e'], FINGERPRINT)).toBe(
      '2026-11-24.3-5b0d77aa',
    );
    expect(compareReleaseIds('2026-11-23.10', '2026-11-23.9')).toBeGreaterThan(0);
    expect(compareReleaseIds('2026-11-23', '2026-11-23.2')).toBeLessThan(0);
    expect(compareReleaseIds('2026-11-23.10-3f9a1c0e', '2026-11-23.9-5b0d77aa')).toBeGreaterThan(0);
    expect(compareReleaseIds('2026-11-23.2', '2026-11-23.3-3f9a1c0e')).toBeLessThan(0);
  });

  it('names a release with the digest of its data, so a new history never gives an old name to other data', () => {
    // The history that held "2026-11-23-3f9a1c0e" is lost; a build that knows nothing of it names other data.
    const lost = nextReleaseId('2026-11-23T08:00:00Z', [], '3f9a1c0e'.padEnd(64, '1'));
    const other = nextReleaseId('2026-11-23T09:00:00Z', [], FINGERPRINT);
    expect(lost).toBe('2026-11-23-3f9a1c0e');
    expect(other).toBe('2026-11-23-5b0d77aa');
    // The same data, though, gets the same name.
    expect(nextReleaseId('2026-11-23T09:30:00Z', [], '3f9a1c0e'.padEnd(64, '2'))).toBe(lost);
  });
});

function manifestOf(release: string, files: PublishedFile[]): SnapshotManifest {
  const manifest = {
    files,
    datasets: [],
    release: { id: release, previous: null, fingerprint: '', new: true, path: `releases/${release}/` },
  } as unknown as SnapshotManifest;
  (manifest.release as { fingerprint: string }).fingerprint = fingerprintOf(manifest);
  return manifest;
}

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

/** A data folder with these release folders (each manifest naming `names[id]`, default the folder) and this list. */
async function historyWith(folders: string[], listed: string[], names: Record<string, string> = {}): Promise<string> {
  root = await mkdtemp(path.join(os.tmpdir(), 'kpu-history-'));
  const entries: ReleaseEntry[] = [];
  for (const id of folders) {
    const manifest = manifestOf(names[id] ?? id, []);
    await mkdir(path.join(root, 'releases', id), { recursive: true });
    await writeFile(path.join(root, 'releases', id, 'manifest.json'), JSON.stringify(manifest));
  }
  for (const id of listed)
    entries.push({
      id,
      harvestedAt: `${id.slice(0, 10)}T00:00:00Z`,
      fingerprint: manifestOf(names[id] ?? id, []).release?.fingerprint ?? '',
      records: {},
    });
  await writeFile(path.join(root, 'releases.json'), JSON.stringify(entries));
  return root;
}

describe('checkReleaseHistory', () => {
  it('accepts a history whose list and folders agree', async () => {
    const dir = await historyWith(
      ['2026-11-22', '2026-11-22.2', '2026-11-23'],
      ['2026-11-22', '2026-11-22.2', '2026-11-23'],
    );
    expect(await checkReleaseHistory(dir, { verifyFiles: true })).toMatchObject({
      ok: true,
      value: [{ id: '2026-11-22' }, { id: '2026-11-22.2' }, { id: '2026-11-23' }],
    });
  });

  it.each<[string, string[], string[], Record<string, string>, string]>([
    ['an unlisted folder', ['2026-11-22', '2026-11-22.3'], ['2026-11-22'], {}, '2026-11-22.3, which'],
    ['a listed release with no folder', ['2026-11-22'], ['2026-11-22', '2026-11-23'], {}, 'lists 2026-11-23, which'],
    ['a name listed twice', ['2026-11-22'], ['2026-11-22', '2026-11-22'], {}, 'lists release 2026-11-22 twice'],
    ['releases out of order', ['2026-11-22', '2026-11-23'], ['2026-11-23', '2026-11-22'], {}, 'after 2026-11-23'],
    [
      'a folder whose manifest names another release',
      ['2026-11-22', '2026-11-23'],
      ['2026-11-22', '2026-11-23'],
      { '2026-11-23': '2026-11-22' },
      'names release 2026-11-22, not 2026-11-23',
    ],
  ])('refuses %s', async (_what, folders, listed, names, reason) => {
    const dir = await historyWith(folders, listed);
    if (Object.keys(names).length > 0) {
      for (const [id, named] of Object.entries(names))
        await writeFile(path.join(dir, 'releases', id, 'manifest.json'), JSON.stringify(manifestOf(named, [])));
    }
    const checked = await checkReleaseHistory(dir, { verifyFiles: false });
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.reason).toContain(reason);
  });

  it('refuses a release whose files do not match its manifest, when asked to verify files', async () => {
    const dir = await historyWith(['2026-11-22'], ['2026-11-22']);
    const file: PublishedFile = {
      path: 'a.json',
      dataset: null,
      year: 'all',
      format: 'json',
      mediaType: 'application/json',
      bytes: 2,
      records: null,
      sha256: '0'.repeat(64),
    };
    const manifest = manifestOf('2026-11-22', [file]);
    await writeFile(path.join(dir, 'releases', '2026-11-22', 'manifest.json'), JSON.stringify(manifest));
    await writeFile(path.join(dir, 'releases', '2026-11-22', 'a.json'), '[]');
    await writeFile(
      path.join(dir, 'releases.json'),
      JSON.stringify([{ id: '2026-11-22', harvestedAt: '', fingerprint: manifest.release?.fingerprint, records: {} }]),
    );
    expect((await checkReleaseHistory(dir, { verifyFiles: false })).ok).toBe(true);
    const checked = await checkReleaseHistory(dir, { verifyFiles: true });
    expect(checked.ok ? '' : checked.reason).toContain('a.json does not match its size or SHA-256');
  });
});

/** A manifest with per-year JSON files of one dataset (turnout unless named): `{year: records}`. */
function countsManifest(counts: Record<number, number>, dataset = 'turnout'): SnapshotManifest {
  const files = Object.entries(counts).map(([year, records]) => ({
    path: `${year}/t.json`,
    dataset,
    year: Number(year),
    format: 'json',
    records,
  }));
  const total = Object.values(counts).reduce((sum, records) => sum + records, 0);
  return { files, datasets: [{ id: dataset, records: total }] } as unknown as SnapshotManifest;
}

/** The published release "r1" with these counts, as the release stage hands it to the shrink guard. */
const published = (...args: Parameters<typeof countsManifest>) => [{ id: 'r1', manifest: countsManifest(...args) }];

describe('findShrinks', () => {
  it('lets exactly the tolerated share go, and names a year lost beyond it or gone', () => {
    expect(findShrinks(published({ 2019: 100, 2024: 50 }), countsManifest({ 2019: 90, 2024: 50 }), 10)).toEqual([]);
    expect(findShrinks(published({ 2019: 100, 2024: 50 }), countsManifest({ 2019: 89, 2024: 51 }), 10)).toEqual([
      { dataset: 'turnout', year: 2019, kind: 'year-shrank', before: 100, after: 89, lostPercent: 11 },
    ]);
    expect(findShrinks(published({ 2019: 100, 2024: 50 }), countsManifest({ 2024: 150 }), 10)).toEqual([
      { dataset: 'turnout', year: 2019, kind: 'year-gone', before: 100, after: 0, lostPercent: 100 },
    ]);
    expect(findShrinks(published({ 2019: 100 }), countsManifest({ 2019: 1 }), 100)).toEqual([]);
  });

  it('leaves out the datasets the project ships: the official dapils follow the harvest’s years, nothing to shrink', () => {
    expect(
      findShrinks(published({ 2019: 515, 2024: 515 }, 'dapils'), countsManifest({ 2024: 515 }, 'dapils'), 10),
    ).toEqual([]);
    expect(findShrinks(published({ 2019: 20 }, 'parties'), countsManifest({ 2024: 20 }, 'parties'), 10)).toEqual([
      { dataset: 'parties', year: 2019, kind: 'year-gone', before: 20, after: 0, lostPercent: 100 },
    ]);
  });

  it('compares each year with its largest count in the recent releases, so losses spread over releases add up', () => {
    // Three releases each losing 8 % of 100 records: 100 → 92 → 85 → 78 (22 % in all).
    const recent = [
      { id: 'r3', manifest: countsManifest({ 2019: 85, 2024: 50 }) },
      { id: 'r2', manifest: countsManifest({ 2019: 92, 2024: 50 }) },
      { id: 'r1', manifest: countsManifest({ 2019: 100, 2024: 50 }) },
    ];
    expect(findShrinks(recent.slice(0, 1), countsManifest({ 2019: 78, 2024: 50 }), 10)).toEqual([]);
    expect(findShrinks(recent, countsManifest({ 2019: 78, 2024: 50 }), 10)).toEqual([
      { dataset: 'turnout', year: 2019, kind: 'year-shrank', before: 100, after: 78, lostPercent: 22, release: 'r1' },
    ]);
    expect(describeShrink(findShrinks(recent, countsManifest({ 2019: 78, 2024: 50 }), 10)[0] as ShrinkFinding)).toBe(
      'turnout 2019: 100 → 78 records (−22%, shrank since release r1)',
    );
    // A count from the latest release is not named with its release.
    expect(findShrinks(recent, countsManifest({ 2019: 89 }), 10)).toEqual([
      { dataset: 'turnout', year: 2019, kind: 'year-shrank', before: 100, after: 89, lostPercent: 11, release: 'r1' },
      { dataset: 'turnout', year: 2024, kind: 'year-gone', before: 50, after: 0, lostPercent: 100 },
    ]);
  });
});
