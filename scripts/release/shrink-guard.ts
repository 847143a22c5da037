// The shrink guard: a harvest with fewer records than the published release (a year or a dataset gone, or
// more than a tolerated share lost) is likelier an upstream fault than a correction (docs/upstream.md,
// "shrinking data"). Pure: two manifests in, the shrinks found out; the release stage decides what to do.
import { isUpstreamDataset } from '../datasets/dataset-definition.ts';
import { findDataset } from '../datasets/datasets.ts';
import type { SnapshotManifest } from '../snapshot/snapshot-manifest.ts';

export interface ShrinkFinding {
  dataset: string;
  /** The election year, or null for the dataset as a whole. */
  year: number | null;
  /**
   * `empty`: the dataset harvested no record at all (even with nothing published before). `dataset-gone`,
   * `year-gone`: published records, none now. `year-shrank`: more than the tolerated share lost.
   */
  kind: 'empty' | 'dataset-gone' | 'year-gone' | 'year-shrank';
  before: number;
  after: number;
  /** Share of the published records lost, in percent, rounded to 0.1. */
  lostPercent: number;
}

/** What the change report says of the shrinks a build published (only written when there were any). */
export interface ShrinkReport {
  accepted: true;
  tolerancePercent: number;
  findings: ShrinkFinding[];
}

/** Records per election year of each dataset, from the manifest's per-year JSON files: `dataset → year → records`. */
function recordsByYear(manifest: SnapshotManifest): Map<string, Map<number, number>> {
  const counts = new Map<string, Map<number, number>>(manifest.datasets.map((dataset) => [dataset.id, new Map()]));
  for (const file of manifest.files) {
    if (file.format !== 'json' || file.dataset === null || file.year === 'all' || file.records === null) continue;
    counts.get(file.dataset)?.set(file.year, file.records);
  }
  return counts;
}

function lost(before: number, after: number): number {
  return before === 0 ? 0 : Math.round(((before - after) / before) * 1000) / 10;
}

/**
 * The shrinks from `previous` (the published release's manifest, or null for a first build) to `current`, with
 * `tolerancePercent` the share of a year's records that may go without a finding (10: 100 → 90 passes, 100 → 89
 * does not). Datasets in their declared order, then years ascending.
 */
export function findShrinks(
  previous: SnapshotManifest | null,
  current: SnapshotManifest,
  tolerancePercent: number,
): ShrinkFinding[] {
  const findings: ShrinkFinding[] = [];
  const before = previous ? recordsByYear(previous) : new Map<string, Map<number, number>>();
  const after = recordsByYear(current);
  const totalsBefore = new Map((previous?.datasets ?? []).map((dataset) => [dataset.id as string, dataset.records]));
  // Only harvested records can shrink: a dataset the project ships (the official dapils) follows the harvest's years.
  const harvested = (id: string) => {
    const dataset = findDataset(id);
    return dataset === undefined || isUpstreamDataset(dataset);
  };
  const ids = [...new Set([...current.datasets.map((dataset) => dataset.id as string), ...totalsBefore.keys()])].filter(
    harvested,
  );
  for (const id of ids) {
    const totalBefore = totalsBefore.get(id) ?? 0;
    const totalAfter = current.datasets.find((dataset) => dataset.id === id)?.records ?? 0;
    if (totalAfter === 0) {
      findings.push({
        dataset: id,
        year: null,
        kind: totalBefore > 0 ? 'dataset-gone' : 'empty',
        before: totalBefore,
        after: 0,
        lostPercent: totalBefore > 0 ? 100 : 0,
      });
      continue;
    }
    const yearsAfter = after.get(id) ?? new Map<number, number>();
    for (const [year, count] of [...(before.get(id) ?? new Map<number, number>())].sort(([a], [b]) => a - b)) {
      const now = yearsAfter.get(year) ?? 0;
      if (now === 0) findings.push({ dataset: id, year, kind: 'year-gone', before: count, after: 0, lostPercent: 100 });
      else if ((count - now) * 100 > count * tolerancePercent)
        findings.push({
          dataset: id,
          year,
          kind: 'year-shrank',
          before: count,
          after: now,
          lostPercent: lost(count, now),
        });
    }
  }
  return findings;
}

/** One line per finding, for the error message and the change summary: "parties 2019: 16 → 0 records (−100%, year gone)". */
export function describeShrink(finding: ShrinkFinding): string {
  const what = {
    empty: 'no records harvested',
    'dataset-gone': 'dataset gone',
    'year-gone': 'year gone',
    'year-shrank': 'shrank',
  }[finding.kind];
  return `${finding.dataset}${finding.year === null ? '' : ` ${finding.year}`}: ${finding.before} → ${finding.after} records (−${finding.lostPercent}%, ${what})`;
}

/** The paragraph the change summary (Markdown) adds when a build published accepted shrinks. */
export function renderShrinkMarkdown(report: ShrinkReport): string {
  return [
    '',
    `**Shrink accepted** (\`--accept-shrink\`; tolerance ${report.tolerancePercent}% of a year's records): this release has fewer records than the one before.`,
    '',
    ...report.findings.map((finding) => `- ${describeShrink(finding)}`),
  ].join('\n');
}
