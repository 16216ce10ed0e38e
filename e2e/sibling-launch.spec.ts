import { type ForkRequest, planFork } from '@/lib/fork';
import { FORK_PLACEHOLDER_RESULT } from '@/lib/fork/qwen/child-message';
import { previewText } from '@/lib/view/message-preview';
import { scenarioFile, withRedactedInputs } from './fixtures/scenario-files';
import { expect, test } from './fixtures/shared-page';

const DOCS_DIRECTIVE = 'Document parseDate’s accepted formats in README.md.';

test('the second of two sibling forks, launched by hand after the first finished, inherits the call message as it stood: both calls redacted', async ({
  shared: playground,
}) => {
  const scenario = scenarioFile('parallel-sibling-forks');
  const calls = scenario.transcript.messages.at(-1)!;
  const length = scenario.transcript.messages.length;
  await playground.freshScenario('parallel-sibling-forks', scenario.request);

  await test.step('the first sibling runs to its end and the parent hears of it', async () => {
    await playground.launch();
    await playground.waitForChildRun('finished');
    // The placeholder answering its call, then its task notification.
    await expect.poll(async () => (await playground.storedTranscript()).messages.length).toBe(length + 2);
  });

  await test.step('the second sibling is planned on the parent while the call message was the last one', async () => {
    const docs = { ...scenario.request, directive: DOCS_DIRECTIVE } as ForkRequest;
    await playground.setField('directive', DOCS_DIRECTIVE);
    const onSnapshot = planFork(scenario.transcript, docs).child!;
    await playground.launch();
    const inherited = [...onSnapshot.initialMessages, onSnapshot.firstPrompt];
    expect(await playground.childInheritedTexts()).toEqual(inherited.map((message) => previewText(message.message)));
    // Qwen's fork: the message with every call's input `{}`, each call answered by the placeholder.
    const copy = onSnapshot.initialMessages.findIndex((message) => message.source.kind === 'copy' && message.source.parentIndexes.includes(length - 1));
    expect(onSnapshot.initialMessages[copy]!.message).toEqual(withRedactedInputs(calls.message));
    expect(onSnapshot.initialMessages[copy + 1]!.message).toEqual({
      role: 'tool',
      content: ['agent-tests', 'agent-docs'].map((toolCallId) => ({
        type: 'tool-result',
        toolCallId,
        toolName: 'agent',
        output: { type: 'text', value: FORK_PLACEHOLDER_RESULT },
      })),
    });
    // Its own call, not its sibling's, is the one its launch answered, beside the sibling's placeholder.
    const parent = await playground.storedTranscript();
    // (The second sibling's own notification may follow: the offline model answers at once.)
    expect(parent.messages.map((entry) => entry.message.role).slice(length, length + 3)).toEqual(['tool', 'tool', 'user']);
    expect(parent.messages[length + 1]!.message).toEqual({
      role: 'tool',
      content: [{ type: 'tool-result', toolCallId: 'agent-docs', toolName: 'agent', output: { type: 'text', value: FORK_PLACEHOLDER_RESULT } }],
    });
  });
});
