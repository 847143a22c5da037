// A year's coverage of the official dapil list, as the home page and the year's page say it.
import type { SiteData } from './site-data.ts';
import { formatCount } from './site-format.ts';
import type { Lang } from './site-routes.ts';
import { COVERAGE_TEXT } from './texts/coverage-text.ts';

/** What the home and year pages say of a year's coverage of the official dapils (docs/data.md). */
export interface CoverageSummary {
  /** "20 of 77 dapils, 213 of 497 regencies of the official list", or why there is no figure ("no turnout data"). */
  line: string;
  /** The official list's law, when the year was compared. */
  law: string | null;
  /** "1101 ACEH I", … : the official dapils without a turnout record. */
  missing: string[];
  /** Sentences on dapil ids the list does not know and regencies in another dapil; empty when there are none. */
  notes: string[];
}

/** The year's coverage from the quality report, or null when the report has none (a report older than coverage). */
export function coverageSummary(site: SiteData, lang: Lang, year: number): CoverageSummary | null {
  const t = COVERAGE_TEXT[lang];
  const coverage = site.quality.coverage?.years.find((entry) => entry.year === year);
  if (!coverage) return null;
  if (coverage.status !== 'compared') {
    const line = { 'no-turnout': t.noTurnout, 'no-official-list': t.noList, 'not-compared': t.notCompared }[
      coverage.status
    ];
    // The year page shows it as a sentence of its own.
    return { line: `${line.charAt(0).toLocaleUpperCase(lang)}${line.slice(1)}`, law: null, missing: [], notes: [] };
  }
  const notes: string[] = [];
  if (coverage.unknownDapils.length > 0)
    notes.push(t.unknownIds(coverage.unknownDapils.map((dapil) => dapil.id).join(', ')));
  if (coverage.misplacedRegencies > 0) notes.push(t.misplaced(coverage.misplacedRegencies));
  return {
    line: t.line({
      dapils: formatCount(lang, coverage.dapils.harvested),
      officialDapils: formatCount(lang, coverage.dapils.official),
      regencies: formatCount(lang, coverage.regencies.harvested),
      officialRegencies: formatCount(lang, coverage.regencies.official),
    }),
    law: coverage.law === null ? null : t.law(coverage.law[lang]),
    missing: coverage.missingDapils.map((dapil) => `${dapil.id} ${dapil.name}`),
    notes,
  };
}
