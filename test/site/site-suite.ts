// The end-to-end tests every published site gets, whatever data it was built from: registered by the demo
// and the real-data test files with their own build.
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkIndonesianWording,
  checkLinksAndDownloads,
  checkPagesRender,
  RenderTabs,
  listPagePaths,
  measurePageWeights,
  PAGE_BUDGET_BYTES,
  pageKind,
  type PageKind,
} from './site-checks.ts';
import { checkPartyFigures, checkTurnoutFigures } from './site-figures.ts';
import {
  KEEP_SCREENSHOTS,
  openSiteInChromium,
  saveFullPageScreenshot,
  SCREENSHOT_DIR,
  type PublishedSite,
} from './site-fixtures.ts';
import {
  checkDictionaryPages,
  checkDownloadsPages,
  checkAboutSources,
  checkHomeSource,
  checkQualityPages,
} from './site-reference-pages.ts';
import { checkSearch, pickSearchCases, type SearchCase } from './search-checks.ts';

export interface SiteSuiteContext {
  site(): PublishedSite;
  browser(): Browser;
  paths(): string[];
}

export interface SiteSuiteOptions {
  /** Pages to screenshot into test-results/site/ with KPU_TEST_SCREENSHOTS=1 (none: no such test). */
  screenshots: readonly string[];
  /**
   * The pages axe runs on: every page whose template is its own (home, downloads, search, …), and of the pages of a
   * shared template (dapil, party, year and codebook pages: one template each, per language) a spread and the
   * largest, and every page with a flagged record (selectAxePages, sized by `axeSample`). The other pages of a shared
   * template are the same markup with other data: they are rendered and checked like every page, without axe.
   */
  axeSample: AxeSample;
}

/**
 * The template a page shares with others, by language ("en codebook"), or null when its template is its own (home,
 * downloads, …): dapil, party and year pages and the datasets' codebooks are each one template with other data.
 */
function sharedTemplate(page: string): string | null {
  const { kind, language } = pageKind(page);
  if (kind !== 'other') return `${language} ${kind}`;
  const shared = /^(?:\/en)?\/[0-9]{4}\/$/.test(page)
    ? 'year'
    : /^\/(?:kamus-data|en\/data-dictionary)\/[^/]+\/$/.test(page)
      ? 'codebook'
      : null;
  return shared && `${language} ${shared}`;
}

/** How many pages of each shared template and language axe checks when not all of them. */
interface AxeSample {
  /** Pages spread evenly over the list (8 unless told). */
  perKind?: number;
  /** The largest pages: the most rows and fields (3 unless told). */
  largest?: number;
}

/**
 * The pages axe checks when not all of them: every page whose template is its own, and per shared template
 * (sharedTemplate) a spread of the list, the largest pages (the most rows and fields) and every flagged one.
 */
async function selectAxePages(
  distDir: string,
  paths: readonly string[],
  { perKind = 8, largest = 3 }: AxeSample = {},
): Promise<Set<string>> {
  const selected = new Set<string>();
  const groups = new Map<string, Array<{ page: string; bytes: number }>>();
  for (const page of paths) {
    const key = sharedTemplate(page);
    if (key === null) {
      selected.add(page);
      continue;
    }
    const html = await readFile(path.join(distDir, page, 'index.html'), 'utf8');
    if (html.includes('class="flag"')) selected.add(page);
    groups.set(key, [...(groups.get(key) ?? []), { page, bytes: html.length }]);
  }
  for (const group of groups.values()) {
    const step = Math.max(1, Math.floor(group.length / perKind));
    group.forEach((entry, index) => {
      if (index % step === 0) selected.add(entry.page);
    });
    for (const entry of [...group].sort((a, b) => b.bytes - a.bytes).slice(0, largest)) selected.add(entry.page);
  }
  return selected;
}

/** The groups of pages whose rendering and axe are a test each: between them, every page of the site. */
const PAGE_GROUPS: ReadonlyArray<PageKind & { name: string }> = [
  { kind: 'other', language: 'id', name: 'Indonesian pages other than dapil and party pages' },
  { kind: 'other', language: 'en', name: 'English pages other than dapil and party pages' },
  { kind: 'dapil', language: 'id', name: 'Indonesian dapil pages' },
  { kind: 'dapil', language: 'en', name: 'English dapil pages' },
  { kind: 'party', language: 'id', name: 'Indonesian party pages' },
  { kind: 'party', language: 'en', name: 'English party pages' },
];

