import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

/** A link a browser sends on every reload must stay well under the 16 KB of headers a server reads. */
const SHORT_LINK = 1024;

test('a 200 KB directive stays out of the URL: the field says it is too long with a counter, and a reload still opens the page', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'startup-block' });
  const directive = 'Review the release. '.repeat(10_240);
  expect(directive.length).toBe(204_800);

  await playground.field('directive').fill(directive);
  await playground.waitForPlan();
  expect(page.url().length).toBeLessThan(SHORT_LINK);
  expect(playground.urlParams().has('directive')).toBe(false);
  // The field names itself, its length and the bound; nothing blames a transcript.
  await expect(playground.error('directive')).toHaveText('directive is 204,800 characters; Fork Lab takes at most 100,000.');
  await expect(page.getByTestId('count-directive')).toHaveText('204,800 / 100,000 characters');
  await expect(playground.field('directive')).toHaveAttribute('aria-invalid', 'true');
  await expect(playground.launchButton).toBeDisabled();
  await expect(page.getByText(/transcript/i).and(page.getByRole('alert'))).toHaveCount(0);

  // What was typed is kept; the page opens again on reload, and opening / does not write it back.
  await playground.waitForSaved();
  const reloaded = await page.reload();
  expect(reloaded?.status()).toBe(200);
  await playground.waitForPlan();
  await expect(playground.field('directive')).toHaveValue(directive);
  expect(page.url().length).toBeLessThan(SHORT_LINK);
  const opened = await page.goto('/');
  expect(opened?.status()).toBe(200);
  await playground.waitForPlan();
  expect(page.url().length).toBeLessThan(SHORT_LINK);

  // Cut to the bound, it plans and launches again.
  await playground.field('directive').fill(directive.slice(0, 100_000));
  await playground.waitForPlan();
  await expect(playground.error('directive')).toHaveCount(0);
  await expect(page.getByTestId('count-directive')).toHaveText('100,000 / 100,000 characters');
  await expect(playground.launchButton).toBeEnabled();
});

test('a directive under the bound but past the old body limit in bytes plans: a preview names its parent by key', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'startup-block' });
  // 90,000 characters of three bytes each: 270 KB of UTF-8.
  await playground.field('directive').fill('漢'.repeat(90_000));
  await playground.waitForPlan();
  await expect(page.getByTestId('preview-error')).toHaveCount(0);
  await expect(playground.launchButton).toBeEnabled();
});
