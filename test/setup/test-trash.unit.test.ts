// The run's trash folder (test/support/test-trash.ts): a test's folder is moved into it, whole, and a process of its
// own removes it once the run has ended (test/support/remove-trash.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { PROJECT_ROOT } from '../support/run-cli.ts';
import { discardFolder } from '../support/test-trash.ts';

const REMOVER = path.join(PROJECT_ROOT, 'test/support/remove-trash.ts');

describe("the run's trash folder", () => {
  it('takes a finished folder whole, in the temporary folder, and a folder already gone is fine', async () => {
    const trash = inject('testTrash');
    // None on a tmpfs, where folders are removed at once.
    if (trash === '') {
      const folder = await mkdtemp(path.join(os.tmpdir(), 'kpu-trash-test-'));
      await discardFolder(folder);
      expect(existsSync(folder)).toBe(false);
      return;
    }
    expect(path.dirname(trash)).toBe(os.tmpdir());
    const folder = await mkdtemp(path.join(os.tmpdir(), 'kpu-trash-test-'));
    await mkdir(path.join(folder, 'inner'));
    await writeFile(path.join(folder, 'inner', 'file.txt'), 'kept whole\n');

    await discardFolder(folder);
    expect(existsSync(folder)).toBe(false);
    const moved = (await readdir(trash)).filter((name) => name.startsWith(path.basename(folder)));
    expect(moved).toHaveLength(1);
    expect(await readFile(path.join(trash, moved[0] ?? '', 'inner', 'file.txt'), 'utf8')).toBe('kept whole\n');

    await expect(discardFolder(folder)).resolves.toBeUndefined();
  });

  it('is removed whole by the remover, which refuses a folder not named as a trash folder', async () => {
    const parent = await mkdtemp(path.join(os.tmpdir(), 'kpu-trash-test-'));
    try {
      // Owned by a process that is gone (pids are below 2^22 on Linux).
      const trash = path.join(parent, 'kpu-test-trash-99999999-abc');
      await mkdir(path.join(trash, 'world', 'dist'), { recursive: true });
      await writeFile(path.join(trash, 'world', 'dist', 'index.html'), '<p>done with</p>\n');
      const removed = spawnSync(process.execPath, [REMOVER, trash], { encoding: 'utf8' });
      expect(removed.status, removed.stderr).toBe(0);
      expect(await readdir(parent)).toEqual([]);

      const other = path.join(parent, 'a-world');
      await mkdir(other);
      const refused = spawnSync(process.execPath, [REMOVER, other], { encoding: 'utf8' });
      expect(refused.status).not.toBe(0);
      expect(refused.stderr).toContain('usage: node remove-trash.ts');
      expect(existsSync(other)).toBe(true);
    } finally {
      await discardFolder(parent);
    }
  });
});
