// Pages: the transferred size of the heaviest dapil and party page of each built site, loaded in Chromium; and
// Lighthouse's mobile scores (performance, accessibility, best practices, SEO) of the smallest site's home, year,
// heaviest dapil, heaviest party and downloads pages in each language (--quick: the home page only).
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import type { LighthousePageKind, LighthouseRun, PagesSection, PageTransfer } from './bench-results.ts';
import type { BuiltSite } from './site-bench.ts';
import type { BenchContext } from './support/bench-context.ts';
import { LANGS, pagePath, type Lang } from '../scripts/site/site-routes.ts';
import { CHROMIUM } from './support/bench-chromium.ts';
import { LIGHTHOUSE_CHROMIUM_FLAGS, LIGHTHOUSE_VERSION, startLighthouse } from './support/lighthouse-run.ts';
import { startStaticServer } from '../scripts/site/static-server.ts';

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

interface MeasuredPage {
  kind: PageTransfer['kind'];
  path: string;
}

/** One built site served: the transfer of its home and heaviest pages. */
async function measureTransfers(
  context: BenchContext,
  browser: Browser,
  site: BuiltSite,
  heaviest: readonly MeasuredPage[],
): Promise<PageTransfer[]> {
  const server = await startStaticServer({ root: site.siteDir });
  /** A page's URL: its path is absolute, the server's URL ends in "/". */
  const urlOf = (pagePath: string): string => new URL(pagePath.slice(1), server.url).href;
  const transfers: PageTransfer[] = [];
  try {
    const pages: MeasuredPage[] = [{ kind: 'home' as const, path: '/' }, ...heaviest];
    for (const page of pages) {
      const transfer = await measureTransfer(browser, urlOf(page.path));
      transfers.push({ site: site.name, kind: page.kind, path: page.path, ...transfer });
      context.log(
        `pages ${site.name} ${page.kind} ${page.path}: ${transfer.transferBytes.toLocaleString('en')} bytes in ${transfer.requests} requests`,
      );
    }
  } finally {
    await server.close();
  }
  return transfers;
}

/** "/2014/dapil/1101/" or "/en/2014/party/7/" → its year and id. */
function yearAndId(pagePathname: string): { year: number; id: string } | null {
  const match = /^\/(?:[a-z]{2}\/)?(\d{4})\/[^/]+\/([^/]+)\/$/.exec(pagePathname);
  return match?.[1] && match[2] ? { year: Number(match[1]), id: match[2] } : null;
}

/**
 * The pages Lighthouse runs on, in every language: home, the year of the heaviest dapil page, that dapil page, the
 * heaviest party page, downloads. --quick: the default language's home page only (the CI run stays short).
 */
function lighthousePages(
  quick: boolean,
  heaviest: readonly MeasuredPage[],
): { language: Lang; kind: LighthousePageKind; path: string }[] {
  const dapil = yearAndId(heaviest.find((page) => page.kind === 'dapil')?.path ?? '');
  const party = yearAndId(heaviest.find((page) => page.kind === 'party')?.path ?? '');
  const pages: { language: Lang; kind: LighthousePageKind; path: string }[] = [];
  for (const language of quick ? LANGS.slice(0, 1) : LANGS) {
    pages.push({ language, kind: 'home', path: pagePath(language, { kind: 'home' }) });
    if (quick) break;
    if (dapil) {
      pages.push({ language, kind: 'year', path: pagePath(language, { kind: 'year', year: dapil.year }) });
      pages.push({
        language,
        kind: 'dapil',
        path: pagePath(language, { kind: 'dapil', year: dapil.year, dapilId: dapil.id }),
      });
    }
    if (party)
      pages.push({
        language,
        kind: 'party',
        path: pagePath(language, { kind: 'profile', dataset: 'parties', year: party.year, id: party.id }),
      });
    pages.push({ language, kind: 'downloads', path: pagePath(language, { kind: 'downloads' }) });
  }
  return pages;
}

async function runLighthouse(
  context: BenchContext,
  site: BuiltSite,
  heaviest: readonly MeasuredPage[],
): Promise<LighthouseRun[]> {
  const server = await startStaticServer({ root: site.siteDir });
  const session = await startLighthouse();
  const runs: LighthouseRun[] = [];
  try {
    for (const page of lighthousePages(context.plan.mode === 'quick', heaviest)) {
      const url = new URL(page.path.slice(1), server.url).href;
      const run = await session.audit(url, context.plan.auditRuns);
      runs.push({ site: site.name, ...page, ...run });
      const { scores } = run;
      context.log(
        `lighthouse ${site.name} ${page.kind} ${page.path}: performance ${String(scores.performance)}, accessibility ${String(scores.accessibility)}, best practices ${String(scores.bestPractices)}, SEO ${String(scores.seo)}${run.failedAudits.length > 0 ? `; failed: ${run.failedAudits.map((audit) => audit.id).join(', ')}` : ''}`,
      );
    }
  } finally {
    await session.close();
    await server.close();
  }
  return runs;
}

const LIGHTHOUSE_SETUP = `Lighthouse ${LIGHTHOUSE_VERSION}, default mobile settings (Moto G Power screen, simulated slow 4G, 4× CPU slowdown), on ${CHROMIUM} launched by chrome-launcher with ${LIGHTHOUSE_CHROMIUM_FLAGS.join(' ')}; median run by performance score`;

export async function benchPages(
  context: BenchContext,
  sites: readonly BuiltSite[],
): Promise<Omit<PagesSection, 'durationMs'>> {
  const lighthouse = { version: LIGHTHOUSE_VERSION, setup: LIGHTHOUSE_SETUP, runs: [] as LighthouseRun[] };
  if (sites.length === 0)
    return {
      status: 'not-available',
      reason: 'not available yet: no site was built (see the site section)',
      lighthouse,
      transfers: [],
    };
  if (!existsSync(CHROMIUM))
    return { status: 'not-available', reason: `${CHROMIUM} is absent`, lighthouse, transfers: [] };
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const transfers: PageTransfer[] = [];
  const heaviestOfFirst: MeasuredPage[] = [];
  try {
    for (const [index, site] of sites.entries()) {
      const heaviest = await findHeaviestPages(site.siteDir);
      if (index === 0) heaviestOfFirst.push(...heaviest);
      transfers.push(...(await measureTransfers(context, browser, site, heaviest)));
    }
  } finally {
    await browser.close();
  }
  context.noteCommand(
    `Chromium ${CHROMIUM} through playwright-core ${CHROMIUM_ARGS.join(' ')}; pages served gzip-compressed by scripts/site/static-server.ts`,
  );
  // Lighthouse on the smallest (the first) site only.
  const [first] = sites;
  if (first) lighthouse.runs.push(...(await runLighthouse(context, first, heaviestOfFirst)));
  context.noteCommand(`${LIGHTHOUSE_SETUP}; pages served gzip-compressed by scripts/site/static-server.ts`);
  return { status: 'ok', lighthouse, transfers };
}
