// The one order of texts the publisher sorts by: UTF-16 code units, as `<` compares strings. Not the locale's: the
// same on every machine, so sorted outputs (the quality report, the search index, JSON keys) are byte-stable. Names
// a reader counts (dapils numbered in Roman numerals) are ordered by their numeral, then the same way.

/** Code unit order. Example: ["b", "B", "a"] sorted → ["B", "a", "b"]. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const ROMAN_DIGITS: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };
const ROMAN_NUMERALS: ReadonlyArray<[number, string]> = [
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

/** A Roman numeral's value, or null for letters that are no numeral as it is usually written ("IIII", "VX", "CIVIC"). */
function romanValue(letters: string): number | null {
  let value = 0;
  for (let index = 0; index < letters.length; index += 1) {
    const digit = ROMAN_DIGITS[letters[index] as string] ?? 0;
    const next = ROMAN_DIGITS[letters[index + 1] as string] ?? 0;
    value += digit < next ? -digit : digit;
  }
  let written = '';
  let rest = value;
  for (const [amount, numeral] of ROMAN_NUMERALS) for (; rest >= amount; rest -= amount) written += numeral;
  return value > 0 && written === letters ? value : null;
}

/**
 * Names in the order a reader counts them: a name ending in a Roman numeral (a dapil's, "JAWA BARAT IX") after the
 * others of its stem with smaller numerals, then code units. Code units alone put JAWA BARAT IX before JAWA BARAT V.
 * Example: ["JAWA BARAT X", "JAWA BARAT IX", "JAWA BARAT V"] sorted → ["JAWA BARAT V", "JAWA BARAT IX", "JAWA BARAT X"].
 */
export function compareNumberedNames(a: string, b: string): number {
  const numbered = (name: string): [string, number] => {
    const match = /^(.*\S)\s+([IVXLC]+)$/.exec(name);
    const value = match ? romanValue(match[2] as string) : null;
    return match && value !== null ? [match[1] as string, value] : [name, 0];
  };
  const [stemA, numberA] = numbered(a);
  const [stemB, numberB] = numbered(b);
  return compareCodeUnits(stemA, stemB) || numberA - numberB || compareCodeUnits(a, b);
}
