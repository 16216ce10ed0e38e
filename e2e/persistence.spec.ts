import { expect, test } from '@playwright/test';
import { scenarioFile } from './fixtures/scenario-files';
import { expectExactText, PlaygroundPage } from './pages/playground-page';

test.describe.configure({ mode: 'parallel' });

async function expectSaved(playground: PlaygroundPage): Promise<void> {
  await expect(playground.saveStatus).toHaveAttribute('data-status', 'saved');
  await expect(playground.saveStatus).toHaveText('Saved in this browser');
}

test('sessions, children, the open child, selections and revisions come back after a reload; reset forgets them', async ({ page }) => {
  // Three reloads, two resets and seven scenario picks: beside another worker in CI it took 28–32 s,
  // running out of the default 30 s while a pick was still planning.
  test.setTimeout(60_000);
  const playground = new PlaygroundPage(page);
  const compaction = scenarioFile('compaction-summary');

  // A second session, with its own selection.
  await playground.open({ scenario: 'tool-only-turns' });
  await playground.setField('fork_turns', 'all');

  // The session we leave active: a child, then edits to the parent.
  await playground.pickScenario('compaction-summary');
  await playground.setField('fork_turns', '1');
  await playground.setField('directive', 'Persisted directive');
  const child = await playground.launch();
  const childId = await child.getAttribute('data-child-id');
  expect(childId).toMatch(/^child-/);
  // The child runs at once; its launch and its result each answer the parent (two revisions).
  await playground.waitForChildRun('finished');
  await expect(child).toHaveText('#1 Persisted directive · fork_turns 1 finishedQwen Code · fork_turns · 5 inherited · from revision 0');
  const forkHash = await playground.childField('hash-parent-at-fork').textContent();
  const inheritedHash = await playground.childField('hash-inherited-at-launch').textContent();
  const output = await playground.childField('run-output').locator('pre').textContent();

  await playground.appendMessage('user', 'The parent goes on without the child.');
  await playground.editMessage(7, 'Now make parseDate reject "2026-13-01" and "2026-00-10".');
  await expect(playground.scenarioTitle).toHaveText('Compaction summary with attachment · edited (4)');
  await expectSaved(playground);
  const stored = await playground.storedWorkspace();

  // Reload without any query: everything comes from the browser's storage.
  await playground.open();
  await expect(playground.scenarioSelect).toHaveValue('compaction-summary');
  await expect(playground.scenarioTitle).toHaveText('Compaction summary with attachment · edited (4)');
  await expect(playground.forkTree).toContainText('Compaction summary with attachment (parent · revision 4)');
  await expect(playground.field('fork_turns')).toHaveValue('1');
  await expect(playground.field('directive')).toHaveValue('Persisted directive');
  await expect(playground.parentRows).toHaveCount(14);
  await expectExactText(playground.row(13).getByTestId('row-text'), 'The parent goes on without the child.');
  // The child's Qwen task notification: a user turn of its own, as Qwen counts it.
  await expect(playground.row(12)).toHaveAttribute('data-kind', 'real-user-turn');
  await expect(playground.row(12).getByTestId('row-text')).toContainText('<status>completed</status>');
  // What was read back is what was written: the whole workspace, byte for byte.
  await expectSaved(playground);
  expect(await playground.storedWorkspace()).toEqual(stored);
  await expectExactText(playground.row(7).getByTestId('row-text'), 'Now make parseDate reject "2026-13-01" and "2026-00-10".');
  await expect(playground.row(0)).toHaveAttribute('data-id', compaction.transcript.messages[0]!.id);
  expect(Object.fromEntries(playground.urlParams())).toEqual({
    v: '2',
    scenario: 'compaction-summary',
    policy: 'qwen-fork-turns',
    fork_turns: '1',
    subagent_type: 'fork',
    fork_tools: '',
    fork_profile: '',
    name: '',
    runtime_version: '0.24',
  });
  // The directive is the workspace's, never the link's.
  await expect(playground.field('directive')).toHaveValue('Persisted directive');

  // The child, still open, exactly as launched.
  await expect(playground.forkTreeChildren).toHaveCount(1);
  await expect(playground.forkTreeChildren.first()).toHaveAttribute('data-child-id', childId!);
  await expect(playground.forkTreeChildren.first()).toHaveAttribute('aria-current', 'true');
  await expect(playground.childPanel).toHaveAttribute('data-child-id', childId!);
  await expect(playground.childField('hash-parent-at-fork')).toHaveText(forkHash!);
  await expect(playground.childField('hash-inherited-at-launch')).toHaveText(inheritedHash!);
  await expect(playground.childField('parent-changed')).toHaveText('edited since the fork');
  await expect(playground.childField('inherited-intact')).toHaveText('intact');
  await expect(playground.childField('run-status')).toHaveText('finished');
  await expect(playground.childField('run-output').locator('pre')).toHaveText(output!);
  await expect(playground.childField('child-own-message')).toHaveCount(1);

  // The other session kept its own selection.
  await playground.pickScenario('tool-only-turns');
  await expect(playground.field('fork_turns')).toHaveValue('all');
  await expect(playground.forkTreeChildren).toHaveCount(0);
  await expect(playground.childPanel).toHaveCount(0);
  await playground.pickScenario('compaction-summary');
  await expect(playground.forkTreeChildren).toHaveCount(1);
  await expectSaved(playground);

  // Reset asks first, saying what it forgets; Cancel keeps everything.
  await page.getByTestId('reset-workspace').click();
  const sessions = Object.keys((await playground.storedWorkspace())!.sessions).length;
  await expect(page.getByTestId('reset-dialog')).toContainText(`This forgets ${sessions} sessions and 1 child saved in this browser`);
  await page.getByTestId('reset-cancel').click();
  await expect(page.getByTestId('reset-dialog')).not.toBeVisible();
  await expect(playground.forkTreeChildren).toHaveCount(1);

  // Confirmed, it forgets every session, in memory and in storage; Undo brings them back.
  await page.getByTestId('reset-workspace').click();
  await page.getByTestId('reset-confirm').click();
  await expect(playground.scenarioSelect).toHaveValue('startup-block');
  await expect(playground.forkTreeChildren).toHaveCount(0);
  await page.getByTestId('reset-undo').click();
  await expect(playground.scenarioSelect).toHaveValue('compaction-summary');
  await expect(playground.forkTreeChildren).toHaveCount(1);
  await expectSaved(playground);

  await page.getByTestId('reset-workspace').click();
  await page.getByTestId('reset-confirm').click();
  await expect(playground.scenarioSelect).toHaveValue('startup-block');
  await playground.waitForPlan();
  await expect(playground.forkTreeChildren).toHaveCount(0);
  await expect(playground.childPanel).toHaveCount(0);
  await expect(playground.scenarioTitle).toHaveText('Startup block');
  await expectSaved(playground);

  await playground.open();
  await expect(playground.scenarioSelect).toHaveValue('startup-block');
  await expect(playground.forkTreeChildren).toHaveCount(0);
  await playground.pickScenario('compaction-summary');
  await expect(playground.scenarioTitle).toHaveText('Compaction summary with attachment');
  await expect(playground.forkTree).toContainText('(parent · revision 0)');
  await expect(playground.rows).toHaveCount(11);
  await expect(playground.field('fork_turns')).toHaveValue('2');
  await expect(playground.field('directive')).toHaveValue(compaction.request.directive);
  await expect(playground.forkTreeChildren).toHaveCount(0);
  await playground.pickScenario('tool-only-turns');
  await expect(playground.field('fork_turns')).toHaveValue('1');
});

