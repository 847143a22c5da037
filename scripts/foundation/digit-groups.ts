// Thousands grouped by hand rather than with Intl: the same text on any machine, and no ICU locale data loaded for a
// log line (a process's first toLocaleString costs about 10 ms, which every build and stage process paid for the
// counts it prints).

/** Example: ("1234567", ".") → "1.234.567". `digits` holds digits only. */
export function groupDigits(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** A count rounded to a whole number, its thousands grouped. Example: (-1234567.4, ".") → "-1.234.567". */
export function groupedCount(value: number, separator: string): string {
  return (value < 0 ? '-' : '') + groupDigits(String(Math.round(Math.abs(value))), separator);
}

/** A count as the CLI prints it, in English. Example: 1234567 → "1,234,567". */
export const formatLogCount = (value: number): string => groupedCount(value, ',');

/** A count and its noun as the CLI prints them. Examples: (1, "page", "pages") → "1 page"; (1234, …) → "1,234 pages". */
export const formatLogCounted = (value: number, one: string, many: string): string =>
  `${formatLogCount(value)} ${value === 1 ? one : many}`;
