// What a page's province maps show, in one language: per measure the geographic map and the tile grid (SVG text),
// the legend's classes, and the text alternative's rows (the same figures, with each province's dapils). The
// component site/src/components/province-maps.astro only lays these out.
import type { FigureData } from '../figure-files.ts';
import { compareIdentifiers, hasTurnout, type SiteData, type YearView } from '../site-data.ts';
import { formatCount, formatPercent } from '../site-format.ts';
import { pagePath, type Lang } from '../site-routes.ts';
import { COMMON_TEXT } from '../texts/common-text.ts';
import { READING_TEXT } from '../texts/reading-text.ts';
import { MAP_TEXT } from './map-text.ts';
import {
  binOf,
  classBins,
  MAP_MEASURES,
  measureValue,
  provinceFigures,
  provinceNames,
  renderProvinceMap,
  renderTileGrid,
  shapeFigureCodes,
  TILE_GRID,
  womenShareBins,
  type MapArea,
  type MapBin,
  type MapDrawing,
  type MapMeasure,
  type ProvinceFigure,
  type YearMapFigures,
} from './province-map.ts';

interface MapLegendItem {
  /** The class's colour; null for "no data" (the hatched grey). */
  colour: string | null;
  label: string;
}

interface MeasureMap {
  measure: MapMeasure;
  /** The anchor of the measure's section on the page. */
  anchor: string;
  heading: string;
  map: string;
  grid: string;
  /** What the classes are: equal counts of provinces, or the women's share's equal widths around 50%. */
  legendNote: string;
  legend: MapLegendItem[];
  /** The geographic map's title and text alternative, and the figures it draws (its CSV to take away). */
  title: string;
  /** The tile grid's title; its text alternative and figures are the map's (every province, one square each). */
  gridTitle: string;
  description: string;
  data: FigureData;
}

/** A map's CSV column of each measure: the name of the value it draws. */
const MEASURE_COLUMN: Record<MapMeasure, string> = {
  voters: 'voters',
  women: 'female_share',
  outside: 'outside_dpt_share',
};

interface MapTableRow {
  code: string;
  /** The row's id: where the maps' links of this province go. */
  anchor: string;
  name: string;
  /** Each measure's exact value (`data-v`) and its text. */
  cells: Array<{ measure: MapMeasure; value: number | null; text: string }>;
  dapils: Array<{ id: string; path: string }>;
}

export interface ProvinceMaps {
  year: number;
  maps: MeasureMap[];
  rows: MapTableRow[];
  /** The provinces drawn as "no data", by name. */
  noData: string[];
  /** Shapes drawn with their former province's figures (Papua Selatan in 2019 → Papua), by name. */
  former: Array<{ name: string; formerName: string }>;
  /** Records of the year without a province code: counted in the totals, on no map. */
  unplaced: number;
  /** The tile grid's key: each square's two letters and its province's name, in the grid's reading order. */
  tileKey: Array<{ short: string; name: string }>;
}

/** The anchor of a province's row in the year page's map table. */
function provinceAnchor(code: string): string {
  return `prov-${code}`;
}

/** A measure's value as the pages write it: "1.234.567" or "50,6%". */
function formatMeasure(lang: Lang, measure: MapMeasure, value: number): string {
  return measure === 'voters' ? formatCount(lang, value) : formatPercent(lang, value);
}

/** Each year's figures per province, summed once: the home and year pages draw them in each language. */
const figuresOfYear = new WeakMap<YearView, YearMapFigures>();

function yearFigures(view: YearView): YearMapFigures {
  let figures = figuresOfYear.get(view);
  if (figures === undefined) {
    const names = provinceNames();
    // The official list's names, the same in every language.
    figures = provinceFigures(view.turnoutRecords, (code) => names.get(code) ?? code);
    figuresOfYear.set(view, figures);
  }
  return figures;
}

/**
 * A class's words in the map's legend. Bounds written alike at the legend's precision name one value: the last class
 * from 2.21% to 2.24% is "2.2%" (not "2.2% to 2.2%"), a first class from 1.96% to under 2.0% is "below 2.0%".
 */
export function binLegendLabel(lang: Lang, measure: MapMeasure, bin: MapBin, last: boolean): string {
  const lower = formatMeasure(lang, measure, bin.lower);
  const upper = formatMeasure(lang, measure, bin.upper);
  if (bin.open === 'below') return READING_TEXT[lang].below(upper);
  if (bin.open === 'above') return READING_TEXT[lang].atLeast(lower);
  if (lower !== upper) return MAP_TEXT[lang].binLabel(lower, upper, last);
  return last ? upper : READING_TEXT[lang].below(upper);
}

/**
 * The year's province maps for the measures asked, or null when the year has no turnout records. `rowHref` turns a
 * province row's anchor into the link of its shapes: "#prov-11" on the year page, the year page's URL with it on the
 * home page. `idPrefix` keeps the SVGs' ids unique on the page.
 */
