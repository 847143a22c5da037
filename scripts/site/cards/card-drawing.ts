// A social card drawn: its SVG, 1200 × 630 (kicker, title, key figure, smaller figures, a bar, the source line),
// composed from what the card says (social-cards.ts decides that from the page's figures). Its texts are written by
// a TextWriter: as `<text>` elements for the SVG that names the card in the card cache (here), as outlines for the SVG
// that is rasterized (card-thread.ts).
import { fitText, textWidth, wrap } from './card-font.ts';

/** The size Open Graph and X (Twitter) ask of a large card image: 1.91:1. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** A figure and what it counts. */
export interface CardFigure {
  value: string;
  label: string;
}

/** What a card says, before it is drawn. */
export interface SocialCard {
  /** Above the title: the site's name, or the election and province. */
  kicker: string;
  title: string;
  figure: CardFigure | null;
  /** Up to three smaller figures below the key one. */
  facts: CardFigure[];
  /** A sentence below the figures (a year without voter figures says so). */
  note: string | null;
  /** A share drawn as a bar (women's share; a party's women's representation with the quota marked). */
  bar: { share: number; label: string; mark: { share: number; label: string } | null } | null;
  source: string;
  /** The demo build's warning, drawn beside the source line; null on real data. */
  demo: string | null;
  alt: string;
}

const COLOURS = {
  background: '#ffffff',
  band: '#253494',
  text: '#1b1b1b',
  muted: '#4a4a4a',
  figure: '#253494',
  barBack: '#dfe3ea',
  bar: '#c2185b',
  mark: '#1b1b1b',
  demo: '#8a4b00',
};

/** Left and right margins of the card, in pixels. */
const MARGIN = 64;

/** How a card's line of text is written into its SVG. */
export type TextWriter = (
  x: number,
  y: number,
  text: string,
  size: number,
  weight: 'regular' | 'bold',
  fill: string,
  anchor?: 'start' | 'end',
) => string;

/** Escapes text for XML. */
function xml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A line as a `<text>` element: the card's SVG that names its card in the card cache (what it says, where and how
 * big), written without the fonts.
 */
export const textElement: TextWriter = (x, y, text, size, weight, fill, anchor = 'start') =>
  `<text x="${x}" y="${y}" font-size="${size}"${weight === 'bold' ? ' font-weight="bold"' : ''} fill="${fill}"${anchor === 'end' ? ' text-anchor="end"' : ''}>${xml(text)}</text>`;

