// A figure as a file of its own: the page's chart or map SVG framed with its title, its legend (maps), its source
// line and the licence, in light colours and the DejaVu Sans fonts the social cards use (cards/card-font.ts), so the
// SVG shows alike in any viewer, and so does the PNG a reader's browser draws from it (figure-files.ts).
import { FONT_FAMILY, wrap } from './cards/card-font.ts';
import { escapeXml } from './svg-charts.ts';

/** One class of a map's legend: its colour (null: no data, hatched grey) and its label. */
export interface FigureLegendItem {
  colour: string | null;
  label: string;
}

/** What the frame around a figure says. */
export interface FigureFrame {
  title: string;
  /** The one-sentence text alternative, written under the title: it names the place and the year. */
  summary: string;
  /** The page's SVG of the chart or map. */
  svg: string;
  legend: readonly FigureLegendItem[] | null;
  source: string;
  licence: string;
}

/**
 * The site's light colours (site/src/styles/site.css, :root) for the chart classes, the maps' shape outlines and their
 * labels, given to the file itself: a standalone SVG has no page stylesheet.
 */
export const FIGURE_STYLE =
  '.m{fill:#1f5a96}.f{fill:#b23c17}.b{fill:#2a7144}.k{fill:#6d3f9a}.ref{stroke:#5c5c5c;stroke-dasharray:3 3}' +
  '.map path,.map rect{stroke:#fff;stroke-width:.6}.map text{font-size:16px;font-weight:700;text-anchor:middle}';

/** The text colour: site.css's --fg on white (--muted for the source line). */
const TEXT = '#1b1b1b';
const MUTED = '#4a4a4a';
const PAD = 12;

/** A map is drawn at this width in the file (its own drawing units are wider), a chart at its own 360 units. */
const MAP_DRAWN_WIDTH = 600;

/**
 * The page's SVG without its links (a province's shape links to its row on the page, which the file has not): each
 * link becomes a group, keeping its title.
 */
export function withoutLinks(svg: string): string {
  return svg.replace(/<a href="[^"]*">/g, '<g>').replace(/<\/a>/g, '</g>');
}

/** The drawing's own width and height, from its opening tag's viewBox. */
export function drawingSize(svg: string): { width: number; height: number } {
  const match = /^<svg [^>]*viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!match) throw new Error('a figure SVG without a viewBox');
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** The width a figure is drawn at in its file and its embed page. */
export function drawnWidth(svg: string): number {
  return svg.includes('class="map"') ? MAP_DRAWN_WIDTH : drawingSize(svg).width;
}

function textLine(x: number, y: number, text: string, size: number, bold: boolean, fill: string): string {
  return `<text x="${x}" y="${y}" font-size="${size}"${bold ? ' font-weight="bold"' : ''} fill="${fill}">${escapeXml(text)}</text>`;
}

/** The legend as rows of swatches and labels, wrapped to the width; returns its SVG and height. */
function legendRows(items: readonly FigureLegendItem[], top: number, width: number): { svg: string; height: number } {
  const parts: string[] = [
    '<defs><pattern id="figure-nd" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#eee"/><path d="M0 0v6" stroke="#888" stroke-width="2"/></pattern></defs>',
  ];
  let x = PAD;
  let y = top;
  for (const item of items) {
    // Swatch, gap, label at 12 px, then 16 units before the next.
    const itemWidth = 18 + 6 + item.label.length * 6.6 + 16;
    if (x > PAD && x + itemWidth > PAD + width) {
      x = PAD;
      y += 20;
    }
    parts.push(
      `<rect x="${x}" y="${y}" width="18" height="12" fill="${item.colour ?? 'url(#figure-nd)'}" stroke="#6b7075" stroke-width="1"/>`,
      textLine(x + 24, y + 11, item.label, 12, false, TEXT),
    );
    x += itemWidth;
  }
  return { svg: parts.join(''), height: y - top + 20 };
}

/** The figure's standalone SVG file: title, drawing, legend, source line and licence, on white. */
export function standaloneSvg(frame: FigureFrame): string {
  const drawing = drawingSize(frame.svg);
  const width = drawnWidth(frame.svg);
  const height = Math.round((drawing.height * width) / drawing.width);
  const outer = width + 2 * PAD;
  const parts: string[] = [];
  let y = PAD;
  for (const line of wrap(frame.title, width, 15, 'bold')) {
    y += 18;
    parts.push(textLine(PAD, y, line, 15, true, TEXT));
  }
  for (const line of wrap(frame.summary, width, 11, 'regular')) {
    y += 15;
    parts.push(textLine(PAD, y, line, 11, false, MUTED));
  }
  y += 10;
  // The page's drawing nested at its place, sized to the file's width; its own opening tag's size replaced.
  const inner = withoutLinks(frame.svg).replace(
    /^<svg [^>]*?(viewBox="[^"]*")[^>]*>/,
    (_, viewBox: string) =>
      `<svg x="${PAD}" y="${y}" width="${width}" height="${height}" ${viewBox}${frame.svg.includes('class="map"') ? ' class="map"' : ''}>`,
  );
  parts.push(inner);
  y += height + 8;
  if (frame.legend !== null && frame.legend.length > 0) {
    const legend = legendRows(frame.legend, y, width);
    parts.push(legend.svg);
    y += legend.height + 4;
  }
  for (const [text, size] of [
    [frame.source, 11],
    [frame.licence, 10],
  ] as const) {
    for (const line of wrap(text, width, size, 'regular')) {
      y += size + 4;
      parts.push(textLine(PAD, y, line, size, false, MUTED));
    }
  }
  const total = y + PAD;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${outer}" height="${total}" viewBox="0 0 ${outer} ${total}" font-family="${FONT_FAMILY}" font-size="12" fill="${TEXT}">` +
    `<title>${escapeXml(frame.title)}</title><style>${FIGURE_STYLE}</style>` +
    `<rect width="${outer}" height="${total}" fill="#fff"/>${parts.join('')}</svg>`
  );
}
