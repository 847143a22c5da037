// The pipeline's stages, declared once: name, exit code and the folder each writes its result to. The runner
// (pipeline.ts) runs them in this order, errors.ts takes its stages and exit codes from here, and a test checks
// that docs/architecture.md draws exactly these.
import path from 'node:path';

export interface StageDeclaration {
  name: string;
  /** The module that runs it, from the project root. */
  module: string;
  /** The exit code of a build that stopped in this stage (errors.ts). */
  exitCode: number;
  /** Where the stage writes its result: below KPU_CACHE_DIR, or the published folder KPU_DIST_DIR itself. */
  output: { root: 'cache' | 'dist'; path: readonly string[] };
  /** What stops here, in a few words (the exit-code table of docs/operations.md). */
  stops: string;
}

/**
 * In the order a build runs them. Release came last and took the next free exit code, 8. Normalize has no folder of
 * its own: it runs inside the snapshot stage's streaming pass, each record normalized straight into its year's
 * Arrow table (docs/architecture.md says why).
 */
export const STAGES = [
  {
    name: 'harvest',
    module: 'scripts/harvest/harvest-stage.ts',
    exitCode: 3,
    output: { root: 'cache', path: ['harvest'] },
    stops:
      "harvest: the upstream, the harvest on disk, or the deployed site's release history (fetched when dist/ lacks its releases)",
  },
  {
    name: 'check',
    module: 'scripts/check/check-stage.ts',
    exitCode: 4,
    output: { root: 'cache', path: ['stages', 'check'] },
    stops:
      "check: a count sent as an inexact JSON number, a change of the upstream's schema, or --strict and a broken quality rule",
  },
  {
    name: 'snapshot',
    module: 'scripts/snapshot/snapshot-stage.ts',
    exitCode: 5,
    output: { root: 'cache', path: ['stages', 'snapshot', 'data'] },
    stops: 'snapshot (normalize runs in it)',
  },
  {
    name: 'release',
    module: 'scripts/release/release-stage.ts',
    exitCode: 8,
    output: { root: 'cache', path: ['stages', 'release', 'data'] },
    stops:
      'release: the harvest shrank (RELEASE_SHRANK), or the release archive or the deployed release history is damaged',
  },
  {
    name: 'site',
    module: 'scripts/site/site-stage.ts',
    exitCode: 6,
    output: { root: 'cache', path: ['stages', 'site'] },
    stops: 'site',
  },
  {
    name: 'publish',
    module: 'scripts/publish/publish-stage.ts',
    exitCode: 7,
    output: { root: 'dist', path: [] },
    stops: 'publish',
  },
] as const satisfies readonly StageDeclaration[];

export type StageName = (typeof STAGES)[number]['name'];

function stageOf(name: StageName): StageDeclaration {
  return STAGES.find((stage) => stage.name === name) as StageDeclaration;
}

/** The stage's output folder as the docs write it: `KPU_CACHE_DIR/stages/check/`. */
export function stageFolderLabel(name: StageName): string {
  const { output } = stageOf(name);
  return `${[output.root === 'cache' ? 'KPU_CACHE_DIR' : 'KPU_DIST_DIR', ...output.path].join('/')}/`;
}

/** The stage's output folder on this machine. */
export function stageFolder(name: StageName, dirs: { cacheDir: string; distDir: string }): string {
  const { output } = stageOf(name);
  return path.join(output.root === 'cache' ? dirs.cacheDir : dirs.distDir, ...output.path);
}
