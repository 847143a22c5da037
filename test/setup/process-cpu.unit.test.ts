// The CPU tally of `npm run test:times -- --cpu` (test/support/process-cpu.ts): what each kind of process is, and
// what a run's readings of the machine add up to; and a process's transparent huge pages, as the tests read them.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  kindOfProcess,
  ProcessCpuTally,
  readMachine,
  readThpEnabled,
  type MachineReading,
  type ProcessReading,
} from '../support/process-cpu.ts';

const NODE = '/work/p/node_modules/node/bin/node';

describe('kindOfProcess', () => {
  it.each<[string, string[]]>([
    ['cli', [NODE, '/work/p/scripts/cli.ts', 'build', '--json']],
    ['cli', [NODE, '/work/p/scripts/stage-process-child.ts']],
    ['astro', [NODE, '/work/p/scripts/site/astro-build.ts', '/tmp/out', '/', '/tmp/cache', '--stop-with-parent']],
    ['chromium', ['/usr/lib/chromium/chromium', '--type=renderer', '--lang=en-US']],
    ['chromium', ['/usr/lib/chromium/chromium-headless-shell', '--remote-debugging-pipe']],
    ['vitest', [NODE, '/work/p/node_modules/vitest/vitest.mjs', 'run']],
    ['vitest', [NODE, '/work/p/node_modules/vitest/dist/workers/forks.js']],
    ['other', [NODE, '/work/p/node_modules/knip/bin/knip.js']],
    ['other', ['/usr/bin/python3', 'sampler.py']],
    // A script named after the CLI somewhere else is not the publisher's CLI.
    ['other', [NODE, '/work/p/bench/cli.ts.bak']],
  ])('%s: %j', (kind, args) => {
    expect(kindOfProcess(args)).toBe(kind);
  });
});

type Entry = Omit<ProcessReading, 'pid' | 'parentPid'> & { parentPid?: number };

/** A reading of these processes: each one's id from its key, its parent init's unless given. */
function reading(processes: Entry[], busyTicks: number, idleTicks: number): MachineReading {
  return {
    processes: processes.map((entry) => ({ parentPid: 1, ...entry, pid: Number(entry.key.split('@')[0]) })),
    busyTicks,
    idleTicks,
  };
}

describe('ProcessCpuTally', () => {
  it('counts a process running at the first reading from there, a later one whole, each once, by its kind', () => {
    const tally = new ProcessCpuTally();
    const vitest = { key: '10@5', args: [NODE, '/p/node_modules/vitest/vitest.mjs'] };
    tally.add(reading([{ ...vitest, cpuSeconds: 40 }], 1_000, 1_000));
    tally.add(
      reading(
        [
          { ...vitest, cpuSeconds: 41 },
          { key: '20@9', args: [NODE, '/p/scripts/cli.ts', 'build'], cpuSeconds: 0.5 },
        ],
        1_150,
        1_050,
      ),
    );
    // The CLI exited and is a zombie (no arguments any more), its last CPU time still readable; its Astro build
    // started and ended between two readings apart from its last, and a process id was reused by Chromium.
    tally.add(
      reading(
        [
          { ...vitest, cpuSeconds: 42.5 },
          { key: '20@9', args: [], cpuSeconds: 1.25 },
          { key: '30@11', args: [NODE, '/p/scripts/site/astro-build.ts'], cpuSeconds: 2 },
          { key: '20@12', args: ['/usr/lib/chromium/chromium'], cpuSeconds: 0.75 },
        ],
        1_300,
        1_100,
      ),
    );
    const summary = tally.summary();
    expect(summary.samples).toBe(3);
    expect(summary.byKind).toEqual({
      vitest: { cpuSeconds: 2.5, processes: 1 },
      cli: { cpuSeconds: 1.25, processes: 1 },
      astro: { cpuSeconds: 2, processes: 1 },
      chromium: { cpuSeconds: 0.75, processes: 1 },
      other: { cpuSeconds: 0, processes: 0 },
    });
    // 300 busy ticks and 100 idle between the first reading and the last.
    expect(summary.busyShare).toBeCloseTo(0.75);
  });

  it('leaves out processes that spent nothing, and counts one never seen with its arguments as other', () => {
    const tally = new ProcessCpuTally();
    tally.add(reading([{ key: '1@1', args: ['/sbin/init'], cpuSeconds: 9 }], 0, 0));
    tally.add(
      reading(
        [
          { key: '1@1', args: ['/sbin/init'], cpuSeconds: 9 },
          { key: '7@3', args: [], cpuSeconds: 0.25 },
        ],
        0,
        0,
      ),
    );
    const { byKind, busyShare } = tally.summary();
    expect(byKind.other).toEqual({ cpuSeconds: 0.25, processes: 1 });
    expect(busyShare).toBe(0);
  });
});

