// Runs the real publisher CLI as a child process, the way a person or CI does, with only the
// environment a test gives it (no KPU_* variables leak in from the developer's shell).
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testCompileCacheIn } from './test-tmpdir.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Node's compile cache for every CLI a test starts (and, passed on by the site stage, its Astro build): the suite starts
 * hundreds of them, each compiling the same TypeScript and Astro modules again. Entries are keyed by the module's
 * content, so one folder serves every checkout (vitest.config.ts keeps it from growing without end); a test may still
 * set NODE_COMPILE_CACHE itself.
 */
const TEST_COMPILE_CACHE = testCompileCacheIn(os.tmpdir());

/**
 * Node options for every CLI a test starts, passed on to its stage and Astro processes as every Node option of a
 * build is (scripts/foundation/child-node-options.ts): V8's optimizing compilers off, for JavaScript (`--max-opt=1`:
 * the interpreter and Sparkplug, its baseline compiler, only) and for WebAssembly (`--liftoff-only`: the Parquet
 * encoder's module, parquet-wasm, stays in Liftoff, its baseline compiler, where V8 would compile its busiest
 * functions again with TurboFan). The suite's builds are small and last a few seconds, too short for code optimized
 * on V8's background threads to pay back its compiling: a small build with its site took 6–14 % less CPU time, the
 * six files with the most builds 11–19 % less in their CLI processes; `--liftoff-only` took an `--offline` build of the publish tests' world 1.116 → 1.071 CPU-s
 * (18 runs each, alternated). What a build does and writes is the same either way
 * (determinism.test.ts compares builds byte for byte); the benchmark and users' builds run with V8's defaults, which
 * larger harvests need (at 10,000 records the build is already slower without them).
 */
export const TEST_NODE_OPTIONS: readonly string[] = ['--max-opt=1', '--liftoff-only'];

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string>;
  cwd?: string;
  /** Called with the child as soon as it starts, for tests that signal it. */
  onStart?: (child: ChildProcess) => void;
  /** Called on every chunk of standard error. */
  onStderr?: (text: string, child: ChildProcess) => void;
}

export function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TEST_NODE_OPTIONS, path.join(PROJECT_ROOT, 'scripts/cli.ts'), ...args], {
      cwd: options.cwd ?? PROJECT_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        CI: 'true',
        ASTRO_TELEMETRY_DISABLED: '1',
        NODE_COMPILE_CACHE: TEST_COMPILE_CACHE,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      options.onStderr?.(chunk, child);
    });
    options.onStart?.(child);
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/**
 * The same command line run in this process (scripts/cli.ts `main`), with only the environment a test gives it: the
 * same exit code, standard output and standard error as runCli, without starting Node. For the many cases of one
 * stage that complete (harvest-cli.test.ts). Not for commands that fail: a failed harvest leaves the requests it
 * made ahead to the process's exit, which here would go on writing after this returns. Contract tests (signals,
 * exit codes, output to pipes) keep the real process too.
 */
export async function runCliInProcess(args: string[], options: Pick<CliOptions, 'env'> = {}): Promise<CliRun> {
  const { main } = await import('../../scripts/cli.ts');
  const collect = (): NodeJS.WritableStream & { text: string } => {
    const stream = { text: '', write: (chunk: string | Uint8Array) => ((stream.text += String(chunk)), true) };
    return stream as unknown as NodeJS.WritableStream & { text: string };
  };
  const stdout = collect();
  const stderr = collect();
  const code = await main(args, { env: { CI: 'true', ...options.env }, stdout, stderr });
  return { code, signal: null, stdout: stdout.text, stderr: stderr.text };
}
