// The feed, the report link and the page tools (docs/site.md, "Feed, report link, section links and sharing"), on
// the shared demo site (built by the real build command, without KPU_SITE_URL or KPU_REPORT_URL) and on the shared
// site stage run on its data with both set (site-worlds.ts). Read as visitors and feed readers do: every page's head links its language's
// Atom feed, which Chromium's XML parser reads as a valid feed whose entries are the release history; the footer
// links KPU_REPORT_URL only when it is set; in Chromium at 390 and 1280 px in both languages, every section heading
// has a visible "#" link to itself with an accessible name, and the copy-link and share buttons appear only where
// they work (with JavaScript and the Clipboard API; none without JavaScript), copying the page's or the section's
// address. With KPU_SITE_URL set (docs/site.md, "Sharing and finding"), the site stage writes a sitemap.xml listing
// exactly its pages with absolute URLs and their language versions, a robots.txt naming it, and on every page a
// canonical link and og:url of its own address and absolute hreflang alternates; the shared demo site, built without
// the address, has no sitemap, a robots.txt without a Sitemap line, and no canonical link, og:url or alternates (all
// must be absolute). In Chromium: a search box keeps its query without JavaScript (a web search restricted to the
// site when the address is known), and with JavaScript searches the site's own index.
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseEntry } from '../../scripts/release/release-stage.ts';
import { startStaticServer, type RunningStaticServer } from '../../scripts/site/static-server.ts';
import { FEED_TEXT } from '../../scripts/site/atom-feed.ts';
import { PAGE_TOOLS_TEXT } from '../../scripts/site/page-tools.ts';
import { TEXT } from '../../scripts/site/site-text.ts';
import { atomProblems, readAtomFeed } from './atom-feed-checks.ts';
import { listPagePaths } from './site-checks.ts';
import { KEEP_SCREENSHOTS, launchChromium, saveFullPageScreenshot, sharedDemoWorld } from './site-fixtures.ts';
import { DEMO_ADDRESSED, sharedSiteWorld } from './site-worlds.ts';

type Lang = 'id' | 'en';
const LANGS: readonly Lang[] = ['id', 'en'];
const { siteUrl: SITE_URL, reportUrl: REPORT_URL } = DEMO_ADDRESSED;
const WIDTHS = [390, 1280] as const;
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results/page-tools');

/** A page of each kind that has section headings, per language. */
const PAGES: Record<Lang, string[]> = {
  id: ['/', '/2024/', '/unduh/', '/kamus-data/', '/kualitas-data/', '/perubahan/', '/tentang/'],
  en: [
    '/en/',
    '/en/2024/',
    '/en/downloads/',
    '/en/data-dictionary/',
    '/en/data-quality/',
    '/en/changes/',
    '/en/about/',
  ],
};

let plainDir: string;
let setDir: string;
let plain: RunningStaticServer;
let set: RunningStaticServer;
let browser: Browser;
let releases: ReleaseEntry[];
/** One dapil and one party page of the demo, found in the built site. */
let profilePages: Record<Lang, string[]>;

beforeAll(async () => {
  const launched = launchChromium();
  const [world, addressed] = await Promise.all([sharedDemoWorld(), sharedSiteWorld('demo', DEMO_ADDRESSED)]);
  plainDir = world.distDir;
  setDir = addressed.distDir;
  [plain, set, browser] = await Promise.all([
    startStaticServer({ root: plainDir }),
    startStaticServer({ root: setDir }),
    launched,
  ]);
  releases = JSON.parse(await readFile(path.join(plainDir, 'data', 'releases.json'), 'utf8')) as ReleaseEntry[];
  const paths = await listPagePaths(plainDir);
  const first = (pattern: RegExp) => paths.find((page) => pattern.test(page)) ?? '';
  profilePages = {
    id: [first(/^\/\d{4}\/dapil\/[^/]+\/$/), first(/^\/\d{4}\/partai\/[^/]+\/$/)],
    en: [first(/^\/en\/\d{4}\/dapil\/[^/]+\/$/), first(/^\/en\/\d{4}\/party\/[^/]+\/$/)],
  };
  if (KEEP_SCREENSHOTS) {
    await rm(SCREENSHOTS, { recursive: true, force: true });
    await mkdir(SCREENSHOTS, { recursive: true });
  }
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([plain?.close(), set?.close()]);
});

