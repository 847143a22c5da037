// The forms of an API key a test looks for in outputs, written out one by one (independently of
// scripts/log/secret-forms.ts, so a mistake there cannot hide itself): as is, JSON-escaped, percent-encoded,
// HTML entities, base64 and base64url pieces at each alignment; and every run of 8 of its characters as is, in
// either case and in hex.
import { expect } from 'vitest';

/** Keys with characters that encode differently (`&`, `#`, `!`, `/`, `+`, `"`, `<`, `=`), and their unusual middles. */
export const ECHO_KEY = 'Zq7&s3/cr+t#x!"k<9>=Wv2';

const hex = (character: string): string => character.charCodeAt(0).toString(16).padStart(2, '0');

/** The key as is, JSON-escaped, percent-encoded and as HTML entities, whole. */
export function textForms(key: string): string[] {
  const characters = [...key];
  const named: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
  const forms = [
    key,
    JSON.stringify(key).slice(1, -1),
    JSON.stringify(key).slice(1, -1).replaceAll('/', '\\/'),
    encodeURIComponent(key),
    encodeURIComponent(key).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    characters.map((character) => `%${hex(character)}`).join(''),
    characters.map((character) => `%${hex(character).toUpperCase()}`).join(''),
    characters.map((character) => `\\u00${hex(character)}`).join(''),
    characters.map((character) => `\\u00${hex(character).toUpperCase()}`).join(''),
    characters.map((character) => `&#${character.charCodeAt(0)};`).join(''),
    characters.map((character) => `&#x${hex(character)};`).join(''),
    characters.map((character) => named[character] ?? character).join(''),
  ];
  return [...new Set(forms)];
}

/** keyForms by key: a test searches every output and file it checks, hundreds of times for one key. */
const formsByKey = new Map<string, readonly string[]>();

/** Every literal form of `key` the tests search for: textForms, and pieces of its base64 and base64url. */
function keyForms(key: string): readonly string[] {
  const known = formsByKey.get(key);
  if (known !== undefined) return known;
  const forms = textForms(key);
  for (let alignment = 0; alignment < 3; alignment += 1) {
    const encoded = Buffer.from(`${'a'.repeat(alignment)}${key}`).toString('base64');
    // Leave out two characters at each end: they may hold bits of the neighbours.
    const middle = encoded.slice(
      Math.ceil((alignment * 4) / 3) + 1,
      Math.floor(((alignment + key.length) * 4) / 3) - 1,
    );
    forms.push(middle, middle.replaceAll('+', '-').replaceAll('/', '_'));
  }
  for (let start = 0; start + 8 <= key.length; start += 1) {
    const run = key.slice(start, start + 8);
    const hex = Buffer.from(run).toString('hex');
    forms.push(run, run.toLowerCase(), run.toUpperCase(), hex, hex.toUpperCase());
    forms.push(Buffer.from(run.toUpperCase()).toString('hex'), Buffer.from(run.toLowerCase()).toString('hex'));
  }
  const unique = [...new Set(forms)];
  formsByKey.set(key, unique);
  return unique;
}

/** Fails naming the forms and the place when any form of `key` is in `text`. */
export function expectNoKeyForm(text: string, key: string, where: string): void {
  const found = keyForms(key).filter((form) => text.includes(form));
  expect(found, `${where} holds the key as ${found.map((form) => JSON.stringify(form)).join(', ')}`).toEqual([]);
}
