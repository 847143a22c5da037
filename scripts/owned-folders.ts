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
 * Removes the folders `<prefix><pid>-*` whose process is gone, and returns the ones that could not be removed
 * (with the reason): a leftover never stops a build, which works in a folder of its own.
 */
export async function removeLeftoverFolders(prefix: string): Promise<string[]> {
  const parent = path.dirname(prefix);
  const start = path.basename(prefix);
  const names = await readdir(parent).catch(() => [] as string[]);
  const failures: string[] = [];
  for (const name of names) {
    const pid = Number(/^(\d+)-/.exec(name.slice(start.length))?.[1]);
    if (!name.startsWith(start) || !Number.isSafeInteger(pid) || pid === process.pid || isProcessAlive(pid)) continue;
    // Retries: a process that just died may have left a child finishing its last write (ENOTEMPTY).
    await rm(path.join(parent, name), { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }).catch((error: Error) =>
      failures.push(`${path.join(parent, name)}: ${error.message}`),
    );
  }
  return failures;
}
