import { describe, expect, it } from 'vitest';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { compareRecords, keyColumnsOf } from '../../scripts/publish/change-report.ts';
import { nextReleaseId } from '../../scripts/publish/release-stage.ts';

const party = (ballot: string, name: string, chair: string | null, flags: string[] = []) => ({
  election_year: 2024,
  ballot_number: ballot,
  party_name: name,
  general_chair: chair,
  quality_flags: flags,
});

describe('compareRecords', () => {
  it('finds added, removed and changed records with the old and new value of each field', () => {
    const before = [party('1', 'Partai Contoh Satu', 'A'), party('2', 'Partai Contoh Dua', null), party('3', 'Partai Contoh Tiga', 'C')];
    const after = [party('1', 'Partai Contoh Satu', 'A'), party('2', 'Partai Contoh Dua', 'B'), party('4', 'Partai Contoh Empat', 'D')];
    const changes = compareRecords(partyDataset, before, after);
    expect(changes).toMatchObject({ added: 1, removed: 1, changed: 1 });
    expect(changes.changes).toEqual([
      { kind: 'changed', year: 2024, key: { election_year: 2024, ballot_number: '2' }, fields: [{ field: 'general_chair', old: null, new: 'B' }] },
      { kind: 'added', year: 2024, key: { election_year: 2024, ballot_number: '4' }, fields: [] },
      { kind: 'removed', year: 2024, key: { election_year: 2024, ballot_number: '3' }, fields: [] },
    ]);
  });

  it('ignores a change in the quality flags alone, and matches a repeated key by occurrence', () => {
    const before = [party('1', 'X', 'A'), party('1', 'Y', 'B')];
    const after = [party('1', 'X', 'A', ['key-unique']), party('1', 'Y', 'B2', ['key-unique'])];
    const changes = compareRecords(partyDataset, before, after);
    expect(changes.changes).toEqual([{ kind: 'changed', year: 2024, key: { election_year: 2024, ballot_number: '1' }, fields: [{ field: 'general_chair', old: 'B', new: 'B2' }] }]);
  });

  it('keys parties by year and ballot number', () => {
    expect(keyColumnsOf(partyDataset)).toEqual(['election_year', 'ballot_number']);
  });
});

describe('nextReleaseId', () => {
  it('names a release after the retrieval day, numbering further releases that day', () => {
    expect(nextReleaseId('2026-11-22T03:00:00Z', [])).toBe('2026-11-22');
    expect(nextReleaseId('2026-11-22T09:00:00Z', ['2026-11-21', '2026-11-22'])).toBe('2026-11-22.2');
    expect(nextReleaseId('2026-11-22T10:00:00Z', ['2026-11-22', '2026-11-22.2'])).toBe('2026-11-22.3');
  });
});
