// `npm run bench`: runs the real CLI and writers as child processes and reports harvest overhead, snapshot
// writing, the build's time and memory, the site build (against bare Astro) and the pages (their weight and
// Lighthouse's scores), with the machine it ran on, into bench/results/*.json. Options: `--help`.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { checkGoals } from './bench-goals.ts';
import type {
  BenchResults,
  BuildSection,
  FormatsSection,
  HarvestSection,
  PagesSection,
  SiteSection,
} from './bench-results.ts';
import { benchBuild } from './build-bench.ts';
import { benchFormats } from './formats-bench.ts';
import { benchHarvest } from './harvest-bench.ts';
import { benchPages } from './pages-bench.ts';
import { updateGeneratedDocs } from '../scripts/docs/generated-sections.ts';
import { renderResultsMarkdown } from './results-table.ts';
import { benchSite, type BuiltSite } from './site-bench.ts';
import { createLogger, runSection, type BenchContext, type BenchPlan } from './support/bench-context.ts';
import { describeMachine } from './support/machine-info.ts';
import { RSS_METHOD } from './support/measured-process.ts';
import { PROJECT_ROOT, RESULTS_DIR, SCRATCH_RESULTS_DIR } from './support/paths.ts';

const SECTIONS = ['harvest', 'formats', 'build', 'site', 'pages'] as const;
type SectionName = (typeof SECTIONS)[number];

const USAGE = `Usage: npm run bench [-- options]

  --quick           a smoke run for CI: 1,000 records, one repetition, no harvest against a distant
                    upstream, the demo site built once (and its bare Astro baseline once) and no
                    \`build --offline\` again, Lighthouse on its home page only, no figures checked;
                    results go to bench/results/tmp/ (git-ignored)
  --only LIST       run only these sections (comma-separated: ${SECTIONS.join(', ')}); build needs harvest,
                    pages needs site
  --sizes LIST      record counts instead of 1000,100000,1000000 (--quick: 1000)
  --out FILE        write the results JSON here (default: bench/results/<sections>-<time>.json, where
                    <sections> is "full" for every section, or the --only list joined by "+")
  --docs            then run \`npm run docs\`: docs/performance.md shows the newest full run in bench/results/
                    that measured every section
  --cpu-prof        profile the CLI and writer children (--cpu-prof) into bench/results/tmp/profiles-<time>/
  --keep            keep the scratch folder (harvests, snapshots, sites) and print where it is
  -h, --help        show this help

A full run takes about 25 minutes on 2 cores and needs about 10 GB of free disk in the temporary folder.
`;

/** The largest of the sizes up to 100,000: where the harvest is also measured against a distant upstream. */
function latencySizesOf(sizes: readonly number[]): number[] {
  const candidates = sizes.filter((size) => size <= 100_000);
  return candidates.length > 0 ? [Math.max(...candidates)] : [];
}

function createPlan(quick: boolean, sizes: number[] | null): BenchPlan {
  if (quick) {
    return {
      mode: 'quick',
      sizes: sizes ?? [1000],
      latencySizes: [],
      demoSite: true,
      repetitions: () => 1,
      largeSite: false,
      siteRebuilds: 0,
      pipelineRebuilds: 0,
      auditRuns: 1,
    };
  }
  return {
    mode: 'full',
    sizes: sizes ?? [1000, 100_000, 1_000_000],
    latencySizes: latencySizesOf(sizes ?? [1000, 100_000, 1_000_000]),
    repetitions: (records) => (records <= 1000 ? 5 : 3),
    demoSite: false,
    largeSite: true,
    siteRebuilds: 3,
    pipelineRebuilds: 3,
    auditRuns: 3,
  };
}

function timestamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

