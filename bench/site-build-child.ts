// One site build for the benchmark, in a process of its own (GNU time then sees it and the Astro build it
// spawns): runs the site stage on a snapshot data folder. Usage: node bench/site-build-child.ts <dataDir> <outDir>
// [--rebuild]; --rebuild runs Astro even when the site in <outDir> could be kept. Exits with 3 when the site
// stage is not in the project yet.
import { createSilentReporter } from '../scripts/log/progress-reporter.ts';

/** The site stage's entry point, as far as the benchmark needs it. */
export type RunSiteStage = (options: {
  dataDir: string;
  outDir: string;
  reporter?: ReturnType<typeof createSilentReporter>;
  reuse?: boolean;
}) => Promise<{ pages: number; files: number; reused?: boolean }>;

export const SITE_NOT_AVAILABLE_EXIT = 3;

/** runSiteStage from scripts/site/site-stage.ts, or why it cannot be used. */
export async function loadSiteStage(): Promise<
  { ok: true; runSiteStage: RunSiteStage } | { ok: false; reason: string }
> {
  const modulePath = '../scripts/site/site-stage.ts';
  try {
    const loaded = (await import(modulePath)) as { runSiteStage?: unknown };
    if (typeof loaded.runSiteStage !== 'function')
      return { ok: false, reason: 'scripts/site/site-stage.ts exports no runSiteStage' };
    return { ok: true, runSiteStage: loaded.runSiteStage as RunSiteStage };
  } catch (error) {
    return {
      ok: false,
      reason: `scripts/site/site-stage.ts cannot be loaded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
    };
  }
}

if (import.meta.main) {
  const [dataDir, outDir, flag] = process.argv.slice(2);
  if (!dataDir || !outDir || (flag !== undefined && flag !== '--rebuild')) {
    process.stderr.write('usage: node bench/site-build-child.ts <dataDir> <outDir> [--rebuild]\n');
    process.exit(2);
  }
  const stage = await loadSiteStage();
  if (!stage.ok) {
    process.stderr.write(`${stage.reason}\n`);
    process.exit(SITE_NOT_AVAILABLE_EXIT);
  }
  const result = await stage.runSiteStage({
    dataDir,
    outDir,
    reporter: createSilentReporter(),
    reuse: flag !== '--rebuild',
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
