// Lighthouse's mobile performance scoring applied to metrics measured with Playwright, for machines where
// Lighthouse itself cannot run. Curves and weights: Lighthouse 10–12 (core/audits/metrics/*.js, default
// mobile config); throttling: its "devtools" method's applied values for slow 4G and a 4× CPU slowdown
// (core/config/constants.js). Speed Index is not measured, so its weight (0.10) is spread over the others.

/** Slow 4G as Lighthouse applies it with --throttling-method=devtools. */
export const MOBILE_THROTTLING = {
  requestLatencyMs: 150 * 3.75,
  downloadThroughputKbps: 1.6 * 1024 * 0.9,
  uploadThroughputKbps: 750 * 0.9,
  cpuSlowdownMultiplier: 4,
} as const;

/** Lighthouse's mobile screen (a Moto G Power, 2022). */
export const MOBILE_SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75 } as const;

interface Curve {
  p10: number;
  median: number;
  weight: number;
}

const CURVES = {
  fcpMs: { p10: 1800, median: 3000, weight: 0.1 },
  lcpMs: { p10: 2500, median: 4000, weight: 0.25 },
  tbtMs: { p10: 200, median: 600, weight: 0.3 },
  cls: { p10: 0.1, median: 0.25, weight: 0.25 },
} as const satisfies Record<string, Curve>;

export type MeasuredMetrics = Record<keyof typeof CURVES, number>;

/** Abramowitz and Stegun 7.1.26, as Lighthouse's shared/statistics.js. */
function erf(x: number): number {
  const sign = x < 0 ? -1 : 1;
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return sign * (1 - y * Math.exp(-x * x));
}

/** Lighthouse's getLogNormalScore: 0.9 at p10, 0.5 at the median, clamped per band. */
function logNormalScore(curve: Pick<Curve, 'p10' | 'median'>, value: number): number {
  if (value <= 0) return 1;
  const standardized = (Math.log(value / curve.median) * 0.9061938024368232) / -Math.log(curve.p10 / curve.median);
  const score = (1 - erf(standardized)) / 2;
  if (value <= curve.p10) return Math.max(0.9, Math.min(1, score));
  if (value <= curve.median) return Math.max(0.5, Math.min(0.8999999999999999, score));
  return Math.max(0, Math.min(0.49999999999999994, score));
}

/** 0–100, rounded like Lighthouse's category score. */
export function estimatePerformanceScore(metrics: MeasuredMetrics): number {
  let weighted = 0;
  let weights = 0;
  for (const [name, curve] of Object.entries(CURVES) as [keyof typeof CURVES, Curve][]) {
    weighted += logNormalScore(curve, metrics[name]) * curve.weight;
    weights += curve.weight;
  }
  return Math.round((weighted / weights) * 100);
}
