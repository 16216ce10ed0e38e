import { expect, type Page, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

test.use({ viewport: { width: 390, height: 844 } });

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const size = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    bodyScrollWidth: document.body.scrollWidth,
    innerWidth: window.innerWidth,
    // What sticks out, to say so when it fails.
    wide: [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}${element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : ''}.${element.className}`),
  }));
  expect(size.scrollWidth, `document wider than the viewport: ${size.wide.join(', ')}`).toBeLessThanOrEqual(size.innerWidth);
  expect(size.bodyScrollWidth).toBeLessThanOrEqual(size.innerWidth);
}

test('390px wide: controls, timeline and preview are all reachable and nothing scrolls sideways', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'parallel-sibling-forks' });
  expect(await page.evaluate(() => window.innerWidth)).toBe(390);
  await expectNoHorizontalOverflow(page);

  for (const region of [
    page.getByTestId('fork-controls'),
    playground.policySelect,
    playground.field('fork_turns'),
    playground.launchButton,
    playground.timeline,
    playground.row(0),
    playground.summary,
    playground.childRequest,
    playground.firstPrompt,
  ]) {
    await region.scrollIntoViewIfNeeded();
    await expect(region).toBeInViewport();
    const box = (await region.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390.5);
  }

  // The controls work here too: change the window from the keyboard-less slider and the text box.
  await playground.setField('fork_turns', '1');
  await expect(playground.boundaryRow()).toHaveAttribute('data-index', '9');
  await playground.launchButton.scrollIntoViewIfNeeded();
  await playground.launch();
  await playground.childPanel.scrollIntoViewIfNeeded();
  await expect(playground.childField('inherited-intact')).toHaveText('intact');
  await expectNoHorizontalOverflow(page);

  // Long unbroken text (a path, a hash, a minified line) wraps instead of widening the page.
  await playground.composerText.scrollIntoViewIfNeeded();
  await playground.appendMessage('user', `${'x'.repeat(400)} /very/long/${'segment'.repeat(40)}.ts`);
  await playground.setField('directive', `Directive with a long token ${'y'.repeat(300)}`);
  await page.getByTestId('toggle-raw-json').click();
  await expect(page.getByTestId('raw-json')).toBeVisible();
  await expectNoHorizontalOverflow(page);
});

test('390px wide: no page scrolls sideways — compare, a shared comparison, captures, runtimes', async ({ page }) => {
  await page.goto('/compare?scenario=startup-block');
  await expect(page.getByTestId('compare-view')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  // The family's cache table is the widest thing on the page: measure once it is there.
  await expect(page.getByTestId('family-cache')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expectNoHorizontalOverflow(page);
  await page.getByTestId('share').click();
  const url = await page.getByTestId('share-url').inputValue();
  await page.goto(url);
  await expect(page.getByTestId('compare-view')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(page.getByTestId('family-cache')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expectNoHorizontalOverflow(page);
  for (const path of ['/captures', '/runtimes']) {
    await page.goto(path);
    await expect(page.locator('main h1')).toBeVisible();
    await expectNoHorizontalOverflow(page);
  }
});
