// Lighthouse itself (the npm package, a development dependency) with its default mobile settings (a Moto G Power
// screen, simulated slow 4G and a 4× slower CPU) or its desktop ones (its desktop config: a 1350 × 940 screen, a
// simulated cable link, no CPU slowdown), on Debian's Chromium launched by chrome-launcher with the same flags as the
// site tests: nothing leaves the machine; without the full-page screenshot, which only the HTML report shows. Each page
// is run `runs` times and the run with the median performance score is kept, as Lighthouse's own computeMedianRun
// advises; the other categories do not vary.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { createRequire } from 'node:module';
import type { LighthouseRun } from '../bench-results.ts';
import { CHROMIUM } from './bench-chromium.ts';

export const LIGHTHOUSE_CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
/** Lighthouse's category ids, and the names the results use. */
const CATEGORIES = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'bestPractices',
  seo: 'seo',
} as const;
type CategoryId = keyof typeof CATEGORIES;

export const LIGHTHOUSE_VERSION = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string })
  .version;

interface LhAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  numericValue?: number;
}
interface Lhr {
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, LhAudit>;
}

/** One page's scores (0–100), its metrics, and in each category below 100 every audit that weighs in it and did not pass. */
function summarize(lhr: Lhr): Omit<LighthouseRun, 'site' | 'language' | 'kind' | 'path' | 'runs'> {
  const scores = { performance: null, accessibility: null, bestPractices: null, seo: null } as LighthouseRun['scores'];
  const failedAudits: LighthouseRun['failedAudits'] = [];
  for (const [id, name] of Object.entries(CATEGORIES) as [CategoryId, (typeof CATEGORIES)[CategoryId]][]) {
    const category = lhr.categories[id];
    if (!category) continue;
    scores[name] = category.score === null ? null : Math.round(category.score * 100);
    // A category at 100 may still hold an audit just under 1 (a metric a few ms off its best): not a fix to make.
    if (scores[name] === 100) continue;
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (ref.weight <= 0 || !audit || audit.score === null || audit.score >= 1) continue;
      failedAudits.push({
        category: name,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      });
    }
  }
  const metric = (id: string): number | null => {
    const value = lhr.audits[id]?.numericValue;
    return value === undefined
      ? null
      : Math.round(value * (id === 'cumulative-layout-shift' ? 10_000 : 1)) /
          (id === 'cumulative-layout-shift' ? 10_000 : 1);
  };
  return {
    scores,
    metrics: {
      fcpMs: metric('first-contentful-paint'),
      lcpMs: metric('largest-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndexMs: metric('speed-index'),
    },
    failedAudits,
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
  };
}

/** Lighthouse's settings for a phone (its default) or a desktop (its desktop config). */
export type LighthouseFormFactor = 'mobile' | 'desktop';

/**
 * Every audit of a category that Lighthouse scored below 1 (its metrics, insights and diagnostics alike, whether or
 * not it weighs in the score), with the machine's benchmark index (Lighthouse's measure of its CPU speed, lower on a
 * loaded machine): what the site's own checks judge a page by, beyond its score.
 */
export interface LighthouseDetails {
  belowOne: { category: string; id: string; score: number; weight: number; displayValue?: string }[];
  benchmarkIndex: number | null;
}

function detailsOf(lhr: Lhr): LighthouseDetails {
  const belowOne: LighthouseDetails['belowOne'] = [];
  for (const [id, name] of Object.entries(CATEGORIES) as [CategoryId, (typeof CATEGORIES)[CategoryId]][]) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode)) continue;
      belowOne.push({
        category: name,
        id: audit.id,
        score: audit.score,
        weight: ref.weight,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      });
    }
  }
  return { belowOne, benchmarkIndex: lhr.environment?.benchmarkIndex ?? null };
}

export interface LighthouseSession {
  /** Lighthouse `runs` times on `url` (mobile unless told), the median run by performance score. */
  audit(
    url: string,
    runs: number,
    formFactor?: LighthouseFormFactor,
  ): Promise<Omit<LighthouseRun, 'site' | 'language' | 'kind' | 'path'> & LighthouseDetails>;
  close(): Promise<void>;
}

export async function startLighthouse(): Promise<LighthouseSession> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: LIGHTHOUSE_CHROMIUM_FLAGS });
  return {
    async audit(url, runs, formFactor = 'mobile') {
      const summaries: (ReturnType<typeof summarize> & LighthouseDetails)[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(
          url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: Object.keys(CATEGORIES),
            // The full-page screenshot only illustrates the HTML report (no audit or score reads it), and capturing a
            // long page (the downloads page) cost more than a third of a run's CPU time.
            disableFullPageScreenshot: true,
          },
          formFactor === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        const lhr = result.lhr as unknown as Lhr;
        summaries.push({ ...summarize(lhr), ...detailsOf(lhr) });
      }
      const byPerformance = [...summaries].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
      const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
      if (!median) throw new Error('Lighthouse: no run');
      return { runs: summaries.length, ...median };
    },
    close: () => Promise.resolve(chrome.kill()),
  };
}
