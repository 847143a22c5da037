import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../scripts/log/secret-redactor.ts';

describe('createRedactor', () => {
  it('removes every raw, URL-encoded and JSON-escaped form of each secret', () => {
    const redact = createRedactor(['k/y"+1']);
    expect(redact('key k/y"+1 and k%2Fy%22%2B1 and k/y\\"+1')).toBe('key [redacted] and [redacted] and [redacted]');
  });
  it('learns secrets added later and leaves other text alone', () => {
    const redact = createRedactor([null]);
    expect(redact('nothing secret')).toBe('nothing secret');
    redact.add('late-key');
    expect(redact('a late-key b')).toBe('a [redacted] b');
  });
  it('redacts the beginning of a secret cut short, for a secret added after the first cut text too', () => {
    const redact = createRedactor(['first-key']);
    expect(redact('body: first-k…')).toBe('body: [redacted]…');
    redact.add('second-key');
    expect(redact('body: second-k…')).toBe('body: [redacted]…');
    expect(redact('body: first-k…')).toBe('body: [redacted]…');
    // Fewer than 8 characters of it, not cut: left alone.
    expect(redact('no cut: second-')).toBe('no cut: second-');
  });
});
