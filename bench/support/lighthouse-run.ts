// Lighthouse itself (the npm package, a development dependency) with its default mobile settings (a Moto G Power
// screen, simulated slow 4G and a 4× slower CPU), on Debian's Chromium launched by chrome-launcher with the same
// flags as the site tests: nothing leaves the machine. Each page is run `runs` times and the run with the median
// performance score is kept, as Lighthouse's own computeMedianRun advises; the other categories do not vary.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
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

export interface LighthouseSession {
  /** Lighthouse `runs` times on `url`, the median run by performance score. */
  audit(url: string, runs: number): Promise<Omit<LighthouseRun, 'site' | 'language' | 'kind' | 'path'>>;
  close(): Promise<void>;
}

export async function startLighthouse(): Promise<LighthouseSession> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: LIGHTHOUSE_CHROMIUM_FLAGS });
  return {
    async audit(url, runs) {
      const summaries: ReturnType<typeof summarize>[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(CATEGORIES),
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        summaries.push(summarize(result.lhr as unknown as Lhr));
      }
      const byPerformance = [...summaries].sort((a, b) => (a.scores.performance ?? -1) - (b.scores.performance ?? -1));
      const median = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
      if (!median) throw new Error('Lighthouse: no run');
      return { runs: summaries.length, ...median };
    },
    close: () => Promise.resolve(chrome.kill()),
  };
}
