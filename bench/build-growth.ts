// How the build's cost grows with the data: from one measured size to the next, the records, time and
// peak RSS ratios, and the time ratio over the records ratio (1: time grows as the data; below 1: slower).
import type { BuildGrowth, BuildSize } from './bench-results.ts';
import { round } from './support/stats.ts';

type Measured = Pick<BuildSize, 'records' | 'wallMs' | 'peakRssKiB' | 'peakTreeRssKiB'>;

const ratio = (a: number | null, b: number | null): number | null => (a && b ? round(a / b, 2) : null);

export function buildGrowth(previous: Measured, size: Measured): BuildGrowth {
  return {
    records: previous.records,
    sizeRatio: round(size.records / previous.records, 2),
    timeRatio: round(size.wallMs / previous.wallMs, 2),
    timeOverSize: round(size.wallMs / previous.wallMs / (size.records / previous.records), 3),
    rssRatio: ratio(size.peakRssKiB, previous.peakRssKiB),
    treeRssRatio: ratio(size.peakTreeRssKiB, previous.peakTreeRssKiB),
  };
}

/** Every size with its growth from the one before (results files older than the growth figures included). */
export function withGrowth(sizes: readonly BuildSize[]): { size: BuildSize; growth: BuildGrowth | null }[] {
  return sizes.map((size, index) => {
    const previous = sizes[index - 1];
    return { size, growth: size.vsPrevious ?? (previous ? buildGrowth(previous, size) : null) };
  });
}
