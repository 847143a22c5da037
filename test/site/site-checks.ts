// The checks every built site must pass, read the way users read it (Chromium on a real port, HTTP for
// links and downloads): pages render and pass axe, figures equal the downloads, links resolve, downloads
// match the manifest, pages stay under the weight budget. Each returns its problems; a test expects none.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { EMBED_PAGE_SUFFIX } from '../../scripts/site/figure-files.ts';
import type { PublishedSite } from './site-fixtures.ts';
import { checkFigureLinks } from './figure-link-checks.ts';
import { checkDesktopTables, DESKTOP_VIEWPORT } from './table-scroll-checks.ts';

const AXE_SCRIPT = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');
export const PAGE_BUDGET_BYTES = 30 * 1024;

/**
 * Every HTML page of the published site as a URL path: "2014/dapil/1101/index.html" → "/2014/dapil/1101/". The
 * figures' embed pages (scripts/site/figure-files.ts) are not the site's pages: test/site/figure-files.browser.test.ts
 * checks them.
 */
export async function listPagePaths(distDir: string): Promise<string[]> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(distDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('data/') && !file.endsWith(EMBED_PAGE_SUFFIX))
    .map((file) => `/${file.replace(/(^|\/)index\.html$/, '$1')}`)
    .sort();
}

/** Runs `task` over the items with at most `limit` at a time, keeping the order of results. */
async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface AxeViolation {
  id: string;
  impact: string | null;
  targets: string[];
}

/**
 * axe-core's violations, of any impact, on the page as it is now (axe injected by `injectAxe` or here). The goal
 * is no serious or critical one; the site has none at all, and the tests keep it that way.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  });
}

/** What a page of the site is: a dapil page, a party page or another (home, year, reference, not-found), and its language. */
export interface PageKind {
  kind: 'dapil' | 'party' | 'other';
  language: 'id' | 'en';
}

/** The kind and language of a page by its URL path: "/en/2014/party/3/" → an English party page. */
export function pageKind(page: string): PageKind {
  const language = page.startsWith('/en/') ? 'en' : 'id';
  const kind = /^(?:\/en)?\/[0-9]{4}\/(dapil|partai|party)\//.exec(page)?.[1];
  return { kind: kind === undefined ? 'other' : kind === 'dapil' ? 'dapil' : 'party', language };
}

/** The offline notice of a page (class "offline", a note), as both languages begin it. */
export const OFFLINE_NOTICE = /^(DIBANGUN ULANG TANPA MENGHUBUNGI SUMBER|REBUILT OFFLINE): /;

/** A tab of RenderTabs: its page, whether axe is injected in it, and the problems its listeners found on the page it loads now. */
interface RenderTab {
  page: Page;
  withAxe: boolean;
  found: string[];
  /** How many times the tab was taken: which page a request belongs to. */
  visits: number;
}

/**
 * The Chromium tabs checkPagesRender loads pages in, kept between its calls on one browser (a site suite's six
 * groups of pages): each tab is a renderer process of Chromium's, about 80 ms of CPU to start, and the calls of one
 * file started about thirty. Two contexts: axe is injected before any page
 * script on every navigation of the first (cheaper than adding it to each page afterwards), and costs nothing on the
 * pages of the second. One call at a time.
 */
export class RenderTabs {
  readonly #browser: Browser;
  #contexts: Promise<{ axe: BrowserContext; plain: BrowserContext }> | undefined;
  readonly #free = { axe: [] as RenderTab[], plain: [] as RenderTab[] };

  constructor(browser: Browser) {
    this.#browser = browser;
  }

