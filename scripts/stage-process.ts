// The check, snapshot and release stages each run in a Node process of their own, started by the pipeline, whatever
// the harvest's size: what a stage holds at a million records (the check's projections, the snapshot's Arrow tables
// and DuckDB's buffers, over a gigabyte each) goes back to the system when the stage ends,
// instead of staying in the build process through the site and publish stages beside Astro's. The child
// (stage-process-child.ts) reports through the build's reporter and fails with the build error it met; a child that
// dies fails the stage with its last lines.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CheckStageOptions } from './check/check-stage.ts';
import { childEnv } from './config.ts';
import { BuildError, type ErrorCode, type Stage } from './errors.ts';
import { childNodeOptions } from './foundation/child-node-options.ts';
import type { Reporter } from './log/progress-reporter.ts';
import type { ReleaseStageOptions, ReleaseStageResult } from './release/release-stage.ts';
import type { SnapshotStageOptions, SnapshotStageResult } from './snapshot/snapshot-stage.ts';

const CHILD_SCRIPT = fileURLToPath(new URL('./stage-process-child.ts', import.meta.url));

/**
 * What each stage's process is given (its options without the reporter, which stays here, and without the datasets,
 * the registry's (scripts/datasets/datasets.ts), which the child reads itself) and hands back.
 */
export interface StageProcesses {
  check: { options: Omit<CheckStageOptions, 'reporter' | 'datasets'>; result: null };
  snapshot: { options: Omit<SnapshotStageOptions, 'reporter'>; result: SnapshotStageResult };
  release: { options: Omit<ReleaseStageOptions, 'datasets'>; result: ReleaseStageResult };
}

export type ProcessStage = keyof StageProcesses;

/** The one message the build sends its stage process. */
export type StageRequest = {
  [S in ProcessStage]: { stage: S; options: StageProcesses[S]['options']; terminal: boolean };
}[ProcessStage];

/** The Reporter methods a stage process calls, relayed to the build's reporter. */
type ReportMethod = 'line' | 'warn' | 'status' | 'clearStatus';

/** What a stage process sends back: report lines as it goes, then its result or its build error. */
export type StageMessage =
  | { type: 'report'; method: ReportMethod; message: string }
  | { type: 'done'; result: unknown }
  | { type: 'failed'; code: ErrorCode; detail: string; stage: Stage };

/** Runs one stage in this process: what the stage's own process does with its request (stage-process-child.ts). */
export async function runStageHere(request: StageRequest, reporter: Reporter): Promise<unknown> {
  const { DATASETS } = await import('./datasets/datasets.ts');
  if (request.stage === 'check') {
    const { runCheckStage } = await import('./check/check-stage.ts');
    await runCheckStage({ ...request.options, datasets: DATASETS, reporter });
    return null;
  }
  if (request.stage === 'snapshot') {
    const { runSnapshotStage } = await import('./snapshot/snapshot-stage.ts');
    return runSnapshotStage({ ...request.options, reporter });
  }
  const { runReleaseStage } = await import('./release/release-stage.ts');
  return runReleaseStage({ ...request.options, datasets: DATASETS });
}

/** The stage process's last lines of standard error kept for a failure's message. */
const STDERR_LINES = 40;

/**
 * Runs one stage in a process of its own and returns its result. Aborting `signal` stops the process (the
 * build's interruption); a kill point inside it takes the build process with it (kill-point.ts).
 */
export function runStageProcess<S extends ProcessStage>(
  stage: S,
  options: StageProcesses[S]['options'],
  reporter: Reporter,
  signal?: AbortSignal,
): Promise<StageProcesses[S]['result']> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD_SCRIPT, [], {
      // Standard output is the CLI's own (a --json document); the child reports through the channel only.
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      // Structured clone: the results (manifests, quality report, change report) and the release's date cross as they are.
      serialization: 'advanced',
      // The build's own Node options (child-node-options.ts), and its compile cache from the first module on.
      execArgv: childNodeOptions(),
      env: childEnv(),
      ...(signal ? { signal } : {}),
    });
    let outcome: { done: true; result: unknown } | { done: false; error: BuildError } | null = null;
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).split('\n').slice(-STDERR_LINES).join('\n');
    });
    child.on('message', (message: StageMessage) => {
      if (message.type === 'report') reporter[message.method](message.message);
      else if (message.type === 'done') outcome = { done: true, result: message.result };
      else outcome = { done: false, error: new BuildError(message.code, message.detail, { stage: message.stage }) };
    });
    child.on('error', reject);
    child.on('exit', (code, signalName) => {
      const settled = outcome as typeof outcome;
      if (settled?.done === true && code === 0) resolve(settled.result as StageProcesses[S]['result']);
      else if (settled?.done === false) reject(settled.error);
      else
        reject(
          new Error(
            `the ${stage} stage's process stopped (${signalName ?? `exit code ${String(code)}`}) before it finished${stderr.trim() === '' ? '' : `:\n${stderr.trim()}`}`,
          ),
        );
    });
    const request = { stage, options, terminal: reporter.terminal } as StageRequest;
    child.send(request);
  });
}
