// Finds the API key in a page: an upstream echoing it inside a record would publish it in every page, download,
// release copy and the cache CI carries between runs. Any run of 8 characters of the key in any form (below);
// key-refusal.ts scans each page once, as text, before it is written or, for a harvest read from disk, used.
import { HTML_NAMED_CODES, KEY_WINDOW, keyWindows, MIN_ENCODED_KEY } from '../log/secret-forms.ts';

/** Looks for the key in a body; returns how it was written ("as is", "hex", "base64", …) or null. */
export type KeyScan = (body: Buffer | string) => string | null;

// How a decoded character was written, as bits; ACROSS marks the first character after a field boundary.
const JSON_ESCAPE = 1;
const PERCENT = 2;
const HTML = 4;
const ACROSS = 8;

const LOWER = new Uint8Array(256).map((_, code) => (code >= 65 && code <= 90 ? code + 32 : code));
const HEX_VALUE = new Int8Array(128).fill(-1);
const BASE64_VALUE = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 10; digit += 1) {
  HEX_VALUE[48 + digit] = digit;
  BASE64_VALUE[48 + digit] = 52 + digit;
}
for (let letter = 0; letter < 26; letter += 1) {
  if (letter < 6) HEX_VALUE[65 + letter] = HEX_VALUE[97 + letter] = 10 + letter;
  BASE64_VALUE[65 + letter] = letter;
  BASE64_VALUE[97 + letter] = 26 + letter;
}
// base64url's `-` and `_` are base64's `+` and `/`.
BASE64_VALUE[43] = BASE64_VALUE[45] = 62;
BASE64_VALUE[47] = BASE64_VALUE[95] = 63;

/** Per character: a bit for what needs a look before it is fed (in a string; outside one), and one for non-ASCII. */
const IN_STRING = 1 << 24;
const OUTSIDE = 1 << 25;
const NON_ASCII = 1 << 26;
/** Per character below 256: its lower case (bits 0-6), hex value + 1 (bits 8-12), base64 value + 1 (bits 16-22). */
const INFO = new Int32Array(256).map((_, code) => {
  if (code >= 128) return NON_ASCII | IN_STRING | OUTSIDE;
  let info = (LOWER[code] as number) | (((HEX_VALUE[code] as number) + 1) << 8);
  info |= ((BASE64_VALUE[code] as number) + 1) << 16;
  // `"` `\` `%` `&` anywhere; outside strings also JSON's whitespace and punctuation, which are skipped.
  if ('"\\%&'.includes(String.fromCharCode(code))) info |= IN_STRING | OUTSIDE;
  if (' \t\r\n,:{}[]'.includes(String.fromCharCode(code))) info |= OUTSIDE;
  return info;
});

/** Containers deeper than this are not told apart (objects' names from values); the body limits keep pages shallower. */
const MAX_DEPTH = 4096;

const variants = (code: number): number[] => (code >= 97 && code <= 122 ? [code, code - 32] : [code]);

/**
 * What the scan looks for, from the key in lower case: its windows (every run of `width` characters), and for
 * each layer a table of short grams that every one of its forms is made of (letters in either case), so the scan
 * can count, per character, how long the text has been one of them and look closer only after a long enough run.
 */
interface KeyTables {
  width: number;
  windows: ReadonlySet<string>;
  /** Pairs of adjacent characters of the key, in lower case: index (first << 7) | second. */
  bigrams: Uint8Array;
  /** Every 4 hex digits in a row of the key's hex (either case), index 16 bits; null for a key too short. */
  hexGrams: Uint8Array | null;
  hexRun: number;
  /** Every 3 characters in a row of the key's base64 at each alignment (either case), index 18 bits. */
  triGrams: Uint8Array | null;
  base64Run: number;
  /** Names of objects (field names) the quick pass found no run in, read by their text: skipped the next time. */
  cleanNames: Set<string>;
}

/** A bound on cleanNames: a page of arbitrary names costs the scan its speed, never memory. */
const MAX_CLEAN_NAMES = 4096;

