// Reads upstream JSON text without losing anything: nesting is measured on the text before any recursive walk
// of the value, and numbers JSON.parse would change (1e400 → Infinity, 12345678901234567890 → …7000, 0.1e1 → 1)
// keep their source text as JSON.rawJSON, so JSON.stringify writes them back exactly as sent.

/** What one pass over JSON text finds: how deep it nests, and whether a number needs its source text. */
export interface JsonTextScan {
  /** The deepest nesting of arrays and objects: `"x"` is 0, `{"data":[{"f":"v"}]}` is 3. */
  depth: number;
  /** Offset (in UTF-16 units) of the first bracket deeper than `maxDepth`, or null. */
  tooDeepAt: number | null;
  /** Whether a number literal occurs whose JavaScript value prints differently (so JSON.parse alone would change it). */
  inexactNumbers: boolean;
  /**
   * The member names written in the top-level object, a repeated one counted each time (JSON.parse keeps the last
   * of two equal names, so `{"data":[…],"data":[]}` parses as no records): 0 for any other top-level value.
   */
  topLevelNames: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** A number literal that JSON.parse reads back and JSON.stringify writes out unchanged: 0, or up to 15 digits. */
const PLAIN_INTEGER = /^(?:0|[1-9]\d{0,14})$/;
const NUMBER_CHARS = /[-+.eE\d]/;
const JSON_WHITESPACE = ' \t\n\r';

/**
 * Scans JSON text once, stopping at the first bracket deeper than `maxDepth`. Strings are skipped with indexOf
 * (what brackets or digits they hold is data). Invalid JSON is scanned as far as it goes: JSON.parse judges it.
 * Example: scanJsonText('{"a":[1e400]}', 64) → { depth: 2, tooDeepAt: null, inexactNumbers: true, topLevelNames: 1 }.
 */
export function scanJsonText(text: string, maxDepth = Number.POSITIVE_INFINITY): JsonTextScan {
  let depth = 0;
  let deepest = 0;
  let inexactNumbers = false;
  let topLevelNames = 0;
  // Whether the text's first bracket opened an object: only then are its depth-1 strings before a colon names.
  let topLevelObject = false;
  const length = text.length;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      // The string's end: the next quote not escaped by an odd run of backslashes.
      for (;;) {
        const end = text.indexOf('"', index + 1);
        if (end < 0) return { depth: deepest, tooDeepAt: null, inexactNumbers, topLevelNames };
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
        index = end;
        if (backslashes % 2 === 0) break;
      }
      if (depth === 1 && topLevelObject) {
        let next = index + 1;
        while (next < length && JSON_WHITESPACE.includes(text[next] as string)) next += 1;
        if (text.charCodeAt(next) === 0x3a) topLevelNames += 1;
      }
    } else if (code === 0x5b || code === 0x7b) {
      if (deepest === 0) topLevelObject = code === 0x7b;
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (depth > maxDepth) return { depth: deepest, tooDeepAt: index, inexactNumbers, topLevelNames };
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    } else if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      let end = index + 1;
      while (end < length && NUMBER_CHARS.test(text[end] as string)) end += 1;
      if (!inexactNumbers && !PLAIN_INTEGER.test(text.slice(index, end))) inexactNumbers = true;
      index = end - 1;
    }
  }
  return { depth: deepest, tooDeepAt: null, inexactNumbers, topLevelNames };
}

/** The reviver's third argument (ES2026 "JSON.parse source text access"), not yet in TypeScript's lib. */
interface ReviverContext {
  source?: string;
}

const jsonWithSource = JSON as unknown as {
  parse(
    text: string,
    reviver: (this: unknown, key: string, value: unknown, context: ReviverContext) => unknown,
  ): unknown;
  rawJSON(text: string): unknown;
};

/**
 * JSON.parse, but a number whose value would print differently from its source text becomes JSON.rawJSON(source):
 * an opaque object that JSON.stringify writes back as the very text received. Numbers that round-trip stay numbers.
 * Example: parseJsonExactly('{"n":1e400,"m":7}') → { n: rawJSON("1e400"), m: 7 }; JSON.stringify of it gives the
 * input back. Callers measure the depth first (scanJsonText): the reviver walks the value recursively.
 */
export function parseJsonExactly(
  text: string,
  scan: Pick<JsonTextScan, 'inexactNumbers'> = scanJsonText(text),
): unknown {
  if (!scan.inexactNumbers) return JSON.parse(text);
  return jsonWithSource.parse(text, (_key, value, context) =>
    typeof value === 'number' && context.source !== undefined && String(value) !== context.source
      ? jsonWithSource.rawJSON(context.source)
      : value,
  );
}
