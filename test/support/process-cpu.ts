// Where a test run's CPU goes, by kind of process (`npm run test:times -- --cpu`): the processes of the run (the
// sampling process's descendants: vitest, its workers and everything they start) are read from /proc every half
// second while the suite runs, and each one's CPU time (its own, not its children's, so nothing is counted twice) is
// summed by what it runs: the publisher's CLI, an Astro build of the site, Chromium, vitest's own processes (the
// workers, with the stand-in upstreams and static servers they run). Other work on the machine is left out. A process
// already running when sampling starts counts only what it spends after; one shorter than the interval, or the part
// of one spent after its last sample, is missed, so the figures are a lower bound. Linux only (/proc): elsewhere
// there is nothing to read, and the tool says so.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const PROCESS_KINDS = ['cli', 'astro', 'chromium', 'vitest', 'other'] as const;
export type ProcessKind = (typeof PROCESS_KINDS)[number];

/** What a process runs, from its arguments (argv[0] first), as /proc/<pid>/cmdline gives them. */
export function kindOfProcess(args: readonly string[]): ProcessKind {
  const program = path.basename(args[0] ?? '');
  if (program.includes('chrom')) return 'chromium';
  const scripts = args.slice(1).map((arg) => arg.replaceAll('\\', '/'));
  if (scripts.some((arg) => arg.endsWith('scripts/site/astro-build.ts'))) return 'astro';
  if (scripts.some((arg) => arg.endsWith('scripts/cli.ts') || arg.endsWith('scripts/stage-process-child.ts')))
    return 'cli';
  if (scripts.some((arg) => arg.includes('/node_modules/vitest/'))) return 'vitest';
  return 'other';
}

/** One process as one sample saw it. */
export interface ProcessReading {
  /** The process id and its start time: ids are reused, the pair is not. */
  key: string;
  pid: number;
  parentPid: number;
  /** Its arguments; empty once it has exited and not yet been waited for (a zombie). */
  args: string[];
  /** Its own CPU time so far, in seconds (user and system). */
  cpuSeconds: number;
}

/** The machine at one moment: its processes, and the CPU time of all its cores in clock ticks (busy and idle). */
export interface MachineReading {
  processes: ProcessReading[];
  busyTicks: number;
  idleTicks: number;
}

/**
 * Every live process, from /proc (Linux); null where there is no /proc. Also what the browser tests' Chromium check
 * reads (launchChromium in test/site/site-fixtures.ts).
 */
export function readProcesses(): ProcessReading[] | null {
  if (!existsSync('/proc/stat')) return null;
  // Clock ticks per second: 100 on every Linux this runs on (USER_HZ); /proc/<pid>/stat counts in them.
  const hz = 100;
  const processes: ProcessReading[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      // The fields after the command name, which may hold spaces and brackets: from past its last ')'. The parent's
      // id is the 4th field of the line, utime and stime the 14th and 15th, the start time the 22nd.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.push({
        pid: Number(pid),
        parentPid: Number(fields[1]),
        key: `${pid}@${fields[19] ?? ''}`,
        args,
        cpuSeconds: (Number(fields[11]) + Number(fields[12])) / hz,
      });
    } catch {
      // The process ended while being read.
    }
  }
  return processes;
}

/**
 * Whether transparent huge pages are on for a process (the THP_enabled line of /proc/<pid>/status: off once the
 * process turned them off with prctl PR_SET_THP_DISABLE); null when it cannot be read (the process has ended, or no
 * /proc).
 */
export function readThpEnabled(pid: number): boolean | null {
  try {
    const line = /^THP_enabled:\s*([01])$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return line ? line[1] === '1' : null;
  } catch {
    return null;
  }
}

/** Every live process's reading and the cores' time, from /proc (Linux); null where there is no /proc. */
export function readMachine(): MachineReading | null {
  const processes = readProcesses();
  if (processes === null) return null;
  const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const values = ticks.map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are the time no work ran.
  const idleTicks = (values[3] ?? 0) + (values[4] ?? 0);
  const busyTicks = values.slice(0, 8).reduce((sum, value) => sum + value, 0) - idleTicks;
  return { processes, busyTicks, idleTicks };
}

