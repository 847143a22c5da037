// Choropleth maps of Indonesia's provinces drawn at build time as SVG text (docs/site.md, "Province maps"): the
// figures per province and year from the turnout records, classed bins, the geographic map (the project's simplified
// shapes, province-shapes.topo.json, projected with d3-geo) and a tile grid (one equal square per province) so the
// small provinces stay findable. Pure: no file is read but the official province list (the shapes are imported).
import { geoMercator, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { loadOfficialRegions, PROVINCE_SPLITS } from '../../datasets/regions/official-regions.ts';
import { dapilPagesDataset } from '../../datasets/datasets.ts';
import { countColumn, sumCounts, textValue, type SiteRecord, type Totals } from '../site-data.ts';
import { womenShare } from '../site-sentences.ts';
import { escapeXml } from '../svg-charts.ts';
// Imported, not read from disk: the site's bundle moves this module away from the file.
import shapes from './province-shapes.topo.json' with { type: 'json' };

export const MAP_MEASURES = ['voters', 'women', 'outside'] as const;
export type MapMeasure = (typeof MAP_MEASURES)[number];

/** One province's figures in one year: sums of its turnout records (null shares when a sum is unknown). */
export interface ProvinceFigure {
  code: string;
  /** The official list's name ("Daerah Istimewa Yogyakarta"). */
  name: string;
  records: number;
  totals: Totals;
  /** Voters who voted, all lists, both sexes. */
  voters: number;
  /** Women's share of the voters (female / (male + female)), or null. */
  women: number | null;
  /** (DPTb + DPK) / all lists, or null when the total is 0. */
  outside: number | null;
  /** Dapil ids of the province's records, in the records' order. */
  dapilIds: string[];
}

export interface YearMapFigures {
  /** Provinces with at least one record, by code. */
  provinces: ProvinceFigure[];
  /** Records without a province code (flagged by region-code-match): in the year's totals, on no map. */
  unplaced: number;
}

const VOTERS = countColumn('total', 'total');

/** The measure's value of a province (null: unknown, drawn as no data). */
export function measureValue(figure: ProvinceFigure, measure: MapMeasure): number | null {
  return figure[measure];
}

/** Per province (Kemendagri code: the records' `province_code`, the province at the time of the election) sums. */
export function provinceFigures(
  records: readonly SiteRecord[],
  provinceName: (code: string) => string,
): YearMapFigures {
  const { provinceCode = '', pageKey } = dapilPagesDataset().roles;
  const codeOf = (record: SiteRecord): string | null => textValue(record, provinceCode);
  // Map.groupBy appends in place: rebuilding each group's array per record was quadratic (109 s of a 277 s site
  // build at a million records).
  const byCode = Map.groupBy(records, codeOf);
  const unplaced = byCode.get(null)?.length ?? 0;
  byCode.delete(null);
  const provinces = [...(byCode as Map<string, SiteRecord[]>).entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, group]): ProvinceFigure => {
      const totals = sumCounts(group);
      const voters = totals[VOTERS]?.sum ?? 0;
      const outsideCount =
        (totals[countColumn('dptb', 'total')]?.sum ?? 0) + (totals[countColumn('dpk', 'total')]?.sum ?? 0);
      return {
        code,
        name: provinceName(code),
        records: group.length,
        totals,
        voters,
        women: womenShare({
          male: totals[countColumn('total', 'male')]?.sum ?? null,
          female: totals[countColumn('total', 'female')]?.sum ?? null,
        }),
        outside: voters === 0 ? null : outsideCount / voters,
        dapilIds: [...new Set(group.map((record) => textValue(record, pageKey) ?? ''))].filter((id) => id !== ''),
      };
    });
  return { provinces, unplaced };
}

/** A class of the legend: values v with lower <= v < upper (the last class includes its upper bound). */
export interface MapBin {
  lower: number;
  upper: number;
  colour: string;
  /** An outer class of a scale with a stated range: its legend names only its inner bound ("below 47%"). */
  open?: 'below' | 'above';
}

