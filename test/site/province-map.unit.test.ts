// The province maps' pure parts: the committed shapes and tile grid against the official province list, the sums per
// province, the classes, and the SVG (accessible name, one link per province with data, hatched "no data").
import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadOfficialRegions } from '../../scripts/datasets/regions/official-regions.ts';
import {
  binOf,
  classBins,
  DIVERGING_PALETTE,
  MAP_CALLOUTS,
  MAP_HEIGHT,
  MAP_WIDTH,
  PALETTE,
  provinceFigures,
  provincePaths,
  renderProvinceMap,
  renderTileGrid,
  roundBreak,
  shapeFigureCodes,
  TILE_GRID,
  womenShareBins,
  type MapBin,
  type MapDrawing,
} from '../../scripts/site/maps/province-map.ts';
import { binLegendLabel } from '../../scripts/site/maps/map-models.ts';
import { MAP_TEXT } from '../../scripts/site/maps/map-text.ts';
import { countColumn, type SiteRecord } from '../../scripts/site/site-data.ts';

const officialCodes = [...loadOfficialRegions().provinces.keys()].sort();
const shapesFile = new URL('../../scripts/site/maps/province-shapes.topo.json', import.meta.url);

function record(
  position: number,
  province: string | null,
  values: { male: number; female: number; dptb: number; dpk: number },
): SiteRecord {
  return {
    dataset: 'turnout',
    position,
    values: {
      province_code: province,
      dapil_id: province === null ? null : `${province}01`,
      [countColumn('total', 'male')]: values.male,
      [countColumn('total', 'female')]: values.female,
      [countColumn('total', 'total')]: values.male + values.female,
      [countColumn('dptb', 'total')]: values.dptb,
      [countColumn('dpk', 'total')]: values.dpk,
      [countColumn('dpt', 'total')]: values.male + values.female - values.dptb - values.dpk,
    },
  };
}

describe('the committed province shapes', () => {
  it('has one shape per official province, a compact file with its licence beside it', () => {
    expect([...provincePaths().keys()].sort()).toEqual(officialCodes);
    expect(officialCodes).toHaveLength(38);
    expect(statSync(shapesFile).size).toBeLessThan(40_000);
    expect(existsSync(new URL('../../scripts/site/maps/PROVINCE-SHAPES-LICENCE.md', import.meta.url))).toBe(true);
  });

  it('projects every province to whole-unit path commands inside the viewBox', () => {
    for (const [code, d] of provincePaths()) {
      expect(d, code).toMatch(/^M/);
      expect(d, code).toMatch(/^[Mlhvz0-9 -]+$/);
      // Absolute moves start every ring: they must fall inside the viewBox.
      for (const [, x, y] of d.matchAll(/M(-?\d+) (-?\d+)/g)) {
        expect(Number(x), code).toBeGreaterThanOrEqual(0);
        expect(Number(x), code).toBeLessThanOrEqual(MAP_WIDTH);
        expect(Number(y), code).toBeGreaterThanOrEqual(0);
        expect(Number(y), code).toBeLessThanOrEqual(MAP_HEIGHT);
      }
    }
    // Jakarta, the smallest, is still drawn (a few units wide, found on the tile grid).
    expect(provincePaths().get('31')?.length).toBeGreaterThan(5);
  });

  it('gives each official province one tile, no two on one square', () => {
    expect(Object.keys(TILE_GRID).sort()).toEqual(officialCodes);
    const squares = Object.values(TILE_GRID).map((tile) => `${tile.column},${tile.row}`);
    expect(new Set(squares).size).toBe(squares.length);
    const shorts = Object.values(TILE_GRID).map((tile) => tile.short);
    expect(new Set(shorts).size).toBe(shorts.length);
  });

  it('draws a province formed after an election with its former province, only when it has no figures itself', () => {
    const drawn = shapeFigureCodes(new Set(['91', '92', '11']));
    expect(drawn.get('93')).toBe('91');
    expect(drawn.get('95')).toBe('91');
    expect(drawn.get('96')).toBe('92');
    expect(drawn.get('11')).toBe('11');
    expect(drawn.has('12')).toBe(false);
    expect(shapeFigureCodes(new Set(['91', '93'])).get('93')).toBe('93');
  });
});

