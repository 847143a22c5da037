// Nothing on a page moves once it is painted: one page of every kind in both languages (every-page-kind.ts), at
// the screen sizes Lighthouse emulates for a phone (412 × 823) and a desktop (1350 × 940), with the optional scripts
// running. What they show late (a table's filter and sort buttons, the sentence saying tables sort, the compare
// page's table, the search results) keeps its room from the first paint: the page's layout shifts, as Chromium's
// Layout Instability API records them from its first paint until the page's scripts are done, sum to 0. The scripts
// draw late only what a fetch brings (compare.js, site.js's search), so a page is done once it has loaded, no fetch
// and no body read of one is pending, and two frames have been drawn since.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedPages, PAGES, type AuditedPage } from './every-page-kind.ts';
import { LANGS, pagePath } from '../../scripts/site/site-routes.ts';
import { buildDemoSite, openSiteInChromium, type PublishedSite } from './site-fixtures.ts';

const SCREENS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1350, height: 940 },
] as const;

/** The compare page's choices besides PAGES' dapils: two provinces (their chart across years), years, one alone. */
const COMPARE_QUERIES = [
  '?a=2019-p11&b=2024-p11',
  '?a=2019-p11&b=2024-p32',
  '?a=2019&b=2024',
  '?a=2024',
  '?b=2024-p11',
];

interface Measured {
  value: number;
  sources: string[];
}

/** What the init script leaves on each page: its shifts, and a promise of the page's scripts being done. */
interface Recorder {
  shifts: Measured;
  done: () => Promise<void>;
}

describe('layout shifts of every page kind', () => {
  let site: PublishedSite | undefined;
  let browser: Browser | undefined;
  let pages: AuditedPage[] = [];
  const shifts = new Map<string, Measured>();

  beforeAll(async () => {
    ({ site, browser } = await openSiteInChromium(buildDemoSite));
    pages = await auditedPages(site.distDir);
    for (const lang of LANGS)
      for (const query of COMPARE_QUERIES)
        pages.push({
          kind: 'compare',
          path: `${pagePath(lang, PAGES.compare.page)}${query}`,
          language: lang,
          noindex: false,
        });
    for (const screen of SCREENS) {
      const context = await browser.newContext({ viewport: { width: screen.width, height: screen.height } });
      // Recorded from each page’s start, before its own scripts: every shift until its scripts are done.
      await context.addInitScript(() => {
        interface Shift extends PerformanceEntry {
          value: number;
          hadRecentInput: boolean;
          sources: { node: Node | null }[];
        }
        const found: Measured = { value: 0, sources: [] };
        // Every fetch and every read of a response's body, counted until it settles.
        let pending = 0;
        const counted = <T>(promise: Promise<T>): Promise<T> => {
          pending += 1;
          return promise.finally(() => {
            pending -= 1;
          });
        };
        const fetch = window.fetch.bind(window);
        window.fetch = (...args) => counted(fetch(...args));
        for (const read of ['json', 'text'] as const) {
          const original = Response.prototype[read] as () => Promise<unknown>;
          Object.defineProperty(Response.prototype, read, {
            value(this: Response) {
              return counted(original.call(this));
            },
          });
        }
        const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
        const record = (entries: PerformanceEntryList) => {
          for (const shift of entries as Shift[]) {
            if (shift.hadRecentInput) continue;
            found.value += shift.value;
            for (const source of shift.sources)
              found.sources.push(
                source.node instanceof Element
                  ? `${source.node.tagName.toLowerCase()}${source.node.id ? `#${source.node.id}` : ''}`
                  : String(source.node?.nodeName),
              );
          }
        };
        const observer = new PerformanceObserver((list) => record(list.getEntries()));
        observer.observe({ type: 'layout-shift', buffered: true });
        // A task after two frames: what the last settled promise's callbacks drew is laid out and painted; then the
        // shifts recorded but not yet handed to the observer's callback.
        const done = async (): Promise<void> => {
          do {
            await frame();
            await frame();
            await new Promise((resolve) => setTimeout(resolve, 0));
          } while (pending > 0 || document.readyState !== 'complete');
          record(observer.takeRecords());
        };
        (window as unknown as { recorder: Recorder }).recorder = { shifts: found, done };
      });
      try {
        // One tab per screen: each navigation is a new document, which the init script above observes from its start.
        const page = await context.newPage();
        for (const entry of pages) {
          await page.goto(new URL(entry.path.slice(1), site.server.url).href);
          const measured = await page.evaluate(async () => {
            const { recorder } = window as unknown as { recorder: Recorder };
            await recorder.done();
            return recorder.shifts;
          });
          shifts.set(`${screen.name} ${entry.path}`, measured);
        }
      } finally {
        await context.close();
      }
    }
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  it('measured every page kind in both languages on both screens', () => {
    expect(pages.length).toBeGreaterThan(20);
    expect(shifts.size).toBe(pages.length * SCREENS.length);
  });

  it('moves nothing once painted', () => {
    expect(Object.fromEntries([...shifts].filter(([, shift]) => shift.value > 0))).toEqual({});
  });
});