/**
 * ColorBrewer YlGnBu, 5 classes (colour-blind safe, sequential; Cynthia Brewer, colorbrewer2.org). Light to dark.
 * Fewer classes take the darker end's spread: 2 → [0, 4], 3 → [0, 2, 4], 4 → [0, 1, 3, 4].
 */
export const PALETTE = ['#ffffcc', '#a1dab4', '#41b6c4', '#2c7fb8', '#253494'] as const;
const PALETTE_PICKS: Record<number, readonly number[]> = {
  1: [2],
  2: [0, 4],
  3: [0, 2, 4],
  4: [0, 1, 3, 4],
  5: [0, 1, 2, 3, 4],
};

/** Rounds a class break so the legend reads well: shares to 0.1 percentage point, counts to two significant digits. */
export function roundBreak(value: number, measure: MapMeasure): number {
  if (measure !== 'voters') return Math.round(value * 1000) / 1000;
  if (value <= 0) return 0;
  const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 1);
  return Math.round(value / magnitude) * magnitude;
}

/**
 * Up to five classes of equal counts (quantiles of the provinces' values), with rounded breaks; fewer when there are
 * fewer distinct values. Example: voters [10, 20, 30, 40, 50] → [10, 20), [20, 30), [30, 40), [40, 50), [50, 50].
 */
export function classBins(values: readonly number[], measure: MapMeasure): MapBin[] {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const min = sorted[0] ?? 0;
  const max = sorted.at(-1) ?? 0;
  const count = Math.min(5, new Set(sorted).size);
  const breaks: number[] = [];
  for (let index = 1; index < count; index += 1) {
    const previous = breaks.at(-1) ?? min;
    let value = roundBreak(sorted[Math.floor((index * sorted.length) / count)] ?? max, measure);
    // A run of equal values can put the quantile on the previous edge: the next value above it starts the class.
    if (value <= previous) value = roundBreak(sorted.find((candidate) => candidate > previous) ?? max, measure);
    if (value > previous && value <= max) breaks.push(value);
  }
  const edges = [min, ...breaks, max];
  const picks = PALETTE_PICKS[edges.length - 1] ?? PALETTE_PICKS[1] ?? [2];
  return edges.slice(0, -1).map((lower, index) => ({
    lower,
    upper: edges[index + 1] ?? max,
    colour: PALETTE[picks[index] ?? 2] ?? PALETTE[2],
  }));
}

/**
 * ColorBrewer PuOr, 5 classes (diverging, colour-blind safe): orange where men outnumber women, purple where women
 * outnumber men, the middle class (about as many of each) near white.
 */
export const DIVERGING_PALETTE = ['#e66101', '#fdb863', '#f7f7f7', '#b2abd2', '#5e3c99'] as const;

/**
 * The women's-share map's classes: five of equal width centred on 50% (the middle one holds 50%), the outer two open
 * (`lower` 0 and `upper` 1); `step` in percentage points: 1, or the round number (1, 2, 5 …) that keeps the furthest
 * province within the classes either side of the middle. Quantile classes drew a spread of four points (49% to 53%)
 * as the full scale; here a small spread stays in a few classes near the middle. Example: [0.49, 0.53] → step 2:
 * below 47%, 47–49%, 49–51%, 51–53%, 53% and above.
 */
export function womenShareBins(values: readonly number[]): { step: number; bins: MapBin[] } {
  const reach = Math.max(0, ...values.map((value) => Math.abs(value - 0.5) * 100));
  const step = Math.max(1, roundUp(reach / 2.5));
  const edge = (classes: number): number => Math.round((50 + classes * step) * 10) / 1000;
  const edges = [0, edge(-1.5), edge(-0.5), edge(0.5), edge(1.5), 1];
  return {
    step,
    bins: DIVERGING_PALETTE.map((colour, index) => ({
      lower: edges[index] ?? 0,
      upper: edges[index + 1] ?? 1,
      colour,
      ...(index === 0
        ? { open: 'below' as const }
        : index === DIVERGING_PALETTE.length - 1
          ? { open: 'above' as const }
          : {}),
    })),
  };
}

