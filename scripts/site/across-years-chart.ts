// The chart across years: one bar per election year of a figure (voters who voted, nationally or in a dapil), drawn
// at build time wherever there are two or more years with a value, a year marked "*" where its figure is partial
// (a year covering fewer dapils than the official list, or values unreadable in the source), with its texts in each
// language. Bars in the text colour (currentColor), so they read in light and dark alike.
import type { Lang } from '../languages.ts';
import { isPartialYear } from './pages/compare-page.ts';
import type { Chart } from './page-charts.ts';
import { countColumn, hasTurnout, type SiteData } from './site-data.ts';
import { givenSum } from './page-cells.ts';
import { formatCount } from './site-format.ts';
import { escapeXml } from './svg-charts.ts';

export interface YearPoint {
  year: number;
  /** null: the year has no value (no record gave one); drawn as "not available". */
  value: number | null;
  /** Why the value is partial, in words; null when it is whole. */
  partial: string | null;
}

const WIDTH = 360;
const LABEL = 16;
const BAR = 14;
const ROW = LABEL + BAR + 8;

/** The chart's SVG: each year's label and value on a line, its bar below, scaled to the largest value. */
function renderAcrossYearsChart(
  summary: string,
  points: readonly YearPoint[],
  text: (point: YearPoint) => string,
): string {
  const largest = Math.max(...points.map((point) => point.value ?? 0), 1);
  const height = points.length * ROW;
  const rows = points.map((point, index) => {
    const top = index * ROW;
    const width = point.value === null ? 0 : Math.max(1, Math.round((point.value / largest) * WIDTH * 10) / 10);
    const bar =
      point.partial === null
        ? `<rect x="0" y="${top + LABEL}" width="${width}" height="${BAR}" fill="currentColor" fill-opacity="0.75"/>`
        : `<rect x="0.5" y="${top + LABEL + 0.5}" width="${Math.max(0, width - 1)}" height="${BAR - 1}" fill="currentColor" fill-opacity="0.3" stroke="currentColor" stroke-dasharray="3 2"/>`;
    return `<text x="0" y="${top + 12}">${escapeXml(text(point))}</text>${bar}`;
  });
  return `<svg class="chart" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${escapeXml(summary)}">${rows.join('')}</svg>`;
}

/** The chart of `points` with its title and summary; null with fewer than two years that have a value. */
export function acrossYearsChart(lang: Lang, subject: string, points: readonly YearPoint[]): Chart | null {
  if (points.filter((point) => point.value !== null).length < 2) return null;
  const t = ACROSS_YEARS_TEXT[lang];
  const sorted = [...points].sort((a, b) => a.year - b.year);
  const text = (point: YearPoint): string =>
    `${point.year}${point.partial === null ? '' : '*'}: ${point.value === null ? t.unavailable : formatCount(lang, point.value)}`;
  const caveats = sorted.filter((point) => point.partial !== null).map((point) => `${point.year}: ${point.partial}`);
  const summary = `${t.summary(subject, sorted.map(text).join('; '))}${caveats.length > 0 ? ` * ${caveats.join('; ')}.` : ''}`;
  return {
    name: 'across-years',
    svg: renderAcrossYearsChart(summary, sorted, text),
    title: t.title,
    summary,
    data: {
      columns: ['election_year', 'voters', 'partial'],
      rows: sorted.map((point) => [point.year, point.value, point.partial]),
    },
  };
}

/** The home page's national totals per year, a year that covers fewer official dapils marked with its coverage. */
export function nationalAcrossYears(site: SiteData, lang: Lang): Chart | null {
  const t = ACROSS_YEARS_TEXT[lang];
  const column = countColumn('total', 'total');
  const points = site.years.filter(hasTurnout).map((view): YearPoint => {
    const coverage = site.quality.coverage?.years.find((entry) => entry.year === view.year);
    const sum = view.totals[column];
    const partial =
      isPartialYear(site, view.year) && coverage
        ? t.partialYear(formatCount(lang, coverage.dapils.harvested), formatCount(lang, coverage.dapils.official))
        : (sum?.missing ?? 0) > 0
          ? t.unreadable
          : null;
    return { year: view.year, value: givenSum(sum), partial };
  });
  return acrossYearsChart(lang, t.national, points);
}

export interface AcrossYearsText {
  title: string;
  summary: (subject: string, values: string) => string;
  national: string;
  partialYear: (dapils: string, official: string) => string;
  unreadable: string;
  unavailable: string;
}

const id: AcrossYearsText = {
  title: 'Pengguna hak pilih per tahun',
  summary: (subject, values) => `Pengguna hak pilih di ${subject}, per tahun pemilu: ${values}.`,
  national: 'semua dapil dalam data',
  partialYear: (dapils, official) => `hanya ${dapils} dari ${official} dapil resmi, bukan jumlah nasional`,
  unreadable: 'sebagian, nilai yang tidak terbaca di sumber tidak termasuk',
  unavailable: 'tidak tersedia',
};

const en: AcrossYearsText = {
  title: 'Voters who voted per year',
  summary: (subject, values) => `Voters who voted in ${subject}, per election year: ${values}.`,
  national: 'all dapils in the data',
  partialYear: (dapils, official) => `only ${dapils} of ${official} official dapils, not a national total`,
  unreadable: 'partial, values unreadable in the source are left out',
  unavailable: 'not available',
};

export const ACROSS_YEARS_TEXT: Record<Lang, AcrossYearsText> = { id, en };

/** A dapil's voters per year, from its table across years (dapil-page.ts `dapilAcrossYears`). */
export function dapilAcrossYearsChart(
  lang: Lang,
  subject: string,
  rows: ReadonlyArray<{ year: number; voters: { value: number | null; partial: boolean } }>,
): Chart | null {
  return acrossYearsChart(
    lang,
    subject,
    rows.map((row) => ({
      year: row.year,
      value: row.voters.value,
      partial: row.voters.partial ? ACROSS_YEARS_TEXT[lang].unreadable : null,
    })),
  );
}
