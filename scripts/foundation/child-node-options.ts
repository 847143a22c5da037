// The Node options of a build's child processes (its stage processes, the Astro build): the build's own
// (process.execArgv), so that every process of one build runs alike, whether the build was started with a profiler
// (`--cpu-prof`), a heap limit or a setting of V8's compilers. Only a profile asked for by name (the benchmark's
// `--cpu-prof-name`) stays the build process's: a child, when `--cpu-prof` is on, writes one of its own, under
// Node's own name, in the same folder.

/** The Node options a child process of this build is started with. */
export function childNodeOptions(): string[] {
  return process.execArgv.filter((flag) => !flag.startsWith('--cpu-prof-name'));
}
