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
   * The member names written at nesting depths 1 to NAME_DEPTHS (index 0: the top-level object's), a repeated name
   * counted each time: JSON.parse keeps the last of two equal names, so `{"data":[…],"data":[]}` parses as no records
   * and `{"n":"1","n":"2"}` as `{"n":"2"}`. Compared with the names the parsed value kept (keptNames).
   */
  names: number[];
}

/** How deep names are counted: a page's envelope (1), a keyed `data` or a bare record (2), the records in `data` (3). */
const NAME_DEPTHS = 3;

/**
 * The member names the objects of a parsed value keep at depths 1 to NAME_DEPTHS, as scanJsonText counts them in the
 * text (an array is a level too): fewer than written means a name was written twice and JSON.parse kept its last.
 * Example: keptNames(JSON.parse('{"count":"1","data":[{"a":"1","a":"2"}]}')) → [2, 0, 1].
 */
export function keptNames(value: unknown): number[] {
  const counts = new Array<number>(NAME_DEPTHS).fill(0);
  const visit = (item: unknown, depth: number): void => {
    // A number kept as its source text (parseJsonExactly) is an object to JavaScript, a number in the text.
    if (typeof item !== 'object' || item === null || jsonWithSource.isRawJSON(item)) return;
    if (Array.isArray(item)) {
      if (depth < NAME_DEPTHS) for (const element of item) visit(element, depth + 1);
      return;
    }
    let names = 0;
    for (const name in item) {
      names += 1;
      if (depth < NAME_DEPTHS) visit((item as Record<string, unknown>)[name], depth + 1);
    }
    counts[depth - 1] = (counts[depth - 1] as number) + names;
  };
  visit(value, 1);
  return counts;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** A number literal that JSON.parse reads back and JSON.stringify writes out unchanged: 0, or up to 15 digits. */
const PLAIN_INTEGER = /^(?:0|[1-9]\d{0,14})$/;
const NUMBER_CHARS = /[-+.eE\d]/;

/**
 * Scans JSON text once, stopping at the first bracket deeper than `maxDepth`. Strings are skipped with indexOf
 * (what brackets or digits they hold is data). Invalid JSON is scanned as far as it goes: JSON.parse judges it.
 * Example: scanJsonText('{"a":[1e400]}', 64) → { depth: 2, tooDeepAt: null, inexactNumbers: true, names: [1, 0, 0] }.
 */
export function scanJsonText(text: string, maxDepth = Number.POSITIVE_INFINITY): JsonTextScan {
  let depth = 0;
  let deepest = 0;
  let inexactNumbers = false;
  const names = new Array<number>(NAME_DEPTHS).fill(0);
  const length = text.length;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) {
      // The string's end: the next quote not escaped by an odd run of backslashes.
      for (;;) {
        const end = text.indexOf('"', index + 1);
        if (end < 0) return { depth: deepest, tooDeepAt: null, inexactNumbers, names };
        let backslashes = 0;
        while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
        index = end;
        if (backslashes % 2 === 0) break;
      }
      // A string followed by a colon is a member name.
      if (depth >= 1 && depth <= NAME_DEPTHS) {
        let next = index + 1;
        let after = text.charCodeAt(next);
        while (after === 0x20 || after === 0x0a || after === 0x0d || after === 0x09)
          after = text.charCodeAt((next += 1));
        if (after === 0x3a) names[depth - 1] = (names[depth - 1] as number) + 1;
      }
    } else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (depth > maxDepth) return { depth: deepest, tooDeepAt: index, inexactNumbers, names };
    } else if (code === 0x5d || code === 0x7d) {
      depth -= 1;
    } else if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      let end = index + 1;
      while (end < length && NUMBER_CHARS.test(text[end] as string)) end += 1;
      if (!inexactNumbers && !PLAIN_INTEGER.test(text.slice(index, end))) inexactNumbers = true;
      index = end - 1;
    }
  }
  return { depth: deepest, tooDeepAt: null, inexactNumbers, names };
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
  isRawJSON(value: unknown): boolean;
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
