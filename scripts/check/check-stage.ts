// The check stage over a complete harvest: every record through its dataset's rules as the pages stream by, then
// the dataset rules on key projections (quality-check.ts). Writes its own folder: the quality report (JSON and
// Markdown), each dataset's record flags, its records' digest and the values seen, and last check-result.json naming
// the harvest it checked, which the snapshot stage reads. Stops the build with CHECK_STRICT_FAILED under --strict.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { isUpstreamDataset, type DatasetDefinition } from '../datasets/dataset-definition.ts';
import { findDataset } from '../datasets/datasets.ts';
import { withoutOfficialListRules } from '../datasets/dapils/official-list-rules.ts';
import { createCoverageAccumulator, type CoverageAccumulator } from './dapil-coverage.ts';
import { BuildError } from '../errors.ts';
import { writeChunksToFile, writeFileAtomic } from '../foundation/atomic-file.ts';
import { formatLogCount } from '../foundation/digit-groups.ts';
import { readJsonFile } from '../foundation/json-file.ts';
import { readDatasetRecords, type HarvestManifest } from '../harvest/harvest-store.ts';
import type { Reporter } from '../log/progress-reporter.ts';
import {
  buildQualityReport,
  createDatasetChecker,
  findSchemaChanges,
  listBrokenRules,
  type DatasetCheckResult,
  type DatasetQualityReport,
  type QualityReport,
} from './quality-check.ts';
import { renderQualityReportMarkdown } from './quality-report-markdown.ts';

export interface CheckStageOptions {
  harvestDir: string;
  harvest: HarvestManifest;
  datasets: readonly DatasetDefinition[];
  /** The check stage's folder to write (emptied first). */
  outDir: string;
  strict: boolean;
  reporter: Reporter;
}

/** check-result.json: the harvest checked (the snapshot stage refuses a check of another one) and the values seen. */
interface CheckResultFile {
  harvestId: string;
  /** Per dataset, the distinct values of its `valuesSeenFields`. */
  valuesSeen: Record<string, Record<string, string[]>>;
}

export interface CheckResult extends CheckResultFile {
  quality: QualityReport;
}

export const CHECK_RESULT_FILE = 'check-result.json';
/** Per dataset, the SHA-256 of its records as parsed (checkHarvestedDataset), which the release's content key takes. */
export const RECORD_DIGESTS_FILE = 'record-digests.json';
export const QUALITY_REPORT_JSON = 'quality-report.json';
export const QUALITY_REPORT_MARKDOWN = 'quality-report.md';

function flagsFile(dir: string, dataset: DatasetDefinition): string {
  return path.join(dir, 'flags', `${dataset.id}.json`);
}

/**
 * A dataset's flags file lists only the flagged records, one per line, as `[position, ["rule", …]]` (position in
 * harvest order from 0): `[\n[12,["dpt-sex-sum"]]\n]\n`. Most records break no rule, so this stays small; when a
 * large harvest breaks a rule on every record it is tens of megabytes, so it is made in chunks of about 64 KiB, never
 * held whole.
 */
