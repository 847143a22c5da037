// The forms a secret can take in text an upstream sends back, or the publisher prints: as is, JSON-escaped
// (`\u006b`, `\/`), percent-encoded, HTML entities (`&#107;`, `&#x6B;`, `&amp;`), in any mix character by
// character and hex in either case; and base64 or base64url at any alignment. One matcher finds them all.

/** How a matched form was written, for messages: never the form itself. */
type SecretEncoding = 'as is' | 'JSON-escaped' | 'percent-encoded' | 'HTML entities' | 'mixed escapes';

export interface SecretMatch {
  /** Where in the text the form starts, and its length. */
  index: number;
  length: number;
  /** 'base64' and 'base64url' for the key's base64 forms, else 'text'. */
  carrier: 'text' | 'base64' | 'base64url';
  encoding: SecretEncoding;
}

/** For a message: "percent-encoded", "base64url, JSON-escaped", "as is". */
export function describeSecretMatch(match: Pick<SecretMatch, 'carrier' | 'encoding'>): string {
  if (match.carrier === 'text') return match.encoding;
  return match.encoding === 'as is' ? match.carrier : `${match.carrier}, ${match.encoding}`;
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

/** The pattern of a text written in any of the forms, character by character. */
function textPattern(text: string): string {
  return [...text].map(characterPattern).join('');
}

/**
 * The parts of a secret's base64 that do not depend on what comes before or after it, at each of the three
 * alignments (the secret's first byte at position 0, 1 or 2 of a 3-byte group): characters whose 6 bits all
 * come from the secret. Example, "abc" at alignment 0 → "YWJj".
 */
function base64Needles(secret: string): { carrier: 'base64' | 'base64url'; needle: string }[] {
  const bytes = Buffer.from(secret, 'utf8');
  const needles: { carrier: 'base64' | 'base64url'; needle: string }[] = [];
  for (let alignment = 0; alignment < 3; alignment += 1) {
    const encoded = Buffer.concat([Buffer.alloc(alignment), bytes]).toString('base64');
    const needle = encoded.slice(Math.ceil((8 * alignment) / 6), Math.floor((8 * (alignment + bytes.length)) / 6));
    if (needle.length < MIN_BASE64_NEEDLE) continue;
    needles.push({ carrier: 'base64', needle });
    const url = needle.replaceAll('+', '-').replaceAll('/', '_');
    if (url !== needle) needles.push({ carrier: 'base64url', needle: url });
  }
  return needles;
}

interface Form {
  carrier: SecretMatch['carrier'];
  literal: string;
  pattern: string;
}

function formsOf(secrets: readonly string[]): Form[] {
  const forms: Form[] = [];
  for (const secret of secrets) {
    forms.push({ carrier: 'text', literal: secret, pattern: textPattern(secret) });
    for (const { carrier, needle } of base64Needles(secret))
      forms.push({ carrier, literal: needle, pattern: textPattern(needle) });
  }
  // Longest first, so a secret containing another is matched whole.
  return forms.sort((a, b) => b.literal.length - a.literal.length);
}

function encodingOf(text: string, literal: string): SecretEncoding {
  if (text === literal) return 'as is';
  const kinds = [
    /\\u[0-9a-fA-F]{4}|\\["\\/]/.test(text) ? 'JSON-escaped' : null,
    /%[0-9a-fA-F]{2}/.test(text) ? 'percent-encoded' : null,
    /&#|&[A-Za-z]+;/.test(text) ? 'HTML entities' : null,
  ].filter((kind): kind is SecretEncoding => kind !== null);
  return kinds.length === 1 ? (kinds[0] as SecretEncoding) : 'mixed escapes';
}

export interface SecretMatcher {
  /** A fresh global regular expression matching every form of every secret (capture group n = form n). */
  regex(): RegExp;
  /** The first form found in `text`, or null. */
  find(text: string): SecretMatch | null;
  /** Every form found in `text`, left to right. */
  findAll(text: string): SecretMatch[];
  /**
   * A global regular expression matching, just before `marker`, the start of a form cut short there (a prefix of
   * any length, possibly ending inside one character's escape), so a cut secret can be redacted too.
   */
  cutBefore(marker: string): RegExp;
}

/** A matcher for the given secrets (empty strings ignored); null when there is none. */
export function createSecretMatcher(secrets: readonly string[]): SecretMatcher | null {
  const forms = formsOf(secrets.filter((secret) => secret.length > 0));
  if (forms.length === 0) return null;
  const source = forms.map((form) => `(${form.pattern})`).join('|');
  const toMatch = (match: RegExpExecArray): SecretMatch => {
    const index = match.slice(1).findIndex((group) => group !== undefined);
    const form = forms[index] as Form;
    return {
      index: match.index,
      length: match[0].length,
      carrier: form.carrier,
      encoding: encodingOf(match[0], form.literal),
    };
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
    regex: () => new RegExp(source, 'g'),
    find(text) {
      const match = new RegExp(source, 'g').exec(text);
      return match ? toMatch(match) : null;
    },
    findAll(text) {
      return [...text.matchAll(new RegExp(source, 'g'))].map(toMatch);
    },
    cutBefore(marker) {
      return new RegExp(
        `(?:${forms.map((form) => prefixPattern(form.literal)).join('|')})(?=${escapeRegex(marker)})`,
        'g',
      );
    },
  };
}
