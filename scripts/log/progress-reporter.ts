// How a build talks to people: stage lines and warnings on stderr, a live status line on a terminal
// only (CI logs stay quiet), all of it through the secret redactor, with control characters made visible.
import type { Redactor } from './secret-redactor.ts';
import { escapeControlCharacters } from './terminal-text.ts';

/** A status, or what describes it when it is shown. */
export type StatusMessage = string | (() => string);

/** The text of a status. */
export const statusText = (message: StatusMessage): string => (typeof message === 'function' ? message() : message);

export interface Reporter {
  /** Whether a live status line is shown (a terminal); otherwise notable events get their own lines. */
  readonly terminal: boolean;
  /** A line that stays in the log. */
  line(message: string): void;
  warn(message: string): void;
  /**
   * A live status; shown on a terminal only, at most a few times a second. A function is called only when its status
   * is shown: a harvest reports its progress after every page, and describing it each time, for a log that shows
   * none of it, was a measurable part of a small build's CPU time.
   */
  status(message: StatusMessage): void;
  /** Clears the live status line. */
  clearStatus(): void;
}

export interface ReporterOptions {
  terminal: boolean;
  redact: Redactor;
  stream?: NodeJS.WritableStream;
  /** Minimum time between two status repaints, in milliseconds. */
  statusIntervalMs?: number;
}

export function createReporter(options: ReporterOptions): Reporter {
  const stream = options.stream ?? process.stderr;
  const interval = options.statusIntervalMs ?? 100;
  let shown = false;
  let lastPaint = 0;
  // Each message is one line, whatever the upstream put in the values it quotes (terminal-text.ts).
  const clean = (message: string): string => options.redact(escapeControlCharacters(message, { oneLine: true }));

  const clearStatus = (): void => {
    if (shown) stream.write('\r\x1b[2K');
    shown = false;
  };
  const line = (message: string): void => {
    clearStatus();
    stream.write(`${clean(message)}\n`);
  };
  return {
    terminal: options.terminal,
    line,
    warn: (message) => line(`warning: ${message}`),
    status(message) {
      if (!options.terminal) return;
      const now = Date.now();
      if (now - lastPaint < interval) return;
      lastPaint = now;
      stream.write(`\r\x1b[2K${clean(statusText(message))}`);
      shown = true;
    },
    clearStatus,
  };
}

/** A reporter that prints nothing, for library use and unit tests. */
export function createSilentReporter(): Reporter {
  return { terminal: false, line() {}, warn() {}, status() {}, clearStatus() {} };
}
