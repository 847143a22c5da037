import { describe, expect, it } from 'vitest';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { compareRecords, keyColumnsOf } from '../../scripts/release/change-report.ts';
import { nextReleaseId, renderChangesMarkdown, type ChangesDocument } from '../../scripts/release/release-stage.ts';

const party = (
  ballot: string,
  name: string,
  chair: string | null,
  flags: string[] = [],
  year: number | null = 2024,
) => ({
  election_year: year,
  ballot_number: ballot,
  party_name: name,
  general_chair: chair,
  quality_flags: flags,
});

describe('compareRecords', () => {
  it('finds added, removed and changed records with the old and new value of each field', () => {
    const before = [
      party('1', 'Partai Contoh Satu', 'A'),
      party('2', 'Partai Contoh Dua', null),
      party('3', 'Partai Contoh Tiga', 'C'),
    ];
    const after = [
      party('1', 'Partai Contoh Satu', 'A'),
      party('2', 'Partai Contoh Dua', 'B'),
      party('4', 'Partai Contoh Empat', 'D'),
    ];
    const changes = compareRecords(partyDataset, before, after);
    expect(changes).toMatchObject({ added: 1, removed: 1, changed: 1 });
    expect(changes.changes).toEqual([
      {
        kind: 'changed',
        year: 2024,
        key: { election_year: 2024, ballot_number: '2' },
        fields: [{ field: 'general_chair', old: null, new: 'B' }],
      },
      { kind: 'added', year: 2024, key: { election_year: 2024, ballot_number: '4' }, fields: [] },
      { kind: 'removed', year: 2024, key: { election_year: 2024, ballot_number: '3' }, fields: [] },
    ]);
  });

  it('ignores a change in the quality flags alone, and matches a repeated key by occurrence', () => {
    const before = [party('1', 'X', 'A'), party('1', 'Y', 'B')];
    const after = [party('1', 'X', 'A', ['key-unique']), party('1', 'Y', 'B2', ['key-unique'])];
    const changes = compareRecords(partyDataset, before, after);
    expect(changes.changes).toEqual([
      {
        kind: 'changed',
        year: 2024,
        key: { election_year: 2024, ballot_number: '1' },
        fields: [{ field: 'general_chair', old: 'B', new: 'B2' }],
      },
    ]);
  });

  it('counts the changes per election year, oldest first and unreadable years last', () => {
    const before = [party('1', 'A', 'a', [], 2019), party('2', 'B', 'b', [], 2024), party('3', 'C', 'c', [], null)];
    const after = [party('1', 'A', 'a2', [], 2019), party('5', 'E', 'e', [], 2019), party('4', 'D', 'd', [], null)];
    const changes = compareRecords(partyDataset, before, after);
    expect(changes).toMatchObject({ added: 2, removed: 2, changed: 1 });
    expect(changes.years).toEqual([
      { year: 2019, added: 1, removed: 0, changed: 1 },
      { year: 2024, added: 0, removed: 1, changed: 0 },
      { year: null, added: 1, removed: 1, changed: 0 },
    ]);
  });

  it('keys parties by year and ballot number', () => {
    expect(keyColumnsOf(partyDataset)).toEqual(['election_year', 'ballot_number']);
  });
});

describe('nextReleaseId', () => {
  it('names a release after the retrieval day, numbering further releases that day', () => {
    const fingerprint = 'c0ffee00'.padEnd(64, '9');
    expect(nextReleaseId('2026-11-22T03:00:00Z', [], fingerprint)).toBe('2026-11-22-c0ffee00');
    expect(nextReleaseId('2026-11-22T09:00:00Z', ['2026-11-21', '2026-11-22'], fingerprint)).toBe(
      '2026-11-22.2-c0ffee00',
    );
    expect(nextReleaseId('2026-11-22T10:00:00Z', ['2026-11-22', '2026-11-22.2'], fingerprint)).toBe(
      '2026-11-22.3-c0ffee00',
    );
  });
});

describe('renderChangesMarkdown', () => {
  const document = (changed: boolean): ChangesDocument => {
    const datasets = [
      compareRecords(partyDataset, [party('1', 'A', 'a')], changed ? [party('1', 'A', 'b')] : [party('1', 'A', 'a')]),
    ];
    return { release: '2026-11-23', previousRelease: '2026-11-22', initial: false, changed, datasets };
  };

  it('lists the changes per dataset and election year', () => {
    const markdown = renderChangesMarkdown(document(true), false, true);
    expect(markdown).toContain('Changes since release 2026-11-22:');
    expect(markdown).toContain('| parties | 2024 | 0 | 0 | 1 |');
    expect(markdown).toContain('- parties changed: 2024 / 1 (general_chair: a → b)');
  });

  it('says nothing changed only when the data files are those of the published release', () => {
    const same = { ...document(false), release: '2026-11-22', previousRelease: '2026-11-21' };
    expect(renderChangesMarkdown(same, false, false)).toContain(
      'Nothing changed: the data is still that of release 2026-11-22',
    );
    // A new release whose records are all the same (reordered by the upstream, say) is not "nothing changed".
    const reordered = renderChangesMarkdown(document(false), false, true);
    expect(reordered).not.toContain('Nothing changed');
    expect(reordered).toContain(
      'New release: the data files differ from release 2026-11-22, but no record was added, removed or changed',
    );
  });

  it('announces a first release and demo data', () => {
    const first = { ...document(false), previousRelease: null, initial: true, datasets: [] };
    expect(renderChangesMarkdown(first, true, true)).toBe(
      '## Release 2026-11-23 (DEMO DATA, NOT REAL FIGURES)\n\nFirst release: nothing to compare with.',
    );
  });

  it('says how many changes it leaves out and where they are', () => {
    const before = Array.from({ length: 12 }, (_, index) => party(String(index + 1), 'P', 'a'));
    const after = before.map((record) => ({ ...record, general_chair: 'b' }));
    const markdown = renderChangesMarkdown(
      { ...document(true), datasets: [compareRecords(partyDataset, before, after)] },
      false,
      true,
    );
    expect(markdown.split('\n').filter((line) => line.startsWith('- parties changed: '))).toHaveLength(10);
    expect(markdown.split('\n').at(-1)).toBe(
      '- … and 2 more changes: every change is in `data/changes.json` of release 2026-11-23 (and in `data/history.json`).',
    );
    expect(renderChangesMarkdown(document(true), false, true)).not.toContain('more change');
  });

  it('shows a key value the source gave in a form that cannot be read as given, never as "(empty)"', () => {
    const changes = compareRecords(
      partyDataset,
      [party('7', 'P', 'a', ['year-format'], null)],
      [party('7', 'P', 'b', ['year-format'], null)],
      [{ tahunPemilu: '2014 ', NomorUrutPartai: '7' }],
      [{ tahunPemilu: '2014 ', NomorUrutPartai: '7' }],
    );
    expect(changes.changes[0]).toMatchObject({ key: { election_year: null }, given: { election_year: '2014 ' } });
    const markdown = renderChangesMarkdown({ ...document(true), datasets: [changes] }, false, true);
    expect(markdown).toContain('- parties changed: "2014 " (unreadable) / 7 (general_chair: a → b)');
  });
});
