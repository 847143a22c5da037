// The chart across years of each province, shown on the compare page when a province is chosen: its voters per
// election year (the compare index's sums), drawn by across-years-chart.ts wherever the province has two or more years
// with a value, a year marked where the province's figure is partial (official dapils of the province missing from
// the data, or values unreadable in the source), with its texts in each language.
import type { Lang } from '../languages.ts';
import { ACROSS_YEARS_TEXT, acrossYearsChart, type YearPoint } from './across-years-chart.ts';
import { provinceCodeOf } from './compare-index.ts';
import type { Chart } from './page-charts.ts';
import { givenSum } from './page-cells.ts';
import { addTotals, countColumn, hasTurnout, type SiteData } from './site-data.ts';
import { formatCount } from './site-format.ts';

export interface ProvinceChart {
  /** The province's part of its compare keys ("32" in "2019-p32"): its region code, or its name without one. */
  id: string;
  chart: Chart;
}

interface ProvinceYear {
  year: number;
  name: string;
  value: number | null;
  /** Official dapils of the province the year's data leaves out, and how many the list has; null: not compared. */
  coverage: { harvested: number; official: number } | null;
  unreadable: boolean;
}

/**
 * The province's coverage of its official dapils in a year: the official dapils of the province are those harvested
 * (the ids the list knows) and those missing, both by the dapil id's first two digits (docs/data.md, "Region codes").
 */
function provinceCoverage(
  site: SiteData,
  year: number,
  code: string | null,
  dapilIds: readonly string[],
): ProvinceYear['coverage'] {
  const coverage = site.quality.coverage?.years.find((entry) => entry.year === year);
  if (code === null || coverage?.status !== 'compared') return null;
  const unknown = new Set(coverage.unknownDapils.map((dapil) => dapil.id));
  const harvested = dapilIds.filter((id) => !unknown.has(id)).length;
  const missing = coverage.missingDapils.filter((dapil) => dapil.id.slice(0, 2) === code).length;
  return { harvested, official: harvested + missing };
}

/** Each province's figure per year with turnout records, keyed as the compare index keys provinces. */
function provinceYears(site: SiteData): Map<string, ProvinceYear[]> {
  const column = countColumn('total', 'total');
  const byProvince = new Map<string, ProvinceYear[]>();
  for (const view of site.years.filter(hasTurnout)) {
    for (const province of view.provinces) {
      if (province.dapils.length === 0) continue;
      const code = provinceCodeOf(province.dapils);
      const id = code ?? province.name ?? '?';
      const sum = addTotals(province.dapils.map((dapil) => dapil.totals))[column];
      const years = byProvince.get(id) ?? [];
      years.push({
        year: view.year,
        name: province.name ?? id,
        value: givenSum(sum),
        coverage: provinceCoverage(
          site,
          view.year,
          code,
          province.dapils.map((dapil) => dapil.dapilId),
        ),
        unreadable: (sum?.missing ?? 0) > 0,
      });
      byProvince.set(id, years);
    }
  }
  return byProvince;
}

/**
 * The chart of every province with a value in two or more years, in the compare index's order. A year with turnout
 * records but none of the province is "not available" on its chart (a province formed later, or left out of a
 * partial year).
 */
export function provinceAcrossYearsCharts(site: SiteData, lang: Lang): ProvinceChart[] {
  const t = PROVINCE_ACROSS_TEXT[lang];
  const across = ACROSS_YEARS_TEXT[lang];
  const years = site.years.filter(hasTurnout).map((view) => view.year);
  const charts: ProvinceChart[] = [];
  for (const [id, seen] of provinceYears(site)) {
    const name = seen.at(-1)?.name ?? id;
    const points = years.map((year): YearPoint => {
      const figure = seen.find((entry) => entry.year === year);
      if (figure === undefined) return { year, value: null, partial: null };
      const partial =
        figure.coverage !== null && figure.coverage.harvested < figure.coverage.official
          ? t.partial(formatCount(lang, figure.coverage.harvested), formatCount(lang, figure.coverage.official))
          : figure.unreadable
            ? across.unreadable
            : null;
      return { year, value: figure.value, partial };
    });
    const chart = acrossYearsChart(lang, name, points);
    if (chart === null) continue;
    charts.push({
      id,
      chart: { ...chart, name: `across-years-p${id.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, title: t.title(name) },
    });
  }
  return charts;
}

/** Whether some province has a value in two or more years: its chart is on the compare page, which the year page links. */
export function hasProvinceAcrossYears(site: SiteData): boolean {
  return [...provinceYears(site).values()].some((seen) => seen.filter((entry) => entry.value !== null).length >= 2);
}

export interface ProvinceAcrossText {
  /** The chart's title, naming the province (two can be on the page at once). */
  title: (province: string) => string;
  /** Why a province's figure of a year is partial: the official dapils of the province in the data. */
  partial: (dapils: string, official: string) => string;
  /** Under the year page's province table: where a province's figures across years are (the link's words between). */
  yearPage: { before: string; link: string; after: string };
}

const id: ProvinceAcrossText = {
  title: (province) => `Pengguna hak pilih per tahun: ${province}`,
  partial: (dapils, official) => `hanya ${dapils} dari ${official} dapil resmi provinsi ini`,
  yearPage: {
    before: 'Pengguna hak pilih satu provinsi per tahun: pilih provinsinya di ',
    link: 'halaman Bandingkan',
    after: '.',
  },
};

const en: ProvinceAcrossText = {
  title: (province) => `Voters who voted per year: ${province}`,
  partial: (dapils, official) => `only ${dapils} of the province’s ${official} official dapils`,
  yearPage: { before: 'A province’s voters per year: choose it on ', link: 'the compare page', after: '.' },
};

export const PROVINCE_ACROSS_TEXT: Record<Lang, ProvinceAcrossText> = { id, en };
