// The build at each size: `node scripts/cli.ts build --offline` from the harvest the harvest section left
// (check, normalize, snapshot, release, publish, and the site once the pipeline runs it), its time and peak RSS.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { BuildSection, BuildSize } from './bench-results.ts';
import { buildGrowth } from './build-growth.ts';
import type { BenchContext } from './support/bench-context.ts';
import { assertSucceeded, runMeasured } from './support/measured-process.ts';
import { CLI_SCRIPT, PROJECT_ROOT } from './support/paths.ts';
import { round } from './support/stats.ts';

interface BuildOutput {
  snapshot?: { files: number; bytes: number };
}

export async function benchBuild(context: BenchContext): Promise<Omit<BuildSection, 'durationMs'>> {
  const sizes: BuildSize[] = [];
  for (const records of context.plan.sizes) {
    const cacheDir = context.harvestCaches.get(records);
    if (!cacheDir)
      throw new Error(`no harvest of ${records} records to build from (the harvest section did not run or failed)`);
    const distDir = path.join(context.workDir, `build-${records}-dist`);
    const profile = context.cpuProfileDir
      ? ['--cpu-prof', `--cpu-prof-dir=${context.cpuProfileDir}`, `--cpu-prof-name=build-${records}.cpuprofile`]
      : [];
    const run = assertSucceeded(
      await runMeasured(process.execPath, [...profile, CLI_SCRIPT, 'build', '--offline', '--json'], {
        cwd: PROJECT_ROOT,
        env: { KPU_CACHE_DIR: cacheDir, KPU_DIST_DIR: distDir, CI: 'true', ASTRO_TELEMETRY_DISABLED: '1' },
      }),
      `build --offline of ${records} records`,
    );
    context.noteCommand(`${run.command}  (KPU_CACHE_DIR=<the harvest above> KPU_DIST_DIR=<fresh>)`);
    const output = JSON.parse(run.stdout) as BuildOutput;
    const siteInPipeline = existsSync(path.join(distDir, 'index.html'));
    const previous = sizes.at(-1);
    const vsPrevious = previous
      ? buildGrowth(previous, {
          records,
          wallMs: run.wallMs,
          peakRssKiB: run.peakRssKiB,
          peakTreeRssKiB: run.peakTreeRssKiB,
        })
      : undefined;
    sizes.push({
      records,
      wallMs: round(run.wallMs),
      peakRssKiB: run.peakRssKiB,
      peakTreeRssKiB: run.peakTreeRssKiB,
      snapshotFiles: output.snapshot?.files ?? null,
      snapshotBytes: output.snapshot?.bytes ?? null,
      siteInPipeline,
      ...(vsPrevious ? { vsPrevious } : {}),
    });
    context.log(
      `build ${records.toLocaleString('en')}: ${(run.wallMs / 1000).toFixed(1)} s, peak RSS ${((run.peakRssKiB ?? 0) / 1024).toFixed(0)} MiB (process tree ${((run.peakTreeRssKiB ?? 0) / 1024).toFixed(0)} MiB)${vsPrevious ? `; vs ${vsPrevious.records.toLocaleString('en')}: ${vsPrevious.sizeRatio} × the records, ${vsPrevious.timeRatio} × the time (time / size ${vsPrevious.timeOverSize}), ${vsPrevious.rssRatio ?? '?'} × the peak RSS (tree ${vsPrevious.treeRssRatio ?? '?'} ×)` : ''}`,
    );
    // Published data and the snapshot of a million records take gigabytes: free them before the next size.
    await rm(`${distDir}.builds`, { recursive: true, force: true });
    await rm(distDir, { recursive: true, force: true });
    await rm(path.join(cacheDir, 'stages'), { recursive: true, force: true });
  }
  return { status: 'ok', sizes };
}
