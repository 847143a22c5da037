// Sharing and finding (docs/site.md, "Sharing and finding"): the site stage run on the shared demo data with the
// site's public address (KPU_SITE_URL) writes a sitemap.xml listing exactly its pages with absolute URLs and their
// language versions, a robots.txt naming it, and on every page a canonical link and og:url of its own address and
// absolute hreflang alternates; the shared demo site, built without the address, has no sitemap, a robots.txt
// without a Sitemap line, and no canonical link, og:url or alternates (all must be absolute). In Chromium: a search
// box keeps its query without JavaScript (a web search restricted to the site when the address is known), and with
// JavaScript searches the site's own index.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentReporter } from '../../scripts/log/progress-reporter.ts';
import { runSiteStage } from '../../scripts/site/site-stage.ts';
import { startStaticServer, type RunningStaticServer } from '../../scripts/site/static-server.ts';
import { TEXT } from '../../scripts/site/site-text.ts';
import { listPagePaths } from './site-checks.ts';
import { launchChromium, sharedDemoWorld } from './site-fixtures.ts';

const SITE_URL = 'https://data.example.org/pemilu/';
let root: string;
let withUrl: string;
let withoutUrl: string;
let browser: Browser | undefined;
const servers: RunningStaticServer[] = [];

beforeAll(async () => {
  const world = await sharedDemoWorld();
  withoutUrl = world.distDir;
  root = await mkdtemp(path.join(os.tmpdir(), 'kpu-site-sharing-'));
  withUrl = path.join(root, 'site');
  await runSiteStage({
    dataDir: path.join(world.distDir, 'data'),
    outDir: withUrl,
    siteUrl: SITE_URL,
    reporter: createSilentReporter(),
  });
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((server) => server.close()));
  if (root) await rm(root, { recursive: true, force: true });
});

/**
 * Types a query into a page's search box and submits it, in Chromium with or without JavaScript. A request that
 * leaves for the search engine is answered here (nothing goes out) and its address returned; else the address the
 * form led to on the site, and the search page's results.
 */
async function submitSearch(
  dir: string,
  pagePath: string,
  inputId: string,
  query: string,
  javaScriptEnabled: boolean,
): Promise<{ url: URL; results: string[]; box: string; noscript: string }> {
  browser ??= await launchChromium();
  const server = await startStaticServer({ root: dir });
  servers.push(server);
  const context = await browser.newContext({ javaScriptEnabled });
  try {
    let engine: URL | undefined;
    await context.route('https://duckduckgo.com/**', async (route) => {
      engine = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>engine</title>' });
    });
    const page = await context.newPage();
    await page.goto(new URL(pagePath.slice(1), server.url).href);
    await page.fill(`#${inputId}`, query);
    await Promise.all([
      page.waitForURL((url) => url.href !== new URL(pagePath.slice(1), server.url).href),
      page.press(`#${inputId}`, 'Enter'),
    ]);
    if (engine) return { url: engine, results: [], box: '', noscript: '' };
    const url = new URL(page.url());
    // The results come once the script has fetched the index: wait for their heading (written with or without hits).
    if (javaScriptEnabled) await page.locator('#results h2').waitFor();
    const results = javaScriptEnabled ? await page.locator('#results li').allTextContents() : [];
    const noscript = (await page.locator('noscript').first().textContent()) ?? '';
    return { url, results, box: await page.inputValue('#q'), noscript };
  } finally {
    await context.close();
  }
}

/** The page at a URL path ("/en/2024/"), read from a built site folder. */
async function html(dir: string, pagePath: string): Promise<string> {
  return readFile(path.join(dir, pagePath.endsWith('/') ? `${pagePath}index.html` : pagePath), 'utf8');
}

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replaceAll('&amp;', '&');

function headLinks(page: string): { canonical: string[]; ogUrl: string[]; alternates: Map<string, string> } {
  const tags = [...page.matchAll(/<(?:link|meta)\s[^>]*>/g)].map((match) => match[0]);
  return {
    canonical: tags.filter((tag) => attribute(tag, 'rel') === 'canonical').map((tag) => attribute(tag, 'href') ?? ''),
    ogUrl: tags.filter((tag) => attribute(tag, 'property') === 'og:url').map((tag) => attribute(tag, 'content') ?? ''),
    alternates: new Map(
      tags
        .filter((tag) => attribute(tag, 'rel') === 'alternate' && attribute(tag, 'hreflang'))
        .map((tag) => [attribute(tag, 'hreflang') ?? '', attribute(tag, 'href') ?? '']),
    ),
  };
}

