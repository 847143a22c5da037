// Issue 6's goals checked against a results file: each goal with its target, the measured figure and whether
// it was met (null when the run did not measure it, e.g. a million records in --quick). Aims, never assertions.
import type { BenchResults, GoalCheck } from './bench-results.ts';

const MILLION = 1_000_000;
/** "1 GB" read as 10^9 bytes, in KiB. */
const ONE_GB_KIB = 1e9 / 1024;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const notMeasured = (goal: string, target: string, why: string): GoalCheck => ({
  goal,
  target,
  measured: why,
  met: null,
});

export function checkGoals(results: BenchResults): GoalCheck[] {
  const goals: GoalCheck[] = [];
  for (const size of results.harvest.sizes) {
    // Issue 16: against a fair floor (fetch, JSON.parse, write each body), 1.3 × at once and 1.05 × with a delay;
    // the fetch-only loop is informational.
    const limit = size.upstreamDelayMs > 0 ? 1.05 : 1.3;
    const goal = `Harvest overhead, ${size.records.toLocaleString('en')} records${size.upstreamDelayMs > 0 ? `, upstream answering after ${size.upstreamDelayMs} ms` : ''}`;
    const target = `≤ ${limit.toFixed(2)} × the fair floor`;
    const fetchOnly = `fetch-only ${size.ratio.toFixed(2)} ×`;
    goals.push(
      size.floor && size.floorRatio !== undefined
        ? {
            goal,
            target,
            measured: `${size.floorRatio.toFixed(2)} × (${seconds(size.harvest.medianMs)} vs ${seconds(size.floor.medianMs)}; in-process ${(size.floorInProcessRatio ?? 0).toFixed(2)} ×; ${fetchOnly})`,
            met: size.floorRatio <= limit,
          }
        : notMeasured(goal, target, `no fair floor in this run (${fetchOnly})`),
    );
  }
  const million = results.formats.sizes.find((size) => size.records === MILLION);
  goals.push(
    million
      ? {
          goal: 'JSON + CSV + Parquet written, 1,000,000 records',
          target: '< 20 s',
          measured: seconds(million.jsonCsvParquetMs),
          met: million.jsonCsvParquetMs < 20_000,
        }
      : notMeasured('JSON + CSV + Parquet written, 1,000,000 records', '< 20 s', 'not measured in this run'),
  );
  const largest = results.formats.sizes.at(-1);
  goals.push(
    largest
      ? {
          goal: `Parquet size vs CSV, ${largest.records.toLocaleString('en')} records`,
          target: '≥ 5 × smaller',
          measured: `${largest.csvToParquetSizeRatio.toFixed(2)} × smaller`,
          met: largest.csvToParquetSizeRatio >= 5,
        }
      : notMeasured('Parquet size vs CSV', '≥ 5 × smaller', 'not measured'),
  );
  const small = results.site.builds[0];
  if (small) {
    goals.push({
      goal: `Site build, ${small.name} data`,
      target: '< 10 s',
      measured: seconds(small.firstBuild.wallMs),
      met: small.firstBuild.wallMs < 10_000,
    });
    goals.push(
      small.rebuild
        ? {
            goal: 'Site rebuild with nothing changed (site stage)',
            target: '< 3 s',
            measured: seconds(small.rebuild.medianMs),
            met: small.rebuild.medianMs < 3_000,
          }
        : notMeasured('Site rebuild with nothing changed (site stage)', '< 3 s', 'not measured in this run'),
    );
    goals.push({
      goal: `\`build --offline\` with nothing changed${small.pipelineRebuild.siteInPipeline ? '' : ' (pipeline without the site yet)'}`,
      target: '< 3 s',
      measured: seconds(small.pipelineRebuild.medianMs),
      met: small.pipelineRebuild.medianMs < 3_000,
    });
  } else {
    goals.push(notMeasured('Site build, real data', '< 10 s', results.site.reason ?? 'not measured'));
    goals.push(notMeasured('Site rebuild with nothing changed', '< 3 s', results.site.reason ?? 'not measured'));
  }
  const heavy = results.pages.transfers.filter((transfer) => transfer.kind !== 'home');
  if (heavy.length > 0) {
    for (const site of [...new Set(heavy.map((transfer) => transfer.site))]) {
      const heaviest = heavy
        .filter((transfer) => transfer.site === site)
        .sort((a, b) => b.transferBytes - a.transferBytes)[0];
      if (!heaviest) continue;
      goals.push({
        goal: `Heaviest page transferred, ${site} site`,
        target: '< 30 KB',
        measured: `${(heaviest.transferBytes / 1000).toFixed(1)} KB (${heaviest.kind} ${heaviest.path})`,
        met: heaviest.transferBytes < 30_000,
      });
    }
  } else {
    goals.push(notMeasured('Heaviest page transferred', '< 30 KB', results.pages.reason ?? 'not measured'));
  }
  if (results.pages.audits.length > 0) {
    const worstPerformance = Math.min(...results.pages.audits.map((audit) => audit.performanceEstimate));
    const violations = results.pages.audits.reduce((sum, audit) => sum + audit.axe.violations, 0);
    goals.push({
      goal: 'Performance (Lighthouse mobile scoring on Playwright metrics; Lighthouse not installed)',
      target: '≥ 95',
      measured: results.pages.audits.map((audit) => `${audit.kind} ${audit.performanceEstimate}`).join(', '),
      met: worstPerformance >= 95,
    });
    goals.push({
      goal: "Accessibility (axe-core, the engine of Lighthouse's audits)",
      target: '100 (no violation)',
      measured: `${violations} violations on ${results.pages.audits.length} pages`,
      met: violations === 0,
    });
  } else {
    goals.push(notMeasured('Performance and accessibility', '≥ 95 and 100', results.pages.reason ?? 'not measured'));
  }
  const build = results.build.sizes.find((size) => size.records === MILLION);
  const gb = (kib: number | null): string => (kib === null ? '?' : `${((kib * 1024) / 1e9).toFixed(2)} GB`);
  goals.push(
    build && build.peakRssKiB !== null
      ? {
          goal: 'Peak RSS of the build, 1,000,000 records',
          target: '< 1 GB',
          measured: `${gb(build.peakRssKiB)} largest process; ${gb(build.peakTreeRssKiB)} whole process tree`,
          met: Math.max(build.peakRssKiB, build.peakTreeRssKiB ?? 0) < ONE_GB_KIB,
        }
      : notMeasured('Peak RSS of the build, 1,000,000 records', '< 1 GB', 'not measured in this run'),
  );
  return goals;
}
