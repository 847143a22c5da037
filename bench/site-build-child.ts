// One site build for the benchmark, in a process of its own (GNU time then sees it and the Astro build it
// spawns): runs the site stage on a snapshot data folder. Usage: node bench/site-build-child.ts <dataDir> <outDir>
// [--rebuild]; --rebuild runs Astro even when the site in <outDir> could be kept. As in a build, Node's compile cache
// is on before the stage's modules load (the CLI turns it on for itself: scripts/foundation/compile-cache.ts), and the
// stage gives its Astro process one of its own. The stage is imported uncaught: a broken stage fails the benchmark
// with its error, never reads as "not available".
import { enableCompileCache } from '../scripts/foundation/compile-cache.ts';

const [dataDir, outDir, flag] = process.argv.slice(2);
if (!dataDir || !outDir || (flag !== undefined && flag !== '--rebuild')) {
  process.stderr.write('usage: node bench/site-build-child.ts <dataDir> <outDir> [--rebuild]\n');
  process.exit(2);
}
enableCompileCache();
const { createSilentReporter } = await import('../scripts/log/progress-reporter.ts');
const { runSiteStage } = await import('../scripts/site/site-stage.ts');
const result = await runSiteStage({
  dataDir,
  outDir,
  reporter: createSilentReporter(),
  reuse: flag !== '--rebuild',
});
process.stdout.write(`${JSON.stringify(result)}\n`);
