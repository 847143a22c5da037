// The quality report of a harvest that breaks rules on most of its records: a million violations once made the
// report too long for one JavaScript string (the benchmark's 1,000,000-record build crashed in the check stage with
// "Invalid string length"). Every violation is counted and every record flagged, but the report lists only the
// first VIOLATIONS_LISTED_PER_RULE of each rule by position; the Markdown says how many more there are.
import { describe, expect, it } from 'vitest';
import {
  buildQualityReport,
  checkDataset,
  listBrokenRules,
  VIOLATIONS_LISTED_PER_RULE,
  type QualityViolation,
} from '../../scripts/check/quality-check.ts';
import { renderQualityReportMarkdown } from '../../scripts/check/quality-report-markdown.ts';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';

/** More rows than any call's arguments may hold on the default stack (spread into push(), they overflowed it). */
const VIOLATIONS = 1_000_000;

describe('renderQualityReportMarkdown, a million violations', () => {
  it('lists every violation it is given', () => {
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

/**
 * `count` party records of 2024, each with a bad e-mail (a record rule); the ballot numbers repeat every `distinct`
 * records, so from then on every record also breaks key-unique (a dataset rule), as does the first of each number.
 */
function partyRecords(count: number, distinct: number): RawRecord[] {
  const template = Object.fromEntries(partyDataset.upstreamFields.map((field) => [field, '']));
  return Array.from({ length: count }, (_, position) => ({
    ...template,
    tahunPemilu: '2024',
    NomorUrutPartai: String(position % distinct),
    NamaPartai: `Partai ${position}`,
    Email: `not-an-email-${position}`,
  }));
}

describe('a harvest that breaks rules on every record', () => {
  const records = partyRecords(5000, 1500);
  const { flags, report } = checkDataset(partyDataset, records);

  it('flags every record with every rule it breaks and counts every violation', () => {
    expect(flags.every((recordFlags) => recordFlags.includes('email-format'))).toBe(true);
    expect(flags.filter((recordFlags) => recordFlags.includes('key-unique'))).toHaveLength(5000);
    expect(report.recordsFlagged).toBe(5000);
    // Each record's rules sorted, whichever rule found it first; one list for all the records that break the same
    // rules (a million records flagged must not mean a million lists).
    expect(new Set(flags.map((recordFlags) => recordFlags.join(' ')))).toEqual(new Set(['email-format key-unique']));
    expect(new Set(flags).size).toBe(1);
    expect(report.violationCount).toBe(flags.reduce((sum, recordFlags) => sum + recordFlags.length, 0));
    expect(report.years.map((year) => year.violationCount)).toEqual([report.violationCount]);
    expect(listBrokenRules(buildQualityReport([report]))).toEqual(
      expect.arrayContaining([
        { dataset: 'parties', ruleId: 'email-format', violationCount: 5000 },
        { dataset: 'parties', ruleId: 'key-unique', violationCount: 5000 },
      ]),
    );
  });

  it('lists the first of each rule by position, the record rules’ and the dataset rules’ alike', () => {
    for (const ruleId of ['email-format', 'key-unique']) {
      const listed = report.violations.filter((violation) => violation.ruleId === ruleId);
      expect(listed.map((violation) => violation.position)).toEqual(
        Array.from({ length: VIOLATIONS_LISTED_PER_RULE }, (_, position) => position),
      );
      expect(listed[0]?.key).toEqual({ tahunPemilu: '2024', NomorUrutPartai: '0' });
    }
    // Sorted by position, then rule id, as a report of a smaller harvest is.
    const order = report.violations.map((violation) => [violation.position, violation.ruleId].join(' '));
    expect(order).toEqual(
      [...report.violations]
        .sort((a, b) => a.position - b.position || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0))
        .map((violation) => [violation.position, violation.ruleId].join(' ')),
    );
    expect(report.violationsNotListed).toBe(report.violationCount - report.violations.length);
    expect(report.violationsNotListed).toBeGreaterThan(0);
  });

  it('says in the Markdown how many more there are and where every record’s flags are', () => {
    const markdown = renderQualityReportMarkdown(buildQualityReport([report]));
    expect(markdown).toContain(
      `${report.violationsNotListed} more violations are not listed (at most ${VIOLATIONS_LISTED_PER_RULE} of each rule are)`,
    );
  });

  it('lists everything, with nothing left out, while no rule breaks more than the limit', () => {
    const small = checkDataset(partyDataset, partyRecords(VIOLATIONS_LISTED_PER_RULE, VIOLATIONS_LISTED_PER_RULE));
    expect(small.report.violations).toHaveLength(small.report.violationCount);
    expect(small.report.violationsNotListed).toBe(0);
    expect(renderQualityReportMarkdown(buildQualityReport([small.report]))).not.toContain('more violations');
  });
});