/** The card drawn as SVG, its texts written by `svgText`, 1200 × 630: kicker, title, key figure, smaller figures, the bar, the source line. */
export function socialCardSvg(card: SocialCard, svgText: TextWriter): string {
  const inner = CARD_WIDTH - 2 * MARGIN;
  // A demo card says so in a wide strip at the top, where no crop of the image hides it.
  const band = card.demo === null ? 16 : 44;
  const parts: string[] = [
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${COLOURS.background}"/>`,
    `<rect width="${CARD_WIDTH}" height="${band}" fill="${card.demo === null ? COLOURS.band : COLOURS.demo}"/>`,
  ];
  if (card.demo !== null) {
    const demo = fitText(card.demo, inner, 24, 16, 'bold');
    parts.push(svgText(MARGIN, 31, demo.lines[0] ?? '', demo.size, 'bold', COLOURS.background));
  }
  let y = band + 58;
  const kicker = fitText(card.kicker, inner, 30, 22, 'bold');
  parts.push(svgText(MARGIN, y, kicker.lines[0] ?? '', kicker.size, 'bold', COLOURS.band));
  // One line at 60 px, else two lines at up to 48 px.
  const title =
    wrap(card.title, inner, 60, 'bold').length === 1
      ? { lines: [card.title], size: 60 }
      : fitText(card.title, inner, 48, 36, 'bold', 2);
  y += 16;
  for (const line of title.lines) {
    y += Math.round(title.size * 1.15);
    parts.push(svgText(MARGIN, y, line, title.size, 'bold', COLOURS.text));
  }
  if (card.figure) {
    const value = fitText(card.figure.value, inner, title.lines.length > 1 ? 88 : 104, 64, 'bold');
    y += 24 + value.size;
    parts.push(svgText(MARGIN, y, value.lines[0] ?? '', value.size, 'bold', COLOURS.figure));
    const label = fitText(card.figure.label, inner, 32, 22, 'regular');
    y += 44;
    parts.push(svgText(MARGIN, y, label.lines[0] ?? '', label.size, 'regular', COLOURS.muted));
  }
  // The smaller figures on one line, each a figure in bold and its label, 48 px apart; the labels smaller, all alike,
  // when they would not fit.
  const facts = card.facts.slice(0, 3);
  if (facts.length > 0) {
    y += 58;
    const gap = 48;
    const widthAt = (size: number) =>
      facts.reduce(
        (sum, fact) => sum + textWidth(`${fact.value} `, 28, 'bold') + textWidth(fact.label, size, 'regular') + gap,
        -gap,
      );
    let size = 26;
    while (size > 16 && widthAt(size) > inner) size -= 2;
    let x = MARGIN;
    for (const fact of facts) {
      const valueWidth = textWidth(`${fact.value} `, 28, 'bold');
      const label = fitText(fact.label, Math.max(inner - (x - MARGIN) - valueWidth, 40), size, size, 'regular');
      parts.push(
        svgText(x, y, fact.value, 28, 'bold', COLOURS.text),
        svgText(x + valueWidth, y, label.lines[0] ?? '', size, 'regular', COLOURS.muted),
      );
      x += valueWidth + textWidth(label.lines[0] ?? '', size, 'regular') + gap;
    }
  }
  if (card.note !== null) {
    const note = fitText(card.note, inner, 26, 18, 'regular', 2);
    for (const line of note.lines) {
      y += 44;
      parts.push(svgText(MARGIN, y, line, note.size, 'regular', COLOURS.muted));
    }
  }
  const footer = CARD_HEIGHT - 40;
  // The bar sits right above the footer, whatever the text above took.
  if (card.bar) {
    const barY = footer - 64;
    const barHeight = 22;
    parts.push(
      `<rect x="${MARGIN}" y="${barY}" width="${inner}" height="${barHeight}" rx="4" fill="${COLOURS.barBack}"/>`,
    );
    const filled = Math.round(inner * Math.min(1, Math.max(0, card.bar.share)));
    if (filled > 0)
      parts.push(
        `<rect x="${MARGIN}" y="${barY}" width="${filled}" height="${barHeight}" rx="4" fill="${COLOURS.bar}"/>`,
      );
    if (card.bar.mark) {
      const markX = MARGIN + Math.round(inner * card.bar.mark.share);
      parts.push(
        `<rect x="${markX - 2}" y="${barY - 8}" width="4" height="${barHeight + 16}" fill="${COLOURS.mark}"/>`,
      );
      // The mark's label right of the mark, or left of it when the bar's own label reaches past the mark.
      const ownEnd = MARGIN + textWidth(card.bar.label, 22, 'bold') + 16;
      parts.push(
        ownEnd < markX
          ? svgText(markX + 10, barY - 12, card.bar.mark.label, 22, 'regular', COLOURS.text)
          : svgText(Math.max(markX + 10, ownEnd), barY - 12, card.bar.mark.label, 22, 'regular', COLOURS.text),
      );
    }
    parts.push(svgText(MARGIN, barY - 12, card.bar.label, 22, 'bold', COLOURS.bar));
  }
  const source = fitText(card.source, inner, 22, 16, 'regular');
  parts.push(svgText(MARGIN, footer, source.lines[0] ?? '', source.size, 'regular', COLOURS.muted));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">${parts.join('')}</svg>`;
}
