// The site data is loaded once per build process: the Astro build's render bundle holds its own copy of
// scripts/site/site-data.ts, and the build script that writes the pages' own files after Astro reads the same records
// through another copy (scripts/site/astro-build.ts).
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as firstCopy from '../../scripts/site/site-data.ts';

type SiteDataModule = typeof firstCopy;

describe('the site data, once per process', () => {
  it('is loaded once per folder and shared by every copy of the module', async () => {
    const specifier = '../../scripts/site/site-data.ts?another-copy';
    const secondCopy = (await import(/* @vite-ignore */ specifier)) as SiteDataModule;
    expect(secondCopy).not.toBe(firstCopy);
    // A folder with no snapshot in it: the load fails, once, and every copy is handed that one load.
    const missing = path.join(os.tmpdir(), 'kpu-no-snapshot-here');
    const loading = firstCopy.loadSiteDataOnce(missing);
    expect(secondCopy.loadSiteDataOnce(missing)).toBe(loading);
    expect(secondCopy.loadedSiteData()).toBe(loading);
    await expect(loading).rejects.toThrow(/manifest\.json/);
    // Another folder replaces it, for every copy.
    const other = secondCopy.loadSiteDataOnce(`${missing}-2`);
    other.catch(() => undefined);
    expect(firstCopy.loadedSiteData()).toBe(other);
    expect(firstCopy.loadSiteDataOnce(`${missing}-2`)).toBe(other);
  });
});