/** The smallest of 1, 2, 5 × 10^k at or above a positive value. */
function roundUp(value: number): number {
  if (value <= 0) return 0;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((candidate) => candidate * magnitude >= value - 1e-9) ?? 10) * magnitude;
}

/** The class of a value (the last class that starts at or below it). */
export function binOf(bins: readonly MapBin[], value: number): number {
  let found = 0;
  bins.forEach((bin, index) => {
    if (value >= bin.lower) found = index;
  });
  return found;
}

/** One province as drawn: its code, the fill's class (null: no data), the link and the hover title. */
export interface MapArea {
  code: string;
  bin: number | null;
  href: string | null;
  title: string;
}

export interface MapDrawing {
  /** Unique within the page (ids of the title, description and hatch pattern). */
  id: string;
  title: string;
  description: string;
  bins: readonly MapBin[];
  areas: readonly MapArea[];
}

// --- shapes -------------------------------------------------------------------------------------------------------

export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 380;

let projected: ReadonlyMap<string, string> | undefined;

/**
 * An SVG path from d3-geo's path stream, with coordinates rounded to whole units of the viewBox and relative moves
 * after the first point of a ring (about half the bytes of d3's own absolute, three-decimal output). Repeated points
 * after rounding are dropped; a ring reduced to fewer than 3 points is kept as a 1-unit dot so no island vanishes.
 */
function compactPathContext(): { context: Parameters<ReturnType<typeof geoPath>['context']>[0]; result: () => string } {
  let out = '';
  let ring: Array<[number, number]> = [];
  const flush = (): void => {
    if (ring.length === 0) return;
    const [startX, startY] = ring[0] ?? [0, 0];
    let text = `M${startX} ${startY}`;
    let [lastX, lastY] = [startX, startY];
    let kept = 1;
    for (const [x, y] of ring.slice(1)) {
      if (x === lastX && y === lastY) continue;
      text += `l${x - lastX} ${y - lastY}`;
      [lastX, lastY] = [x, y];
      kept += 1;
    }
    out += kept < 3 ? `M${startX} ${startY}h1v1h-1z` : `${text}z`;
    ring = [];
  };
  return {
    context: {
      beginPath() {
        // Rings start with moveTo.
      },
      moveTo(x: number, y: number) {
        flush();
        ring.push([Math.round(x), Math.round(y)]);
      },
      lineTo(x: number, y: number) {
        ring.push([Math.round(x), Math.round(y)]);
      },
      closePath() {
        flush();
      },
      arc() {
        throw new Error('province shapes have no circles');
      },
    },
    result: () => {
      flush();
      return out;
    },
  };
}

/** Every province's SVG path (`d`), by code: the committed shapes, Mercator fitted to the viewBox. Computed once. */
export function provincePaths(): ReadonlyMap<string, string> {
  if (projected) return projected;
  const topology = shapes as unknown as Topology<{ provinces: GeometryCollection }>;
  const collection = feature(topology, topology.objects.provinces);
  const projection = geoMercator().fitExtent(
    [
      [2, 2],
      [MAP_WIDTH - 2, MAP_HEIGHT - 2],
    ],
    collection as GeoPermissibleObjects,
  );
  const paths = new Map<string, string>();
  for (const province of collection.features) {
    const { context, result } = compactPathContext();
    geoPath(projection, context)(province);
    paths.set(String(province.id), result());
  }
  projected = paths;
  return paths;
}

/** The official name of every province, by code (the 38 of today's list). */
export function provinceNames(): ReadonlyMap<string, string> {
  return new Map([...loadOfficialRegions().provinces.values()].map((province) => [province.code, province.name]));
}