describe('with KPU_SITE_URL', () => {
  it('lists in sitemap.xml exactly the pages of the site, each with its language versions, absolute', async () => {
    const pages = (await listPagePaths(withUrl)).filter((page) => !page.endsWith('404.html'));
    const sitemap = await readFile(path.join(withUrl, 'sitemap.xml'), 'utf8');
    const locations = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect([...locations].sort()).toEqual(pages.map((page) => new URL(page.slice(1), SITE_URL).href).sort());
    // Each <url> names itself and every other language version.
    for (const entry of sitemap.split('<url>').slice(1)) {
      const own = /<loc>([^<]*)<\/loc>/.exec(entry)?.[1] ?? '';
      const versions = [...entry.matchAll(/hreflang="([^"]*)" href="([^"]*)"/g)].map((match) => match[2]);
      expect(versions).toContain(own);
      expect(versions).toHaveLength(2);
    }
    expect(await readFile(path.join(withUrl, 'robots.txt'), 'utf8')).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}sitemap.xml\n`,
    );
  });

  it('gives every page a canonical link and og:url of its own address, and absolute hreflang alternates', async () => {
    for (const page of (await listPagePaths(withUrl)).filter((each) => !each.endsWith('404.html'))) {
      const links = headLinks(await html(withUrl, page));
      const own = new URL(page.slice(1), SITE_URL).href;
      expect(links.canonical, page).toEqual([own]);
      expect(links.ogUrl, page).toEqual([own]);
      expect([...links.alternates.keys()].sort(), page).toEqual(['en', 'id', 'x-default']);
      expect(links.alternates.get(page.startsWith('/en/') ? 'en' : 'id'), page).toBe(own);
      expect(links.alternates.get('x-default'), page).toBe(links.alternates.get('id'));
      for (const href of links.alternates.values()) expect(href.startsWith(SITE_URL), page).toBe(true);
    }
  });
});

describe('a search box, with KPU_SITE_URL', () => {
  it('without JavaScript, sends the query to a web search restricted to the site, from the header and the search page', async () => {
    for (const [pagePath, inputId] of [
      ['/en/2024/', 'q-top'],
      ['/cari/', 'q'],
    ] as const) {
      const { url } = await submitSearch(withUrl, pagePath, inputId, 'contoh timur', false);
      expect(url.origin, pagePath).toBe('https://duckduckgo.com');
      expect(url.searchParams.get('q'), pagePath).toBe('contoh timur');
      expect(url.searchParams.get('sites'), pagePath).toBe('data.example.org');
    }
  });

  it('with JavaScript, searches the site’s own index and keeps the query in the address and the box', async () => {
    const { url, results, box } = await submitSearch(withUrl, '/en/2024/', 'q-top', 'contoh', true);
    expect(url.pathname).toBe('/en/search/');
    expect(box).toBe('contoh');
    expect([...url.searchParams.keys()]).toEqual(['q']);
    expect(url.searchParams.get('q')).toBe('contoh');
    expect(results.length).toBeGreaterThan(0);
  });

  it('says on the search page, for a reader without JavaScript, where the box sends the query', async () => {
    expect(await html(withUrl, '/cari/')).toContain(TEXT.id.search.noscriptEngine);
    expect(await html(withUrl, '/en/search/')).toContain(TEXT.en.search.noscriptEngine);
  });
});

describe('without KPU_SITE_URL', () => {
  it('keeps every search box on the site; without JavaScript the search page says search needs it', async () => {
    const { url, noscript } = await submitSearch(withoutUrl, '/en/2024/', 'q-top', 'contoh', false);
    expect(url.pathname).toBe('/en/search/');
    expect(url.searchParams.get('q')).toBe('contoh');
    expect(noscript).toContain(TEXT.en.search.noscript);
  });

  it('writes no sitemap, a robots.txt that allows everything, no canonical link and no alternates (they must be absolute)', async () => {
    await expect(readFile(path.join(withoutUrl, 'sitemap.xml'))).rejects.toThrow(/ENOENT/);
    expect(await readFile(path.join(withoutUrl, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n');
    const links = headLinks(await html(withoutUrl, '/en/2024/'));
    expect(links.canonical).toEqual([]);
    expect(links.ogUrl).toEqual([]);
    expect(links.alternates.size).toBe(0);
  });
});