interface KindTotal {
  cpuSeconds: number;
  processes: number;
}

export interface CpuSummary {
  byKind: Record<ProcessKind, KindTotal>;
  /** The share of the cores' time that was busy between the first sample and the last (any process, any kind). */
  busyShare: number;
  samples: number;
}

interface Seen {
  kind: ProcessKind | null;
  /** Its CPU time when first seen: the baseline of a process already running at the first sample, else 0. */
  from: number;
  last: number;
}

/**
 * The processes of a reading that descend from `rootPid` (the root itself left out), and those already known to: a
 * process stays counted once seen in the tree, even when its parent has ended and it was handed to another.
 */
function processesOfTree(reading: MachineReading, rootPid: number, known: ReadonlySet<string>): ProcessReading[] {
  const children = new Map<number, ProcessReading[]>();
  for (const entry of reading.processes)
    children.set(entry.parentPid, [...(children.get(entry.parentPid) ?? []), entry]);
  const tree = new Map<string, ProcessReading>();
  const pending = [...(children.get(rootPid) ?? [])];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    if (tree.has(entry.key)) continue;
    tree.set(entry.key, entry);
    pending.push(...(children.get(entry.pid) ?? []));
  }
  for (const entry of reading.processes) if (known.has(entry.key)) tree.set(entry.key, entry);
  return [...tree.values()];
}

/**
 * Sums the CPU time each kind of process spends between the first reading it is given and the last: every process of
 * the readings, or with `rootPid` only that process's descendants.
 */
export class ProcessCpuTally {
  readonly #seen = new Map<string, Seen>();
  readonly #rootPid: number | null;
  #first: MachineReading | null = null;
  #last: MachineReading | null = null;
  #samples = 0;

  constructor(rootPid: number | null = null) {
    this.#rootPid = rootPid;
  }

  add(reading: MachineReading): void {
    const isFirst = this.#first === null;
    this.#first ??= reading;
    this.#last = reading;
    this.#samples += 1;
    const processes =
      this.#rootPid === null ? reading.processes : processesOfTree(reading, this.#rootPid, new Set(this.#seen.keys()));
    for (const entry of processes) {
      const kind = entry.args.length > 0 ? kindOfProcess(entry.args) : null;
      const seen = this.#seen.get(entry.key);
      if (seen === undefined) {
        this.#seen.set(entry.key, { kind, from: isFirst ? entry.cpuSeconds : 0, last: entry.cpuSeconds });
      } else {
        seen.kind ??= kind;
        seen.last = Math.max(seen.last, entry.cpuSeconds);
      }
    }
  }

  summary(): CpuSummary {
    const byKind = Object.fromEntries(PROCESS_KINDS.map((kind) => [kind, { cpuSeconds: 0, processes: 0 }])) as Record<
      ProcessKind,
      KindTotal
    >;
    for (const seen of this.#seen.values()) {
      const spent = seen.last - seen.from;
      if (spent <= 0) continue;
      const total = byKind[seen.kind ?? 'other'];
      total.cpuSeconds += spent;
      total.processes += 1;
    }
    const first = this.#first;
    const last = this.#last;
    const busy = first && last ? last.busyTicks - first.busyTicks : 0;
    const idle = first && last ? last.idleTicks - first.idleTicks : 0;
    return { byKind, busyShare: busy + idle > 0 ? busy / (busy + idle) : 0, samples: this.#samples };
  }
}

/**
 * Reads the machine every `intervalMs` until stopped, counting the processes this process starts and theirs; null
 * where there is no /proc.
 */
export function startCpuSampling(intervalMs = 500): { stop(): CpuSummary } | null {
  const first = readMachine();
  if (first === null) return null;
  const tally = new ProcessCpuTally(process.pid);
  tally.add(first);
  const timer = setInterval(() => {
    const reading = readMachine();
    if (reading) tally.add(reading);
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const reading = readMachine();
      if (reading) tally.add(reading);
      return tally.summary();
    },
  };
}
