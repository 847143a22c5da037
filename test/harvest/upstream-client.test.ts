import { describe, expect, it } from 'vitest';
import { partyDataset } from '../../scripts/datasets/party-dataset.ts';
import { buildPageUrl, parseRetryAfter } from '../../scripts/harvest/upstream-client.ts';

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
  });
  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 00:00:00 GMT', now)).toBe(0);
  });
  it('ignores absent or unreadable values', () => {
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('buildPageUrl', () => {
  it('keeps a base path prefix and sets limit and offset, nothing else', () => {
    const url = buildPageUrl(new URL('https://opendata.example/kpu/'), partyDataset, 2000, 1000);
    expect(url.href).toBe('https://opendata.example/kpu/api/profilpartai?limit=1000&offset=2000');
  });
});
