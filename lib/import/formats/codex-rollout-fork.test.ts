import { describe, expect, it } from 'vitest';
import { classifyMessages, planFork } from '@/lib/fork';
import { importTranscript } from '../import-transcript';
import { ownFixture } from '../testing/own-fixtures';

/**
 * A `codex exec` rollout in Codex 0.144's shape: a developer message of three parts, a context
 * message holding `<recommended_plugins>` beside `<environment_context>`, one prompt, a shell call,
 * and a final answer with its phase. Imported, it must reach the Codex runtime as Codex itself
 * would read it.
 */
const file = ownFixture('codex/exec-final-answer.jsonl');

describe('a Codex exec rollout, forked by Codex’s rules', () => {
  it('keeps the developer message, the context block as context, and the final answer’s phase', async () => {
    const { transcript } = await importTranscript(file);
    const messages = transcript.messages;
    expect(messages.map((entry) => entry.message.role)).toEqual(['system', 'user', 'user', 'assistant', 'tool', 'assistant']);
    expect((messages[0]!.message.content as string).startsWith('<permissions instructions>')).toBe(true);
    // One part is a whole <environment_context> block, so Codex reads the message as context.
    expect(messages[1]!.meta?.origin).toMatchObject({ meta: true, note: 'startup context' });
    expect(classifyMessages(messages)[1]!.kind).not.toBe('real-user-turn');
    expect(messages[5]!.message.content).toEqual([{ type: 'text', text: 'The port is `8443`.', providerOptions: { openai: { phase: 'final_answer' } } }]);
  });

  it('forks messages and the final answer, never the call or its output', async () => {
    const { transcript } = await importTranscript(file);
    // Codex as read in codex-rs filters what it forks; a release that forks every item as it is would keep all six.
    const all = planFork(transcript, { policy: 'codex-spawn-agent', directive: 'Which port?', params: { task_name: 'check' }, runtimeVersion: 'codex-rs' });
    expect(all.parent.map((range) => `${range.start}-${range.end} ${range.reason}`)).toEqual([
      '0-3 in-window',
      '3-4 not-a-final-answer',
      '4-5 tool-item-dropped',
      '5-6 in-window',
    ]);
    expect(all.warnings).toEqual([]);
    const last = planFork(transcript, {
      policy: 'codex-spawn-agent',
      directive: 'Which port?',
      params: { task_name: 'check', fork_turns: '1' },
      runtimeVersion: 'codex-rs',
    });
    // The context message is no turn: the one turn starts at the prompt, and what comes before it is not forked.
    expect(last.window).toMatchObject({ start: 2, realTurns: 1 });
    expect(last.child!.initialMessages.map((entry) => (entry.source.kind === 'copy' ? entry.source.parentIndexes : []))).toEqual([[2], [5]]);
  });
});
