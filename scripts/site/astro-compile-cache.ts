// The compile cache of the Astro build's process (Node's, module.enableCompileCache, through NODE_COMPILE_CACHE):
// that process loads Astro, Vite, Rolldown and about 110 of the publisher's TypeScript modules (the pages' models,
// texts and charts, which Astro's render bundle imports from their files: astro-build.ts; the site data, the page
// files, the figures' files, the social cards), whose type stripping and compiling cost about 1 CPU-s at every
// build; read back from the cache, about a seventh of that. The caller's NODE_COMPILE_CACHE when set; otherwise a
// folder of the site stage's own beside the site (`<site>-compile-cache`), kept from build to build as the card
// cache is. Each build also adds the entries of its render bundle (about 30, written to a fresh folder and never read
// again), so a folder grown past ASTRO_COMPILE_CACHE_ENTRIES is emptied before the build: hundreds of builds apart,
// one build compiles everything again. The cache never changes what a build writes.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** Entries (over Node's version folders) above which the site stage's own compile cache is emptied before a build. */
const ASTRO_COMPILE_CACHE_ENTRIES = 5000;

/** The number of entries in a compile cache folder: the files of its version folders (Node's layout). */
async function countEntries(dir: string): Promise<number> {
  let entries = 0;
  for (const version of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (version.isDirectory()) entries += (await readdir(path.join(dir, version.name))).length;
  }
  return entries;
}

/**
 * The compile cache folder for the Astro build of the site in `outDir`, or null when Node's compile cache is off:
 * `callerCache` (NODE_COMPILE_CACHE) as it is; else `<outDir>-compile-cache`, emptied first when it holds more than
 * `limit` entries.
 */
export async function astroCompileCache(
  outDir: string,
  callerCache: string | null,
  disabled: boolean,
  limit: number = ASTRO_COMPILE_CACHE_ENTRIES,
): Promise<string | null> {
  if (disabled) return null;
  if (callerCache !== null) return callerCache;
  const dir = `${outDir}-compile-cache`;
  if ((await countEntries(dir)) > limit) await rm(dir, { recursive: true, force: true });
  return dir;
}
