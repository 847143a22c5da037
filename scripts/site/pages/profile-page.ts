// A profile page (a party's, in a year): its model (what the view shows, computed from the site data in one language) and its
// texts in each language (LANGS).
import type { Lang } from '../../languages.ts';
import type { QualityViolation } from '../../check/quality-check.ts';
import { QUALITY_FLAGS_COLUMN, type ColumnDefinition } from '../../datasets/dataset-definition.ts';
import { datasetById } from '../../datasets/datasets.ts';
import { isAbsoluteHttpUrl, isEmailAddress } from '../../datasets/value-parsers.ts';
import {
  compareIdentifiers,
  fieldValue,
  findProfileInOtherYears,
  numberValue,
  violationsOf,
  type ProfileView,
  type SiteData,
  type SiteRecord,
} from '../site-data.ts';
import { formatCount, formatDecimal, formatIsoDate, formatPercent } from '../site-format.ts';
import type { PageRef } from '../site-routes.ts';
import { websiteHref } from '../site-share.ts';
import type { Cell } from '../page-cells.ts';
import { profileLabel } from '../record-labels.ts';
import { STORY_TEXT } from '../story-text.ts';

export interface ProfileField {
  column: string;
  label: string;
  /** Display text, or null when the value is empty. */
  text: string | null;
  /** A safe link target (http(s) URL or mailto), when the value is one. */
  href: string | null;
  /** Exact value for `data-v` when numeric. */
  value: number | null;
  /** The ISO date for a <time> element, when the value is a date. */
  datetime: string | null;
  /** Why the value is empty: the source left it empty, or gave something unreadable (with the raw value). */
  empty: string | null;
}

/** The raw upstream value of a column, when a violation of the record reports it. */
function rawValueOf(violations: readonly QualityViolation[], column: ColumnDefinition): unknown {
  if (column.source === null) return undefined;
  for (const violation of violations) {
    if (Object.hasOwn(violation.values, column.source)) return violation.values[column.source];
  }
  return undefined;
}

/** Every field of a record on a profile page (a party's), labelled, with an explanation where it is empty. */
export function recordProfile(site: SiteData, lang: Lang, record: SiteRecord): ProfileField[] {
  const violations = violationsOf(site, record);
  const dataset = datasetById(record.dataset);
  return (
    dataset.columns
      // Every column but the year and the quality flags (shown as notes): derived ones too, such as party_id.
      .filter((column) => column.name !== QUALITY_FLAGS_COLUMN.name && column.name !== dataset.roles.year)
      .map((column): ProfileField => {
        const raw = fieldValue(record, column.name);
        const base = { column: column.name, label: column.title[lang] };
        if (raw === null || raw === undefined) {
          const given = rawValueOf(violations, column);
          const unreadable = given !== undefined && !(typeof given === 'string' && given.trim() === '');
          const empty = unreadable
            ? PROFILE_TEXT[lang].unreadable(JSON.stringify(given) ?? '')
            : PROFILE_TEXT[lang].empty;
          return { ...base, text: null, href: null, value: null, datetime: null, empty };
        }
        if (typeof raw === 'number') {
          const text = column.type === 'decimal' ? formatDecimal(lang, raw) : formatCount(lang, raw);
          return { ...base, text, href: null, value: raw, datetime: null, empty: null };
        }
        const text = Array.isArray(raw) ? raw.join(', ') : raw;
        if (column.type === 'date')
          return { ...base, text: formatIsoDate(lang, text), href: null, value: null, datetime: text, empty: null };
        // The same checks as the quality rules (value-parsers.ts): only a real address or URL becomes a link; a bare
        // domain name ("pkb.id") too, with http:// (site-share.ts).
        const href = isEmailAddress(text) ? `mailto:${text}` : isAbsoluteHttpUrl(text) ? text : websiteHref(text);
        return { ...base, text, href, value: null, datetime: null, empty: null };
      })
  );
}

