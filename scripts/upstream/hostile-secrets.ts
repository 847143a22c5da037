// Hostile answers about secrets and terminals for the stand-in upstream's `hostile` hook: the API key the request
// carried echoed back in a record (in each encoding an upstream might use), in an error message, in a body that is
// not JSON, in headers; and control characters (ANSI escape sequences) in what the publisher may quote.
import { roleColumn } from '../datasets/dataset-definition.ts';
import type { DatasetId } from './upstream-data.ts';
import type { HostileAnswer, HostileRequest, RawAnswer } from './upstream-server.ts';

/**
 * How the echoed key is written. `json-unicode`: every character `\u00xx` in the JSON source; `json-unicode-mixed`:
 * every other character, hex in upper case. `percent-*`: every character `%XX` (upper or lower hex);
 * `percent-uri`: encodeURIComponent's, hex in lower case. `html-decimal` `&#107;`, `html-hex` `&#x6B;`,
 * `html-named` `&amp;` where the character has a name. `base64*`: the key inside a longer base64 text, starting
 * at byte 0, 1 or 2 of a 3-byte group. Parts and changes of the key: `first-8` its first 8 characters alone;
 * `upper` in upper case; `hex-lower`, `hex-upper` its hex; `separator` with one `-` inserted in the middle;
 * `split-fields` its first half at the end of the record's name field and the rest at the start of the next field;
 * `split-first-8` only its first 8 characters, 4 at the end of the name field and 4 at the start of the next.
 */
export type EchoEncoding =
  | 'raw'
  | 'json-unicode'
  | 'json-unicode-mixed'
  | 'percent-upper'
  | 'percent-lower'
  | 'percent-uri'
  | 'html-decimal'
  | 'html-hex'
  | 'html-named'
  | 'base64-0'
  | 'base64-1'
  | 'base64-2'
  | 'base64url-1'
  | 'first-8'
  | 'upper'
  | 'hex-lower'
  | 'hex-upper'
  | 'separator'
  | 'split-fields'
  | 'split-first-8';

export const ECHO_ENCODINGS: readonly EchoEncoding[] = [
  'raw',
  'json-unicode',
  'json-unicode-mixed',
  'percent-upper',
  'percent-lower',
  'percent-uri',
  'html-decimal',
  'html-hex',
  'html-named',
  'base64-0',
  'base64-1',
  'base64-2',
  'base64url-1',
  'first-8',
  'upper',
  'hex-lower',
  'hex-upper',
  'separator',
  'split-fields',
  'split-first-8',
];

const NAMED: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '!': '&excl;',
  '#': '&num;',
  '/': '&sol;',
  '+': '&plus;',
  '=': '&equals;',
};

const hex = (character: string): string => character.charCodeAt(0).toString(16).padStart(2, '0');

/** The key as the text of a JSON string's source (without the quotes): what goes between `"` and `"` in the body. */
export function encodeKeyAsJsonSource(key: string, encoding: EchoEncoding): string {
  const value = (text: string): string => JSON.stringify(text).slice(1, -1);
  const characters = [...key];
  switch (encoding) {
    case 'raw':
      return value(key);
    case 'json-unicode':
      return characters.map((character) => `\\u00${hex(character)}`).join('');
    case 'json-unicode-mixed':
      return characters
        .map((character, index) => (index % 2 === 0 ? `\\u00${hex(character).toUpperCase()}` : value(character)))
        .join('');
    case 'percent-upper':
      return characters.map((character) => `%${hex(character).toUpperCase()}`).join('');
    case 'percent-lower':
      return characters.map((character) => `%${hex(character)}`).join('');
    case 'percent-uri':
      return value(encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()));
    case 'html-decimal':
      return characters.map((character) => `&#${character.charCodeAt(0)};`).join('');
    case 'html-hex':
      return characters.map((character, index) => `&#${index % 2 ? 'x' : 'X'}${hex(character)};`).join('');
    case 'html-named':
      return value(characters.map((character) => NAMED[character] ?? character).join(''));
    case 'first-8':
      return value(key.slice(0, 8));
    case 'upper':
      return value(key.toUpperCase());
    case 'hex-lower':
      return Buffer.from(key, 'utf8').toString('hex');
    case 'hex-upper':
      return Buffer.from(key, 'utf8').toString('hex').toUpperCase();
    case 'separator':
      return value(`${key.slice(0, Math.floor(key.length / 2))}-${key.slice(Math.floor(key.length / 2))}`);
    case 'split-fields':
    case 'split-first-8': {
      // In one value, as is: where the two parts go is echoKeyInRecord's (splitKey).
      const [first, rest] = splitKey(key, encoding);
      return value(`${first}${rest}`);
    }
    default: {
      // The key inside a longer text, so it starts at the given byte of a 3-byte group, and base64 of it all.
      const alignment = Number(encoding.slice(-1));
      const text = Buffer.from(`${'x'.repeat(alignment)}kunci=${key};selesai`, 'utf8').toString(
        encoding.startsWith('base64url') ? 'base64url' : 'base64',
      );
      return value(`data:text/plain;base64,${text}`);
    }
  }
}

/** The two parts of a split echo: the key's first half and the rest, or its first 8 characters as 4 and 4. */
function splitKey(key: string, encoding: 'split-fields' | 'split-first-8'): [string, string] {
  if (encoding === 'split-first-8') return [key.slice(0, 4), key.slice(4, 8)];
  const half = Math.floor(key.length / 2);
  return [key.slice(0, half), key.slice(half)];
}

