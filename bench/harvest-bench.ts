// Harvest overhead: `node scripts/cli.ts harvest` against the stand-in upstream, next to two loops that fetch
// exactly the URLs the harvest requested with the same concurrency: the fair floor (JSON.parse each body, write it
// to a file) and the fetch-only loop; in the same run, rotating which goes first. The stand-in runs in its own
// process, so each client has the other core.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HarvestSection, HarvestSize } from './bench-results.ts';
import type { BareFetchPlan } from './bare-fetch-child.ts';
import type { BenchContext } from './support/bench-context.ts';
import { assertSucceeded, runMeasured, timedRuns, type MeasuredRun } from './support/measured-process.ts';
import { CLI_SCRIPT, PROJECT_ROOT } from './support/paths.ts';
import { median, round } from './support/stats.ts';
import type { UpstreamChildMessage, UpstreamParentMessage, UpstreamRequest } from './upstream-child.ts';

/** The harvester's defaults (scripts/config.ts), which both clients use. */
const CONCURRENCY = 2;
const PAGE_SIZE = 1000;
const TIMEOUT_MS = 30_000;

interface UpstreamProcess {
  url: string;
  requestsSince(from: number): Promise<UpstreamRequest[]>;
  stop(): Promise<void>;
}

/** Starts bench/upstream-child.ts serving `records` synthetic turnout records (or the given files), answering after `delayMs`. */
async function startUpstreamProcess(
  source: { records: number } | { files: string[] },
  key: string,
  delayMs = 0,
): Promise<UpstreamProcess> {
  const args = [
    ...('records' in source ? ['--records', String(source.records)] : ['--files', source.files.join(',')]),
    '--delay-ms',
    String(delayMs),
  ];
  const child = fork(path.join(PROJECT_ROOT, 'bench', 'upstream-child.ts'), args, {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', BENCH_UPSTREAM_KEY: key },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const waitFor = <T extends UpstreamChildMessage['type']>(
    type: T,
  ): Promise<Extract<UpstreamChildMessage, { type: T }>> =>
    new Promise((resolve, reject) => {
      const onMessage = (message: UpstreamChildMessage): void => {
        if (message.type !== type) return;
        cleanup();
        resolve(message as Extract<UpstreamChildMessage, { type: T }>);
      };
      const onExit = (code: number | null): void => {
        cleanup();
        reject(new Error(`the stand-in upstream process exited (${String(code)})`));
      };
      const cleanup = (): void => {
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
    });
  const ready = await waitFor('ready');
  const send = (message: UpstreamParentMessage): void => {
    child.send(message);
  };
  return {
    url: ready.url,
    async requestsSince(from) {
      const answer = waitFor('requests');
      send({ type: 'requests', from });
      return (await answer).entries;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      send({ type: 'stop' });
      await exited;
    },
  };
}

interface HarvestRun {
  run: MeasuredRun;
  inProcessMs: number;
  pages: number;
  cacheDir: string;
}

async function runHarvest(
  context: BenchContext,
  upstream: UpstreamProcess,
  key: string,
  cacheDir: string,
  label: string,
): Promise<HarvestRun> {
  await rm(cacheDir, { recursive: true, force: true });
  const profile = context.cpuProfileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${context.cpuProfileDir}`, `--cpu-prof-name=harvest-${label}.cpuprofile`]
    : [];
  const run = assertSucceeded(
    await runMeasured(process.execPath, [...profile, CLI_SCRIPT, 'harvest', '--json'], {
      cwd: PROJECT_ROOT,
      env: {
        KPU_BASE_URL: upstream.url,
        KPU_API_KEY: key,
        KPU_CACHE_DIR: cacheDir,
        KPU_CONCURRENCY: String(CONCURRENCY),
        KPU_PAGE_SIZE: String(PAGE_SIZE),
        CI: 'true',
      },
    }),
    'harvest',
  );
  context.noteCommand(
    `${run.command.replace(cacheDir, '<cache>')}  (KPU_BASE_URL=<stand-in> KPU_CONCURRENCY=${CONCURRENCY} KPU_PAGE_SIZE=${PAGE_SIZE})`,
  );
  const result = JSON.parse(run.stdout) as {
    harvest: { startedAt: string; finishedAt: string; datasets: Record<string, { pages: number }> };
  };
  return {
    run,
    inProcessMs: Date.parse(result.harvest.finishedAt) - Date.parse(result.harvest.startedAt),
    pages: Object.values(result.harvest.datasets).reduce((sum, dataset) => sum + dataset.pages, 0),
    cacheDir,
  };
}

interface LoopRun {
  run: MeasuredRun;
  elapsedMs: number;
  requests: number;
  bytes: number;
  records: number;
}

/** The fetch-only loop, or with `floorDir` the fair floor writing its bodies there (bench/bare-fetch-child.ts). */
async function runBareLoop(
  context: BenchContext,
  planFile: string,
  key: string,
  floorDir: string | null,
): Promise<LoopRun> {
  if (floorDir) {
    await rm(floorDir, { recursive: true, force: true });
    await mkdir(floorDir, { recursive: true });
  }
  const run = assertSucceeded(
    await runMeasured(
      process.execPath,
      [
        path.join(PROJECT_ROOT, 'bench', 'bare-fetch-child.ts'),
        planFile,
        ...(floorDir ? ['--fair-floor', floorDir] : []),
      ],
      { cwd: PROJECT_ROOT, env: { BENCH_UPSTREAM_KEY: key } },
    ),
    floorDir ? 'fair floor' : 'bare undici loop',
  );
  const command = run.command.replace(planFile, '<urls.json>');
  context.noteCommand(floorDir ? command.replace(floorDir, '<dir>') : command);
  if (floorDir) await rm(floorDir, { recursive: true, force: true });
  const result = JSON.parse(run.stdout) as { elapsedMs: number; requests: number; bytes: number; records: number };
  return { run, ...result };
}

async function benchSize(context: BenchContext, records: number, delayMs: number): Promise<HarvestSize> {
  const key = randomBytes(18).toString('base64url');
  const label = `${records}${delayMs > 0 ? `-delay${delayMs}` : ''}`;
  const dir = path.join(context.workDir, `harvest-${label}`);
  await mkdir(dir, { recursive: true });
  context.log(
    `harvest ${records.toLocaleString('en')}: starting the stand-in upstream${delayMs > 0 ? `, answering after ${delayMs} ms` : ''}`,
  );
  const upstream = await startUpstreamProcess({ records }, key, delayMs);
  try {
    // An untimed warm-up harvest: it warms the server's JIT and the page cache, and its requests are the
    // list the bare loop fetches.
    let seen = 0;
    const warmup = await runHarvest(context, upstream, key, path.join(dir, 'warmup'), `${label}-warmup`);
    const requested = await upstream.requestsSince(seen);
    seen += requested.length;
    await rm(warmup.cacheDir, { recursive: true, force: true });
    const plan: BareFetchPlan = {
      urls: requested.map((entry) => `${upstream.url}${entry.path}?${new URLSearchParams(entry.query).toString()}`),
      concurrency: CONCURRENCY,
      timeoutMs: TIMEOUT_MS,
    };
    const planFile = path.join(dir, 'urls.json');
    await writeFile(planFile, JSON.stringify(plan));

    const repetitions = context.plan.repetitions(records);
    const harvests: HarvestRun[] = [];
    const bares: LoopRun[] = [];
    const floors: LoopRun[] = [];
    const kinds = ['harvest', 'floor', 'bare'] as const;
    for (let repetition = 0; repetition < repetitions; repetition += 1) {
      // Each repetition starts one further along the list, so no client always runs first.
      const order = kinds.map((_, index) => kinds[(index + repetition) % kinds.length] as (typeof kinds)[number]);
      for (const which of order) {
        if (which === 'harvest') {
          const previous = harvests.at(-1);
          if (previous) await rm(previous.cacheDir, { recursive: true, force: true });
          harvests.push(
            await runHarvest(context, upstream, key, path.join(dir, `cache-${repetition}`), `${label}-${repetition}`),
          );
          const requests = await upstream.requestsSince(seen);
          seen += requests.length;
          if (requests.length !== plan.urls.length)
            context.log(
              `harvest ${records}: ${requests.length} requests this time, ${plan.urls.length} in the warm-up`,
            );
        } else {
          const loop = await runBareLoop(context, planFile, key, which === 'floor' ? path.join(dir, 'floor') : null);
          (which === 'floor' ? floors : bares).push(loop);
          seen += plan.urls.length;
        }
      }
      const last = harvests.at(-1) as HarvestRun;
      const secondsOf = (runs: readonly { run: MeasuredRun }[]): string =>
        ((runs.at(-1)?.run.wallMs ?? 0) / 1000).toFixed(2);
      context.log(
        `harvest ${records.toLocaleString('en')} #${repetition + 1}: harvest ${(last.run.wallMs / 1000).toFixed(2)} s, fair floor ${secondsOf(floors)} s, fetch-only ${secondsOf(bares)} s`,
      );
    }
    if (delayMs === 0) context.harvestCaches.set(records, (harvests.at(-1) as HarvestRun).cacheDir);
    else await rm((harvests.at(-1) as HarvestRun).cacheDir, { recursive: true, force: true });
    const harvestMedian = median(harvests.map((run) => run.run.wallMs));
    const bareMedian = median(bares.map((run) => run.run.wallMs));
    const harvestInProcess = median(harvests.map((run) => run.inProcessMs));
    const bareInProcess = median(bares.map((run) => run.elapsedMs));
    const floorMedian = median(floors.map((run) => run.run.wallMs));
    const floorInProcess = median(floors.map((run) => run.elapsedMs));
    return {
      records,
      upstreamDelayMs: delayMs,
      repetitions,
      harvest: {
        ...timedRuns(harvests.map((run) => run.run)),
        inProcessMedianMs: round(harvestInProcess),
        requests: plan.urls.length,
        pages: harvests[0]?.pages ?? 0,
      },
      bare: {
        ...timedRuns(bares.map((run) => run.run)),
        inProcessMedianMs: round(bareInProcess),
        requests: plan.urls.length,
        bytes: bares[0]?.bytes ?? 0,
      },
      floor: {
        ...timedRuns(floors.map((run) => run.run)),
        inProcessMedianMs: round(floorInProcess),
        requests: plan.urls.length,
        records: floors[0]?.records ?? 0,
      },
      ratio: round(harvestMedian / bareMedian, 3),
      inProcessRatio: round(harvestInProcess / bareInProcess, 3),
      floorRatio: round(harvestMedian / floorMedian, 3),
      floorInProcessRatio: round(harvestInProcess / floorInProcess, 3),
    };
  } finally {
    await upstream.stop();
  }
}

/**
 * The stand-in answers at once, so the harvest's own work (parsing, checksums, disk) is all there is to compare;
 * a real upstream is far away. At the sizes in `plan.latencySizes` the comparison runs again with the stand-in
 * waiting UPSTREAM_DELAY_MS before each answer, a modest round trip for an API across the world.
 */
const UPSTREAM_DELAY_MS = 50;

export async function benchHarvest(context: BenchContext): Promise<Omit<HarvestSection, 'durationMs'>> {
  const sizes: HarvestSize[] = [];
  for (const records of context.plan.sizes) sizes.push(await benchSize(context, records, 0));
  for (const records of context.plan.latencySizes) sizes.push(await benchSize(context, records, UPSTREAM_DELAY_MS));
  return { status: 'ok', concurrency: CONCURRENCY, pageSize: PAGE_SIZE, sizes };
}