/** Registers the shared tests inside the caller's describe; returns accessors for extra tests. */
export function defineSiteSuite(
  label: string,
  build: () => Promise<PublishedSite>,
  options: SiteSuiteOptions,
): SiteSuiteContext {
  let site: PublishedSite | undefined;
  let browser: Browser | undefined;
  let tabs: RenderTabs | undefined;
  let paths: string[] = [];

  beforeAll(async () => {
    ({ site, browser } = await openSiteInChromium(build));
    // The render checks of every group of pages share their tabs (site-checks.ts, RenderTabs).
    tabs = new RenderTabs(browser);
    paths = await listPagePaths(site.distDir);
  });
  afterAll(async () => {
    await tabs?.close();
    await browser?.close();
    await site?.close();
  });
  const current = (): PublishedSite => {
    if (!site) throw new Error('the site was not built');
    return site;
  };
  const chromium = (): Browser => {
    if (!browser) throw new Error('Chromium did not start');
    return browser;
  };

  describe(`the ${label} site`, () => {
    it('has a page for every year, dapil and party in both languages', () => {
      const { manifest } = current();
      for (const year of manifest.years) {
        expect(paths).toContain(`/${year}/`);
        expect(paths).toContain(`/en/${year}/`);
      }
      for (const page of [
        '/',
        '/en/',
        '/unduh/',
        '/en/downloads/',
        '/kamus-data/',
        '/en/data-dictionary/',
        '/kualitas-data/',
        '/en/data-quality/',
        '/tentang/',
        '/en/about/',
        '/cari/',
        '/en/search/',
        '/perubahan/',
        '/en/changes/',
      ]) {
        expect(paths).toContain(page);
      }
      // A not-found page in each language: /404.html (what static hosts serve) and /en/404.html.
      expect(paths).toEqual(expect.arrayContaining(['/404.html', '/en/404.html']));
      const notFound = new Set(['/404.html', '/en/404.html']);
      const indonesian = paths.filter((page) => !page.startsWith('/en/') && !notFound.has(page));
      const english = paths.filter((page) => page.startsWith('/en/') && !notFound.has(page));
      expect(english).toHaveLength(indonesian.length);
      console.info(`${label} site: ${paths.length} pages, built in ${current().buildMs} ms (the whole build command)`);
    });

    // One test per kind of page and language, so that each has the whole timeout (a hang guard on a loaded machine)
    // and a failure names the pages it is about. The groups are every page between them: "other" is what the rest
    // leave.
    let axeSelection: Promise<Set<string>> | undefined;
    const axePagesOf = (): Promise<Set<string>> =>
      (axeSelection ??= selectAxePages(current().distDir, paths, options.axeSample));
    for (const group of PAGE_GROUPS) {
      it(`renders the ${group.name} in Chromium, with no axe violation of any impact on a sample of them`, async () => {
        const pages = paths.filter((page) => {
          const { kind, language } = pageKind(page);
          return kind === group.kind && language === group.language;
        });
        expect(pages.length).toBeGreaterThan(0);
        const axePages = await axePagesOf();
        const problems = await checkPagesRender(chromium(), current(), pages, axePages, tabs);
        const checked = pages.filter((page) => axePages.has(page)).length;
        console.info(`${label} site: axe ran on ${checked} of ${pages.length} ${group.name}`);
        // Every kind of page in each language has at least one page under axe.
        expect(checked).toBeGreaterThan(0);
        expect(problems).toEqual([]);
      }, 170_000);
    }

    it('shows on dapil, year and home pages the figures of the downloads', async () => {
      const { problems, pagesChecked } = await checkTurnoutFigures(chromium(), current());
      expect(problems).toEqual([]);
      if (current().manifest.datasets.some((dataset) => dataset.id === 'turnout' && dataset.records > 0))
        expect(pagesChecked).toBeGreaterThan(4);
    });

    it('shows on party pages every profile field of the downloads', async () => {
      const { problems, pagesChecked } = await checkPartyFigures(chromium(), current());
      expect(problems).toEqual([]);
      expect(pagesChecked).toBeGreaterThan(4);
    });

    it('resolves every internal link, and serves every download with the SHA-256 of the manifest', async () => {
      const problems = await checkLinksAndDownloads(current(), paths);
      expect(problems).toEqual([]);
    });

    it('says everything of its own in Indonesian on the Indonesian pages: no English word left', async () => {
      expect(await checkIndonesianWording(chromium(), current(), paths)).toEqual([]);
    });

    it('lists in the data dictionary every column of the downloads and every quality rule, typed and measured in the page’s language', async () => {
      expect(await checkDictionaryPages(chromium(), current())).toEqual([]);
    });

    it('shows on the quality report page the figures of quality-report.json, per dataset and election year', async () => {
      expect(await checkQualityPages(chromium(), current())).toEqual([]);
    });

    it('gives on the downloads page the size, record count and SHA-256 of manifest.json for every file', async () => {
      expect(await checkDownloadsPages(chromium(), current())).toEqual([]);
    });

    it('names on the home page the source, the Komisi Pemilihan Umum, and when the data was retrieved', async () => {
      expect(await checkHomeSource(chromium(), current())).toEqual([]);
    });

    it('lists on the about page the API’s queries, apart from them the tables the project makes from public law, and how the harvest knew each query’s end', async () => {
      expect(await checkAboutSources(chromium(), current())).toEqual([]);
    });

    it('finds a dapil by its name and a party by its name and by its acronym with the search script', async () => {
      const { dapil, party, acronym } = await pickSearchCases(current());
      const cases = [dapil, party, acronym].filter((searchCase): searchCase is SearchCase => searchCase !== null);
      // Every build's data has a dapil and a party whose names no other name contains.
      expect(cases.map((searchCase) => searchCase.query)).toHaveLength(3);
      expect(await checkSearch(chromium(), current(), cases)).toEqual([]);
    });

    it(`keeps every page under ${PAGE_BUDGET_BYTES / 1024} KB gzip, stylesheet and scripts included`, async () => {
      const weights = await measurePageWeights(current().distDir, paths);
      const heaviest = weights.reduce((max, weight) => (weight.bytes > max.bytes ? weight : max));
      console.info(`${label} site: heaviest page ${heaviest.page}, ${heaviest.bytes} bytes gzip`);
      expect(weights.filter((weight) => weight.bytes > PAGE_BUDGET_BYTES)).toEqual([]);
    });

    // For a person to look at, as every browser file's (KPU_TEST_SCREENSHOTS): no check needs them.
    it.runIf(KEEP_SCREENSHOTS && options.screenshots.length > 0)(
      'keeps screenshots of a few pages: a PNG of each, the page’s full width and at least a screen tall',
      async () => {
        await mkdir(SCREENSHOT_DIR, { recursive: true });
        const page = await chromium().newPage({ viewport: { width: 1100, height: 900 } });
        const files: string[] = [];
        try {
          for (const pagePath of options.screenshots) {
            const response = await page.goto(new URL(pagePath.slice(1), current().server.url).href);
            expect(response?.status(), pagePath).toBe(200);
            const file = path.join(
              SCREENSHOT_DIR,
              `${label}${pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}.png`,
            );
            await rm(file, { force: true });
            await saveFullPageScreenshot(page, file);
            files.push(file);
          }
        } finally {
          await page.close();
        }
        expect(files).toHaveLength(options.screenshots.length);
        for (const file of files) {
          // A PNG's IHDR chunk gives its size: width at byte 16, height at byte 20.
          const png = await readFile(file);
          expect(png.subarray(0, 8).toString('hex'), file).toBe('89504e470d0a1a0a');
          expect(png.readUInt32BE(16), file).toBe(1100);
          expect(png.readUInt32BE(20), file).toBeGreaterThanOrEqual(900);
          expect(png.length, file).toBeGreaterThan(20_000);
        }
      },
    );
  });

  return { site: current, browser: chromium, paths: () => paths };
}
