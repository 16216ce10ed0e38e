import { expect, type Page, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

/** Every element that scrolls now and holds another that scrolls: a box in a box, each with its own scroll bar. */
function nestedScrollAreas(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scrolls = (element: Element) => {
      const style = getComputedStyle(element);
      return /(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[${element.getAttribute('data-testid')}]` : ''}`;
    const scrolling = [...document.querySelectorAll('body *')].filter(scrolls);
    return scrolling.flatMap((outer) =>
      scrolling.filter((inner) => inner !== outer && outer.contains(inner)).map((inner) => `${name(inner)} inside ${name(outer)}`),
    );
  });
}

test.describe('the playground’s layout', () => {
  test('what the child receives comes before what each provider makes of it', async ({ page }) => {
    const playground = new PlaygroundPage(page);
    await playground.open({ scenario: 'startup-block' });
    const order = await page.getByTestId('child-request').evaluate((preview) => {
      const at = (testId: string) => preview.querySelector(`[data-testid="${testId}"]`);
      const sections = ['preview-system-section', 'preview-tools-section', 'preview-messages', 'preview-first-prompt', 'provider-cache'].map(at);
      return sections
        .map((section): string => (section === null ? 'missing' : 'present'))
        .concat(
          sections
            .slice(1)
            .map((section, index) =>
              section !== null && sections[index]!.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING ? 'after' : 'not after',
            ),
        );
    });
    expect(order).toEqual(['present', 'present', 'present', 'present', 'present', 'after', 'after', 'after', 'after']);
  });

  for (const device of [
    { name: 'desktop', viewport: { width: 1440, height: 900 } },
    { name: 'phone', viewport: { width: 390, height: 844 } },
  ]) {
    test(`no scroll area sits inside another, a long message folds instead (${device.name})`, async ({ page }) => {
      await page.setViewportSize(device.viewport);
      const playground = new PlaygroundPage(page);
      await playground.open({ scenario: 'startup-block' });
      // The fork's directive message is long: it folds, and opens in place.
      const folded = playground.previewMessagesList.locator('pre[data-folded]');
      await expect(folded).toHaveCount(1);
      expect(await nestedScrollAreas(page)).toEqual([]);
      await playground.previewMessagesList.getByTestId('unfold-text').click();
      await expect(folded).toHaveCount(0);
      expect(await nestedScrollAreas(page)).toEqual([]);

      await playground.launch();
      await playground.waitForChildRun('finished');
      await playground.childPanel.getByTestId('child-inherited').locator('summary').click();
      await expect(playground.childPanel.getByTestId('child-inherited-message').first()).toBeVisible();
      expect(await nestedScrollAreas(page)).toEqual([]);
    });
  }

  test('on a desktop, Launch leaves the page where it was and the run appears under the button that launched it', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const playground = new PlaygroundPage(page);
    await playground.open({ scenario: 'startup-block' });
    const button = page.getByTestId('launch-beside-preview');
    const before = await button.boundingBox();
    const scrolled = await page.evaluate(() => window.scrollY);
    await button.click();
    const run = page.getByTestId('child-run');
    await expect(run).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await button.boundingBox()).toEqual(before);
    const placed = (await run.boundingBox())!;
    expect(placed.y).toBeGreaterThan(before!.y + before!.height);
    // In the button's column: it starts where the button's column starts.
    expect(Math.abs(placed.x - before!.x)).toBeLessThan(40);
    expect(placed.y).toBeLessThan(900);
  });
});