export interface ProfileYearRow {
  year: number;
  id: string;
  /** The page of that year and key; null for the page itself. */
  page: PageRef | null;
  name: string;
  shortName: string | null;
  /**
   * The dataset's percent columns that some year gives (the parties' women's representation): "not given" when
   * empty, never 0.
   */
  values: Cell[];
}

/**
 * A profile page's table across years (a party's): its own page and the pages sharing its `acrossYears` column
 * (findProfileInOtherYears), oldest first, with the percent columns' values, a sentence when the name changed, and
 * one naming each percent column no year gives, which the table leaves out (a column of "not given" in every row
 * would stand between the year and the party's name on a phone).
 */
export function profileAcrossYears(
  site: SiteData,
  lang: Lang,
  view: ProfileView,
): { rows: ProfileYearRow[]; headers: string[]; sentences: string[] } {
  const views = [view, ...findProfileInOtherYears(site, view)].sort(
    (a, b) => a.year - b.year || compareIdentifiers(a.id, b.id),
  );
  const percentColumns = datasetById(view.dataset).columns.filter((column) => column.unit === 'percent');
  const givenIn = (column: ColumnDefinition): boolean =>
    views.some((other) => other.records[0] !== undefined && numberValue(other.records[0], column.name) !== null);
  const columns = percentColumns.filter(givenIn);
  const rows = views.map((other): ProfileYearRow => ({
    year: other.year,
    id: other.id,
    page: other === view ? null : { kind: 'profile', dataset: other.dataset, year: other.year, id: other.id },
    name: profileLabel(other),
    shortName: other.shortName,
    values: columns.map((column) => {
      const value = other.records[0] === undefined ? null : numberValue(other.records[0], column.name);
      return { text: value === null ? STORY_TEXT[lang].notGiven : formatPercent(lang, value / 100), value };
    }),
  }));
  // The names in year order, each with the years it was used: a change is said only when there is one. Names
  // differing only in capital letters or spacing ("PARTAI BURUH", "Partai Buruh") are one name, in its first spelling.
  const names = new Map<string, { name: string; years: number[] }>();
  for (const row of rows) {
    const key = row.name.toLocaleUpperCase('id').replace(/\s+/g, ' ').trim();
    const entry = names.get(key) ?? { name: row.name, years: [] };
    names.set(key, { ...entry, years: [...entry.years, row.year] });
  }
  const sentences = [
    ...(names.size > 1
      ? [
          STORY_TEXT[lang].renamed(
            [...names.values()]
              .map(({ name, years }) => STORY_TEXT[lang].nameInYear(name, [...new Set(years)].join(', ')))
              .join('; '),
          ),
        ]
      : []),
    ...percentColumns
      .filter((column) => !columns.includes(column))
      .map((column) => STORY_TEXT[lang].givenInNoYear(column.title[lang])),
  ];
  return { rows, headers: columns.map((column) => column.title[lang]), sentences };
}

export interface ProfileText {
  title: (name: string, year: number) => string;
  profile: string;
  empty: string;
  unreadable: (raw: string) => string;
  noOtherYears: string;
  duplicate: (count: number) => string;
}

const id: ProfileText = {
  title: (name, year) => `${name}, pemilu ${year}`,
  profile: 'Profil',
  empty: 'Tidak diisi oleh sumber',
  unreadable: (raw) => `Nilai dari sumber tidak dapat dibaca: ${raw}`,
  noOtherYears: 'Partai ini tidak ada pada tahun lain dalam data ini (menurut kode partai lintas tahun, party_id).',
  duplicate: (count) => `Sumber memberi ${count} rekaman dengan nomor urut ini; semuanya ditampilkan.`,
};

const en: ProfileText = {
  title: (name, year) => `${name}, ${year} election`,
  profile: 'Profile',
  empty: 'Left empty by the source',
  unreadable: (raw) => `The source's value could not be read: ${raw}`,
  noOtherYears: 'This party is in no other year of this data (by its party id across years, party_id).',
  duplicate: (count) => `The source gives ${count} records with this ballot number; all are shown.`,
};

export const PROFILE_TEXT: Record<Lang, ProfileText> = { id, en };
