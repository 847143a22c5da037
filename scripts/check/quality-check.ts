// The check stage: judge every harvested record against its dataset's declared quality rules, and count what
// broke per dataset and year. Pure: records in, flags and a report out; the stage runner writes them and decides
// (with --strict) whether a broken rule fails the build.
import type { DatasetDefinition, RawRecord, RuleFinding } from '../datasets/dataset-definition.ts';
import { exactCountDigits, isJsonNumber, jsonNumberText } from '../datasets/value-parsers.ts';
import type { Localized } from '../languages.ts';
import type { DapilCoverage } from './dapil-coverage.ts';
import { compareCodeUnits } from '../foundation/text-order.ts';

/** One broken rule on one record. */
export interface QualityViolation {
  ruleId: string;
  /** Index of the record in the harvested order (the upstream offset), counted from 0. */
  position: number;
  /** The dataset's year field as the source gave it (see `yearGroup`). */
  year: string;
  /** The record's key fields and their raw values (null when missing). */
  key: Record<string, unknown>;
  message: string;
  /** The raw values involved, keyed by upstream field, plus any figure the rule computed. */
  values: Record<string, unknown>;
}

interface YearQualitySummary {
  year: string;
  recordsChecked: number;
  recordsFlagged: number;
  violationCount: number;
  /** Every rule of the dataset, in declaration order, with its number of violations (0 included). */
  violationsByRule: Record<string, number>;
}

export interface QualityRuleSummary {
  id: string;
  kind: 'record' | 'dataset';
  title: Localized;
  description: Localized;
  fields: readonly string[];
}

/** A count or year the upstream sent as a JSON number that is not an exact count: the build stops on it. */
interface InexactNumber {
  position: number;
  field: string;
  /** The number as the upstream wrote it (e.g. "1.5", "1e400"). */
  value: string;
}

/** How many listed InexactNumber a report keeps: enough to show what the upstream sent. */
const INEXACT_NUMBERS_LISTED = 10;

export interface DatasetQualityReport {
  dataset: DatasetDefinition['id'];
  title: Localized;
  rules: QualityRuleSummary[];
  recordsChecked: number;
  recordsFlagged: number;
  violationCount: number;
  /** Sorted by year (code-unit order, so four-digit years ascend). */
  years: YearQualitySummary[];
  /**
   * The violations listed in full, by position, then rule id: of each rule, the first VIOLATIONS_LISTED_PER_RULE
   * by position. `violationCount` and the per-year counts count them all; every record's flags are in its
   * `quality_flags` column.
   */
  violations: QualityViolation[];
  /** violationCount minus the violations listed: 0 unless a rule broke more than VIOLATIONS_LISTED_PER_RULE times. */
  violationsNotListed: number;
  /**
   * Per field, how many of its values the upstream sent as JSON numbers that are exact counts, taken as their digits
   * (docs/upstream.md, "Numbers exactly as sent"); only fields with any, and absent when there are none.
   */
  numberValues?: Record<string, number>;
  /** Counts or years sent as JSON numbers that are not exact counts: how many, and the first of them; absent when none. */
  inexactNumbers?: { count: number; listed: InexactNumber[] };
}

/**
 * How many violations of each rule of a dataset the report lists in full (key, values, message): enough to see
 * what is wrong and where, and a report that stays a few megabytes when a large harvest breaks a rule on every
 * record (a million records once made a report too long for one JavaScript string, and the build crashed).
 */
export const VIOLATIONS_LISTED_PER_RULE = 1000;

export interface QualityReport {
  recordsChecked: number;
  recordsFlagged: number;
  violationCount: number;
  datasets: DatasetQualityReport[];
  /** The turnout records against the official dapil lists, per election year (absent in older reports). */
  coverage?: DapilCoverage;
}

export interface DatasetCheckResult {
  /** Per record, aligned with the input: the ids of the rules it breaks, sorted; empty when it obeys them all. */
  flags: string[][];
  report: DatasetQualityReport;
  /** Distinct values of the dataset's `valuesSeenFields`, sorted (non-strings as JSON). */
  valuesSeen: Record<string, string[]>;
}

/**
 * The report's year group of a record: the year field's raw string, so records with a malformed year are
 * counted under what the source sent. A non-string is shown as JSON ("null" when missing), 2014 as "2014".
 */
