// The site across releases, built by the real build command from the stand-in upstream: a first build, an
// upstream correction (a party's chair renamed, a turnout count corrected with the totals that include it, a
// party added), a second build, then an --offline rebuild. Read in Chromium: the changelog in both languages
// shows exactly those changes, the dapil and party pages they touch list them with old and new values, the
// other pages say there are none, the Atom feed says the correction first, and the offline notice is on every page of
// the offline build only.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RawRecord } from '../../scripts/datasets/dataset-definition.ts';
import type { ReleaseEntry } from '../../scripts/release/release-stage.ts';
import { startStaticServer, type RunningStaticServer } from '../../scripts/site/static-server.ts';
import { generatePartyRecords, generateTurnoutRecords } from '../../scripts/synthetic/synthetic-data.ts';
import { createBuildWorld, type BuildWorld } from '../support/build-fixtures.ts';
import { laterReleaseName } from '../support/release-checks.ts';
import {
  checkLinksAndDownloads,
  checkPagesRender,
  listPagePaths,
  measurePageWeights,
  OFFLINE_NOTICE,
  PAGE_BUDGET_BYTES,
  RenderTabs,
} from './site-checks.ts';
import {
  KEEP_SCREENSHOTS,
  launchChromium,
  saveFullPageScreenshot,
  SCREENSHOT_DIR,
  type PublishedSite,
} from './site-fixtures.ts';
import { dateTimeText, MONTHS } from './site-reference-pages.ts';
import { atomProblems, readAtomFeed } from './atom-feed-checks.ts';
import { FEED_TEXT } from '../../scripts/site/atom-feed.ts';
import { releaseAnchor } from '../../scripts/site/site-changes.ts';

type Lang = 'id' | 'en';

/** The upstream corrections between the two builds. */
const NEW_CHAIR = 'Ketua Baru Contoh';
const ADDED = { ballot: '99', name: 'Partai Contoh Baru' };
const CORRECTION = 7;
const CORRECTED_FIELDS: Array<[source: string, column: string]> = [
  ['JumlahPenggunaHakPilihLakiLakiDalamDPK', 'dpk_male'],
  ['JumlahPenggunaHakPilihLakiLakiDanPerempuanDalamDPK', 'dpk_total'],
  ['JumlahTotalPenggunaHakPilihLakiLaki', 'total_male'],
  ['JumlahSeluruhPenggunaHakPilih', 'total_voters'],
];

/** A count as each language writes it: 1234567 → "1.234.567" (id) or "1,234,567" (en). */
const count = (lang: Lang, value: number): string =>
  String(value).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'id' ? '.' : ',');

