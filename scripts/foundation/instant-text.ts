// Dates and instants as the publisher writes them for people, in each language: a day with its month's name, and an
// instant in Western Indonesia Time (WIB, where the KPU sits: UTC+7, no daylight saving) with UTC beside it. Written
// by hand rather than with Intl, so that the same data gives the same bytes on any machine. The site's pages
// (site-format.ts) and a release's landing page (release-page.ts) write them alike: one instant, one form.
import type { Lang, Localized } from '../languages.ts';

const MONTHS: Localized<readonly string[]> = {
  id: [
    'Januari',
    'Februari',
    'Maret',
    'April',
    'Mei',
    'Juni',
    'Juli',
    'Agustus',
    'September',
    'Oktober',
    'November',
    'Desember',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

/** An instant in WIB with UTC beside it: the WIB date spelled out, WIB hours and minutes, UTC hours and minutes. */
const WIB_PATTERN: Localized<
  (date: string, hours: string, minutes: string, utcHours: string, utcMinutes: string) => string
> = {
  id: (date, hours, minutes, utcHours, utcMinutes) =>
    `${date} pukul ${hours}.${minutes} WIB (${utcHours}.${utcMinutes} UTC)`,
  en: (date, hours, minutes, utcHours, utcMinutes) =>
    `${date}, ${hours}:${minutes} WIB (${utcHours}:${utcMinutes} UTC)`,
};

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** A date spelled out in UTC. Example: ('id', "2026-11-22T03:43:06.120Z") → "22 November 2026". */
export function formatDate(lang: Lang, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCDate()} ${MONTHS[lang][date.getUTCMonth()] as string} ${date.getUTCFullYear()}`;
}

/**
 * An instant in WIB, with UTC beside it. Example: ('id', "2026-11-22T20:43:06.120Z") →
 * "23 November 2026 pukul 03.43 WIB (20.43 UTC)"; en → "23 November 2026, 03:43 WIB (20:43 UTC)".
 */
export function formatDateTimeWib(lang: Lang, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const wib = new Date(date.getTime() + WIB_OFFSET_MS);
  const two = (value: number) => String(value).padStart(2, '0');
  return WIB_PATTERN[lang](
    formatDate(lang, wib.toISOString()),
    two(wib.getUTCHours()),
    two(wib.getUTCMinutes()),
    two(date.getUTCHours()),
    two(date.getUTCMinutes()),
  );
}
