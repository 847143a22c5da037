// Processes that the build starts and that must not outlive it: a stage's process (stage-process-child.ts), the
// release's DuckDB file writer (release/duckdb-file-process.ts) and the Astro build (site/astro-build.ts). Each learns
// that its parent is gone (killed, even by SIGKILL, or crashed) from a pipe or channel the parent held open, and stops
// here.

/**
 * Stops this process at once, saying why on standard error. Not with process.exit: it waits for libuv's threads to
 * end, and DuckDB runs a query on one of them until the query is done (tens of seconds for a large table), all that
 * time writing into folders that the next build, finding its parent gone, takes as free (docs/operations.md, "One
 * build at a time"). SIGKILL ends the process wherever its threads are, and leaves what a killed build leaves.
 */
export function stopAtOnce(reason: string): void {
  process.stderr.write(`${reason}: stopping\n`);
  process.kill(process.pid, 'SIGKILL');
}

/**
 * Stops this process at once (stopAtOnce) when its standard input ends: its parent holds the pipe open for as long
 * as it lives. The pipe alone does not keep this process alive once its work is done.
 */
export function stopWhenStdinEnds(reason: string): void {
  process.stdin.on('end', () => stopAtOnce(reason));
  process.stdin.resume();
  process.stdin.unref();
}
