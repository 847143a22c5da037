// Charts and maps to take away: beside each page, every figure it shows as a standalone SVG (figure-svg.ts), a CSV of
// the figures it draws, and an embed page (the figure alone, for an iframe); its PNG is that SVG drawn by the reader's
// browser (site/public/share.js). The figure
// component (site/src/components/figure-links.astro) names each figure as Astro renders the page and links its files;
// the Astro build's process writes them once Astro is done (astro-build.ts), from the very figures it rendered, so a
// page links no file that is not written and no figure goes without its files.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { neutralizeFormula } from '../snapshot/csv-formula.ts';
import {
  drawingSize,
  drawnWidth,
  FIGURE_STYLE,
  standaloneSvg,
  withoutLinks,
  type FigureLegendItem,
} from './figure-svg.ts';
import { escapeXml } from './svg-charts.ts';
import type { Lang } from './site-routes.ts';
import { FIGURE_TEXT } from './texts/figure-text.ts';

/** The figures a chart or map draws, as its CSV gives them: column names, then one row per drawn row. */
export interface FigureData {
  columns: readonly string[];
  rows: ReadonlyArray<ReadonlyArray<string | number | null>>;
}

/** A figure on a page, as the figure component names it. */
export interface TakeawayFigure {
  lang: Lang;
  /** The page's root-relative path without the site's base ("/en/2024/"). */
  page: string;
  /** The figure's name on its page ("sex-split", "map-voters"), unique there. */
  name: string;
  title: string;
  summary: string;
  /** The page's SVG of it. */
  svg: string;
  legend: readonly FigureLegendItem[] | null;
  data: FigureData;
  /** The source line and licence, in the page's language. */
  source: string;
  licence: string;
}

/** A figure's files, root-relative without the base (`png`: the name its PNG downloads under, drawn in the browser). */
export interface FigureFilePaths {
  svg: string;
  png: string;
  csv: string;
  embed: string;
}

/**
 * A figure's file stem: the site's name, the figure's, and the page's path, so a downloaded file says what it is.
 * Example: ('/en/2024/dapil/1101/', 'sex-split') → "kpu-sex-split-en-2024-dapil-1101"; ('/', 'sex-split') → "kpu-sex-split".
 */
function figureStem(page: string, name: string): string {
  const segments = page.split('/').filter((segment) => segment !== '');
  return ['kpu', name, ...segments].join('-');
}

/** The ending of an embed page's name: a page for an iframe, none of the site's own pages (no sitemap, noindex). */
export const EMBED_PAGE_SUFFIX = '-embed.html';

/** Where a figure's files sit: beside its page. */
export function figureFilePaths(page: string, name: string): FigureFilePaths {
  const stem = `${page}${figureStem(page, name)}`;
  return { svg: `${stem}.svg`, png: `${stem}.png`, csv: `${stem}.csv`, embed: `${stem}${EMBED_PAGE_SUFFIX}` };
}

/** The size an embed snippet asks for: the drawing's width, and its height with room for the title and source lines. */
function embedSize(svg: string): { width: number; height: number } {
  const drawing = drawingSize(svg);
  const width = drawnWidth(svg) + 32;
  const legend = svg.includes('class="map"') ? 80 : 0;
  return { width, height: Math.round((drawing.height * (width - 32)) / drawing.width) + 190 + legend };
}

/** The snippet to paste: an iframe of the embed page at `url` (absolute when the site's address is known). */
export function embedSnippet(url: string, title: string, svg: string): string {
  const size = embedSize(svg);
  return `<iframe src="${escapeXml(url)}" title="${escapeXml(title)}" width="${size.width}" height="${size.height}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}

// ---- The registry of rendered figures ----

/** The figures named while Astro renders the pages, by their SVG's path; astro-build.ts writes their files after. */
const renderedInProcess = new Map<string, TakeawayFigure>();

/** Names a figure of a page being rendered; a page rendered twice names the same figure once. */
export function registerFigure(figure: TakeawayFigure): void {
  renderedInProcess.set(figureFilePaths(figure.page, figure.name).svg, figure);
}

/** The figures named so far, in the order of their files' paths (so every build writes them alike). */
export function renderedFigures(): TakeawayFigure[] {
  return [...renderedInProcess.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, figure]) => figure);
}

// ---- The files ----

/**
 * The figure's CSV by the downloads' rules (scripts/snapshot/csv-writer.ts): a UTF-8 byte order mark, CRLF line ends,
 * the column names, text always quoted (a formula's start neutralized), numbers bare, an empty field for none.
 */
function figureCsv(data: FigureData): string {
  const cell = (value: string | number | null): string =>
    value === null
      ? ''
      : typeof value === 'number'
        ? String(value)
        : `"${neutralizeFormula(value).replaceAll('"', '""')}"`;
  const lines = [data.columns.map(cell), ...data.rows.map((row) => row.map(cell))].map((row) => row.join(','));
  return `\uFEFF${lines.map((line) => `${line}\r\n`).join('')}`;
}

