import { expect, test } from '@playwright/test';
import { HomePage } from './pages/home-page';

test('the home page shows a scenario timeline with the engine’s plan for it', async ({ page }) => {
  const home = new HomePage(page);
  await home.open();
  await expect(page).toHaveTitle('Fork Lab');
  await expect(page.getByRole('heading', { level: 1, name: 'Fork Lab' })).toBeVisible();
  await expect(home.scenarioTitle).toHaveText('Startup block');

  // Timeline: every parent message, with its kind and what the fork does to it.
  await expect(home.timelineRows).toHaveCount(11);
  await expect(home.row(0)).toHaveAttribute('data-kind', 'startup-context');
  await expect(home.row(0)).toHaveAttribute('data-reason', 'startup-prefix-kept');
  await expect(home.row(1).getByTestId('kind-badge')).toHaveText('user turn -3');
  await expect(home.row(1)).toHaveAttribute('data-status', 'excluded');
  await expect(home.row(9)).toHaveAttribute('data-status', 'inherited');
  await expect(home.row(10)).toHaveAttribute('data-reason', 'tool-call-input-redacted');
  await expect(home.row(9).getByTestId('window-boundary')).toBeVisible();
  await expect(home.windowBoundary).toHaveCount(1);

  // Plan: the startup copy, the latest turn, the redacted call and the three synthetic messages.
  await expect(home.previewMessages).toHaveCount(6);
  await expect(home.previewMessages.nth(2)).toContainText('agent({})');
  await expect(home.previewMessages.nth(3)).toContainText('Fork started — processing in background');
  await expect(home.previewMessages.nth(5)).toContainText('Understood. Executing directive now.');
  await expect(home.firstPrompt).toHaveText('Begin.');
});

test('another scenario is one link away, and an unknown one says so', async ({ page }) => {
  const home = new HomePage(page);
  await home.open();
  await page.getByRole('link', { name: 'First-turn fork' }).click();
  await expect(home.scenarioTitle).toHaveText('First-turn fork');
  await expect(home.previewMessages).toHaveCount(0);
  await expect(page.getByTestId('window-summary')).toContainText('no completed turn yet');

  await home.open('no-such-scenario');
  await expect(page.getByTestId('scenario-missing')).toHaveText('There is no scenario called “no-such-scenario”; showing “Startup block”.');
});
