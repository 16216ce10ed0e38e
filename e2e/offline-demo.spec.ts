import { expect, type Page, test } from '@playwright/test';

/**
 * The demo the offline model exists for: a fact given three turns before the fork reaches a child
 * forked with `all`, and not one forked with `fork_turns: "1"` — told by talking to the parent,
 * whose model starts the forks itself through its Agent tool.
 */
async function say(page: Page, text: string) {
  const before = await page.getByTestId('scenario-title').textContent();
  await page.getByTestId('parent-prompt').fill(text);
  await page.getByTestId('parent-send').click();
  await expect(page.getByTestId('parent-send')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('scenario-title')).not.toHaveText(before ?? '');
}

test('a child forked with fork_turns "1" cannot tell a fact from three turns back; one forked with "all" can', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/?scenario=trailing-unanswered-user');
  await expect(page.locator('[data-testid="playground"][data-ready="true"]')).toBeVisible();
  // The scenario's own Agent call is in flight: launch it first, so the parent can talk again.
  await page.getByTestId('launch').click();
  await expect(page.getByTestId('fork-tree-child')).toHaveCount(1);
  await expect(page.getByTestId('fork-tree-status').first()).toHaveText('finished', { timeout: 15_000 });

  await say(page, 'The staging database password is heron-7731.');
  await say(page, 'Look at src/date.ts please.');
  await say(page, 'Thanks, that is all for now.');
  const children = page.getByTestId('fork-tree-child');
  const statuses = page.getByTestId('fork-tree-status');
  // fork_turns "1" first: once a child's result reaches the parent (as a notification, a user-role
  // reminder that curation merges into the next prompt), a later window would carry it.
  await say(page, 'Call agent with description=Recall subagent_type=fork fork_turns=1 prompt: "What is the staging database password?"');
  await expect(children).toHaveCount(2);
  await expect(statuses.nth(1)).toHaveText('finished', { timeout: 15_000 });
  await say(page, 'Call agent with description=Recall subagent_type=fork fork_turns=all prompt: "What is the staging database password?"');
  await expect(children).toHaveCount(3);
  await expect(statuses.nth(2)).toHaveText('finished', { timeout: 15_000 });

  await children.nth(1).click();
  await expect(page.getByTestId('run-output')).toContainText('Nothing in my context mentions “staging database password”.');
  await children.nth(2).click();
  await expect(page.getByTestId('run-output')).toContainText(
    /From my context \(the user message at position \d+ of \d+\): “The staging database password is heron-7731\.”/,
  );
});
