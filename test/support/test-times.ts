// `npm run test:times [-- vitest arguments]`: runs the suite (or the part the arguments select) as `npm test` does,
// then prints every test file's time, slowest first, the wall-clock total, and the machine's load before and after
// (timings taken on a busy machine are inflated: compare files with each other, and note the load). With `--cpu`
// (Linux), also the CPU time spent meanwhile by each kind of process, and how busy the cores were (process-cpu.ts).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileTime } from './file-times-reporter.ts';
import { PROCESS_KINDS, startCpuSampling, type ProcessKind } from './process-cpu.ts';
import { PROJECT_ROOT } from './run-cli.ts';

interface JsonReport {
  numFailedTests: number;
  numPassedTests: number;
  numPendingTests: number;
}

const load = (): string =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const dir = await mkdtemp(path.join(os.tmpdir(), 'kpu-test-times-'));
const out = path.join(dir, 'report.json');
const timesOut = path.join(dir, 'file-times.json');
const cpu = process.argv.includes('--cpu');
const vitestArgs = process.argv.slice(2).filter((arg) => arg !== '--cpu');
const loadBefore = load();
const sampling = cpu ? startCpuSampling() : null;
if (cpu && sampling === null) console.warn('--cpu: this machine has no /proc to read processes from; left out');
const started = performance.now();
const code = await new Promise<number | null>((resolve, reject) => {
  const child = spawn(
    process.execPath,
    [
      path.join(PROJECT_ROOT, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      // Each file's whole time, its hooks included (file-times-reporter.ts says why the JSON report's is not).
      '--reporter=./test/support/file-times-reporter.ts',
      ...vitestArgs,
    ],
    {
      cwd: PROJECT_ROOT,
      stdio: 'inherit',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', KPU_TEST_TIMES_OUT: timesOut },
    },
  );
  child.on('error', reject);
  child.on('close', resolve);
});
const wallS = (performance.now() - started) / 1000;
const cpuSummary = sampling?.stop() ?? null;
const report = JSON.parse(await readFile(out, 'utf8')) as JsonReport;
const times = JSON.parse(await readFile(timesOut, 'utf8')) as FileTime[];
await rm(dir, { recursive: true, force: true });

const rows = times
  .map((time) => ({ ...time, file: path.relative(PROJECT_ROOT, time.file) }))
  .sort((a, b) => b.seconds - a.seconds);
console.log('\nseconds  import  tests  file (its whole time in its worker: importing it, every test and hook)');
for (const row of rows)
  console.log(
    `${row.seconds.toFixed(1).padStart(7)}  ${row.importSeconds.toFixed(1).padStart(6)}  ${String(row.tests).padStart(5)}  ${row.file}${row.state === 'passed' ? '' : `  (${row.state})`}`,
  );
const summed = rows.reduce((sum, row) => sum + row.seconds, 0);
// A file whose setup hook fails reports its tests as skipped, none as failed: the files' own state says so.
const failedFiles = rows.filter((row) => row.state === 'failed').length;
console.log(
  `\n${rows.length} files${failedFiles > 0 ? ` (${failedFiles} failed: marked above, vitest's output says why)` : ''}, ${report.numPassedTests} tests passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
);
console.log(
  `wall clock ${wallS.toFixed(1)} s (files summed ${summed.toFixed(1)} s) on ${os.availableParallelism()} cores`,
);
console.log(`load average (1, 5, 15 min): before ${loadBefore}, after ${load()}`);
if (cpuSummary !== null) {
  const WHAT: Record<ProcessKind, string> = {
    cli: "the publisher's CLI and its stage processes",
    astro: 'Astro builds of the site',
    chromium: "Chromium's processes",
    vitest: "vitest's processes: its workers, with the servers and checks the tests run in them",
    other: 'everything else on the machine',
  };
  const total = PROCESS_KINDS.reduce((sum, kind) => sum + cpuSummary.byKind[kind].cpuSeconds, 0);
  console.log(
    `\nCPU time by kind of process (read from /proc every half second: a lower bound), ${total.toFixed(1)} CPU-s in all; the cores busy ${(cpuSummary.busyShare * 100).toFixed(0)} % of the run`,
  );
  for (const kind of [...PROCESS_KINDS].sort(
    (a, b) => cpuSummary.byKind[b].cpuSeconds - cpuSummary.byKind[a].cpuSeconds,
  )) {
    const { cpuSeconds, processes } = cpuSummary.byKind[kind];
    console.log(
      `${cpuSeconds.toFixed(1).padStart(7)} CPU-s  ${String(processes).padStart(5)} processes  ${kind}: ${WHAT[kind]}`,
    );
  }
}
process.exitCode = code ?? 1;
