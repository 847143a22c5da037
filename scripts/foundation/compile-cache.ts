// Node's compile cache (module.enableCompileCache) for the publisher's own processes: the compiled code of every
// module a process loads (the publisher's scripts, type-stripped, and its dependencies, about 260 modules for a build)
// is kept on disk and read back by the next process, so a build does not strip and compile them again at every start
// (docs/operations.md, "Node's compile cache").
import module from 'node:module';

/**
 * Turns Node's compile cache on for this process from here on: Node's own folder (`node-compile-cache` in the
 * temporary folder) unless NODE_COMPILE_CACHE names another; NODE_DISABLE_COMPILE_CACHE=1 turns it off; a cache
 * that cannot be used changes nothing (the modules are compiled as usual). The CLI's entry calls it before loading
 * anything else (scripts/cli.ts); the processes and threads a build starts are given it from their first module on
 * (config.ts, childEnv). The Astro build's process is given the caller's NODE_COMPILE_CACHE, else a folder of
 * the site stage's own, bounded in size (scripts/site/astro-compile-cache.ts): it renders from a bundle written to a
 * fresh folder for each build, whose entries pile up in a kept cache, never read again.
 */
export function enableCompileCache(): void {
  module.enableCompileCache();
}
