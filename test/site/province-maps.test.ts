// The province maps of the demo site, read from the published pages as a user's tools would: the year page has the
// maps, a link per province with data, the legend, and a table whose figures equal the sums of the year's published
// records; the home page's map links to the provinces' rows on the year page.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDemoWorld } from './site-fixtures.ts';

interface TurnoutRecord {
  province_code: string | null;
  total_male: number | null;
  total_female: number | null;
  total_voters: number | null;
  dptb_total: number | null;
  dpk_total: number | null;
}

/** The year's records summed per province code, as the map table should show them. */
function sumsByProvince(
  records: readonly TurnoutRecord[],
): Map<string, { voters: number; women: number; outside: number }> {
  const sums = new Map<string, { male: number; female: number; voters: number; outside: number }>();
  for (const record of records) {
    if (record.province_code === null) continue;
    const entry = sums.get(record.province_code) ?? { male: 0, female: 0, voters: 0, outside: 0 };
    entry.male += record.total_male ?? 0;
    entry.female += record.total_female ?? 0;
    entry.voters += record.total_voters ?? 0;
    entry.outside += (record.dptb_total ?? 0) + (record.dpk_total ?? 0);
    sums.set(record.province_code, entry);
  }
  return new Map(
    [...sums].map(([code, entry]) => [
      code,
      {
        voters: entry.voters,
        women: entry.female / (entry.male + entry.female),
        outside: entry.outside / entry.voters,
      },
    ]),
  );
}

/** The SVGs of the maps section, in page order. */
function mapSvgs(html: string): string[] {
  const section = html.slice(Math.max(0, html.indexOf('<section class="maps"')));
  return [...section.matchAll(/<svg class="map"[\s\S]*?<\/svg>/g)].map((match) => match[0]);
}

describe('province maps on the demo site', () => {
  for (const [lang, prefix, noData] of [
    ['id', '', 'tidak ada data'],
    ['en', 'en/', 'no data'],
  ] as const) {
    it(`(${lang}) the year page: three measures, each a map and a tile grid linking every province with data, a legend, a table equal to the records`, async () => {
      const world = await sharedDemoWorld();
      const records = JSON.parse(
        await readFile(path.join(world.distDir, 'data/2024/kpu-dpr-turnout-by-sex-2024.json'), 'utf8'),
      ) as TurnoutRecord[];
      const expected = sumsByProvince(records);
      expect(expected.size).toBeGreaterThan(0);
      const html = await readFile(path.join(world.distDir, prefix, '2024/index.html'), 'utf8');
      const svgs = mapSvgs(html);
      expect(svgs).toHaveLength(6);
      for (const svg of svgs) {
        expect(svg).toMatch(/role="group" aria-labelledby="([^" ]+) ([^" ]+)"/);
        const [, titleId, descId] = /aria-labelledby="([^" ]+) ([^" ]+)"/.exec(svg) ?? [];
        expect(svg).toContain(`<title id="${titleId ?? ''}">`);
        expect(svg).toContain(`<desc id="${descId ?? ''}">`);
        const links = new Set([...svg.matchAll(/<a href="#prov-(\d+)">/g)].map((match) => match[1]));
        expect([...links].sort()).toEqual([...expected.keys()].sort());
      }
      expect(html.match(/<div class="legend"/g)).toHaveLength(3);
      expect(html).toContain(noData);
      for (const [code, sums] of expected) {
        const row = new RegExp(`<tr id="prov-${code}"[^>]*>([\\s\\S]*?)</tr>`).exec(html)?.[1];
        expect(row, code).toBeDefined();
        const value = (measure: string) =>
          Number(new RegExp(`data-measure="${measure}" data-v="([^"]+)"`).exec(row ?? '')?.[1]);
        expect(value('voters'), code).toBe(sums.voters);
        expect(value('women'), code).toBeCloseTo(sums.women, 12);
        expect(value('outside'), code).toBeCloseTo(sums.outside, 12);
      }
    });
  }

  it('the home page: the latest year’s voters map, each province with data linking to its row on the year page', async () => {
    const world = await sharedDemoWorld();
    const home = await readFile(path.join(world.distDir, 'index.html'), 'utf8');
    const year = await readFile(path.join(world.distDir, '2024/index.html'), 'utf8');
    const svgs = mapSvgs(home);
    expect(svgs).toHaveLength(2);
    const targets = [...(svgs[0] ?? '').matchAll(/<a href="\/2024\/#(prov-\d+)">/g)].map((match) => match[1]);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(year).toContain(`<tr id="${target ?? ''}"`);
  });
});
