// The benchmark's smoke run, as CI runs it: `npm run bench -- --quick` end to end, then the results file must
// hold every section, measured: a section that could not run fails the test. No figure is checked against a goal:
// machines differ. A CI lane (.ci/run; `npm test -- --project ci` with KPU_TEST_CI=1), not part of `npm test`.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchResults } from '../../bench/bench-results.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';

const QUICK_TIMEOUT_MS = 15 * 60_000;

function runQuickBench(out: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'bench', 'bench.ts'), '--quick', '--out', out], {
      cwd: PROJECT_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        CI: 'true',
        ASTRO_TELEMETRY_DISABLED: '1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('npm run bench -- --quick', () => {
  let dir: string;
  let results: BenchResults;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kpu-bench-test-'));
    const out = path.join(dir, 'quick.json');
    const run = await runQuickBench(out);
    if (run.code !== 0)
      throw new Error(
        `the quick benchmark exited with ${String(run.code)}:\n${run.stderr.split('\n').slice(-60).join('\n')}`,
      );
    results = JSON.parse(await readFile(out, 'utf8')) as BenchResults;
  }, QUICK_TIMEOUT_MS);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('says what it ran on and how', () => {
    expect(results.mode).toBe('quick');
    expect(results.machine.cpuModel).not.toBe('');
    expect(results.machine.cores).toBeGreaterThan(0);
    expect(results.machine.memoryBytes).toBeGreaterThan(0);
    expect(results.machine.nodeVersion).toMatch(/^v24\./);
    expect(results.machine.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(results.rssMethod).not.toBe('');
    expect(results.commands).toContain('npm run bench -- --quick --out ' + path.join(dir, 'quick.json'));
  });

  it('holds every section, each measured', () => {
    for (const name of ['harvest', 'formats', 'build', 'site', 'pages'] as const) {
      expect(results[name], name).toBeDefined();
      expect(results[name].status, `${name}: ${results[name].reason ?? ''}`).toBe('ok');
    }
    expect(results.goals.length).toBeGreaterThan(0);
  });

  it('measured the harvest next to the fair floor and the bare loop, at 1,000 records', () => {
    // Only against the stand-in answering at once: the distant upstream is the full run's.
    expect(results.harvest.sizes.map((size) => size.upstreamDelayMs)).toEqual([0]);
    const [size] = results.harvest.sizes;
    expect(size?.records).toBe(1000);
    expect(size?.harvest.runsMs).toHaveLength(1);
    expect(size?.bare.runsMs).toHaveLength(1);
    expect(size?.floor?.runsMs).toHaveLength(1);
    expect(size?.floor?.records).toBeGreaterThanOrEqual(1000);
    expect(size?.harvest.requests).toBeGreaterThan(2);
    expect(size?.ratio).toBeGreaterThan(0);
    expect(size?.floorRatio).toBeGreaterThan(0);
  });

  it('wrote every format and read it back with DuckDB', () => {
    const [size] = results.formats.sizes;
    expect(size?.records).toBe(1000);
    for (const format of ['baseline', 'json', 'csv', 'parquet', 'arrow', 'xlsx', 'duckdb-parquet']) {
      const result = size?.formats.find((candidate) => candidate.format === format);
      expect(result?.bytes, format).toBeGreaterThan(0);
      if (format !== 'arrow' && format !== 'xlsx') expect(result?.duckdbRows, format).toBe(1000);
    }
    expect(size?.allFormatsMs).toBeGreaterThan(0);
  });

  it('built at 1,000 records with its peak memory', () => {
    const [size] = results.build.sizes;
    expect(size?.records).toBe(1000);
    expect(size?.wallMs).toBeGreaterThan(0);
  });

  it('measured the site and its pages', () => {
    expect(results.site.status, results.site.reason ?? '').toBe('ok');
    expect(results.pages.status, results.pages.reason ?? '').toBe('ok');
    // The demo site, built once: no rebuild, no `build --offline` again.
    expect(results.site.builds.map((build) => build.name)).toEqual(['demo']);
    const [site] = results.site.builds;
    expect(site?.firstBuild.wallMs).toBeGreaterThan(0);
    expect(site?.pipelineRebuild).toBeNull();
    expect(site?.htmlPages).toBeGreaterThan(0);
    // The bare Astro baseline rendered exactly the site's pages.
    expect(site?.bareAstro?.pages).toBe(site?.htmlPages);
    expect(site?.bareAstro?.ratio).toBeGreaterThan(0);
    expect(results.pages.transfers.map((transfer) => transfer.kind)).toEqual(
      expect.arrayContaining(['home', 'dapil', 'party']),
    );
    // Lighthouse itself, on the home page only (--quick), with every category scored.
    expect(results.pages.lighthouse.runs.map((run) => run.kind)).toEqual(['home']);
    const [home] = results.pages.lighthouse.runs;
    expect(home?.runtimeError, home?.runtimeError).toBeUndefined();
    for (const score of Object.values(home?.scores ?? {})) expect(score).toBeGreaterThanOrEqual(0);
  });
});