/** The province a shape belonged to before the splits of 2012 and 2022 ("93" → "91"); itself when it was not split. */
function formerProvinceOf(code: string): string {
  return Object.entries(PROVINCE_SPLITS).find(([, splits]) => splits.includes(code))?.[0] ?? code;
}

/**
 * The shape codes drawn for a year's figures: a province formed after the election (Papua Selatan in 2019) has no
 * figures of its own; its shape takes its former province's (drawn and linked as that province), so the old province
 * is shown whole. Returns shape code → figure code, for the shapes with figures.
 */
export function shapeFigureCodes(figureCodes: ReadonlySet<string>): Map<string, string> {
  const map = new Map<string, string>();
  for (const code of provincePaths().keys()) {
    if (figureCodes.has(code)) map.set(code, code);
    else {
      const former = formerProvinceOf(code);
      if (former !== code && figureCodes.has(former)) map.set(code, former);
    }
  }
  return map;
}

// --- tile grid -----------------------------------------------------------------------------------------------------

/** One square per province, laid out roughly as the map (column, row), with a two-letter abbreviation. */
export const TILE_GRID: Readonly<Record<string, { column: number; row: number; short: string }>> = {
  '11': { column: 0, row: 0, short: 'AC' },
  '12': { column: 0, row: 1, short: 'SU' },
  '14': { column: 1, row: 1, short: 'RI' },
  '21': { column: 2, row: 1, short: 'KR' },
  '13': { column: 0, row: 2, short: 'SB' },
  '15': { column: 1, row: 2, short: 'JA' },
  '19': { column: 2, row: 2, short: 'BB' },
  '17': { column: 0, row: 3, short: 'BE' },
  '16': { column: 1, row: 3, short: 'SS' },
  '18': { column: 1, row: 4, short: 'LA' },
  '36': { column: 2, row: 4, short: 'BT' },
  '31': { column: 3, row: 3, short: 'JK' },
  '32': { column: 3, row: 4, short: 'JB' },
  '33': { column: 4, row: 4, short: 'JT' },
  '34': { column: 4, row: 5, short: 'YO' },
  '35': { column: 5, row: 4, short: 'JI' },
  '51': { column: 6, row: 4, short: 'BA' },
  '52': { column: 7, row: 4, short: 'NB' },
  '53': { column: 8, row: 4, short: 'NT' },
  '61': { column: 4, row: 1, short: 'KB' },
  '65': { column: 5, row: 0, short: 'KU' },
  '64': { column: 5, row: 1, short: 'KI' },
  '62': { column: 4, row: 2, short: 'KT' },
  '63': { column: 5, row: 2, short: 'KS' },
  '75': { column: 7, row: 0, short: 'GO' },
  '71': { column: 8, row: 0, short: 'SA' },
  '72': { column: 7, row: 1, short: 'ST' },
  '76': { column: 6, row: 2, short: 'SR' },
  '73': { column: 7, row: 2, short: 'SN' },
  '74': { column: 8, row: 2, short: 'SG' },
  '82': { column: 9, row: 1, short: 'MU' },
  '81': { column: 9, row: 2, short: 'MA' },
  '96': { column: 10, row: 1, short: 'PD' },
  '92': { column: 11, row: 1, short: 'PB' },
  '94': { column: 11, row: 2, short: 'PT' },
  '91': { column: 12, row: 1, short: 'PA' },
  '95': { column: 12, row: 2, short: 'PP' },
  '93': { column: 12, row: 3, short: 'PS' },
};
const TILE = 40;
const TILE_COLUMNS = 13;
const TILE_ROWS = 6;

// --- SVG -----------------------------------------------------------------------------------------------------------

/**
 * White text on the darkest class, black on the others: each at least 4.5:1 against its tile (WCAG 1.4.3; the
 * labels are about 11 px on a phone). On #2c7fb8 white reaches 4.4:1 and black 4.8:1; on #e66101 black 5.2:1.
 */
function labelColour(colour: string): string {
  return colour === PALETTE[4] || colour === DIVERGING_PALETTE[4] ? '#fff' : '#000';
}

