// The CSV files' guard against formulas (csv-writer.ts for the downloads and the pages' files, figure-files.ts for the
// figures' files): which text a spreadsheet would evaluate, and the quote that keeps it text. A module of its own so
// that the pages' bundle, which writes the figures' CSV, loads none of the snapshot's writers.

/**
 * A text cell a spreadsheet would read as a formula: one starting with "=", "+", "-" or "@" (after any leading
 * white space, which LibreOffice skips: "\t=1+1" is live), or with a tab, carriage return, line feed or NUL.
 * Quoting does not help: LibreOffice and Excel evaluate `"=HYPERLINK(""http://x"",""click"")"` all the same.
 * Their compatibility forms count too: every character whose NFKC form is one of the four, the fullwidth
 * "＝＋－＠" (U+FF1D, U+FF0B, U+FF0D, U+FF20), the small "﹦﹢﹣﹫" (U+FE66, U+FE62, U+FE63, U+FE6B), the super- and
 * subscript "⁼⁺₌₊" and the Hebrew "﬩" (U+FB29). LibreOffice 7.4 reads a cell starting with them as text, but an
 * East Asian input method or any tool that applies NFKC before the spreadsheet turns them into live formulas.
 */
const FORMULA_SIGNS = '=+-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B\u207C\u207A\u208C\u208A\uFB29';
const FORMULA_LINE_STARTS = '\t\r\n\0';

/**
 * White space as JavaScript's `\s` matches it (ECMAScript WhiteSpace and LineTerminator: the tab to the carriage
 * return, the space, every Unicode space separator, U+2028, U+2029 and U+FEFF), written out because the engine's
 * regular expressions (RE2) read `\s` as ASCII white space only.
 */
export const WHITE_SPACE =
  '\t\n\v\f\r \u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF';

/** The pattern of a formula's start, its characters in a class each as `escape` writes one (all in the BMP). */
export function formulaStartPattern(escape: (code: number) => string): string {
  const characterClass = (characters: string) =>
    `[${[...characters].map((character) => escape(character.charCodeAt(0))).join('')}]`;
  return `^(?:${characterClass(WHITE_SPACE)}*${characterClass(FORMULA_SIGNS)}|${characterClass(FORMULA_LINE_STARTS)})`;
}

const FORMULA_START = new RegExp(formulaStartPattern((code) => `\\u${code.toString(16).padStart(4, '0')}`));

/**
 * OWASP's neutralization (https://owasp.org/www-community/attacks/CSV_Injection): such a text cell gets a
 * leading single quote, so a spreadsheet keeps it as text (some show the quote). Only the CSV does this (the
 * JSON, Parquet, Arrow and raw files keep the value exactly), and only text: numbers and dates are written bare
 * from typed values, and the parsers accept no sign, so a negative number never reaches a cell.
 * Example: "=1+1" → "'=1+1"; "\t=1+1" → "'\t=1+1"; "-" → "'-"; "＝1+1" → "'＝1+1"; "Jl. A-1" → unchanged.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
