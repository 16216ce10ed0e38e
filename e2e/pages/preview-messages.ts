import type { Locator, Page } from '@playwright/test';
import type { PreviewMessageState } from './playground-types';

/**
 * Open every folded message text inside `container` that is rendered now, as a person reads a long
 * one with "Show all", and wait for the list to lay the opened rows out.
 */
export async function unfoldTexts(container: Locator): Promise<void> {
  const opened = await container.evaluate((element) => {
    const folded = [...element.querySelectorAll<HTMLButtonElement>('[data-testid="unfold-text"][aria-expanded="false"]')];
    for (const button of folded) button.click();
    return folded.length;
  });
  if (opened > 0) await container.page().evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** The child's initial messages the preview has rendered now (a virtual list renders those in view), each text whole. */
export async function renderedPreviewMessages(list: Locator, rows: Locator): Promise<PreviewMessageState[]> {
  await unfoldTexts(list);
  return rows.evaluateAll((elements) =>
    elements.map((element) => ({
      source: element.getAttribute('data-source'),
      rule: element.getAttribute('data-rule'),
      parentIndex: element.getAttribute('data-parent-index'),
      change: element.getAttribute('data-change'),
      text: element.querySelector('pre')?.textContent ?? '',
    })),
  );
}

/**
 * Every initial message of the child, in order: the preview is a virtual list, so a child longer
 * than a screen is read by scrolling it through, each row taken once by its index.
 */
export async function allPreviewMessages(page: Page): Promise<PreviewMessageState[]> {
  const list = page.getByTestId('preview-messages');
  const seen = new Map<number, PreviewMessageState>();
  await list.evaluate((element) => element.scrollTo({ top: 0 }));
  for (let step = 0; step < 500; step++) {
    await unfoldTexts(list);
    const rows = await list.locator('[data-vindex]').evaluateAll((items) =>
      items.flatMap((item) => {
        const row = item.querySelector('[data-testid="preview-message"]');
        if (row === null) return [];
        return [
          {
            index: Number(item.getAttribute('data-vindex')),
            state: {
              source: row.getAttribute('data-source'),
              rule: row.getAttribute('data-rule'),
              parentIndex: row.getAttribute('data-parent-index'),
              change: row.getAttribute('data-change'),
              text: row.querySelector('pre')?.textContent ?? '',
            },
          },
        ];
      }),
    );
    for (const { index, state } of rows) if (!seen.has(index)) seen.set(index, state);
    const atEnd = await list.evaluate((element) => {
      const end = element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
      element.scrollBy({ top: Math.max(1, element.clientHeight / 2) });
      return end;
    });
    if (atEnd) break;
    // Let the virtual list render the rows the scroll brought into view.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  }
  return [...seen.entries()].sort(([a], [b]) => a - b).map(([, state]) => state);
}
