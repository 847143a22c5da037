// Worlds several test files only read (the demo site, the real-data site, the publish tests' templates), built once
// with the real build command and shared between files, projects and runs: kept under
// <tmp>/kpu-test-worlds/<checkout>/<name>-<key> (one folder per checkout of the project, so worktrees side by side
// never touch each other's worlds), where the key hashes every input of the build (scripts/, the site's sources, the
// lockfile, the Node version, the test fixtures, the served data), so a changed input builds anew and an unchanged one
// is reused. One builder at a time (a lock folder naming its process); the others wait for it. Readers must not change
// a shared world: copy it first. Each checkout's folder names its checkout, and a run removes the folders of checkouts
// that are gone (a clone removed: about 300 MB each).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isProcessAlive } from '../../scripts/foundation/owned-folders.ts';
import { PROJECT_ROOT, type CliRun } from './run-cli.ts';
import { discardFolder } from './test-trash.ts';

/** The folder of every checkout's shared worlds. */
const ALL_SHARED_WORLDS_DIR = path.join(os.tmpdir(), 'kpu-test-worlds');

const SHARED_WORLDS_DIR = path.join(
  ALL_SHARED_WORLDS_DIR,
  createHash('sha256').update(PROJECT_ROOT).digest('hex').slice(0, 12),
);

/** The file in a checkout's folder that names the checkout (its project root), so a later run can tell it is gone. */
const CHECKOUT_FILE = 'checkout.txt';

/**
 * Removes the folders under `allDir` of checkouts that are gone: those whose CHECKOUT_FILE names a folder without a
 * package.json (a clone removed, a worktree deleted). A folder that names no checkout is left as it is.
 */
export async function removeWorldsOfGoneCheckouts(allDir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const entry of await readdir(allDir, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(allDir, entry.name);
    const root = (await readFile(path.join(folder, CHECKOUT_FILE), 'utf8').catch(() => '')).trim();
    // No name (none written, or being written by another run): left alone.
    if (root === '' || existsSync(path.join(root, 'package.json'))) continue;
    await discardFolder(folder);
    removed.push(folder);
  }
  return removed;
}

/** This checkout's folder, named, and those of gone checkouts removed: once per process. */
let checkoutReady: Promise<void> | null = null;
function prepareCheckoutFolder(): Promise<void> {
  checkoutReady ??= (async () => {
    await mkdir(SHARED_WORLDS_DIR, { recursive: true });
    await writeFile(path.join(SHARED_WORLDS_DIR, CHECKOUT_FILE), `${PROJECT_ROOT}\n`);
    await removeWorldsOfGoneCheckouts(ALL_SHARED_WORLDS_DIR);
  })();
  return checkoutReady;
}

export interface SharedWorld {
  /** Holds cache/ and dist/ (a relative link into dist.builds/). Read-only. */
  root: string;
  cacheDir: string;
  distDir: string;
  /** The output of the world's last build command, as the test that ran it saw it. */
  run: CliRun;
  /** The output of each of its build commands, in order. */
  runs: CliRun[];
  /** Milliseconds the build command took when the world was built. */
  buildMs: number;
  /** Whether this call built the world (false: reused). */
  built: boolean;
}

interface Meta {
  runs: CliRun[];
  buildMs: number;
}

/** Folders whose every file is an input of a build (besides the data): the code, the site, the test fixtures. */
const INPUT_DIRS = ['scripts', 'site/src', 'site/public', 'test/support'];
const INPUT_FILES = ['package-lock.json', 'site/astro.config.ts', 'tsconfig.json', 'test/site/site-fixtures.ts'];

async function hashInputs(extra: string): Promise<string> {
  const hash = createHash('sha256').update(`${process.version}\n${extra}\n`);
  const files: string[] = [...INPUT_FILES];
  for (const dir of INPUT_DIRS) {
    const absolute = path.join(PROJECT_ROOT, dir);
    if (!existsSync(absolute)) continue;
    for (const entry of await readdir(absolute, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) files.push(path.relative(PROJECT_ROOT, path.join(entry.parentPath, entry.name)));
    }
  }
  for (const file of files.sort()) {
    const absolute = path.join(PROJECT_ROOT, file);
    if (existsSync(absolute)) hash.update(`${file}\n`).update(await readFile(absolute));
  }
  return hash.digest('hex').slice(0, 16);
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 15 * 60_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The shared world `name` for these inputs (`data`: whatever else the build depends on, e.g. the served files'
 * bytes), built with `build(root)` into an empty folder when no equal world exists yet; `build` resolves with the
 * output of its build command, or of each of its commands in order (each must succeed).
 */
export async function sharedWorld(
  name: string,
  data: string,
  build: (root: string) => Promise<CliRun | CliRun[]>,
): Promise<SharedWorld> {
  const key = await hashInputs(`${name}\n${data}`);
  const final = path.join(SHARED_WORLDS_DIR, `${name}-${key}`);
  const lock = `${final}.lock`;
  const describe = async (built: boolean): Promise<SharedWorld> => {
    const meta = JSON.parse(await readFile(path.join(final, 'meta.json'), 'utf8')) as Meta;
    return {
      root: final,
      cacheDir: path.join(final, 'cache'),
      distDir: path.join(final, 'dist'),
      run: meta.runs.at(-1) as CliRun,
      runs: meta.runs,
      buildMs: meta.buildMs,
      built,
    };
  };
  await prepareCheckoutFolder();
  for (;;) {
    if (existsSync(path.join(final, 'meta.json'))) return describe(false);
    try {
      await mkdir(lock);
    } catch {
      // Another process builds it: wait for the world, or take over the lock if its holder is gone.
      const holder = Number(await readFile(path.join(lock, 'pid'), 'utf8').catch(() => '0'));
      if (holder > 0 && !isProcessAlive(holder)) await rm(lock, { recursive: true, force: true });
      else
        await waitFor(() => existsSync(path.join(final, 'meta.json')) || !existsSync(lock), `the shared ${name} world`);
      continue;
    }
    try {
      await writeFile(path.join(lock, 'pid'), String(process.pid));
      if (existsSync(path.join(final, 'meta.json'))) return describe(false);
      // Older worlds of the same name (other inputs) are of no more use; a world whose name only starts with this
      // one's ("demo-site-url" beside "demo") is another world, which another file may be reading.
      const sameName = new RegExp(`^${name.replace(/[^a-z0-9]/gi, '\\$&')}-[0-9a-f]{16}(\\.|$)`);
      for (const entry of await readdir(SHARED_WORLDS_DIR)) {
        if (sameName.test(entry) && !entry.startsWith(`${name}-${key}`))
          await discardFolder(path.join(SHARED_WORLDS_DIR, entry));
      }
      const building = `${final}.building-${process.pid}`;
      await rm(building, { recursive: true, force: true });
      await mkdir(building, { recursive: true });
      const started = Date.now();
      const built = await build(building);
      const runs = Array.isArray(built) ? built : [built];
      const buildMs = Date.now() - started;
      const failed = runs.find((run) => run.code !== 0);
      if (failed !== undefined || runs.length === 0) {
        await rm(building, { recursive: true, force: true });
        throw new Error(
          failed === undefined
            ? `the shared ${name} world's build ran no build command`
            : `the shared ${name} world's build failed (${String(failed.code)}):\n${failed.stderr}`,
        );
      }
      await writeFile(path.join(building, 'meta.json'), `${JSON.stringify({ runs, buildMs } satisfies Meta)}\n`);
      await rename(building, final);
      return describe(true);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}
