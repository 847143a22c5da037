// What a reader of a published folder sees, to prove a failed build left dist/ byte for byte as it was, and the
// error of a failed `--json` build as a scheduler reads it.
import { lstat, readlink } from 'node:fs/promises';
import { expect } from 'vitest';
import { sha256 } from './build-fixtures.ts';
import { readAllFiles } from './harvest-fixtures.ts';
import type { CliRun } from './run-cli.ts';

/** Every file below `dir` (following dist/'s link) by its SHA-256. */
export async function snapshotOf(dir: string): Promise<Record<string, string>> {
  return Object.fromEntries((await readAllFiles(dir)).map(([name, content]) => [name, sha256(content)]));
}

/** What a reader of dist/ sees: where the link points (null for a plain folder) and every file's bytes. */
export async function distState(distDir: string): Promise<{ link: string | null; files: Record<string, string> }> {
  const stats = await lstat(distDir);
  return { link: stats.isSymbolicLink() ? await readlink(distDir) : null, files: await snapshotOf(distDir) };
}

export interface FailedBuild {
  ok: false;
  error: { code: string; stage: string; message: string; hint: string; exitCode: number };
}

/** The error of a failed `--json` build, as a scheduler reads it. */
export function errorOf(run: CliRun): FailedBuild['error'] {
  const document = JSON.parse(run.stdout) as FailedBuild;
  expect(document.ok).toBe(false);
  return document.error;
}
