// The project's own set-up of the browser the Chromium tests need, on a fresh machine: installed with apt-get when
// it can be, one line saying what to run when it cannot, never a silent skip. The binary and apt-get are injected,
// so the machine's own Chromium is never touched.
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_PATH,
  debianPackageOf,
  ensureChromium,
  installHint,
  type ChromiumSetup,
} from '../support/chromium-setup.ts';
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
    packageName: 'chromium-headless-shell',
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

  it('installs Debian’s package of the browser with apt-get, through sudo -n when not root, when it is missing', async () => {
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
      ['sudo', '-n', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'chromium-headless-shell'],
    ]);
  });

  it('drives Debian’s headless shell unless KPU_TEST_CHROMIUM names another, and knows the package of each of Debian’s two', () => {
    expect(CHROMIUM_PATH).toBe(process.env.KPU_TEST_CHROMIUM || '/usr/bin/chromium-headless-shell');
    expect(debianPackageOf('/usr/bin/chromium-headless-shell')).toBe('chromium-headless-shell');
    expect(debianPackageOf('/usr/bin/chromium')).toBe('chromium');
    expect(debianPackageOf('/opt/google/chrome/chrome')).toBeNull();
    expect(installHint('chromium')).toContain('`sudo apt-get install chromium`');
  });

  it('fails with the one-line instruction, running nothing, for a missing browser that is none of Debian’s', () => {
    const binary = path.join(dir, 'chrome');
    const setup = fakeSetup(binary, { packageName: null });
    expect(() => ensureChromium(setup)).toThrow(
      `${binary} is missing, and it is no browser of Debian's the set-up can install. ${installHint(null)}`,
    );
    expect(setup.commands).toEqual([]);
  });

  it('fails with the one-line instruction when this user cannot install, running nothing', () => {
    const setup = fakeSetup(path.join(dir, 'absent'), { installer: () => null });
    expect(() => ensureChromium(setup)).toThrow(
      `${path.join(dir, 'absent')} is missing and this user cannot install it (not root, no passwordless sudo). ${installHint('chromium-headless-shell')}`,
    );
    expect(setup.commands).toEqual([]);
  });

  it('fails with the instruction when apt-get fails, or installs something else', () => {
    const failing = fakeSetup(path.join(dir, 'absent'), { run: () => 100 });
    expect(() => ensureChromium(failing)).toThrow(
      `\`apt-get update -qq\` failed (exit 100). ${installHint('chromium-headless-shell')}`,
    );
    const useless = fakeSetup(path.join(dir, 'absent'));
    expect(() => ensureChromium(useless)).toThrow(
      `apt-get installed chromium-headless-shell, but ${path.join(dir, 'absent')} is still missing. ${installHint('chromium-headless-shell')}`,
    );
  });

  it('`npm run test:setup` exits 1 with the instruction as its last line when the install fails', () => {
    const run = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'test/support/chromium-setup.ts')], {
      encoding: 'utf8',
      // A missing binary named as Debian's headless shell: the set-up tries apt-get ('false' here) or stops first.
      env: {
        PATH: process.env.PATH ?? '',
        KPU_TEST_CHROMIUM: path.join(dir, 'absent', 'chromium-headless-shell'),
        KPU_TEST_APT_GET: 'false',
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(
      new RegExp(
        `(cannot install it|failed \\(exit 1\\))\\. ${installHint('chromium-headless-shell').replace(/[.*+?^${}()|[\]\\`]/g, '\\$&')}$`,
      ),
    );
  });
});
