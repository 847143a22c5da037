// How a regency or city name is normalized before it is looked up in the official list (docs/data.md,
// "Region codes"): the rules are few and written down, so a match can be explained and never guessed.

/** What the name says the region is: a kabupaten (regency), a kota (city), or nothing (a bare name). */
export type RegionKind = 'kabupaten' | 'kota' | 'bare';

export interface NormalizedRegionName {
  kind: RegionKind;
  /** Whether the name said "administrasi" (DKI Jakarta's administrative regency and cities). */
  administrative: boolean;
  /** The name without its kind, upper case, KEP. spelled out, with single spaces: "KEPULAUAN SERIBU". */
  name: string;
  /** `name` without spaces: what is compared, so "PADANG SIDIMPUAN" and "PADANGSIDIMPUAN" are one name. */
  key: string;
}

// Longest first: "KABUPATEN ADMINISTRASI" before "KABUPATEN", "KOTA ADMINISTRASI" before "KOTA".
const KIND_PREFIXES: readonly { words: readonly string[]; kind: RegionKind; administrative: boolean }[] = [
  { words: ['KABUPATEN', 'ADMINISTRASI'], kind: 'kabupaten', administrative: true },
  { words: ['KOTA', 'ADMINISTRASI'], kind: 'kota', administrative: true },
  { words: ['KABUPATEN'], kind: 'kabupaten', administrative: false },
  { words: ['KAB.'], kind: 'kabupaten', administrative: false },
  { words: ['KAB'], kind: 'kabupaten', administrative: false },
  { words: ['KOTAMADYA'], kind: 'kota', administrative: false },
  { words: ['KOTA'], kind: 'kota', administrative: false },
];

const DASHES = /[-\u2010-\u2015]/;
const DASHES_ALL = /[-\u2010-\u2015]/g;
const KIND_WORDS = new Set(KIND_PREFIXES.map((prefix) => prefix.words[0]));

/**
 * The rules, in order: upper case; every dash (hyphen, en and em dash) becomes a space; "KEP." becomes
 * "KEPULAUAN"; white space runs collapse to one space; a leading KABUPATEN / KAB. / KAB (kabupaten), KOTA /
 * KOTAMADYA (kota), with or without ADMINISTRASI, is taken off as the kind. The key drops the spaces, since
 * the spacing of compound names varies between lists (Tanjung Balai / Tanjungbalai, Toli-Toli / Tolitoli).
 * A name that is only a kind ("KOTA") keeps it as its name.
 *
 * Example: "Kab.  Kep. Seribu" → {kind: 'kabupaten', administrative: false, name: 'KEPULAUAN SERIBU',
 * key: 'KEPULAUANSERIBU'}; "KOTA PADANG SIDIMPUAN" → {kind: 'kota', name: 'PADANG SIDIMPUAN', key: 'PADANGSIDIMPUAN'}.
 */
export function normalizeRegionName(raw: string): NormalizedRegionName {
  let text = raw.toUpperCase();
  // The replacements only where they apply: this runs once per record of a harvest.
  if (DASHES.test(text)) text = text.replace(DASHES_ALL, ' ');
  if (text.includes('KEP.')) text = text.replace(/\bKEP\.\s*/g, 'KEPULAUAN ');
  let words = text.split(/\s+/);
  if (words[0] === '' || words.at(-1) === '') words = words.filter((word) => word !== '');
  let kind: RegionKind = 'bare';
  let administrative = false;
  if (!KIND_WORDS.has(words[0] ?? '')) return { kind, administrative, name: words.join(' '), key: words.join('') };
  for (const prefix of KIND_PREFIXES) {
    if (words.length > prefix.words.length && prefix.words.every((word, index) => words[index] === word)) {
      kind = prefix.kind;
      administrative = prefix.administrative;
      words = words.slice(prefix.words.length);
      break;
    }
  }
  const name = words.join(' ');
  return { kind, administrative, name, key: words.join('') };
}
