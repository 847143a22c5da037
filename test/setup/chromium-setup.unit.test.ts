// The project's own set-up of the browser the Chromium tests need, on a fresh machine: installed with apt-get when
// it can be, one line saying what to run when it cannot, never a silent skip. The binary and apt-get are injected,
// so the machine's own Chromium is never touched.
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium, INSTALL_HINT, type ChromiumSetup } from '../support/chromium-setup.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kpu-chromium-setup-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function fakeSetup(binary: string, overrides: Partial<ChromiumSetup> = {}): ChromiumSetup & { commands: string[][] } {
  const commands: string[][] = [];
  return {
    binary,
    installer: () => [],
    run: (command) => (commands.push(command), 0),
    aptGet: 'apt-get',
    log: () => {},
    commands,
    ...overrides,
  };
}

describe('the Chromium set-up of the browser tests', () => {
  it('does nothing when the browser is there', async () => {
    const binary = path.join(dir, 'present');
    await writeFile(binary, '#!/bin/sh\n');
    await chmod(binary, 0o755);
    const setup = fakeSetup(binary);
    expect(ensureChromium(setup)).toBe('present');
    expect(setup.commands).toEqual([]);
  });

  it('installs Debian’s chromium with apt-get, through sudo -n when not root, when it is missing', async () => {
    const binary = path.join(dir, 'installed-by-apt');
    const setup = fakeSetup(binary, {
      installer: () => ['sudo', '-n'],
      run: (command) => {
        setup.commands.push(command);
        if (command.includes('install'))
          spawnSync('sh', ['-c', `printf '#!/bin/sh\\n' > ${binary} && chmod +x ${binary}`]);
        return 0;
      },
    });
    expect(ensureChromium(setup)).toBe('installed');
    expect(setup.commands).toEqual([
      ['sudo', '-n', 'apt-get', 'update', '-qq'],
      ['sudo', '-n', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium'],
    ]);
  });

  it('fails with the one-line instruction when this user cannot install, running nothing', () => {
    const setup = fakeSetup(path.join(dir, 'absent'), { installer: () => null });
    expect(() => ensureChromium(setup)).toThrow(
      `${path.join(dir, 'absent')} is missing and this user cannot install it (not root, no passwordless sudo). ${INSTALL_HINT}`,
    );
    expect(setup.commands).toEqual([]);
  });

  it('fails with the instruction when apt-get fails, or installs something else', () => {
    const failing = fakeSetup(path.join(dir, 'absent'), { run: () => 100 });
    expect(() => ensureChromium(failing)).toThrow(`\`apt-get update -qq\` failed (exit 100). ${INSTALL_HINT}`);
    const useless = fakeSetup(path.join(dir, 'absent'));
    expect(() => ensureChromium(useless)).toThrow(
      `apt-get installed chromium, but ${path.join(dir, 'absent')} is still missing. ${INSTALL_HINT}`,
    );
  });

  it('`npm run test:setup` exits 1 with the instruction as its last line when the install fails', () => {
    const run = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'test/support/chromium-setup.ts')], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', KPU_TEST_CHROMIUM: path.join(dir, 'absent'), KPU_TEST_APT_GET: 'false' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(
      new RegExp(`(cannot install it|failed \\(exit 1\\))\\. ${INSTALL_HINT.replace(/[.*+?^${}()|[\]\\`]/g, '\\$&')}$`),
    );
  });
});
