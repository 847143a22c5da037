// Sharing and finding, the pure parts (scripts/site/site-share.ts; times in WIB from site-format.ts): release names, party websites
// as safe links, the sitemap and robots.txt, absolute URLs, and the year and dapil pages' descriptions.
import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  dapilDescription,
  releaseName,
  robotsTxt,
  sitemapXml,
  websiteHref,
  yearDescription,
} from '../../scripts/site/site-share.ts';
import type { DapilView, Totals } from '../../scripts/site/site-data.ts';
import { formatDateTimeWib } from '../../scripts/site/site-format.ts';

describe('formatDateTimeWib', () => {
  it('says the time in WIB (UTC+7) with UTC beside it, in each language’s convention', () => {
    expect(formatDateTimeWib('id', '2026-11-22T03:43:06.120Z')).toBe('22 November 2026 pukul 10.43 WIB (03.43 UTC)');
    expect(formatDateTimeWib('en', '2026-11-22T03:43:06.120Z')).toBe('22 November 2026, 10:43 WIB (03:43 UTC)');
  });

  it('moves to the next day in WIB after 17:00 UTC', () => {
    expect(formatDateTimeWib('en', '2026-12-31T17:05:00Z')).toBe('1 January 2027, 00:05 WIB (17:05 UTC)');
  });

  it('returns a text that is no time as it is', () => {
    expect(formatDateTimeWib('en', 'not a time')).toBe('not a time');
  });
});

describe('releaseName', () => {
  it('names a release by its day, and its number that day', () => {
    expect(releaseName('id', '2026-11-23')).toBe('rilis 23 November 2026');
    expect(releaseName('id', '2026-11-23.2')).toBe('rilis 23 November 2026 (2)');
    expect(releaseName('en', '2026-11-23.2')).toMatch(/23 November 2026/);
    expect(releaseName('id', '2026-11-23.2-5b0d77aa')).toBe('rilis 23 November 2026 (2)');
    expect(releaseName('en', '2026-11-23-3f9a1c0e')).toBe('release of 23 November 2026');
  });

  it("says a demo build's release is one", () => {
    expect(releaseName('en', '2026-11-23-demo')).toBe('release of 23 November 2026 (demo)');
    expect(releaseName('id', '2026-11-23-demo.2')).toBe('rilis 23 November 2026 (2) (demo)');
  });

  it('returns an id of another shape as it is', () => {
    expect(releaseName('en', '20261123T150810792Z')).toBe('20261123T150810792Z');
  });
});

describe('websiteHref', () => {
  it.each([
    ['https://ppp.or.id/', 'https://ppp.or.id/'],
    ['www.nasdem.id', 'http://www.nasdem.id/'],
    ['pkb.id', 'http://pkb.id/'],
    ['javascript:alert(1)', null],
    ['Jl. Raya No. 1', null],
    ['http://user:pass@example.com/', null],
    ['', null],
  ])('%j → %j', (value, href) => {
    expect(websiteHref(value)).toBe(href);
  });
});

describe('sitemap and robots.txt', () => {
  it('lists every language version of each page under each, escaped', () => {
    const xml = sitemapXml([
      {
        urls: [
          { lang: 'id', url: 'https://example.org/a?x=1&y=2' },
          { lang: 'en', url: 'https://example.org/en/a' },
        ],
      },
    ]);
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain('<loc>https://example.org/a?x=1&amp;y=2</loc>');
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://example.org/en/a"/>');
  });

  it('names the sitemap in robots.txt only when there is one', () => {
    expect(robotsTxt('https://example.org/kpu/sitemap.xml')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://example.org/kpu/sitemap.xml\n',
    );
    expect(robotsTxt(null)).toBe('User-agent: *\nAllow: /\n');
  });

  it('makes root-relative paths absolute without adding the base twice', () => {
    expect(absoluteUrl('https://example.org/kpu/', '/kpu/', '/kpu/2014/')).toBe('https://example.org/kpu/2014/');
    expect(absoluteUrl('https://example.org/', '/', '/en/')).toBe('https://example.org/en/');
  });
});

describe('descriptions', () => {
  const totals: Totals = {
    total_male: { sum: 600_000, missing: 0, given: 3 },
    total_female: { sum: 650_000, missing: 0, given: 3 },
  };

  it('says the year’s voters, dapils and women’s share, in the page’s language', () => {
    expect(yearDescription('en', 2024, totals, 6, 18)).toBe(
      'Election 2024: 1,250,000 voters used their vote for the DPR in 6 dapils, 52.0% of them women. Figures by dapil, regency and party.',
    );
    expect(yearDescription('id', 2024, totals, 6, 18)).toBe(
      'Pemilu 2024: 1.250.000 pengguna hak pilih DPR di 6 dapil, 52,0% di antaranya perempuan. Angka per dapil, kabupaten/kota dan partai.',
    );
  });

  it('says a year without turnout records by its parties, never "– voters … in 0 dapils"', () => {
    expect(yearDescription('en', 2019, {}, 0, 20)).toBe(
      'Election 2019: the 20 parties contesting the DPR election and their profiles from the KPU; the data hold no voter figures for this year.',
    );
    expect(yearDescription('id', 2019, {}, 0, 20)).toBe(
      'Pemilu 2019: 20 partai peserta pemilu DPR dan profilnya dari KPU; data ini tidak memuat angka pengguna hak pilih untuk tahun ini.',
    );
    expect(yearDescription('en', 2009, {}, 0, 1)).toContain('the 1 party contesting');
    for (const lang of ['id', 'en'] as const) {
      const description = yearDescription(lang, 2009, {}, 0, 0);
      expect(description).not.toMatch(/\b0 /);
      // Search engines show 50 to 160 characters whole (site-checks.ts holds every page to it).
      expect(description.length).toBeGreaterThanOrEqual(50);
      expect(description.length).toBeLessThanOrEqual(160);
    }
  });

  it('says the dapil’s name, id, year, voters, regencies and women’s share', () => {
    const view = { year: 2019, dapilId: '1101', records: [{}, {}, {}], totals } as unknown as DapilView;
    expect(dapilDescription('en', 'ACEH I', view)).toBe(
      'ACEH I (dapil 1101), election 2019: 1,250,000 voters used their vote in 3 regencies, 52.0% of them women.',
    );
    expect(dapilDescription('id', 'ACEH I', view)).toBe(
      'ACEH I (dapil 1101), pemilu 2019: 1.250.000 pengguna hak pilih di 3 kabupaten/kota, 52,0% di antaranya perempuan.',
    );
  });
});
