// The cards' fonts (DejaVu Sans of npm's dejavu-fonts-ttf, never the system's) and text measured with them: resvg
// does not wrap text, so the card measures each text with the font's own advance widths to wrap and fit it. The
// advance widths are read from the font's `cmap` and `hmtx` tables here (a few lines, where a font library would
// bring a whole shaping engine for one table lookup).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FONT_DIR = path.join(path.dirname(fileURLToPath(import.meta.resolve('dejavu-fonts-ttf/package.json'))), 'ttf');
export const FONT_FILES = {
  regular: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
};
export const FONT_FAMILY = 'DejaVu Sans';

/**
 * The advance widths of a TrueType font in ems, by code point (its `cmap` format 4 subtable for Unicode's BMP and
 * its `hmtx` table): the card measures its texts with them to wrap and fit them, as resvg does not wrap text.
 */
function readAdvances(file: string): { advance: Float64Array; fallback: number } {
  const font = readFileSync(file);
  const tables = new Map<string, number>();
  for (let index = 0; index < font.readUInt16BE(4); index += 1) {
    const record = 12 + index * 16;
    tables.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  const table = (tag: string): number => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`the font ${file} has no ${tag} table`);
    return offset;
  };
  const unitsPerEm = font.readUInt16BE(table('head') + 18);
  const metrics = font.readUInt16BE(table('hhea') + 34);
  const hmtx = table('hmtx');
  const widthOf = (glyph: number) => font.readUInt16BE(hmtx + 4 * Math.min(glyph, metrics - 1)) / unitsPerEm;
  const cmap = table('cmap');
  let subtable: number | null = null;
  for (let index = 0; index < font.readUInt16BE(cmap + 2); index += 1) {
    const record = cmap + 4 + index * 8;
    const [platform, encoding] = [font.readUInt16BE(record), font.readUInt16BE(record + 2)];
    const offset = cmap + font.readUInt32BE(record + 4);
    if (platform === 3 && encoding === 1 && font.readUInt16BE(offset) === 4) subtable = offset;
  }
  if (subtable === null) throw new Error(`the font ${file} has no Unicode BMP cmap`);
  const segments = font.readUInt16BE(subtable + 6) / 2;
  const ends = subtable + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  // By code point, NaN where the font has no glyph: an array lookup where a Map's would cost several times more (the
  // cards and the figures' files measure every word of their texts, over and over as lines fill).
  const advance = new Float64Array(0x10000).fill(Number.NaN);
  for (let segment = 0; segment < segments; segment += 1) {
    const start = font.readUInt16BE(starts + segment * 2);
    const end = font.readUInt16BE(ends + segment * 2);
    const delta = font.readInt16BE(deltas + segment * 2);
    const rangeOffsetAt = rangeOffsets + segment * 2;
    const rangeOffset = font.readUInt16BE(rangeOffsetAt);
    for (let code = start; code <= end && code !== 0xffff; code += 1) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const raw = font.readUInt16BE(rangeOffsetAt + rangeOffset + (code - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) advance[code] = widthOf(glyph);
    }
  }
  return { advance, fallback: widthOf(0) };
}

let advances: Record<'regular' | 'bold', ReturnType<typeof readAdvances>> | null = null;

/**
 * `width` (in ems) plus the advance widths of `text`'s characters, added one by one from the first: so that a line's
 * width grown word by word is the very sum textWidth makes of the whole line.
 */
function addAdvances(width: number, text: string, weight: 'regular' | 'bold'): number {
  advances ??= { regular: readAdvances(FONT_FILES.regular), bold: readAdvances(FONT_FILES.bold) };
  const font = advances[weight];
  let sum = width;
  for (const character of text) {
    const advance = font.advance[character.codePointAt(0) ?? 0] ?? Number.NaN;
    sum += Number.isNaN(advance) ? font.fallback : advance;
  }
  return sum;
}

/** A text's width in pixels at `size`. */
export function textWidth(text: string, size: number, weight: 'regular' | 'bold'): number {
  return addAdvances(0, text, weight) * size;
}

/**
 * Two lines as even as the words allow (as CSS's `text-wrap: balance` lays a heading out): the break after which the
 * wider line is the narrowest, the first line the longer on a tie; wrap's greedy lines leave a last word alone.
 */
function balanced(lines: readonly [string, string], size: number, weight: 'regular' | 'bold'): [string, string] {
  const words = lines.join(' ').split(' ');
  let best: [string, string] = [lines[0], lines[1]];
  let bestWidth = Math.max(...best.map((line) => textWidth(line, size, weight)));
  for (let split = 1; split < words.length; split += 1) {
    const candidate: [string, string] = [words.slice(0, split).join(' '), words.slice(split).join(' ')];
    const width = Math.max(...candidate.map((line) => textWidth(line, size, weight)));
    if (width <= bestWidth) [best, bestWidth] = [candidate, width];
  }
  return best;
}

/**
 * Text that fits in `width` at its size, or at the largest smaller size that fits (down to `min`), in at most `lines`
 * lines; two lines balanced.
 */
export function fitText(
  text: string,
  width: number,
  size: number,
  min: number,
  weight: 'regular' | 'bold',
  lines = 1,
): { lines: string[]; size: number } {
  let best: { lines: string[]; size: number } | null = null;
  for (let current = size; current >= min; current -= 2) {
    const wrapped = wrap(text, width, current, weight);
    best = { lines: wrapped, size: current };
    if (wrapped.length <= lines && wrapped.every((line) => textWidth(line, current, weight) <= width)) {
      const [first, second] = wrapped;
      return wrapped.length === 2 && first !== undefined && second !== undefined
        ? { lines: balanced([first, second], current, weight), size: current }
        : best;
    }
  }
  // Still too long at the smallest size: the last line ends with an ellipsis.
  const wrapped = best?.lines ?? [text];
  const kept = wrapped.slice(0, lines);
  if (wrapped.length > lines || kept.some((line) => textWidth(line, min, weight) > width)) {
    let last = kept[kept.length - 1] ?? '';
    while (last.length > 1 && textWidth(`${last}…`, min, weight) > width) last = last.slice(0, -1).trimEnd();
    kept[kept.length - 1] = `${last}…`;
  }
  return { lines: kept, size: min };
}

/**
 * Words laid into lines no wider than `width` (a word wider than the line stands alone). Each line's width (in ems)
 * grows with its words, the same sum as textWidth's of the line, never measured again from its start.
 */
export function wrap(text: string, width: number, size: number, weight: 'regular' | 'bold'): string[] {
  const lines: string[] = [];
  let line = '';
  let lineEms = 0;
  for (const word of text.split(/\s+/).filter((each) => each !== '')) {
    const candidateEms = line === '' ? addAdvances(0, word, weight) : addAdvances(lineEms, ` ${word}`, weight);
    if (line !== '' && candidateEms * size > width) {
      lines.push(line);
      line = word;
      lineEms = addAdvances(0, word, weight);
    } else {
      line = line === '' ? word : `${line} ${word}`;
      lineEms = candidateEms;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
