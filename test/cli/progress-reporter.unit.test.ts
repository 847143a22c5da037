import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createReporter } from '../../scripts/log/progress-reporter.ts';
import { createRedactor } from '../../scripts/log/secret-redactor.ts';

function capture() {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, read: () => text };
}

describe('createReporter', () => {
  it('shows a live status line on a terminal, cleared before the next log line', () => {
    const out = capture();
    const reporter = createReporter({
      terminal: true,
      redact: createRedactor(['s3cret']),
      stream: out.stream,
      statusIntervalMs: 0,
    });
    reporter.status('harvest turnout: 3 pages');
    reporter.line('done with s3cret');
    expect(out.read()).toBe('\r\x1b[2Kharvest turnout: 3 pages\r\x1b[2Kdone with [redacted]\n');
  });

  it('stays quiet in CI logs: no status, only lines and warnings', () => {
    const out = capture();
    const reporter = createReporter({ terminal: false, redact: createRedactor(), stream: out.stream });
    reporter.status('harvest turnout: 3 pages');
    reporter.warn('count disagrees');
    expect(out.read()).toBe('warning: count disagrees\n');
  });

  it('describes a status given as a function only when it shows it', () => {
    const out = capture();
    let described = 0;
    const progress = (): string => `harvest turnout: ${(described += 1)} pages`;
    createReporter({ terminal: false, redact: createRedactor(), stream: out.stream }).status(progress);
    expect(described, 'a CI log shows no status').toBe(0);
    const terminal = createReporter({
      terminal: true,
      redact: createRedactor(),
      stream: out.stream,
      statusIntervalMs: 60_000,
    });
    terminal.status(progress);
    terminal.status(progress);
    expect(described, 'the second comes before the next repaint').toBe(1);
    expect(out.read()).toBe('\r\x1b[2Kharvest turnout: 1 pages');
  });
});
