// What every benchmark section shares: the mode and sizes, a scratch folder, the log, the list of commands
// run (for the results file), and the harvests kept for the build section.
import { performance } from 'node:perf_hooks';

export interface BenchPlan {
  mode: 'quick' | 'full';
  /** Record counts of the harvest, format and build sections. */
  sizes: number[];
  /** Sizes at which the harvest is compared again with a stand-in that answers after a delay. */
  latencySizes: number[];
  /** Repetitions at a size (at least one). */
  repetitions(records: number): number;
  /** Build the site of the CLI's own demo data, not of the real data (../shared/data): the smallest site there is. */
  demoSite: boolean;
  /** Build the synthetic site with ten times the real dapils and parties too. */
  largeSite: boolean;
  /** Site stage runs again with nothing changed (0: not measured). */
  siteRebuilds: number;
  /** `build --offline` runs again with nothing changed (0: not measured). */
  pipelineRebuilds: number;
  /** Throttled loads per audited page. */
  auditRuns: number;
}

export interface BenchContext {
  plan: BenchPlan;
  /** Scratch folder for caches, snapshots and sites; removed at the end unless --keep. */
  workDir: string;
  /** When set, CLI children run with --cpu-prof into this folder. */
  cpuProfileDir: string | null;
  log(message: string): void;
  /** Remembers a command behind a figure; the same command line is listed once. */
  noteCommand(command: string): void;
  /** The newest complete harvest cache of each size, for the build section. */
  harvestCaches: Map<number, string>;
}

export function createLogger(): (message: string) => void {
  const started = performance.now();
  return (message) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1).padStart(7);
    process.stderr.write(`[bench ${seconds}s] ${message}\n`);
  };
}

/** Runs a section; an exception becomes status "failed" with the message, so the other sections still run. */
export async function runSection<T extends { status: string; durationMs: number; reason?: string }>(
  name: string,
  context: BenchContext,
  empty: Omit<T, 'status' | 'durationMs'>,
  body: () => Promise<Omit<T, 'durationMs'>>,
): Promise<T> {
  const started = performance.now();
  context.log(`${name}: start`);
  try {
    const result = await body();
    context.log(`${name}: ${result.status}${result.reason ? ` (${result.reason})` : ''}`);
    return { ...result, durationMs: Math.round(performance.now() - started) } as T;
  } catch (error) {
    const reason = error instanceof Error ? (error.stack ?? error.message) : String(error);
    context.log(`${name}: FAILED\n${reason}`);
    return {
      ...empty,
      status: 'failed',
      reason: reason.split('\n').slice(0, 30).join('\n'),
      durationMs: Math.round(performance.now() - started),
    } as T;
  }
}
