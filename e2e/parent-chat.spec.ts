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

test('the chat’s example is a call the selected runtime and release take, and Fork from chat asks for the fork the controls say', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open();
  await page.getByTestId('parent-blocked-delete').click();
  await page.getByTestId('confirm-parent-blocked-delete').click();
  const prompt = page.getByTestId('parent-prompt');
  // Qwen 0.24 requires a description: the example gives one.
  await expect(prompt).toHaveAttribute(
    'placeholder',
    'e.g. Use read_file on src/date.ts — or: Call agent with subagent_type=fork fork_turns=all description=Fork prompt=…',
  );
  const example = (await prompt.getAttribute('placeholder'))!.split(' — or: ')[1]!;
  await prompt.fill(example);
  await page.getByTestId('parent-send').click();
  await expect(playground.forkTreeChildren).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId('parent-error')).toHaveCount(0);

  // Fork from chat: the parent model calls its Agent tool with the controls' own values and directive.
  await playground.setField('directive', 'Say when the “train” leaves.');
  await playground.setField('description', 'Train check');
  await expect(page.getByTestId('fork-from-chat')).toBeEnabled();
  await page.getByTestId('fork-from-chat').click();
  await expect(playground.forkTreeChildren).toHaveCount(2, { timeout: 15_000 });
  await expect(playground.forkTreeChildren.nth(1)).toContainText('Train check');
  await expect(page.getByTestId('parent-error')).toHaveCount(0);
  // Controls that make no call offer no fork from chat.
  await playground.field('directive').fill('d'.repeat(100_001));
  await expect(page.getByTestId('fork-from-chat')).toBeDisabled();
});
