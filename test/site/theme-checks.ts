// The dark and print checks of test/site/layout.browser.test.ts, measured in a page as Chromium renders it: the dark
// scheme (a dark page, light text, no light box left over but the maps' panel and legend) and the print layout (no
// navigation, search or buttons; whole tables; the page's address and the citation on the paper, printed dark on
// white).
import path from 'node:path';
import type { Page } from 'playwright-core';

/** Relative luminance (WCAG 2.x) above which a background counts as light, below which text counts as dark. */
const LIGHT_LUMINANCE = 0.4;
/** The darkest a dark scheme's page may be read as "dark": about #3e3e3e and darker. */
const DARK_LUMINANCE = 0.05;

/** A4 less the print stylesheet's side margins (210 − 2 × 12 mm) in CSS px (96 per inch): the width of a printed page. */
export const A4_CONTENT_PX = Math.floor(((210 - 2 * 12) / 25.4) * 96);

/** A PDF's bytes without its creation and modification dates, to compare two printings of one page. */
export function pdfWithoutDates(pdf: Buffer): string {
  return pdf.toString('latin1').replace(/\/(CreationDate|ModDate) \(D:[^)]*\)/g, '');
}

/** Runs in the page: what the scheme or medium asked for (`mode`) against what is drawn. */
function measureTheme(options: { mode: 'dark' | 'print'; paper: boolean; light: number; dark: number }): string[] {
  const rgb = (colour: string): [number, number, number] | null => {
    const match = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)$/.exec(colour.trim());
    if (!match || (match[4] !== undefined && Number(match[4]) < 0.5)) return null;
    return [Number(match[1]), Number(match[2]), Number(match[3])];
  };
  const luminance = (colour: [number, number, number]): number => {
    const linear = (value: number) => {
      const channel = value / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(colour[0]) + 0.7152 * linear(colour[1]) + 0.0722 * linear(colour[2]);
  };
  const describe = (element: Element): string => {
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''} "${text}"`;
  };
  const visible = (element: Element): boolean => element.getClientRects().length > 0;
  const problems: string[] = [];
  const body = getComputedStyle(document.body);
  const page = rgb(body.backgroundColor) ?? [255, 255, 255];
  const text = rgb(body.color) ?? [0, 0, 0];

  if (options.mode === 'dark') {
    if (luminance(page) > options.dark) problems.push(`the page is ${body.backgroundColor}, not dark`);
    if (luminance(text) < options.light) problems.push(`the text is ${body.color}, not light`);
    // No box keeps a light background on the dark page, but the maps' light panel and the legend's colour swatches.
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest('svg.map, .swatch') || !visible(element)) continue;
      const background = rgb(getComputedStyle(element).backgroundColor);
      if (background && luminance(background) > options.light)
        problems.push(`${describe(element)} has a light background, ${getComputedStyle(element).backgroundColor}`);
    }
    return problems.slice(0, 10);
  }

  // Print: dark text on white, whatever the screen's scheme.
  if (luminance(page) < options.light) problems.push(`the printed page is ${body.backgroundColor}, not white`);
  if (luminance(text) > options.dark) problems.push(`the printed text is ${body.color}, not dark`);
  // Only what a reader of paper can use: no navigation, language link, search box, form or button (a sortable
  // header's button is its text, and stays).
  const screenOnly = [
    ...document.querySelectorAll('.skip, .top nav, .top .lang, .crumbs, form, input, [data-js-hint]'),
    ...[...document.querySelectorAll('button')].filter((button) => !button.closest('th')),
  ];
  for (const element of screenOnly) if (visible(element)) problems.push(`${describe(element)} is printed`);
  // No table in a box that scrolls or cuts it, no sticky cell; and when the window is as wide as the paper, nothing
  // wider than the window.
  const width = document.documentElement.clientWidth;
  if (options.paper && document.documentElement.scrollWidth > width + 1)
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide on ${width} px of paper`);
  for (const table of document.querySelectorAll('table')) {
    const name = (table.caption?.textContent ?? table.id).trim().slice(0, 40);
    const right = table.getBoundingClientRect().right;
    if (options.paper && right > width + 1)
      problems.push(`${name}: ends at ${right.toFixed(0)} px, past the paper's ${width} px`);
    for (let box = table.parentElement; box && box !== document.body; box = box.parentElement)
      if (getComputedStyle(box).overflowX !== 'visible') {
        problems.push(`${name}: in a box whose overflow is ${getComputedStyle(box).overflowX}`);
        break;
      }
    for (const cell of table.querySelectorAll('caption, th, td'))
      if (getComputedStyle(cell).position === 'sticky') {
        problems.push(`${name}: a sticky cell, ${describe(cell)}`);
        break;
      }
  }
  // The source (the citation line) and the page's own address, written out in full.
  const citation = document.querySelector('footer cite');
  if (!citation || !visible(citation) || (citation.textContent ?? '').trim().length < 20)
    problems.push('no citation line is printed');
  const address = document.querySelector('footer .address span');
  const expected = document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? location.href;
  if (!address || !visible(address)) problems.push('the page’s address is not printed');
  else if (address.textContent !== expected)
    problems.push(`the printed address is "${address.textContent}", not "${expected}"`);
  return problems;
}

/**
 * The dark scheme's or the print layout's problems on the page as it is now. In print, `paper` says the window is as
 * wide as a printed page (A4_CONTENT_PX), so that nothing may be wider; a printed page is laid out at the paper's
 * width whatever the window's (the theme test compares the PDFs), so at other widths the width is not measured.
 */
export async function checkTheme(page: Page, mode: 'dark' | 'print', paper = false): Promise<string[]> {
  return page.evaluate(measureTheme, { mode, paper, light: LIGHT_LUMINANCE, dark: DARK_LUMINANCE });
}

const AXE_SCRIPT = path.resolve(import.meta.dirname, '../../node_modules/axe-core/axe.min.js');
/** axe's rules that depend on colours, the only ones a colour scheme changes (the site suites run all of them). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core's violations of its colour rules on the page as it is now. */
export async function axeColourViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
    return results.violations.map(
      (violation) =>
        `axe ${violation.impact ?? ''} ${violation.id}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`,
    );
  }, COLOUR_RULES);
}
