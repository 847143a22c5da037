// Pages: the transferred size of the heaviest dapil and party page of each built site, loaded in Chromium; and
// Lighthouse's mobile scores (performance, accessibility, best practices, SEO) of the smallest site's pages, one of
// every page kind in each language, its heaviest dapil and party pages among them (--quick: the home page only).
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import type { LighthousePageKind, LighthouseRun, PagesSection, PageTransfer } from './bench-results.ts';
import type { BuiltSite } from './site-bench.ts';
import type { BenchContext } from './support/bench-context.ts';
import { LANGS, pagePath } from '../scripts/site/site-routes.ts';
import { auditedPages, pagesOfEveryKind, type PageOfEveryKind } from '../test/site/every-page-kind.ts';
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
 * One page of every page kind of the site (as the ci lane's Lighthouse and the layout shift checks take them from
 * the demo site, test/site/every-page-kind.ts): the year of the heaviest dapil page, that dapil page, the heaviest
 * party page, that dapil beside its province on the compare page, a search for Aceh; null when the site has no dapil
 * or party page.
 */
function pageOfEveryKind(heaviest: readonly MeasuredPage[]): PageOfEveryKind | null {
  const dapil = yearAndId(heaviest.find((page) => page.kind === 'dapil')?.path ?? '');
  const party = yearAndId(heaviest.find((page) => page.kind === 'party')?.path ?? '');
  if (!dapil || !party) return null;
  return pagesOfEveryKind({
    year: dapil.year,
    dapil,
    party,
    compare: `?a=${String(dapil.year)}-d${dapil.id}&b=${String(dapil.year)}-p${dapil.id.slice(0, 2)}`,
  });
}

/**
 * The pages Lighthouse runs on: every page kind in every language (test/site/every-page-kind.ts: the route's kinds,
 * the not-found and an embed page of each language), but the release's landing page, which the site stage alone
 * (what the benchmark builds) does not write; the ci lane audits it on a whole build. --quick: the default
 * language's home page only (the CI run stays short).
 */
async function lighthousePages(
  quick: boolean,
  site: BuiltSite,
  heaviest: readonly MeasuredPage[],
): Promise<{ language: string; kind: LighthousePageKind; path: string }[]> {
  const [firstLanguage] = LANGS;
  if (quick) return [{ language: firstLanguage, kind: 'home', path: pagePath(firstLanguage, { kind: 'home' }) }];
  const kinds = pageOfEveryKind(heaviest);
  if (!kinds) throw new Error(`${site.name}: no dapil or party page to audit`);
  return (await auditedPages(site.siteDir, kinds, false)).map((page) => ({
    language: page.language ?? LANGS.join('+'),
    kind: page.kind as LighthousePageKind,
    path: page.path,
  }));
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
    for (const page of await lighthousePages(context.plan.mode === 'quick', site, heaviest)) {
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