/**
 * The embed page: the figure alone with its title, its text alternative, the legend (maps), the source line with a
 * link to the full page (in the window around the frame) and the licence. Not for search engines (noindex) and in
 * no sitemap: the full page is the one to find.
 */
function embedPage(figure: TakeawayFigure, pageUrl: string): string {
  const t = FIGURE_TEXT[figure.lang];
  const legend =
    figure.legend === null
      ? ''
      : `<ul class="legend">${figure.legend
          .map(
            (item) =>
              `<li><span class="swatch${item.colour === null ? ' nd' : ''}"${item.colour === null ? '' : ` style="background:${item.colour}"`}></span>${escapeXml(item.label)}</li>`,
          )
          .join('')}</ul>`;
  const width = drawnWidth(figure.svg);
  const drawing = drawingSize(figure.svg);
  // The drawing's own size as its attributes (a map has none on the page, where its section sizes it), so the frame's
  // width scales it with its proportions kept.
  const svg = withoutLinks(figure.svg).replace(
    /^<svg (?![^>]*\bheight=)/,
    `<svg width="${width}" height="${Math.round((drawing.height * width) / drawing.width)}" `,
  );
  return `<!doctype html>
<html lang="${figure.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="description" content="${escapeXml(figure.summary)}"><link rel="icon" href="data:,"><title>${escapeXml(figure.title)}</title><style>
html{color-scheme:light}body{margin:0;padding:8px 12px;font:14px/1.4 system-ui,sans-serif;color:#1b1b1b;background:#fff}
h1{font-size:1rem;margin:0 0 .25rem}p{margin:.25rem 0}.summary,.source{color:#4a4a4a}.source{font-size:.8125rem}
a{color:#0b4f8a}svg{display:block;width:100%;max-width:${width}px;height:auto}svg text{font-size:12px}svg text:not([fill]){fill:#1b1b1b}
svg.map text{font-size:16px}${FIGURE_STYLE}
.legend{list-style:none;padding:0;margin:.25rem 0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}.legend li{display:flex;align-items:center;gap:.4rem}
.swatch{display:inline-block;width:1.25rem;height:.8rem;border:1px solid #6b7075}.nd{background:repeating-linear-gradient(45deg,#eee 0 3px,#888 3px 5px)}
</style></head><body><main><figure style="margin:0"><figcaption><h1>${escapeXml(figure.title)}</h1><p class="summary">${escapeXml(figure.summary)}</p></figcaption>${svg}${legend}</figure>
<p class="source">${escapeXml(figure.source)} · <a href="${escapeXml(pageUrl)}" target="_top">${escapeXml(t.fullPage)}</a></p><p class="source">${escapeXml(figure.licence)}</p></main></body></html>
`;
}

/**
 * Writes every figure Astro rendered beside its page in the built site `outDir`: its SVG, CSV and embed page. Its PNG
 * is drawn in the reader's browser from that SVG (site/public/share.js), not here: rasterizing costs about a tenth of
 * a second of CPU a figure, which for every chart of every page would more than double the site stage (docs/site.md).
 * `url` turns a root-relative path into the address the embed page links (the base, and the site's address when
 * known). The files are written one after another, synchronously (the process has nothing else to do meanwhile): three
 * small files a figure, hundreds of figures, where an asynchronous write's hand-offs to libuv's thread pool cost
 * several times the CPU time of the write itself.
 */
export function writeFigureFiles(
  figures: readonly TakeawayFigure[],
  outDir: string,
  url: (rootPath: string) => string,
): void {
  for (const figure of figures) {
    const paths = figureFilePaths(figure.page, figure.name);
    const file = (relative: string) => path.join(outDir, relative);
    writeFileSync(file(paths.svg), standaloneSvg(figure));
    writeFileSync(file(paths.csv), figureCsv(figure.data));
    writeFileSync(file(paths.embed), embedPage(figure, url(figure.page)));
  }
}
