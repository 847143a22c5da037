// Terminal injection: control characters from the upstream are shown, never obeyed, in log lines,
// warnings and the live status line; JSON output escapes what JSON.stringify leaves raw.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createReporter } from '../../scripts/log/progress-reporter.ts';
import { createRedactor } from '../../scripts/log/secret-redactor.ts';
import { escapeControlCharacters, escapeJsonControlCharacters } from '../../scripts/log/terminal-text.ts';
import { TERMINAL_CONTROLS } from '../../scripts/upstream/hostile-secrets.ts';

/** Any control character a terminal acts on: C0 but newline, DEL, C1, and the bidirectional overrides. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

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

describe('escapeControlCharacters', () => {
  it('shows each control as text, and keeps newlines unless the text must stay one line', () => {
    expect(escapeControlCharacters(TERMINAL_CONTROLS)).toBe(
      '\\x1b[2J\\x1b[31mALERT\\x1b]0;owned\\x07\\x0dOK\\x9b31m\\u202e',
    );
    expect(escapeControlCharacters('a\nb\tc')).toBe('a\nb\tc');
    expect(escapeControlCharacters('a\nb', { oneLine: true })).toBe('a\\x0ab');
    expect(escapeControlCharacters('Partai Kebangkitan Bangsa · 30,5 % — “ok”')).toBe(
      'Partai Kebangkitan Bangsa · 30,5 % — “ok”',
    );
  });

  it('JSON output: C1 and bidi controls as \\u escapes, the same JSON value', () => {
    const json = escapeJsonControlCharacters(JSON.stringify({ message: TERMINAL_CONTROLS }));
    expect(json).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(json)).toEqual({ message: TERMINAL_CONTROLS });
  });
});

describe('the reporter', () => {
  it('never writes an upstream control character raw, in lines, warnings or the live status', () => {
    const out = capture();
    const reporter = createReporter({
      terminal: true,
      redact: createRedactor(['s3cret']),
      stream: out.stream,
      statusIntervalMs: 0,
    });
    reporter.status(`harvest ${TERMINAL_CONTROLS} s3cret`);
    reporter.line(`line ${TERMINAL_CONTROLS}`);
    reporter.warn(`two\nlines ${TERMINAL_CONTROLS}`);
    // The reporter's own clearing sequence is the only escape left.
    const text = out.read().replaceAll('\r\x1b[2K', '');
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).toBe(
      'harvest \\x1b[2J\\x1b[31mALERT\\x1b]0;owned\\x07\\x0dOK\\x9b31m\\u202e [redacted]' +
        'line \\x1b[2J\\x1b[31mALERT\\x1b]0;owned\\x07\\x0dOK\\x9b31m\\u202e\n' +
        'warning: two\\x0alines \\x1b[2J\\x1b[31mALERT\\x1b]0;owned\\x07\\x0dOK\\x9b31m\\u202e\n',
    );
  });
});
