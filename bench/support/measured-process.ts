// Runs a command as a child process and measures it from outside: wall time; peak resident memory through
// GNU time (`/usr/bin/time -f %M`: on Linux the largest RSS of the child or of any descendant it waited for, so
// an Astro build spawned by the site stage counts too); and, since a parent and its child are alive together,
// the peak of their sum, sampled from /proc every SAMPLE_MS.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { TimedRuns } from '../bench-results.ts';
import { displayCommand } from './paths.ts';
import { maxOrNull, median, round } from './stats.ts';

const GNU_TIME = '/usr/bin/time';

const SAMPLE_MS = 250;

/** How peak memory is measured on this machine; recorded in the results. */
export const RSS_METHOD = `${
  existsSync(GNU_TIME)
    ? 'peak RSS: GNU time (/usr/bin/time -f %M), the largest resident set of the measured process or of any one descendant'
    : 'peak RSS: not measured (/usr/bin/time is absent)'
}; tree RSS: the largest sum of VmRSS over the process and all its descendants, read from /proc every ${SAMPLE_MS} ms`;

/** Parent pid of every process, from /proc/<pid>/stat (field 4, after the parenthesised command name). */
async function readParents(): Promise<Map<number, number>> {
  const parents = new Map<number, number>();
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[1]) parents.set(Number(name), Number(fields[1]));
  }
  return parents;
}

/** The summed VmRSS of `root` and its descendants, KiB. */
async function treeRssKiB(root: number): Promise<number> {
  const parents = await readParents();
  const tree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const pid of tree) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
    if (match) total += Number(match[1]);
  }
  return total;
}

export interface MeasuredRun {
  /** The command as run, for the results file (no secrets are ever passed on the command line). */
  command: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** From spawn to exit, milliseconds. */
  wallMs: number;
  /** Peak resident set of the largest single process, KiB; null when it could not be measured. */
  peakRssKiB: number | null;
  /** Peak of the summed resident sets of the process tree, sampled; null when /proc is not readable. */
  peakTreeRssKiB: number | null;
  stdout: string;
  stderr: string;
}

export interface MeasuredOptions {
  env: Record<string, string>;
  cwd: string;
  /** Kill the child after this long (milliseconds); the run then fails. */
  timeoutMs?: number;
}

/**
 * Runs `command args…` with exactly `options.env` (plus PATH and HOME) and resolves when it exits, whatever its
 * exit code; callers decide what a failure means.
 */
export async function runMeasured(
  command: string,
  args: readonly string[],
  options: MeasuredOptions,
): Promise<MeasuredRun> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'kpu-bench-rss-'));
  const rssFile = path.join(scratch, 'rss');
  const useTime = existsSync(GNU_TIME);
  const [file, fileArgs] = useTime ? [GNU_TIME, ['-f', '%M', '-o', rssFile, command, ...args]] : [command, [...args]];
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...options.env };
  try {
    const started = performance.now();
    let peakTreeRssKiB: number | null = null;
    const result = await new Promise<Omit<MeasuredRun, 'peakRssKiB' | 'peakTreeRssKiB' | 'command' | 'wallMs'>>(
      (resolve, reject) => {
        const child = spawn(file, fileArgs, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let sampling = false;
        const sampler = setInterval(() => {
          if (sampling || child.pid === undefined || !existsSync('/proc/self/status')) return;
          sampling = true;
          void treeRssKiB(child.pid)
            .then((kib) => {
              if (kib > 0) peakTreeRssKiB = Math.max(peakTreeRssKiB ?? 0, kib);
            })
            .finally(() => {
              sampling = false;
            });
        }, SAMPLE_MS);
        let stdout = '';
        let stderr = '';
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        const timer =
          options.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
        child.on('error', reject);
        child.on('close', (code, signal) => {
          clearTimeout(timer);
          clearInterval(sampler);
          resolve({ code, signal, stdout, stderr });
        });
      },
    );
    const wallMs = performance.now() - started;
    let peakRssKiB: number | null = null;
    if (useTime) {
      // GNU time writes "Command exited with non-zero status N" before the figure when the child fails.
      const lines = (await readFile(rssFile, 'utf8').catch(() => '')).trim().split('\n');
      const figure = Number(lines.at(-1));
      peakRssKiB = Number.isFinite(figure) && figure > 0 ? figure : null;
    }
    return { ...result, command: displayCommand([command, ...args]), wallMs, peakRssKiB, peakTreeRssKiB };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Throws with the tail of the child's output when it did not exit with 0. */
export function assertSucceeded(run: MeasuredRun, what: string): MeasuredRun {
  if (run.code !== 0) {
    const tail = `${run.stderr}\n${run.stdout}`.trim().split('\n').slice(-25).join('\n');
    throw new Error(`${what} failed (${run.signal ?? `exit code ${String(run.code)}`}): ${run.command}\n${tail}`);
  }
  return run;
}

/** The repetitions of one measured command, summarized: every wall time, their median, the peak memory. */
export function timedRuns(runs: readonly MeasuredRun[]): TimedRuns {
  return {
    runsMs: runs.map((run) => round(run.wallMs)),
    medianMs: round(median(runs.map((run) => run.wallMs))),
    peakRssKiB: maxOrNull(runs.map((run) => run.peakRssKiB)),
    peakTreeRssKiB: maxOrNull(runs.map((run) => run.peakTreeRssKiB)),
  };
}
