import { withAgentCall } from '@/lib/agent-call/agent-call';
import { type ForkRequest, type ParentTranscript, planFork } from '@/lib/fork';
import { FORK_PLACEHOLDER_RESULT } from '@/lib/fork/qwen/child-message';
import { qwenTaskNotification } from '@/lib/fork/qwen/task-notification';
import { contentHash, shortHash } from '@/lib/json/content-hash';
import { previewText } from '@/lib/view/message-preview';
import { scenarioFile } from './fixtures/scenario-files';
import { expect, test } from './fixtures/shared-page';
import { expectExactText } from './pages/playground-page';

const hashOf = async (value: unknown) => shortHash(await contentHash(JSON.parse(JSON.stringify(value))));

test('a launched child keeps exactly what it inherited while the parent is answered, edited, appended to and cut', async ({ shared: playground }) => {
  const page = playground.page;
  const scenario = scenarioFile('startup-block');
  const launchedRequest = { ...scenario.request, params: { ...scenario.request.params, fork_turns: '2' } } as ForkRequest;
  const atFork = planFork(scenario.transcript, launchedRequest);
  // What the controls ask for now: the window the preview plans, which a step below widens.
  let request = launchedRequest;
  const inheritedAtFork = [...atFork.child!.initialMessages, atFork.child!.firstPrompt];
  const inheritedTexts = inheritedAtFork.map((message) => previewText(message.message));
  const parentHash = await hashOf(scenario.transcript);
  const inheritedHash = await hashOf(inheritedAtFork);

  await playground.freshScenario('startup-block', scenario.request);
  await playground.setField('fork_turns', '2');
  // The page holds the scenario's transcript exactly.
  expect(await playground.storedTranscript()).toEqual(scenario.transcript);

  const child = await playground.launch();
  const childId = (await child.getAttribute('data-child-id'))!;
  // At launch: the hashes are those of the parent and of the plan the engine makes for it.
  await expect(playground.childField('hash-parent-at-fork')).toHaveText(parentHash);
  await expect(playground.childField('hash-inherited-at-launch')).toHaveText(inheritedHash);
  await expect(playground.childField('hash-inherited-now')).toHaveText(inheritedHash);
  await expect(playground.childField('inherited-intact')).toHaveText('intact');
  await expect(playground.childField('child-inherited').locator('summary')).toHaveText('Inherited history · 10 messages (initial messages and first prompt)');
  expect(await playground.childInheritedTexts()).toEqual(inheritedTexts);

  /** After each parent change: the child is as it was, the parent is not, the preview follows the parent. */
  async function expectIsolated(revision: number, changed: string): Promise<ParentTranscript> {
    const parent = await playground.storedTranscript();
    await expect(playground.childPanel).toHaveAttribute('data-child-id', childId);
    await expect(playground.childField('parent-changed')).toHaveText(changed);
    await expect(playground.childField('hash-parent-now')).toHaveText(await hashOf(parent));
    await expect(playground.childField('hash-parent-at-fork')).toHaveText(parentHash);
    await expect(playground.childField('hash-inherited-now')).toHaveText(inheritedHash);
    await expect(playground.childField('hash-inherited-at-launch')).toHaveText(inheritedHash);
    await expect(playground.childField('inherited-intact')).toHaveText('intact');
    await expect(playground.childPanel).toContainText(`Parent now (revision ${revision})`);
    await expect(playground.childPanel).toContainText('Parent as forked (revision 0)');
    expect(await playground.childInheritedTexts()).toEqual(inheritedTexts);
    await expect(playground.forkTreeChildren.first()).toContainText('9 inherited · from revision 0');
    await expect(playground.forkTree).toContainText(`(parent · revision ${revision})`);

    // The preview plans on the parent as the fork would see it: with an Agent call written when none is in flight.
    const { transcript: planned, written } = withAgentCall(parent, request);
    const plan = planFork(planned, request);
    await expect(playground.rows).toHaveCount(planned.messages.length);
    await expect(playground.page.locator('[data-testid="timeline-row"][data-pending]')).toHaveCount(written === null ? 0 : 1);
    await expect(page.getByRole('heading', { level: 3, name: /^Initial messages/ })).toContainText(`Initial messages (${plan.child!.initialMessages.length})`);
    await playground.scrollPreview('start');
    const shown = await playground.renderedPreviewMessages();
    const expected = plan.child!.initialMessages.slice(0, shown.length);
    expect(shown.map((message) => (message.source === 'copy' ? `copy ${message.parentIndex}` : `synthetic ${message.rule}`))).toEqual(
      expected.map((message) => (message.source.kind === 'copy' ? `copy ${message.source.parentIndexes.join(',')}` : `synthetic ${message.source.rule}`)),
    );
    expect(shown.map((message) => message.text)).toEqual(expected.map((message) => previewText(message.message)));
    await expectExactText(playground.firstPrompt, previewText(plan.child!.firstPrompt.message));
    await expect(playground.row(plan.window!.start!).getByTestId('window-boundary')).toHaveText(`window starts here · ${plan.window!.description}`);
    return parent;
  }

  await test.step('the run answers the parent: the placeholder at once, the child’s output in Qwen’s task notification when it finishes', async () => {
    await playground.waitForChildRun('finished');
    const output = (await playground.childField('run-output').locator('pre').textContent())!;
    expect(output.length).toBeGreaterThan(0);
    await expect(playground.childField('child-own-message')).toHaveCount(1);
    await expectExactText(playground.childField('child-own-message').locator('pre'), output);
    await expect(playground.forkTreeChildren.first().getByTestId('fork-tree-status')).toHaveText('finished');
    // The runtime's own answers grew the parent; what was forked is as it was.
    const parent = await expectIsolated(2, 'unchanged up to the fork; 2 messages added since');
    expect(parent.messages.slice(0, 11)).toEqual(scenario.transcript.messages);
    expect(parent.messages.slice(11)).toEqual([
      {
        id: 'r12',
        message: {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'agent-1', toolName: 'agent', output: { type: 'text', value: FORK_PLACEHOLDER_RESULT } }],
        },
      },
      {
        id: 'n13',
        message: {
          role: 'user',
          content: [
            {
              type: 'text',
              text: qwenTaskNotification({ taskId: childId, toolUseId: 'agent-1', description: 'Fork', status: 'completed', result: output }),
            },
          ],
        },
      },
    ]);
    // Qwen counts any user text that is not a reminder as a real turn, its notifications too.
    await expect(playground.row(12)).toHaveAttribute('data-kind', 'real-user-turn');
  });

  await test.step('edit a message the child inherited', async () => {
    const text = 'EDITED after the fork: fix the month offset, and tell nobody.';
    // The child's task notification is a real user turn of its own (as Qwen counts it), so the window
    // that still holds row 5 now takes one turn more.
    request = { ...launchedRequest, params: { ...launchedRequest.params, fork_turns: '3' } } as ForkRequest;
    await playground.setField('fork_turns', '3');
    await playground.editMessage(5, text);
    // The edited prompt opens the window, sent with the startup block (row 0) as one message (Q10a).
    await expect(playground.previewMessages.filter({ hasText: 'EDITED after the fork' })).toHaveAttribute('data-parent-index', '0,5');
    const parent = await expectIsolated(3, 'edited since the fork');
    expect(parent.messages[5]).toEqual({ id: 'u2', message: { role: 'user', content: [{ type: 'text', text }] } });
  });

  await test.step('append to the parent', async () => {
    await playground.appendMessage('user', 'The parent carries on after the fork.');
    const parent = await expectIsolated(4, 'edited since the fork');
    expect(parent.messages.at(-1)).toEqual({ id: 'm14', message: { role: 'user', content: 'The parent carries on after the fork.' } });
    await expect(playground.row(13)).toHaveAttribute('data-id', 'm14');
  });

  await test.step('delete a message from the parent', async () => {
    await playground.deleteMessage(1);
    const parent = await expectIsolated(5, 'edited since the fork');
    expect(parent.messages.map((entry) => entry.id)).not.toContain('u1');
    await expect(playground.row(1)).toHaveAttribute('data-id', 'c1');
  });

  await test.step('a child launched now inherits the edited parent; the first one still does not', async () => {
    const parent = await playground.storedTranscript();
    // The parent's Agent call was answered at the first launch, so this launch writes a new one.
    const { transcript: asForked, written } = withAgentCall(parent, request);
    expect(written).not.toBeNull();
    const plan = planFork(asForked, request);
    const second = await playground.launch();
    await expect(second).toContainText(`${plan.child!.initialMessages.length} inherited · from revision 6`);
    expect(await playground.childInheritedTexts()).toEqual(
      [...plan.child!.initialMessages, plan.child!.firstPrompt].map((message) => previewText(message.message)),
    );
    await expect(playground.childField('hash-parent-at-fork')).toHaveText(await hashOf(asForked));
    const launched = await playground.storedTranscript();
    expect(launched.messages.slice(0, asForked.messages.length)).toEqual(asForked.messages);
    await playground.waitForChildRun('finished');
    await playground.forkTreeChildren.first().click();
    await expect(playground.childPanel).toHaveAttribute('data-child-id', childId);
    expect(await playground.childInheritedTexts()).toEqual(inheritedTexts);
    await expect(playground.childField('hash-inherited-now')).toHaveText(inheritedHash);
    await expect(playground.childField('inherited-intact')).toHaveText('intact');
  });

  await test.step('close and remove', async () => {
    await playground.childField('close-child').click();
    await expect(playground.childPanel).toHaveCount(0);
    await playground.forkTreeChildren.first().click();
    await playground.childField('remove-child').click();
    await playground.childField('confirm-remove-child').click();
    await expect(playground.childPanel).toHaveCount(0);
    await expect(playground.forkTreeChildren).toHaveCount(1);
    await expect(playground.forkTreeChildren.first()).toContainText('from revision 6');
  });
});

