// Where the tests keep their temporary folders (every build world, the shared worlds, the compile cache): a RAM-backed
// tmpfs when the machine has a large enough one (Linux's /dev/shm), the system's temporary folder otherwise.
// Why: the suite creates and deletes hundreds of thousands of files (about 200 builds). On ext4 every new file made
// the kernel scan the inode table for recently deleted inodes (`recently_deleted` in `__ext4_new_inode`, about a
// sixth of the suite's CPU time under `perf`); on a tmpfs creating a file costs next to nothing. Measured on
// test/publish/publish-failures.test.ts: 52.9 s wall, 63.6 s of CPU on ext4 → 36.7 s, 44.8 s on /dev/shm.
// vitest.config.ts sets TMPDIR from this before any worker starts; a TMPDIR or KPU_TEST_TMPDIR set by hand wins.
import { readdirSync, rmSync, statfsSync } from 'node:fs';
import path from 'node:path';

/** statfs's type of a tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;
/** The least free space the suite needs there: its worlds, builds and, in CI, the quick benchmark's. */
const LEAST_FREE_BYTES = 4 * 1024 ** 3;
const RAM_FOLDER = '/dev/shm';

/** The folder the tests should use as TMPDIR, or null to leave the system's. */
export function chooseTestTmpdir(env: Record<string, string | undefined> = process.env): string | null {
  if (env.KPU_TEST_TMPDIR) return env.KPU_TEST_TMPDIR;
  if (env.TMPDIR) return null;
  try {
    const stats = statfsSync(RAM_FOLDER);
    return stats.type === TMPFS_MAGIC && stats.bavail * stats.bsize >= LEAST_FREE_BYTES ? RAM_FOLDER : null;
  } catch {
    return null; // no /dev/shm: not Linux, or a container without it
  }
}

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
 * from a copy of the project (6,204 entries after one run, 6,852 after the next). On a tmpfs that is
 * memory (about 14 KB an entry; 2.5 GB after a day of runs without a limit), so past this the
 * cache starts afresh, about every ninth run. It was 5,000, under what one run leaves: nearly every run began with
 * an empty cache, and its first processes of each kind compiled every module again.
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
  rmSync(folder, { recursive: true, force: true });
  return true;
}
