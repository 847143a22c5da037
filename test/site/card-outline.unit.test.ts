// The social cards' texts as outlines (scripts/site/cards/card-outline.ts): a line drawn from its outline, with no
// font given to resvg, looks as resvg draws the same `<text>` with the DejaVu Sans files (same glyphs, kerning and
// place, edges alike to within anti-aliasing), for both weights, a start and an end anchor; the same text gives the
// same path data; and no font is needed, so no system font can change a card.
import { Resvg } from '@resvg/resvg-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { FONT_FAMILY, FONT_FILES } from '../../scripts/site/cards/card-font.ts';
import { loadOutlineFonts, outlinedText } from '../../scripts/site/cards/card-outline.ts';

const WIDTH = 900;
const HEIGHT = 90;

/** The grey levels (0 white, 255 black) of a black-on-white 900 × 90 drawing. */
function ink(body: string, withFonts: boolean): Uint8Array {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>${body}</svg>`;
  const font = withFonts
    ? { fontFiles: [FONT_FILES.regular, FONT_FILES.bold], loadSystemFonts: false, defaultFontFamily: FONT_FAMILY }
    : { loadSystemFonts: false };
  const pixels = new Resvg(svg, { font, fitTo: { mode: 'original' } }).render().pixels;
  const grey = new Uint8Array(WIDTH * HEIGHT);
  for (let index = 0; index < grey.length; index += 1) grey[index] = 255 - (pixels[index * 4] ?? 255);
  return grey;
}

/** The columns and rows with ink. */
function inkBox(grey: Uint8Array): { left: number; right: number; top: number; bottom: number } {
  const box = { left: WIDTH, right: -1, top: HEIGHT, bottom: -1 };
  grey.forEach((level, index) => {
    if (level < 64) return;
    const [x, y] = [index % WIDTH, Math.floor(index / WIDTH)];
    Object.assign(box, {
      left: Math.min(box.left, x),
      right: Math.max(box.right, x),
      top: Math.min(box.top, y),
      bottom: Math.max(box.bottom, y),
    });
  });
  return box;
}

const LINES: Array<{ text: string; size: number; weight: 'regular' | 'bold'; anchor: 'start' | 'end' }> = [
  { text: 'AVATAR Tujuh · Pemilu 2024 — 38,7% perempuan', size: 30, weight: 'bold', anchor: 'start' },
  { text: 'Sumber: Komisi Pemilihan Umum (KPU), data terbuka', size: 22, weight: 'regular', anchor: 'start' },
  { text: 'Électeurs ÀÉÎõü “Tovarna” fi fl 102.564.049', size: 26, weight: 'regular', anchor: 'end' },
  { text: '8,095,432', size: 64, weight: 'bold', anchor: 'end' },
];

describe('a card text as an outline', () => {
  beforeAll(loadOutlineFonts);

  it.each(LINES)('draws "$text" ($weight, $size px, $anchor) as resvg draws it with the font', (line) => {
    const x = line.anchor === 'start' ? 20 : WIDTH - 20;
    const y = 70;
    const weight = line.weight === 'bold' ? ' font-weight="bold"' : '';
    const anchor = line.anchor === 'end' ? ' text-anchor="end"' : '';
    const asText = ink(
      `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${line.size}"${weight}${anchor}>${line.text}</text>`,
      true,
    );
    const asOutline = ink(`<g>${outlinedText(line.text, x, y, line.size, line.weight, line.anchor)}</g>`, false);
    // The same glyphs in the same places: the same ink box to a pixel, and hardly a pixel whose grey differs by more
    // than a quarter (a glyph a pixel off would differ along all its edges).
    const [textBox, outlineBox] = [inkBox(asText), inkBox(asOutline)];
    for (const side of ['left', 'right', 'top', 'bottom'] as const)
      expect(Math.abs(textBox[side] - outlineBox[side]), side).toBeLessThanOrEqual(1);
    let inked = 0;
    let differing = 0;
    asText.forEach((level, index) => {
      if (level >= 64) inked += 1;
      if (Math.abs(level - (asOutline[index] ?? 0)) > 64) differing += 1;
    });
    expect(inked).toBeGreaterThan(100);
    expect(differing / inked).toBeLessThan(0.01);
  });

  it('gives the same path data for the same text, and draws it without any font', () => {
    const first = outlinedText('Pemilu 2024 · Provinsi Aceh', 64, 100, 30, 'bold');
    expect(outlinedText('Pemilu 2024 · Provinsi Aceh', 64, 100, 30, 'bold')).toBe(first);
    expect(first).toMatch(/^<path transform="translate\([\d.]+ [\d.]+\)" d="M[\d. -]+/);
    const grey = ink(`<g>${outlinedText('Pemilu 2024', 20, 70, 40, 'regular')}</g>`, false);
    expect(grey.some((level) => level > 200)).toBe(true);
  });
});
