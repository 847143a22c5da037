// The release's landing page (scripts/release/release-page.ts) for the three states of its change report: the first
// release, a release whose records did not change, a release with changes (a row per dataset); text from the data
// escaped. The built page, served and read in Chromium with axe, is test/site/release-page.browser.test.ts.
import { describe, expect, it } from 'vitest';
import { renderReleasePage } from '../../scripts/release/release-page.ts';
import type { SnapshotManifest } from '../../scripts/snapshot/snapshot-manifest.ts';

const manifest = {
  title: { id: 'Data <uji>', en: 'Test & data' },
  demo: false,
  source: { publisher: 'Komisi Pemilihan Umum (KPU)', upstreamHost: 'example.org', url: null, queries: ['q'] },
  harvest: { finishedAt: '2026-11-22T03:00:00.000Z' },
  release: {
    id: '2026-11-22.2',
    previous: '2026-11-22',
    path: 'releases/2026-11-22.2/',
    retrievedAt: '2026-11-22T03:00:00.000Z',
    url: 'https://example.org/data/releases/2026-11-22.2/',
  },
  files: [
    {
      path: '2014/kpu-dpr-turnout-by-sex-2014.csv',
      dataset: 'turnout',
      year: 2014,
      format: 'csv',
      mediaType: 'text/csv',
      bytes: 1234567,
      records: 263,
      sha256: 'a'.repeat(64),
    },
  ],
} as unknown as SnapshotManifest;

const textOf = (html: string): string =>
  html
    .replace(/<style>[^<]*<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the release landing page', () => {
  it('says a first release has nothing to compare with, and lists each file with its sizes and sum', () => {
    const html = renderReleasePage(manifest, { previousRelease: null, initial: true, changed: false, datasets: [] });
    expect(textOf(html)).toContain('The first release: there is nothing to compare with.');
    expect(html).toContain(
      `<a href="2014/kpu-dpr-turnout-by-sex-2014.csv">2014/kpu-dpr-turnout-by-sex-2014.csv</a></th><td data-label="Format">CSV</td><td class="n" data-label="Rekaman / Records">263</td><td class="n" data-label="Bita / Bytes">1\u202f234\u202f567</td><td data-label="SHA-256"><code>${'a'.repeat(64)}</code>`,
    );
    expect(textOf(html)).toContain('https://example.org/data/releases/2026-11-22.2/');
    expect(html).toContain('<title>Test &#38; data: release 2026-11-22.2</title>');
    expect(html).toContain('Data &#60;uji&#62;');
    expect(html).not.toContain('class="demo"');
  });

  it('writes the retrieval time in WIB with UTC beside it, as the site’s pages do, the instant in its datetime', () => {
    const html = renderReleasePage(
      { ...manifest, release: { ...manifest.release, retrievedAt: '2026-11-22T20:43:06.120Z' } } as SnapshotManifest,
      { previousRelease: null, initial: true, changed: false, datasets: [] },
    );
    // 20:43 UTC is 03:43 the next day in WIB: the date is WIB's too.
    expect(html).toContain(
      'data retrieved <time datetime="2026-11-22T20:43:06.120Z">2026-11-23 03:43 WIB (20:43 UTC)</time>',
    );
    expect(textOf(html)).toContain('retrieved 2026-11-23 03:43 WIB (20:43 UTC). https://example.org/');
    expect(html).not.toMatch(/>2026-11-22T/);
  });

  it('says no record changed, or gives the counts per dataset', () => {
    const same = renderReleasePage(manifest, {
      previousRelease: '2026-11-22',
      initial: false,
      changed: false,
      datasets: [],
    });
    expect(textOf(same)).toContain('No record changed since release 2026-11-22.');
    const changed = renderReleasePage(manifest, {
      previousRelease: '2026-11-22',
      initial: false,
      changed: true,
      datasets: [
        { dataset: 'turnout', added: 0, removed: 1, changed: 2 },
        { dataset: 'parties', added: 3, removed: 0, changed: 0 },
      ],
    });
    expect(textOf(changed)).toContain('Records changed since release 2026-11-22');
    expect(changed).toContain(
      '<tr><th scope="row"><code>turnout</code></th><td class="n">0</td><td class="n">2</td><td class="n">1</td></tr>',
    );
    expect(changed).toContain(
      '<tr><th scope="row"><code>parties</code></th><td class="n">3</td><td class="n">0</td><td class="n">0</td></tr>',
    );
  });
});
