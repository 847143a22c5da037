// The browser the Chromium tests drive: Debian's Chromium (playwright-core never downloads one). Installed with
// apt-get when it is missing and this machine lets us (root, or sudo without a password); otherwise the tests stop
// with one line saying what to run. Never skipped: a browser test that cannot run fails.
// Run on its own with `npm run test:setup`; the browser project of vitest.config.ts runs it as its global setup.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The browser binary: by default Debian's chromium-headless-shell, Chromium's own headless build of the same release
 * and the same Blink engine as Debian's chromium package, without the full browser around it: the browser tests
 * take about 40 % less CPU in it (README, "Development"). KPU_TEST_CHROMIUM names another: `.ci/run` sets the full
 * browser, /usr/bin/chromium, so CI runs every browser test in what the chromium package installs.
 */
export const CHROMIUM_PATH = process.env.KPU_TEST_CHROMIUM || '/usr/bin/chromium-headless-shell';

/** The Debian packages the set-up installs: each puts a binary of its own name in /usr/bin. */
const DEBIAN_PACKAGES: ReadonlySet<string> = new Set(['chromium', 'chromium-headless-shell']);

/** The Debian package that installs `binary` (by its file name), or null for a browser of another origin. */
export function debianPackageOf(binary: string): string | null {
  const name = path.basename(binary);
  return DEBIAN_PACKAGES.has(name) ? name : null;
}

/** The one line that says what to install by hand. */
export function installHint(packageName: string | null): string {
  return packageName === null
    ? "Chromium is needed by the browser tests: install the browser KPU_TEST_CHROMIUM names, or unset it to use Debian's chromium-headless-shell, then `npm test` again."
    : `Chromium is needed by the browser tests: run \`sudo apt-get install ${packageName}\` (Debian 12 or later), or set KPU_TEST_CHROMIUM to a Chromium this machine has (on Ubuntu, whose Chromium is a snap, or an older Debian without the package), then \`npm test\` again.`;
}

export interface ChromiumSetup {
  /** The browser binary to look for. */
  binary: string;
  /** The Debian package that installs it, or null when the set-up cannot install it. */
  packageName: string | null;
  /** Whether this process may install packages: root, or passwordless sudo. Returns the command prefix ([] or ['sudo', '-n']), or null. */
  installer(): string[] | null;
  /** Runs one command, its output shown; returns its exit status. */
  run(command: string[]): number;
  /** apt-get, or a stand-in for the set-up's own tests. */
  aptGet: string;
  log(line: string): void;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function defaultSetup(): ChromiumSetup {
  return {
    binary: CHROMIUM_PATH,
    packageName: debianPackageOf(CHROMIUM_PATH),
    installer: () => {
      if (process.getuid?.() === 0) return [];
      const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
      return sudo.status === 0 ? ['sudo', '-n'] : null;
    },
    run: (command) =>
      spawnSync(command[0] as string, command.slice(1), {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status ?? 1,
    aptGet: process.env.KPU_TEST_APT_GET || 'apt-get',
    log: (line) => console.error(line),
  };
}

/** Makes sure the browser is there; throws an Error whose message is the one-line instruction when it cannot be. */
export function ensureChromium(setup: ChromiumSetup = defaultSetup()): 'present' | 'installed' {
  if (isExecutable(setup.binary)) return 'present';
  const hint = installHint(setup.packageName);
  if (setup.packageName === null)
    throw new Error(`${setup.binary} is missing, and it is no browser of Debian's the set-up can install. ${hint}`);
  const prefix = setup.installer();
  if (prefix === null)
    throw new Error(
      `${setup.binary} is missing and this user cannot install it (not root, no passwordless sudo). ${hint}`,
    );
  setup.log(
    `${setup.binary} is missing: installing Debian's ${setup.packageName} with ${setup.aptGet} (once per machine)…`,
  );
  const steps = [
    [...prefix, setup.aptGet, 'update', '-qq'],
    [...prefix, setup.aptGet, 'install', '-y', '-qq', '--no-install-recommends', setup.packageName],
  ];
  for (const step of steps) {
    const status = setup.run(step);
    if (status !== 0) throw new Error(`\`${step.join(' ')}\` failed (exit ${status}). ${hint}`);
  }
  if (!isExecutable(setup.binary))
    throw new Error(`${setup.aptGet} installed ${setup.packageName}, but ${setup.binary} is still missing. ${hint}`);
  return 'installed';
}

/** vitest global setup of the browser project. */
export default function setup(): void {
  ensureChromium();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const outcome = ensureChromium();
    console.error(`Chromium for the browser tests: ${CHROMIUM_PATH} (${outcome}).`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
