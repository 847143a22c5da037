// The cards' texts as outlines: each line laid out with DejaVu Sans (npm's fontkit: its glyphs, kerning and
// ligatures) and written as SVG paths, so resvg rasterizes shapes only and loads no font. resvg's own text
// support reads both font files (1.4 MB) for every card and the whole file again for every glyph it lays out, about
// a third of a card's CPU time; here each font is read once per build and each glyph's outline kept once.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Fontkit from 'fontkit';
import { FONT_FILES } from './card-font.ts';

type Weight = 'regular' | 'bold';

/**
 * A font, the path data of its glyphs already drawn at a size, their origin at 0 0 ("<glyph id>@<size>"), and the
 * lines already laid out, by their text (the cards repeat their labels, units and source line: shaping every line
 * anew would cost an eighth of the cards' CPU time).
 */
interface OutlineFont {
  font: Fontkit.Font;
  glyphs: Map<string, string>;
  runs: Map<string, Fontkit.GlyphRun>;
}

const FONTKIT_PACKAGE = path.join(path.dirname(fileURLToPath(import.meta.resolve('fontkit'))), '..', 'package.json');
/**
 * What decides the outlines besides the text: fontkit's version and this module's source (social-cards.ts keys its
 * card cache with it).
 */
export const OUTLINER = [
  `fontkit@${(JSON.parse(readFileSync(FONTKIT_PACKAGE, 'utf8')) as { version: string }).version}`,
  `card-outline@${createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex')}`,
].join(' ');

let fonts: Record<Weight, OutlineFont> | null = null;

/**
 * Loads fontkit and opens both fonts, once: only a build that draws a card needs them (fontkit's modules alone take
 * about 0.3 s of CPU to load).
 */
export async function loadOutlineFonts(): Promise<void> {
  if (fonts !== null) return;
  const fontkit = await import('fontkit');
  const open = (file: string): OutlineFont => {
    const font = fontkit.openSync(file);
    if (!('layout' in font)) throw new Error(`the font file ${file} is a collection, not one font`);
    return { font, glyphs: new Map(), runs: new Map() };
  };
  fonts = { regular: open(FONT_FILES.regular), bold: open(FONT_FILES.bold) };
}

/** Coordinates in the SVG: pixels to two decimals (a hundredth of a pixel changes no anti-aliased edge visibly). */
function coordinate(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

const LETTERS = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' } as const;

/** A glyph's outline as path data at `size` pixels, its origin at 0 0 (SVG's y down). */
function glyphPath(glyph: Fontkit.Glyph, scale: number): string {
  const parts: string[] = [];
  for (const { command, args } of glyph.path.commands) {
    const points: string[] = [];
    for (let at = 0; at + 1 < args.length; at += 2)
      points.push(`${coordinate((args[at] ?? 0) * scale)} ${coordinate(-(args[at + 1] ?? 0) * scale)}`);
    parts.push(`${LETTERS[command]}${points.join(' ')}`);
  }
  return parts.join('');
}

/**
 * A line of text as SVG: a path for each glyph that has an outline, placed by a translation, its baseline's start
 * (or end, for `anchor` 'end') at (x, y): where resvg would draw `<text x y font-size>` with the same font. Each
 * glyph's path at a size is written once per build; a card repeats only the placing.
 */
export function outlinedText(
  text: string,
  x: number,
  y: number,
  size: number,
  weight: Weight,
  anchor: 'start' | 'end' = 'start',
): string {
  if (fonts === null) throw new Error('outlinedText before loadOutlineFonts');
  const outline = fonts[weight];
  let run = outline.runs.get(text);
  if (run === undefined) {
    run = outline.font.layout(text);
    outline.runs.set(text, run);
  }
  const scale = size / outline.font.unitsPerEm;
  let pen = anchor === 'end' ? x - run.advanceWidth * scale : x;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index];
    if (!position) return;
    const key = `${glyph.id}@${size}`;
    let path = outline.glyphs.get(key);
    if (path === undefined) {
      path = glyphPath(glyph, scale);
      outline.glyphs.set(key, path);
    }
    if (path !== '') {
      const originX = coordinate(pen + position.xOffset * scale);
      const originY = coordinate(y - position.yOffset * scale);
      parts.push(`<path transform="translate(${originX} ${originY})" d="${path}"/>`);
    }
    pen += position.xAdvance * scale;
  });
  return parts.join('');
}
