// What the benchmark ran on: CPU, cores, memory, operating system, Node, the commit and the load, so figures
// from two runs can be told apart.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { PROJECT_ROOT } from './paths.ts';

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryBytes: number;
  os: string;
  nodeVersion: string;
  commit: string | null;
  /** Files changed since the commit (the run measured them too). */
  uncommittedChanges: string[];
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  loadAverageAtStart: number;
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trimEnd(); // not trim(): `git status --porcelain` lines start with a space (" M file")
  } catch {
    return null;
  }
}

export function describeMachine(): MachineInfo {
  const cpus = os.cpus();
  const status = git(['status', '--porcelain']);
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryBytes: os.totalmem(),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    nodeVersion: process.version,
    commit: git(['rev-parse', 'HEAD']),
    uncommittedChanges: status ? status.split('\n').map((line) => line.slice(3)) : [],
    loadAverageAtStart: os.loadavg()[0] ?? 0,
  };
}
