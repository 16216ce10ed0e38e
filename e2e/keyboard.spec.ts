import { expect, test } from '@playwright/test';
import { childName } from '@/lib/view/child-name';
import { scenarioFile } from './fixtures/scenario-files';
import { PlaygroundPage } from './pages/playground-page';

test.describe.configure({ mode: 'parallel' });

// Startup block: real user turns at rows 1 (-3), 5 (-2) and 9 (-1); its request is fork_turns "1".
const BOUNDARY = {
  '1': { row: 9, text: 'window starts here · fork_turns "1": the last 1 real user turn' },
  '2': { row: 5, text: 'window starts here · fork_turns "2": the last 2 real user turns' },
  '3': { row: 1, text: 'window starts here · fork_turns "3": the last 3 real user turns' },
  all: { row: 0, text: 'window starts here · fork_turns "all": the whole curated history' },
} as const;

/** fork_turns is `value` in the field, the URL and the window drawn on the timeline. */
async function expectWindow(playground: PlaygroundPage, value: keyof typeof BOUNDARY): Promise<void> {
  await expect(playground.field('fork_turns')).toHaveValue(value);
  await playground.waitForPlan();
  const boundary = BOUNDARY[value];
  await expect(playground.windowBoundary).toHaveCount(1);
  await expect(playground.row(boundary.row).getByTestId('window-boundary')).toHaveText(boundary.text);
  await expect(playground.page).toHaveURL(new RegExp(`[?&]fork_turns=${value}(&|$)`));
}

async function expectCursor(playground: PlaygroundPage, row: number | null): Promise<void> {
  const current = playground.page.locator('[data-testid="timeline-row"][aria-current="step"]');
  if (row === null) await expect(current).toHaveCount(0);
  else await expect(current).toHaveAttribute('data-index', String(row));
}

test('j and k walk the real user turns and start the window there; [ ] and a change fork_turns', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'startup-block' });
  await expectWindow(playground, '1');
  await expectCursor(playground, null);

  await test.step('k goes back a turn at a time, and stops at the first', async () => {
    await playground.pressShortcut('k');
    await expectWindow(playground, '2');
    await expectCursor(playground, 5);
    await playground.pressShortcut('k');
    await expectWindow(playground, '3');
    await expectCursor(playground, 1);
    await playground.pressShortcut('k');
    await expectWindow(playground, '3');
    await expectCursor(playground, 1);
  });

  await test.step('j goes forward, and stops at the last', async () => {
    await playground.pressShortcut('j');
    await expectWindow(playground, '2');
    await expectCursor(playground, 5);
    await playground.pressShortcut('j');
    await expectWindow(playground, '1');
    await expectCursor(playground, 9);
    await playground.pressShortcut('j');
    await expectWindow(playground, '1');
    await expectCursor(playground, 9);
  });

  await test.step('[ never goes below one turn; ] counts up to every turn, then all', async () => {
    await playground.pressShortcut('[');
    await expectWindow(playground, '1');
    await expectCursor(playground, null);
    await playground.pressShortcut(']');
    await expectWindow(playground, '2');
    await playground.pressShortcut(']');
    await expectWindow(playground, '3');
    await playground.pressShortcut(']');
    await expectWindow(playground, 'all');
    await expect(playground.summary).toHaveText('3 real turns · 3 tool pairs · 0 reminders · 3 synthetic messages');
    await playground.pressShortcut(']');
    await expectWindow(playground, 'all');
    await playground.pressShortcut('[');
    await expectWindow(playground, '2');
  });

  await test.step('a selects all', async () => {
    await playground.pressShortcut('a');
    await expectWindow(playground, 'all');
    await playground.pressShortcut('[');
    await expectWindow(playground, '2');
  });

  await test.step('the turn badge starts the window at that turn', async () => {
    const badge = playground.row(1).getByTestId('kind-badge');
    await expect(badge).toHaveAccessibleName('Start the fork window at user turn -3');
    await badge.click();
    await expectWindow(playground, '3');
    await expectCursor(playground, 1);
    await playground.row(9).getByTestId('kind-badge').click();
    await expectWindow(playground, '1');
    await expectCursor(playground, 9);
  });

  await test.step('while typing in a field the keys are text, not shortcuts', async () => {
    const directive = playground.field('directive');
    const before = await directive.inputValue();
    await directive.focus();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' a]k[j');
    await expect(directive).toHaveValue(`${before} a]k[j`);
    await expectWindow(playground, '1');
    await playground.field('fork_turns').focus();
    await page.keyboard.press('End');
    await page.keyboard.type('[');
    await expect(playground.field('fork_turns')).toHaveValue('1[');
    await expect(playground.error('fork_turns')).toHaveText('Parameter "fork_turns" must be "all" or a positive integer string such as "3".');
    await expect(playground.explanation('fork_turns')).toContainText('Got "1[".');
  });
});

