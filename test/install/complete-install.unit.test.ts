// The postinstall's finding of what an npm on an older Node left out (scripts/install/complete-install.ts): the
// optional packages built for this machine that the lockfile lists and node_modules/ lacks. The whole install on a
// fresh Debian 12 with its own Node 18 is checked by hand (docs/operations.md, "A fresh machine").
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { currentPlatform, missingOptionalPackages, type Platform } from '../../scripts/install/complete-install.ts';

const LOCK = {
  packages: {
    '': {},
    'node_modules/astro': {},
    'node_modules/@rolldown/binding-linux-x64-gnu': { optional: true, os: ['linux'], cpu: ['x64'], libc: ['glibc'] },
    'node_modules/@rolldown/binding-linux-x64-musl': { optional: true, os: ['linux'], cpu: ['x64'], libc: ['musl'] },
    'node_modules/@rolldown/binding-linux-arm64-gnu': {
      optional: true,
      os: ['linux'],
      cpu: ['arm64'],
      libc: ['glibc'],
    },
    'node_modules/@rolldown/binding-darwin-x64': { optional: true, os: ['darwin'], cpu: ['x64'] },
    'node_modules/fsevents': { optional: true, os: ['darwin'] },
    'node_modules/not-windows': { optional: true, os: ['!win32'] },
    'node_modules/vite/node_modules/@esbuild/linux-x64': { optional: true, os: ['linux'], cpu: ['x64'] },
    // A fallback for any platform, and what it needs: npm installs them only where the package that wants them is.
    'node_modules/@img/sharp-wasm32': { optional: true },
    'node_modules/@emnapi/runtime': { optional: true },
  },
};
const LINUX_GLIBC: Platform = { os: 'linux', cpu: 'x64', libc: 'glibc' };

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

async function projectWith(installed: string[]): Promise<string> {
  root = await mkdtemp(path.join(os.tmpdir(), 'complete-install-'));
  for (const location of installed) {
    await mkdir(path.join(root, location), { recursive: true });
    await writeFile(path.join(root, location, 'package.json'), '{}');
  }
  return root;
}

describe('the optional packages an npm left out', () => {
  it('are the builds for this machine, at any depth, that node_modules/ lacks; never a fallback for every platform', async () => {
    const dir = await projectWith(['node_modules/astro']);
    expect(missingOptionalPackages(LOCK, dir, LINUX_GLIBC)).toEqual([
      'node_modules/@rolldown/binding-linux-x64-gnu',
      'node_modules/not-windows',
      'node_modules/vite/node_modules/@esbuild/linux-x64',
    ]);
    expect(missingOptionalPackages(LOCK, dir, { os: 'linux', cpu: 'x64', libc: 'musl' })).toContain(
      'node_modules/@rolldown/binding-linux-x64-musl',
    );
    expect(missingOptionalPackages(LOCK, dir, { os: 'darwin', cpu: 'x64', libc: null })).toEqual([
      'node_modules/@rolldown/binding-darwin-x64',
      'node_modules/fsevents',
      'node_modules/not-windows',
    ]);
    expect(missingOptionalPackages(LOCK, dir, { os: 'win32', cpu: 'x64', libc: null })).toEqual([]);
  });

  it('are none once installed, and a folder without its package.json does not count as installed', async () => {
    const dir = await projectWith([
      'node_modules/@rolldown/binding-linux-x64-gnu',
      'node_modules/not-windows',
      'node_modules/vite/node_modules/@esbuild/linux-x64',
    ]);
    expect(missingOptionalPackages(LOCK, dir, LINUX_GLIBC)).toEqual([]);
    await rm(path.join(dir, 'node_modules/not-windows/package.json'));
    expect(missingOptionalPackages(LOCK, dir, LINUX_GLIBC)).toEqual(['node_modules/not-windows']);
  });

  it('are none in this checkout: npm install left nothing out here', () => {
    const here = path.resolve(import.meta.dirname, '../..');
    const lock = JSON.parse(readFileSync(path.join(here, 'package-lock.json'), 'utf8')) as typeof LOCK;
    expect(missingOptionalPackages(lock, here, currentPlatform())).toEqual([]);
  });
});
