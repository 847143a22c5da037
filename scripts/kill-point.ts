// Test-only kill points: named places in a build where a test can have the CLI kill itself with SIGKILL
// (KPU_TEST_KILL_AT=point or point#n, read by config.ts), to prove what a kill there leaves behind exactly there,
// not at a wall-clock time guessed with a timer. Unset, as in every real build, a kill point does nothing.
import { readTestKillPoint } from './config.ts';

/** Every kill point, in the order a build reaches them (docs/operations.md describes what each kill leaves). */
export const KILL_POINTS = [
  'harvest:page-stored',
  'snapshot:file-written',
  'site:astro-started',
  'site:built',
  'publish:placing',
  'publish:verified',
  'publish:link-made',
  'publish:swapped',
  'publish:cleaning',
] as const;

export type KillPoint = (typeof KILL_POINTS)[number];

const wanted = readTestKillPoint();
let reached = 0;
let parentToo = false;

/**
 * In a stage's own process (stage-process-child.ts): a kill point kills the build process that started it first, so
 * a kill there is the build's, as when the stage ran inside it.
 */
export function killPointsTakeParent(): void {
  parentToo = true;
}

/** Kills this process, at once and for certain, the n-th time it passes the point KPU_TEST_KILL_AT names. */
export function killPoint(point: KillPoint): void {
  if (wanted === null || wanted.point !== point) return;
  reached += 1;
  if (reached !== wanted.nth) return;
  if (parentToo) process.kill(process.ppid, 'SIGKILL');
  process.kill(process.pid, 'SIGKILL');
  // The signal is on its way: block this thread so not one more step of the build runs before it lands.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
}