function keyTables(key: string): KeyTables {
  const lower = [...key.toLowerCase()].map((character) => character.charCodeAt(0) & 127);
  const windows = new Set(keyWindows(key.toLowerCase()));
  const width = Math.min(KEY_WINDOW, lower.length);
  const bigrams = new Uint8Array(1 << 14);
  for (let index = 1; index < lower.length; index += 1)
    bigrams[((lower[index - 1] as number) << 7) | (lower[index] as number)] = 1;
  if (lower.length < MIN_ENCODED_KEY)
    return { width, windows, bigrams, hexGrams: null, hexRun: 0, triGrams: null, base64Run: 0, cleanNames: new Set() };
  // Hex: the nibbles each position can hold (a letter's high one depends on its case), every 4 in a row.
  const nibbles = lower.flatMap((code) => [[...new Set(variants(code).map((variant) => variant >> 4))], [code & 15]]);
  const hexGrams = new Uint8Array(1 << 16);
  for (let at = 0; at + 4 <= nibbles.length; at += 1)
    for (const a of nibbles[at] as number[])
      for (const b of nibbles[at + 1] as number[])
        for (const c of nibbles[at + 2] as number[])
          for (const d of nibbles[at + 3] as number[]) hexGrams[(a << 12) | (b << 8) | (c << 4) | d] = 1;
  // Base64: with the key's first byte at each of the 3 positions of a group, the values each character wholly
  // made of the key's bits can hold, every 3 in a row.
  const triGrams = new Uint8Array(1 << 18);
  let shortest = Number.POSITIVE_INFINITY;
  for (let alignment = 0; alignment < 3; alignment += 1) {
    const bytes = [...(new Array(alignment).fill(0) as number[]), ...lower];
    const first = Math.ceil((8 * alignment) / 6);
    shortest = Math.min(shortest, Math.floor((8 * (alignment + width)) / 6) - first);
    const classes: number[][] = [];
    for (let at = first; at < Math.floor((8 * bytes.length) / 6); at += 1) {
      const k0 = Math.floor((6 * at) / 8);
      const k1 = Math.floor((6 * at + 5) / 8);
      const bit = 6 * at - 8 * k0;
      const values = new Set<number>();
      for (const v0 of variants(bytes[k0] as number))
        for (const v1 of k1 === k0 ? [0] : variants(bytes[k1] as number))
          values.add(k1 === k0 ? (v0 >> (2 - bit)) & 63 : (((v0 << 8) | v1) >> (10 - bit)) & 63);
      classes.push([...values]);
    }
    for (let at = 0; at + 3 <= classes.length; at += 1)
      for (const a of classes[at] as number[])
        for (const b of classes[at + 1] as number[])
          for (const c of classes[at + 2] as number[]) triGrams[(a << 12) | (b << 6) | c] = 1;
  }
  // A window's hex is 2 × width digits (2 × width − 3 grams); its base64 at least `shortest` whole characters.
  return {
    width,
    windows,
    bigrams,
    hexGrams,
    hexRun: 2 * width - 3,
    triGrams,
    base64Run: shortest - 2,
    cleanNames: new Set(),
  };
}

/**
 * The escape starting at `at`, packed as code | length << 16 | kind << 24, or 0: `\u006B`, `\/`, `\n` (in a
 * string), `%6b`, `&#107;`, `&#x6B`, `&amp;`. One level: `%2541` is `%` then `41`.
 */
