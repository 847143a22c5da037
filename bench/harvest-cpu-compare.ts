// CPU time (user + system, from GNU time) of the harvest of this tree and of another copy of the project (the code
// before a change), and of the fair floor, against one stand-in: a comparison that a loaded machine disturbs less
// than wall time does (docs/performance.md, "Harvest").
// Usage: node bench/harvest-cpu-compare.ts <records> <repetitions> <other project root>
import { fork, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UpstreamChildMessage } from './upstream-child.ts';
const records = Number(process.argv[2] ?? 100000);
const reps = Number(process.argv[3] ?? 3);
const otherRoot = process.argv[4];
if (!otherRoot)
  throw new Error('usage: node bench/harvest-cpu-compare.ts <records> <repetitions> <other project root>');
const key = 'cpu-compare-key-0123456789';
const wt = path.resolve(import.meta.dirname, '..');
const child = fork(path.join(wt, 'bench/upstream-child.ts'), ['--records', String(records), '--delay-ms', '0'], {
  cwd: wt,
  env: { PATH: process.env.PATH ?? '', BENCH_UPSTREAM_KEY: key },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const next = <T extends UpstreamChildMessage['type']>(type: T): Promise<Extract<UpstreamChildMessage, { type: T }>> =>
  new Promise((resolve) => {
    const on = (m: UpstreamChildMessage): void => {
      if (m.type === type) {
        child.off('message', on);
        resolve(m as Extract<UpstreamChildMessage, { type: T }>);
      }
    };
    child.on('message', on);
  });
const { url } = await next('ready');
const node = path.join(wt, 'node_modules/node/bin/node');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'cpu-compare-'));
function timed(args: string[], cwd: string, env: Record<string, string>): { wall: number; cpu: number } {
  const out = path.join(scratch, 'time');
  const r = spawnSync('/usr/bin/time', ['-f', '%e %U %S', '-o', out, node, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`${args.join(' ')} failed`);
  const [e, u, s] = (spawnSync('cat', [out]).stdout.toString().trim().split('\n').at(-1) as string)
    .split(' ')
    .map(Number);
  return { wall: e as number, cpu: (u as number) + (s as number) };
}
const harvest = (root: string) => {
  const cache = path.join(scratch, 'cache');
  rmSync(cache, { recursive: true, force: true });
  return timed(['scripts/cli.ts', 'harvest', '--json'], root, {
    KPU_BASE_URL: url,
    KPU_API_KEY: key,
    KPU_CACHE_DIR: cache,
    KPU_CONCURRENCY: '2',
    KPU_PAGE_SIZE: '1000',
    CI: 'true',
  });
};
harvest(wt); // warm-up; its requests are the floor's list
child.send({ type: 'requests', from: 0 });
const { entries } = await next('requests');
const plan = path.join(scratch, 'plan.json');
writeFileSync(
  plan,
  JSON.stringify({
    urls: entries.map((e) => `${url}${e.path}?${new URLSearchParams(e.query).toString()}`),
    concurrency: 2,
    timeoutMs: 30000,
  }),
);
const floor = () => {
  const dir = path.join(scratch, 'floor');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  return timed(['bench/bare-fetch-child.ts', plan, '--fair-floor', dir], wt, { BENCH_UPSTREAM_KEY: key });
};
const results: Record<string, { wall: number; cpu: number }[]> = { before: [], after: [], floor: [] };
for (let i = 0; i < reps; i++) {
  const order = i % 2 === 0 ? ['before', 'after', 'floor'] : ['floor', 'after', 'before'];
  for (const which of order)
    results[which]!.push(which === 'floor' ? floor() : harvest(which === 'before' ? otherRoot : wt));
  console.log(i, JSON.stringify(results));
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
for (const [k, v] of Object.entries(results))
  console.log(
    k,
    'cpu median',
    med(v.map((x) => x.cpu)).toFixed(2),
    's; wall median',
    med(v.map((x) => x.wall)).toFixed(2),
    's; cpu',
    v.map((x) => x.cpu.toFixed(2)).join(', '),
  );
child.send({ type: 'stop' });
rmSync(scratch, { recursive: true, force: true });
