// The upstream's value formats, read in one place: the quality rules judge values with these parsers and the
// normalizer converts with them, so a value the normalizer cannot convert is one a rule has flagged.
import type { ColumnType } from './dataset-definition.ts';

/** Expected outcomes are data: a value converted (null for an empty value), or the reason it cannot be. */
export type ParseResult<T> = { ok: true; value: T | null } | { ok: false; reason: string };

/** Column types read from an upstream field; `text_list` columns are derived by the publisher. */
export type UpstreamColumnType = Exclude<ColumnType, 'text_list'>;

const DIGITS = /^[0-9]+$/;
const MAX_SAFE_COUNT = BigInt(Number.MAX_SAFE_INTEGER);

/** Empty or whitespace only: the upstream's "no value", published as null. */
export function isBlank(value: string): boolean {
  return value.trim() === '';
}

/** ASCII decimal digits only, at least one: no sign, no space, no separator. "0101" → true, " 12" → false. */
export function isDigits(value: string): boolean {
  return DIGITS.test(value);
}

/**
 * Digits a count may have and still be exact in a double without a check: 15 digits stay below 10^15, and 2^53
 * (9007199254740992) has 16. Sums of up to 9 such counts stay below 9 × 10^15 < 2^53, so they are exact too.
 */
export const EXACT_DIGITS = 15;

/**
 * Whether a digit string (see isDigits) fits a JavaScript number exactly; JSON, CSV readers and Parquet writers
 * downstream go through doubles, so 9007199254740993 would silently become …992. "9007199254740991" → true.
 * Up to 15 digits without a BigInt: this runs for every count of every record.
 */
export function isSafeCount(digits: string): boolean {
  return digits.length <= EXACT_DIGITS || BigInt(digits) <= MAX_SAFE_COUNT;
}

/** U+FFFD, what a UTF-8 decoder puts in place of bytes that are not UTF-8, and what a lone surrogate becomes. */
export const REPLACEMENT_CHARACTER = '\uFFFD';

/**
 * Trim, and collapse each internal run of whitespace (spaces, tabs, line breaks) into one space; nothing else
 * changes (case, punctuation, a space before a comma all stay), except that a lone UTF-16 surrogate, which
 * UTF-8 cannot carry, becomes U+FFFD (the `text-unicode` rule flags the record).
 * Example: "  Jl.  Raden   Saleh " → "Jl. Raden Saleh"; "   " → null; "A\uD800B" → "A\uFFFDB".
 */
export function normalizeText(value: string): string | null {
  const text = value.trim().replace(/\s+/g, ' ');
  if (text === '') return null;
  return text.isWellFormed() ? text : text.toWellFormed();
}

/**
 * A count or a year: digits only, within the exact range of a double.
 * Example: "0101" → 101; "" → null; "12.5", " 12", "-1" → not ok; "9007199254740993" → not ok (too large).
 */
export function parseInteger(value: string): ParseResult<number> {
  if (isBlank(value)) return { ok: true, value: null };
  if (!isDigits(value)) return { ok: false, reason: 'not a string of digits' };
  if (!isSafeCount(value)) return { ok: false, reason: 'larger than 9007199254740991, cannot be represented exactly' };
  return { ok: true, value: Number(value) };
}

/**
 * Whether a normalized election year gets its own files and pages (docs/data.md: a year that is not four digits
 * is in the all-years files only). Checked on the number, so the per-year files, the manifest's years and the
 * site's year pages agree. Example: 2014 → true; 99999, 0, 999 → false.
 */
export function isFourDigitYear(year: number): boolean {
  return Number.isSafeInteger(year) && year >= 1000 && year <= 9999;
}

const DECIMAL_COMMA = /^([0-9]+)(?:,([0-9]+))?$/;

/**
 * A decimal number with the upstream's decimal comma, and nothing else.
 * Example: "30,5" → 30.5; "33" → 33; "" → null.
 * Rejected on purpose: "30.5" (the documented separator is a comma; in Indonesian usage a dot groups thousands,
 * so reading it as a decimal point would be a guess), "1.234,5" (thousands grouping), "-1", ",5", "5,".
 */
export function parseDecimalComma(value: string): ParseResult<number> {
  if (isBlank(value)) return { ok: true, value: null };
  const match = DECIMAL_COMMA.exec(value);
  if (!match) return { ok: false, reason: 'not a number with a decimal comma' };
  const [, whole, fraction] = match;
  return { ok: true, value: Number(fraction === undefined ? whole : `${whole}.${fraction}`) };
}