const skipped = (name: SectionName) => ({
  status: 'not-available' as const,
  reason: `${name}: skipped (not in --only)`,
  durationMs: 0,
});

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean' },
      only: { type: 'string' },
      sizes: { type: 'string' },
      out: { type: 'string' },
      docs: { type: 'boolean' },
      'cpu-prof': { type: 'boolean' },
      keep: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const only = values.only ? values.only.split(',').map((name) => name.trim()) : [...SECTIONS];
  const unknown = only.filter((name) => !(SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`--only: unknown section ${unknown.join(', ')}`);
  const sizes = values.sizes ? values.sizes.split(',').map(Number) : null;
  if (sizes?.some((size) => !Number.isInteger(size) || size < 1))
    throw new Error('--sizes: whole numbers of at least 1, comma-separated');

  const plan = createPlan(values.quick === true, sizes);
  const started = new Date();
  const startedMs = performance.now();
  const stamp = timestamp(started);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'kpu-bench-'));
  const cpuProfileDir = values['cpu-prof'] ? path.join(SCRATCH_RESULTS_DIR, `profiles-${stamp}`) : null;
  if (cpuProfileDir) await mkdir(cpuProfileDir, { recursive: true });
  const commands = new Set<string>();
  const context: BenchContext = {
    plan,
    workDir,
    cpuProfileDir,
    log: createLogger(),
    noteCommand: (command) => commands.add(command),
    harvestCaches: new Map(),
  };
  const machine = describeMachine();
  context.log(
    `${plan.mode} run: sizes ${plan.sizes.join(', ')}; ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.nodeVersion}; scratch ${workDir}`,
  );
  const wanted = (name: SectionName): boolean => only.includes(name);

  const builtSites: BuiltSite[] = [];
  try {
    const harvest: HarvestSection = wanted('harvest')
      ? await runSection<HarvestSection>('harvest', context, { concurrency: 0, pageSize: 0, sizes: [] }, () =>
          benchHarvest(context),
        )
      : { ...skipped('harvest'), concurrency: 0, pageSize: 0, sizes: [] };
    const formats: FormatsSection = wanted('formats')
      ? await runSection<FormatsSection>('formats', context, { sizes: [] }, () => benchFormats(context))
      : { ...skipped('formats'), sizes: [] };
    const build: BuildSection = wanted('build')
      ? await runSection<BuildSection>('build', context, { sizes: [] }, () => benchBuild(context))
      : { ...skipped('build'), sizes: [] };
    const site: SiteSection = wanted('site')
      ? await runSection<SiteSection>('site', context, { builds: [] }, () => benchSite(context, builtSites))
      : { ...skipped('site'), builds: [] };
    const emptyPages = { lighthouse: { version: '', setup: '', runs: [] }, transfers: [] };
    const pages: PagesSection = wanted('pages')
      ? await runSection<PagesSection>('pages', context, emptyPages, () => benchPages(context, builtSites))
      : { ...skipped('pages'), ...emptyPages };

    const results: BenchResults = {
      schemaVersion: 1,
      mode: plan.mode,
      startedAt: started.toISOString(),
      finishedAt: new Date().toISOString(),
      durationMs: Math.round(performance.now() - startedMs),
      machine: { ...machine, loadAverageAtEnd: os.loadavg()[0] ?? 0 },
      rssMethod: RSS_METHOD,
      commands: [
        `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
        ...commands,
      ],
      harvest,
      formats,
      build,
      site,
      pages,
      goals: [],
    };
    results.goals = checkGoals(results);

    const out = values.out
      ? path.resolve(values.out)
      : plan.mode === 'quick'
        ? path.join(SCRATCH_RESULTS_DIR, `quick-${stamp}.json`)
        : path.join(RESULTS_DIR, `${values.only ? only.join('+') : 'full'}-${stamp}.json`);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
    context.log(`results: ${path.relative(PROJECT_ROOT, out)}`);
    if (values.docs) {
      const changed = await updateGeneratedDocs(PROJECT_ROOT);
      context.log(changed.length > 0 ? `docs updated: ${changed.join(', ')}` : 'docs are current');
    }
    process.stdout.write(`${renderResultsMarkdown(results)}\n`);
    const failed = [harvest, formats, build, site, pages].filter((section) => section.status === 'failed');
    return failed.length > 0 ? 1 : 0;
  } finally {
    if (values.keep) context.log(`kept ${workDir}`);
    else await rm(workDir, { recursive: true, force: true });
  }
}

process.exitCode = await main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
