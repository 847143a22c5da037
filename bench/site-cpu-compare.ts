// CPU time (user + system of the process tree, from GNU time) and wall time of the site stage of this tree and of
// another copy of the project (the code before a change), each on a snapshot its own build wrote from the same data,
// alternated: a comparison that a loaded machine disturbs less than one taken at different moments
// (docs/performance.md, "The site stage against an earlier version").
// Usage: node bench/site-cpu-compare.ts <repetitions> <other project root> [--real] [--site-url <url>]
// --real: the real data of ../shared/data/canonical (else the demo); --site-url: KPU_SITE_URL, so the social cards
// (and any other PNGs a version rasterizes) are drawn, each version timed with its PNG caches emptied first (cold) and
// kept (warm).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadUpstreamData } from '../scripts/upstream/upstream-data.ts';
import { startUpstreamServer } from '../scripts/upstream/upstream-server.ts';
import { REAL_FILES } from '../test/site/site-fixtures.ts';
import { PROJECT_ROOT, SHARED_DATA_DIR } from './support/paths.ts';
import { median, round } from './support/stats.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { real: { type: 'boolean' }, 'site-url': { type: 'string' } },
});
const reps = Number(positionals[0]);
const otherRoot = positionals[1];
if (!Number.isInteger(reps) || reps < 1 || otherRoot === undefined)
  throw new Error(
    'usage: node bench/site-cpu-compare.ts <repetitions> <other project root> [--real] [--site-url <url>]',
  );
const siteUrl = values['site-url'] ?? null;
const key = 'site-compare-key-0123456789';
const node = path.join(PROJECT_ROOT, 'node_modules/node/bin/node');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'site-compare-'));
const roots = { other: path.resolve(otherRoot), this: PROJECT_ROOT };

// One run of a version's site stage, Astro forced to run (as `build --rebuild-site` does).
const runner = path.join(scratch, 'site-run.ts');
writeFileSync(
  runner,
  `const [root, dataDir, outDir, url] = process.argv.slice(2);
const { runSiteStage } = await import(root + '/scripts/site/site-stage.ts');
await runSiteStage({ dataDir, outDir, reuse: false, siteUrl: url === '-' ? null : url });
`,
);

function timed(args: string[], cwd: string, env: Record<string, string>): { wall: number; cpu: number } {
  const out = path.join(scratch, 'time');
  const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S', '-o', out, node, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ASTRO_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed in ${cwd}`);
  const [wall, user, system] = (readFileSync(out, 'utf8').trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  return { wall: wall ?? NaN, cpu: (user ?? NaN) + (system ?? NaN) };
}

/**
 * A version's build, not timed: a process of its own run without blocking this one, whose stand-in upstream answers
 * its requests meanwhile.
 */
function build(cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, ['scripts/cli.ts', 'build', '--json'], {
      cwd,
      env: { PATH: process.env.PATH ?? '', ASTRO_TELEMETRY_DISABLED: '1', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`the build failed in ${cwd}`))));
  });
}

// Each version's snapshot, written by its own build from the same data (a stand-in serving the real files, or the
// demo the CLI serves itself).
const upstream = values.real
  ? await startUpstreamServer({
      apiKey: key,
      data: await loadUpstreamData(REAL_FILES.map((file) => path.join(SHARED_DATA_DIR, 'canonical', file))),
    })
  : null;
const dataDirs = new Map<string, string>();
try {
  for (const [name, root] of Object.entries(roots)) {
    const cache = path.join(scratch, name, 'cache');
    await build(root, {
      KPU_CACHE_DIR: cache,
      KPU_DIST_DIR: path.join(scratch, name, 'dist'),
      ...(upstream === null ? {} : { KPU_BASE_URL: upstream.url, KPU_API_KEY: key }),
    });
    dataDirs.set(name, path.join(cache, 'stages', 'snapshot', 'data'));
  }
} finally {
  await upstream?.close();
}

const caches = siteUrl === null ? ['-'] : ['cold', 'warm'];
const times = new Map<string, Array<{ wall: number; cpu: number }>>();
for (let rep = 0; rep < reps; rep += 1) {
  const order = rep % 2 === 0 ? (['other', 'this'] as const) : (['this', 'other'] as const);
  for (const cache of caches) {
    for (const name of order) {
      const outDir = path.join(scratch, name, `site-${cache}`);
      if (cache === 'cold')
        for (const kept of ['-cards', '-figures']) rmSync(`${outDir}${kept}`, { recursive: true, force: true });
      // A warm cache: the first warm run of each version fills it, untimed.
      if (cache === 'warm' && rep === 0)
        timed([runner, roots[name], dataDirs.get(name) ?? '', outDir, siteUrl ?? '-'], roots[name], {});
      const time = timed([runner, roots[name], dataDirs.get(name) ?? '', outDir, siteUrl ?? '-'], roots[name], {});
      const label = `${name} ${cache}`;
      times.set(label, [...(times.get(label) ?? []), time]);
      process.stdout.write(`${rep + 1} ${label}: ${time.cpu.toFixed(2)} CPU-s, ${time.wall.toFixed(2)} s\n`);
    }
  }
}
const medianOf = (label: string, of: 'cpu' | 'wall') => median((times.get(label) ?? []).map((time) => time[of]));
for (const cache of caches) {
  const [other, own] = [`other ${cache}`, `this ${cache}`];
  process.stdout.write(
    `${cache === '-' ? 'no site URL' : `${cache} PNG caches`}: CPU ${round(medianOf(own, 'cpu'), 2)} vs ${round(medianOf(other, 'cpu'), 2)} s (${round(medianOf(own, 'cpu') / medianOf(other, 'cpu'), 2)} ×), ` +
      `wall ${round(medianOf(own, 'wall'), 2)} vs ${round(medianOf(other, 'wall'), 2)} s (${round(medianOf(own, 'wall') / medianOf(other, 'wall'), 2)} ×); load average ${os.loadavg()[0]?.toFixed(1)}\n`,
  );
}
rmSync(scratch, { recursive: true, force: true });