test('under Kimi j/k only move the cursor and [ ] a change nothing; Enter launches a child, not while rejected', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'startup-block' });

  await test.step('under Kimi, j/k move the cursor only; [ ] a are ignored', async () => {
    await playground.setPolicy('kimi-fork');
    await expect(playground.row(0).getByTestId('window-boundary')).toHaveText('window starts here · fork: true — the whole history, 1 open call closed');
    await playground.waitForPlan();
    const before = page.url();
    await playground.pressShortcut('k');
    await expectCursor(playground, 5);
    await playground.pressShortcut('k');
    await expectCursor(playground, 1);
    await playground.pressShortcut('j');
    await expectCursor(playground, 5);
    for (const key of ['[', ']', 'a']) await playground.pressShortcut(key);
    await playground.waitForPlan();
    expect(page.url()).toBe(before);
    // The badge is no button here: Kimi has no per-turn window.
    expect(
      await playground
        .row(1)
        .getByTestId('kind-badge')
        .evaluate((element) => element.tagName),
    ).toBe('SPAN');
  });

  await test.step('Enter launches the fork the controls describe', async () => {
    await expect(playground.forkTreeChildren).toHaveCount(0);
    await playground.pressShortcut('Enter');
    await expect(playground.forkTreeChildren).toHaveCount(1);
    await playground.waitForChildRun('finished');
    const child = playground.forkTreeChildren.first();
    // Named by its task: Kimi's call has no name of its own for a child.
    const name = childName({ policy: 'kimi-fork', directive: scenarioFile('startup-block').request.directive, params: { description: 'Fork', fork: true } }, 1);
    await expect(child).toHaveText(`${name} finishedKimi Code · fork: true · 13 inherited · from revision 0`);
    await expect(child).toHaveAttribute('aria-current', 'true');
    await expect(playground.childPanel.getByRole('heading', { level: 2 })).toHaveText(name);
    await expect(playground.childField('child-request-summary')).toContainText(
      `Kimi Code fork: true · { description: "Fork", fork: true } · directive: “${scenarioFile('startup-block').request.directive}” · launched `,
    );
  });

  await test.step('Enter does nothing while the runtime rejects the call', async () => {
    await playground.setPolicy('qwen-fork-turns');
    await playground.setField('fork_turns', '0');
    await expect(playground.launchButton).toBeDisabled();
    await playground.pressShortcut('Enter');
    await playground.setField('fork_turns', '1');
    await expect(playground.forkTreeChildren).toHaveCount(1);
  });

  await test.step('Enter launches again once the call is valid', async () => {
    await expect(playground.launchButton).toBeEnabled();
    await playground.pressShortcut('Enter');
    await expect(playground.forkTreeChildren).toHaveCount(2);
    const second = playground.forkTreeChildren.nth(1);
    await expect(second).toContainText(' · fork_turns 1');
    await expect(second).toContainText('#2 ');
    await expect(second).toContainText('Qwen Code · fork_turns · ');
    await expect(playground.childPanel).toHaveAttribute('data-child-id', (await second.getAttribute('data-child-id'))!);
  });
});
