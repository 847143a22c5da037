// `npm run test:times [-- vitest arguments]`: runs the suite (or the part the arguments select) as `npm test` does,
// then prints every test file's time, slowest first, the wall-clock total, and the machine's load before and after
// (timings taken on a busy machine are inflated: compare files with each other, and note the load).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FileTime } from './file-times-reporter.ts';
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
const loadBefore = load();
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
      ...process.argv.slice(2),
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
console.log(
  `\n${rows.length} files, ${report.numPassedTests} tests passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`,
);
console.log(
  `wall clock ${wallS.toFixed(1)} s (files summed ${summed.toFixed(1)} s) on ${os.availableParallelism()} cores`,
);
console.log(`load average (1, 5, 15 min): before ${loadBefore}, after ${load()}`);
process.exitCode = code ?? 1;
