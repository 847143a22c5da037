// The suite's temporary folder (test/support/test-tmpdir.ts): a tmpfs when there is a large one, never over a
// folder the person running the tests chose.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseTestTmpdir, pruneTestCompileCache, testCompileCacheIn } from '../support/test-tmpdir.ts';

describe('the test suite’s temporary folder', () => {
  it('takes KPU_TEST_TMPDIR first, and leaves a TMPDIR set by hand alone', () => {
    expect(chooseTestTmpdir({ KPU_TEST_TMPDIR: '/scratch', TMPDIR: '/elsewhere' })).toBe('/scratch');
    expect(chooseTestTmpdir({ TMPDIR: '/elsewhere' })).toBeNull();
  });
});

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
