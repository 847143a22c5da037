// Pages: the transferred size of the heaviest dapil and party page of each built site, loaded in Chromium;
// and for the home, the heaviest dapil and the heaviest party page of the smallest site, Lighthouse-style
// performance metrics under Lighthouse's mobile throttling, scored with its curves, and axe-core's audit.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import type { PageAudit, PagesSection, PageTransfer } from './bench-results.ts';
import type { BuiltSite } from './site-bench.ts';
import type { BenchContext } from './support/bench-context.ts';
import {
  estimatePerformanceScore,
  MOBILE_SCREEN,
  MOBILE_THROTTLING,
  type MeasuredMetrics,
} from './support/lighthouse-estimate.ts';
import { startStaticServer } from '../scripts/site/static-server.ts';
import { PROJECT_ROOT } from './support/paths.ts';
import { median, round } from './support/stats.ts';

const CHROMIUM = '/usr/bin/chromium';
const AXE_SCRIPT = path.join(PROJECT_ROOT, 'node_modules', 'axe-core', 'axe.min.js');
/** The same launch arguments as the site tests: nothing leaves the machine. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
  '--disable-gpu',
];
const PAGE_KINDS = [
  { kind: 'dapil' as const, pattern: /(^|\/)\d{4}\/dapil\/[^/]+\/index\.html$/ },
  { kind: 'party' as const, pattern: /(^|\/)\d{4}\/(partai|party)\/[^/]+\/index\.html$/ },
];

function lighthouseStatus(): PagesSection['lighthouse'] {
  const substitute =
    "Playwright with Debian Chromium: FCP, LCP, CLS and TBT under Lighthouse's mobile emulation and devtools throttling (562.5 ms latency, 1.47 Mbit/s, 4× CPU), scored with Lighthouse's mobile curves (Speed Index not measured, its weight spread over the others); accessibility: axe-core, the engine of Lighthouse's accessibility audits (Lighthouse scores 100 when none of its axe audits fails)";
  try {
    createRequire(import.meta.url).resolve('lighthouse');
    return {
      available: true,
      reason: 'lighthouse is installed, but this benchmark measures with Playwright so quick runs stay dependency-free',
      substitute,
    };
  } catch {
    return {
      available: false,
      reason:
        "Lighthouse is not installed: it is not a dependency of the project, and packages may not be added in this shared tree (npx would download it). Debian's Chromium itself would do: Lighthouse only needs a Chrome it can launch.",
      substitute,
    };
  }
}

/** The site's HTML pages relative to its folder, and the heaviest (by gzip size) of each kind. */
async function findHeaviestPages(siteDir: string): Promise<{ kind: 'dapil' | 'party'; path: string }[]> {
  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  const pages = entries
    .filter((entry) => entry.isFile() && entry.name === 'index.html')
    .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)));
  const heaviest: { kind: 'dapil' | 'party'; path: string }[] = [];
  for (const { kind, pattern } of PAGE_KINDS) {
    let best: { file: string; bytes: number } | null = null;
    for (const file of pages.filter((page) => pattern.test(page))) {
      const bytes = gzipSync(await readFile(path.join(siteDir, file))).length;
      if (!best || bytes > best.bytes) best = { file, bytes };
    }
    if (best) heaviest.push({ kind, path: `/${path.dirname(best.file)}/` });
  }
  return heaviest;
}

async function measureTransfer(
  browser: Browser,
  url: string,
): Promise<{ transferBytes: number; bodyBytes: number; requests: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const sizes: Promise<{ transfer: number; body: number }>[] = [];
    page.on('requestfinished', (request) => {
      sizes.push(
        request.sizes().then((size) => ({
          transfer: size.responseBodySize + size.responseHeadersSize,
          body: size.responseBodySize,
        })),
      );
    });
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`${url} answered ${String(response?.status())}`);
    const all = await Promise.all(sizes);
    return {
      transferBytes: all.reduce((sum, size) => sum + size.transfer, 0),
      bodyBytes: all.reduce((sum, size) => sum + size.body, 0),
      requests: all.length,
    };
  } finally {
    await context.close();
  }
}

interface PerfProbe {
  lcp: number;
  cls: number;
  longTasks: [number, number][];
}

/** Installed before any page script: collects LCP, layout shifts and long tasks from the browser's own observers. */
function installObservers(): void {
  const probe: PerfProbe = { lcp: 0, cls: 0, longTasks: [] };
  (window as unknown as { __benchProbe: PerfProbe }).__benchProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) probe.cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

async function measurePerformance(browser: Browser, url: string): Promise<MeasuredMetrics> {
  const context = await browser.newContext({
    viewport: { width: MOBILE_SCREEN.width, height: MOBILE_SCREEN.height },
    deviceScaleFactor: MOBILE_SCREEN.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(installObservers);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE_THROTTLING.requestLatencyMs,
      downloadThroughput: (MOBILE_THROTTLING.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (MOBILE_THROTTLING.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdownMultiplier });
    await page.goto(url, { waitUntil: 'load' });
    // Let late paints, shifts and tasks land (Lighthouse waits for a quiet network and main thread).
    await page.waitForTimeout(2000);
    const probe = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return { fcp, ...(window as unknown as { __benchProbe: PerfProbe }).__benchProbe };
    });
    // Total Blocking Time: the part beyond 50 ms of every long task after the first contentful paint.
    const tbt = probe.longTasks
      .filter(([start]) => start >= probe.fcp)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    return { fcpMs: probe.fcp, lcpMs: Math.max(probe.lcp, probe.fcp), cls: probe.cls, tbtMs: tbt };
  } finally {
    await context.close();
  }
}

