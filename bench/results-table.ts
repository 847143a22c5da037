// Renders a results file as the Markdown tables of docs/performance.md, and replaces the generated block there.
import { readFile, writeFile } from 'node:fs/promises';
import type { BenchResults } from './bench-results.ts';

const TABLE_START = '<!-- bench:results -->';
const TABLE_END = '<!-- /bench:results -->';

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

export function renderResultsMarkdown(results: BenchResults): string {
  const { machine } = results;
  const lines: string[] = [
    `Run of ${results.startedAt} (\`${results.mode}\`, ${s(results.durationMs)}): ${machine.cpuModel}, ${machine.cores} cores, ${(machine.memoryBytes / 2 ** 30).toFixed(0)} GiB, ${machine.os}, Node ${machine.nodeVersion}, commit ${machine.commit?.slice(0, 10) ?? '?'}${machine.uncommittedChanges.length > 0 ? ` with ${machine.uncommittedChanges.length} uncommitted files` : ''}; load average ${machine.loadAverageAtStart.toFixed(2)} at the start, ${machine.loadAverageAtEnd.toFixed(2)} at the end. Memory: ${results.rssMethod}.`,
    '',
    '#### Goals',
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
    '#### Harvest against the stand-in, next to the fair floor and the fetch-only loop (medians; process wall time)',
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
    '#### Snapshot writers on the same Arrow table (medians); DuckDB reading each file back',
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
        `- ${n(size.records)} records: JSON + CSV + Parquet ${s(size.jsonCsvParquetMs)}; CSV / Parquet size ${size.csvToParquetSizeRatio.toFixed(2)}; building the table they read (generate, normalize, Arrow) ${s(size.prepareMedianMs)}.`,
    ),
    '',
    '#### The build at each size (`build --offline` from that harvest)',
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
      ],
      results.build.sizes.map((size) => [
        n(size.records),
        s(size.wallMs),
        mib(size.peakRssKiB),
        mib(size.peakTreeRssKiB),
        size.snapshotFiles ?? '–',
        size.snapshotBytes === null ? '–' : mb(size.snapshotBytes),
        size.siteInPipeline ? 'yes' : 'no',
      ]),
    ),
    '',
    '#### Site build',
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
          s(build.pipelineRebuild.medianMs),
          mib(Math.max(...runs.map((run) => run?.peakRssKiB ?? 0)) || null),
          mib(Math.max(...runs.map((run) => run?.peakTreeRssKiB ?? 0)) || null),
        ];
      }),
    ),
    '',
    '#### Pages',
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
    `Lighthouse: ${results.pages.lighthouse.available ? 'available' : 'not run'}. ${results.pages.lighthouse.reason} Instead: ${results.pages.lighthouse.substitute}.`,
    '',
    ...table(
      ['page', 'path', 'FCP', 'LCP', 'TBT', 'CLS', 'performance (estimate)', 'axe violations', 'axe rules passed'],
      results.pages.audits.map((audit) => [
        audit.kind,
        `\`${audit.path}\``,
        `${audit.fcpMs} ms`,
        `${audit.lcpMs} ms`,
        `${audit.tbtMs} ms`,
        audit.cls.toFixed(3),
        audit.performanceEstimate,
        audit.axe.violations === 0 ? '0' : `${audit.axe.violations} (${audit.axe.violatedRules.join(', ')})`,
        audit.axe.passedRules,
      ]),
    ),
    '',
    '#### Commands',
    '',
    ...results.commands.map((command) => `- \`${command}\``),
  ];
  return lines.join('\n');
}

/** Replaces the block between the markers in `file` with the tables of `results`. */
export async function writeResultsIntoDoc(file: string, results: BenchResults, resultsFile: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${TABLE_START} … ${TABLE_END} block`);
  const block = `${TABLE_START}\n<!-- generated by npm run bench -- --docs from ${resultsFile}; do not edit by hand -->\n\n${renderResultsMarkdown(results)}\n\n${TABLE_END}`;
  await writeFile(file, `${text.slice(0, start)}${block}${text.slice(end + TABLE_END.length)}`);
}
