import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

const OWN = `${__dirname}/../lib/import/fixtures/own`;
const claudeSession = readFileSync(`${OWN}/claude-code/streamed-tool-session.jsonl`, 'utf8');
const TITLE = 'Tidy the release notes';

test('an import stays in the picker after a switch and a reload, Back and Forward step between parents, and it can be removed and put back', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'startup-block' });
  await playground.dropFile('streamed-tool-session.jsonl', claudeSession);
  await playground.waitForImported(TITLE);
  const recent = playground.scenarioSelect.locator('optgroup[label="Recent imports"] option');
  await expect(recent).toHaveText([`${TITLE} · 8 messages`]);
  const importId = await recent.first().getAttribute('value');
  expect(importId).toMatch(/^import:/);
  await expect(playground.scenarioSelect).toHaveValue(importId!);
  await expect.poll(() => playground.urlParams().get('import')).toBe(importId!.slice('import:'.length));

  // A scenario in its place: the import is still offered, and Back goes back to it, not off the page.
  await playground.pickScenario('tool-only-turns');
  await expect(recent).toHaveText([`${TITLE} · 8 messages`]);
  await page.goBack();
  await expect(playground.scenarioTitle).toHaveText(TITLE);
  await playground.waitForPlan();
  await expect(playground.scenarioSelect).toHaveValue(importId!);
  await page.goForward();
  await expect(playground.scenarioSelect).toHaveValue('tool-only-turns');
  await playground.waitForPlan();

  // Stored: a reload keeps it in the picker, and picking it opens it as it was.
  await playground.waitForSaved();
  await page.reload();
  await playground.waitForPlan();
  await expect(recent).toHaveText([`${TITLE} · 8 messages`]);
  await playground.scenarioSelect.selectOption(importId!);
  await expect(playground.scenarioTitle).toHaveText(TITLE);
  await expect(playground.parentRows).toHaveCount(8);

  // Removed, it leaves the picker and the page shows a scenario; Undo puts it back whole.
  await page.getByTestId('remove-import').click();
  await expect(recent).toHaveCount(0);
  await expect(playground.scenarioSelect).not.toHaveValue(importId!);
  await page.getByTestId('remove-import-undo').click();
  await expect(recent).toHaveCount(1);
  await expect(playground.scenarioTitle).toHaveText(TITLE);
  await page.getByTestId('remove-import').click();
  await expect(recent).toHaveCount(0);
  await playground.waitForSaved();
  await page.reload();
  await playground.waitForPlan();
  await expect(recent).toHaveCount(0);
});

test('Back undoes a change of runtime and of window, one step each; a typed parameter is no step of its own', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'reminders-between-turns' });
  await expect(playground.field('fork_turns')).toHaveValue('2');
  await playground.setField('fork_turns', '1');
  await playground.setField('name', 'ally');
  await playground.setPolicy('kimi-fork');

  await page.goBack();
  await expect(playground.policySelect).toHaveValue('qwen-fork-turns');
  await playground.waitForPlan();
  await expect(playground.field('fork_turns')).toHaveValue('1');
  await expect(playground.field('name')).toHaveValue('ally');
  await page.goBack();
  await expect(playground.field('fork_turns')).toHaveValue('2');
  await playground.waitForPlan();
  // The link the page opened on was read in place: no step before it but the page that opened it.
  expect(await page.evaluate(() => window.history.length)).toBe(4);
  await page.goForward();
  await expect(playground.field('fork_turns')).toHaveValue('1');
  await playground.waitForPlan();
  // A new step after going back starts from there, and Back returns to where it started.
  await playground.setField('fork_turns', '3');
  await page.goBack();
  await expect(playground.field('fork_turns')).toHaveValue('1');
  await playground.waitForPlan();
});

test('a link to an import this browser does not hold says so, and shows a parent of its own', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open('v=2&import=00000000-0000-0000-0000-000000000000&policy=kimi-fork&fork=true');
  await expect(playground.scenarioMissing).toContainText('This link names an import this browser does not hold');
  // The link's controls were for the import: the parent shown in its place keeps its own.
  await expect(playground.policySelect).toHaveValue('qwen-fork-turns');
});
