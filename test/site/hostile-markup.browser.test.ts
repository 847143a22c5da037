// Markup in the upstream's values stays text: a build whose dapil, regency, province, party and chair names are
// HTML and SVG that would run a script (and a party link `javascript:`), published with the site's address so that
// the social cards draw those names too, opened page by page in Chromium, both languages, and searched. No script
// runs (no dialog opens), no element the values spell is created, every name shows as the very text the upstream
// sent, and the link is not made a link.
import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import { startStaticServer, type RunningStaticServer } from '../../scripts/site/static-server.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { createBuildWorld, type BuildWorld } from '../support/build-fixtures.ts';
import { listPagePaths } from './site-checks.ts';
import { launchChromium } from './site-fixtures.ts';

/** Each value calls alert() with its field's name if it ever becomes markup. */
const MARKUP = {
  dapil: `DAPIL "><script>alert('dapil')</script>`,
  regency: `KAB <img src=x onerror="alert('regency')">`,
  province: `PROV </title><svg onload="alert('province')">`,
  party: `PARTAI <img src=x onerror="alert('party')"> </textarea><script>alert('party')</script>`,
  chair: `KETUA '><iframe srcdoc="<script>parent.alert('chair')</script>">`,
};
const LINK = "javascript:alert('link')";

const turnout = generateTurnoutRecords({ years: [2024], dapils: 2, regenciesPerDapil: 2, seed: 29 }) as RawRecord[];
const parties = generatePartyRecords({ years: [2024], parties: 3, seed: 29 }) as RawRecord[];
const [first, second] = turnout as [RawRecord, RawRecord];
for (const record of turnout) if (record.IdDapil === first.IdDapil) record.NamaDapil = MARKUP.dapil;
second.NamaKabupaten = MARKUP.regency;
first.NamaProvinsi = MARKUP.province;
const [party] = parties as [RawRecord];
party.NamaPartai = MARKUP.party;
party.KetuaUmum = MARKUP.chair;
party.Link = LINK;

/** Elements and attributes only the values' markup would make. */
const INJECTED = 'script:not([src]):not([type]), img[src="x"], svg[onload], iframe, [onerror], a[href^="javascript:"]';

let world: BuildWorld;
let deployed: Server;
let server: RunningStaticServer;
let browser: Browser;
let pages: string[];
const dialogs: string[] = [];

beforeAll(async () => {
  // The deployed site the build asks for its release history: none yet (404), so a first release.
  deployed = createServer((_request, response) => response.writeHead(404).end()).listen(0, '127.0.0.1');
  await new Promise((resolve) => deployed.once('listening', resolve));
  const { port } = deployed.address() as { port: number };
  world = await createBuildWorld({ turnout, parties });
  const run = await world.build([], { KPU_SITE_URL: `http://127.0.0.1:${port}/kpu/` });
  expect(run.code, run.stderr).toBe(0);
  server = await startStaticServer({ root: world.distDir, base: '/kpu/' });
  browser = await launchChromium();
  pages = await listPagePaths(world.distDir);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  deployed?.close();
  await world?.close();
});

/** A tab in which every dialog a page opens is recorded (and dismissed). */
async function watchedPage(): Promise<Page> {
  const page = await browser.newPage();
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.message()} on ${page.url()}`);
    void dialog.dismiss();
  });
  return page;
}

/** The page's elements that only markup in the values would make, described. */
const injected = (page: Page): Promise<string[]> =>
  page.$$eval(INJECTED, (elements) =>
    elements
      // The site's own inline scripts carry no alert().
      .filter((element) => element.tagName !== 'SCRIPT' || (element.textContent ?? '').includes('alert('))
      .map((element) => element.outerHTML.slice(0, 120)),
  );

describe('markup in the upstream’s values', () => {
  it('runs nothing and makes no element on any page, in either language, with the names shown as sent', async () => {
    const page = await watchedPage();
    const problems: string[] = [];
    const shown = new Set<string>();
    try {
      for (const pagePath of pages) {
        await page.goto(new URL(pagePath.slice(1), server.url).href, { waitUntil: 'load' });
        for (const found of await injected(page)) problems.push(`${pagePath}: ${found}`);
        const text = await page.evaluate(() => document.body.innerText);
        for (const value of Object.values(MARKUP)) if (text.includes(value)) shown.add(value);
      }
    } finally {
      await page.close();
    }
    expect(problems).toEqual([]);
    expect(dialogs).toEqual([]);
    // Every value is on some page as the very text the upstream sent (the province's on its dapils' pages).
    expect([...shown].sort()).toEqual(Object.values(MARKUP).sort());
    expect(pages.length).toBeGreaterThan(20);
  });

  it('runs nothing from the search results either, which show the names as text', async () => {
    const page = await watchedPage();
    try {
      for (const [search, query] of [
        ['cari/', 'PARTAI'],
        ['en/search/', 'KAB'],
        ['en/search/', 'DAPIL'],
      ] as const) {
        await page.goto(new URL(search, server.url).href);
        await page.locator('#q').fill(query);
        await page.locator('#results li').first().waitFor();
        expect(await injected(page), `${search} ${query}`).toEqual([]);
        const names = await page.locator('#results li strong').allInnerTexts();
        expect(
          names.some((name) => Object.values(MARKUP).some((value) => name.includes(value))),
          query,
        ).toBe(true);
      }
    } finally {
      await page.close();
    }
    expect(dialogs).toEqual([]);
  });

  it('draws the social cards of the pages naming them', () => {
    // The party's and the dapil's pages in each language (their cards' SVG carries the names as text).
    for (const card of [
      '2024/partai/1/card.png',
      'en/2024/party/1/card.png',
      `2024/dapil/${String(first.IdDapil)}/card.png`,
    ])
      expect(existsSync(path.join(world.distDir, card)), card).toBe(true);
  });
});
