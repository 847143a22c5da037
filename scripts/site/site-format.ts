// Numbers, sizes and times as each language writes them: Indonesian groups thousands with a dot and writes a decimal
// comma (1.234.567; 50,6%), English the other way round. Written by hand rather than with Intl, dates in UTC and times
// in WIB with UTC beside (foundation/instant-text.ts), so the same data gives the same page bytes on any machine. The
// separators, the month names and the time's pattern are each language's catalogue's (site-text.ts).
import { groupDigits, groupedCount } from '../foundation/digit-groups.ts';
import { wibParts } from '../foundation/instant-text.ts';
import type { Lang } from './site-routes.ts';
import { COMMON_TEXT } from './texts/common-text.ts';
import { SHARE_TEXT } from './texts/share-text.ts';

/** Example: ('id', 1234567) → "1.234.567"; ('en', 1234567) → "1,234,567". */
export function formatCount(lang: Lang, value: number): string {
  return groupedCount(value, COMMON_TEXT[lang].numbers.group);
}

/** Example: ('id', 30.5) → "30,5"; ('en', 1234.25) → "1,234.25". Up to `digits` decimals, never trailing zeros. */
export function formatDecimal(lang: Lang, value: number, digits = 2): string {
  const sign = value < 0 ? '-' : '';
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(digits).split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const { group, decimal } = COMMON_TEXT[lang].numbers;
  return `${sign}${groupDigits(whole, group)}${trimmed === '' ? '' : decimal + trimmed}`;
}

/**
 * A share as a percentage with exactly one decimal (or `digits`). Example: ('id', 0.50612) → "50,6%";
 * ('en', 0.51) → "51.0%"; ('en', 0.51713, 2) → "51.71%".
 */
export function formatPercent(lang: Lang, share: number, digits = 1): string {
  const [whole = '0', fraction = '0'] = (share * 100).toFixed(digits).split('.');
  return `${groupDigits(whole, COMMON_TEXT[lang].numbers.group)}${COMMON_TEXT[lang].numbers.decimal}${fraction}%`;
}

/** Example: ('id', 1536) → "1,5 KB"; ('en', 2_500_000) → "2.4 MB" (1 KB = 1024 bytes). */
export function formatBytes(lang: Lang, bytes: number): string {
  if (bytes < 1024) return `${formatCount(lang, bytes)} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatDecimal(lang, Math.round(value * 10) / 10, 1)} ${units[unit] as string}`;
}

/**
 * A date spelled out in UTC. Example: ('id', "2026-11-22T03:43:06.120Z") → "22 November 2026".
 */
export function formatDate(lang: Lang, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCDate()} ${COMMON_TEXT[lang].months[date.getUTCMonth()] as string} ${date.getUTCFullYear()}`;
}

/** An ISO date (YYYY-MM-DD) spelled out. Example: ('id', "2008-02-06") → "6 Februari 2008". */
export function formatIsoDate(lang: Lang, isoDate: string): string {
  return /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(isoDate) ? formatDate(lang, `${isoDate}T00:00:00Z`) : isoDate;
}

/**
 * A time in WIB, with UTC beside it (foundation/instant-text.ts). Example: ('id', "2026-11-22T03:43:06.120Z") →
 * "22 November 2026 pukul 10.43 WIB (03.43 UTC)"; en → "22 November 2026, 10:43 WIB (03:43 UTC)".
 */
export function formatDateTimeWib(lang: Lang, iso: string): string {
  const parts = wibParts(iso);
  if (parts === null) return iso;
  return SHARE_TEXT[lang].dateTimeWib(
    formatIsoDate(lang, parts.date),
    parts.hours,
    parts.minutes,
    parts.utcHours,
    parts.utcMinutes,
  );
}
