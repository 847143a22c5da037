// Values from the data as inert text in Markdown (the change summary a CI job posts): no image, link, HTML,
// emphasis, heading, list or table cell can come out of a value, and no terminal escape gets through.

/**
 * ANSI/ECMA-48 escape sequences: CSI (`ESC [ … final`, colours and cursor moves), OSC (`ESC ] … BEL` or
 * `ESC ] … ESC \`, terminal titles and hyperlinks), and any other two-character `ESC x`. Removed whole, so no
 * "[31m" is left behind once ESC itself is gone.
 */
const ANSI_ESCAPE =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  /\u001B(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001B]*(?:\u0007|\u001B\\)?|[@-Z\\-_])|\u009B[0-?]*[ -/]*[@-~]/g;

/** Line breaks of every kind: a value must stay on its line (a list item or a table row). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const LINE_BREAK = /\r\n|[\n\r\u000B\u000C\u0085\u2028\u2029]|\t/g;

/**
 * Control characters (C0, DEL, C1) and the bidirectional overrides and isolates, which can make text read in
 * another order than it is written (CVE-2021-42574).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

/**
 * The ASCII punctuation Markdown gives a meaning to, each escaped with a backslash (CommonMark 2.4: any ASCII
 * punctuation may be). Beyond the obvious (`*`, `_`, backticks, `[`, `]`, `<`, `>`, `!`, `#`, `|`), `:`, `.` and
 * `@` stop GitHub's autolinks (`https://…`, `www.…`, `a@b.id`), `&` stops character references (`&lt;`), `$`
 * stops GitHub's math, and `(`, `)`, `{`, `}`, `+`, `-`, `~`, `=` the rarer constructs.
 */
const MARKDOWN_PUNCTUATION = /[\\`*_{}[\]()#+\-.!|<>~&:@$=]/g;

/** Longest value shown, in code points: a summary names what changed; the files hold the whole value. */
export const MARKDOWN_VALUE_MAX = 200;

/**
 * A value as inert inline Markdown text: escape sequences and control characters removed, line breaks and tabs
 * as spaces, cut to MARKDOWN_VALUE_MAX code points (with "…"), then Markdown punctuation backslash-escaped.
 * Example: `![x](https://e.example/a.png)` → `\!\[x\]\(https\://e\.example/a\.png\)`;
 * "\u001b[31mRED\u001b[0m" → "RED"; "a|b\nc" → `a\|b c`.
 */
export function escapeMarkdownText(value: string): string {
  const plain = value.replace(ANSI_ESCAPE, '').replace(LINE_BREAK, ' ').replace(CONTROL, '');
  const codePoints = [...plain];
  const cut = codePoints.length > MARKDOWN_VALUE_MAX ? `${codePoints.slice(0, MARKDOWN_VALUE_MAX).join('')}…` : plain;
  return cut.replace(MARKDOWN_PUNCTUATION, (character) => `\\${character}`);
}
