// The landing page of a release, as the real build publishes it at the permanent URL the citations give
// (data/releases/<release>/) and at data/ for the current release, for the demo data and, when ../shared/data is
// there, the real data: served and read in Chromium, it cites the release, says what changed, lists every file of the
// manifest with its size and SHA-256, every link on it resolves, and axe finds nothing.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { citationOf, renderCitationText } from '../../scripts/release/citation-files.ts';
import { noticeSharedData } from '../support/shared-data.ts';
import { axeViolations } from './site-checks.ts';
import { A4_CONTENT_PX } from './theme-checks.ts';
import { buildDemoSite, buildRealSite, launchChromium, type PublishedSite } from './site-fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A count as the page writes it: thousands separated by a narrow no-break space. */
const grouped = (value: number): string => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');

async function checkReleasePage(site: PublishedSite, changesSentence: string): Promise<void> {
  const release = site.manifest.release;
  if (!release) throw new Error('the build named no release');
  // The current release's page at data/ is the same page, byte for byte.
  const own = await readFile(path.join(site.distDir, 'data', release.path, 'index.html'), 'utf8');
  expect(await readFile(path.join(site.distDir, 'data', 'index.html'), 'utf8')).toBe(own);

  const page = await browser.newPage();
  try {
    const url = new URL(`data/${release.path}`, site.server.url).href;
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(await page.title()).toContain(`release ${release.id}`);
    expect(text).toContain(renderCitationText(citationOf(site.manifest)));
    expect(text).toContain(changesSentence);

    // Every file of the manifest, in its order, with its records, bytes and SHA-256.
    const rows = await page
      .locator('#files-caption ~ tbody tr, table:has(#files-caption) tbody tr')
      .evaluateAll((elements) =>
        elements.map((row) => ({
          href: row.querySelector('a')?.getAttribute('href') ?? '',
          cells: [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
        })),
      );
    expect(rows.map((row) => row.href)).toEqual(site.manifest.files.map((file) => file.path));
    for (const [index, file] of site.manifest.files.entries()) {
      expect(rows[index]?.cells.slice(1), file.path).toEqual([
        file.records === null ? '' : grouped(file.records),
        grouped(file.bytes),
        file.sha256,
      ]);
    }

    // Every link resolves from the release's folder (the files, the descriptors, the citations, changes.json).
    const hrefs = await page.locator('a').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThan(site.manifest.files.length);
    for (const href of new Set(hrefs)) {
      const answer = await fetch(href);
      await answer.arrayBuffer();
      expect(answer.status, href).toBe(200);
    }

    expect(await axeViolations(page)).toEqual([]);

    // The retrieval time reads as one piece ("2026-11-30 06:22 WIB (23:22 UTC)"), never its date on one line and its
    // hour on the next, on a desktop and on a phone.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await page.locator('main time').evaluate((time) => time.getClientRects().length), `${width} px`).toBe(1);
    }

    await page.setViewportSize({ width: 390, height: 844 });
    // The heading's release id breaks, if it must, only after its date: never inside the date or inside the rest
    // ("2026-" and "11-30-c0c6c7fc" on two lines), and the page never scrolls sideways.
    const idLines = await page.locator('h1').evaluate((heading, id) => {
      const start = (heading.textContent ?? '').lastIndexOf(id);
      const tops: number[] = [];
      let seen = 0;
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent?.length ?? 0;
        for (let index = Math.max(start - seen, 0); index < length && seen + index < start + id.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          tops.push(Math.round(range.getBoundingClientRect().top));
        }
        seen += length;
      }
      // The id's characters, cut where the line changes.
      const lines: string[] = [];
      tops.forEach((top, index) => {
        if (index === 0 || top !== tops[index - 1]) lines.push('');
        lines[lines.length - 1] += id[index] ?? '';
      });
      return { lines, sideways: document.documentElement.scrollWidth > window.innerWidth };
    }, release.id);
    expect(idLines.lines.join('')).toBe(release.id);
    expect(
      idLines.lines.length === 1 || /^\d{4}-\d{2}-\d{2}-$/.test(idLines.lines[0] ?? ''),
      idLines.lines.join(' | '),
    ).toBe(true);
    expect(idLines.lines.length).toBeLessThanOrEqual(2);
    expect(idLines.sideways).toBe(false);
    // Each file read down the screen: its records, bytes and SHA-256 on it, not in columns off it to the right.
    const files = await page.locator('table:has(#files-caption)').evaluate((table) => ({
      box: table.parentElement?.clientWidth ?? 0,
      width: table.parentElement?.scrollWidth ?? 0,
      right: Math.max(...[...table.querySelectorAll('tbody td')].map((cell) => cell.getBoundingClientRect().right)),
      screen: document.documentElement.clientWidth,
    }));
    expect(files.width, 'the files table scrolls sideways').toBeLessThanOrEqual(files.box);
    expect(files.right, 'a file cell ends past the screen').toBeLessThanOrEqual(files.screen);
    // On paper the files are a table as wide as an A4 page: a column header takes one line per language at most, the
    // slash kept with the first (on a screen below 64rem the headers are the cells' labels; above, they have room).
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: A4_CONTENT_PX, height: 844 });
    const headers = await page.locator('thead th').evaluateAll((cells) =>
      cells.map((cell) => {
        const lines = new Map<number, string[]>();
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const top = Math.round(range.getBoundingClientRect().top);
            lines.set(top, [...(lines.get(top) ?? []), word[0]]);
          }
        }
        return [...lines.values()].map((words) => words.join(' '));
      }),
    );
    expect(headers.length).toBeGreaterThanOrEqual(5);
    expect(headers.filter((lines) => lines.length > 2 || lines.includes('/'))).toEqual([]);
  } finally {
    await page.close();
  }
}

describe('the landing page of a release', () => {
  it('the demo build: the first release, every file, the citation, links and axe', async () => {
    const site = await buildDemoSite();
    try {
      await checkReleasePage(site, 'The first release: there is nothing to compare with.');
      const own = await readFile(
        path.join(site.distDir, 'data', site.manifest.release?.path ?? '', 'index.html'),
        'utf8',
      );
      expect(own).toContain('Made-up demo data, not real figures.');
    } finally {
      await site.close();
    }
  });

  it.runIf(noticeSharedData('the real data release page'))(
    'the real build: the first release, every file, the citation, links and axe',
    async () => {
      const site = await buildRealSite();
      try {
        await checkReleasePage(site, 'The first release: there is nothing to compare with.');
        const own = await readFile(
          path.join(site.distDir, 'data', site.manifest.release?.path ?? '', 'index.html'),
          'utf8',
        );
        expect(own).not.toContain('demo data');
      } finally {
        await site.close();
      }
    },
  );
});
