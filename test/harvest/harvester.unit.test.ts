// The harvester's live status line, as a person watching a long harvest on a terminal reads it.
import { describe, expect, it } from 'vitest';
import { UPSTREAM_DATASETS } from '../../scripts/datasets/datasets.ts';
import { describeProgress, type HarvestProgress } from '../../scripts/harvest/harvester.ts';

function progress(fields: Partial<Record<keyof HarvestProgress, [string, number | null][]>>): HarvestProgress {
  return {
    pages: new Map((fields.pages ?? []) as [string, number][]),
    records: new Map((fields.records ?? []) as [string, number][]),
    retries: new Map((fields.retries ?? []) as [string, number][]),
    totals: new Map(fields.totals ?? []),
  };
}

describe('describeProgress', () => {
  it('names every dataset, with nothing yet before its first page', () => {
    expect(describeProgress(progress({}), UPSTREAM_DATASETS)).toBe(
      'harvest turnout: 0 pages, 0 records · parties: 0 pages, 0 records',
    );
  });

  it('counts pages and records with thousands separators, against X-Total-Count when the upstream sends it', () => {
    const status = describeProgress(
      progress({
        pages: [
          ['turnout', 12],
          ['parties', 1],
        ],
        records: [
          ['turnout', 12_000],
          ['parties', 59],
        ],
        totals: [
          ['turnout', 1_048_576],
          ['parties', null],
        ],
      }),
      UPSTREAM_DATASETS,
    );
    expect(status).toBe('harvest turnout: 12 pages, 12,000 of 1,048,576 records · parties: 1 page, 59 records');
  });

  it('adds the retries of all datasets together, once there are any', () => {
    const status = describeProgress(
      progress({
        pages: [['turnout', 2]],
        records: [['turnout', 2000]],
        retries: [
          ['turnout', 2],
          ['parties', 1],
        ],
      }),
      UPSTREAM_DATASETS,
    );
    expect(status).toBe('harvest turnout: 2 pages, 2,000 records · parties: 0 pages, 0 records · 3 retries');
    expect(describeProgress(progress({ retries: [['turnout', 0]] }), UPSTREAM_DATASETS)).not.toContain('retries');
  });
});
