// The forms a secret can take in text an upstream sends back, or the publisher prints: any run of 8 of its
// characters (the whole secret if shorter), in either case, as is, JSON-escaped (`\u006b`, `\/`), percent-encoded,
// HTML entities (`&#107;`, `&#x6B;`, `&amp;`), in any mix character by character and hex in either case; its hex;
// its base64 or base64url at any alignment; and, in what is printed, one separator between any two characters.
// One matcher finds them all in short texts (the redactor); pages are scanned by scripts/harvest/secret-scan.ts.

/** The length of the runs of a secret looked for: any 8 characters in a row give it away. */
export const KEY_WINDOW = 8;

/** Hex and base64 forms are looked for only for secrets this long: a shorter one's would match text by chance. */
export const MIN_ENCODED_KEY = 6;

/** Every run of KEY_WINDOW characters of `secret` (the whole secret when shorter), without repeats. */
export function keyWindows(secret: string): string[] {
  const width = Math.min(KEY_WINDOW, secret.length);
  const windows = new Set<string>();
  for (let start = 0; start + width <= secret.length; start += 1) windows.add(secret.slice(start, start + width));
  return [...windows];
}

/** How a matched form was written, for messages: never the form itself. */
type SecretEncoding = 'as is' | 'JSON-escaped' | 'percent-encoded' | 'HTML entities' | 'mixed escapes';

type SecretCarrier = 'text' | 'hex' | 'base64' | 'base64url';

interface SecretMatch {
  /** Where in the text the form starts, and its length. */
  index: number;
  length: number;
  /** 'hex', 'base64' and 'base64url' for those forms of the key, else 'text'. */
  carrier: SecretCarrier;
  encoding: SecretEncoding;
}

/**
 * HTML's named character references for printable ASCII (WHATWG list), by character: a key holding `&` may come
 * back as `&amp;`. Letters and digits have none.
 */
const NAMED_ENTITIES: Readonly<Record<string, readonly string[]>> = {
  '!': ['excl'],
  '"': ['quot', 'QUOT'],
  '#': ['num'],
  $: ['dollar'],
  '%': ['percnt'],
  '&': ['amp', 'AMP'],
  "'": ['apos'],
  '(': ['lpar'],
  ')': ['rpar'],
  '*': ['ast', 'midast'],
  '+': ['plus'],
  ',': ['comma'],
  '.': ['period'],
  '/': ['sol'],
  ':': ['colon'],
  ';': ['semi'],
  '<': ['lt', 'LT'],
  '=': ['equals'],
  '>': ['gt', 'GT'],
  '?': ['quest'],
  '@': ['commat'],
  '[': ['lsqb', 'lbrack'],
  '\\': ['bsol'],
  ']': ['rsqb', 'rbrack'],
  '^': ['Hat'],
  _: ['lowbar', 'UnderBar'],
  '`': ['grave', 'DiacriticalGrave'],
  '{': ['lcub', 'lbrace'],
  '|': ['verbar', 'vert', 'VerticalLine'],
  '}': ['rcub', 'rbrace'],
};

/** The same references by name, to the character's code: for decoding. */
export const HTML_NAMED_CODES: ReadonlyMap<string, number> = new Map(
  Object.entries(NAMED_ENTITIES).flatMap(([character, names]) => names.map((name) => [name, character.charCodeAt(0)])),
);

/** JSON's two-character escapes that a printable ASCII character may take (RFC 8259 §7). */
const JSON_SHORT_ESCAPES: Readonly<Record<string, string>> = { '"': '\\"', '\\': '\\\\', '/': '\\/' };

/** Base64 pieces shorter than this are left out: a short key's pieces would match ordinary text by chance. */
const MIN_BASE64_NEEDLE = 8;

