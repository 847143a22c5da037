// The words of the charts and maps to take away (scripts/site/figure-files.ts, site/src/components/figure-links.astro):
// the links under each figure, the embed snippet, the embed page and the standalone files' source line, in each language.
import type { Lang } from '../../languages.ts';

export interface FigureText {
  /** The links' group, for screen readers: "Download or embed: <title>". */
  group: (title: string) => string;
  svg: string;
  png: string;
  csv: string;
  embed: string;
  /** Each link's accessible name, which says which chart: "SVG of <title>". */
  svgName: (title: string) => string;
  pngName: (title: string) => string;
  csvName: (title: string) => string;
  embedName: (title: string) => string;
  /** Above the snippet. */
  embedHelp: string;
  copy: string;
  copied: string;
  copyFailed: string;
  /** The standalone files' and the embed page's source line. */
  source: (publisher: string, upstream: string) => string;
  /** The embed page's link to the page the figure comes from. */
  fullPage: string;
  /** The link to the embed page itself, after the help. */
  embedPage: string;
}

const id: FigureText = {
  group: (title) => `Unduh atau sematkan: ${title}`,
  svg: 'SVG',
  png: 'PNG',
  csv: 'data (CSV)',
  embed: 'sematkan',
  svgName: (title) => `SVG dari ${title}`,
  pngName: (title) => `PNG dari ${title}`,
  csvName: (title) => `Data (CSV) dari ${title}`,
  embedName: (title) => `Sematkan ${title}`,
  embedHelp: 'Salin kode ini ke halaman Anda untuk menampilkan bagan ini beserta sumbernya:',
  copy: 'Salin kode',
  copied: 'Kode disalin.',
  copyFailed: 'Kode tidak dapat disalin; pilih dan salin sendiri.',
  source: (publisher, upstream) => `Sumber: ${publisher}, data terbuka di ${upstream}`,
  fullPage: 'Halaman lengkap',
  embedPage: 'Lihat halaman sematan.',
};

const en: FigureText = {
  group: (title) => `Download or embed: ${title}`,
  svg: 'SVG',
  png: 'PNG',
  csv: 'data (CSV)',
  embed: 'embed',
  svgName: (title) => `SVG of ${title}`,
  pngName: (title) => `PNG of ${title}`,
  csvName: (title) => `Data (CSV) of ${title}`,
  embedName: (title) => `Embed ${title}`,
  embedHelp: 'Copy this code into your page to show this chart with its source:',
  copy: 'Copy code',
  copied: 'Code copied.',
  copyFailed: 'The code could not be copied; select and copy it yourself.',
  source: (publisher, upstream) => `Source: ${publisher}, open data at ${upstream}`,
  fullPage: 'Full page',
  embedPage: 'See the embed page.',
};

export const FIGURE_TEXT: Record<Lang, FigureText> = { id, en };
