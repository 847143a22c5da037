// The project's `postinstall`: finishes an `npm install` run by an npm on an older Node than the project's own. npm
// skips an optional package whose `engines` its own Node does not satisfy (Rolldown's and oxc's native builds need
// Node 20.19 or later), without a word, so on Debian 12's or Ubuntu 24.04's Node 18 Astro and vitest then fail to
// load. npm runs this script on the project's pinned Node (the `node` devDependency comes first on PATH), so running
// npm again from here judges those packages by the Node that will run them (docs/operations.md, "A fresh machine").
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** An entry of package-lock.json's `packages`, as far as this script reads it. */
interface LockedPackage {
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}

export interface Platform {
  os: string;
  cpu: string;
  /** 'glibc' or 'musl' on Linux, null elsewhere. */
  libc: string | null;
}

/** Whether a package's `os`, `cpu` or `libc` list admits `value` (npm's rules: "!x" excludes x; no list admits all). */
function admits(list: string[] | undefined, value: string | null): boolean {
  if (list === undefined || list.length === 0) return true;
  if (value === null) return false;
  if (list.includes(`!${value}`)) return false;
  const allowed = list.filter((entry) => !entry.startsWith('!'));
  return allowed.length === 0 || allowed.includes(value);
}

/**
 * The optional packages of a lockfile built for one platform (naming its `os` or `cpu`) that `platform` is and that
 * are not installed under `root`: their paths below the project, as the lockfile names them
 * (`node_modules/@rolldown/binding-linux-x64-gnu`).
 */
export function missingOptionalPackages(
  lock: { packages?: Record<string, LockedPackage> },
  root: string,
  platform: Platform,
): string[] {
  return (
    Object.entries(lock.packages ?? {})
      // A platform's own build names its os or cpu; other optional packages (a WebAssembly fallback and what it
      // needs, say) come and go with the package that wants them.
      .filter(
        ([location, entry]) => location !== '' && entry.optional === true && (entry.os ?? entry.cpu) !== undefined,
      )
      .filter(([, entry]) => admits(entry.os, platform.os) && admits(entry.cpu, platform.cpu))
      .filter(([, entry]) => platform.os !== 'linux' || admits(entry.libc, platform.libc))
      .filter(([location]) => !existsSync(path.join(root, location, 'package.json')))
      .map(([location]) => location)
  );
}

/** This machine, as npm matches a package's `os`, `cpu` and `libc` (npm-install-checks reads glibc the same way). */
export function currentPlatform(): Platform {
  const header = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header;
  const libc = process.platform === 'linux' ? (header?.glibcVersionRuntime ? 'glibc' : 'musl') : null;
  return { os: process.platform, cpu: process.arch, libc };
}

/** Set for the npm this script starts, whose own postinstall then has nothing to do. */
const COMPLETING = 'KPU_INSTALL_COMPLETING';

function main(): number {
  if (process.env[COMPLETING] === '1') return 0;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const lockFile = path.join(root, 'package-lock.json');
  if (!existsSync(lockFile)) return 0;
  const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { packages?: Record<string, LockedPackage> };
  const platform = currentPlatform();
  const missing = missingOptionalPackages(lock, root, platform);
  if (missing.length === 0) return 0;
  // `npm install --omit=optional` leaves them out on purpose: say what that costs, and respect it.
  if ((process.env.npm_config_omit ?? '').includes('optional')) {
    process.stderr.write(
      `complete-install: optional packages omitted (--omit=optional); without ${missing.length} of them Astro and vitest cannot load on this machine\n`,
    );
    return 0;
  }

  const names = missing.map((location) => location.replace(/^.*node_modules\//, '')).join(', ');
  // npm names the Node it ran on in its user agent: "npm/9.2.0 node/v18.20.4 linux x64 workspaces/false".
  const npmNode = /\bnode\/(v\S+)/.exec(process.env.npm_config_user_agent ?? '')?.[1] ?? 'another Node';
  const npm = process.env.npm_execpath;
  if (npm === undefined || npm === '') {
    process.stderr.write(
      `complete-install: ${missing.length} optional packages for this machine are missing (${names}); run npm install again\n`,
    );
    return 1;
  }
  process.stdout.write(
    `complete-install: npm ran on Node ${npmNode} and left out ${missing.length} optional packages this machine needs (${names}); installing them with the project's Node ${process.version}…\n`,
  );
  // --no-save: the lockfile already lists them; only node_modules/ lacks them.
  const run = spawnSync(process.execPath, [npm, 'install', '--no-save', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, [COMPLETING]: '1' },
  });
  const left = missingOptionalPackages(lock, root, platform);
  if (run.status !== 0 || left.length > 0) {
    process.stderr.write(
      `complete-install: still missing ${left.length > 0 ? left.join(', ') : 'nothing, but npm failed'}; install them with \`node_modules/.bin/node ${npm} install\`, or use npm on Node 20.19 or later\n`,
    );
    return 1;
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main();
