// Runs the real publisher CLI as a child process, the way a person or CI does, with only the
// environment a test gives it (no KPU_* variables leak in from the developer's shell).
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testCompileCacheIn } from './test-compile-cache.ts';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Node's compile cache for every CLI a test starts (and, passed on by the site stage, its Astro build): the suite starts
 * hundreds of them, each compiling the same TypeScript and Astro modules again. Entries are keyed by the module's
 * content, so one folder serves every checkout (vitest.config.ts keeps it from growing without end); a test may still
 * set NODE_COMPILE_CACHE itself.
 */
const TEST_COMPILE_CACHE = testCompileCacheIn(os.tmpdir());

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
  /** Node options the CLI is started with (none by default, as `npm run build` starts it). */
  nodeOptions?: readonly string[];
}

export function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...(options.nodeOptions ?? []), path.join(PROJECT_ROOT, 'scripts/cli.ts'), ...args],
      {
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
      },
    );
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
 * The same command line run in this process (scripts/cli-main.ts `main`), with only the environment a test gives it:
 * the same exit code, standard output and standard error as runCli, without starting Node. For the many cases of one
 * stage (harvest-cli.test.ts), those that fail in the harvest too: a failed harvest awaits every request it made, and
 * closes its connections, before the command returns. Contract tests (signals, exit codes, output to pipes, the
 * key never printed by the process) keep the real process.
 */
export async function runCliInProcess(args: string[], options: Pick<CliOptions, 'env'> = {}): Promise<CliRun> {
  const { main } = await import('../../scripts/cli-main.ts');
  const collect = (): NodeJS.WritableStream & { text: string } => {
    const stream = { text: '', write: (chunk: string | Uint8Array) => ((stream.text += String(chunk)), true) };
    return stream as unknown as NodeJS.WritableStream & { text: string };
  };
  const stdout = collect();
  const stderr = collect();
  const code = await main(args, { env: { CI: 'true', ...options.env }, stdout, stderr });
  return { code, signal: null, stdout: stdout.text, stderr: stderr.text };
}
