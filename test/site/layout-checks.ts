// The layout checks of test/site/layout.browser.test.ts, measured in a page as Chromium renders it: the
// page's width, overlapping texts in a table row, the rendered size of chart text, tap targets (WCAG 2.2, 2.5.8) and
// form controls' text, with table-scroll-checks.ts a wide table's first column while the table is scrolled and the
// count tables on a desktop's screen, and with figure-link-checks.ts each figure's download links right under it.
import type { Page } from 'playwright-core';
import { DATASETS } from '../../scripts/datasets/datasets.ts';
import { TEXT } from '../../scripts/site/site-text.ts';
import { checkFigureLinks } from './figure-link-checks.ts';
import { checkDesktopTables, checkStickyColumn } from './table-scroll-checks.ts';

export const MIN_CHART_TEXT_PX = 11;
export const MIN_TARGET_PX = 24;
/** The smallest text a form control may have: below it a phone's browser (Safari on iOS) zooms in on focus. */
const MIN_CONTROL_TEXT_PX = 16;
export const MIN_TEXT_CONTRAST = 4.5;
/** One page of each kind, in Indonesian and English; the dapil is one with flagged records (quality notes). */
export const PAGE_KINDS: ReadonlyArray<{ kind: string; id: string; en: string; status?: number }> = [
  { kind: 'home', id: '/', en: '/en/' },
  { kind: 'year', id: '/2024/', en: '/en/2024/' },
  { kind: 'dapil-flagged', id: '/2019/dapil/1101/', en: '/en/2019/dapil/1101/' },
  { kind: 'party', id: '/2024/partai/1/', en: '/en/2024/party/1/' },
  { kind: 'downloads', id: '/unduh/', en: '/en/downloads/' },
  { kind: 'dictionary', id: '/kamus-data/', en: '/en/data-dictionary/' },
  { kind: 'quality', id: '/kualitas-data/', en: '/en/data-quality/' },
  { kind: 'about', id: '/tentang/', en: '/en/about/' },
  { kind: 'search', id: '/cari/?q=aceh', en: '/en/search/?q=aceh' },
  { kind: 'changes', id: '/perubahan/', en: '/en/changes/' },
  // Two provinces: the table compare.js draws and their chart across years.
  { kind: 'compare', id: '/bandingkan/?a=2019-p11&b=2024-p11', en: '/en/compare/?a=2019-p11&b=2024-p11' },
  { kind: 'not-found', id: '/tidak-ada/', en: '/en/missing/', status: 404 },
];

/** On a phone, the tallest a row of a table of figures may be, in lines of its text. */
const MAX_FIGURE_ROW_LINES = 5;
/** On a phone, a table of at most this many columns fits the screen whole. */
const MAX_WHOLE_COLUMNS = 3;
/** On a wide screen, the tallest a row of a table of sentences (the dictionary's meanings) may be, in lines. */
const MAX_PROSE_ROW_LINES = 8;
/** A table cell of more words than this holds sentences (a table of figures, names or files has none). */
const SENTENCE_WORDS = 12;
/** From this window width on (64rem), a screen is wide. */
const WIDE_SCREEN_PX = 1024;

/**
 * The headers of the figures a table is read for, in every language: the voters of both sexes, of all lists, the
 * voters who voted, and each column a dataset declares in percent (a party's women's representation). On a phone
 * their column shows without scrolling the table sideways.
 */
const KEY_HEADERS = [
  ...Object.values(TEXT).flatMap((t) => [t.sex.total, t.groups.total, t.story.columns.voters, t.maps.measures.voters]),
  ...DATASETS.flatMap((dataset) => dataset.columns)
    .filter((column) => column.unit === 'percent')
    .flatMap((column) => Object.values(column.title)),
];
/** The figures of the downloads page's file tables: each file's size and records, beside its name on a phone too. */
const FILE_HEADERS = Object.values(TEXT).flatMap((t) => [t.downloads.size, t.downloads.records]);