const DAY_MONTH_YEAR = /^([0-9]{2})-([0-9]{2})-([0-9]{4})$/;

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC so no time zone shifts it.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A calendar date written DD-MM-YYYY, as an ISO 8601 date (proleptic Gregorian, years 0001–9999).
 * Example: "06-02-2008" → "2008-02-06"; "29-02-2024" → "2024-02-29"; "" → null;
 * "31-02-2020", "29-02-2023", "6-2-2008", "2008-02-06" → not ok.
 */
export function parseDayMonthYear(value: string): ParseResult<string> {
  if (isBlank(value)) return { ok: true, value: null };
  const match = DAY_MONTH_YEAR.exec(value);
  if (!match) return { ok: false, reason: 'not a date written DD-MM-YYYY' };
  const [, dd = '', mm = '', yyyy = ''] = match;
  const [day, month, year] = [Number(dd), Number(mm), Number(yyyy)];
  const isRealDate = year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  if (!isRealDate) return { ok: false, reason: 'not a calendar date' };
  return { ok: true, value: `${yyyy}-${mm}-${dd}` };
}

// The WHATWG "valid e-mail address" (https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address),
// the definition browsers apply to <input type=email>.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Example: "dpp@pkb.id" → true; "dpp at pkb.id", "a@b@c.id", "" → false. */
export function isEmailAddress(value: string): boolean {
  return EMAIL.test(value);
}

/**
 * An absolute http(s) URL, written cleanly. Other schemes are refused because the site renders the value as a
 * link (`javascript:` must never be one), and backslashes or whitespace because only WHATWG parsers forgive them.
 * Example: "https://infopemilu.kpu.go.id/partai/1" → true; "pkb.id", "/partai/1", "javascript:alert(1)",
 * "https:\/\/pkb.id" (still JSON-escaped) → false.
 */
export function isAbsoluteHttpUrl(value: string): boolean {
  if (/[\s\\]/.test(value)) return false;
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * The digits of a count or year the upstream sent as a JSON number, when that number is one unambiguously: a
 * non-negative integer that a double holds exactly. The seed says every value is a string, but `12345` can only mean
 * "12345", so it is taken exactly (docs/upstream.md, "Numbers exactly as sent"). Any other number (a fraction, a
 * negative, an integer beyond 9007199254740991, or a literal JSON.parse would change, kept as JSON.rawJSON by the
 * harvest: `1e400`, `12345.0`, `1E3`) is not a count as sent and gives undefined: the check stage stops the build on
 * it (UPSTREAM_NUMBER_INEXACT) rather than publish a count that is not exactly what was sent, or an empty one.
 * Example: 12345 → "12345"; 0 → "0"; 1.5, -3, 2 ** 53, "12345", rawJSON("1e400") → undefined.
 */
export function exactCountDigits(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0)
    ? String(value)
    : undefined;
}

/**
 * Whether a value is a JSON number as the upstream sent it: a JavaScript number, or the JSON.rawJSON object the
 * harvest keeps a number in when JSON.parse would change it (exact-json.ts). Example: 1.5, rawJSON("1e400") → true.
 */
export function isJsonNumber(value: unknown): boolean {
  return typeof value === 'number' || (JSON as unknown as { isRawJSON(value: unknown): boolean }).isRawJSON(value);
}

/** How a JSON number reads in a message: as the upstream wrote it. Example: rawJSON("1e400") → "1e400"; 1.5 → "1.5". */
export function jsonNumberText(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

/**
 * Convert one upstream value for a column of the given type. Strings are converted; an integer column also takes a
 * JSON number that is an exact count (exactCountDigits). A missing field or any other value of another JSON type is
 * not ok (the `field-string` rule reports it, and the check stage stops the build on a number in an integer column).
 * Example: ('integer', "49490") → 49490; ('integer', 52731) → 52731; ('date', "06-02-2008") → "2008-02-06";
 * ('text', "  ") → null; ('integer', 1.5), ('text', 52731) → not ok.
 */
export function parseColumnValue(type: UpstreamColumnType, value: unknown): ParseResult<number | string> {
  if (type === 'integer' && typeof value === 'number') {
    const digits = exactCountDigits(value);
    return digits === undefined
      ? { ok: false, reason: 'a JSON number that is not an exact count' }
      : parseInteger(digits);
  }
  if (typeof value !== 'string') {
    return {
      ok: false,
      reason: value === undefined ? 'missing' : `not a string but ${value === null ? 'null' : typeof value}`,
    };
  }
  switch (type) {
    case 'integer':
      return parseInteger(value);
    case 'decimal':
      return parseDecimalComma(value);
    case 'date':
      return parseDayMonthYear(value);
    case 'text':
      return { ok: true, value: normalizeText(value) };
  }
}