test('an open message editor stays with its message, and does not follow the person to another scenario', async ({ shared: playground }) => {
  const page = playground.page;
  await playground.freshScenario('startup-block', scenarioFile('startup-block').request);
  const editors = page.getByTestId('message-editor');

  // Start editing u2 (row 5), then delete a row above it: the draft moves with u2 to row 4.
  const row = await playground.revealRow(5);
  await row.hover();
  await row.getByTestId('edit-message').click();
  await row.getByTestId('message-editor').fill('A draft nobody saved yet.');
  await playground.deleteMessage(1);
  await expect(editors).toHaveCount(1);
  await expect(playground.row(4)).toHaveAttribute('data-id', 'u2');
  await expect(playground.row(4).getByTestId('message-editor')).toHaveValue('A draft nobody saved yet.');
  await playground.row(4).getByTestId('save-message').click();
  await playground.waitForPlan();
  await expect(editors).toHaveCount(0);
  const parent = await playground.storedTranscript();
  expect(parent.messages[4]).toEqual({ id: 'u2', message: { role: 'user', content: [{ type: 'text', text: 'A draft nobody saved yet.' }] } });
  expect(parent.messages[5]!.id).toBe('c2');

  // An editor left open does not reappear on another scenario's rows.
  const other = await playground.revealRow(2);
  await other.hover();
  await other.getByTestId('edit-message').click();
  await expect(editors).toHaveCount(1);
  await playground.pickScenario('tool-only-turns');
  await expect(editors).toHaveCount(0);
  await playground.pickScenario('startup-block');
  await expect(editors).toHaveCount(0);
});
