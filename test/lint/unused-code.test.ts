// Unused code is found by knip in `npm run lint` (knip.json, docs/architecture.md "Unused code"): the same command,
// with the project's own knip.json, on a small project that has an unused file, an export used only in its own
// file and a dependency nothing imports, fails and names each; the same project without them passes.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/run-cli.ts';

const run = promisify(execFile);

/**
 * The knip arguments of `npm run lint`, as package.json writes them, less --treat-config-hints-as-errors: the small
 * project lacks most folders knip.json names (bench/, test/, site/), which knip would rightly hint at.
 */
async function lintKnipArgs(): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = manifest.scripts.lint
    ?.split('&&')
    .map((part) => part.trim())
    .find((part) => part.startsWith('knip'));
  if (!command) throw new Error('npm run lint runs no knip');
  return command
    .split(/\s+/)
    .slice(1)
    .filter((arg) => arg !== '--treat-config-hints-as-errors');
}

interface KnipIssue {
  file: string;
  files: { name: string }[];
  exports: { name: string }[];
  dependencies: { name: string }[];
}

/** Runs knip as `npm run lint` does, in `dir`, with its JSON report. */
async function knip(dir: string): Promise<{ code: number; issues: KnipIssue[] }> {
  const bin = path.join(PROJECT_ROOT, 'node_modules/knip/bin/knip.js');
  const args = [bin, ...(await lintKnipArgs()), '--reporter', 'json'];
  const result = await run(process.execPath, args, { cwd: dir }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  return { code: result.code, issues: (JSON.parse(result.stdout) as { issues: KnipIssue[] }).issues };
}

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'kpu-knip-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A small project with the publisher's knip.json: scripts/cli.ts (an entry through the build script) and one module. */
async function writeProject(dir: string, options: { unused: boolean }): Promise<void> {
  await mkdir(path.join(dir, 'scripts'), { recursive: true });
  await cp(path.join(PROJECT_ROOT, 'knip.json'), path.join(dir, 'knip.json'));
  await writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'knip-fixture',
      private: true,
      type: 'module',
      scripts: { build: 'node scripts/cli.ts build' },
      dependencies: options.unused ? { 'left-pad': '1.3.0' } : {},
    }),
  );
  await writeFile(
    path.join(dir, 'scripts/cli.ts'),
    "import { describeBuild } from './describe-build.ts';\nconsole.log(describeBuild());\n",
  );
  await writeFile(
    path.join(dir, 'scripts/describe-build.ts'),
    [
      `${options.unused ? 'export ' : ''}const WORD = 'build';`,
      'export function describeBuild(): string {',
      '  return WORD;',
      '}',
      '',
    ].join('\n'),
  );
  if (options.unused) await writeFile(path.join(dir, 'scripts/orphan.ts'), 'export const orphan = 1;\n');
}

describe('unused code lint (knip)', () => {
  it('fails on an unused file, an export used only in its own file and an unused dependency, naming each', async () => {
    const dir = path.join(root, 'unused');
    await writeProject(dir, { unused: true });
    const result = await knip(dir);
    expect(result.code).not.toBe(0);
    const named = (kind: 'files' | 'exports' | 'dependencies'): string[] =>
      result.issues.flatMap((issue) => issue[kind].map((item) => `${issue.file}: ${item.name}`));
    expect(named('files')).toEqual(['scripts/orphan.ts: scripts/orphan.ts']);
    expect(named('exports')).toEqual(['scripts/describe-build.ts: WORD']);
    expect(named('dependencies')).toEqual(['package.json: left-pad']);
  });

  it('passes the same project without them', async () => {
    const dir = path.join(root, 'clean');
    await writeProject(dir, { unused: false });
    const result = await knip(dir);
    expect(result.issues).toEqual([]);
    expect(result.code).toBe(0);
  });
});
