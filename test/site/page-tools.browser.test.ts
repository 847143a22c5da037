// The feed, the report link and the page tools (docs/site.md, "Feed, report link, section links and sharing"), on
// the shared demo site (built by the real build command, without KPU_SITE_URL or KPU_REPORT_URL) and on a site
// stage run on its data with both set. Read as visitors and feed readers do: every page's head links its language's
// Atom feed, which Chromium's XML parser reads as a valid feed whose entries are the release history; the footer
// links KPU_REPORT_URL only when it is set; in Chromium at 390 and 1280 px in both languages, every section heading
// has a visible "#" link to itself with an accessible name, and the copy-link and share buttons appear only where
// they work (with JavaScript and the Clipboard API; none without JavaScript), copying the page's or the section's
// address.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentReporter } from '../../scripts/log/progress-reporter.ts';
import type { ReleaseEntry } from '../../scripts/release/release-stage.ts';
import { runSiteStage } from '../../scripts/site/site-stage.ts';
import { startStaticServer, type RunningStaticServer } from '../../scripts/site/static-server.ts';
import { FEED_TEXT } from '../../scripts/site/atom-feed.ts';
import { PAGE_TOOLS_TEXT } from '../../scripts/site/page-tools.ts';
import { atomProblems, readAtomFeed } from './atom-feed-checks.ts';
import { listPagePaths } from './site-checks.ts';
import { launchChromium, saveFullPageScreenshot, sharedDemoWorld } from './site-fixtures.ts';

type Lang = 'id' | 'en';
const LANGS: readonly Lang[] = ['id', 'en'];
const SITE_URL = 'https://data.example.org/pemilu/';
const REPORT_URL = 'https://tracker.example.org/kpu/issues/new?labels=data';
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

let root: string;
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
  const world = await sharedDemoWorld();
  plainDir = world.distDir;
  root = await mkdtemp(path.join(os.tmpdir(), 'kpu-page-tools-'));
  setDir = path.join(root, 'site');
  await runSiteStage({
    dataDir: path.join(world.distDir, 'data'),
    outDir: setDir,
    siteUrl: SITE_URL,
    reportUrl: REPORT_URL,
    reporter: createSilentReporter(),
  });
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
  await rm(SCREENSHOTS, { recursive: true, force: true });
  await mkdir(SCREENSHOTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([plain?.close(), set?.close()]);
  if (root) await rm(root, { recursive: true, force: true });
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
      const footer = /<footer>[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
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
  for (const width of WIDTHS) {
    it(`gives every section heading a visible "#" link to itself with an accessible name (${width} px, no JavaScript)`, async () => {
      await withContext({ javaScriptEnabled: false, width }, async (context) => {
        const tab = await context.newPage();
        for (const lang of LANGS) {
          for (const page of [...PAGES[lang], ...profilePages[lang]]) {
            await tab.goto(new URL(page.slice(1), plain.url).href);
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
            expect(await tab.locator('main button:visible').count(), page).toBe(0);
            expect(await tab.locator('[data-share]').isVisible(), page).toBe(false);
            // The "#" link works as a plain link (one page per language: the others' links are made the same way).
            const first = headings[0];
            if (first && page === PAGES[lang][0]) {
              await tab
                .getByRole('link', { name: PAGE_TOOLS_TEXT[lang].anchor(first.text), exact: true })
                .first()
                .click();
              expect(new URL(tab.url()).hash, page).toBe(`#${first.id}`);
            }
            if (page === PAGES[lang][2])
              await saveFullPageScreenshot(
                tab,
                path.join(SCREENSHOTS, `${page.replaceAll('/', '_')}-nojs-${width}.png`),
              );
          }
        }
      });
    });

    it(`copies the page's and a section's address with JavaScript, and says so in the page's language (${width} px)`, async () => {
      await withContext({ javaScriptEnabled: true, width, origin: plain.url.replace(/\/$/, '') }, async (context) => {
        const tab = await context.newPage();
        for (const lang of LANGS) {
          for (const page of [PAGES[lang][1] as string, PAGES[lang][5] as string, profilePages[lang][0] as string]) {
            const address = new URL(page.slice(1), plain.url).href;
            await tab.goto(address);
            const t = PAGE_TOOLS_TEXT[lang];
            const copy = tab.getByRole('button', { name: t.copy, exact: true });
            await copy.waitFor({ state: 'visible' });
            const box = await copy.boundingBox();
            expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
            // The button sits under the h1, within the screen.
            expect((box?.x ?? -1) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
            // navigator.share exists in this Chromium only where the system can share: its button shows exactly then.
            const canShare = await tab.evaluate(() => typeof navigator.share === 'function');
            expect(await tab.getByRole('button', { name: t.share, exact: true }).isVisible()).toBe(canShare);
            await copy.click();
            await expect.poll(() => tab.locator('[data-share] [role=status]').textContent()).toBe(t.copied);
            expect(await tab.evaluate(() => navigator.clipboard.readText())).toBe(address);
            const id = await tab.locator('main h2').nth(1).getAttribute('id');
            await tab.locator(`main h2#${id ?? ''} a.anchor`).click();
            await expect.poll(() => tab.locator('[data-share] [role=status]').textContent()).toBe(t.sectionCopied);
            expect(await tab.evaluate(() => navigator.clipboard.readText())).toBe(`${address}#${id ?? ''}`);
            expect(new URL(tab.url()).hash).toBe(`#${id ?? ''}`);
            await tab.evaluate(() => window.scrollTo(0, 0));
            await saveFullPageScreenshot(tab, path.join(SCREENSHOTS, `${page.replaceAll('/', '_')}-js-${width}.png`));
          }
        }
      });
    });
  }
});