function yearGroup(dataset: DatasetDefinition, record: RawRecord): string {
  const value = Object.hasOwn(record, dataset.yearField) ? record[dataset.yearField] : undefined;
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

export interface DatasetChecker {
  /**
   * Checks the next record (in harvest order) against the record rules, and returns it as the rules read it: the
   * record itself, or a copy whose counts sent as exact JSON numbers are their digits (readCounts).
   */
  add(record: RawRecord): RawRecord;
  /** Runs the dataset rules over everything added, and returns the flags and the report. */
  finish(): DatasetCheckResult;
}

const NO_FLAGS: string[] = [];

/**
 * The rule ids found on each record, by position, kept compact: one list per distinct sequence of rule ids, and a
 * 32-bit index of it per position (0: none yet). A Map of a list per flagged record held a million small arrays
 * when a million records broke a rule, about a third of the check stage's live memory.
 */
interface RuleIdsByPosition {
  /** Adds `ruleId` to the rule ids found on the record at `position`, after those found before. */
  add(position: number, ruleId: string): void;
  /** The rule ids found on the record at `position`, in the order found; undefined when none. */
  get(position: number): readonly string[] | undefined;
}

function createRuleIdsByPosition(): RuleIdsByPosition {
  // lists[0] is the empty list; a list is reached from a shorter one by adding one rule id (`next`).
  const lists: (readonly string[])[] = [[]];
  const next = new Map<string, number>();
  let byPosition = new Uint32Array(1024);
  return {
    add(position, ruleId) {
      if (position >= byPosition.length) {
        const grown = new Uint32Array(Math.max(position + 1, byPosition.length * 2));
        grown.set(byPosition);
        byPosition = grown;
      }
      const from = byPosition[position] as number;
      const step = `${from}\n${ruleId}`;
      let to = next.get(step);
      if (to === undefined) {
        to = lists.push([...(lists[from] as readonly string[]), ruleId]) - 1;
        next.set(step, to);
      }
      byPosition[position] = to;
    },
    get(position) {
      const list = position < byPosition.length ? (byPosition[position] as number) : 0;
      return list === 0 ? undefined : lists[list];
    },
  };
}

/**
 * Checks records one at a time, so a harvest can be streamed page by page: record rules run as records
 * arrive; only a projection of each record (its key, year and the fields the dataset rules declare) is kept
 * for the dataset rules, which therefore must read nothing but their declared `fields`.
 */
export function createDatasetChecker(dataset: DatasetDefinition): DatasetChecker {
  const readCounts = createCountReader(dataset);
  const recordRules = dataset.rules.filter((rule) => rule.kind === 'record');
  const datasetRules = dataset.rules.filter((rule) => rule.kind === 'dataset');
  const kept = [...new Set([...dataset.keyFields, dataset.yearField, ...datasetRules.flatMap((rule) => rule.fields)])];
  const projections: RawRecord[] = [];
  const valuesSeen = new Map(dataset.valuesSeenFields.map((field) => [field, new Set<string>()]));
  // Every finding's rule id by position; the finding itself (message, values) only while its rule has fewer than
  // VIOLATIONS_LISTED_PER_RULE listed, found in ascending position (record rules meet records in order; a dataset
  // rule's findings are sorted first), so the listed ones are each rule's first by position.
  const ruleIdsByPosition = createRuleIdsByPosition();
  const listed: Array<{ position: number; ruleId: string; finding: RuleFinding }> = [];
  const listedOfRule = new Map<string, number>();
  const addFinding = (position: number, ruleId: string, finding: RuleFinding): void => {
    ruleIdsByPosition.add(position, ruleId);
    const count = listedOfRule.get(ruleId) ?? 0;
    if (count < VIOLATIONS_LISTED_PER_RULE) {
      listedOfRule.set(ruleId, count + 1);
      listed.push({ position, ruleId, finding });
    }
  };

  return {
    add(sent) {
      const position = projections.length;
      const record = readCounts.read(sent, position);
      for (const rule of recordRules) {
        const finding = rule.test(record);
        if (finding !== null) addFinding(position, rule.id, finding);
      }
      for (const [field, values] of valuesSeen) {
        const value = record[field];
        values.add(typeof value === 'string' ? value : JSON.stringify(value ?? null));
      }
      const projection: RawRecord = {};
      for (const field of kept) if (Object.hasOwn(record, field)) projection[field] = record[field];
      projections.push(projection);
      return record;
    },
    finish() {
      for (const rule of datasetRules) {
        const findings = [...rule.test(projections, dataset)];
        for (const [position] of findings) {
          if (position < 0 || position >= projections.length) {
            throw new Error(
              `rule ${rule.id} of ${dataset.id} reported position ${position} of ${projections.length} records`,
            );
          }
        }
        findings.sort(([a], [b]) => a - b);
        for (const [position, finding] of findings) addFinding(position, rule.id, finding);
      }
      const seen = Object.fromEntries(
        [...valuesSeen].map(([field, values]) => [field, [...values].sort(compareCodeUnits)]),
      );
      const { flags, report } = summarize(dataset, projections, ruleIdsByPosition, listed);
      return { flags, report: { ...report, ...readCounts.summary() }, valuesSeen: seen };
    },
  };
}

/**
 * Reads the counts and years of a record (its integer columns' source fields) as the rules and the normalizer take
 * them: a JSON number that is an exact count becomes its digits, as if sent as a string (exactCountDigits), and is
 * counted per field; any other JSON number there is kept as sent (the `field-string` rule flags it) and noted, for
 * the check stage to stop the build on. Records without numbers are returned as they are, uncopied.
 * Example: {JumlahKursi: 8} → {JumlahKursi: "8"}, numberValues {JumlahKursi: 1}; {JumlahKursi: 1.5} → unchanged,
 * inexactNumbers [{position, field: "JumlahKursi", value: "1.5"}].
 */
function createCountReader(dataset: DatasetDefinition): {
  read(record: RawRecord, position: number): RawRecord;
  summary(): Pick<DatasetQualityReport, 'numberValues' | 'inexactNumbers'>;
} {
  const fields = [
    ...new Set(
      dataset.columns.flatMap((column) => (column.type === 'integer' && column.source !== null ? [column.source] : [])),
    ),
  ];
  const numberValues = new Map<string, number>();
  const listed: InexactNumber[] = [];
  let inexact = 0;
  return {
    read(record, position) {
      let read = record;
      for (const field of fields) {
        const value = Object.hasOwn(record, field) ? record[field] : undefined;
        if (typeof value === 'string' || value === undefined || !isJsonNumber(value)) continue;
        const digits = exactCountDigits(value);
        if (digits === undefined) {
          inexact += 1;
          if (listed.length < INEXACT_NUMBERS_LISTED) listed.push({ position, field, value: jsonNumberText(value) });
          continue;
        }
        if (read === record) read = { ...record };
        read[field] = digits;
        numberValues.set(field, (numberValues.get(field) ?? 0) + 1);
      }
      return read;
    },
    // Only what occurred: a report of string-only data stays byte for byte what it was (its release unchanged).
    summary: () => ({
      ...(numberValues.size === 0
        ? {}
        : {
            numberValues: Object.fromEntries(
              fields.flatMap((field) => {
                const count = numberValues.get(field);
                return count === undefined ? [] : [[field, count]];
              }),
            ),
          }),
      ...(inexact === 0 ? {} : { inexactNumbers: { count: inexact, listed } }),
    }),
  };
}

export function checkDataset(dataset: DatasetDefinition, records: readonly RawRecord[]): DatasetCheckResult {
  const checker = createDatasetChecker(dataset);
  for (const record of records) checker.add(record);
  return checker.finish();
}

function summarize(
  dataset: DatasetDefinition,
  records: readonly RawRecord[],
  ruleIdsByPosition: RuleIdsByPosition,
  listed: ReadonlyArray<{ position: number; ruleId: string; finding: RuleFinding }>,
): Omit<DatasetCheckResult, 'valuesSeen'> {
  // One sorted array per distinct set of broken rules, shared by the records that break the same ones (found in
  // any order), sorted once per list of rule ids as found.
  const shared = new Map<string, string[]>();
  const sortedOf = new Map<readonly string[], string[]>();
  const flags = records.map((_record, position) => {
    const ruleIds = ruleIdsByPosition.get(position);
    if (!ruleIds) return NO_FLAGS;
    let sorted = sortedOf.get(ruleIds);
    if (sorted === undefined) {
      const candidate = [...ruleIds].sort(compareCodeUnits);
      const id = candidate.join(' ');
      sorted = shared.get(id) ?? candidate;
      shared.set(id, sorted);
      sortedOf.set(ruleIds, sorted);
    }
    return sorted;
  });
  const violations = [...listed]
    .sort((a, b) => a.position - b.position || compareCodeUnits(a.ruleId, b.ruleId))
    .map(({ position, ruleId, finding }): QualityViolation => {
      const record = records[position] as RawRecord;
      const key = Object.fromEntries(
        dataset.keyFields.map((field) => [field, (Object.hasOwn(record, field) ? record[field] : undefined) ?? null]),
      );
      return {
        ruleId,
        position,
        year: yearGroup(dataset, record),
        key,
        message: finding.message,
        values: finding.values,
      };
    });

  const years = new Map<string, YearQualitySummary>();
  records.forEach((record, position) => {
    const year = yearGroup(dataset, record);
    let summary = years.get(year);
    if (summary === undefined) {
      summary = {
        year,
        recordsChecked: 0,
        recordsFlagged: 0,
        violationCount: 0,
        violationsByRule: Object.fromEntries(dataset.rules.map((rule) => [rule.id, 0])),
      };
      years.set(year, summary);
    }
    const recordFlags = flags[position] ?? [];
    summary.recordsChecked += 1;
    if (recordFlags.length > 0) summary.recordsFlagged += 1;
    summary.violationCount += recordFlags.length;
    for (const ruleId of recordFlags) summary.violationsByRule[ruleId] = (summary.violationsByRule[ruleId] ?? 0) + 1;
  });

  const violationCount = flags.reduce((sum, recordFlags) => sum + recordFlags.length, 0);
  const report: DatasetQualityReport = {
    dataset: dataset.id,
    title: dataset.title,
    rules: dataset.rules.map(({ id, kind, title, description, fields }) => ({ id, kind, title, description, fields })),
    recordsChecked: records.length,
    recordsFlagged: flags.filter((recordFlags) => recordFlags.length > 0).length,
    violationCount,
    years: [...years.values()].sort((a, b) => compareCodeUnits(a.year, b.year)),
    violations,
    violationsNotListed: violationCount - violations.length,
  };
  return { flags, report };
}

/** The whole build's report, datasets in the order given (the registry's publishing order). */
export function buildQualityReport(datasets: readonly DatasetQualityReport[], coverage?: DapilCoverage): QualityReport {
  return {
    recordsChecked: datasets.reduce((sum, dataset) => sum + dataset.recordsChecked, 0),
    recordsFlagged: datasets.reduce((sum, dataset) => sum + dataset.recordsFlagged, 0),
    violationCount: datasets.reduce((sum, dataset) => sum + dataset.violationCount, 0),
    datasets: [...datasets],
    ...(coverage ? { coverage } : {}),
  };
}

/** The rules broken anywhere, with their counts: what a --strict build names when it stops. */
export function listBrokenRules(
  report: QualityReport,
): Array<{ dataset: DatasetDefinition['id']; ruleId: string; violationCount: number }> {
  return report.datasets.flatMap((dataset) =>
    dataset.rules.flatMap((rule) => {
      const violationCount = violationsOfRule(dataset, rule.id);
      return violationCount > 0 ? [{ dataset: dataset.dataset, ruleId: rule.id, violationCount }] : [];
    }),
  );
}

/**
 * The share of a dataset's records above which a broken rule is a change of the upstream's schema rather than bad
 * data (docs/data.md, "A change of the upstream's schema"): more than half. Counted over the dataset's records of
 * every year together, for datasets of at least SCHEMA_CHANGE_MIN_RECORDS records.
 */
export const SCHEMA_CHANGE_SHARE = 0.5;

/** Below this many records a dataset is too small to tell a change of schema from a few bad records. */
export const SCHEMA_CHANGE_MIN_RECORDS = 10;

/**
 * The rules broken by more than SCHEMA_CHANGE_SHARE of a dataset's records (each record counts once per rule), for
 * every dataset of the report with at least SCHEMA_CHANGE_MIN_RECORDS records; the rules its declaration marks as
 * judged against the project's reference tables (`reference`) are left out. Example: 263 turnout records,
 * `count-digits` broken by 263 → [{dataset: "turnout", ruleId: "count-digits", violationCount: 263, recordsChecked: 263}].
 */
export function findSchemaChanges(
  report: QualityReport,
  datasets: readonly DatasetDefinition[],
): Array<{ dataset: DatasetDefinition['id']; ruleId: string; violationCount: number; recordsChecked: number }> {
  const referenceRules = new Set(
    datasets.flatMap((dataset) =>
      dataset.rules.flatMap((rule) => (rule.reference === true ? [`${dataset.id}/${rule.id}`] : [])),
    ),
  );
  return report.datasets.flatMap((dataset) =>
    dataset.recordsChecked < SCHEMA_CHANGE_MIN_RECORDS
      ? []
      : dataset.rules.flatMap((rule) => {
          if (referenceRules.has(`${dataset.dataset}/${rule.id}`)) return [];
          const violationCount = violationsOfRule(dataset, rule.id);
          return violationCount > dataset.recordsChecked * SCHEMA_CHANGE_SHARE
            ? [{ dataset: dataset.dataset, ruleId: rule.id, violationCount, recordsChecked: dataset.recordsChecked }]
            : [];
        }),
  );
}

/** How many times a rule of the dataset was broken, listed in full or not (from the per-year counts). */
export function violationsOfRule(dataset: DatasetQualityReport, ruleId: string): number {
  return dataset.years.reduce((sum, year) => sum + (year.violationsByRule[ruleId] ?? 0), 0);
}