test('restarting a scenario puts back its transcript and request and drops its children, and that is saved too', async ({ page }) => {
  const playground = new PlaygroundPage(page);
  await playground.open({ scenario: 'startup-block' });
  await playground.launch();
  await playground.waitForChildRun('finished');
  await playground.deleteMessage(1);
  await playground.setField('fork_turns', '2');
  // 11 rows, 2 answers from the child's run, 1 deleted.
  await expect(playground.parentRows).toHaveCount(12);
  await expect(playground.scenarioTitle).toHaveText('Startup block · edited (3)');
  // Its Agent call was answered at launch: the preview plans with the call a new launch would write.
  await expect(playground.pendingRow).toHaveCount(1);
  await expect(playground.pendingRow.getByTestId('pending-call')).toBeVisible();

  await page.getByTestId('restart-session').click();
  await expect(playground.scenarioTitle).toHaveText('Startup block');
  await expect(playground.field('fork_turns')).toHaveValue('1');
  await playground.waitForPlan();
  await expect(playground.rows).toHaveCount(11);
  await expect(playground.pendingRow).toHaveCount(0);
  await expect(playground.row(1)).toHaveAttribute('data-id', 'u1');
  await expect(playground.forkTreeChildren).toHaveCount(0);
  await expect(playground.childPanel).toHaveCount(0);
  await expectSaved(playground);

  await page.reload();
  await playground.waitForPlan();
  await expect(playground.scenarioTitle).toHaveText('Startup block');
  await expect(playground.rows).toHaveCount(11);
  await expect(playground.forkTreeChildren).toHaveCount(0);
});
