// One site build for the benchmark, in a process of its own (GNU time then sees it and the Astro build it
// spawns): runs the site stage on a snapshot data folder. Usage: node bench/site-build-child.ts <dataDir> <outDir>
// [--rebuild]; --rebuild runs Astro even when the site in <outDir> could be kept. The site stage is imported
// statically: a broken stage fails the benchmark with its error, never reads as "not available".
import { createSilentReporter } from '../scripts/log/progress-reporter.ts';
import { runSiteStage } from '../scripts/site/site-stage.ts';

const [dataDir, outDir, flag] = process.argv.slice(2);
if (!dataDir || !outDir || (flag !== undefined && flag !== '--rebuild')) {
  process.stderr.write('usage: node bench/site-build-child.ts <dataDir> <outDir> [--rebuild]\n');
  process.exit(2);
}
const result = await runSiteStage({
  dataDir,
  outDir,
  reporter: createSilentReporter(),
  reuse: flag !== '--rebuild',
});
process.stdout.write(`${JSON.stringify(result)}\n`);
