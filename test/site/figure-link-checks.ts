// Each chart's and map's download links (site/src/components/figure-links.astro, class takeaway) right under the
// figure they take away, at the window's width: the layout checks (layout-checks.ts) and the site suite's render pass
// (site-checks.ts, checkPagesRender) run it on every page. A row of links that sits under another figure, or two rows
// under one figure, has a reader download the map they were not looking at.
import type { Page } from 'playwright-core';

/** The most room between a figure's bottom and its links: the map's reading line (.map-value) and margins fit. */
const MAX_GAP_PX = 96;

/** Each visible row of figure links: the nearest drawn figure above it, the same figure's, and no other row's. */
export async function checkFigureLinks(page: Page): Promise<string[]> {
  return page.evaluate((maxGap) => {
    const problems: string[] = [];
    const drawn = (element: Element) => element.getClientRects().length > 0;
    const figures = [...document.querySelectorAll('svg.map, svg.chart')].filter(drawn);
    const claimed = new Map<Element, string>();
    for (const links of [...document.querySelectorAll('.takeaway')].filter(drawn)) {
      const label = links.getAttribute('aria-label') ?? '';
      const box = links.getBoundingClientRect();
      let nearest: { figure: Element; bottom: number } | null = null;
      for (const figure of figures) {
        const rect = figure.getBoundingClientRect();
        const beside = rect.left < box.right && box.left < rect.right;
        if (!beside || rect.bottom > box.top + 1) continue;
        if (nearest === null || rect.bottom > nearest.bottom) nearest = { figure, bottom: rect.bottom };
      }
      if (nearest === null) {
        problems.push(`"${label}": no chart or map above it`);
        continue;
      }
      const gap = box.top - nearest.bottom;
      if (gap > maxGap) problems.push(`"${label}": ${gap.toFixed(0)} px below the figure above it`);
      // A map names itself in its <title>; its links' group names the same title at its end.
      const title = nearest.figure.querySelector(':scope > title')?.textContent?.trim() ?? null;
      if (title !== null && !label.endsWith(title)) problems.push(`"${label}": under the map "${title}"`);
      const other = claimed.get(nearest.figure);
      if (other !== undefined) problems.push(`"${label}" and "${other}": two rows of links under one figure`);
      claimed.set(nearest.figure, label);
    }
    return problems;
  }, MAX_GAP_PX);
}