  #openContexts(): Promise<{ axe: BrowserContext; plain: BrowserContext }> {
    this.#contexts ??= (async () => {
      const axe = await this.#browser.newContext({ viewport: DESKTOP_VIEWPORT });
      await axe.addInitScript({ path: AXE_SCRIPT });
      return { axe, plain: await this.#browser.newContext({ viewport: DESKTOP_VIEWPORT }) };
    })();
    return this.#contexts;
  }

  /** A free tab of the kind asked for, opened when none is free; its problems cleared. */
  async take(withAxe: boolean): Promise<RenderTab> {
    const kept = (withAxe ? this.#free.axe : this.#free.plain).pop();
    if (kept !== undefined) {
      kept.found.length = 0;
      kept.visits += 1;
      return kept;
    }
    const contexts = await this.#openContexts();
    const tab: RenderTab = {
      page: await (withAxe ? contexts.axe : contexts.plain).newPage(),
      withAxe,
      found: [],
      visits: 0,
    };
    tab.page.on('console', (message) => {
      if (message.type() === 'error') tab.found.push(`console error: ${message.text()}`);
    });
    tab.page.on('pageerror', (error) => tab.found.push(`page error: ${error.message}`));
    // A request a previous page left in flight (the compare page's index, say) is cancelled when the tab moves on:
    // that is no failure of the page now loaded.
    const issued = new WeakMap<Request, number>();
    tab.page.on('request', (request) => issued.set(request, tab.visits));
    tab.page.on('requestfailed', (request) => {
      if (request.failure()?.errorText === 'net::ERR_ABORTED' && issued.get(request) !== tab.visits) return;
      tab.found.push(`request failed: ${request.url()}`);
    });
    tab.page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/404.html'))
        tab.found.push(`${response.status()} for ${response.url()}`);
    });
    return tab;
  }

  /** Gives a tab back for the next page of its kind. */
  give(tab: RenderTab): void {
    (tab.withAxe ? this.#free.axe : this.#free.plain).push(tab);
  }

  async close(): Promise<void> {
    const contexts = this.#contexts;
    this.#contexts = undefined;
    this.#free.axe.length = 0;
    this.#free.plain.length = 0;
    if (contexts === undefined) return;
    const { axe, plain } = await contexts;
    await axe.close();
    await plain.close();
  }
}

/**
 * Opens every page in Chromium, in a desktop's window of 1280 px: it must answer 200, load every resource, log no
 * error, carry a language, a title and one h1, one meta description of 50 to 160 characters, the Open Graph tags, no
 * relative hreflang alternate, the demo notice exactly when the data is demo data, the offline notice exactly when the
 * manifest says the build was offline, the retrieval time and the citation naming the release, fit every count
 * table in its box (table-scroll-checks.ts, checkDesktopTables) and put each figure's download links right under it
 * (figure-link-checks.ts); and axe must
 * find no violation of any impact on the pages of `axePages` (all when omitted). In the tabs of `tabs`, left open
 * for the next call; in tabs of its own, closed at the end, when none are given.
 */
