// The shared worlds of checkouts that are gone are removed (test/support/shared-worlds.ts); a live checkout's, and a
// folder that names no checkout, are kept.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeWorldsOfGoneCheckouts } from '../support/shared-worlds.ts';

describe('the shared worlds of other checkouts', () => {
  it('removes those of a checkout that is gone, and keeps a live one and one that names none', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kpu-worlds-checkouts-'));
    try {
      const live = path.join(dir, 'live-checkout');
      await mkdir(live);
      await writeFile(path.join(live, 'package.json'), '{}\n');
      const worlds = { live: path.join(dir, 'aaaa'), gone: path.join(dir, 'bbbb'), unnamed: path.join(dir, 'cccc') };
      for (const folder of Object.values(worlds))
        await mkdir(path.join(folder, 'demo-0123456789abcdef'), { recursive: true });
      await writeFile(path.join(worlds.live, 'checkout.txt'), `${live}\n`);
      await writeFile(path.join(worlds.gone, 'checkout.txt'), `${path.join(dir, 'removed-clone')}\n`);

      expect(await removeWorldsOfGoneCheckouts(dir)).toEqual([worlds.gone]);
      expect(existsSync(worlds.gone)).toBe(false);
      expect(existsSync(path.join(worlds.live, 'demo-0123456789abcdef'))).toBe(true);
      expect(existsSync(path.join(worlds.unnamed, 'demo-0123456789abcdef'))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
