// KPU_SITE_URL, KPU_SOURCE_URL and KPU_REPORT_URL: published addresses (datapackage.json, the citations, every page's
// footer), so only absolute http(s) URLs without credentials (and, but for the report link's, without a query), the
// site's always ending in "/"; unset, they are null.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../scripts/config.ts';

describe('the published addresses', () => {
  it('are null when unset, and the site URL ends in "/"', () => {
    expect(loadConfig({}, '/tmp')).toMatchObject({ siteUrl: null, sourceUrl: null });
    const config = loadConfig(
      { KPU_SITE_URL: 'https://example.org/kpu-data', KPU_SOURCE_URL: 'https://opendata.kpu.go.id/api' },
      '/tmp',
    );
    expect(config).toMatchObject({
      siteUrl: 'https://example.org/kpu-data/',
      sourceUrl: 'https://opendata.kpu.go.id/api',
    });
  });

  it.each([
    ['KPU_SITE_URL', 'example.org/kpu'],
    ['KPU_SITE_URL', 'ftp://example.org/'],
    ['KPU_SOURCE_URL', 'https://user:secret@api.example.org/'],
    ['KPU_SOURCE_URL', 'https://api.example.org/?key=secret'],
    ['KPU_REPORT_URL', 'mailto:data@example.org'],
    ['KPU_REPORT_URL', 'tracker.example.org/issues/new'],
    ['KPU_REPORT_URL', 'https://user:secret@tracker.example.org/issues/new'],
  ])('refuse %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value }, '/tmp')).toThrow(name);
    // Never repeated: it may hold credentials.
    expect(() => loadConfig({ [name]: value }, '/tmp')).not.toThrow(value);
  });

  it('take the report link as given, a query included (a form or a new-issue page takes its fields there)', () => {
    expect(loadConfig({}, '/tmp').reportUrl).toBeNull();
    expect(loadConfig({ KPU_REPORT_URL: ' ' }, '/tmp').reportUrl).toBeNull();
    expect(loadConfig({ KPU_REPORT_URL: 'https://github.com/org/kpu/issues/new?labels=data' }, '/tmp').reportUrl).toBe(
      'https://github.com/org/kpu/issues/new?labels=data',
    );
  });

  it("takes the site's base path from KPU_SITE_URL when KPU_SITE_BASE is unset, and refuses the two disagreeing", () => {
    expect(loadConfig({}, '/tmp').siteBase).toBe('/');
    expect(loadConfig({ KPU_SITE_BASE: '/kpu/' }, '/tmp').siteBase).toBe('/kpu/');
    expect(loadConfig({ KPU_SITE_URL: 'https://example.org/kpu/' }, '/tmp').siteBase).toBe('/kpu/');
    expect(loadConfig({ KPU_SITE_URL: 'https://example.org/kpu' }, '/tmp').siteBase).toBe('/kpu/');
    expect(loadConfig({ KPU_SITE_URL: 'https://example.org' }, '/tmp').siteBase).toBe('/');
    expect(loadConfig({ KPU_SITE_URL: 'https://example.org/kpu/', KPU_SITE_BASE: '/kpu/' }, '/tmp').siteBase).toBe(
      '/kpu/',
    );
    for (const base of ['/', '/other/'])
      expect(() => loadConfig({ KPU_SITE_URL: 'https://example.org/kpu/', KPU_SITE_BASE: base }, '/tmp')).toThrow(
        expect.objectContaining({
          code: 'CONFIG_INVALID',
          message: expect.stringMatching(`KPU_SITE_BASE is "${base}" but KPU_SITE_URL's path is "/kpu/"`) as string,
        }),
      );
    expect(() => loadConfig({ KPU_SITE_URL: 'https://example.org/a%20b/' }, '/tmp')).toThrow('KPU_SITE_URL');
  });
});
