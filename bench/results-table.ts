// Renders a results file as the Markdown tables of docs/performance.md; `npm run docs` writes those of the newest
// complete full run in bench/results/ there (the `bench-results` generated section), so the figures cannot drift.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkGoals } from './bench-goals.ts';
import type { BenchResults } from './bench-results.ts';
import { withGrowth } from './build-growth.ts';

const s = (ms: number | null): string => (ms === null ? '–' : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`);
const mib = (kib: number | null): string => (kib === null ? '–' : `${Math.round(kib / 1024).toLocaleString('en')} MiB`);
const mb = (bytes: number): string =>
  bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} KB`;
const n = (value: number): string => value.toLocaleString('en');

function row(cells: readonly (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string[] {
  return [row(header), row(header.map(() => '---')), ...rows.map(row)];
}

function sectionNote(section: { status: string; reason?: string }): string[] {
  return section.status === 'ok' ? [] : [`*${section.status}*: ${section.reason ?? ''}`.trim(), ''];
}

/** Lighthouse's scores per page, and the audits that kept a score below 100. */
function lighthouseLines(results: BenchResults): string[] {
  const { lighthouse } = results.pages;
  const runs = lighthouse.runs ?? [];
  if (runs.length === 0) return [];
  const score = (value: number | null): string => (value === null ? '–' : value === 100 ? '100' : `**${value}**`);
  const ms = (value: number | null): string => (value === null ? '–' : `${n(Math.round(value))} ms`);
  // Each failed audit once, with the pages it failed on ("every page" when all).
  const byAudit = new Map<string, { label: string; paths: string[] }>();
  for (const run of runs)
    for (const audit of run.failedAudits) {
      const key = `${audit.category} ${audit.id}`;
      const entry = byAudit.get(key) ?? { label: `${audit.category}: \`${audit.id}\` (${audit.title})`, paths: [] };
      entry.paths.push(`\`${run.path}\`${audit.displayValue ? ` ${audit.displayValue}` : ''}`);
      byAudit.set(key, entry);
    }
  const failed = [...byAudit.values()].map(
    ({ label, paths }) =>
      `- ${label}: ${paths.length === runs.length ? `every page (${paths.join(', ')})` : paths.join(', ')}`,
  );
  return [
    `Lighthouse: ${lighthouse.setup}.`,
    '',
    ...table(
      [
        'page',
        'path',
        'performance',
        'accessibility',
        'best practices',
        'SEO',
        'FCP',
        'LCP',
        'TBT',
        'CLS',
        'Speed Index',
      ],
      runs.map((run) => [
        run.kind,
        `\`${run.path}\``,
        score(run.scores.performance),
        score(run.scores.accessibility),
        score(run.scores.bestPractices),
        score(run.scores.seo),
        ms(run.metrics.fcpMs),
        ms(run.metrics.lcpMs),
        ms(run.metrics.tbtMs),
        run.metrics.cls === null ? '–' : run.metrics.cls.toFixed(3),
        ms(run.metrics.speedIndexMs),
      ]),
    ),
    '',
    ...(failed.length > 0
      ? ['Audits that failed in a category below 100 (each weighs in its score):', '', ...failed, '']
      : []),
  ];
}

export function renderResultsMarkdown(results: BenchResults): string {
  const { machine } = results;
  const lines: string[] = [
    `Run of ${results.startedAt} (\`${results.mode}\`, ${s(results.durationMs)}): ${machine.cpuModel}, ${machine.cores} cores, ${(machine.memoryBytes / 2 ** 30).toFixed(0)} GiB, ${machine.os}, Node ${machine.nodeVersion}, commit ${machine.commit?.slice(0, 10) ?? '?'}${machine.uncommittedChanges.length > 0 ? ` with ${machine.uncommittedChanges.length} uncommitted files` : ''}; load average ${machine.loadAverageAtStart.toFixed(2)} at the start, ${machine.loadAverageAtEnd.toFixed(2)} at the end. Memory: ${results.rssMethod}.`,
    '',
    '### Goals',
    '',
    ...table(
      ['goal', 'target', 'measured', 'met'],
      results.goals.map((goal) => [
        goal.goal,
        goal.target,
        goal.measured,
        goal.met === null ? '–' : goal.met ? 'yes' : '**no**',
      ]),
    ),
    '',
    '### Harvest against the stand-in, next to the fair floor and the fetch-only loop (medians; process wall time)',
    '',
    ...sectionNote(results.harvest),
    ...table(
      [
        'records',
        'upstream delay',
        'runs',
        'requests',
        'harvest',
        'fair floor',
        'fetch-only',
        'vs floor',
        'in-process vs floor',
        'vs fetch-only',
        'in-process vs fetch-only',
        'harvest peak RSS',
      ],
      results.harvest.sizes.map((size) => [
        n(size.records),
        `${size.upstreamDelayMs} ms`,
        size.repetitions,
        size.harvest.requests,
        s(size.harvest.medianMs),
        size.floor ? s(size.floor.medianMs) : '–',
        s(size.bare.medianMs),
        size.floorRatio?.toFixed(2) ?? '–',
        size.floorInProcessRatio?.toFixed(2) ?? '–',
        size.ratio.toFixed(2),
        size.inProcessRatio.toFixed(2),
        mib(size.harvest.peakRssKiB),
      ]),
    ),
    '',
    '### Snapshot writers on the same Arrow table (medians); DuckDB reading each file back',
    '',
    ...sectionNote(results.formats),
    ...table(
      ['records', 'format', 'runs', 'write', 'records/s', 'size', 'peak RSS', 'DuckDB read'],
      results.formats.sizes.flatMap((size) =>
        size.formats.map((format) => [
          n(size.records),
          format.format === 'baseline'
            ? 'baseline (JSON.stringify)'
            : format.format === 'duckdb-parquet'
              ? 'reference: DuckDB Parquet'
              : format.format,
          format.runsMs.length,
          s(format.medianMs),
          n(format.recordsPerSecond),
          mb(format.bytes),
          mib(format.peakRssKiB),
          format.duckdbReadMs === null ? '–' : s(format.duckdbReadMs),
        ]),
      ),
    ),
    '',
    ...results.formats.sizes.map(
      (size) =>
        `- ${n(size.records)} records: JSON + CSV + Parquet ${s(size.jsonCsvParquetMs)}${size.allFormatsMs === undefined ? '' : `; all formats (JSON, CSV, Parquet, Arrow, XLSX) ${s(size.allFormatsMs)}`}; CSV / Parquet size ${size.csvToParquetSizeRatio.toFixed(2)}; building the table they read (generate, normalize, Arrow) ${s(size.prepareMedianMs)}.`,
    ),
    '',
    '### The build at each size (`build --offline` from that harvest)',
    '',
    ...sectionNote(results.build),
    ...table(
      [
        'records',
        'wall time',
        'peak RSS (largest process)',
        'peak RSS (process tree)',
        'snapshot files',
        'snapshot size',
        'site in pipeline',
        'vs previous size: records ×',
        'time ×',
        'time × / records ×',
        'peak RSS × (process; tree)',
      ],
      withGrowth(results.build.sizes).map(({ size, growth }) => {
        const times = (value: number | null): string => (value === null ? '?' : `${value} ×`);
        return [
          n(size.records),
          s(size.wallMs),
          mib(size.peakRssKiB),
          mib(size.peakTreeRssKiB),
          size.snapshotFiles ?? '–',
          size.snapshotBytes === null ? '–' : mb(size.snapshotBytes),
          size.siteInPipeline ? 'yes' : 'no',
          growth ? `${growth.sizeRatio} × (vs ${n(growth.records)})` : '–',
          growth ? times(growth.timeRatio) : '–',
          growth ? growth.timeOverSize.toFixed(2) : '–',
          growth ? `${times(growth.rssRatio)}; ${times(growth.treeRssRatio)}` : '–',
        ];
      }),
    ),
    '',
    '### Site build',
    '',
    ...sectionNote(results.site),
    ...table(
      [
        'data',
        'dapils',
        'party records',
        'turnout records',
        'HTML pages',
        'first build',
        'rebuild (nothing changed)',
        'rebuild with Astro (`--rebuild-site`)',
        '`build --offline` (nothing changed)',
        'peak RSS',
        'peak RSS (tree)',
        'bare Astro, same pages',
        'site stage / bare Astro',
      ],
      results.site.builds.map((build) => {
        const runs = [build.firstBuild, build.rebuild, build.forcedRebuild];
        const kept =
          build.rebuildKeptSite === undefined ? '' : build.rebuildKeptSite ? ' (site kept)' : ' (built anew)';
        return [
          build.name,
          n(build.dapils),
          n(build.parties),
          n(build.turnoutRecords),
          build.htmlPages === null ? '–' : n(build.htmlPages),
          s(build.firstBuild.wallMs),
          build.rebuild ? `${s(build.rebuild.medianMs)}${kept}` : '–',
          build.forcedRebuild ? s(build.forcedRebuild.medianMs) : '–',
          build.pipelineRebuild ? s(build.pipelineRebuild.medianMs) : '–',
          mib(Math.max(...runs.map((run) => run?.peakRssKiB ?? 0)) || null),
          mib(Math.max(...runs.map((run) => run?.peakTreeRssKiB ?? 0)) || null),
          build.bareAstro ? `${s(build.bareAstro.builds.medianMs)} (${n(build.bareAstro.pages)} pages)` : '–',
          build.bareAstro ? `${build.bareAstro.ratio.toFixed(2)} × (${build.bareAstro.siteStage.run})` : '–',
        ];
      }),
    ),
    '',
    '### Pages',
    '',
    ...sectionNote(results.pages),
    ...table(
      ['site', 'page', 'path', 'transferred', 'requests'],
      results.pages.transfers.map((transfer) => [
        transfer.site,
        transfer.kind === 'home' ? 'home' : `heaviest ${transfer.kind}`,
        `\`${transfer.path}\``,
        mb(transfer.transferBytes),
        transfer.requests,
      ]),
    ),
    '',
    ...lighthouseLines(results),
    '### Commands',
    '',
    ...results.commands.map((command) => `- \`${command}\``),
  ];
  return lines.join('\n');
}

const SECTIONS = ['harvest', 'formats', 'build', 'site', 'pages'] as const;

/** The newest full run in `dir` that measured every section: the run docs/performance.md shows. */
export function newestFullRun(dir: string): { file: string; results: BenchResults } {
  const runs = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((file) => ({ file, results: JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as BenchResults }))
    .filter(({ results }) => results.mode === 'full' && SECTIONS.every((name) => results[name].status === 'ok'))
    .sort((a, b) => b.results.startedAt.localeCompare(a.results.startedAt));
  const [newest] = runs;
  if (!newest) throw new Error(`${dir} holds no full benchmark run with every section measured`);
  return newest;
}

/** The tables of the newest full run in `dir` (named as `shownDir` in the text), its goals checked as the code checks them now. */
export function renderNewestResults(dir: string, shownDir: string): string {
  const { file, results } = newestFullRun(dir);
  results.goals = checkGoals(results);
  return `From \`${shownDir}/${file}\`, the newest full run that measured every section.\n\n${renderResultsMarkdown(results)}`;
}