export interface EchoTarget {
  /** The dataset whose pages carry the echo (default parties: its names become page titles). */
  dataset?: DatasetId;
  /** Only the page at this offset (default: every page of the dataset). */
  offset?: number;
}

function targeted(request: HostileRequest, target: EchoTarget): boolean {
  return (
    request.dataset.id === (target.dataset ?? 'parties') &&
    (target.offset === undefined || request.offset === target.offset) &&
    request.page.length > 0
  );
}

const PLACEHOLDER = 'hostile-secrets-placeholder';
const NEXT_PLACEHOLDER = 'hostile-secrets-next-placeholder';

/**
 * Echoes the key inside the first record of each targeted page, in the field naming the record (its dataset's
 * `recordName` role, else its `displayName`: NamaKabupaten for turnout, NamaPartai for parties):
 * `"NamaPartai":"Partai <key encoded>"`. A split echo ends that field with the key's first part and starts the
 * record's next field with the rest: `"NamaPartai":"Partai <first>","AkronimNamaPartai":"<rest> PKB"` (the field
 * before and that field, when it is the last). The rest of the page is the normal answer.
 */
export function echoKeyInRecord(encoding: EchoEncoding, target: EchoTarget = {}): HostileAnswer {
  return (request) => {
    if (!targeted(request, target)) return undefined;
    const { roles } = request.dataset;
    const field = roleColumn(request.dataset, roles.recordName ?? roles.displayName).source ?? roles.displayName;
    const first = request.page[0] ?? {};
    const names = Object.keys(first);
    const split = encoding === 'split-fields' || encoding === 'split-first-8';
    // The two fields in a row the parts go to: the name field and the next, or the one before it and the name field.
    const at = names.indexOf(field);
    const [head, tail] = at + 1 < names.length || at < 1 ? [field, names[at + 1]] : [names[at - 1] as string, field];
    if (split && tail === undefined) throw new Error(`echoKeyInRecord: no field next to ${field}`);
    const records = request.page.map((record, index) =>
      index === 0
        ? { ...record, [head]: PLACEHOLDER, ...(split ? { [tail as string]: NEXT_PLACEHOLDER } : {}) }
        : record,
    );
    let body = JSON.stringify({ ...request.envelope, count: String(records.length), data: records });
    if (split) {
      const [part, rest] = splitKey(request.apiKey, encoding).map((piece) => encodeKeyAsJsonSource(piece, 'raw'));
      const tailValue = JSON.stringify(first[tail as string] ?? '').slice(1, -1);
      body = body
        .replace(`"${PLACEHOLDER}"`, `"Partai ${part}"`)
        .replace(`"${NEXT_PLACEHOLDER}"`, `"${rest} ${tailValue}"`);
    } else {
      body = body.replace(`"${PLACEHOLDER}"`, `"Partai ${encodeKeyAsJsonSource(request.apiKey, encoding)}"`);
    }
    return { status: 200, body };
  };
}

/**
 * Answers targeted pages with an error whose message quotes the key, `padding` characters into the body, so that
 * the publisher's 200-character snippet can be made to end inside it. 400: UPSTREAM_CLIENT_ERROR.
 */
export function echoKeyInError(
  encoding: EchoEncoding,
  options: EchoTarget & { status?: number; padding?: number } = {},
): HostileAnswer {
  return (request) => {
    if (!targeted(request, options)) return undefined;
    const prefix = '{"status":false,"message":"';
    const filler = 'x'.repeat(Math.max(0, (options.padding ?? 0) - prefix.length - 'invalid key '.length));
    return {
      status: options.status ?? 400,
      body: `${prefix}${filler}invalid key ${encodeKeyAsJsonSource(request.apiKey, encoding)}","data":null}`,
    };
  };
}

/** A 200 whose body is not JSON and starts with the key, as is: V8's JSON.parse message quotes its first characters. */
export function echoKeyInBrokenBody(): HostileAnswer {
  return (request) =>
    targeted(request, {}) ? { status: 200, body: `${request.apiKey} is not accepted here <html>` } : undefined;
}

/** A redirect whose Location, and another header, carry the key (percent-encoded, in lower case). */
export function echoKeyInHeaders(): HostileAnswer {
  return (request): RawAnswer | undefined => {
    if (!targeted(request, {})) return undefined;
    const encoded = encodeKeyAsJsonSource(request.apiKey, 'percent-lower');
    return {
      status: 302,
      headers: { Location: `http://127.0.0.1:9/login?key=${encoded}`, 'X-Api-Key-Echo': request.apiKey },
      body: '{"count":"0","data":null}',
    };
  };
}

/** The terminal controls the publisher must never print raw: clear screen, red, a title change, a carriage return, a C1 CSI, a bidi override. */
export const TERMINAL_CONTROLS = '\x1b[2J\x1b[31mALERT\x1b]0;owned\x07\rOK\u009b31m\u202e';

/**
 * Control characters in what the publisher quotes in its errors. `error-body`: a 400 whose body holds them as raw
 * bytes (UPSTREAM_CLIENT_ERROR quotes a snippet). `shape-keys`: a 200 whose `data` is an object keyed by them,
 * JSON-escaped (UPSTREAM_UNEXPECTED_SHAPE lists the keys, decoded).
 */
export function controlCharactersInAnswer(kind: 'error-body' | 'shape-keys'): HostileAnswer {
  return (request) => {
    if (!targeted(request, {})) return undefined;
    if (kind === 'error-body') return { status: 400, body: `{"status":false,"message":"${TERMINAL_CONTROLS}"}` };
    return { status: 200, body: JSON.stringify({ count: '1', data: { [TERMINAL_CONTROLS]: 'x' } }) };
  };
}