export async function checkPagesRender(
  browser: Browser,
  site: PublishedSite,
  paths: readonly string[],
  axePages?: ReadonlySet<string>,
  tabs?: RenderTabs,
): Promise<string[]> {
  const pool = tabs ?? new RenderTabs(browser);
  const demoNotice = /DATA CONTOH, BUKAN ANGKA SEBENARNYA|DEMO DATA, NOT REAL FIGURES/;
  try {
    const problems = await mapLimit(paths, 3, async (pagePath) => {
      const runAxe = !axePages || axePages.has(pagePath);
      const tab = await pool.take(runAxe);
      const { page, found } = tab;
      try {
        const response = await page.goto(new URL(pagePath.slice(1), site.server.url).href, { waitUntil: 'load' });
        if (response?.status() !== 200) found.push(`status ${String(response?.status())}`);
        const facts = await page.evaluate(() => ({
          lang: document.documentElement.lang,
          title: document.title,
          h1: document.querySelectorAll('h1').length,
          text: document.body.innerText,
          footer: document.querySelector('footer')?.textContent ?? '',
          offline: [...document.querySelectorAll('.offline')].map((notice) => ({
            text: notice.textContent ?? '',
            role: notice.getAttribute('role'),
          })),
          descriptions: [...document.querySelectorAll('meta[name="description"]')].map(
            (meta) => meta.getAttribute('content') ?? '',
          ),
          openGraph: Object.fromEntries(
            [...document.querySelectorAll('meta[property^="og:"]')]
              .filter((meta) => meta.getAttribute('property') !== 'og:locale:alternate')
              .map((meta) => [meta.getAttribute('property') ?? '', meta.getAttribute('content') ?? '']),
          ),
          alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')]
            .map((link) => link.getAttribute('hreflang') ?? '')
            .sort(),
        }));
        if (facts.lang !== 'id' && facts.lang !== 'en') found.push(`lang "${facts.lang}"`);
        if (facts.title.trim() === '') found.push('no title');
        if (facts.h1 !== 1) found.push(`${facts.h1} h1 elements`);
        if (demoNotice.test(facts.text) !== site.manifest.demo)
          found.push(`demo notice ${site.manifest.demo ? 'missing' : 'shown on real data'}`);
        const offline = site.manifest.build?.offline === true;
        if (facts.offline.length !== (offline ? 1 : 0))
          found.push(`${facts.offline.length} offline notices on a${offline ? 'n offline' : ' normal'} build`);
        for (const notice of facts.offline) {
          if (!OFFLINE_NOTICE.test(notice.text) || notice.role !== 'note')
            found.push(`offline notice "${notice.text}" (role ${String(notice.role)})`);
        }
        // Sharing and finding: one description of a length search engines show whole, the Open Graph tags of a
        // link preview in the page's language, and every language version (itself and x-default included).
        const [description = ''] = facts.descriptions;
        if (facts.descriptions.length !== 1 || description.length < 50 || description.length > 160)
          found.push(`meta description ${JSON.stringify(facts.descriptions)} (one, of 50 to 160 characters)`);
        // What a link preview shows first: a year without turnout records said "– voters … in 0 dapils".
        if (/(?<![0-9.,])0 (?:dapils?|parties|partai)\b/.test(description))
          found.push(`meta description "${description}" counts nothing`);
        const expectedOpenGraph = {
          'og:title': facts.title,
          'og:description': description,
          'og:type': 'website',
          'og:locale': facts.lang === 'id' ? 'id_ID' : 'en_GB',
        };
        for (const [property, content] of Object.entries(expectedOpenGraph))
          if (facts.openGraph[property] !== content)
            found.push(`${property} "${String(facts.openGraph[property])}", not "${content}"`);
        if (!facts.openGraph['og:site_name']) found.push('no og:site_name');
        // Alternates must be absolute, so the shared worlds (built without KPU_SITE_URL) have none:
        // page-tools.browser.test.ts checks them on a site built with it.
        if (facts.alternates.length > 0)
          found.push(`hreflang alternates ${facts.alternates.join()} without KPU_SITE_URL`);
        const release = site.manifest.release?.id ?? site.manifest.harvest.harvestId;
        if (!facts.footer.includes('Komisi Pemilihan Umum') || !facts.footer.includes(release))
          found.push('footer lacks the citation line naming the release');
        // A desktop's window: every count table (a dapil's regencies, the real data's millions under the Indonesian
        // headers) read whole, without scrolling sideways.
        found.push(...(await checkDesktopTables(page)));
        found.push(...(await checkFigureLinks(page)));
        if (runAxe) {
          for (const violation of await axeViolations(page)) {
            found.push(`axe ${violation.impact} ${violation.id}: ${violation.targets.join(' | ')}`);
          }
        }
      } catch (error) {
        found.push(`failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      const result = found.map((problem) => `${pagePath}: ${problem}`);
      pool.give(tab);
      return result;
    });
    return problems.flat();
  } finally {
    if (tabs === undefined) await pool.close();
  }
}

/** The attribute values that name another resource: links, stylesheets, scripts, the search index. */
function extractReferences(html: string): string[] {
  const references: string[] = [];
  for (const match of html.matchAll(/\s(?:href|src|action|data-index)="([^"]*)"/g)) {
    references.push((match[1] ?? '').replaceAll('&amp;', '&'));
  }
  return references;
}

function sha256(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Follows every internal reference of every page over HTTP: each must answer 200, and a #fragment must name
 * an element of the target page. Then fetches every manifest file and the companion files: each must exist
 * with the manifest's size and SHA-256, and the downloads pages must link every manifest file.
 */
export async function checkLinksAndDownloads(site: PublishedSite, paths: readonly string[]): Promise<string[]> {
  const origin = new URL(site.server.url).origin;
  const pages = new Map<string, string>();
  const problems: string[] = [];
  const fetchText = async (url: string): Promise<{ status: number; text: string }> => {
    if (pages.has(url)) return { status: 200, text: pages.get(url) as string };
    const response = await fetch(url);
    const text = await response.text();
    if (response.ok) pages.set(url, text);
    return { status: response.status, text };
  };
  const references = new Map<string, string>();
  for (const pagePath of paths) {
    const pageUrl = new URL(pagePath.slice(1), site.server.url).href;
    const { status, text } = await fetchText(pageUrl);
    if (status !== 200) problems.push(`${pagePath}: status ${status}`);
    for (const reference of extractReferences(text)) {
      const url = new URL(reference, pageUrl);
      if (url.origin !== origin) continue;
      if (!references.has(url.href)) references.set(url.href, pagePath);
    }
  }
  await mapLimit([...references.entries()], 8, async ([href, from]) => {
    const url = new URL(href);
    const fragment = decodeURIComponent(url.hash.slice(1));
    url.hash = '';
    const isPage = url.pathname.endsWith('/') || url.pathname.endsWith('.html');
    const response = isPage
      ? await fetchText(url.href)
      : await fetch(url.href, { method: 'HEAD' }).then((answer) => ({ status: answer.status, text: '' }));
    if (response.status !== 200) problems.push(`${from}: ${href} answers ${response.status}`);
    else if (fragment !== '' && !response.text.includes(`id="${fragment}"`))
      problems.push(`${from}: ${href} has no element with id "${fragment}"`);
  });

  for (const file of site.manifest.files) {
    const response = await fetch(new URL(`data/${file.path}`, site.server.url));
    const content = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) problems.push(`download ${file.path}: status ${response.status}`);
    else if (content.length !== file.bytes || sha256(content) !== file.sha256)
      problems.push(`download ${file.path}: size or SHA-256 differs from the manifest`);
  }
  for (const companion of ['manifest.json', 'datapackage.json', 'SHA256SUMS']) {
    const response = await fetch(new URL(`data/${companion}`, site.server.url));
    if (response.status !== 200) problems.push(`download ${companion}: status ${response.status}`);
  }
  for (const downloads of ['unduh/', 'en/downloads/']) {
    const pageUrl = new URL(downloads, site.server.url).href;
    const { text } = await fetchText(pageUrl);
    const linked = new Set(extractReferences(text).map((reference) => new URL(reference, pageUrl).href));
    for (const file of site.manifest.files) {
      if (!linked.has(new URL(`data/${file.path}`, site.server.url).href))
        problems.push(`/${downloads} does not link ${file.path}`);
    }
  }
  return problems;
}

export interface PageWeight {
  page: string;
  /** gzip bytes of the HTML and of every stylesheet, script and index it loads. */
  bytes: number;
}

/** What each page transfers, gzip-compressed: the HTML plus the local stylesheets, scripts and search index it references. */
export async function measurePageWeights(distDir: string, paths: readonly string[]): Promise<PageWeight[]> {
  const gzipSize = async (file: string): Promise<number> => gzipSync(await readFile(file)).length;
  const cache = new Map<string, number>();
  return Promise.all(
    paths.map(async (pagePath) => {
      const file = path.join(distDir, pagePath.endsWith('/') ? `${pagePath}index.html` : pagePath);
      const html = await readFile(file, 'utf8');
      let bytes = gzipSync(html).length;
      const assets = new Set(
        [
          ...html.matchAll(
            /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"|<script[^>]*src="([^"]+)"|data-index="([^"]+)"/g,
          ),
        ].map((match) => (match[1] ?? match[2] ?? match[3]) as string),
      );
      for (const asset of assets) {
        const assetFile = path.join(distDir, asset);
        if (!cache.has(assetFile)) cache.set(assetFile, await gzipSize(assetFile));
        bytes += cache.get(assetFile) as number;
      }
      return { page: pagePath, bytes };
    }),
  );
}

/**
 * English words that betray an untranslated text on an Indonesian page: none is an Indonesian word. Words that
 * Indonesian shares with English (data, format, total, demo, link, unit, valid) are not listed, nor "string",
 * which the dataset declarations' Indonesian rule descriptions use as the JSON term.
 */
const ENGLISH_WORDS: ReadonlySet<string> = new Set([
  'the',
  'of',
  'and',
  'with',
  'from',
  'by',
  'is',
  'are',
  'was',
  'were',
  'not',
  'this',
  'that',
  'for',
  'to',
  'in',
  'on',
  'at',
  'or',
  'an',
  'has',
  'have',
  'its',
  'which',
  'each',
  'every',
  'all',
  'yes',
  'none',
  'since',
  'first',
  'new',
  'old',
  'added',
  'removed',
  'changed',
  'unquoted',
  'quoted',
  'digits',
  'persons',
  'percent',
  'year',
  'years',
  'days',
  'separated',
  'items',
  'array',
  'strings',
  'number',
  'integer',
  'decimal',
  'text',
  'list',
  'record',
  'records',
  'page',
  'pages',
  'voters',
  'male',
  'female',
  'sex',
  'party',
  'parties',
  'election',
  'turnout',
  'ballot',
  'file',
  'files',
  'size',
  'download',
  'downloads',
  'search',
  'results',
  'release',
  'changes',
  'type',
  'column',
  'columns',
  'rule',
  'rules',
  'meaning',
  'derived',
  'retrieved',
  'retrieval',
  'cite',
  'licence',
  'license',
  'home',
  'about',
  'quality',
  'dictionary',
  'source',
  'upstream',
  'stand-in',
  'empty',
  'available',
  'unavailable',
  'flagged',
  'note',
  'notes',
  'offline',
  'rebuilt',
]);

/**
 * Reads every Indonesian page as a visitor without JavaScript gets it (what the page itself says) for English words
 * in its own text: the title, the visible text and the accessible names. Left out are identifiers (`code`), anything
 * marked as another language (the link to the English page, the 404 page's English half, the harvest's warnings) and
 * the source's own values on party pages (addresses such as "The City Tower"). A word counts alone: file names,
 * addresses of the web and column names (kpu-dpr-turnout-by-sex-2014.csv, quality_flags) are one word each.
 * It catches what was once left in English: the dictionary's types, units and formats, the demo upstream's name.
 *
 * Each page is fetched from the site's server and parsed by Chromium's own HTML parser (`DOMParser`), all in one tab:
 * a parsed document runs no script and parses `<noscript>` as markup, as a browser with JavaScript off does, so its
 * text is the page's text without JavaScript, without a navigation per page (about a tenth of a CPU-second each).
 */
export async function checkIndonesianWording(
  browser: Browser,
  site: PublishedSite,
  paths: readonly string[],
): Promise<string[]> {
  const indonesian = paths.filter((pagePath) => !pagePath.startsWith('/en/'));
  const urls = indonesian.map((pagePath) => new URL(pagePath.slice(1), site.server.url).href);
  const page = await browser.newPage();
  try {
    // A page of the site, so the fetches below are of its own origin.
    await page.goto(site.server.url);
    const texts = await page.evaluate(async (pageUrls) => {
      const read = async (url: string): Promise<{ status: number; text: string }> => {
        const response = await fetch(url);
        const document = new DOMParser().parseFromString(await response.text(), 'text/html');
        const body = document.body;
        for (const element of body.querySelectorAll(
          'code, pre, script, style, [lang]:not([lang="id"]), dd[data-column]',
        ))
          element.remove();
        const parts = [document.title];
        const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) parts.push(walker.currentNode.nodeValue ?? '');
        for (const element of body.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
          for (const name of ['aria-label', 'title', 'alt', 'placeholder'])
            parts.push(element.getAttribute(name) ?? '');
        }
        return { status: response.status, text: parts.join('\n') };
      };
      const results = [];
      for (const url of pageUrls) results.push(await read(url));
      return results;
    }, urls);
    return texts.flatMap(({ status, text }, index) => {
      const pagePath = indonesian[index] ?? '';
      if (status !== 200) return [`${pagePath}: status ${status}`];
      const found = new Map<string, string>();
      for (const token of text.matchAll(/[^\s,;:()[\]{}"“”!?*·—–]+/g)) {
        const word = token[0].replace(/^['’.]+|['’.]+$/g, '');
        // A word in capitals is a name or an identifier (LIST in Parquet's "LIST berisi UTF8", OR in the
        // licence "MIT OR Apache-2.0", DPT), not a sentence.
        if (word.length > 1 && word === word.toUpperCase()) continue;
        const key = word.toLowerCase();
        if (ENGLISH_WORDS.has(key) && !found.has(key))
          found.set(
            key,
            text.slice(Math.max(0, token.index - 40), token.index + token[0].length + 40).replace(/\s+/g, ' '),
          );
      }
      return [...found].map(([word, context]) => `${pagePath}: English "${word}" in "${context}"`);
    });
  } finally {
    await page.close();
  }
}