export function* renderFlags(flags: readonly (readonly string[])[]): Generator<string> {
  let chunk = '[';
  let flagged = false;
  for (const [position, recordFlags] of flags.entries()) {
    if (recordFlags.length === 0) continue;
    chunk += `${flagged ? ',' : ''}\n${JSON.stringify([position, recordFlags])}`;
    flagged = true;
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  yield flagged ? `${chunk}\n]\n` : '[]\n';
}

/**
 * The first of the two streaming passes over the harvest (the snapshot stage's is the second): every record through
 * the record rules as pages stream by, then the dataset rules. Also the records' digest: SHA-256 over each record's
 * JSON as parsed (its fields in the order sent), one a line, in harvest order. The data files follow from the records,
 * not from how the pages framed them, so the release's content key takes this digest (release-identity.ts).
 */
async function checkHarvestedDataset(
  dir: string,
  harvest: HarvestManifest,
  dataset: DatasetDefinition,
  years: readonly number[],
  coverage: CoverageAccumulator | null,
): Promise<{ check: DatasetCheckResult; digest: string }> {
  const checker = createDatasetChecker(dataset);
  const digest = createHash('sha256');
  for await (const batch of readDatasetRecords(dir, harvest, dataset, years)) {
    for (const record of batch) {
      const read = checker.add(record);
      coverage?.add(read);
      digest.update(`${JSON.stringify(record)}\n`);
    }
  }
  return { check: checker.finish(), digest: digest.digest('hex') };
}

export async function runCheckStage(options: CheckStageOptions): Promise<CheckResult> {
  const { outDir, reporter } = options;
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, 'flags'), { recursive: true });
  const valuesSeen: CheckResult['valuesSeen'] = {};
  const reports: DatasetCheckResult['report'][] = [];
  // The harvested datasets first: the years they hold are what the project's datasets are made for.
  const ordered = [
    ...options.datasets.filter(isUpstreamDataset),
    ...options.datasets.filter((d) => !isUpstreamDataset(d)),
  ];
  const byId = new Map<string, DatasetCheckResult['report']>();
  // A demo harvest's synthetic dapils are not counted against the official lists (docs/data.md).
  const demo = options.harvest.parameters.demo;
  // The dataset compared with the official dapil lists: the one whose declaration names its fields.
  const listed = options.datasets.find((dataset) => dataset.officialListFields !== undefined);
  const coverage = createCoverageAccumulator(!demo, listed);
  const digests: Record<string, string> = {};
  for (const dataset of ordered) {
    const years = dataset.origin?.kind === 'project' ? upstreamYearsOf([...byId.values()]) : [];
    const accumulator = dataset === listed ? coverage : null;
    const { check, digest } = await checkHarvestedDataset(
      options.harvestDir,
      options.harvest,
      demo ? withoutOfficialListRules(dataset) : dataset,
      years,
      accumulator,
    );
    byId.set(dataset.id, check.report);
    await writeChunksToFile(flagsFile(outDir, dataset), renderFlags(check.flags));
    valuesSeen[dataset.id] = check.valuesSeen;
    digests[dataset.id] = digest;
  }
  const sortedDigests = Object.fromEntries(Object.entries(digests).sort(([a], [b]) => (a < b ? -1 : 1)));
  await writeFileAtomic(path.join(outDir, RECORD_DIGESTS_FILE), `${JSON.stringify(sortedDigests, null, 2)}\n`);
  // The report is about the source's data: a dataset the project makes is checked (its flags file is written like
  // the others') but left out, and a broken rule there is the project's bug, not the source's.
  for (const dataset of options.datasets) {
    const report = byId.get(dataset.id) as DatasetCheckResult['report'];
    if (isUpstreamDataset(dataset)) reports.push(report);
    else if (report.violationCount > 0)
      throw new Error(
        `${dataset.id}: the project's own records break ${listBrokenRules(buildQualityReport([report]))
          .map((rule) => rule.ruleId)
          .join(', ')}`,
      );
  }
  const quality = buildQualityReport(reports, coverage.finish(upstreamYearsOf(reports)));
  await writeFileAtomic(path.join(outDir, QUALITY_REPORT_JSON), `${JSON.stringify(quality, null, 2)}\n`);
  await writeFileAtomic(path.join(outDir, QUALITY_REPORT_MARKDOWN), renderQualityReportMarkdown(quality));
  const file: CheckResultFile = { harvestId: options.harvest.harvestId, valuesSeen };
  await writeFileAtomic(path.join(outDir, CHECK_RESULT_FILE), `${JSON.stringify(file, null, 2)}\n`);
  reporter.line(
    `check: ${formatLogCount(quality.recordsChecked)} records, ${formatLogCount(quality.recordsFlagged)} flagged (${quality.violationCount} broken rules)`,
  );
  for (const report of quality.datasets) {
    const numbers = Object.entries(report.numberValues ?? {});
    if (numbers.length > 0)
      reporter.line(
        `check: ${report.dataset}: values sent as JSON numbers, taken exactly: ${numbers.map(([field, count]) => `${field} ×${formatLogCount(count)}`).join(', ')}`,
      );
  }
  stopOnUpstreamFaults(quality, options.datasets);
  if (options.strict && quality.violationCount > 0) {
    const broken = listBrokenRules(quality).map((rule) => `${rule.dataset}/${rule.ruleId} ×${rule.violationCount}`);
    throw new BuildError('CHECK_STRICT_FAILED', `Broken: ${broken.join(', ')}.`);
  }
  return { ...file, quality };
}

