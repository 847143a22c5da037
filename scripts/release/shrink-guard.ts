// The shrink guard: a harvest with fewer records than the recent releases (a year or a dataset gone, or more than a
// tolerated share lost) is likelier an upstream fault than a correction (docs/upstream.md, "shrinking data"). Each
// dataset-year is compared with its largest count in the last RECENT_RELEASES releases, so a loss spread over
// several releases adds up. Pure: manifests in, the shrinks found out; the release stage decides what to do.
import { isUpstreamDataset } from '../datasets/dataset-definition.ts';
import { findDataset } from '../datasets/datasets.ts';
import type { ShrinkFinding, ShrinkReport, SnapshotManifest } from '../snapshot/snapshot-manifest.ts';

export type { ShrinkFinding, ShrinkReport };

/** How many of the latest releases the shrink guard compares with (the largest count of each dataset-year). */
export const RECENT_RELEASES = 5;

/** A published release's manifest, by its release id. */
export interface PublishedManifest {
  id: string;
  manifest: SnapshotManifest;
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

/** The largest of `counts` (release id → count) with the release it comes from, the first of equals; 0 for none. */
function largest(counts: ReadonlyArray<[string, number]>): { count: number; release: string | null } {
  return counts.reduce<{ count: number; release: string | null }>(
    (best, [release, count]) => (count > best.count ? { count, release } : best),
    { count: 0, release: null },
  );
}

/**
 * The shrinks from the recent releases to `current`: `recent` are the published releases' manifests, the latest
 * first ([] for a first build), each dataset-year compared with its largest count among them; `tolerancePercent` is
 * the share of that count that may go without a finding (10: 100 → 90 passes, 100 → 89 does not). A finding whose
 * count comes from another release than the latest names it. Datasets in their declared order, then years ascending.
 */
export function findShrinks(
  recent: readonly PublishedManifest[],
  current: SnapshotManifest,
  tolerancePercent: number,
): ShrinkFinding[] {
  const findings: ShrinkFinding[] = [];
  const latest = recent[0]?.id ?? null;
  const byYear = recent.map(({ id, manifest }) => ({ id, years: recordsByYear(manifest) }));
  const after = recordsByYear(current);
  const totalsOf = (id: string): Array<[string, number]> =>
    recent.map(({ id: release, manifest }) => [
      release,
      manifest.datasets.find((dataset) => dataset.id === id)?.records ?? 0,
    ]);
  const named = (release: string | null) => (release !== null && release !== latest ? { release } : {});
  // Only harvested records can shrink: a dataset the project ships (the official dapils) follows the harvest's years.
  const harvested = (id: string) => {
    const dataset = findDataset(id);
    return dataset === undefined || isUpstreamDataset(dataset);
  };
  const ids = [
    ...new Set([
      ...current.datasets.map((dataset) => dataset.id as string),
      ...recent.flatMap(({ manifest }) => manifest.datasets.map((dataset) => dataset.id as string)),
    ]),
  ].filter(harvested);
  for (const id of ids) {
    const totalBefore = largest(totalsOf(id));
    const totalAfter = current.datasets.find((dataset) => dataset.id === id)?.records ?? 0;
    if (totalAfter === 0) {
      findings.push({
        dataset: id,
        year: null,
        kind: totalBefore.count > 0 ? 'dataset-gone' : 'empty',
        before: totalBefore.count,
        after: 0,
        lostPercent: totalBefore.count > 0 ? 100 : 0,
        ...named(totalBefore.release),
      });
      continue;
    }
    const yearsAfter = after.get(id) ?? new Map<number, number>();
    const years = [...new Set(byYear.flatMap(({ years: counts }) => [...(counts.get(id)?.keys() ?? [])]))].sort(
      (a, b) => a - b,
    );
    for (const year of years) {
      const { count, release } = largest(
        byYear.map(({ id: releaseId, years: counts }) => [releaseId, counts.get(id)?.get(year) ?? 0]),
      );
      const now = yearsAfter.get(year) ?? 0;
      if (now === 0)
        findings.push({
          dataset: id,
          year,
          kind: 'year-gone',
          before: count,
          after: 0,
          lostPercent: 100,
          ...named(release),
        });
      else if ((count - now) * 100 > count * tolerancePercent)
        findings.push({
          dataset: id,
          year,
          kind: 'year-shrank',
          before: count,
          after: now,
          lostPercent: lost(count, now),
          ...named(release),
        });
    }
  }
  return findings;
}

/**
 * One line per finding, for the error message and the change summary: "parties 2019: 16 → 0 records (−100%, year
 * gone)", "turnout 2024: 263 → 200 records (−24%, shrank since release 2026-11-20)".
 */
export function describeShrink(finding: ShrinkFinding): string {
  const what = {
    empty: 'no records harvested',
    'dataset-gone': 'dataset gone',
    'year-gone': 'year gone',
    'year-shrank': 'shrank',
  }[finding.kind];
  const since = finding.release === undefined ? '' : ` since release ${finding.release}`;
  return `${finding.dataset}${finding.year === null ? '' : ` ${finding.year}`}: ${finding.before} → ${finding.after} records (−${finding.lostPercent}%, ${what}${since})`;
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