function hatch(id: string): string {
  return `<defs><pattern id="${id}-nd" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#eee"/><path d="M0 0v6" stroke="#888" stroke-width="2"/></pattern></defs>`;
}

function fillOf(drawing: MapDrawing, area: MapArea): string {
  return area.bin === null ? `url(#${drawing.id}-nd)` : (drawing.bins[area.bin]?.colour ?? '#ccc');
}

/** A shape or tile, linked when the province has a place to go to, with its title for pointer users. */
function linked(area: MapArea, shape: string): string {
  const title = `<title>${escapeXml(area.title)}</title>`;
  return area.href === null
    ? `<g class="nd">${title}${shape}</g>`
    : `<a href="${escapeXml(area.href)}">${title}${shape}</a>`;
}

function svgOpen(drawing: MapDrawing, suffix: string, width: number, height: number): string {
  const id = `${drawing.id}${suffix}`;
  return `<svg class="map" viewBox="0 0 ${width} ${height}" role="group" aria-labelledby="${id}-t ${id}-d"><title id="${id}-t">${escapeXml(drawing.title)}</title><desc id="${id}-d">${escapeXml(drawing.description)}</desc>${hatch(id)}`;
}

/**
 * Callouts of the provinces too small to find or tap on the geographic map (DKI Jakarta is 6 × 6 units, 2 × 2 px on a
 * phone; DI Yogyakarta 18 × 15 units): a disc in the sea beside the province, filled like it and part of its link,
 * with a line to its shape. In the viewBox's units, placed on the committed shapes clear of the other provinces.
 */
export const MAP_CALLOUTS: Readonly<Record<string, { x: number; y: number; r: number; from: [number, number] }>> = {
  '31': { x: 290, y: 230, r: 26, from: [255, 268] },
  '34': { x: 318, y: 352, r: 26, from: [332, 312] },
};

/** The geographic map: every province's shape, filled by its class, hatched grey without data. */
export function renderProvinceMap(drawing: MapDrawing): string {
  const paths = provincePaths();
  const shapes = drawing.areas
    .map((area) => {
      const d = paths.get(area.code);
      if (d === undefined) throw new Error(`no shape for province ${area.code}`);
      const fill = area.bin === null ? `url(#${drawing.id}-nd)` : fillOf(drawing, area);
      const callout = MAP_CALLOUTS[area.code];
      const disc =
        callout === undefined
          ? ''
          : `<path class="leader" d="M${callout.from[0]} ${callout.from[1]}L${callout.x} ${callout.y}"/><circle class="callout" cx="${callout.x}" cy="${callout.y}" r="${callout.r}" fill="${fill}"/>`;
      return linked(area, `<path d="${d}" fill="${fill}"/>${disc}`);
    })
    .join('');
  return `${svgOpen(drawing, '', MAP_WIDTH, MAP_HEIGHT)}${shapes}</svg>`;
}

/** The tile grid: one equal square per province, with its abbreviation. */
export function renderTileGrid(drawing: MapDrawing): string {
  const tiles = drawing.areas
    .map((area) => {
      const tile = TILE_GRID[area.code];
      if (tile === undefined) throw new Error(`no tile for province ${area.code}`);
      const x = tile.column * TILE;
      const y = tile.row * TILE;
      const fill = drawing.id === '' ? '' : area.bin === null ? `url(#${drawing.id}-g-nd)` : fillOf(drawing, area);
      const colour = area.bin === null ? '#000' : labelColour(fill);
      return linked(
        area,
        `<rect x="${x + 1}" y="${y + 1}" width="${TILE - 2}" height="${TILE - 2}" fill="${fill}"/><text x="${x + TILE / 2}" y="${y + 26}" fill="${colour}">${tile.short}</text>`,
      );
    })
    .join('');
  return `${svgOpen(drawing, '-g', TILE * TILE_COLUMNS, TILE * TILE_ROWS)}${tiles}</svg>`;
}