/**
 * Faults of the upstream that no flag can stand for, with or without --strict: a count sent as a JSON number that is
 * not an exact count (never published as empty), and a rule broken by most records of a dataset (a change of the
 * upstream's schema, findSchemaChanges). The quality report is written first, for the operator to read.
 */
function stopOnUpstreamFaults(quality: QualityReport, datasets: readonly DatasetDefinition[]): void {
  for (const report of quality.datasets) {
    const inexact = report.inexactNumbers;
    if (inexact === undefined || inexact.count === 0) continue;
    const listed = inexact.listed.map(({ position, field, value }) => `${field} = ${value} (record ${position})`);
    throw new BuildError(
      'UPSTREAM_NUMBER_INEXACT',
      `${report.dataset}: ${formatLogCount(inexact.count)} count${inexact.count === 1 ? '' : 's'} sent as a JSON number that is not an exact count: ${listed.join(', ')}${inexact.count > listed.length ? ', …' : ''}.`,
    );
  }
  const changes = findSchemaChanges(quality, datasets);
  if (changes.length > 0) {
    const named = changes.map(
      (change) =>
        `${change.dataset}/${change.ruleId} broken by ${formatLogCount(change.violationCount)} of ${formatLogCount(change.recordsChecked)} records`,
    );
    throw new BuildError('UPSTREAM_SCHEMA_CHANGED', `${named.join('; ')}.`);
  }
}

/**
 * The four-digit election years of the upstream datasets' records, ascending, from their quality reports (which
 * count every record by year): what a project dataset is made for (ProjectRecordsContext.years).
 */
export function upstreamYearsOf(reports: readonly DatasetQualityReport[]): number[] {
  const years = new Set<number>();
  for (const report of reports) {
    const dataset = findDataset(report.dataset);
    if (!dataset || !isUpstreamDataset(dataset)) continue;
    for (const { year } of report.years) if (/^[0-9]{4}$/.test(year)) years.add(Number(year));
  }
  return [...years].sort((a, b) => a - b);
}

/** The check stage's result for `harvestId`, read back from its folder; a check of another harvest is refused. */
export async function readCheckResult(dir: string, harvestId: string): Promise<CheckResult> {
  const file = await readJsonFile<CheckResultFile>(path.join(dir, CHECK_RESULT_FILE));
  if (file.harvestId !== harvestId)
    throw new Error(`the check in ${dir} is of harvest ${file.harvestId}, not ${harvestId}: run the check stage again`);
  const quality = await readJsonFile<QualityReport>(path.join(dir, QUALITY_REPORT_JSON));
  return { ...file, quality };
}

/** A dataset's record flags, by position in harvest order; undefined for a record that breaks no rule. */
export interface RecordFlags {
  get(position: number): readonly string[] | undefined;
}

/**
 * A dataset's record flags from the check stage's folder (renderFlags). Kept compact: one list per distinct set of
 * broken rules, and a 32-bit index of it per position; a Map of a list per flagged record took about 300 MB of the
 * snapshot stage when a million records were flagged.
 */
export async function readRecordFlags(dir: string, dataset: DatasetDefinition): Promise<RecordFlags> {
  const text = await readFile(flagsFile(dir, dataset), 'utf8');
  const lists: (readonly string[])[] = [];
  const listIndex = new Map<string, number>();
  const positions: number[] = [];
  const indexes: number[] = [];
  // One entry a line, each parsed on its own, so the million small arrays of a whole-file parse never exist at once.
  for (let start = text.indexOf('\n') + 1; start > 0 && start < text.length;) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    start = end + 1;
    if (line === ']' || line === '') continue;
    const [position, flags] = JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line) as [number, string[]];
    const key = flags.join('\n');
    let index = listIndex.get(key);
    if (index === undefined) {
      lists.push(flags);
      index = lists.length;
      listIndex.set(key, index);
    }
    positions.push(position);
    indexes.push(index);
  }
  // Position p's list is lists[byPosition[p] - 1]; 0: the record breaks no rule.
  const byPosition = new Uint32Array(positions.reduce((last, position) => Math.max(last, position), -1) + 1);
  positions.forEach((position, entry) => (byPosition[position] = indexes[entry] as number));
  return { get: (position) => lists[(byPosition[position] ?? 0) - 1] };
}
