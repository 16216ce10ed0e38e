import type { Locator } from '@playwright/test';
import type { RowDisplay } from './playground-types';

/** Every rendered timeline row with its texts, in index order, read in one round trip (exact text, no normalisation). */
export function readRowDisplays(rows: Locator): Promise<RowDisplay[]> {
  return rows.evaluateAll((elements) =>
    elements
      .map((element) => {
        const badge = element.querySelector('[data-testid="kind-badge"]');
        return {
          index: Number(element.getAttribute('data-index')),
          id: element.getAttribute('data-id'),
          kind: element.getAttribute('data-kind'),
          turn: element.getAttribute('data-turn'),
          status: element.getAttribute('data-status'),
          reason: element.getAttribute('data-reason'),
          badge: badge?.textContent ?? null,
          badgeTag: badge?.tagName ?? null,
          disposition: element.querySelector('[data-testid="row-disposition"]')?.textContent ?? null,
          text: element.querySelector('[data-testid="row-text"]')?.textContent ?? null,
        };
      })
      .sort((a, b) => a.index - b.index),
  );
}

/**
 * Scroll the virtualized timeline so that row `index` should come into its rendered range, guessing
 * the row height from the rows rendered now (rows out of range are not in the DOM at all).
 */
export async function scrollTimelineTowards(timeline: Locator, index: number): Promise<void> {
  await timeline.evaluate((scroller, target) => {
    const rendered = [...scroller.querySelectorAll<HTMLElement>('[data-testid="timeline-row"]')].map((element) => ({
      index: Number(element.dataset.index),
      top: element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop,
    }));
    if (rendered.length === 0) return;
    const first = rendered[0]!;
    const last = rendered[rendered.length - 1]!;
    const perRow = rendered.length > 1 ? (last.top - first.top) / Math.max(1, last.index - first.index) : 84;
    scroller.scrollTop = Math.max(0, first.top + (target - first.index) * perRow - scroller.clientHeight / 2);
  }, index);
}
