// `node test/support/remove-trash.ts <trash folder>`: removes a run's trash folder (test-trash.ts) in a process of its
// own, started by the run as it ends and left running after it. The folder is first renamed to carry this process's
// id, so a run started meanwhile leaves it alone (removeLeftoverFolders skips the folders of live processes); a
// remover killed on the way leaves a folder whose process is gone, which the next run removes.
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The start of a trash folder's name: `kpu-test-trash-<pid of its owner>-<random>`. */
export const TRASH_NAME_START = 'kpu-test-trash-';

/** The trash folder's name with this process's id as its owner's. */
function ownedByThisProcess(trash: string): string {
  const name = path.basename(trash);
  const rest = name.slice(TRASH_NAME_START.length).replace(/^\d+-/, '');
  return path.join(path.dirname(trash), `${TRASH_NAME_START}${process.pid}-${rest}`);
}

if (import.meta.main) {
  const trash = process.argv[2];
  if (trash === undefined || !path.basename(trash).startsWith(TRASH_NAME_START))
    throw new Error(`usage: node remove-trash.ts <folder named ${TRASH_NAME_START}…>`);
  const owned = ownedByThisProcess(trash);
  renameSync(trash, owned);
  rmSync(owned, { recursive: true, force: true });
}