describe('ProcessCpuTally of one process tree', () => {
  it('counts the descendants of its root, also once handed to another parent, and leaves the rest of the machine out', () => {
    const tally = new ProcessCpuTally(100);
    const vitest = { key: '110@5', parentPid: 100, args: [NODE, '/p/node_modules/vitest/vitest.mjs'] };
    const other = { key: '900@2', parentPid: 1, args: [NODE, '/elsewhere/scripts/cli.ts', 'build'] };
    tally.add(
      reading(
        [
          { ...vitest, cpuSeconds: 1 },
          { ...other, cpuSeconds: 5 },
        ],
        0,
        0,
      ),
    );
    tally.add(
      reading(
        [
          { ...vitest, cpuSeconds: 2 },
          { ...other, cpuSeconds: 9 },
          { key: '120@7', parentPid: 110, args: [NODE, '/p/scripts/cli.ts', 'build'], cpuSeconds: 0.5 },
          { key: '130@8', parentPid: 120, args: ['/usr/lib/chromium/chromium'], cpuSeconds: 1 },
        ],
        0,
        0,
      ),
    );
    // The CLI ended; its Chromium now belongs to init, and is still the run's.
    tally.add(
      reading(
        [
          { ...vitest, cpuSeconds: 3 },
          { ...other, cpuSeconds: 20 },
          { key: '130@8', parentPid: 1, args: ['/usr/lib/chromium/chromium'], cpuSeconds: 4 },
        ],
        0,
        0,
      ),
    );
    expect(tally.summary().byKind).toEqual({
      vitest: { cpuSeconds: 2, processes: 1 },
      cli: { cpuSeconds: 0.5, processes: 1 },
      astro: { cpuSeconds: 0, processes: 0 },
      chromium: { cpuSeconds: 4, processes: 1 },
      other: { cpuSeconds: 0, processes: 0 },
    });
  });
});

describe('readMachine', () => {
  it('reads this process among the processes of the machine (Linux), or nothing where there is no /proc', () => {
    const machine = readMachine();
    if (!existsSync('/proc/stat')) {
      expect(machine).toBeNull();
      return;
    }
    const self = machine?.processes.find((entry) => entry.key.startsWith(`${process.pid}@`));
    expect(self?.cpuSeconds).toBeGreaterThan(0);
    expect(self?.args.length).toBeGreaterThan(0);
    expect(machine?.busyTicks).toBeGreaterThan(0);
    expect(machine?.idleTicks).toBeGreaterThan(0);
  });
});

describe('readThpEnabled', () => {
  it('reads whether this process may have transparent huge pages (Linux), and nothing for a process that is gone', () => {
    // Process ids stop below 2^22 on Linux (pid_max), so this one never names a process.
    expect(readThpEnabled(2 ** 22 + 1)).toBeNull();
    if (!existsSync('/proc/self/status')) expect(readThpEnabled(process.pid)).toBeNull();
    else expect(typeof readThpEnabled(process.pid)).toBe('boolean');
  });
});
