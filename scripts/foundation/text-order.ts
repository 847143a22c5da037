// The one order of texts the publisher sorts by: UTF-16 code units, as `<` compares strings. Not the locale's: the
// same on every machine, so sorted outputs (the quality report, the search index, JSON keys) are byte-stable. Names
// a reader counts (dapils numbered in Roman numerals) are ordered by their numeral, then the same way.

/** Code unit order. Example: ["b", "B", "a"] sorted → ["B", "a", "b"]. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The Roman numerals from the largest, each with its value: enough to write every number from 1 to 3999. */
const ROMAN_NUMERALS: ReadonlyArray<readonly [number, string]> = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];
const ROMAN_DIGITS: Readonly<Record<string, number>> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };

/** A number as a Roman numeral (14 → "XIV"); null outside 1 to 3999, which Roman numerals do not write. */
export function romanNumeral(value: number): string | null {
  if (!Number.isInteger(value) || value < 1 || value > 3999) return null;
  let rest = value;
  let text = '';
  for (const [amount, numeral] of ROMAN_NUMERALS) for (; rest >= amount; rest -= amount) text += numeral;
  return text;
}

/** A Roman numeral's value, or null for letters that are no numeral as usually written ("IIII", "VX", "CIVIC"). */
function romanValue(letters: string): number | null {
  let value = 0;
  for (let index = 0; index < letters.length; index += 1) {
    const digit = ROMAN_DIGITS[letters[index] as string] ?? 0;
    const next = ROMAN_DIGITS[letters[index + 1] as string] ?? 0;
    value += digit < next ? -digit : digit;
  }
  return romanNumeral(value) === letters ? value : null;
}

/**
 * A name as it is counted: its stem and its closing Roman numeral's value ("JAWA BARAT IX" → ["JAWA BARAT", 9]);
 * a name without one whole, and 0.
 */
export type NumberedName = readonly [stem: string, number: number];

/** The name's NumberedName (where a long list is sorted, made once per name: search-index.ts). */
export function numberedName(name: string): NumberedName {
  if (!(name.charAt(name.length - 1) in ROMAN_DIGITS)) return [name, 0];
  const space = name.lastIndexOf(' ');
  const last = name.slice(space + 1);
  const value = space > 0 && /^[IVXLCDM]+$/.test(last) ? romanValue(last) : null;
  return value === null ? [name, 0] : [name.slice(0, space).trimEnd(), value];
}

/**
 * Names in the order a reader counts them: a name ending in a Roman numeral (a dapil's, "JAWA BARAT IX") after the
 * others of its stem with smaller numerals, then code units. Code units alone put JAWA BARAT IX before JAWA BARAT V.
 * Example: ["JAWA BARAT X", "JAWA BARAT IX", "JAWA BARAT V"] sorted → ["JAWA BARAT V", "JAWA BARAT IX",
 * "JAWA BARAT X"].
 */
export function compareNumberedNames(a: string, b: string): number {
  const [stemA, numeralA] = numberedName(a);
  const [stemB, numeralB] = numberedName(b);
  return compareCodeUnits(stemA, stemB) || numeralA - numeralB || compareCodeUnits(a, b);
}