const day = (lang: Lang, iso: string): string => {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${MONTHS[lang][date.getUTCMonth()] as string} ${date.getUTCFullYear()}`;
};

interface ChangeRowOnPage {
  kind: string | null;
  kindText: string;
  record: string;
  link: string | null;
  field: string;
  old: string;
  new: string;
}

/** The change tables of one release's section on the changelog page, by dataset. */
function readChangeTables(
  page: Page,
  release: string,
): Promise<Array<{ dataset: string | null; rows: ChangeRowOnPage[] }>> {
  return page.$$eval(`section[data-release="${release}"] table.changes`, (tables) =>
    tables.map((table) => ({
      dataset: table.getAttribute('data-dataset'),
      rows: [...table.querySelectorAll('tbody tr')].map((row) => {
        const cells = [...row.children];
        const text = (index: number) => (cells[index]?.textContent ?? '').trim();
        return {
          kind: row.getAttribute('data-kind'),
          kindText: text(0),
          record: text(1),
          link: cells[1]?.querySelector('a')?.getAttribute('href') ?? null,
          field: cells[2]?.querySelector('code')?.textContent ?? text(2),
          old: text(3),
          new: text(4),
        };
      }),
    })),
  );
}

/** The rows of a dapil or party page's change history: release, the record when shown, field, old, new. */
function readHistory(
  page: Page,
): Promise<
  Array<{ release: string | null; releaseText: string; record: string | null; field: string; old: string; new: string }>
> {
  return page.$$eval('table.history tbody tr', (rows) =>
    rows.map((row) => {
      const cells = [...row.children];
      const record = row.querySelector('th');
      const rest = cells.filter((cell) => cell !== record);
      const text = (cell: Element | undefined) => (cell?.textContent ?? '').trim();
      return {
        release: row.getAttribute('data-release'),
        releaseText: text(rest[0]),
        record: record ? text(record) : null,
        field: rest[1]?.querySelector('code')?.textContent ?? text(rest[1]),
        old: text(rest[2]),
        new: text(rest[3]),
      };
    }),
  );
}

describe('the site across releases and offline', () => {
  let world: BuildWorld | undefined;
  let browser: Browser | undefined;
  // Both render checks load every page in the same tabs (site-checks.ts, RenderTabs).
  let tabs: RenderTabs | undefined;
  let server: RunningStaticServer | undefined;
  let paths: string[] = [];
  let first = '';
  let second = '';
  let releases: ReleaseEntry[] = [];
  let chair: RawRecord;
  let corrected: RawRecord;
  let untouchedDapil = '';
  let untouchedBallot = '';
  let buildMs = 0;

  const url = (pagePath: string): string => new URL(pagePath.slice(1), server?.url).href;
  const published = async (): Promise<PublishedSite> => {
    const current = world as BuildWorld;
    return {
      distDir: current.distDir,
      dataDir: path.join(current.cacheDir, 'stages', 'release', 'data'),
      manifest: await current.readManifest(),
      server: server as RunningStaticServer,
      buildMs,
      close: async () => {},
    };
  };
  const withPage = async (task: (page: Page) => Promise<void>): Promise<void> => {
    const page = await (browser as Browser).newPage();
    try {
      await task(page);
    } finally {
      await page.close();
    }
  };

  beforeAll(async () => {
    const launched = launchChromium().then((started) => (browser = started));
    world = await createBuildWorld({
      turnout: generateTurnoutRecords({ years: [2024], dapils: 4, regenciesPerDapil: 3, seed: 41 }),
      parties: generatePartyRecords({ years: [2024], parties: 6, seed: 41 }),
    });
    const started = Date.now();
    const firstRun = await world.build();
    if (firstRun.code !== 0) throw new Error(`first build failed:\n${firstRun.stderr}`);
    first = (await world.readManifest()).release?.id ?? '';

    const turnout = world.upstream.getData('turnout') as RawRecord[];
    const parties = world.upstream.getData('parties') as RawRecord[];
    chair = parties[0] as RawRecord;
    corrected = turnout[4] as RawRecord;
    untouchedDapil = (turnout.find((record) => record.IdDapil !== corrected.IdDapil) as RawRecord).IdDapil as string;
    untouchedBallot = (parties[1] as RawRecord).NomorUrutPartai as string;
    // The count and every total that includes it move together, so no quality rule breaks.
    const fixed: RawRecord = { ...corrected };
    for (const [source] of CORRECTED_FIELDS) fixed[source] = String(Number(corrected[source]) + CORRECTION);
    world.upstream.setData(
      'turnout',
      turnout.map((record) => (record === corrected ? fixed : record)),
    );
    world.upstream.setData('parties', [
      ...parties.map((record) => (record === chair ? { ...record, KetuaUmum: NEW_CHAIR } : record)),
      { ...chair, NomorUrutPartai: ADDED.ballot, NamaPartai: ADDED.name, AkronimNamaPartai: 'PCB' },
    ]);
    const secondRun = await world.build();
    if (secondRun.code !== 0) throw new Error(`second build failed:\n${secondRun.stderr}`);
    buildMs = Date.now() - started;
    second = (await world.readManifest()).release?.id ?? '';
    server = await startStaticServer({ root: world.distDir });
    releases = (await (await fetch(url('/data/releases.json'))).json()) as ReleaseEntry[];
    paths = await listPagePaths(world.distDir);
    await launched;
    tabs = new RenderTabs(browser as Browser);
  }, 240_000);

  afterAll(async () => {
    await tabs?.close();
    await browser?.close();
    await server?.close();
    await world?.close();
  });

  it('names a second release, newest first, each with its immutable manifest and SHA256SUMS', async () => {
    expect(first).not.toBe('');
    expect(second).toMatch(laterReleaseName(first, 2));
    expect(releases.map((release) => release.id)).toEqual([first, second]);
    await withPage(async (page) => {
      for (const lang of ['id', 'en'] as const) {
        await page.goto(url(lang === 'id' ? '/perubahan/' : '/en/changes/'));
        expect(await page.locator('#current').getAttribute('data-release')).toBe(second);
        const rows = await page.$$eval('#releases tbody tr', (trs) =>
          trs.map((tr) => ({
            release: tr.getAttribute('data-release'),
            head: (tr.querySelector('th')?.textContent ?? '').trim(),
            links: [...tr.querySelectorAll('a')].map((anchor) => anchor.getAttribute('href')),
          })),
        );
        expect(rows.map((row) => row.release)).toEqual([second, first]);
        expect(rows[0]?.head).toContain(lang === 'id' ? '(rilis saat ini)' : '(current release)');
        for (const row of rows) {
          expect(row.links).toEqual([
            `#r-${(row.release as string).replace(/\./g, '-')}`,
            `/data/releases/${row.release}/manifest.json`,
            `/data/releases/${row.release}/SHA256SUMS`,
          ]);
          const manifest = (await (await fetch(url(row.links[1] as string))).json()) as { release: { id: string } };
          expect(manifest.release.id).toBe(row.release);
          // The release folder's own SHA256SUMS: its top files by bare name, the manifest included (each year's
          // folder has its own).
          const sums = await (await fetch(url(row.links[2] as string))).text();
          expect(sums).toMatch(/^[0-9a-f]{64} {2}manifest\.json$/m);
          expect(sums).not.toContain('/');
        }
        const firstSection = page.locator(`section[data-release="${first}"]`);
        expect(await firstSection.getAttribute('data-status')).toBe('first');
        expect(await firstSection.textContent()).toContain(
          lang === 'id' ? 'Rilis pertama: tidak ada yang dibandingkan.' : 'First release: nothing to compare with.',
        );
      }
    });
  });

  it('shows on the changelog, in both languages, exactly the changes of the upstream', async () => {
    await withPage(async (page) => {
      for (const lang of ['id', 'en'] as const) {
        const prefix = lang === 'id' ? '/' : '/en/';
        await page.goto(url(lang === 'id' ? '/perubahan/' : '/en/changes/'));
        const changed = lang === 'id' ? 'diubah' : 'changed';
        const ballot = (number: string) => (lang === 'id' ? `nomor urut ${number}` : `ballot number ${number}`);
        expect(await readChangeTables(page, second)).toEqual([
          {
            dataset: 'turnout',
            rows: CORRECTED_FIELDS.map(([source, column]) => ({
              kind: 'changed',
              kindText: changed,
              record: `2024 · dapil ${corrected.IdDapil as string} · ${corrected.NamaKabupaten as string}`,
              link: `${prefix}2024/dapil/${corrected.IdDapil as string}/`,
              field: column,
              old: count(lang, Number(corrected[source])),
              new: count(lang, Number(corrected[source]) + CORRECTION),
            })),
          },
          {
            dataset: 'parties',
            rows: [
              {
                kind: 'changed',
                kindText: changed,
                record: `2024 · ${ballot(chair.NomorUrutPartai as string)} · ${chair.NamaPartai as string}`,
                link: `${prefix}2024/${lang === 'id' ? 'partai' : 'party'}/${chair.NomorUrutPartai as string}/`,
                field: 'general_chair',
                old: chair.KetuaUmum as string,
                new: NEW_CHAIR,
              },
              {
                kind: 'added',
                kindText: lang === 'id' ? 'ditambahkan' : 'added',
                record: `2024 · ${ballot(ADDED.ballot)} · ${ADDED.name}`,
                link: `${prefix}2024/${lang === 'id' ? 'partai' : 'party'}/${ADDED.ballot}/`,
                field: lang === 'id' ? 'seluruh rekaman' : 'whole record',
                old: '—',
                new: '—',
              },
            ],
          },
        ]);
        const section = (await page.locator(`section[data-release="${second}"]`).textContent()) ?? '';
        expect(section).toContain(lang === 'id' ? `Dibanding rilis ${first}:` : `Since release ${first}:`);
        expect(section).toContain(
          lang === 'id' ? '0 ditambahkan, 0 dihapus, 1 diubah' : '0 added, 0 removed, 1 changed',
        );
        expect(section).toContain(
          lang === 'id' ? '1 ditambahkan, 0 dihapus, 1 diubah' : '1 added, 0 removed, 1 changed',
        );
      }
    });
  });

  it("says the correction first in the second release's entry of each language's Atom feed, which Chromium's XML parser reads as valid", async () => {
    await withPage(async (page) => {
      await page.goto(url('/'));
      for (const lang of ['id', 'en'] as const) {
        const feed = await readAtomFeed(page, url(lang === 'id' ? '/feed.xml' : '/en/feed.xml'));
        expect(atomProblems(feed)).toEqual([]);
        expect(feed.entries.map((entry) => [entry.updated, entry.links[0]?.href])).toEqual(
          [...releases]
            .reverse()
            .map((release) => [
              release.harvestedAt,
              `${lang === 'id' ? '/perubahan/' : '/en/changes/'}#${releaseAnchor(release.id)}`,
            ]),
        );
        const [newest, oldest] = feed.entries;
        const t = FEED_TEXT[lang];
        // A turnout record and a party record changed (figures published by the first release), a party added.
        expect(newest?.title.startsWith(`${t.correctionMark}: `)).toBe(true);
        expect(newest?.title).toContain(second);
        expect(newest?.categories).toEqual(['correction']);
        expect(newest?.summary.startsWith(t.correction(2, 0, first))).toBe(true);
        expect(newest?.summary).toContain(
          lang === 'id' ? '1 ditambahkan, 0 dihapus, 1 diubah' : '1 added, 0 removed, 1 changed',
        );
        expect(newest?.content).toContain(NEW_CHAIR);
        expect(newest?.content).toContain(ADDED.name);
        expect(oldest?.title).toContain(first);
        expect(oldest?.categories).toEqual([]);
        expect(oldest?.summary.startsWith(lang === 'id' ? 'Rilis pertama: ' : 'First release: ')).toBe(true);
      }
    });
  });

  it('lists its own changes on the dapil and party pages they touch, and says so where there are none', async () => {
    const releaseDay = (lang: Lang) => `${second} (${day(lang, (releases[1] as ReleaseEntry).harvestedAt)})`;
    await withPage(async (page) => {
      for (const lang of ['id', 'en'] as const) {
        const prefix = lang === 'id' ? '/' : '/en/';
        const party = lang === 'id' ? 'partai' : 'party';
        await page.goto(url(`${prefix}2024/dapil/${corrected.IdDapil as string}/`));
        expect(await page.locator('#riwayat').textContent()).toBe(
          lang === 'id' ? 'Riwayat perubahan' : 'Change history',
        );
        expect(await readHistory(page)).toEqual(
          CORRECTED_FIELDS.map(([source, column]) => ({
            release: second,
            releaseText: releaseDay(lang),
            record: corrected.NamaKabupaten,
            field: column,
            old: count(lang, Number(corrected[source])),
            new: count(lang, Number(corrected[source]) + CORRECTION),
          })),
        );

        await page.goto(url(`${prefix}2024/${party}/${chair.NomorUrutPartai as string}/`));
        expect(await readHistory(page)).toEqual([
          {
            release: second,
            releaseText: releaseDay(lang),
            record: null,
            field: 'general_chair',
            old: chair.KetuaUmum,
            new: NEW_CHAIR,
          },
        ]);

        await page.goto(url(`${prefix}2024/${party}/${ADDED.ballot}/`));
        expect(await readHistory(page)).toEqual([
          {
            release: second,
            releaseText: releaseDay(lang),
            record: null,
            field: lang === 'id' ? 'seluruh rekaman ditambahkan' : 'whole record added',
            old: '—',
            new: '—',
          },
        ]);

        const none =
          lang === 'id'
            ? `Tidak ada perubahan pada rekaman halaman ini yang diterbitkan sejak rilis pertama (${first}).`
            : `No change to this page's records has been published since the first release (${first}).`;
        for (const untouched of [
          `${prefix}2024/dapil/${untouchedDapil}/`,
          `${prefix}2024/${party}/${untouchedBallot}/`,
        ]) {
          await page.goto(url(untouched));
          expect(await page.locator('table.history').count(), untouched).toBe(0);
          expect(await page.locator('#no-history').textContent(), untouched).toBe(none);
        }
      }
      if (KEEP_SCREENSHOTS) {
        await mkdir(SCREENSHOT_DIR, { recursive: true });
        await page.goto(url(`/2024/dapil/${corrected.IdDapil as string}/`));
        await page
          .locator('section[aria-labelledby="riwayat"]')
          .screenshot({ path: path.join(SCREENSHOT_DIR, 'releases-dapil-history.png') });
        await page.goto(url('/en/changes/'));
        await saveFullPageScreenshot(page, path.join(SCREENSHOT_DIR, 'releases-en-changes.png'));
      }
    });
  });

  it('passes the page checks on every page (no offline notice), axe on the new and changed pages, the links, the budget', async () => {
    const site = await published();
    const axePages = new Set([
      '/perubahan/',
      '/en/changes/',
      `/2024/dapil/${corrected.IdDapil as string}/`,
      `/en/2024/party/${chair.NomorUrutPartai as string}/`,
      `/2024/partai/${ADDED.ballot}/`,
      `/en/2024/dapil/${untouchedDapil}/`,
      '/unduh/',
      '/',
    ]);
    expect(await checkPagesRender(browser as Browser, site, paths, axePages, tabs)).toEqual([]);
    expect(await checkLinksAndDownloads(site, paths)).toEqual([]);
    const weights = await measurePageWeights(world?.distDir as string, ['/perubahan/', '/en/changes/']);
    console.info(`changelog pages: ${weights.map((weight) => `${weight.page} ${weight.bytes} bytes gzip`).join(', ')}`);
    for (const weight of weights) expect(weight.bytes).toBeLessThan(PAGE_BUDGET_BYTES);
  }, 170_000);

  it('says on every page of an --offline rebuild that the upstream was not contacted, how old the data is and when it was retrieved, as the footer says it', async () => {
    const run = await (world as BuildWorld).build(['--offline']);
    expect(run.code, run.stderr).toBe(0);
    const site = await published();
    expect(site.manifest.build).toMatchObject({ offline: true, harvestAgeDays: 0 });
    expect(site.manifest.release?.id).toBe(second);
    // The rebuilt release's own harvest: one instant, written as the footer writes it, in WIB with UTC beside it (a UTC
    // date alone was a day behind the footer's from 17:00 UTC on).
    const retrievedText = (lang: string): string =>
      dateTimeText(lang === 'en' ? 'en' : 'id', site.manifest.harvest.finishedAt);
    const said = (lang: string): string => {
      const retrieved = retrievedText(lang);
      return lang === 'en'
        ? `The data is less than a day old: retrieved on ${retrieved}.`
        : `Datanya berumur kurang dari satu hari: diambil pada ${retrieved}.`;
    };
    // Every page as served, read by Chromium's HTML parser in one tab (the notice is the page's own markup, which no
    // script adds or removes): exactly one notice, a note, in the page's language, saying how old the data is.
    await withPage(async (page) => {
      await page.goto(url('/'));
      const notices = await page.evaluate(
        (pageUrls) =>
          Promise.all(
            pageUrls.map(async (pageUrl) => {
              const document = new DOMParser().parseFromString(await (await fetch(pageUrl)).text(), 'text/html');
              return {
                lang: document.documentElement.lang,
                notices: [...document.querySelectorAll('.offline')].map((notice) => ({
                  text: notice.textContent ?? '',
                  role: notice.getAttribute('role'),
                })),
                footer: (document.querySelector('body > footer')?.textContent ?? '').replace(/\s+/g, ' '),
              };
            }),
          ),
        paths.map(url),
      );
      expect(notices).toHaveLength(paths.length);
      const wrong = notices.flatMap(({ lang, notices: found, footer }, index) => {
        const [notice] = found;
        return found.length === 1 &&
          notice?.role === 'note' &&
          OFFLINE_NOTICE.test(notice.text) &&
          notice.text.includes(said(lang)) &&
          footer.includes(retrievedText(lang))
          ? []
          : [`${paths[index] ?? ''}: ${JSON.stringify(found)}`];
      });
      expect(wrong).toEqual([]);
    });
    // In Chromium with the pages' scripts, every page check (the notice exactly once, a note) on each kind of page
    // that shows the release in both languages; axe on the changelog, which differs most from the normal build's (the
    // notice is the same markup on every page, and the normal build's pages pass axe above).
    const shown = ['id', 'en'].flatMap((lang) => {
      const prefix = lang === 'id' ? '/' : '/en/';
      const party = lang === 'id' ? 'partai' : 'party';
      return [
        prefix,
        `${prefix}2024/dapil/${corrected.IdDapil as string}/`,
        `${prefix}2024/${party}/${chair.NomorUrutPartai as string}/`,
        lang === 'id' ? '/perubahan/' : '/en/changes/',
      ];
    });
    expect(await checkPagesRender(browser as Browser, site, shown, new Set(['/perubahan/']), tabs)).toEqual([]);
    await withPage(async (page) => {
      for (const lang of ['id', 'en'] as const) {
        // The data did not change: the release and its changes stay, and the changelog says nothing changed.
        await page.goto(url(lang === 'id' ? '/perubahan/' : '/en/changes/'));
        expect(await page.locator('.offline').textContent()).toContain(said(lang));
        expect(await page.locator('#current').textContent()).toContain(
          lang === 'id'
            ? `Pembangunan terakhir tidak menemukan perubahan: datanya masih data rilis ${second}`
            : `The last build found no change: the data is still that of release ${second}`,
        );
        expect((await readChangeTables(page, second)).map((table) => table.rows.length)).toEqual([4, 2]);
      }
    });
  }, 170_000);
});
