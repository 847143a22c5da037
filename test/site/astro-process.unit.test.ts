// What the Astro build's process loads and keeps: none of DuckDB (the site's page files are formatted without the
// engine), and a compile cache of its own beside the site, emptied once it has grown past its limit
// (scripts/site/astro-compile-cache.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { astroCompileCache } from '../../scripts/site/astro-compile-cache.ts';
import { PROJECT_ROOT } from '../../bench/support/paths.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'astro-process-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `code` (an ES module) in a Node process of its own, in the project; returns its standard output. */
function runNode(code: string, env: Record<string, string> = {}): string {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout;
}

describe('the Astro build process', () => {
  it('loads no database engine with the modules it imports beside Astro', () => {
    // The modules of scripts/site/astro-build.ts that write the site's own files.
    const modules = ['page-files', 'figure-files', 'social-cards', 'search-index', 'compare-index', 'site-data'];
    const loaded = runNode(`
      import module from 'node:module';
      const urls = [];
      module.registerHooks({ load(url, context, next) { urls.push(url); return next(url, context); } });
      for (const name of ${JSON.stringify(modules)}) await import('./scripts/site/' + name + '.ts');
      process.stdout.write(JSON.stringify(urls));
    `);
    const urls = JSON.parse(loaded) as string[];
    expect(urls.some((url) => url.includes('/scripts/site/page-files.ts'))).toBe(true);
    expect(urls.filter((url) => url.includes('duckdb'))).toEqual([]);
  });

  it('is given the caller’s compile cache, none when Node’s is turned off, else one beside the site', async () => {
    const site = path.join(scratch, 'given', 'site');
    expect(await astroCompileCache(site, '/elsewhere/cache', false)).toBe('/elsewhere/cache');
    expect(await astroCompileCache(site, '/elsewhere/cache', true)).toBeNull();
    expect(await astroCompileCache(site, null, true)).toBeNull();
    expect(await astroCompileCache(site, null, false)).toBe(`${site}-compile-cache`);
  });

  it('keeps its own compile cache from build to build, emptied once past its limit', async () => {
    const site = path.join(scratch, 'kept', 'site');
    const cache = `${site}-compile-cache`;
    // Node fills the folder as the Astro process does, through NODE_COMPILE_CACHE: an entry for each module.
    for (const name of ['a', 'b', 'c']) writeFileSync(path.join(scratch, `${name}.mjs`), `export const ${name} = 1;`);
    runNode(`for (const name of ['a', 'b', 'c']) await import(${JSON.stringify(scratch)} + '/' + name + '.mjs');`, {
      NODE_COMPILE_CACHE: cache,
    });
    const entries = readdirSync(cache).flatMap((version) => readdirSync(path.join(cache, version)));
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(await astroCompileCache(site, null, false, entries.length)).toBe(cache);
    expect(existsSync(cache)).toBe(true);
    expect(await astroCompileCache(site, null, false, entries.length - 1)).toBe(cache);
    expect(existsSync(cache)).toBe(false);
  });
});
