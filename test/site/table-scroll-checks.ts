// The layout checks of a loaded page that scroll its tables or depend on the window's width alone
// (test/site/layout-checks.ts runs them after its in-page measures): a wide table's first column while the table is
// scrolled, and the count tables on a desktop's screen (which the site suite's render pass also runs on every page:
// site-checks.ts, checkPagesRender).
import type { Page } from 'playwright-core';

/** From this window width on, a desktop's: a count table (a dapil's regencies) is read whole there, not sideways. */
const DESKTOP_PX = 1280;

/** A desktop's window, as the site suite's render pass opens every page (site-checks.ts, RenderTabs). */
export const DESKTOP_VIEWPORT = { width: DESKTOP_PX, height: 720 } as const;

/** Scrolls every table container that scrolls to its far end and checks the first cell of each row stays in view. */
export async function checkStickyColumn(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const problems: string[] = [];
    for (const container of document.querySelectorAll('.scroll')) {
      if (container.scrollWidth <= container.clientWidth + 1) continue;
      container.scrollLeft = container.scrollWidth;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const box = container.getBoundingClientRect();
      for (const row of container.querySelectorAll('tbody tr, tfoot tr')) {
        const first = (row as HTMLTableRowElement).cells[0];
        // A row a filter hides is not drawn, so it has no place to keep.
        if (!first || first.colSpan > 1 || first.getClientRects().length === 0) continue;
        const rect = first.getBoundingClientRect();
        if (rect.left < box.left - 1 || rect.left > box.left + 1)
          problems.push(
            `${container.querySelector('caption')?.textContent?.trim() ?? 'a table'}: "${(first.textContent ?? '').trim().slice(0, 30)}" at ${rect.left.toFixed(0)} px, the container starts at ${box.left.toFixed(0)} px`,
          );
      }
      container.scrollLeft = 0;
    }
    return problems;
  });
}

/** The count tables of a loaded page wider than their box, on a desktop's screen (none below one). */
export async function checkDesktopTables(page: Page): Promise<string[]> {
  return page.evaluate((desktop) => {
    if (window.innerWidth < desktop) return [];
    return [...document.querySelectorAll('table.wide')].flatMap((table) => {
      const box = table.closest('.scroll');
      return box && box.scrollWidth > box.clientWidth + 1
        ? [`count table #${table.id}: ${box.scrollWidth} px wide in a box of ${box.clientWidth} px`]
        : [];
    });
  }, DESKTOP_PX);
}
