// A process the build started stops at once when the build is gone (scripts/foundation/parent-gone.ts), even while
// DuckDB runs a long query on one of libuv's threads: the stages' processes learn it from their IPC channel, the
// DuckDB file writer and the Astro build from their standard input.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const HELPER = pathToFileURL(path.resolve(import.meta.dirname, '../../scripts/foundation/parent-gone.ts')).href;

/** A child that learns of its parent's end as `how` says, then starts a query that runs for minutes. */
const child = (how: string) => `import { DuckDBInstance } from '@duckdb/node-api';
import { stopAtOnce, stopWhenStdinEnds } from ${JSON.stringify(HELPER)};
${how};
const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
const connection = await instance.connect();
process.stdout.write('at work\\n');
await connection.run('SELECT sum(i) FROM range(100000000000) r(i)');`;

it.each([
  ['its standard input ends', "stopWhenStdinEnds('the parent is gone')", 'pipe'],
  ['its IPC channel closes', "process.on('disconnect', () => stopAtOnce('the parent is gone'))", 'ipc'],
] as const)(
  'stops at once while DuckDB runs a query when %s',
  async (_when, how, channel) => {
    const started = spawn(process.execPath, ['--input-type=module', '-e', child(how)], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: ['pipe', 'pipe', 'pipe', 'ipc'],
    });
    const { stdin, stdout, stderr: errors } = started;
    if (!stdin || !stdout || !errors) throw new Error('the child has no pipes');
    let stderr = '';
    errors.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = once(started, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    await once(stdout, 'data');
    // The query is on its way a moment after the line.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (channel === 'ipc') started.disconnect();
    else stdin.end();
    const ended = await Promise.race([
      exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ]);
    if (ended === 'still running') started.kill('SIGKILL');
    expect(ended).toEqual([null, 'SIGKILL']);
    expect(stderr).toBe('the parent is gone: stopping\n');
  },
  30_000,
);