interface AxeSummary {
  violations: { id: string; impact: string | null }[];
  passes: number;
}

async function runAxe(browser: Browser, url: string): Promise<PageAudit['axe']> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.addScriptTag({ path: AXE_SCRIPT });
    const result = await page.evaluate(async (): Promise<AxeSummary> => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              context: Document,
            ): Promise<{ violations: { id: string; impact?: string | null }[]; passes: unknown[] }>;
          };
        }
      ).axe;
      const outcome = await axe.run(document);
      return {
        violations: outcome.violations.map((violation) => ({ id: violation.id, impact: violation.impact ?? null })),
        passes: outcome.passes.length,
      };
    });
    const byImpact: Record<string, number> = {};
    for (const violation of result.violations)
      byImpact[violation.impact ?? 'unknown'] = (byImpact[violation.impact ?? 'unknown'] ?? 0) + 1;
    return {
      violations: result.violations.length,
      byImpact,
      violatedRules: result.violations.map((violation) => violation.id),
      passedRules: result.passes,
    };
  } finally {
    await context.close();
  }
}

interface MeasuredPage {
  kind: PageTransfer['kind'];
  path: string;
}

/** Lighthouse-style metrics (median of the plan's runs) and axe-core's audit of one page. */
async function auditPage(
  context: BenchContext,
  browser: Browser,
  site: BuiltSite,
  page: MeasuredPage,
  url: string,
): Promise<PageAudit> {
  const runs: MeasuredMetrics[] = [];
  for (let run = 0; run < context.plan.auditRuns; run += 1) runs.push(await measurePerformance(browser, url));
  const metrics: MeasuredMetrics = {
    fcpMs: round(median(runs.map((run) => run.fcpMs))),
    lcpMs: round(median(runs.map((run) => run.lcpMs))),
    cls: round(median(runs.map((run) => run.cls)), 4),
    tbtMs: round(median(runs.map((run) => run.tbtMs))),
  };
  const axe = await runAxe(browser, url);
  const performanceEstimate = estimatePerformanceScore(metrics);
  context.log(
    `pages audit ${page.kind} ${page.path}: performance ≈ ${performanceEstimate}, FCP ${metrics.fcpMs} ms, LCP ${metrics.lcpMs} ms, axe violations ${axe.violations}`,
  );
  return { site: site.name, kind: page.kind, path: page.path, runs: runs.length, ...metrics, performanceEstimate, axe };
}

/** One built site served: the transfer of its home and heaviest pages and, when `audit`, their audits. */
async function measureSite(
  context: BenchContext,
  browser: Browser,
  site: BuiltSite,
  audit: boolean,
): Promise<{ transfers: PageTransfer[]; audits: PageAudit[] }> {
  const server = await startStaticServer({ root: site.siteDir });
  /** A page's URL: its path is absolute, the server's URL ends in "/". */
  const urlOf = (pagePath: string): string => new URL(pagePath.slice(1), server.url).href;
  const transfers: PageTransfer[] = [];
  const audits: PageAudit[] = [];
  try {
    const heaviest = await findHeaviestPages(site.siteDir);
    const pages: MeasuredPage[] = [{ kind: 'home' as const, path: '/' }, ...heaviest];
    for (const page of pages) {
      const transfer = await measureTransfer(browser, urlOf(page.path));
      transfers.push({ site: site.name, kind: page.kind, path: page.path, ...transfer });
      context.log(
        `pages ${site.name} ${page.kind} ${page.path}: ${transfer.transferBytes.toLocaleString('en')} bytes in ${transfer.requests} requests`,
      );
    }
    if (audit) for (const page of pages) audits.push(await auditPage(context, browser, site, page, urlOf(page.path)));
  } finally {
    await server.close();
  }
  return { transfers, audits };
}

export async function benchPages(
  context: BenchContext,
  sites: readonly BuiltSite[],
): Promise<Omit<PagesSection, 'durationMs'>> {
  const lighthouse = lighthouseStatus();
  if (sites.length === 0)
    return {
      status: 'not-available',
      reason: 'not available yet: no site was built (see the site section)',
      lighthouse,
      transfers: [],
      audits: [],
    };
  if (!existsSync(CHROMIUM))
    return { status: 'not-available', reason: `${CHROMIUM} is absent`, lighthouse, transfers: [], audits: [] };
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const transfers: PageTransfer[] = [];
  const audits: PageAudit[] = [];
  try {
    // Every site's transfers; the audits of the smallest (the first) only.
    for (const [index, site] of sites.entries()) {
      const measured = await measureSite(context, browser, site, index === 0);
      transfers.push(...measured.transfers);
      audits.push(...measured.audits);
    }
  } finally {
    await browser.close();
  }
  context.noteCommand(
    `Chromium ${CHROMIUM} through playwright-core ${CHROMIUM_ARGS.join(' ')}; pages served gzip-compressed by scripts/site/static-server.ts`,
  );
  return { status: 'ok', lighthouse, transfers, audits };
}