async function withContext<T>(
  options: { javaScriptEnabled: boolean; width: number; origin?: string },
  task: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled,
    viewport: { width: options.width, height: 900 },
  });
  if (options.origin) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: options.origin });
  try {
    return await task(context);
  } finally {
    await context.close();
  }
}

describe('the Atom feed', () => {
  it("is linked from every page's head in the page's language, and visibly from the changes page", async () => {
    // Both sites are built for the root path (the sharing test's habit): KPU_SITE_URL changes only absolute addresses.
    for (const dir of [plainDir, setDir]) {
      for (const page of await listPagePaths(dir)) {
        const html = await readFile(path.join(dir, page.endsWith('/') ? `${page}index.html` : page), 'utf8');
        const lang = page.startsWith('/en/') ? 'en' : 'id';
        const feeds = [...html.matchAll(/<link rel="alternate" type="application\/atom\+xml"[^>]*>/g)].map(
          (match) => /href="([^"]*)"/.exec(match[0])?.[1],
        );
        expect(feeds, `${dir}${page}`).toEqual([`/${lang === 'en' ? 'en/' : ''}feed.xml`]);
      }
    }
    await withContext({ javaScriptEnabled: false, width: 390 }, async (context) => {
      const tab = await context.newPage();
      for (const lang of LANGS) {
        await tab.goto(new URL(lang === 'id' ? 'perubahan/' : 'en/changes/', plain.url).href);
        const link = tab.getByRole('link', { name: FEED_TEXT[lang].linkText, exact: true });
        expect(await link.isVisible()).toBe(true);
        expect(await link.getAttribute('href')).toBe(lang === 'id' ? '/feed.xml' : '/en/feed.xml');
      }
    });
  });

  it("is valid Atom in each language, read by Chromium's XML parser, its entries the release history", async () => {
    expect(releases.length).toBeGreaterThan(0);
    const newestFirst = [...releases].reverse();
    await withContext({ javaScriptEnabled: true, width: 1280 }, async (context) => {
      const tab = await context.newPage();
      for (const [server, siteUrl] of [
        [plain, null],
        [set, SITE_URL],
      ] as const) {
        await tab.goto(server.url);
        for (const lang of LANGS) {
          const feedPath = lang === 'id' ? 'feed.xml' : 'en/feed.xml';
          const feed = await readAtomFeed(tab, new URL(feedPath, server.url).href);
          expect(atomProblems(feed), `${feedPath}, KPU_SITE_URL ${String(siteUrl)}`).toEqual([]);
          expect(feed.contentType).toMatch(/^application\/(atom\+)?xml/);
          expect(feed.lang).toBe(lang);
          expect(feed.updated).toBe(newestFirst[0]?.harvestedAt);
          const changes = lang === 'id' ? 'perubahan/' : 'en/changes/';
          expect(feed.links.find((link) => link.rel === 'self')?.href).toBe(
            siteUrl ? `${siteUrl}${feedPath}` : `/${feedPath}`,
          );
          expect(feed.id).toBe(
            siteUrl
              ? `${siteUrl}${feedPath}`
              : `tag:kpu-election-data.invalid,${releases[0]?.harvestedAt.slice(0, 10)}:feed:${lang}`,
          );
          expect(
            feed.entries.map((entry) => ({
              id: entry.id,
              updated: entry.updated,
              published: entry.published,
              link: entry.links.find((link) => link.rel === 'alternate')?.href,
            })),
          ).toEqual(
            newestFirst.map((release) => ({
              id: siteUrl
                ? `${siteUrl}data/releases/${release.id}/`
                : `tag:kpu-election-data.invalid,${release.harvestedAt.slice(0, 10)}:release:${release.id}`,
              updated: release.harvestedAt,
              published: release.harvestedAt,
              link: `${siteUrl ?? '/'}${changes}#r-${release.id.replace(/[^A-Za-z0-9_-]/g, '-')}`,
            })),
          );
          // Each entry's title names its release; the demo's first release says so and what it holds.
          for (const [index, entry] of feed.entries.entries()) {
            expect(entry.title).toContain((newestFirst[index] as ReleaseEntry).id);
            expect(entry.title).toContain(lang === 'id' ? '[DATA CONTOH]' : '[DEMO DATA]');
          }
          const oldest = feed.entries.at(-1);
          expect(oldest?.summary).toMatch(lang === 'id' ? /^Rilis pertama: / : /^First release: /);
          expect(oldest?.categories).toEqual([]);
        }
        // The feed linked from a page's head is the one read above.
        const head = await tab.locator('link[type="application/atom+xml"]').getAttribute('href');
        expect(head).toBe('/feed.xml');
      }
    });
  });
});

