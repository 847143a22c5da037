// The official regencies the source lacks inside the dapils it covers, as the real build publishes them: named in
// the quality report (JSON and Markdown) and on the dapil page in both languages; for the demo data (not compared
// with the official list), named nowhere.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QualityReport } from '../../scripts/check/quality-check.ts';
import { pagePath } from '../../scripts/site/site-routes.ts';
import { noticeSharedData } from '../support/shared-data.ts';
import { buildDemoSite, buildRealSite, type PublishedSite } from './site-fixtures.ts';

/** The visible text of an HTML page: tags dropped, the entities Astro writes decoded, white space collapsed. */
const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
    .trim();

async function readQuality(site: PublishedSite): Promise<{ json: QualityReport; markdown: string }> {
  const fileOf = (format: string) => {
    const file = site.manifest.files.find((entry) => entry.format === format);
    if (!file) throw new Error(`no ${format} in the manifest`);
    return path.join(site.distDir, 'data', file.path);
  };
  return {
    json: JSON.parse(await readFile(fileOf('quality-json'), 'utf8')) as QualityReport,
    markdown: await readFile(fileOf('quality-markdown'), 'utf8'),
  };
}

async function dapilPageText(site: PublishedSite, lang: 'id' | 'en', year: number, dapilId: string): Promise<string> {
  const file = path.join(site.distDir, pagePath(lang, { kind: 'dapil', year, dapilId }), 'index.html');
  return textOf(await readFile(file, 'utf8'));
}

describe('official regencies missing inside the dapils covered', () => {
  it('the demo build names none: its years are not compared', async () => {
    const site = await buildDemoSite();
    try {
      const { json, markdown } = await readQuality(site);
      const years = json.coverage?.years ?? [];
      expect(years.length).toBeGreaterThan(0);
      for (const year of years) expect(year).toMatchObject({ status: 'not-compared', incompleteDapils: [] });
      expect(markdown).not.toContain('regencies missing in the dapils covered');
    } finally {
      await site.close();
    }
  });

  it.runIf(noticeSharedData('the real data of the missing regencies'))(
    'the real build names them in the quality report and on the dapil pages of NTT II, Sulawesi Tengah and Papua',
    async () => {
      const site = await buildRealSite();
      try {
        const { json, markdown } = await readQuality(site);
        const year = json.coverage?.years.find((entry) => entry.year === 2014);
        expect(year?.incompleteDapils.map((dapil) => [dapil.id, dapil.official, dapil.missing.length])).toEqual([
          ['5302', 11, 10],
          ['7201', 11, 10],
          ['9101', 29, 28],
        ]);
        expect(markdown).toContain(
          '### 2014: kabupaten/kota tanpa data di dapil yang tercakup / regencies missing in the dapils covered (48)',
        );
        expect(markdown).toMatch(/\| 9101 PAPUA \| 1 \/ 29 \| 9301 MERAUKE, .*\|/);

        const papuaEn = await dapilPageText(site, 'en', 2014, '9101');
        expect(papuaEn).toContain(
          "1 of the official list's 29 regencies of this dapil; missing from the source: MERAUKE (9301), ",
        );
        const papuaId = await dapilPageText(site, 'id', 2014, '9101');
        expect(papuaId).toContain(
          '1 dari 29 kabupaten/kota dapil ini dalam daftar resmi; tanpa data dari sumber: MERAUKE (9301), ',
        );
        const missing = year?.incompleteDapils.find((dapil) => dapil.id === '9101')?.missing ?? [];
        for (const regency of missing) expect(papuaEn).toContain(`${regency.name} (${regency.code})`);
        expect(await dapilPageText(site, 'en', 2014, '7201')).toContain(
          "1 of the official list's 11 regencies of this dapil; missing from the source:",
        );
        // A dapil the source covers in full says nothing of it.
        expect(await dapilPageText(site, 'en', 2014, '1101')).not.toContain('missing from the source');
      } finally {
        await site.close();
      }
    },
  );
});
