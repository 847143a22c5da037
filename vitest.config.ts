// Test runner settings: projects chosen by file name (README, "Development"):
//   *.unit.test.ts     unit: pure code and in-process servers, in threads, seconds in all;
//   *.browser.test.ts  browser: a published site in Chromium (the project's set-up provides Debian's Chromium);
//   *.ci.test.ts       ci: heavy lanes only .ci/run runs (KPU_TEST_CI=1), such as the quick benchmark (the
//                      project's set-up provides the Debian programs they run: test/support/debian-tools-setup.ts);
//   *.test.ts          integration, everything else: the real CLI, real ports, real processes.
// A new test file lands in integration unless its name says otherwise. Integration, browser and ci tests start real
// servers and processes, so they get generous timeouts.
import os from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/longest-first-sequencer.ts';
import { pruneTestCompileCache, testCompileCacheIn } from './test/support/test-compile-cache.ts';

// The compile cache the tests' processes share, started afresh once earlier runs have grown it: given
// to every process the suite starts, its workers and what they start themselves (a stage's process forked by a test,
// say), so that none fills Node's own folder instead (the CLI turns a cache on for itself when none is given:
// scripts/foundation/compile-cache.ts).
const testCompileCache = testCompileCacheIn(os.tmpdir());
pruneTestCompileCache(testCompileCache);
process.env.NODE_COMPILE_CACHE = testCompileCache;

const UNIT = 'test/**/*.unit.test.ts';
const BROWSER = 'test/**/*.browser.test.ts';
const CI = 'test/**/*.ci.test.ts';
const SLOW = { testTimeout: 120_000, hookTimeout: 300_000 };

export default defineConfig({
  test: {
    reporters: ['default'],
    // One file more at once than the machine has cores: part of an integration or browser file's time is spent
    // waiting (on the processes it started, on a throttled stand-in), and a third file on two cores fills it (the
    // whole suite 290.5 s → 267.7 s on a quiet 2-core machine; a fourth made it slower, 307 → 317 s).
    maxWorkers: os.availableParallelism() + 1,
    // Longest files first across all projects (test/support/longest-first-sequencer.ts), not project after project.
    sequence: { sequencer: LongestFirstSequencer },
    // The folders tests are done with are removed after the run, not during it (test/support/test-trash.ts says why).
    globalSetup: ['test/support/test-trash.ts'],
    projects: [
      {
        extends: true,
        // The one project without vitest's isolation: its files hold pure code and in-process servers, and share the
        // modules they import within a thread instead of loading them again for each file (the project's
        // `/usr/bin/time vitest run --project unit` 41.6–43.2 → 28.5–29.3 CPU-s on a 2-core machine; shuffled
        // orders pass). A unit file that changes a module's state puts it back (formats-registry.unit.test.ts).
        test: { name: 'unit', include: [UNIT], pool: 'threads', isolate: false, testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/**/*.test.ts'],
          exclude: [UNIT, BROWSER, CI],
          pool: 'forks',
          ...SLOW,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [BROWSER],
          pool: 'forks',
          ...SLOW,
          globalSetup: ['test/support/chromium-setup.ts'],
        },
      },
      ...(process.env.KPU_TEST_CI === '1'
        ? [
            {
              extends: true,
              test: {
                name: 'ci',
                include: [CI],
                pool: 'forks' as const,
                testTimeout: 120_000,
                hookTimeout: 900_000,
                globalSetup: ['test/support/debian-tools-setup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
