// The reporter behind `npm run test:times` (test/support/file-times-reporter.ts), run by the real vitest on a test
// file of its own: a file's time is its whole time in its worker, the beforeAll that builds its world included.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileTime } from '../support/file-times-reporter.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';

const run = promisify(execFile);

/** How long the fixture's beforeAll takes: the stand-in for a world being built. */
const HOOK_MS = 800;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kpu-file-times-'));
  await mkdir(path.join(dir, 'tests'));
  await symlink(path.join(PROJECT_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await writeFile(path.join(dir, 'vitest.config.mjs'), 'export default { test: { include: ["tests/*.test.mjs"] } };\n');
  await writeFile(
    path.join(dir, 'tests/world.test.mjs'),
    [
      "import { beforeAll, expect, it } from 'vitest';",
      `beforeAll(() => new Promise((resolve) => setTimeout(resolve, ${HOOK_MS})));`,
      "it('reads the world', () => expect(1).toBe(1));",
      "it('reads it again', () => expect(2).toBe(2));",
      '',
    ].join('\n'),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the per-file times of npm run test:times', () => {
  it('count a file from the start of its worker to its end, its beforeAll included', async () => {
    const out = path.join(dir, 'times.json');
    // Fails (rejects) unless the fixture's tests pass.
    await run(
      process.execPath,
      [
        path.join(PROJECT_ROOT, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--reporter',
        path.join(PROJECT_ROOT, 'test/support/file-times-reporter.ts'),
      ],
      { cwd: dir, env: { PATH: process.env.PATH ?? '', KPU_TEST_TIMES_OUT: out } },
    );
    const times = JSON.parse(await readFile(out, 'utf8')) as FileTime[];
    expect(times).toHaveLength(1);
    const [time] = times;
    expect(time).toMatchObject({ file: path.join(dir, 'tests/world.test.mjs'), tests: 2, state: 'passed' });
    expect(time?.seconds).toBeGreaterThanOrEqual(HOOK_MS / 1000);
    expect(time?.importSeconds).toBeLessThan(time?.seconds ?? 0);
  });
});
