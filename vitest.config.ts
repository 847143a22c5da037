// Test runner settings: three projects, chosen by file name (README, "Development"):
//   *.unit.test.ts     unit: pure code and in-process servers, in threads, seconds in all;
//   *.browser.test.ts  browser: a published site in Chromium (the project's set-up provides Debian's Chromium);
//   *.test.ts          integration, everything else: the real CLI, real ports, real processes.
// A new test file lands in integration unless its name says otherwise. Integration and browser tests start real
// servers and processes, so they get generous timeouts.
import { defineConfig } from 'vitest/config';

const UNIT = 'test/**/*.unit.test.ts';
const BROWSER = 'test/**/*.browser.test.ts';
const SLOW = { testTimeout: 120_000, hookTimeout: 300_000 };

export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      { extends: true, test: { name: 'unit', include: [UNIT], pool: 'threads', testTimeout: 30_000 } },
      { extends: true, test: { name: 'integration', include: ['test/**/*.test.ts'], exclude: [UNIT, BROWSER], pool: 'forks', ...SLOW } },
      {
        extends: true,
        test: { name: 'browser', include: [BROWSER], pool: 'forks', ...SLOW, globalSetup: ['test/support/chromium-setup.ts'] },
      },
    ],
  },
});