describe('the report link', () => {
  it('is in every page’s footer, in its language, only when KPU_REPORT_URL is set', async () => {
    for (const page of await listPagePaths(plainDir)) {
      const html = await readFile(path.join(plainDir, page.endsWith('/') ? `${page}index.html` : page), 'utf8');
      expect(html, page).not.toContain('data-report');
    }
    const pages = await listPagePaths(setDir);
    for (const page of pages) {
      const html = await readFile(path.join(setDir, page.endsWith('/') ? `${page}index.html` : page), 'utf8');
      const footer = /<footer[^>]*>[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
      const lang = page.startsWith('/en/') || page === '/en/404.html' ? 'en' : 'id';
      expect(footer, page).toContain(
        `<a href="${REPORT_URL.replace('&', '&amp;')}" data-report>${PAGE_TOOLS_TEXT[lang].report}</a>`,
      );
    }
    for (const width of WIDTHS) {
      await withContext({ javaScriptEnabled: true, width }, async (context) => {
        const tab = await context.newPage();
        for (const lang of LANGS) {
          await tab.goto(new URL(lang === 'id' ? '' : 'en/', set.url).href);
          const link = tab.getByRole('link', { name: PAGE_TOOLS_TEXT[lang].report, exact: true });
          expect(await link.isVisible(), `${lang} ${width}`).toBe(true);
          expect(await link.getAttribute('href')).toBe(REPORT_URL);
          const box = await link.boundingBox();
          expect(box?.height ?? 0, `${lang} ${width}`).toBeGreaterThanOrEqual(24);
        }
      });
    }
  });
});

describe('section links and sharing, at 390 and 1280 px', () => {
  // Each page is loaded once and read at both widths: the page is laid out again at the new width, as when a
  // visitor turns a phone or widens a window (no script of the site reads the width).
  it('gives every section heading a visible "#" link to itself with an accessible name (no JavaScript)', async () => {
    await withContext({ javaScriptEnabled: false, width: WIDTHS[0] }, async (context) => {
      const tab = await context.newPage();
      for (const lang of LANGS) {
        for (const page of [...PAGES[lang], ...profilePages[lang]]) {
          await tab.goto(new URL(page.slice(1), plain.url).href);
          let first: { id: string; text: string } | undefined;
          for (const width of WIDTHS) {
            await tab.setViewportSize({ width, height: 900 });
            const headings = await tab.$$eval('main h2', (all) =>
              all.map((h2) => {
                const anchor = h2.querySelector('a.anchor');
                const box = anchor?.getBoundingClientRect();
                // The name leaves out identifiers set as code, and the brackets they leave empty.
                const words = h2.cloneNode(true) as HTMLElement;
                for (const code of words.querySelectorAll('code')) code.remove();
                return {
                  id: h2.id,
                  text: (h2.textContent ?? '').trim(),
                  words: (words.textContent ?? '')
                    .replace(/\(\s*\)/g, '')
                    .replace(/\s+/g, ' ')
                    .trim(),
                  href: anchor?.getAttribute('href') ?? null,
                  label: anchor?.getAttribute('aria-label') ?? null,
                  mark: anchor ? getComputedStyle(anchor, '::before').content : null,
                  width: box?.width ?? 0,
                  height: box?.height ?? 0,
                };
              }),
            );
            expect(headings.length, page).toBeGreaterThan(0);
            for (const heading of headings) {
              const where = `${page} "${heading.text}" at ${width} px`;
              expect(heading.id, where).not.toBe('');
              expect(heading.href, where).toBe(`#${heading.id}`);
              expect(heading.label, where).toBe(PAGE_TOOLS_TEXT[lang].anchor(heading.words));
              expect(heading.mark, where).toBe('"#"');
              expect(heading.width, where).toBeGreaterThanOrEqual(24);
              expect(heading.height, where).toBeGreaterThanOrEqual(24);
            }
            // The share buttons need the script: without it, none shows.
            expect(await tab.locator('main button:visible').count(), `${page} at ${width} px`).toBe(0);
            expect(await tab.locator('[data-share]').isVisible(), `${page} at ${width} px`).toBe(false);
            if (KEEP_SCREENSHOTS && page === PAGES[lang][2])
              await saveFullPageScreenshot(
                tab,
                path.join(SCREENSHOTS, `${page.replaceAll('/', '_')}-nojs-${width}.png`),
              );
            first = headings[0];
          }
          // The "#" link works as a plain link (one page per language: the others' links are made the same way).
          if (first && page === PAGES[lang][0]) {
            await tab
              .getByRole('link', { name: PAGE_TOOLS_TEXT[lang].anchor(first.text), exact: true })
              .first()
              .click();
            expect(new URL(tab.url()).hash, page).toBe(`#${first.id}`);
          }
        }
      }
    });
  });

  it("copies the page's and a section's address with JavaScript, and says so in the page's language", async () => {
    await withContext(
      { javaScriptEnabled: true, width: WIDTHS[0], origin: plain.url.replace(/\/$/, '') },
      async (context) => {
        const tab = await context.newPage();
        for (const lang of LANGS) {
          for (const page of [PAGES[lang][1] as string, PAGES[lang][5] as string, profilePages[lang][0] as string]) {
            const address = new URL(page.slice(1), plain.url).href;
            await tab.goto(address);
            const t = PAGE_TOOLS_TEXT[lang];
            const copy = tab.getByRole('button', { name: t.copy, exact: true });
            await copy.waitFor({ state: 'visible' });
            // navigator.share exists in this Chromium only where the system can share: its button shows exactly then.
            const canShare = await tab.evaluate(() => typeof navigator.share === 'function');
            for (const width of WIDTHS) {
              await tab.setViewportSize({ width, height: 900 });
              const box = await copy.boundingBox();
              expect(box?.height ?? 0, `${page} at ${width} px`).toBeGreaterThanOrEqual(24);
              // The button sits under the h1, within the screen.
              expect((box?.x ?? -1) + (box?.width ?? 0), `${page} at ${width} px`).toBeLessThanOrEqual(width);
              expect(await tab.getByRole('button', { name: t.share, exact: true }).isVisible()).toBe(canShare);
              // The page's address, then a section's, copied at this width.
              await copy.click();
              await expect.poll(() => tab.locator('[data-share] [role=status]').textContent()).toBe(t.copied);
              expect(await tab.evaluate(() => navigator.clipboard.readText())).toBe(address);
              const id = await tab.locator('main h2').nth(1).getAttribute('id');
              await tab.locator(`main h2#${id ?? ''} a.anchor`).click();
              await expect.poll(() => tab.locator('[data-share] [role=status]').textContent()).toBe(t.sectionCopied);
              expect(await tab.evaluate(() => navigator.clipboard.readText())).toBe(`${address}#${id ?? ''}`);
              expect(new URL(tab.url()).hash).toBe(`#${id ?? ''}`);
              // The status said, on one page per language (every page kind at every width, with the script running:
              // layout.browser.test.ts's screenshots).
              if (KEEP_SCREENSHOTS && page === PAGES[lang][1]) {
                await tab.evaluate(() => window.scrollTo(0, 0));
                await saveFullPageScreenshot(
                  tab,
                  path.join(SCREENSHOTS, `${page.replaceAll('/', '_')}-js-${width}.png`),
                );
              }
            }
          }
        }
      },
    );
  });
});

/**
 * Types a query into a page's search box and submits it, in Chromium with or without JavaScript. A request that
 * leaves for the search engine is answered here (nothing goes out) and its address returned; else the address the
 * form led to on the site, and the search page's results.
 */
async function submitSearch(
  server: RunningStaticServer,
  pagePath: string,
  inputId: string,
  query: string,
  javaScriptEnabled: boolean,
): Promise<{ url: URL; results: string[]; box: string; noscript: string }> {
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
async function pageHtml(dir: string, pagePath: string): Promise<string> {
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
    const pages = (await listPagePaths(setDir)).filter((page) => !page.endsWith('404.html'));
    const sitemap = await readFile(path.join(setDir, 'sitemap.xml'), 'utf8');
    const locations = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect([...locations].sort()).toEqual(pages.map((page) => new URL(page.slice(1), SITE_URL).href).sort());
    // Each <url> names itself and every other language version.
    for (const entry of sitemap.split('<url>').slice(1)) {
      const own = /<loc>([^<]*)<\/loc>/.exec(entry)?.[1] ?? '';
      const versions = [...entry.matchAll(/hreflang="([^"]*)" href="([^"]*)"/g)].map((match) => match[2]);
      expect(versions).toContain(own);
      expect(versions).toHaveLength(2);
    }
    expect(await readFile(path.join(setDir, 'robots.txt'), 'utf8')).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}sitemap.xml\n`,
    );
  });

  it('gives every page a canonical link and og:url of its own address, and absolute hreflang alternates', async () => {
    for (const page of (await listPagePaths(setDir)).filter((each) => !each.endsWith('404.html'))) {
      const links = headLinks(await pageHtml(setDir, page));
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
      const { url } = await submitSearch(set, pagePath, inputId, 'contoh timur', false);
      expect(url.origin, pagePath).toBe('https://duckduckgo.com');
      expect(url.searchParams.get('q'), pagePath).toBe('contoh timur');
      expect(url.searchParams.get('sites'), pagePath).toBe('data.example.org');
    }
  });

  it('with JavaScript, searches the site’s own index and keeps the query in the address and the box', async () => {
    const { url, results, box } = await submitSearch(set, '/en/2024/', 'q-top', 'contoh', true);
    expect(url.pathname).toBe('/en/search/');
    expect(box).toBe('contoh');
    expect([...url.searchParams.keys()]).toEqual(['q']);
    expect(url.searchParams.get('q')).toBe('contoh');
    expect(results.length).toBeGreaterThan(0);
  });

  it('says on the search page, for a reader without JavaScript, where the box sends the query', async () => {
    expect(await pageHtml(setDir, '/cari/')).toContain(TEXT.id.search.noscriptEngine);
    expect(await pageHtml(setDir, '/en/search/')).toContain(TEXT.en.search.noscriptEngine);
  });
});

describe('without KPU_SITE_URL', () => {
  it('keeps every search box on the site; without JavaScript the search page says search needs it', async () => {
    const { url, noscript } = await submitSearch(plain, '/en/2024/', 'q-top', 'contoh', false);
    expect(url.pathname).toBe('/en/search/');
    expect(url.searchParams.get('q')).toBe('contoh');
    expect(noscript).toContain(TEXT.en.search.noscript);
  });

  it('writes no sitemap, a robots.txt that allows everything, no canonical link and no alternates (they must be absolute)', async () => {
    await expect(readFile(path.join(plainDir, 'sitemap.xml'))).rejects.toThrow(/ENOENT/);
    expect(await readFile(path.join(plainDir, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n');
    const links = headLinks(await pageHtml(plainDir, '/en/2024/'));
    expect(links.canonical).toEqual([]);
    expect(links.ogUrl).toEqual([]);
    expect(links.alternates.size).toBe(0);
  });
});
