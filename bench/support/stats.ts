// Small statistics for repeated measurements: medians and ratios, rounded for the results file.

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The largest value, or null when none was measured. */
export function maxOrNull(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : Math.max(...known);
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Records per second for `records` written in `ms` milliseconds. */
export function perSecond(records: number, ms: number): number {
  return ms > 0 ? Math.round((records * 1000) / ms) : 0;
}
