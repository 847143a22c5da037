// The site built by `npm run build` from the stand-in upstream serving the real published files of
// ../shared/data/canonical (never copied here), in Chromium: every shared check, and the records the
// source got wrong marked on their pages. Skipped, loudly, when the shared data is absent.
import { describe, expect, it } from 'vitest';
import { noticeSharedData } from '../support/shared-data.ts';
import { buildRealSite } from './site-fixtures.ts';
import { defineSiteSuite } from './site-suite.ts';

describe.skipIf(!noticeSharedData('the site built from the real data files'))('site from the real data files', () => {
  const suite = defineSiteSuite('real', buildRealSite, {
    screenshots: ['/2014/', '/2014/dapil/5302/', '/en/2014/dapil/1202/', '/2024/partai/1/', '/en/2019/party/1/'],
    // axe on a sample of every kind of page in both languages: every page whose template is its own, and of each
    // shared template (dapil, party, year, codebook; Indonesian, English) three spread over the list, the two largest
    // and every one with a flagged record.
    axeSample: { perKind: 3, largest: 2 },
  });

  it('marks the records that break the sums, and explains the broken rules', async () => {
    const page = await suite.browser().newPage();
    try {
      await page.goto(new URL('en/2014/dapil/5302/', suite.site().server.url).href);
      const row = page.locator('table[data-sortable] tbody tr', { hasText: 'SUMBA BARAT DAYA' });
      expect(await row.getAttribute('class')).toBe('flagged');
      const note = await page.locator('section[aria-labelledby="catatan"]').textContent();
      expect(note).toContain('dpt-sex-sum');
      expect(note).toContain('DPT: male + female = both');
    } finally {
      await page.close();
    }
  });

  it('links a party to the same party in other years by its party_id', async () => {
    const page = await suite.browser().newPage();
    try {
      // PKB: ballot 2 in 2014, 1 in 2019 ("PARTAI KEBANGKITAN BANGSA") and 1 in 2024.
      await page.goto(new URL('2014/partai/2/', suite.site().server.url).href);
      const links = await page.$$eval('main a[href*="/partai/"]', (anchors) =>
        anchors.map((anchor) => anchor.getAttribute('href')),
      );
      expect(links).toEqual(expect.arrayContaining(['/2019/partai/1/', '/2024/partai/1/']));
    } finally {
      await page.close();
    }
  });
});
