// The changelog page and the per-page change histories, from the release stage's releases.json and history.json:
// values written out as the pages write them, the limits that keep a page under its weight budget, and which
// entries belong to which page.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QualityReport } from '../../scripts/check/quality-check.ts';
import type { HistoryEntry, ReleaseEntry } from '../../scripts/release/release-stage.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';
import {
  changelog,
  clipValue,
  dapilHistory,
  formatChangeValue,
  profileHistory,
  releaseAnchor,
} from '../../scripts/site/site-changes.ts';
import { buildSiteData, type SiteRecord } from '../../scripts/site/site-data.ts';
import { readReleaseFiles } from '../../scripts/site/release-files.ts';

describe('the changelog and the change histories', () => {
  const release = (id: string): ReleaseEntry => ({
    id,
    harvestedAt: `${id.slice(0, 10)}T03:00:00.000Z`,
    fingerprint: 'f',
    records: { turnout: 2, parties: 1 },
  });
  const turnoutChange = (
    release: string,
    dapilId: string,
    regency: string,
    fields: HistoryEntry['fields'],
    year = 2024,
  ): HistoryEntry => ({
    release,
    harvestedAt: `${release.slice(0, 10)}T03:00:00.000Z`,
    dataset: 'turnout',
    kind: 'changed',
    year,
    key: { election_year: year, election_type: 'DPR', dapil_id: dapilId, regency_name: regency },
    fields,
  });
  const partyChange = (
    release: string,
    ballot: string,
    kind: HistoryEntry['kind'],
    fields: HistoryEntry['fields'] = [],
  ): HistoryEntry => ({
    release,
    harvestedAt: `${release.slice(0, 10)}T03:00:00.000Z`,
    dataset: 'parties',
    kind,
    year: 2024,
    key: { election_year: 2024, ballot_number: ballot },
    fields,
  });
  const site = (releases: ReleaseEntry[], history: HistoryEntry[]) => {
    const manifest = {
      years: [2024],
      harvest: { harvestId: 'h', finishedAt: '2026-03-01T03:00:00.000Z' },
      release: { id: releases.at(-1)?.id ?? 'h', previous: null, fingerprint: 'f', new: true, path: 'releases/x/' },
    } as unknown as SnapshotManifest;
    const turnout = ['A', 'B'].map((regency, position): SiteRecord => ({
      dataset: 'turnout',
      position,
      values: { election_year: 2024, dapil_id: '0101', dapil_name: 'D I', regency_name: regency },
    }));
    const parties: SiteRecord[] = [
      {
        dataset: 'parties',
        position: 0,
        values: { election_year: 2024, ballot_number: '1', party_name: 'Partai Satu' },
      },
    ];
    return buildSiteData(
      manifest,
      { datasets: [] } as unknown as QualityReport,
      { turnout, parties },
      ['manifest.json'],
      { releases, history },
    );
  };

  it('writes values the way the pages do, an empty one as "(kosong)" / "(empty)", and clips the longest', () => {
    expect(formatChangeValue('id', 'turnout', 'dpk_male', 12345)).toBe('12.345');
    expect(formatChangeValue('en', 'turnout', 'dpk_male', 12345)).toBe('12,345');
    expect(formatChangeValue('en', 'turnout', 'election_year', 2024)).toBe('2024');
    expect(formatChangeValue('id', 'parties', 'women_representation_pct', 30.5)).toBe('30,5');
    expect(formatChangeValue('id', 'parties', 'notarial_deed_date', '2008-02-06')).toBe('6 Februari 2008');
    expect(formatChangeValue('id', 'parties', 'general_chair', null)).toBe('(kosong)');
    expect(formatChangeValue('en', 'parties', 'general_chair', '  ')).toBe('(empty)');
    expect(formatChangeValue('en', 'turnout', 'quality_flags', [])).toBe('(empty)');
    expect(formatChangeValue('en', 'turnout', 'quality_flags', ['a', 'b'])).toBe('a, b');
    expect(clipValue('x'.repeat(300))).toBe(`${'x'.repeat(199)}…`);
    expect(clipValue('pendek')).toBe('pendek');
    expect(releaseAnchor('2026-11-22.2')).toBe('r-2026-11-22-2');
  });

  it('lists releases newest first with first, changed and nothing-changed releases, within the limits', () => {
    const releases = ['2026-01-01', '2026-02-01', '2026-02-15', '2026-03-01'].map(release);
    const history = [
      ...Array.from({ length: 30 }, (_, index) =>
        turnoutChange('2026-02-01', '0101', `R${index}`, [
          { field: 'dpk_male', old: index, new: index + 1 },
          { field: 'total_male', old: 1000, new: 1001 },
        ]),
      ),
      partyChange('2026-03-01', '1', 'changed', [{ field: 'general_chair', old: 'Lama', new: null }]),
      partyChange('2026-03-01', '7', 'removed'),
    ];
    const full = changelog(site(releases, history), 'en');
    expect(full.current).toMatchObject({ id: '2026-03-01', unchanged: false });
    expect(full.releases.map((entry) => [entry.id, entry.status, entry.previous, entry.current])).toEqual([
      ['2026-03-01', 'changed', '2026-02-15', true],
      ['2026-02-15', 'nothing', '2026-02-01', false],
      ['2026-02-01', 'changed', '2026-01-01', false],
      ['2026-01-01', 'first', null, false],
    ]);
    const parties = full.releases[0]?.groups.find((group) => group.dataset === 'parties');
    expect(parties).toMatchObject({
      added: 0,
      removed: 1,
      changed: 1,
      counts: '0 added, 1 removed, 1 changed',
      note: null,
    });
    expect(
      parties?.rows.map((row) => [
        row.kindText,
        row.record.label,
        row.record.page,
        row.field?.name ?? null,
        row.old,
        row.new,
      ]),
    ).toEqual([
      [
        'changed',
        '2024 · ballot number 1 · Partai Satu',
        { kind: 'profile', dataset: 'parties', year: 2024, id: '1' },
        'general_chair',
        'Lama',
        '(empty)',
      ],
      ['removed', '2024 · ballot number 7', null, null, null, null],
    ]);

    // Rows are counted per changed field, a record is never split, and the page's rows run out.
    const capped = changelog(site(releases, history), 'id', { releases: 3, rowsPerDataset: 11, rowsPerPage: 12 });
    expect(capped.releases.map((entry) => entry.id)).toEqual(['2026-03-01', '2026-02-15', '2026-02-01']);
    expect(capped.older).toBe(1);
    const turnout = capped.releases[2]?.groups.find((group) => group.dataset === 'turnout');
    expect(turnout?.rows).toHaveLength(10);
    expect(turnout?.rows[0]).toMatchObject({
      record: { label: '2024 · dapil 0101 · R0', page: { kind: 'dapil', year: 2024, dapilId: '0101' } },
      old: '0',
      new: '1',
    });
    expect(turnout?.note).toBe('5 rekaman pertama dari 30 yang berubah ditampilkan; semuanya ada di history.json.');
    const none = changelog(site(releases, history), 'en', {
      releases: 3,
      rowsPerDataset: 11,
      rowsPerPage: 2,
    }).releases[2]?.groups.find((group) => group.dataset === 'turnout');
    expect(none?.rows).toEqual([]);
    expect(none?.note).toBe(
      'The changes of 30 records are only counted here, to keep the page light; all are in history.json.',
    );
  });

  it('gives a dapil page the changes of its regencies and a party page those of its ballot number, newest first', () => {
    const releases = ['2026-01-01', '2026-02-01', '2026-03-01'].map(release);
    const history = [
      turnoutChange('2026-02-01', '0101', 'A', [{ field: 'dpk_male', old: 1, new: 2 }]),
      turnoutChange('2026-02-01', '0102', 'C', [{ field: 'dpk_male', old: 1, new: 2 }]),
      turnoutChange('2026-02-01', '0101', 'A', [{ field: 'dpk_male', old: 1, new: 2 }], 2019),
      turnoutChange('2026-03-01', '0101', 'B', [{ field: 'total_male', old: 1000, new: 2000 }]),
      partyChange('2026-03-01', '1', 'added'),
      partyChange('2026-03-01', '2', 'changed', [{ field: 'general_chair', old: 'X', new: 'Y' }]),
    ];
    const data = site(releases, history);
    const dapil = dapilHistory(data, 'id', data.dapils[0] as (typeof data.dapils)[number]);
    expect(
      dapil.rows.map((row) => [row.release, row.releaseText, row.record.label, row.field?.name, row.old, row.new]),
    ).toEqual([
      ['2026-03-01', '2026-03-01 (1 Maret 2026)', 'B', 'total_male', '1.000', '2.000'],
      ['2026-02-01', '2026-02-01 (1 Februari 2026)', 'A', 'dpk_male', '1', '2'],
    ]);
    expect(dapil).toMatchObject({ total: 2, first: '2026-01-01' });
    const party = profileHistory(data, 'en', data.partyViews[0] as (typeof data.partyViews)[number]);
    expect(party.rows.map((row) => [row.kind, row.field, row.anchor])).toEqual([['added', null, 'r-2026-03-01']]);
    expect(dapilHistory(data, 'en', data.dapils[0] as (typeof data.dapils)[number], 1)).toMatchObject({
      total: 2,
      rows: [{ record: { label: 'B' } }],
    });
    expect(dapilHistory(site(releases.slice(0, 1), []), 'en', data.dapils[0] as (typeof data.dapils)[number])).toEqual({
      rows: [],
      total: 0,
      first: '2026-01-01',
    });
  });

  it('reads releases.json and history.json, empty when absent, and refuses an entry of the wrong shape', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kpu-site-releases-'));
    try {
      expect(await readReleaseFiles(dir)).toEqual({ releases: [], history: [] });
      await writeFile(path.join(dir, 'releases.json'), JSON.stringify([release('2026-01-01')]));
      await writeFile(path.join(dir, 'history.json'), JSON.stringify([partyChange('2026-01-01', '1', 'added')]));
      expect(await readReleaseFiles(dir)).toMatchObject({
        releases: [{ id: '2026-01-01' }],
        history: [{ kind: 'added' }],
      });
      await writeFile(
        path.join(dir, 'history.json'),
        JSON.stringify([{ ...partyChange('2026-01-01', '1', 'changed'), fields: [{ field: 'x', old: {}, new: 1 }] }]),
      );
      await expect(readReleaseFiles(dir)).rejects.toThrow(/history.json .*entry 0 is not a change/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
