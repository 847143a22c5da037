// Keeps text from the upstream from driving the terminal: control characters (ANSI escape sequences, carriage
// returns, C1 controls) and the bidirectional overrides that reorder what is shown are written visibly, as
// `\x1b` or `\u202e`, in everything printed for people; in JSON output, as `\u` escapes.

/**
 * C0 controls but tab and newline, DEL, C1 controls (U+0080–U+009F: U+009B is a one-byte CSI on some terminals),
 * and the Unicode bidirectional controls (the "Trojan Source" characters, CVE-2021-42574).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- as above
const UNSAFE_OR_NEWLINE = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** What JSON.stringify leaves raw of the above (it escapes only U+0000–U+001F). */
const UNSAFE_IN_JSON = /[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function visible(character: string): string {
  const code = character.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * Text safe to write to a terminal. Example: "\x1b[2Jred\r" → "\\x1b[2Jred\\x0d". With `oneLine`, newlines are
 * shown as `\x0a` too, for a line that must stay one line (a warning, the live status).
 */
export function escapeControlCharacters(text: string, options: { oneLine?: boolean } = {}): string {
  return text.replace(options.oneLine ? UNSAFE_OR_NEWLINE : UNSAFE, visible);
}

/** JSON text (from JSON.stringify) with the controls it leaves raw escaped as `\u` sequences: still the same JSON. */
export function escapeJsonControlCharacters(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