function escapeRegex(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** Hex digits matching either case: "6b" → "6[bB]". */
function hexPattern(hex: string): string {
  return [...hex]
    .map((digit) => (/[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit))
    .join('');
}

/**
 * Every way one printable ASCII character may be written. Example, "&": `&`, `\u0026`, `%26`, `&#38;`, `&#x26;`,
 * `&amp;` (numeric references with or without leading zeros and the final `;`, which browsers tolerate).
 */
function characterPattern(character: string): string {
  const code = character.charCodeAt(0);
  const hex = code.toString(16).padStart(2, '0');
  const forms = [
    escapeRegex(character),
    `\\\\u00${hexPattern(hex)}`,
    `%${hexPattern(hex)}`,
    `&#0*${code};?`,
    `&#[xX]0*${hexPattern(hex)};?`,
    ...(NAMED_ENTITIES[character] ?? []).map((name) => `&${name};`),
  ];
  const short = JSON_SHORT_ESCAPES[character];
  if (short) forms.push(escapeRegex(short));
  return `(?:${forms.join('|')})`;
}

/** The beginnings of one character's escapes, the character itself excluded. Example, "k": `\`, `\u`, `\u0`, `\u00`, `\u006`, `%`, `%6`, `&`, `&#`, … */
function partialPattern(character: string): string {
  const code = character.charCodeAt(0);
  const hex = code.toString(16).padStart(2, '0');
  const escapes = [
    `\\u00${hex}`,
    `%${hex}`,
    `&#${code};`,
    `&#x${hex};`,
    ...(NAMED_ENTITIES[character] ?? []).map((name) => `&${name};`),
  ];
  const short = JSON_SHORT_ESCAPES[character];
  if (short) escapes.push(short);
  const prefixes = new Set<string>();
  for (const escape of escapes)
    for (let length = 1; length < escape.length; length += 1) prefixes.add(escape.slice(0, length));
  return `(?:${[...prefixes]
    .sort((a, b) => b.length - a.length)
    .map((prefix) => {
      // Hex digits (and the `x` of `&#x`) in either case; named references keep their case.
      const folds = prefix.startsWith('&#') ? /[a-fx]/i : /^[%\\]/.test(prefix) ? /[a-f]/i : null;
      return [...prefix]
        .map((part) => (folds?.test(part) ? `[${part.toLowerCase()}${part.toUpperCase()}]` : escapeRegex(part)))
        .join('');
    })
    .join('|')})`;
}

/** Characters that may stand between two characters of a secret in a printed text (one at a time). */
const SEPARATORS = new Set([..." \t\r\n-_.:,;|/+*~'"]);

/** A JSON field boundary as a quoted body shows it, skipped like a separator: `","` or `","Name":"`. */
const FIELD_BOUNDARY = /","(?:[^"\\]{0,64}":")?/g;

/**
 * The escape starting at `at`, as [code, length], or null: `\u006B`, `\/`, `%6b`, `&#107;`, `&#x6B`, `&amp;`.
 * One level: `%2541` is `%` then `41`.
 */
