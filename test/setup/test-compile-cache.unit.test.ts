// The compile cache the suite's processes share (test/support/test-compile-cache.ts): bounded, started afresh past
// its limit.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pruneTestCompileCache, testCompileCacheIn } from '../support/test-compile-cache.ts';

describe('the compile cache the tests share', () => {
  it('is kept between runs until it holds more entries than allowed, then started afresh', async () => {
    const tmpdir = await mkdtemp(path.join(os.tmpdir(), 'kpu-compile-cache-'));
    try {
      const cache = testCompileCacheIn(tmpdir);
      expect(pruneTestCompileCache(cache, 3)).toBe(false); // none yet
      const version = path.join(cache, 'v24-x64-0');
      await mkdir(version, { recursive: true });
      for (const entry of ['a', 'b', 'c']) await writeFile(path.join(version, entry), entry);
      expect(pruneTestCompileCache(cache, 3)).toBe(false);
      expect(existsSync(path.join(version, 'c'))).toBe(true);
      await writeFile(path.join(version, 'd'), 'd');
      expect(pruneTestCompileCache(cache, 3)).toBe(true);
      expect(existsSync(cache)).toBe(false);
    } finally {
      await rm(tmpdir, { recursive: true, force: true });
    }
  });
});
