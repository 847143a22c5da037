// A full garbage collection asked for where a phase of a large build has just let go of most of what it made: the
// records' parse of the site build, the pages Astro rendered. V8 grows its heap to about twice what survived the last
// collection before it collects again, so at a million records the Astro build's process carried 150–250 MB of dead
// objects into each next phase, on top of what that phase needed (docs/performance.md, "Memory at a
// million records"). A collection there takes tens of milliseconds. Only a process started with `--expose-gc` can
// ask (the site stage starts the Astro build so); elsewhere this does nothing and the collector keeps its own pace.

/**
 * A heap smaller than this is left to the collector's own pace: a full collection of a small site's heap (60–95 MB
 * used) took 40–50 ms and set nothing free that mattered (three of them were a tenth of a small site build's CPU
 * time). At a million records the heap holds 190–270 MB at the three
 * collections; with this at 256 MiB two of them were left out, and the build's largest process measured 925 MiB
 * against 872 MiB with all three (one run each).
 */
const COLLECT_FROM_HEAP_BYTES = 128 * 1024 * 1024;

/**
 * The V8 collector's full collection, when the process exposes it (`node --expose-gc`) and its heap holds at least
 * `fromHeapBytes` (COLLECT_FROM_HEAP_BYTES); otherwise nothing.
 */
export function collectGarbage(fromHeapBytes = COLLECT_FROM_HEAP_BYTES): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc !== undefined && process.memoryUsage().heapUsed >= fromHeapBytes) gc();
}

/** The Node option that lets a process ask for collections (collectGarbage). */
export const EXPOSE_GC_OPTION = '--expose-gc';
