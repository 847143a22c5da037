// The site data is loaded once per build process: the pages Astro renders and the build script that writes the pages'
// own files after Astro (scripts/site/astro-build.ts, which keeps the publisher's modules out of Astro's render bundle,
// so both import the one copy of scripts/site/site-data.ts) read the same records.
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadedSiteData, loadSiteDataOnce } from '../../scripts/site/site-data.ts';

describe('the site data, once per process', () => {
  it('is loaded once per folder, and another folder replaces it', async () => {
    // A folder with no snapshot in it: the load fails, once, and every later call is handed that one load.
    const missing = path.join(os.tmpdir(), 'kpu-no-snapshot-here');
    const loading = loadSiteDataOnce(missing);
    expect(loadSiteDataOnce(missing)).toBe(loading);
    expect(loadedSiteData()).toBe(loading);
    await expect(loading).rejects.toThrow(/manifest\.json/);
    const other = loadSiteDataOnce(`${missing}-2`);
    other.catch(() => undefined);
    expect(other).not.toBe(loading);
    expect(loadedSiteData()).toBe(other);
    expect(loadSiteDataOnce(`${missing}-2`)).toBe(other);
  });
});
