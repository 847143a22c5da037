// Where the benchmark finds the project and keeps its results and scratch files.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RESULTS_DIR = path.join(PROJECT_ROOT, 'bench', 'results');
/** Git-ignored: quick runs and profiles land here. */
export const SCRATCH_RESULTS_DIR = path.join(RESULTS_DIR, 'tmp');
export const CLI_SCRIPT = path.join(PROJECT_ROOT, 'scripts', 'cli.ts');
export const SHARED_DATA_DIR = path.resolve(PROJECT_ROOT, '../shared/data');

/** A command line as a person would type it from the project folder: `node scripts/cli.ts …`. */
export function displayCommand(parts: readonly string[]): string {
  return parts
    .map((part) =>
      part === process.execPath
        ? 'node'
        : part.startsWith(`${PROJECT_ROOT}/`)
          ? part.slice(PROJECT_ROOT.length + 1)
          : part,
    )
    .join(' ');
}
