// The run's trash folder (test/support/test-trash.ts): a test's folder is moved into it, whole, and the run removes it
// at its end.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { discardFolder } from '../support/test-trash.ts';

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
});
