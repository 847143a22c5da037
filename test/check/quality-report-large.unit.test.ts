// The quality report's Markdown with a violation on every record of a large harvest (the benchmark's 100,000-record
// build flagged each synthetic record against the official dapils and failed with "Maximum call stack size
// exceeded"): one row per violation, however many.
import { describe, expect, it } from 'vitest';
import { buildQualityReport, checkDataset, type QualityViolation } from '../../scripts/check/quality-check.ts';
import { renderQualityReportMarkdown } from '../../scripts/check/quality-report-markdown.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';

/** More rows than any call's arguments may hold on the default stack (spread into push(), they overflowed it). */
const VIOLATIONS = 1_000_000;

describe('renderQualityReportMarkdown, a million violations', () => {
  it('lists every violation', () => {
    const dataset = checkDataset(partyDataset, []).report;
    const violations: QualityViolation[] = Array.from({ length: VIOLATIONS }, (_, position) => ({
      ruleId: 'email-format',
      position,
      year: '2024',
      key: {},
      message: 'x',
      values: {},
    }));
    const markdown = renderQualityReportMarkdown(buildQualityReport([{ ...dataset, violations }]));
    expect(markdown.split('\n').filter((line) => line.includes('| 2024 | `email-format` |'))).toHaveLength(VIOLATIONS);
  });
});
