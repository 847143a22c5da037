// An instant as the publisher shows it to people: in Western Indonesia Time (WIB, where the KPU sits: UTC+7, no
// daylight saving) with UTC beside it. The parts are computed here, by hand rather than with Intl, so that the same
// data gives the same bytes on any machine; the words around them are each writer's: the site's catalogue spells the
// date out in the page's language (site-format.ts), a release's bilingual landing page writes it as an ISO date.

const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

/** An instant's parts in WIB and in UTC, each two digits but the date. */
export interface WibParts {
  /** The WIB date, as an ISO date (YYYY-MM-DD). */
  date: string;
  hours: string;
  minutes: string;
  utcHours: string;
  utcMinutes: string;
}

/** Example: "2026-11-22T20:43:06.120Z" → { date: "2026-11-23", hours: "03", minutes: "43", utcHours: "20", … }. */
export function wibParts(iso: string): WibParts | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  const wib = new Date(instant.getTime() + WIB_OFFSET_MS);
  const two = (value: number) => String(value).padStart(2, '0');
  return {
    date: wib.toISOString().slice(0, 10),
    hours: two(wib.getUTCHours()),
    minutes: two(wib.getUTCMinutes()),
    utcHours: two(instant.getUTCHours()),
    utcMinutes: two(instant.getUTCMinutes()),
  };
}

/**
 * An instant in WIB with UTC beside it, the date as an ISO date, for a text read in either language. Example:
 * "2026-11-22T20:43:06.120Z" → "2026-11-23 03:43 WIB (20:43 UTC)"; an unreadable instant is returned as given.
 */
export function isoDateTimeWib(iso: string): string {
  const parts = wibParts(iso);
  return parts === null
    ? iso
    : `${parts.date} ${parts.hours}:${parts.minutes} WIB (${parts.utcHours}:${parts.utcMinutes} UTC)`;
}
