// The site built by `npm run build` from the demo data, in Chromium: every shared check, plus what the demo
// build is the cheapest place to prove: a base path works, pages work without JavaScript, the optional script sorts
// tables and searches, and `npm run preview` serves the site. (That the same data gives the same bytes:
// test/build/determinism.test.ts for the whole build, social-cards.test.ts for the site with its address and PNGs.)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, lstat, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSiteStage } from '../../scripts/site/site-stage.ts';
import { startStaticServer } from '../../scripts/site/static-server.ts';
import { queryDuckDb } from '../support/build-fixtures.ts';
import { PROJECT_ROOT } from '../support/run-cli.ts';
import { checkIndonesianWording, checkLinksAndDownloads, listPagePaths } from './site-checks.ts';
import { buildDemoSite, type PublishedSite } from './site-fixtures.ts';
import { defineSiteSuite } from './site-suite.ts';
import { serveSiteWorld } from './site-worlds.ts';
import { discardFolder } from '../support/test-trash.ts';

/** A port nothing listens on right now: the system picks one, and it is let go at once for the preview to take. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('site from the demo data', () => {
  const suite = defineSiteSuite('demo', buildDemoSite, {
    // Every page kind of the demo site, in both languages at 390, 768 and 1280 px: layout.browser.test.ts.
    screenshots: [],
    // axe on a sample of every kind of page in both languages: every page whose template is its own, and of each
    // shared template (dapil, party, year, codebook; Indonesian, English) the first, the largest and every one with a
    // flagged record.
    axeSample: { perKind: 1, largest: 1 },
  });

  it('answers a missed address in its language: /en/… in English with the search box holding the missed name, the page meant by another language’s words, and nothing to share', async () => {
    const url = (pagePath: string) => new URL(pagePath.slice(1), suite.site().server.url).href;
    const page = await suite.browser().newPage();
    try {
      // The static server, as every static host, answers any miss with /404.html (Indonesian).
      const response = await page.goto(url('/en/2024/dapil/jakarta-ii/'));
      expect(response?.status()).toBe(404);
      await page.waitForURL(/\/en\/404\.html#/);
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await page.locator('h1').textContent()).toBe('Page not found');
      expect(await page.inputValue('#q-404')).toBe('jakarta ii');
      // The suggestions lead somewhere: the home page, search, downloads, each year's page.
      const links = await page
        .locator('main li a')
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
      expect(links).toEqual(expect.arrayContaining(['/en/search/', '/en/downloads/', '/en/2019/', '/en/2024/']));
      // No "Copy link" or "Share": the address is the mistake, not a page to pass on.
      expect(await page.locator('[data-share], [data-copy]').count()).toBe(0);
      // Nothing of it is in another language's words: no page to offer.
      expect(await page.locator('#meant').isHidden()).toBe(true);
      // An address in two languages' words offers the page it means, in the language of its folder, once it answers.
      // The search box holds a name only: search finds names, never a ballot number.
      for (const [missed, meant, searched] of [
        ['/en/2024/partai/1/', '/en/2024/party/1/', ''],
        ['/en/unduh/', '/en/downloads/', 'unduh'],
        ['/2024/party/1/', '/2024/partai/1/', ''],
        ['/data-dictionary/', '/kamus-data/', 'data dictionary'],
      ] as const) {
        await page.goto(url(missed));
        await page.locator('#meant').waitFor();
        expect(await page.inputValue('#q-404'), missed).toBe(searched);
        await page.locator('#meant a').click();
        expect(page.url(), missed).toBe(url(meant));
        await page.waitForLoadState('load');
        expect(await page.locator('h1').count(), missed).toBe(1);
        expect(await page.title(), missed).not.toMatch(/tidak ditemukan|not found/i);
      }
      // A page that does not exist in any words is never offered: ballot number 999 has no party page.
      await page.goto(url('/en/2024/partai/999/'));
      await page.waitForURL(/\/en\/404\.html#/);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('#meant').isHidden()).toBe(true);
      // An Indonesian miss stays on the Indonesian page, with the English page named in English.
      await page.goto(url('/2024/dapil/tidak-ada/'));
      expect(page.url()).toBe(url('/2024/dapil/tidak-ada/'));
      expect(await page.locator('h1').textContent()).toBe('Halaman tidak ditemukan');
      expect(await page.inputValue('#q-404')).toBe('tidak ada');
      expect(await page.locator('p[lang="en"] a[href="/en/404.html"]').count()).toBe(1);
    } finally {
      await page.close();
    }
    // Without JavaScript: the Indonesian page, and the hint to the English one.
    const context = await suite.browser().newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(url('/en/2024/dapil/jakarta-ii/'));
      expect(await page.locator('h1').textContent()).toBe('Halaman tidak ditemukan');
      await page.locator('p[lang="en"] a').click();
      expect(await page.locator('h1').textContent()).toBe('Page not found');
    } finally {
      await context.close();
    }
  });

  it('announces the demo data on every page, in the title too', async () => {
    const page = await suite.browser().newPage();
    try {
      await page.goto(suite.site().server.url);
      expect(await page.title()).toMatch(/^\[DATA CONTOH\]/);
      await page.goto(new URL('en/', suite.site().server.url).href);
      expect(await page.locator('.demo').textContent()).toContain('DEMO DATA, NOT REAL FIGURES');
    } finally {
      await page.close();
    }
  });

  it("refuses a data folder whose files differ from the manifest with the folder's own error, leaving no site", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'kpu-site-altered-'));
    try {
      const dataDir = path.join(root, 'data');
      await cp(suite.site().dataDir, dataDir, { recursive: true });
      const file = path.join(dataDir, 'all-years', 'kpu-dpr-turnout-by-sex-all-years.json');
      await writeFile(file, (await readFile(file, 'utf8')).replace(/"total_voters":([0-9])/, '"total_voters":9$1'));
      await expect(runSiteStage({ dataDir, outDir: path.join(root, 'site') })).rejects.toThrow(
        /does not match its size or SHA-256/,
      );
      // The Astro build that ran beside the check is stopped and its working folder removed: nothing but the data.
      expect(await readdir(root)).toEqual(['data']);
    } finally {
      await discardFolder(root);
    }
  });

  it('works under a base path, links and downloads included', async () => {
    // The site stage's build under /kpu/ that the compare and filter files read too, with the published data folder
    // (releases/ included: the changelog links each release's immutable files) copied in.
    const site = await serveSiteWorld('demo', { base: '/kpu/', withData: true });
    try {
      // Crawlers read only the host's /robots.txt: none in the site's folder, and the build says what belongs there.
      expect(existsSync(path.join(site.distDir, 'robots.txt'))).toBe(false);
      expect(site.run?.stderr.split('\n')).toContain(
        "site: no robots.txt under the base path /kpu/ (crawlers read only the host's /robots.txt); for the site, add there: Allow: /kpu/",
      );
      const html = await readFile(path.join(site.distDir, 'index.html'), 'utf8');
      expect(html).toContain('href="/kpu/2024/"');
      const problems = await checkLinksAndDownloads(site, await listPagePaths(site.distDir));
      expect(problems).toEqual([]);
    } finally {
      await site.close();
    }
  });

  it('explains on its dapil page the regency whose name matches no official one, and gives it no code', async () => {
    const html = await (await fetch(new URL('en/2019/dapil/1101/', suite.site().server.url))).text();
    expect(html).toMatch(/ACEH TENGGRA <a class="flag"/);
    expect(html).toContain('region-code-match');
    // Said in words first, the source's fields and values behind a disclosure.
    expect(html).toContain('The source gives Dapil id “1101” and Regency or city “ACEH TENGGRA”.');
    expect(html).toContain(
      '<summary>Values from the source</summary><code>IdDapil = &quot;1101&quot;; NamaKabupaten = &quot;ACEH TENGGRA&quot;</code>',
    );
    expect(html).toMatch(/ACEH SELATAN <span class="code" title="[^"]+">1101<\/span>/);
  });

  it('has a wording check that finds an English word in an Indonesian page’s text or labels, and none marked as English or added by its script', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'kpu-wording-'));
    await writeFile(
      path.join(root, 'index.html'),
      '<!doctype html><html lang="id"><title>Beranda</title><body><h1>Unduh berkas</h1>' +
        '<p lang="en">Download the files</p><button aria-label="Search">Cari</button>' +
        '<noscript><p>Pencarian perlu JavaScript: the notes</p></noscript>' +
        '<script>document.body.append("release")</script></body></html>',
    );
    const server = await startStaticServer({ root });
    try {
      const problems = await checkIndonesianWording(suite.browser(), { server } as PublishedSite, ['/']);
      expect(problems.map((problem) => /^\/: English "([a-z]+)"/.exec(problem)?.[1])).toEqual([
        'the',
        'notes',
        'search',
      ]);
    } finally {
      await server.close();
      await discardFolder(root);
    }
  });

  it('shows every figure without JavaScript, and says what search needs', async () => {
    const context = await suite.browser().newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(new URL('2024/dapil/1101/', suite.site().server.url).href);
      expect(await page.locator('table[data-sortable] tbody tr').count()).toBeGreaterThan(1);
      // The men/women and voter-list charts, and the voters across the demo's two years.
      expect(await page.locator('figure svg[role="img"]').count()).toBe(3);
      await page.goto(new URL('cari/', suite.site().server.url).href);
      expect(await page.locator('main').textContent()).toContain('Pencarian memerlukan JavaScript');
    } finally {
      await context.close();
    }
  });

  it('sorts a table from the keyboard and finds a regency with the optional script', async () => {
    const page = await suite.browser().newPage();
    try {
      await page.goto(new URL('2024/dapil/1101/', suite.site().server.url).href);
      // The first Tab reaches the skip link.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip');
      // The all-lists total of both sexes: the table's first count column.
      const header = page.locator('table[data-sortable] thead tr:nth-child(2) th').nth(0);
      await header.locator('button').focus();
      await page.keyboard.press('Enter');
      // A count column sorts largest first on the first press, smallest first on the next.
      expect(await header.getAttribute('aria-sort')).toBe('descending');
      const totals = () =>
        page.$$eval('table[data-sortable] tbody tr', (rows) =>
          rows.map((row) => Number(row.querySelectorAll('td')[0]?.getAttribute('data-v'))),
        );
      const descending = await totals();
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
      await page.keyboard.press('Enter');
      expect(await header.getAttribute('aria-sort')).toBe('ascending');
      const ascending = await totals();
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

      await page.goto(new URL('en/search/?q=aceh%20selatan', suite.site().server.url).href);
      const link = page.locator('#results a').first();
      await link.waitFor();
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\/en\/[0-9]{4}\/(dapil|party)\/[0-9]+\/$/);
      expect((await fetch(new URL(href as string, suite.site().server.url))).status).toBe(200);
      expect(await page.locator('#results').textContent()).toContain('ACEH SELATAN');
    } finally {
      await page.close();
    }
  });

  it('copies a loading line with its copy button, which only the script adds, and says so in the page’s language', async () => {
    const url = new URL('unduh/', suite.site().server.url).href;
    const context = await suite.browser().newContext();
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(url).origin });
      const page = await context.newPage();
      await page.goto(url);
      const lines = page.locator('dl.snippets pre');
      const buttons = page.locator('dl.snippets button.copy');
      expect(await buttons.count()).toBe(await lines.count());
      const line = (await lines.first().textContent()) ?? '';
      const tool = await lines.first().locator('code').getAttribute('data-tool');
      expect(await buttons.first().getAttribute('aria-label')).toBe(`Salin: ${String(tool)}`);
      // Each format's lines are behind a disclosure: opened as a visitor opens it.
      await page.locator('details.lines > summary').first().click();
      await buttons.first().click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(line);
      expect(await buttons.first().textContent()).toBe('Tersalin');
      expect(await page.locator('dl.snippets + p[role="status"]').first().textContent()).toBe('Tersalin');
      // The button sits inside the line's box: the page does not scroll sideways at 390 px.
      await page.setViewportSize({ width: 390, height: 800 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
    const withoutScript = await suite.browser().newContext({ javaScriptEnabled: false });
    try {
      const page = await withoutScript.newPage();
      await page.goto(url);
      expect(await page.locator('button.copy').count()).toBe(0);
    } finally {
      await withoutScript.close();
    }
  });

  it('gives DuckDB lines on the downloads page that load the files, identifiers as text', async () => {
    const html = await (await fetch(new URL('en/downloads/', suite.site().server.url))).text();
    const snippets = [
      ...html.matchAll(/<code data-tool="DuckDB" data-format="([^"]+)" data-dataset="turnout">([^<]+)<\/code>/g),
    ].map((match) => ({
      format: match[1] as string,
      sql: (match[2] as string).replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
    }));
    // A line for every format; Arrow's and XLSX's install a DuckDB extension (nanoarrow, excel), which DuckDB
    // downloads, so they are not run here: test/site/downloads-snippets.ci.test.ts parses them and runs every other
    // line of every dataset.
    expect(snippets.map((snippet) => snippet.format).sort()).toEqual([
      'arrow',
      'csv',
      'json',
      'parquet',
      'raw-json',
      'xlsx',
    ]);
    const needExtension = snippets.filter((snippet) => /^INSTALL /m.test(snippet.sql));
    expect(needExtension.map((snippet) => snippet.format).sort()).toEqual(['arrow', 'xlsx']);
    for (const snippet of snippets.filter((candidate) => !needExtension.includes(candidate))) {
      const name = /'([^']+)'/.exec(snippet.sql)?.[1] as string;
      const file = suite.site().manifest.files.find((candidate) => candidate.path.endsWith(`/${name}`));
      expect(file, name).toBeDefined();
      const sql = snippet.sql
        .replace(`'${name}'`, `'${path.join(suite.site().distDir, 'data', file?.path ?? '')}'`)
        .replace(/;$/, '');
      const idColumn = snippet.format === 'raw-json' ? 'IdDapil' : 'dapil_id';
      const [row] = await queryDuckDb(
        `SELECT count(*)::INTEGER AS n, min(typeof(${idColumn})) AS t, min(${idColumn}) AS first FROM (${sql})`,
      );
      expect(row, snippet.sql).toEqual({ n: file?.records, t: 'VARCHAR', first: '1101' });
    }
  });

  it('serves the published folder with npm run preview until stopped', async () => {
    const { distDir, manifest } = suite.site();
    // The publish stage leaves dist/ as a symlink to the live build; the preview serves it through the link.
    expect((await lstat(distDir)).isSymbolicLink()).toBe(true);
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'scripts/preview.ts'), '--port', String(port)], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', KPU_DIST_DIR: distDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
          const match = / at (http:\/\/\S+) /.exec(stdout);
          if (match) resolve(match[1] as string);
        });
        void exited.then((code) =>
          reject(new Error(`the preview exited (${String(code)}) before serving:\n${stdout}${stderr}`)),
        );
      });
      expect(url).toBe(`http://127.0.0.1:${port}/`);
      const home = await fetch(url);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain(`<h1>${manifest.title.id}</h1>`);
      const dapil = await fetch(new URL('2024/dapil/1101/', url));
      expect(dapil.status).toBe(200);
      const html = await dapil.text();
      expect(html).toContain('DAPIL CONTOH I (dapil 1101)');
      // The region codes: the province's beside its name, each regency's beside its own (docs/data.md).
      expect(html).toContain('PROVINSI CONTOH A (11)');
      expect(html).toMatch(/ACEH SELATAN <span class="code" title="[^"]+">1101<\/span>/);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});
