// One build at a time per cache folder: builds sharing KPU_CACHE_DIR (a manual run during the scheduled one)
// would write the same stage folders and releases. Each build registers an entry of its own,
// `<cache>/locks/build-<pid>-<random>/`, then looks at the others: entries of processes that are gone (a killed
// build) are removed, and any other entry means another build runs, so this one stops with BUILD_BUSY. Two
// builds starting at the same moment may both stop, but never both go on: each registers before it looks.
// The same kind of lock beside the published folder, `<dist>.locks/`, is held from the release stage (which reads
// the published release) through the swap, so builds with different caches never release into one dist/ at once.
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { BuildError } from './errors.ts';
import { createOwnedFolder, removeLeftoverFolders } from './foundation/owned-folders.ts';

export interface BuildLock {
  /** Removes this build's entry; safe to call more than once. */
  release(): Promise<void>;
}

const ENTRY_PREFIX = 'build-';

/** The folder holding the entries of the builds using `cacheDir`. */
export function locksDirOf(cacheDir: string): string {
  return path.join(cacheDir, 'locks');
}

/** The folder holding the entries of the builds releasing into `distDir`: beside it, never inside what is published. */
export function distLocksDirOf(distDir: string): string {
  return `${distDir}.locks`;
}

/** Registers this build; throws BUILD_BUSY, naming the other build, when another build uses `cacheDir`. */
export function acquireBuildLock(cacheDir: string): Promise<BuildLock> {
  return acquireLock(
    locksDirOf(cacheDir),
    (other) => new BuildError('BUILD_BUSY', `Another build (${other}) is using ${cacheDir}.`),
  );
}

/** Registers this build as the one releasing into `distDir`; throws DIST_BUSY, naming the other build, when one is. */
export function acquireDistLock(distDir: string): Promise<BuildLock> {
  return acquireLock(
    distLocksDirOf(distDir),
    (other) => new BuildError('DIST_BUSY', `Another build (${other}) is releasing into ${distDir}.`),
  );
}

async function acquireLock(dir: string, busy: (other: string) => BuildError): Promise<BuildLock> {
  const prefix = path.join(dir, ENTRY_PREFIX);
  const own = await createOwnedFolder(prefix);
  const release = async (): Promise<void> => {
    await rm(own, { recursive: true, force: true });
  };
  try {
    await removeLeftoverFolders(prefix);
    const others = (await readdir(dir)).filter((name) => name.startsWith(ENTRY_PREFIX) && path.join(dir, name) !== own);
    if (others.length > 0) {
      const other = others.sort()[0] as string;
      const pid = /^build-(\d+)-/.exec(other)?.[1] ?? '?';
      const since = await stat(path.join(dir, other)).then(
        (info) => ` since ${info.mtime.toISOString()}`,
        () => '',
      );
      throw busy(`process ${pid}${since}; its entry is ${path.join(dir, other)}`);
    }
  } catch (error) {
    await release();
    throw error;
  }
  return { release };
}