function escapeAt(text: string, at: number, inString: boolean): number {
  const first = text.charCodeAt(at);
  if (first === 92) {
    if (!inString) return 0;
    const next = text.charCodeAt(at + 1);
    if (next === 117) {
      const hex = text.slice(at + 2, at + 6);
      return /^[0-9a-fA-F]{4}$/.test(hex) ? Number.parseInt(hex, 16) | (6 << 16) | (JSON_ESCAPE << 24) : 0;
    }
    const simple = SIMPLE_ESCAPES.get(next);
    return simple === undefined ? 0 : simple | (2 << 16) | (JSON_ESCAPE << 24);
  }
  if (first === 37) {
    const high = HEX_VALUE[text.charCodeAt(at + 1)] ?? -1;
    const low = HEX_VALUE[text.charCodeAt(at + 2)] ?? -1;
    return high >= 0 && low >= 0 ? (high << 4) | low | (3 << 16) | (PERCENT << 24) : 0;
  }
  if (first === 38) {
    const match = /^&(?:#[xX]0*([0-9a-fA-F]{1,6});?|#0*([0-9]{1,7});?|([A-Za-z]{2,20});)/.exec(text.slice(at, at + 40));
    if (!match) return 0;
    const code = match[1]
      ? Number.parseInt(match[1], 16)
      : match[2]
        ? Number(match[2])
        : HTML_NAMED_CODES.get(match[3] ?? '');
    return code === undefined || code > 0xffff ? 0 : code | (match[0].length << 16) | (HTML << 24);
  }
  return 0;
}

const SIMPLE_ESCAPES = new Map([34, 92, 47].map((code) => [code, code]));
for (const [letter, code] of [
  ['b', 8],
  ['f', 12],
  ['n', 10],
  ['r', 13],
  ['t', 9],
] as const)
  SIMPLE_ESCAPES.set(letter.charCodeAt(0), code);

function kindsName(packed: number): string {
  // 4 bits a character (the text layer keeps them per character): any character's kind counts.
  let kinds = 0;
  for (let at = 0; at < 8; at += 1) kinds |= (packed >>> (4 * at)) & 7;
  const names = [
    kinds & JSON_ESCAPE ? 'JSON-escaped' : null,
    kinds & PERCENT ? 'percent-encoded' : null,
    kinds & HTML ? 'HTML entities' : null,
  ].filter((name) => name !== null);
  return names.length === 0 ? 'as is' : names.length === 1 ? (names[0] as string) : 'mixed escapes';
}

/** The last `width` characters of the text layer (7 bits each, newest lowest) are a window: how it was written. */
function textHit(tables: KeyTables, t0: number, t1: number, kinds: number): string | null {
  let text = '';
  for (let at = tables.width - 1; at >= 0; at -= 1)
    text += String.fromCharCode(at < 4 ? (t0 >>> (7 * at)) & 127 : (t1 >>> (7 * (at - 4))) & 127);
  if (!tables.windows.has(text)) return null;
  // Across a boundary when a character after the window's first came after one.
  const across = (kinds & (2 ** (4 * (tables.width - 1)) - 1) & 0x88888888) !== 0;
  return `${kindsName(kinds)}${across ? ', split across fields' : ''}`;
}

/** The last 2 × width hex digits (4 bits each, newest lowest) read as bytes are a window. */
function hexHit(tables: KeyTables, h0: number, h1: number, kinds: number): string | null {
  let text = '';
  for (let at = tables.width - 1; at >= 0; at -= 1)
    text += String.fromCharCode(LOWER[at < 4 ? (h0 >>> (8 * at)) & 255 : (h1 >>> (8 * (at - 4))) & 255] as number);
  if (!tables.windows.has(text)) return null;
  return kinds & 7 ? `hex, ${kindsName(kinds)}` : 'hex';
}

/** The last base64 values (up to 20, 5 per register, newest lowest), decoded from each of the 4 phases, hold a window. */
function base64Hit(
  tables: KeyTables,
  registers: readonly number[],
  count: number,
  url: boolean,
  kinds: number,
): string | null {
  const values: number[] = [];
  for (let at = Math.min(count, 20) - 1; at >= 0; at -= 1)
    values.push(((registers[Math.floor(at / 5)] as number) >>> (6 * (at % 5))) & 63);
  for (let phase = 0; phase < 4; phase += 1) {
    let text = '';
    for (let group = phase; group < values.length; group += 4) {
      const chunk = values.slice(group, group + 4);
      const bits = chunk.reduce((sum, value) => sum * 64 + value, 0) * 64 ** (4 - chunk.length);
      for (let byte = 0; byte < Math.floor((6 * chunk.length) / 8); byte += 1)
        text += String.fromCharCode(LOWER[Math.floor(bits / 256 ** (2 - byte)) & 255] as number);
    }
    for (let at = 0; at + tables.width <= text.length; at += 1) {
      if (tables.windows.has(text.slice(at, at + tables.width)))
        return `${url ? 'base64url' : 'base64'}${kinds & 7 ? `, ${kindsName(kinds)}` : ''}`;
    }
  }
  return null;
}

/** The quick pass's answer when a run grew long enough that the exact pass must look. */
const MAYBE = 'maybe';

/**
 * One pass over the text. Escapes are decoded (one level), JSON's punctuation and whitespace between values is
 * skipped and the values are read as one stream, so a key split over two fields is a run as if written whole; an
 * object's names are read as a stream of their own. The decoded characters feed three layers: the text itself
 * (lower case), its hex digits read as bytes and its base64 characters read as bytes, each counting how long its
 * run of the key's grams is. The quick pass (`exact` false) returns MAYBE at the first long enough run; the exact
 * pass keeps the last characters of each layer and returns how a window was written, or null.
 */
function scanText(tables: KeyTables, text: string, exact: boolean): string | null {
  const { cleanNames } = tables;
  let pendingName: string | null = null;
  const { bigrams, hexRun, base64Run } = tables;
  const textRun = tables.width - 1;
  const hexWidth = 2 * tables.width;
  const encoded = tables.hexGrams !== null;
  const hexGrams = tables.hexGrams ?? bigrams;
  const triGrams = tables.triGrams ?? bigrams;
  const containers = new Uint8Array(MAX_DEPTH);
  let depth = 0;
  let inString = false;
  let inName = false;
  let expectName = false;
  let mask = OUTSIDE;
  let across = 0;
  // The layers: text (previous character, run, last 8 characters, their kinds), hex, base64.
  let tPrev = 0,
    tRun = 0,
    t0 = 0,
    t1 = 0,
    tKinds = 0;
  let hLen = 0,
    hRun = 0,
    h0 = 0,
    h1 = 0,
    hKinds = 0;
  let bLen = 0,
    bRun = 0,
    b0 = 0,
    b1 = 0,
    b2 = 0,
    b3 = 0,
    bKinds = 0,
    bUrl = false,
    bPending = 0;
  // The values' layers, kept while a name is read.
  let vPrev = 0,
    vRun = 0,
    v0 = 0,
    v1 = 0,
    vKinds = 0,
    vAcross = 0;
  let vHLen = 0,
    vHRun = 0,
    vH0 = 0,
    vH1 = 0,
    vHKinds = 0;
  let vBLen = 0,
    vBRun = 0,
    vB0 = 0,
    vB1 = 0,
    vB2 = 0,
    vB3 = 0,
    vBKinds = 0,
    vBUrl = false,
    vBPending = 0;
  const length = text.length;
  for (let at = 0; at <= length; at += 1) {
    let code = at < length ? text.charCodeAt(at) : -1;
    let info = code < 0 ? NON_ASCII : code < 256 ? (INFO[code] as number) : NON_ASCII;
    let kind = 0;
    let nameEnds = false;
    if ((info & mask) !== 0 && code >= 0 && code < 128) {
      if (code === 34) {
        if (!inString) {
          inString = true;
          mask = IN_STRING;
          inName = expectName;
          if (inName && !exact) {
            // A name the quick pass read before without a long enough run is skipped: names repeat in every record.
            const end = text.indexOf('"', at + 1);
            const name = end > at ? text.slice(at + 1, end) : '\\';
            if (cleanNames.has(name)) {
              inString = false;
              inName = false;
              expectName = false;
              mask = OUTSIDE;
              at = end;
              continue;
            }
            pendingName = name.includes('\\') || cleanNames.size >= MAX_CLEAN_NAMES ? null : name;
          }
          if (inName) {
            vPrev = tPrev;
            vRun = tRun;
            v0 = t0;
            v1 = t1;
            vKinds = tKinds;
            vAcross = across;
            vHLen = hLen;
            vHRun = hRun;
            vH0 = h0;
            vH1 = h1;
            vHKinds = hKinds;
            vBLen = bLen;
            vBRun = bRun;
            vB0 = b0;
            vB1 = b1;
            vB2 = b2;
            vB3 = b3;
            vBKinds = bKinds;
            vBUrl = bUrl;
            vBPending = bPending;
            tPrev = 0;
            tRun = 0;
            tKinds = 0;
            hLen = 0;
            hRun = 0;
            hKinds = 0;
            bLen = 0;
            bRun = 0;
            bKinds = 0;
            bUrl = false;
            bPending = 0;
            across = 0;
          }
          continue;
        }
        inString = false;
        mask = OUTSIDE;
        if (!inName) {
          across = ACROSS;
          continue;
        }
        // The name's stream ends here (as at a character outside ASCII), then the values' goes on.
        if (pendingName !== null) cleanNames.add(pendingName);
        pendingName = null;
        inName = false;
        expectName = false;
        nameEnds = true;
        info = NON_ASCII;
      } else {
        const escape = escapeAt(text, at, inString);
        if (escape !== 0) {
          code = escape & 0xffff;
          kind = escape >>> 24;
          at += ((escape >>> 16) & 0xff) - 1;
          info = code < 256 ? (INFO[code] as number) : NON_ASCII;
        } else if (!inString && (info & IN_STRING) === 0) {
          across = ACROSS;
          if (code === 123 || code === 91) {
            if (depth < MAX_DEPTH) containers[depth] = code;
            depth += 1;
            expectName = code === 123;
          } else if (code === 125 || code === 93) {
            depth = depth > 0 ? depth - 1 : 0;
            expectName = false;
          } else if (code === 44) {
            expectName = depth > 0 && depth <= MAX_DEPTH && containers[depth - 1] === 123;
          } else if (code === 58) {
            expectName = false;
          }
          continue;
        }
      }
    }
    if ((info & NON_ASCII) !== 0 || code >= 128) {
      // Outside ASCII, a name's end or the end of the text: every run breaks (a pending base64 run ends here).
      if (exact && bPending > 0) {
        const hit = base64Hit(tables, [b0, b1, b2, b3], bLen, bUrl, bKinds);
        if (hit) return hit;
      }
      tPrev = 0;
      tRun = 0;
      hLen = 0;
      hRun = 0;
      hKinds = 0;
      bLen = 0;
      bRun = 0;
      bKinds = 0;
      bUrl = false;
      bPending = 0;
      if (nameEnds) {
        tPrev = vPrev;
        tRun = vRun;
        t0 = v0;
        t1 = v1;
        tKinds = vKinds;
        across = vAcross;
        hLen = vHLen;
        hRun = vHRun;
        h0 = vH0;
        h1 = vH1;
        hKinds = vHKinds;
        bLen = vBLen;
        bRun = vBRun;
        b0 = vB0;
        b1 = vB1;
        b2 = vB2;
        b3 = vB3;
        bKinds = vBKinds;
        bUrl = vBUrl;
        bPending = vBPending;
      }
      continue;
    }
    const kinds = kind | across;
    across = 0;
    const lower = info & 127;
    tRun = bigrams[(tPrev << 7) | lower] ? tRun + 1 : 0;
    tPrev = lower;
    if (exact) {
      t1 = ((t1 << 7) | (t0 >>> 21)) & 0xfffffff;
      t0 = ((t0 << 7) | lower) & 0xfffffff;
      tKinds = (tKinds << 4) | kinds;
    }
    if (tRun >= textRun) {
      if (!exact) return MAYBE;
      const hit = textHit(tables, t0, t1, tKinds);
      if (hit) return hit;
    }
    if (!encoded) continue;
    const hex = (info >> 8) & 31;
    if (hex !== 0) {
      hLen += 1;
      h1 = (h1 << 4) | (h0 >>> 28);
      h0 = (h0 << 4) | (hex - 1);
      hKinds |= kinds;
      hRun = hLen >= 4 && hexGrams[h0 & 0xffff] ? hRun + 1 : 0;
      if (hRun >= hexRun && hLen >= hexWidth) {
        if (!exact) return MAYBE;
        const hit = hexHit(tables, h0, h1, hKinds);
        if (hit) return hit;
      }
    } else {
      hLen = 0;
      hRun = 0;
      hKinds = 0;
    }
    const value = info >> 16;
    if (value !== 0) {
      bLen += 1;
      if (exact) {
        b3 = ((b3 << 6) | (b2 >>> 24)) & 0x3fffffff;
        b2 = ((b2 << 6) | (b1 >>> 24)) & 0x3fffffff;
        b1 = ((b1 << 6) | (b0 >>> 24)) & 0x3fffffff;
      }
      b0 = ((b0 << 6) | (value - 1)) & 0x3fffffff;
      bKinds |= kinds;
      if (code === 45 || code === 95) bUrl = true;
      bRun = bLen >= 3 && triGrams[b0 & 0x3ffff] ? bRun + 1 : 0;
      if (bRun >= base64Run) {
        if (!exact) return MAYBE;
        // The window's last byte may need up to 3 more characters of its group.
        bPending = 4;
      }
      if (bPending > 0) {
        bPending -= 1;
        const hit = base64Hit(tables, [b0, b1, b2, b3], bLen, bUrl, bKinds);
        if (hit) return hit;
      }
    } else {
      if (exact && bPending > 0) {
        const hit = base64Hit(tables, [b0, b1, b2, b3], bLen, bUrl, bKinds);
        if (hit) return hit;
      }
      bLen = 0;
      bRun = 0;
      bKinds = 0;
      bUrl = false;
      bPending = 0;
    }
  }
  return null;
}

/**
 * A scan for `apiKey`, or null without a key: any run of 8 characters of it (the whole key if shorter), in either
 * case, as is or escaped, in hex or base64, within a value or across values (docs/upstream.md, "An echoed key").
 * Bytes are read as Latin-1, one character per byte: the key is ASCII, so its forms are the same bytes in UTF-8,
 * and no decoding can fail. A quick pass counts runs of the key's grams; only a page where one grows long enough
 * is read again exactly (about 4 s of CPU per million turnout records, docs/upstream.md, "An echoed key").
 */
export function createKeyScan(apiKey: string | null | undefined): KeyScan | null {
  if (!apiKey) return null;
  const tables = keyTables(apiKey);
  return (body) => {
    const text = typeof body === 'string' ? body : body.toString('latin1');
    return scanText(tables, text, false) === null ? null : scanText(tables, text, true);
  };
}
