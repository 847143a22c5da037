// The CLI's summary of a harvest (describeResult in scripts/pipeline.ts): each dataset's line says what the query's
// filter showed of its end, confirmed or not, and nothing for a harvest stored without that evidence.
import { describe, expect, it } from 'vitest';
import type { EndEvidence } from '../../scripts/harvest/harvest-store.ts';
import { describeResult, type CommandResult } from '../../scripts/pipeline.ts';

function resultWith(end: EndEvidence | null): CommandResult {
  return {
    command: 'harvest',
    demo: false,
    harvest: {
      dir: '/cache/harvest/complete/h',
      harvestId: 'h',
      offline: false,
      startedAt: '2026-12-03T00:00:00.000Z',
      finishedAt: '2026-12-03T00:00:01.000Z',
      upstreamHost: 'upstream.example',
      resumed: false,
      attempts: 1,
      retries: 0,
      datasets: { turnout: { records: 1267, pages: 2, retries: 0, end } },
      warnings: [],
    },
  } as CommandResult;
}

const byValue = { parameter: 'id_dapil', valuesReturned: 1, recordsAnswered: 1267, unseenValuesAsked: 83 };
const lineOf = (end: EndEvidence | null) => describeResult(resultWith(end)).split('\n')[1];

describe("the harvest summary's line per dataset", () => {
  it('says what the filter confirmed, in numbers and words that agree', () => {
    const end = { emptyPageOffset: 1267, confirmed: true, byValue: { ...byValue, unanswered: null } };
    expect(lineOf(end)).toBe(
      '  turnout        1,267 records in 2 pages, confirmed by id_dapil: 1 value read again, 83 official values without records',
    );
  });

  it('says when the filter could not confirm it, and nothing without the evidence', () => {
    const end = { emptyPageOffset: 1267, confirmed: true, byValue: { ...byValue, unanswered: 'refused' } };
    expect(lineOf(end)).toBe('  turnout        1,267 records in 2 pages, not confirmed by id_dapil (see the warnings)');
    expect(lineOf(null)).toBe('  turnout        1,267 records in 2 pages');
  });
});
