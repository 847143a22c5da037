// pageOverlap, the definition of overlapping pages (docs/upstream.md, "Overlapping pages"): page n+1 begins with the
// last k ≥ 1 records of page n.
import { describe, expect, it } from 'vitest';
import { pageOverlap } from '../../scripts/harvest/harvester.ts';

describe('pageOverlap', () => {
  it('finds the records page n+1 repeats of the end of page n', () => {
    expect(pageOverlap(['a', 'b', 'c'], ['c', 'd', 'e'])).toBe(1);
    expect(pageOverlap(['a', 'b', 'c'], ['b', 'c', 'd'])).toBe(2);
    expect(pageOverlap(['a', 'b'], ['a', 'b'])).toBe(2);
    expect(pageOverlap(['a', 'b', 'c'], ['c'])).toBe(1);
    expect(pageOverlap(['a', 'b', 'c'], ['a', 'b', 'c', 'd'])).toBe(3);
  });

  it('takes the largest such k', () => {
    expect(pageOverlap(['x', 'a', 'a'], ['a', 'a', 'y'])).toBe(2);
  });

  it('is 0 for pages that only share records elsewhere, or for an empty page', () => {
    expect(pageOverlap(['a', 'b', 'c'], ['d', 'e', 'f'])).toBe(0);
    expect(pageOverlap(['a', 'b', 'c'], ['b', 'd'])).toBe(0);
    expect(pageOverlap(['a', 'b'], [])).toBe(0);
    expect(pageOverlap([], ['a'])).toBe(0);
  });

  it('compares with the given equality (the harvester: canonical JSON)', () => {
    const same = (x: { id: number }, y: { id: number }): boolean => x.id === y.id;
    expect(pageOverlap([{ id: 1 }, { id: 2 }], [{ id: 2 }, { id: 3 }], same)).toBe(1);
  });
});
