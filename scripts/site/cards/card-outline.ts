// The cards' texts as outlines: each line laid out with DejaVu Sans (npm's fontkit: its glyphs, kerning and
// ligatures) and written as one SVG path, so resvg rasterizes shapes only and loads no font. resvg's own text
// support reads both font files (1.4 MB) for every card and the whole file again for every glyph it lays out, about
// a third of a card's CPU time; here each font is read once per build and each glyph's outline kept once.
import * as fontkit from 'fontkit';
import { FONT_FILES } from './card-font.ts';

type Weight = 'regular' | 'bold';

/** A font and the outlines of its glyphs already used, by glyph id (in font units, y up). */
interface OutlineFont {
  font: fontkit.Font;
  glyphs: Map<number, fontkit.PathCommand[]>;
}

let fonts: Record<Weight, OutlineFont> | null = null;

function openFont(file: string): OutlineFont {
  const font = fontkit.openSync(file);
  if (!('layout' in font)) throw new Error(`the font file ${file} is a collection, not one font`);
  return { font, glyphs: new Map() };
}

/** Coordinates in the SVG: pixels to two decimals (a hundredth of a pixel changes no anti-aliased edge visibly). */
function coordinate(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/** A line of text laid out with the font of its weight (both fonts opened on the first line). */
function laidOut(text: string, weight: Weight): { run: fontkit.GlyphRun; outline: OutlineFont } {
  fonts ??= { regular: openFont(FONT_FILES.regular), bold: openFont(FONT_FILES.bold) };
  const outline = fonts[weight];
  return { run: outline.font.layout(text), outline };
}

/**
 * A line of text as SVG path data, its baseline's start (or end, for `anchor` 'end') at (x, y): where resvg would draw
 * `<text x y font-size>` with the same font.
 */
export function textOutline(
  text: string,
  x: number,
  y: number,
  size: number,
  weight: Weight,
  anchor: 'start' | 'end' = 'start',
): string {
  const { run, outline } = laidOut(text, weight);
  const scale = size / outline.font.unitsPerEm;
  let pen = anchor === 'end' ? x - run.advanceWidth * scale : x;
  const parts: string[] = [];
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index];
    if (!position) return;
    let commands = outline.glyphs.get(glyph.id);
    if (commands === undefined) {
      commands = glyph.path.commands;
      outline.glyphs.set(glyph.id, commands);
    }
    const originX = pen + position.xOffset * scale;
    const originY = y - position.yOffset * scale;
    for (const { command, args } of commands) {
      const points: string[] = [];
      for (let at = 0; at + 1 < args.length; at += 2)
        points.push(
          `${coordinate(originX + (args[at] ?? 0) * scale)} ${coordinate(originY - (args[at + 1] ?? 0) * scale)}`,
        );
      const letter = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' }[command];
      parts.push(`${letter}${points.join(' ')}`);
    }
    pen += position.xAdvance * scale;
  });
  return parts.join('');
}