export interface LayoutProblems {
  overflow: string[];
  overlaps: string[];
  chartText: string[];
  targets: string[];
  /** Column headers aligned otherwise than the figures under them (a left header over right-aligned numbers). */
  alignment: string[];
  stickyColumn: string[];
  /**
   * On a desktop's screen (1280 px and wider: table-scroll-checks.ts), a count table (class wide: a dapil's regencies, their name and twelve
   * counts) wider than its box: its last columns read by scrolling sideways.
   */
  desktopTables: string[];
  /** The footer naming more than one retrieval time (its own line and the citation), or one without its time zone. */
  retrieval: string[];
  /** Search results whose name is not a link of at least 24 px (only their years were). */
  results: string[];
  /**
   * Totals read as national: a year page whose coverage comes after its maps, or a home-page totals row of a year
   * missing dapils without its coverage ("53 of 77 dapils") beside the figures; and a year page without turnout
   * records that gives a coverage of dapils beside no dapil table (saying twice that it has none).
   */
  coverage: string[];
  /**
   * Maps on a phone: a province too small to tap on the geographic map whose full-size square (the tile grid) comes
   * only after it, or a square's letters that no key on the page names.
   */
  maps: string[];
  /**
   * Tables on a phone: a key figure's column (KEY_HEADERS, when it heads one column of the table, or a group's
   * column whose group is a key header too: all lists, both sexes; a file table's size and records, FILE_HEADERS)
   * that ends off-screen, to the right; a row of a table of key figures (one with a key header) taller than
   * MAX_FIGURE_ROW_LINES lines; a table of at most MAX_WHOLE_COLUMNS columns wider than the screen; a release's id
   * (the changes page's table of releases) broken over lines.
   */
  phoneTables: string[];
  /**
   * On a wide screen, a row of a table of sentences (a cell of class prose) taller than MAX_PROSE_ROW_LINES lines:
   * sentences held to a phone's measure beside a column of long identifiers; or such a table wider than its box. Below
   * a wide screen, a table with a cell of sentences (over SENTENCE_WORDS words) wider than its box: read sideways.
   */
  proseRows: string[];
  /** SVG text (chart and map labels) below 4.5:1 against the shape or the page behind it (WCAG 1.4.3; axe skips SVG). */
  contrast: string[];
  /**
   * Sentences that read as mistakes: one share written the same called both highest and lowest, "0 parties" (a year
   * whose parties were not harvested), "1 files" (one with a plural), a name change that only changes capital
   * letters or spaces.
   */
  sentences: string[];
  /** Charts that draw no bar (every row without a figure): the sentence says it alone. */
  emptyCharts: string[];
  /** A chart's or map's download links not right under it: under another figure, or a second row under one. */
  figureLinks: string[];
}

