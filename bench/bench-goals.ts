// The benchmark's goals checked against a results file: each goal with its target, the measured figure and whether
// it was met (null when the run did not measure it, e.g. a million records in --quick). Aims, never assertions.
import type { BenchResults, GoalCheck, LighthouseRun } from './bench-results.ts';
import { withGrowth } from './build-growth.ts';
import { NOINDEX_KINDS } from '../test/site/every-page-kind.ts';

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

/** Lighthouse's pages grouped by their four scores ("100/100/100/80"). */
function groupByScores(runs: readonly LighthouseRun[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const run of runs) {
    const { performance, accessibility, bestPractices, seo } = run.scores;
    const key = [performance, accessibility, bestPractices, seo]
      .map((score) => (score === null ? '?' : String(score)))
      .join('/');
    groups.set(key, [...(groups.get(key) ?? []), run.path]);
  }
  return groups;
}

export function checkGoals(results: BenchResults): GoalCheck[] {
  const goals: GoalCheck[] = [];
  for (const size of results.harvest.sizes) {
    // Against a fair floor (fetch, JSON.parse, write each body), 1.3 × at once and 1.05 × with a delay;
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
    goals.push(
      small.pipelineRebuild
        ? {
            goal: `\`build --offline\` with nothing changed${small.pipelineRebuild.siteInPipeline ? '' : ' (pipeline without the site yet)'}`,
            target: '< 3 s',
            measured: seconds(small.pipelineRebuild.medianMs),
            met: small.pipelineRebuild.medianMs < 3_000,
          }
        : notMeasured('`build --offline` with nothing changed', '< 3 s', 'not measured in this run'),
    );
  } else {
    goals.push(notMeasured('Site build, real data', '< 10 s', results.site.reason ?? 'not measured'));
    goals.push(notMeasured('Site rebuild with nothing changed', '< 3 s', results.site.reason ?? 'not measured'));
  }
  for (const siteBuild of results.site.builds) {
    const bare = siteBuild.bareAstro;
    const goal = `Site stage vs a bare Astro build of the same pages, ${siteBuild.name} data`;
    goals.push(
      bare
        ? {
            goal,
            target: '≤ 1.5 × bare Astro',
            measured: `${bare.ratio.toFixed(2)} × (${seconds(bare.siteStage.medianMs)} ${bare.siteStage.run} vs ${seconds(bare.builds.medianMs)}, ${bare.pages.toLocaleString('en')} pages)`,
            met: bare.ratio <= 1.5,
          }
        : notMeasured(goal, '≤ 1.5 × bare Astro', 'not measured in this run'),
    );
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
  // Older results files (before Lighthouse itself ran) have no runs.
  const lighthouseRuns = results.pages.lighthouse.runs ?? [];
  const lighthouseGoal = 'Lighthouse mobile: performance, accessibility, best practices, SEO';
  if (lighthouseRuns.length > 0) {
    // A page that asks not to be indexed (every-page-kind.ts) meets the SEO goal when no audit but `is-crawlable` failed.
    const seoMet = (run: LighthouseRun): boolean =>
      run.scores.seo === 100 ||
      (NOINDEX_KINDS.has(run.kind) &&
        run.failedAudits.every((audit) => audit.category !== 'seo' || audit.id === 'is-crawlable'));
    const below = lighthouseRuns.filter(
      (run) =>
        [run.scores.performance, run.scores.accessibility, run.scores.bestPractices].some((score) => score !== 100) ||
        !seoMet(run),
    );
    const kinds = [...new Set(lighthouseRuns.map((run) => run.kind))];
    goals.push({
      goal: `${lighthouseGoal} (${kinds.join(', ')}; ${lighthouseRuns.length} pages)`,
      target: '100 on every page kind (SEO: every audit but `is-crawlable` on pages that ask not to be indexed)',
      measured:
        below.length === 0
          ? `100 on all ${lighthouseRuns.length} pages${lighthouseRuns.some((run) => run.scores.seo !== 100) ? ` (SEO ${[...new Set(lighthouseRuns.filter((run) => run.scores.seo !== 100).map((run) => `${String(run.scores.seo)} on ${run.path}`))].join(', ')}: not to be indexed)` : ''}`
          : `performance/accessibility/best practices/SEO: ${[...groupByScores(lighthouseRuns)].map(([scores, paths]) => `${scores} on ${paths.length === lighthouseRuns.length ? 'every page' : paths.join(', ')}`).join('; ')}`,
      met: below.length === 0,
    });
  } else {
    goals.push(
      notMeasured(
        lighthouseGoal,
        '100 on every page kind',
        results.pages.reason ?? 'no Lighthouse run in this results file',
      ),
    );
  }
  const build = results.build.sizes.find((size) => size.records === MILLION);
  const gb = (kib: number | null): string => (kib === null ? '?' : `${((kib * 1024) / 1e9).toFixed(2)} GB`);
  const buildGoal = 'Build (`build --offline`), 1,000,000 records';
  goals.push(
    build
      ? { goal: `${buildGoal}: time`, target: '< 60 s', measured: seconds(build.wallMs), met: build.wallMs < 60_000 }
      : notMeasured(`${buildGoal}: time`, '< 60 s', 'not measured in this run'),
  );
  goals.push(
    build && build.peakRssKiB !== null
      ? {
          goal: `${buildGoal}: peak RSS of every process`,
          target: '< 1 GB',
          measured: `${gb(build.peakRssKiB)} (largest process)`,
          met: build.peakRssKiB < ONE_GB_KIB,
        }
      : notMeasured(`${buildGoal}: peak RSS of every process`, '< 1 GB', 'not measured in this run'),
  );
  goals.push(
    build && build.peakTreeRssKiB !== null
      ? {
          goal: `${buildGoal}: peak RSS of the process tree`,
          target: '< 1.5 GB',
          measured: gb(build.peakTreeRssKiB),
          met: build.peakTreeRssKiB < 1.5 * ONE_GB_KIB,
        }
      : notMeasured(`${buildGoal}: peak RSS of the process tree`, '< 1.5 GB', 'not measured in this run'),
  );
  // Cost that grows no faster than the data: from each size to the next, the time grows at most as the records, and
  // above 100,000 records the peak memory stays roughly flat (read as: at most 1.5 × for 10 × the records).
  for (const { size, growth } of withGrowth(results.build.sizes)) {
    if (!growth) continue;
    const span = `${growth.records.toLocaleString('en')} → ${size.records.toLocaleString('en')} records`;
    goals.push({
      goal: `Build time growth, ${span}`,
      target: 'time × ≤ records ×',
      measured: `${growth.timeRatio} × the time for ${growth.sizeRatio} × the records (${growth.timeOverSize.toFixed(2)})`,
      met: growth.timeOverSize <= 1,
    });
    if (growth.records >= 100_000)
      goals.push({
        goal: `Build peak RSS growth, ${span}`,
        target: 'roughly flat (≤ 1.5 ×)',
        measured: `${growth.rssRatio ?? '?'} × largest process; ${growth.treeRssRatio ?? '?'} × process tree`,
        met:
          growth.rssRatio === null || growth.treeRssRatio === null
            ? null
            : Math.max(growth.rssRatio, growth.treeRssRatio) <= 1.5,
      });
  }
  return goals;
}