describe('province figures', () => {
  it('sums the records per province code and keeps the records without one apart', () => {
    const figures = provinceFigures(
      [
        record(0, '11', { male: 100, female: 120, dptb: 5, dpk: 6 }),
        record(1, '31', { male: 50, female: 30, dptb: 10, dpk: 0 }),
        record(2, '11', { male: 200, female: 180, dptb: 1, dpk: 8 }),
        record(3, null, { male: 7, female: 7, dptb: 0, dpk: 0 }),
      ],
      (code) => `P${code}`,
    );
    expect(figures.unplaced).toBe(1);
    expect(figures.provinces.map((figure) => [figure.code, figure.name, figure.records, figure.voters])).toEqual([
      ['11', 'P11', 2, 600],
      ['31', 'P31', 1, 80],
    ]);
    expect(figures.provinces[0]?.women).toBeCloseTo(300 / 600);
    expect(figures.provinces[0]?.outside).toBeCloseTo(20 / 600);
    expect(figures.provinces[1]?.outside).toBeCloseTo(10 / 80);
    expect(figures.provinces[0]?.dapilIds).toEqual(['1101']);
  });
});

describe('classes', () => {
  it('rounds breaks: counts to two significant digits, shares to 0.1 percentage point', () => {
    expect(roundBreak(1_234_567, 'voters')).toBe(1_200_000);
    expect(roundBreak(87, 'voters')).toBe(87);
    expect(roundBreak(0.51234, 'women')).toBe(0.512);
  });

  it('splits into up to five classes of equal counts, covering min to max, light to dark', () => {
    const bins = classBins([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 'voters');
    expect(bins.map((bin) => [bin.lower, bin.upper])).toEqual([
      [10, 30],
      [30, 50],
      [50, 70],
      [70, 90],
      [90, 100],
    ]);
    expect(bins.map((bin) => bin.colour)).toEqual([...PALETTE]);
    expect(binOf(bins, 10)).toBe(0);
    expect(binOf(bins, 29)).toBe(0);
    expect(binOf(bins, 30)).toBe(1);
    expect(binOf(bins, 100)).toBe(4);
  });

  it('makes fewer classes for fewer distinct values, and one for a single value', () => {
    expect(classBins([0.5, 0.5, 0.6], 'women')).toHaveLength(2);
    expect(classBins([7], 'voters')).toEqual([{ lower: 7, upper: 7, colour: PALETTE[2] }]);
    expect(classBins([], 'voters')).toEqual([]);
  });
});

describe('the SVG', () => {
  const drawing: MapDrawing = {
    id: 'm-voters',
    title: 'Peta & judul',
    description: 'Data untuk 2 dari 38 provinsi.',
    bins: classBins([80, 600], 'voters'),
    areas: officialCodes.map((code) =>
      code === '11' || code === '31'
        ? { code, bin: code === '11' ? 1 : 0, href: `#prov-${code}`, title: `P${code}` }
        : { code, bin: null, href: null, title: `P${code}: tidak ada data` },
    ),
  };

  for (const [name, svg, suffix] of [
    ['map', renderProvinceMap(drawing), ''],
    ['tile grid', renderTileGrid(drawing), '-g'],
  ] as const) {
    it(`${name}: an image named by its title and description, a link per province with data, hatched without`, () => {
      expect(svg).toMatch(
        new RegExp(
          `^<svg class="map" viewBox="[^"]+" role="group" aria-labelledby="m-voters${suffix}-t m-voters${suffix}-d">`,
        ),
      );
      expect(svg).toContain(`<title id="m-voters${suffix}-t">Peta &amp; judul</title>`);
      expect(svg).toContain(`<desc id="m-voters${suffix}-d">`);
      expect([...svg.matchAll(/<a href="([^"]+)">/g)].map((match) => match[1])).toEqual(['#prov-11', '#prov-31']);
      expect(svg.match(/<g class="nd">/g)).toHaveLength(36);
      expect(svg).toContain(`<pattern id="m-voters${suffix}-nd"`);
      // 36 shapes or squares without data; on the map DI Yogyakarta's callout disc is hatched as its shape is.
      expect(svg.match(new RegExp(`fill="url\\(#m-voters${suffix}-nd\\)"`, 'g'))).toHaveLength(suffix === '' ? 37 : 36);
      expect(svg).toContain(`fill="${PALETTE[4]}"`);
    });
  }

  it('gives DKI Jakarta and DI Yogyakarta a disc in the sea, inside their link, with a line to their shape', () => {
    const svg = renderProvinceMap(drawing);
    const jakarta = /<a href="#prov-31">(.*?)<\/a>/.exec(svg)?.[1] ?? '';
    expect(jakarta).toContain(`<circle class="callout" cx="290" cy="230" r="26" fill="${PALETTE[0]}"/>`);
    expect(jakarta).toContain('<path class="leader" d="M255 268L290 230"/>');
    expect(svg.match(/<circle /g)).toHaveLength(2);
    // Each disc is larger than its province's whole shape: 52 units across where Jakarta's shape spans 6.
    for (const callout of Object.values(MAP_CALLOUTS)) expect(callout.r * 2).toBeGreaterThanOrEqual(52);
  });

  it('classes the women’s share in five equal steps around 50%, the outer two open, the step in the legend', () => {
    const { step, bins } = womenShareBins([0.49, 0.512, 0.53]);
    expect(step).toBe(2);
    expect(bins.map((bin) => [bin.lower, bin.upper, bin.open ?? null])).toEqual([
      [0, 0.47, 'below'],
      [0.47, 0.49, null],
      [0.49, 0.51, null],
      [0.51, 0.53, null],
      [0.53, 1, 'above'],
    ]);
    expect(bins.map((bin) => bin.colour)).toEqual([...DIVERGING_PALETTE]);
    // A spread of four points fills three of the five classes, not all of them (quantile classes did).
    expect(new Set([0.49, 0.5, 0.512, 0.53].map((value) => binOf(bins, value))).size).toBe(3);
    expect(womenShareBins([0.499, 0.503]).step).toBe(1);
  });

  it('labels each tile with its abbreviation, white on the darkest class, black on the others', () => {
    const svg = renderTileGrid(drawing);
    expect(svg).toMatch(/<text [^>]*fill="#fff">AC<\/text>/);
    expect(svg).toMatch(/<text [^>]*fill="#000">JK<\/text>/);
  });
});

describe('the legend', () => {
  const bin = (lower: number, upper: number): MapBin => ({ lower, upper, colour: PALETTE[2] ?? '' });

  it('names a class from its bounds, the last one up to and including its upper bound', () => {
    expect(binLegendLabel('en', 'outside', bin(0.015, 0.02), false)).toBe('1.5% to under 2.0%');
    expect(binLegendLabel('en', 'outside', bin(0.02, 0.021), true)).toBe('2.0% to 2.1%');
    expect(binLegendLabel('id', 'voters', bin(1_875_264, 2_400_000), false)).toBe(
      '1.875.264 sampai di bawah 2.400.000',
    );
  });

  it('names one value where both bounds are written alike, never "2.2% to 2.2%"', () => {
    expect(binLegendLabel('en', 'outside', bin(0.022, 0.0224), true)).toBe('2.2%');
    expect(binLegendLabel('id', 'outside', bin(0.022, 0.0224), true)).toBe('2,2%');
    expect(binLegendLabel('en', 'voters', bin(50, 50), true)).toBe('50');
    expect(binLegendLabel('en', 'outside', bin(0.0196, 0.02), false)).toBe('below 2.0%');
    expect(binLegendLabel('id', 'outside', bin(0.0196, 0.02), false)).toBe('di bawah 2,0%');
  });
});

describe('the titles', () => {
  it('lower-cases only the first letter of a measure, keeping its abbreviations as written', () => {
    const outside = { id: MAP_TEXT.id.measures.outside, en: MAP_TEXT.en.measures.outside };
    expect(MAP_TEXT.id.mapTitle(outside.id, 2024)).toBe('Peta provinsi: bagian di luar DPT (DPTb dan DPK), 2024');
    expect(MAP_TEXT.en.gridTitle(outside.en, 2024)).toBe(
      'Tile map (one square per province): share outside the DPT (DPTb and DPK), 2024',
    );
    expect(MAP_TEXT.en.mapTitle(MAP_TEXT.en.measures.women, 2019)).toBe("Province map: women's share, 2019");
  });
});