/** Runs in the page: every check but the sticky column's (which scrolls). */
function measureLayout(limits: {
  minChartText: number;
  minTarget: number;
  minControlText: number;
  minContrast: number;
  keyHeaders: string[];
  fileHeaders: string[];
  maxRowLines: number;
  maxWholeColumns: number;
  maxProseLines: number;
  wideScreen: number;
  sentenceWords: number;
}): Omit<LayoutProblems, 'stickyColumn' | 'desktopTables' | 'figureLinks'> {
  const describeElement = (element: Element): string => {
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${text}"`;
  };
  const overflow: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > window.innerWidth)
    overflow.push(`page is ${root.scrollWidth} px wide in a ${window.innerWidth} px window`);
  // A table's caption wraps within the visible part of its scrolling container, not across the whole table.
  for (const container of document.querySelectorAll('.scroll')) {
    const caption = container.querySelector('caption');
    if (!caption) continue;
    const box = container.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(caption);
    const right = Math.max(...[...range.getClientRects()].map((rect) => rect.right));
    if (right > box.right + 1)
      overflow.push(
        `caption "${(caption.textContent ?? '').trim().slice(0, 40)}" runs to ${right.toFixed(0)} px, past its container's edge at ${box.right.toFixed(0)} px`,
      );
  }

  // The rectangles of a cell's visible text (line by line), ignoring screen-reader-only text.
  const textRects = (cell: Element): DOMRect[] => {
    const rects: DOMRect[] = [];
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || node.parentElement?.closest('.sr')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0 && rect.height > 0) rects.push(rect);
    }
    return rects;
  };
  const overlapArea = (a: DOMRect, b: DOMRect): number =>
    Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
    Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const overlaps: string[] = [];
  for (const row of document.querySelectorAll('table tr')) {
    const cells = [...(row as HTMLTableRowElement).cells].map((cell) => ({ cell, rects: textRects(cell) }));
    for (let i = 0; i < cells.length; i += 1)
      for (let j = i + 1; j < cells.length; j += 1) {
        const a = cells[i];
        const b = cells[j];
        if (!a || !b) continue;
        // More than a pixel square in common: two texts drawn over each other.
        if (a.rects.some((ra) => b.rects.some((rb) => overlapArea(ra, rb) > 1)))
          overlaps.push(`${describeElement(a.cell)} overlaps ${describeElement(b.cell)}`);
      }
  }

  const chartText: string[] = [];
  for (const text of document.querySelectorAll('svg text')) {
    const matrix = (text as SVGTextElement).getScreenCTM();
    if (!matrix || !(text as SVGTextElement).getClientRects().length) continue;
    const scale = Math.hypot(matrix.a, matrix.b);
    const px = parseFloat(getComputedStyle(text).fontSize) * scale;
    if (px < limits.minChartText - 0.01) chartText.push(`${describeElement(text)} at ${px.toFixed(1)} px`);
  }

  // WCAG 2.5.8: a target at least 24 × 24, or a 24 px circle on its centre meeting no other target nor another
  // small target's circle. Links inside a sentence are exempt (the inline exception): a link whose block holds
  // other words than the link's own; so are links whose destination a full-size link also offers (the equivalent
  // exception).
  const inSentence = (target: Element): boolean => {
    if (target.tagName !== 'A') return false;
    const block = target.parentElement?.closest('p, li, dd, td, th, figcaption, caption, cite');
    if (!block) return false;
    let rest = 0;
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (target.contains(node) || node.parentElement?.closest('.sr, a, button')) continue;
      rest += (node.textContent ?? '').replace(/[\s()·:,.;›*⚠↕↑↓-]/g, '').length;
    }
    return rest >= 3;
  };
  const targets = [...document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, summary')]
    .map((element) => ({ element, rect: element.getBoundingClientRect() }))
    .filter(
      ({ element, rect }) =>
        rect.width > 0 &&
        rect.height > 0 &&
        getComputedStyle(element).visibility !== 'hidden' &&
        !element.closest('.skip'),
    );
  const isSmall = (rect: DOMRect): boolean =>
    rect.width < limits.minTarget - 0.01 || rect.height < limits.minTarget - 0.01;
  // The equivalent exception: a link whose destination another link of full size on the same page also offers (a
  // province on the geographic map, whose bounding box meets its neighbours', is also a square of the tile grid).
  const hasFullSizeEquivalent = (element: Element): boolean => {
    const href = element.getAttribute('href');
    return (
      element.tagName.toLowerCase() === 'a' &&
      href !== null &&
      targets.some(
        (other) => other.element !== element && other.element.getAttribute('href') === href && !isSmall(other.rect),
      )
    );
  };
  const small = targets.filter(
    ({ element, rect }) => isSmall(rect) && !inSentence(element) && !hasFullSizeEquivalent(element),
  );
  const centre = (rect: DOMRect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
  const radius = limits.minTarget / 2;
  const targetProblems: string[] = [];
  for (const target of small) {
    const c = centre(target.rect);
    const clash = targets.find((other) => {
      if (
        other.element === target.element ||
        other.element.contains(target.element) ||
        target.element.contains(other.element)
      )
        return false;
      const dx = Math.max(other.rect.left - c.x, 0, c.x - other.rect.right);
      const dy = Math.max(other.rect.top - c.y, 0, c.y - other.rect.bottom);
      if (Math.hypot(dx, dy) < radius - 0.01) return true;
      if (!small.includes(other)) return false;
      const o = centre(other.rect);
      return Math.hypot(o.x - c.x, o.y - c.y) < 2 * radius - 0.01;
    });
    if (clash)
      targetProblems.push(
        `${describeElement(target.element)} (${target.rect.width.toFixed(0)}×${target.rect.height.toFixed(0)}) too close to ${describeElement(clash.element)}`,
      );
  }
  // A field or list written smaller than a phone's browser reads without zooming in on it (the browser's default
  // 13.3 px for a list no rule of the site styles), or too low to tap, spacing or not.
  for (const { element, rect } of targets) {
    if (!element.matches('input, select, textarea')) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    if (size < limits.minControlText - 0.01 || rect.height < limits.minTarget - 0.01)
      targetProblems.push(`${describeElement(element)}: text ${size.toFixed(1)} px, ${rect.height.toFixed(0)} px tall`);
  }
  // Each header of a table's last header row against the data cell under it in the first body row (matched by
  // position, so spanning headers above do not matter): both right-aligned, or neither.
  const alignment: string[] = [];
  for (const table of document.querySelectorAll('table')) {
    const head = table.tHead?.rows[table.tHead.rows.length - 1];
    const body = [...table.tBodies].flatMap((section) => [...section.rows]).find((row) => row.querySelector('td'));
    if (!head || !body) continue;
    for (const header of head.cells) {
      const box = header.getBoundingClientRect();
      const cell = [...body.cells].find((candidate) => {
        const rect = candidate.getBoundingClientRect();
        const middle = rect.left + rect.width / 2;
        return candidate.tagName === 'TD' && middle > box.left && middle < box.right;
      });
      if (!cell) continue;
      const right = (element: Element) => getComputedStyle(element).textAlign === 'right';
      if (right(header) !== right(cell))
        alignment.push(
          `${table.caption?.textContent?.trim().slice(0, 40) ?? 'a table'}: "${(header.textContent ?? '').trim()}" aligned ${getComputedStyle(header).textAlign} over ${getComputedStyle(cell).textAlign}-aligned cells`,
        );
    }
  }

  // SVG text against what is drawn behind its middle: the topmost other shape there (each colour of a hatch pattern),
  // or the first opaque background of the HTML around the drawing (white by default).
  const rgb = (colour: string): [number, number, number] | null => {
    const match = /^rgba?\(([\d.]+),? ([\d.]+),? ([\d.]+)(?:[,/] ?([\d.]+))?\)$/.exec(colour.trim());
    if (!match || (match[4] !== undefined && Number(match[4]) === 0)) return null;
    return [Number(match[1]), Number(match[2]), Number(match[3])];
  };
  const luminance = ([r, g, b]: [number, number, number]): number => {
    const linear = (value: number) => {
      const channel = value / 255;
      return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const ratio = (a: [number, number, number], b: [number, number, number]): number => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  };
  // The colours of a shape's fill: a solid colour, or each colour of the pattern it names (its squares' fills, its
  // lines' strokes).
  const fillColours = (shape: Element): Array<[number, number, number]> => {
    const fill = getComputedStyle(shape).fill;
    const pattern = /url\("?#([^")]+)"?\)/.exec(fill);
    if (!pattern) {
      const solid = rgb(fill);
      return solid ? [solid] : [];
    }
    const parts = [...(document.getElementById(pattern[1] ?? '')?.children ?? [])];
    return parts
      .map((part) => rgb(part.tagName === 'rect' ? getComputedStyle(part).fill : getComputedStyle(part).stroke))
      .filter((colour) => colour !== null);
  };
  const backdrop = (element: Element): [number, number, number] => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = rgb(getComputedStyle(node).backgroundColor);
      if (colour) return colour;
    }
    return [255, 255, 255];
  };
  const contrast: string[] = [];
  for (const text of document.querySelectorAll('svg text')) {
    if (text.getBoundingClientRect().width === 0) continue;
    // Hit-testing sees only the window: the text is brought into it first.
    text.scrollIntoView({ block: 'center', inline: 'nearest' });
    const box = text.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const colour = rgb(getComputedStyle(text).fill);
    if (!colour) continue;
    const svg = text.closest('svg');
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    // Hit-testing skips text (pointer-events: none on map labels), so the first shape is the one behind.
    const behind = document
      .elementsFromPoint(x, y)
      .find((element) => element !== text && element instanceof SVGGeometryElement && svg?.contains(element));
    const colours = behind ? fillColours(behind) : [];
    if (colours.length === 0) colours.push(backdrop(svg ?? text));
    const worst = Math.min(...colours.map((other) => ratio(colour, other)));
    if (worst < limits.minContrast - 0.005)
      contrast.push(`${describeElement(text)} at ${worst.toFixed(2)}:1 (${getComputedStyle(text).fill})`);
  }
  window.scrollTo(0, 0);

  // One retrieval instant in the footer, written the same in its line and in the citation, with its time zone: a
  // date, then optionally a time and zone ("22 November 2026, 10:43 WIB (03:43 UTC)", "… pukul 10.43 WIB …").
  const retrieval: string[] = [];
  const footer = document.querySelector('body > footer')?.textContent?.replace(/\s+/g, ' ') ?? '';
  const times = [
    ...footer.matchAll(
      /\b\d{1,2} \p{L}+ \d{4}(?:,? (?:pukul )?\d{2}[.:]\d{2} [A-Z]{3,4}(?: \(\d{2}[.:]\d{2} UTC\))?)?/gu,
    ),
  ].map((match) => match[0]);
  if (new Set(times).size > 1) retrieval.push(`the footer names ${times.map((time) => `"${time}"`).join(' and ')}`);
  for (const time of new Set(times))
    if (!/ (WIB|WITA|WIT|UTC)\b/.test(time)) retrieval.push(`"${time}" has no time zone`);

  // Each search result is tappable by its name: the result's first element is a link holding the name, 24 px tall.
  const results: string[] = [];
  for (const item of document.querySelectorAll('#results li')) {
    const first = item.firstElementChild;
    const height = first?.getBoundingClientRect().height ?? 0;
    if (first?.tagName !== 'A' || height < limits.minTarget - 0.01)
      results.push(
        `${describeElement(item)}: its name is ${first?.tagName.toLowerCase() ?? 'nothing'}, ${height.toFixed(0)} px tall`,
      );
  }

  const coverage: string[] = [];
  const coverageSection = document.getElementById('cakupan');
  const mapsSection = document.getElementById('peta');
  if (
    coverageSection &&
    mapsSection &&
    coverageSection.compareDocumentPosition(mapsSection) & Node.DOCUMENT_POSITION_PRECEDING
  )
    coverage.push('the coverage comes after the maps');
  // A year without turnout records says so once, where its dapils' table would be: a coverage of official dapils
  // beside no dapil at all says it twice.
  if (coverageSection && document.getElementById('dapil') && !document.getElementById('dapils'))
    coverage.push('a coverage of dapils on a year page with no dapil table');
  // The home page's list of years says each year's coverage ("53 of 77 dapils, …"); a year missing dapils must say
  // it in its rows of the totals tables too.
  for (const item of document.querySelectorAll('main li')) {
    const year = item.querySelector('a')?.textContent?.trim() ?? '';
    const partial = /(\d[\d.,]*) (?:of|dari) (\d[\d.,]*) dapil/.exec(
      item.querySelector('.coverage')?.textContent ?? '',
    );
    if (!/^\d{4}$/.test(year) || !partial || partial[1] === partial[2]) continue;
    for (const row of document.querySelectorAll('#by-sex tbody tr, #by-list tbody tr')) {
      const header = row.querySelector('th');
      if (header?.querySelector('a')?.textContent?.trim() !== year) continue;
      if (!(row.textContent ?? '').includes(partial[0]))
        coverage.push(`${row.closest('table')?.id ?? 'a table'}: the ${year} total without "${partial[0]}"`);
    }
  }

  const maps: string[] = [];
  // A phone is held in the hand: the first target a visitor meets for a province must be one to tap.
  if (window.innerWidth <= 640)
    for (const target of targets) {
      if (!target.element.closest('svg') || !isSmall(target.rect)) continue;
      const href = target.element.getAttribute('href');
      const before = targets.some(
        (other) =>
          other.element.getAttribute('href') === href && !isSmall(other.rect) && other.rect.top < target.rect.top,
      );
      if (!before)
        maps.push(
          `${target.element.querySelector('title')?.textContent ?? href} (${target.rect.width.toFixed(0)}×${target.rect.height.toFixed(0)}) has no tappable square above it`,
        );
    }
  // Every square's letters are explained in words outside the drawings: "JK DKI Jakarta".
  const words = (() => {
    const copy = document.querySelector('main')?.cloneNode(true) as HTMLElement | undefined;
    copy?.querySelectorAll('svg').forEach((svg) => svg.remove());
    return (copy?.textContent ?? '').replace(/\s+/g, ' ');
  })();
  const named = new Set<string>();
  for (const label of document.querySelectorAll('svg a text, svg g.nd text')) {
    const code = (label.textContent ?? '').trim();
    const title = label.closest('a, g')?.querySelector('title')?.textContent ?? '';
    const name = title.replace(/ \(.*$|:.*$/, '');
    if (named.has(code) || !/^[A-Z]{2}$/.test(code) || name === '') continue;
    named.add(code);
    if (!words.includes(`${code} ${name}`)) maps.push(`the square "${code}" (${name}) has no key`);
  }

  const phoneTables: string[] = [];
  if (window.innerWidth <= 640)
    for (const table of document.querySelectorAll('table')) {
      const name = (table.caption?.textContent ?? table.id).trim().slice(0, 40);
      const container = table.closest('.scroll')?.getBoundingClientRect() ?? root.getBoundingClientRect();
      const head = table.tHead?.rows[table.tHead.rows.length - 1];
      const headers = [...(head?.cells ?? [])].map((cell) => ({ cell, text: (cell.textContent ?? '').trim() }));
      // A header row above the last one groups its columns ("All lists" over "Male", "Female", "Both").
      const groups = table.tHead?.rows.length === 2 ? [...(table.tHead.rows[0]?.cells ?? [])] : [];
      const groupOf = (cell: Element): string => {
        const box = cell.getBoundingClientRect();
        const middle = (box.left + box.right) / 2;
        const group = groups.find((other) => {
          const span = other.getBoundingClientRect();
          return other.colSpan > 1 && span.left <= middle && middle <= span.right;
        });
        return (group?.textContent ?? '').trim();
      };
      const files = table.classList.contains('files');
      for (const { cell, text } of headers) {
        if (!limits.keyHeaders.includes(text) && !(files && limits.fileHeaders.includes(text))) continue;
        // A key header repeated in the row counts where its group is a key header too (all lists, both sexes).
        const group = groupOf(cell);
        if (headers.filter((other) => other.text === text).length > 1 && !limits.keyHeaders.includes(group)) continue;
        const right = cell.getBoundingClientRect().right;
        const label = group === '' ? text : `${group} ${text}`;
        if (right > container.right + 1)
          phoneTables.push(
            `${name}: "${label}" ends at ${right.toFixed(0)} px, past the screen's ${container.right.toFixed(0)} px`,
          );
      }
      // A table of three columns or fewer (a year's parties: ballot number, name, acronym) has room on a phone: it
      // is read whole, not sideways.
      const right = table.getBoundingClientRect().right;
      if (headers.length > 0 && headers.length <= limits.maxWholeColumns && right > container.right + 1)
        phoneTables.push(
          `${name}: a table of ${headers.length} columns ends at ${right.toFixed(0)} px, past the screen's ${container.right.toFixed(0)} px`,
        );
      // Rows of the tables of key figures (those with a key header) stay short; tables of sentences may not.
      if (!headers.some(({ text }) => limits.keyHeaders.includes(text))) continue;
      const line = parseFloat(getComputedStyle(table).lineHeight) || parseFloat(getComputedStyle(table).fontSize) * 1.5;
      for (const row of [...table.tBodies].flatMap((body) => [...body.rows])) {
        const height = row.getBoundingClientRect().height;
        if (height > limits.maxRowLines * line + 1) {
          phoneTables.push(`${name}: a row ${height.toFixed(0)} px tall (${describeElement(row)})`);
          break;
        }
      }
    }
  // A release's id is cited whole: never broken at its hyphens ("2026-11-30-…" over three lines at 390 px).
  if (window.innerWidth <= 640)
    for (const link of document.querySelectorAll('#releases tbody th a'))
      if (link.getClientRects().length > 1)
        phoneTables.push(
          `the release ${(link.textContent ?? '').trim()} broken over ${link.getClientRects().length} lines`,
        );
  const proseRows: string[] = [];
  const tooWide = (table: Element | null): void => {
    const box = table?.closest('.scroll');
    if (table && box && box.scrollWidth > box.clientWidth + 1)
      proseRows.push(`${describeElement(table)}: ${box.scrollWidth} px wide in a box of ${box.clientWidth} px`);
  };
  if (window.innerWidth >= limits.wideScreen)
    for (const table of new Set([...document.querySelectorAll('td.prose')].map((cell) => cell.closest('table'))))
      tooWide(table);
  // Below a wide screen, a table with sentences in its cells (a cell of more than SENTENCE_WORDS words: a column's
  // meaning, a violation's finding, how a format writes a type) is read down the screen, never by scrolling sideways.
  if (window.innerWidth < limits.wideScreen)
    for (const table of document.querySelectorAll('table'))
      if (
        [...table.querySelectorAll('tbody td')].some(
          (cell) => (cell.textContent ?? '').trim().split(/\s+/).length > limits.sentenceWords,
        )
      )
        tooWide(table);
  if (window.innerWidth >= limits.wideScreen) {
    for (const cell of document.querySelectorAll('td.prose')) {
      const row = cell.closest('tr');
      if (!row) continue;
      const line = parseFloat(getComputedStyle(cell).lineHeight) || parseFloat(getComputedStyle(cell).fontSize) * 1.5;
      const height = row.getBoundingClientRect().height;
      if (height > limits.maxProseLines * line + 1)
        proseRows.push(`${describeElement(row)}: ${(height / line).toFixed(0)} lines tall`);
    }
  }
  const sentences: string[] = [];
  const said = (document.querySelector('main') ?? document.body).innerText.replace(/\s+/g, ' ');
  for (const [sentence, , high, , low] of said.matchAll(
    /(?:highest in|tertinggi di|largest in|terbesar di|Highest|Tertinggi) (.+?) \(([^()]+)\),? (?:and lowest in|dan terendah di|and smallest in|dan terkecil di|lowest|terendah) (.+?) \(([^()]+)\)/g,
  ))
    if (high === low) sentences.push(`"${sentence}": the same share highest and lowest`);
    // Shares written alike at one decimal are nearly the same to a reader ("barely differed"), not highest and lowest.
    else if ([high, low].some((share) => /[.,][0-9]{2,}/.test(share ?? '')))
      sentences.push(`"${sentence}": highest and lowest apart only beyond one decimal`);
  for (const [zero] of said.matchAll(/(?<![0-9.,])0 (?:parties|partai)\b/g)) sentences.push(`"${zero}"`);
  for (const [one] of said.matchAll(/(?<![0-9.,])1 (?:files|records|dapils|parties|regencies|rows|changes)\b/g))
    sentences.push(`"${one}": one with a plural`);
  for (const [sentence, names = ''] of said.matchAll(
    /(?:name in the source changed|Namanya dalam sumber berubah): (.+?)\.(?: |$)/g,
  )) {
    const written = names.split('; ').map((name) =>
      name
        .replace(/ \([^()]*\)$/, '')
        .replace(/\s+/g, ' ')
        .toLowerCase(),
    );
    if (new Set(written).size < written.length) sentences.push(`"${sentence}": a change of capital letters or spaces`);
  }
  // A chart drawing nothing: no bar but its legend's 12 px swatches, every row "not available" (a dapil whose only
  // record gives no voters showed an axis, a legend and links to take the empty chart away).
  const emptyCharts = [...document.querySelectorAll('svg.chart')]
    .filter((chart) => chart.querySelector('rect:not([width="12"][height="12"])') === null)
    .map((chart) => `"${(chart.getAttribute('aria-label') ?? '').slice(0, 80)}": a chart with no bar`);
  return {
    proseRows,
    sentences,
    emptyCharts,
    phoneTables,
    overflow,
    overlaps,
    chartText,
    targets: targetProblems,
    alignment,
    contrast,
    retrieval,
    results,
    coverage,
    maps,
  };
}

/**
 * Every check of a loaded page: the in-page measures, then the scrolled tables' first columns, the count tables and
 * the figures' download links.
 */
export async function checkLayout(page: Page): Promise<LayoutProblems> {
  const measured = await page.evaluate(measureLayout, {
    minChartText: MIN_CHART_TEXT_PX,
    minTarget: MIN_TARGET_PX,
    minControlText: MIN_CONTROL_TEXT_PX,
    minContrast: MIN_TEXT_CONTRAST,
    keyHeaders: KEY_HEADERS,
    fileHeaders: FILE_HEADERS,
    maxRowLines: MAX_FIGURE_ROW_LINES,
    maxWholeColumns: MAX_WHOLE_COLUMNS,
    maxProseLines: MAX_PROSE_ROW_LINES,
    wideScreen: WIDE_SCREEN_PX,
    sentenceWords: SENTENCE_WORDS,
  });
  return {
    ...measured,
    stickyColumn: await checkStickyColumn(page),
    desktopTables: await checkDesktopTables(page),
    figureLinks: await checkFigureLinks(page),
  };
}
