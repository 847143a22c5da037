// The one order of texts the publisher sorts by: UTF-16 code units, as `<` compares strings. Not the locale's: the
// same on every machine, so sorted outputs (the quality report, the search index, JSON keys) are byte-stable.

/** Code unit order. Example: ["b", "B", "a"] sorted → ["B", "a", "b"]. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
