// The folders the tests are done with, removed at the end of the run rather than one by one while it runs: a
// globalSetup of every project (vitest.config.ts) makes the run's trash folder in the OS's temporary folder, the
// tests' worlds are moved into it (discardFolder: a rename), and the setup's teardown hands it to a process of its own
// that removes it after the run has ended (remove-trash.ts): a whole run's trash took about 6 s to remove, which no
// test result waits for.
//
// Why not at once: on ext4 without a journal (this project's development machines), a file created within a minute of
// the removal of others in the same block group (six, while their inode table is not yet written out) scans past
// every inode so freed before it takes a new one (the kernel's `recently_deleted`, which keeps freed inodes from being
// reused before they are on disk). The suite's three files at a time each remove worlds of a thousand and more files
// every few seconds, all in the block group of the temporary folder, and every file the next builds create paid for
// them: a fifth of the suite's CPU time went to that scan (docs/performance.md, "The test suite"). A filesystem with a
// journal never scans; the removal costs the same at the end. A temporary folder in memory (a tmpfs) never scans
// either, and there the trash (about 2 GB at its peak) would hold memory: there folders are removed at once.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { statfsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { createOwnedFolder, removeLeftoverFolders } from '../../scripts/foundation/owned-folders.ts';
import { TRASH_NAME_START } from './remove-trash.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's trash folder (test-trash.ts). */
    testTrash: string;
  }
}

/** The trash folders: `<prefix><pid of the run>-<random>`, so a run removes those of runs that were killed. */
const TRASH_PREFIX = path.join(os.tmpdir(), TRASH_NAME_START);

const REMOVER = fileURLToPath(new URL('./remove-trash.ts', import.meta.url));

/** The type statfs(2) gives a tmpfs (TMPFS_MAGIC in linux/magic.h). */
const TMPFS_TYPE = 0x01021994;

/**
 * vitest's globalSetup: a trash folder for the project's run, handed to remove-trash.ts when it ends (left running
 * after the run); none (an empty name) when the temporary folder is a tmpfs.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  await removeLeftoverFolders(TRASH_PREFIX);
  if (statfsSync(os.tmpdir()).type === TMPFS_TYPE) {
    project.provide('testTrash', '');
    return undefined;
  }
  const trash = await createOwnedFolder(TRASH_PREFIX);
  project.provide('testTrash', trash);
  return () => {
    spawn(process.execPath, [REMOVER, trash], { detached: true, stdio: 'ignore' }).unref();
  };
}

/** The run's trash folder; null outside a test run (a script that imports the fixtures) or on a tmpfs. */
function trashFolder(): string | null {
  try {
    return inject('testTrash') || null;
  } catch {
    return null;
  }
}

/**
 * Sets a test's folder aside for removal at the end of the run (moved into the run's trash folder), or removes it at
 * once where it cannot be moved there (outside a run, or on another filesystem). A folder already gone is fine.
 */
export async function discardFolder(dir: string): Promise<void> {
  const trash = trashFolder();
  if (trash !== null) {
    try {
      // Under a name of its own: a later folder may be given the same temporary name once this one is moved.
      await rename(dir, path.join(trash, `${path.basename(dir)}-${randomUUID()}`));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    }
  }
  await rm(dir, { recursive: true, force: true });
}
