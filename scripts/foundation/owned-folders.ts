// Temporary folders owned by one build process: named `<prefix><pid>-<random>`, so a later build can remove
// exactly the folders left behind by processes that are gone (killed, crashed), and never a live build's.
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** Whether a process with this id runs on this machine (EPERM: it runs, under another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates a fresh folder `<prefix><this pid>-<random>` (its parent too) and returns its path. */
export async function createOwnedFolder(prefix: string): Promise<string> {
  await mkdir(path.dirname(prefix), { recursive: true });
  return mkdtemp(`${prefix}${process.pid}-`);
}

/**
 * Removes the entries of `dir` whose name `pidOf` reads a process id from, when that process is gone (never this
 * one's), and returns those that could not be removed, with the reason: a leftover never stops a build.
 */
export async function removeEntriesOfGoneProcesses(
  dir: string,
  pidOf: (name: string) => number | null,
): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const failures: string[] = [];
  for (const name of names) {
    const pid = pidOf(name);
    if (pid === null || pid === process.pid || isProcessAlive(pid)) continue;
    // Retries: a process that just died may have left a child finishing its last write (ENOTEMPTY).
    await rm(path.join(dir, name), { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }).catch(
      (error: Error) => failures.push(`${path.join(dir, name)}: ${error.message}`),
    );
  }
  return failures;
}

/** Removes the folders `<prefix><pid>-*` whose process is gone (removeEntriesOfGoneProcesses). */
export function removeLeftoverFolders(prefix: string): Promise<string[]> {
  const start = path.basename(prefix);
  return removeEntriesOfGoneProcesses(path.dirname(prefix), (name) => {
    const pid = name.startsWith(start) ? Number(/^(\d+)-/.exec(name.slice(start.length))?.[1]) : NaN;
    return Number.isSafeInteger(pid) ? pid : null;
  });
}
