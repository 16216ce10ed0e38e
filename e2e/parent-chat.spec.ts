import { expect, test } from '@playwright/test';
import { PlaygroundPage } from './pages/playground-page';

test.describe.configure({ mode: 'parallel' });

test('the chat says before sending why the parent cannot take a turn, offers the fix, and keeps what was typed', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  // The default scenario ends in the parent's own Agent call, not yet answered.
  await playground.open();
  const prompt = page.getByTestId('parent-prompt');
  const send = page.getByTestId('parent-send');
  const blocked = page.getByTestId('parent-blocked');
  await expect(blocked).toContainText(
    'The parent has an unanswered tool call (#10 agent). Launch the fork it asks for, or delete or answer it, before talking to the parent.',
  );
  await prompt.fill('What did we decide about the month offset?');
  await expect(send).toBeDisabled();

  // The fix is beside the reason: launching the fork answers the call.
  await page.getByTestId('parent-blocked-launch').click();
  await expect(playground.forkTreeChildren).toHaveCount(1);
  await expect(blocked).toHaveCount(0);
  await expect(prompt).toHaveValue('What did we decide about the month offset?');
  await expect(send).toBeEnabled();

  // The exchange shows in the chat, the prompt leaves the box once the parent took it.
  await send.click();
  const lines = page.getByTestId('parent-chat-line');
  const asked = lines.filter({ hasText: 'What did we decide about the month offset?' });
  await expect(asked).toHaveAttribute('data-role', 'user');
  // The parent's answer follows it (the child's notification, news from the runtime, may come after).
  await expect(page.locator('[data-testid="parent-chat-line"][data-role="user"]:has-text("month offset?") + [data-role="assistant"]')).toHaveCount(1, {
    timeout: 15_000,
  });
  await expect(lines.filter({ hasText: '<task-notification>' })).toHaveAttribute('data-role', 'notification');
  await expect(prompt).toHaveValue('');
  await expect(page.getByTestId('parent-error')).toHaveCount(0);
});

test('a call that is no fork can be deleted from the chat, and the child is named by its task', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await page.getByTestId('parent-blocked-delete').click();
  await page.getByTestId('confirm-parent-blocked-delete').click();
  await expect(page.getByTestId('parent-blocked')).toHaveCount(0);
  await page.getByTestId('parent-prompt').fill('Call agent with description="Month check" subagent_type=fork prompt: "Check the month offset"');
  await page.getByTestId('parent-send').click();
  await expect(playground.forkTreeChildren).toHaveCount(1, { timeout: 15_000 });
  await expect(playground.forkTreeChildren.first()).toContainText('Month check');
});
