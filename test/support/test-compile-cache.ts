// Node's compile cache for the processes the suite starts: the CLI (which keeps one of its own anyway:
// scripts/foundation/compile-cache.ts), its stage processes and its Astro build, shared between test runs in the
// system's temporary folder and bounded in size.
import { readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Node's compile cache for every CLI a test starts and, passed on by the site stage, its Astro build
 * (test/support/run-cli.ts): one folder in the suite's temporary folder, kept between runs.
 */
export function testCompileCacheIn(tmpdir: string): string {
  return path.join(tmpdir, 'kpu-test-compile-cache');
}

/**
 * Entries the compile cache may hold when a run starts. Node keys its entries by module file (and by V8's flags: the
 * Astro processes, started with --expose-gc, have a set of their own). One whole run from an empty cache leaves about
 * 6,000 (the CLI's and Astro's modules, the test workers' packages), and each later run adds about 650 that no run reads
 * again: every Astro build renders from a bundle in a fresh folder of its own, and site-pseudo-language.test.ts builds
 * from a copy of the project (about 14 KB an entry). Past this the cache starts afresh, about every ninth run; a limit
 * under what one run leaves would make nearly every run compile every module again.
 */
const COMPILE_CACHE_MOST_ENTRIES = 12_000;

/** Removes the compile cache when earlier runs grew it past `most` entries; returns whether it did. */
export function pruneTestCompileCache(folder: string, most = COMPILE_CACHE_MOST_ENTRIES): boolean {
  let entries = 0;
  try {
    for (const version of readdirSync(folder)) entries += readdirSync(path.join(folder, version)).length;
  } catch {
    return false; // no cache yet, or not one of Node's
  }
  if (entries <= most) return false;
  // Moved aside first: another run starting at the same moment may prune it too (the rename fails for one of them),
  // and processes of a run still going may write into it while it is removed (retried on ENOTEMPTY).
  const doomed = `${folder}.pruned-${process.pid}`;
  try {
    renameSync(folder, doomed);
  } catch {
    return false;
  }
  rmSync(doomed, { recursive: true, force: true, maxRetries: 5 });
  return true;
}