function escapeAt(text: string, at: number): [number, number] | null {
  const match =
    /^(?:\\u([0-9a-fA-F]{4})|\\(["\\/])|%([0-9a-fA-F]{2})|&#[xX]0*([0-9a-fA-F]{1,6});?|&#0*([0-9]{1,7});?|&([A-Za-z]{2,20});)/.exec(
      text.slice(at, at + 40),
    );
  if (!match) return null;
  const [whole, unicode, short, percent, hex, decimal, name] = match;
  const code =
    unicode !== undefined || percent !== undefined || hex !== undefined
      ? Number.parseInt((unicode ?? percent ?? hex) as string, 16)
      : decimal !== undefined
        ? Number(decimal)
        : short !== undefined
          ? short.charCodeAt(0)
          : HTML_NAMED_CODES.get(name as string);
  return code === undefined ? null : [code, whole.length];
}

/** A character of the text as read: its code, where it was written and whether it was escaped. */
interface Unit {
  code: number;
  start: number;
  end: number;
  separator: boolean;
}

function unitsOf(text: string, separators: ReadonlySet<string>): Unit[] {
  const skipped = new Uint8Array(text.length);
  for (const match of text.matchAll(FIELD_BOUNDARY)) skipped.fill(1, match.index, match.index + match[0].length);
  const units: Unit[] = [];
  for (let at = 0; at < text.length;) {
    const first = text.charCodeAt(at);
    if (first === 92 && /[nrt]/.test(text[at + 1] ?? '')) {
      // An escaped line break or tab, as a JSON text shows it: a separator.
      units.push({ code: 10, start: at, end: at + 2, separator: true });
      at += 2;
      continue;
    }
    const escape = first === 92 || first === 37 || first === 38 ? escapeAt(text, at) : null;
    const [code, length] = escape ?? [text.charCodeAt(at), 1];
    const separator = skipped[at] === 1 || separators.has(String.fromCharCode(code));
    units.push({ code, start: at, end: at + length, separator });
    at += length;
  }
  return units;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUES = new Map([...BASE64_ALPHABET].map((character, value) => [character.charCodeAt(0), value]));
BASE64_VALUES.set(45, 62);
BASE64_VALUES.set(95, 63);

/** Bytes decoded from units, each with the units it came from. */
interface Decoded {
  text: string;
  from: number[];
  to: number[];
}

/** Runs of `indexes` whose units' codes `accept`. */
function runsOf(units: readonly Unit[], indexes: readonly number[], accept: (code: number) => boolean): number[][] {
  const runs: number[][] = [];
  let run: number[] = [];
  for (const index of indexes) {
    if (accept((units[index] as Unit).code)) {
      run.push(index);
    } else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The lower-case text of `indexes`, one character a unit. */
function textOf(units: readonly Unit[], indexes: readonly number[]): Decoded {
  const codes = indexes.map((index) => (units[index] as Unit).code);
  return {
    text: String.fromCharCode(...codes.map((code) => (code < 128 ? code : 0))).toLowerCase(),
    from: [...indexes],
    to: [...indexes],
  };
}

/** Hex digits read as bytes from the first or the second digit of `run`. */
function hexOf(units: readonly Unit[], run: readonly number[], parity: number): Decoded {
  const decoded: Decoded = { text: '', from: [], to: [] };
  for (let at = parity; at + 1 < run.length; at += 2) {
    const first = run[at] as number;
    const second = run[at + 1] as number;
    const byte = Number.parseInt(String.fromCharCode((units[first] as Unit).code, (units[second] as Unit).code), 16);
    decoded.text += String.fromCharCode(byte).toLowerCase();
    decoded.from.push(first);
    decoded.to.push(second);
  }
  return decoded;
}

/** Base64 characters read as bytes from the `phase`th character of `run` (a last short group as far as it goes). */
function base64Of(units: readonly Unit[], run: readonly number[], phase: number): Decoded {
  const decoded: Decoded = { text: '', from: [], to: [] };
  for (let group = phase; group < run.length; group += 4) {
    const indexes = run.slice(group, group + 4);
    const values = indexes.map((index) => BASE64_VALUES.get((units[index] as Unit).code) as number);
    const bits = values.reduce((sum, value) => sum * 64 + value, 0) * 64 ** (4 - values.length);
    for (let byte = 0; byte < Math.floor((6 * values.length) / 8); byte += 1) {
      decoded.text += String.fromCharCode(Math.floor(bits / 256 ** (2 - byte)) & 255).toLowerCase();
      decoded.from.push(indexes[Math.floor((8 * byte) / 6)] as number);
      decoded.to.push(indexes[Math.floor((8 * byte + 7) / 6)] as number);
    }
  }
  return decoded;
}

/** Where windows of the secrets occur in decoded text, as spans of units. */
function windowSpans(decoded: Decoded, windows: readonly string[], carrier: SecretCarrier): Span[] {
  const spans: Span[] = [];
  for (const window of windows) {
    for (let at = decoded.text.indexOf(window); at >= 0; at = decoded.text.indexOf(window, at + 1))
      spans.push({ first: decoded.from[at] as number, last: decoded.to[at + window.length - 1] as number, carrier });
  }
  return spans;
}

interface Span {
  first: number;
  last: number;
  carrier: SecretCarrier;
}

/** The literal forms of a whole secret whose beginnings a cut text may end with: the text and its base64 pieces. */
function cutLiterals(secrets: readonly string[]): string[] {
  const literals: string[] = [];
  for (const secret of secrets) {
    literals.push(secret);
    const bytes = Buffer.from(secret, 'utf8');
    for (let alignment = 0; alignment < 3; alignment += 1) {
      const encoded = Buffer.concat([Buffer.alloc(alignment), bytes]).toString('base64');
      const needle = encoded.slice(Math.ceil((8 * alignment) / 6), Math.floor((8 * (alignment + bytes.length)) / 6));
      if (needle.length < MIN_BASE64_NEEDLE) continue;
      literals.push(needle, needle.replaceAll('+', '-').replaceAll('/', '_'));
    }
  }
  return [...new Set(literals)].sort((a, b) => b.length - a.length);
}

function encodingOf(text: string): SecretEncoding {
  const kinds = [
    /\\u[0-9a-fA-F]{4}|\\["\\/]/.test(text) ? 'JSON-escaped' : null,
    /%[0-9a-fA-F]{2}/.test(text) ? 'percent-encoded' : null,
    /&#|&[A-Za-z]+;/.test(text) ? 'HTML entities' : null,
  ].filter((kind): kind is SecretEncoding => kind !== null);
  if (kinds.length === 0) return 'as is';
  return kinds.length === 1 ? (kinds[0] as SecretEncoding) : 'mixed escapes';
}

export interface SecretMatcher {
  /** The first form found in `text`, or null. */
  find(text: string): SecretMatch | null;
  /** Every form found in `text`, left to right, overlapping ones merged into one. */
  findAll(text: string): SecretMatch[];
  /**
   * A global regular expression matching, just before `marker`, the start of a whole secret cut short there (a
   * prefix of any length, possibly ending inside one character's escape), so a cut secret can be redacted too.
   */
  cutBefore(marker: string): RegExp;
}

const isHexDigit = (code: number): boolean => /^[0-9a-fA-F]$/.test(String.fromCharCode(code));

/**
 * A matcher for the given secrets (empty strings ignored); null when there is none. It reads a text once as
 * characters (escapes decoded), then twice more: without separators, and for a secret of MIN_ENCODED_KEY or more
 * its runs of hex digits and of base64 characters as bytes; in each, it looks for every window of each secret in
 * lower case. Meant for short texts (messages, log lines): pages are scanned by scripts/harvest/secret-scan.ts.
 */
export function createSecretMatcher(secrets: readonly string[]): SecretMatcher | null {
  const kept = secrets.filter((secret) => secret.length > 0);
  if (kept.length === 0) return null;
  const windows = [...new Set(kept.flatMap((secret) => keyWindows(secret.toLowerCase())))];
  const encodedWindows = [
    ...new Set(
      kept.filter((secret) => secret.length >= MIN_ENCODED_KEY).flatMap((secret) => keyWindows(secret.toLowerCase())),
    ),
  ];
  // A separator that is one of the secrets' own characters is not skipped: it may be the secret's.
  const lowerSecrets = kept.join('').toLowerCase();
  const separators = new Set([...SEPARATORS].filter((separator) => !lowerSecrets.includes(separator)));
  const findAll = (text: string): SecretMatch[] => {
    const units = unitsOf(text, separators);
    const all = units.map((_, index) => index);
    const joined = all.filter((index) => !(units[index] as Unit).separator);
    const spans = [
      ...windowSpans(textOf(units, all), windows, 'text'),
      ...windowSpans(textOf(units, joined), windows, 'text'),
    ];
    if (encodedWindows.length > 0) {
      // With separators and without: `6b:37:…`, base64 wrapped in lines.
      const runs = (accept: (code: number) => boolean): number[][] => [
        ...runsOf(units, all, accept),
        ...runsOf(units, joined, accept),
      ];
      // Runs too short to hold a window's hex (2 digits a character) or base64 (8 bits in 6) are left out.
      for (const run of runs(isHexDigit).filter((indexes) => indexes.length >= 2 * MIN_ENCODED_KEY)) {
        for (const parity of [0, 1]) spans.push(...windowSpans(hexOf(units, run, parity), encodedWindows, 'hex'));
      }
      const base64Runs = runs((code) => BASE64_VALUES.has(code)).filter(
        (indexes) => 6 * indexes.length >= 8 * MIN_ENCODED_KEY,
      );
      for (const run of base64Runs) {
        const url = run.some((index) => [45, 95].includes((units[index] as Unit).code));
        for (const phase of [0, 1, 2, 3])
          spans.push(...windowSpans(base64Of(units, run, phase), encodedWindows, url ? 'base64url' : 'base64'));
      }
    }
    spans.sort((a, b) => a.first - b.first || b.last - a.last);
    const matches: SecretMatch[] = [];
    let end = -1;
    for (const span of spans) {
      const start = (units[span.first] as Unit).start;
      const stop = (units[span.last] as Unit).end;
      const last = matches.at(-1);
      if (last && start <= end) {
        end = Math.max(end, stop);
        last.length = end - last.index;
        continue;
      }
      matches.push({ index: start, length: stop - start, carrier: span.carrier, encoding: 'as is' });
      end = stop;
    }
    for (const match of matches) match.encoding = encodingOf(text.slice(match.index, match.index + match.length));
    return matches;
  };
  // A cut can fall inside one character's escape (`%2`, `\u00`, `&#x2`, `&am`): that beginning goes too.
  const prefixPattern = (text: string): string => {
    let level = '';
    for (const character of [...text].reverse()) {
      level = `(?:${characterPattern(character)}${level ? `${level}?` : ''}|${partialPattern(character)})`;
    }
    return level;
  };
  return {
    find: (text) => findAll(text)[0] ?? null,
    findAll,
    cutBefore(marker) {
      return new RegExp(`(?:${cutLiterals(kept).map(prefixPattern).join('|')})(?=${escapeRegex(marker)})`, 'g');
    },
  };
}
