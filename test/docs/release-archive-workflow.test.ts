// The scheduled workflow keeps the release archive on a `data` branch: it checks the branch out before the build
// (starting it as an orphan the first time), points the build at it, and commits and pushes the new release after
// a successful build, before the deployment. The two shell steps are run here for real, against a local bare
// repository standing in for GitHub.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../support/run-cli.ts';

const run = promisify(execFile);

/** The `run: |` block of the step called `name`, as the runner's bash gets it. */
function stepScript(workflow: string, name: string): string {
  const lines = workflow.split('\n');
  const start = lines.findIndex((line) => line.trim() === `- name: ${name}`);
  if (start < 0) throw new Error(`no step "${name}"`);
  const runLine = lines.findIndex((line, index) => index > start && line.trim() === 'run: |');
  const indent = (lines[runLine + 1] ?? '').search(/\S/);
  const body: string[] = [];
  for (const line of lines.slice(runLine + 1)) {
    if (line.trim() !== '' && line.search(/\S/) < indent) break;
    body.push(line.slice(indent));
  }
  return body.join('\n');
}

const readWorkflow = () => readFile(path.join(PROJECT_ROOT, '.github/workflows/publish.yml'), 'utf8');
const CHECKOUT = 'Check out the release archive (data branch)';
const ARCHIVE = 'Archive the new release (push to the data branch)';

let root: string | undefined;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = undefined;
});

describe('.github/workflows/publish.yml: the release archive', () => {
  it('checks out the data branch before the build, builds with it, and pushes after the build, before deploying', async () => {
    const workflow = await readWorkflow();
    expect(workflow).toMatch(/^permissions:\n(?:\s+#.*\n)?\s+contents: write$/m);
    const at = (text: string) => {
      const index = workflow.indexOf(text);
      expect(index, text).toBeGreaterThan(0);
      return index;
    };
    expect(at(`- name: ${CHECKOUT}`)).toBeLessThan(at('npm run --silent build'));
    expect(workflow).toContain('KPU_RELEASE_ARCHIVE_DIR: release-archive');
    expect(at('KPU_RELEASE_ARCHIVE_DIR: release-archive')).toBeLessThan(at('npm run --silent build'));
    expect(at('npm run --silent build')).toBeLessThan(at(`- name: ${ARCHIVE}`));
    expect(at(`- name: ${ARCHIVE}`)).toBeLessThan(at('actions/upload-pages-artifact'));
    expect(workflow.slice(at(`- name: ${ARCHIVE}`))).toMatch(/^\s+working-directory: release-archive$/m);
    // The archive step does not run after a failed build (no `if: always()` or `failure()` before it).
    expect(workflow.slice(at(`- name: ${ARCHIVE}`), at('actions/upload-pages-artifact'))).not.toMatch(/if:/);
  });

  it('starts the data branch as an orphan the first time, and finds the pushed release on the next run', async () => {
    const workflow = await readWorkflow();
    root = await mkdtemp(path.join(os.tmpdir(), 'kpu-workflow-'));
    const origin = path.join(root, 'origin.git');
    const git = (cwd: string, ...args: string[]) => run('git', args, { cwd, env: { PATH: process.env.PATH ?? '', HOME: root as string, GIT_CONFIG_NOSYSTEM: '1' } });
    await run('git', ['init', '--quiet', '--bare', '--initial-branch=main', origin]);
    // The repository with its code on main, as actions/checkout leaves it (shallow).
    const seed = path.join(root, 'seed');
    await mkdir(seed);
    await git(seed, 'init', '--quiet', '--initial-branch=main');
    await writeFile(path.join(seed, 'README.md'), 'code\n');
    await git(seed, 'add', '-A');
    await git(seed, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '--quiet', '-m', 'code');
    await git(seed, 'push', '--quiet', origin, 'main');
    const step = async (runner: string, name: string, cwd = runner) =>
      run('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', stepScript(workflow, name)], { cwd, env: { PATH: process.env.PATH ?? '', HOME: root as string, GIT_CONFIG_NOSYSTEM: '1' } });

    const firstRunner = path.join(root, 'run-1');
    await git(root, 'clone', '--quiet', '--depth=1', `file://${origin}`, firstRunner);
    await step(firstRunner, CHECKOUT);
    const archive = path.join(firstRunner, 'release-archive');
    expect((await git(archive, 'status', '--porcelain')).stdout).toBe('');
    expect((await git(archive, 'branch', '--show-current')).stdout.trim()).toBe('data');
    // The build adds a release.
    await mkdir(path.join(archive, 'releases', '2026-11-23'), { recursive: true });
    await writeFile(path.join(archive, 'releases', '2026-11-23', 'manifest.json'), '{}\n');
    await writeFile(path.join(archive, 'releases.json'), '[{"id": "2026-11-23"}]\n');
    await step(firstRunner, ARCHIVE, archive);
    const log = (await git(origin, 'log', '--format=%s', 'data')).stdout.trim();
    expect(log).toBe('Release 2026-11-23');
    // The data branch shares no history with the code.
    expect((await git(origin, 'ls-tree', '--name-only', 'data')).stdout.split('\n').filter(Boolean).sort()).toEqual(['releases', 'releases.json']);

    const secondRunner = path.join(root, 'run-2');
    await git(root, 'clone', '--quiet', '--depth=1', `file://${origin}`, secondRunner);
    await step(secondRunner, CHECKOUT);
    const restored = path.join(secondRunner, 'release-archive');
    expect(await readFile(path.join(restored, 'releases', '2026-11-23', 'manifest.json'), 'utf8')).toBe('{}\n');
    // Nothing new: the step says so and pushes nothing.
    const quiet = await step(secondRunner, ARCHIVE, restored);
    expect(quiet.stdout).toContain('already holds every release');
    await writeFile(path.join(restored, 'releases.json'), '[{"id": "2026-11-23"}, {"id": "2026-11-23.2"}]\n');
    await step(secondRunner, ARCHIVE, restored);
    expect((await git(origin, 'log', '--format=%s', 'data')).stdout.trim().split('\n')).toEqual(['Release 2026-11-23.2', 'Release 2026-11-23']);
  });
});