export function provinceMaps(
  site: SiteData,
  lang: Lang,
  year: number,
  measures: readonly MapMeasure[],
  rowHref: (anchor: string) => string,
  idPrefix: string,
): ProvinceMaps | null {
  const view = site.years.find((candidate) => candidate.year === year);
  if (!view || !hasTurnout(view)) return null;
  const t = MAP_TEXT[lang];
  const names = provinceNames();
  const nameOf = (code: string): string => names.get(code) ?? code;
  const figures = yearFigures(view);
  const byCode = new Map(figures.provinces.map((figure) => [figure.code, figure]));
  const drawn = shapeFigureCodes(new Set(byCode.keys()));
  const shapeCodes = [...names.keys()].sort(compareIdentifiers);
  const maps = measures.map((measure): MeasureMap => {
    const known = figures.provinces.filter((figure) => measureValue(figure, measure) !== null);
    const values = known.map((figure) => measureValue(figure, measure) ?? 0);
    const women = measure === 'women' && values.length > 0 ? womenShareBins(values) : null;
    const bins = women?.bins ?? classBins(values, measure);
    const dataRows: Array<Array<string | number | null>> = [];
    const areas = shapeCodes.map((code): MapArea => {
      const figureCode = drawn.get(code);
      const figure = figureCode === undefined ? undefined : byCode.get(figureCode);
      const value = figure === undefined ? null : measureValue(figure, measure);
      // A share with six decimals, as the charts' files give theirs.
      const written = value === null || measure === 'voters' ? value : Math.round(value * 1e6) / 1e6;
      dataRows.push([code, nameOf(code), figure === undefined || figure.code === code ? null : figure.code, written]);
      if (figure === undefined || value === null)
        return { code, bin: null, href: null, title: `${nameOf(code)}: ${t.noData}` };
      const former = figure.code === code ? '' : ` (${t.formerShort(figure.name)})`;
      return {
        code,
        bin: binOf(bins, value),
        href: rowHref(provinceAnchor(figure.code)),
        title: `${nameOf(code)}${former}: ${formatMeasure(lang, measure, value)}`,
      };
    });
    const ranked = [...known].sort((a, b) => (measureValue(b, measure) ?? 0) - (measureValue(a, measure) ?? 0));
    const extreme = (figure: ProvinceFigure | undefined) =>
      figure === undefined
        ? null
        : { name: figure.name, value: formatMeasure(lang, measure, measureValue(figure, measure) ?? 0) };
    const drawing: MapDrawing = {
      id: `${idPrefix}${measure}`,
      title: t.mapTitle(t.measures[measure], year),
      description: t.mapDescription(known.length, shapeCodes.length, extreme(ranked[0]), extreme(ranked.at(-1))),
      bins,
      areas,
    };
    const gridDrawing: MapDrawing = { ...drawing, title: t.gridTitle(t.measures[measure], year) };
    return {
      title: drawing.title,
      gridTitle: gridDrawing.title,
      description: drawing.description,
      data: {
        columns: ['province_code', 'province', 'figures_of_province_code', MEASURE_COLUMN[measure]],
        rows: dataRows,
      },
      measure,
      anchor: `${idPrefix}${measure}`,
      heading: t.measures[measure],
      map: renderProvinceMap(drawing),
      grid: renderTileGrid(gridDrawing),
      legendNote: women === null ? t.legend : READING_TEXT[lang].womenScale(formatCount(lang, women.step), women.step),
      legend: [
        ...bins.map((bin, index) => ({
          colour: bin.colour,
          label: binLegendLabel(lang, measure, bin, index === bins.length - 1),
        })),
        { colour: null, label: t.noData },
      ],
    };
  });
  const rows = figures.provinces.map((figure): MapTableRow => ({
    code: figure.code,
    anchor: provinceAnchor(figure.code),
    name: figure.name,
    cells: MAP_MEASURES.map((measure) => {
      const value = measureValue(figure, measure);
      return {
        measure,
        value,
        text: value === null ? COMMON_TEXT[lang].unavailable : formatMeasure(lang, measure, value),
      };
    }),
    dapils: [...figure.dapilIds]
      .sort(compareIdentifiers)
      .filter((id) => site.dapils.some((dapil) => dapil.year === year && dapil.dapilId === id))
      .map((id) => ({ id, path: pagePath(lang, { kind: 'dapil', year, dapilId: id }) })),
  }));
  const former = shapeCodes
    .filter((code) => drawn.has(code) && drawn.get(code) !== code)
    .map((code) => ({ name: nameOf(code), formerName: nameOf(drawn.get(code) ?? code) }));
  return {
    year,
    maps,
    rows,
    noData: shapeCodes.filter((code) => !drawn.has(code)).map(nameOf),
    former,
    unplaced: figures.unplaced,
    tileKey: shapeCodes
      .flatMap((code) => {
        const tile = TILE_GRID[code];
        return tile === undefined ? [] : [{ ...tile, name: nameOf(code) }];
      })
      .sort((a, b) => a.row - b.row || a.column - b.column)
      .map(({ short, name }) => ({ short, name })),
  };
}

/** The latest year with turnout records (the home page's map), or null. */
export function latestMapYear(site: SiteData): number | null {
  const years = site.years.filter(hasTurnout).map((view) => view.year);
  return years.length === 0 ? null : Math.max(...years);
}
