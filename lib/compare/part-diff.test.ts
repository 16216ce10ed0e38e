import { describe, expect, it } from 'vitest';
import { planFork } from '@/lib/fork';
import { BUILT_IN_SCENARIOS } from '@/lib/scenarios/built-in-scenarios';
import { MAX_WORD_EDITS } from '@/lib/text-diff/word-diff';
import { partDiff } from './part-diff';

describe('partDiff', () => {
  it('shows a redacted Agent call against the parent’s, word by word', () => {
    const parent = BUILT_IN_SCENARIOS.find((candidate) => candidate.id === 'startup-block')!.transcript;
    const plan = planFork(parent, { policy: 'qwen-fork-turns', directive: 'task', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '1' } });
    const call = plan.child!.initialMessages[1]!;
    expect(call.source).toMatchObject({ kind: 'copy', change: 'tool-inputs-redacted' });
    const parts = partDiff(parent.messages[10]!.message, call.message);
    expect(parts.map((part) => part.status)).toEqual(['changed']);
    expect(parts[0]!.chunks.filter((chunk) => chunk.change !== 'kept').length).toBeGreaterThan(0);
    const before = parts[0]!.chunks
      .filter((chunk) => chunk.change !== 'added')
      .map((chunk) => chunk.text)
      .join('');
    const after = parts[0]!.chunks
      .filter((chunk) => chunk.change !== 'removed')
      .map((chunk) => chunk.text)
      .join('');
    expect(before).toBe(`agent(${JSON.stringify((parent.messages[10]!.message.content as { input: unknown }[])[0]!.input)})`);
    expect(after).toBe(`agent(${JSON.stringify((call.message.content as { input: unknown }[])[0]!.input)})`);
  });

  it('marks parts added, removed and kept, and a part whose text reads the same but whose fields differ', () => {
    const left = {
      role: 'assistant' as const,
      content: [
        { type: 'text' as const, text: 'the month is m - 1' },
        { type: 'text' as const, text: 'kept' },
      ],
    };
    const right = {
      role: 'assistant' as const,
      content: [
        { type: 'text' as const, text: 'the month is m' },
        { type: 'text' as const, text: 'kept', providerOptions: { openai: { phase: 'final_answer' } } },
        { type: 'text' as const, text: 'new' },
      ],
    };
    expect(partDiff(left, right)).toEqual([
      {
        index: 0,
        status: 'changed',
        chunks: [
          { text: 'the month is m', change: 'kept' },
          { text: ' - 1', change: 'removed' },
        ],
      },
      { index: 1, status: 'changed', chunks: [{ text: 'kept', change: 'kept' }], fieldsOnly: true },
      { index: 2, status: 'added', chunks: [{ text: 'new', change: 'added' }] },
    ]);
    expect(partDiff(right, left).map((part) => part.status)).toEqual(['changed', 'changed', 'removed']);
    expect(partDiff(left, left).map((part) => part.status)).toEqual(['same', 'same']);
  });

  it('shows two long, wholly different texts as replaced rather than diffing past the edit limit', () => {
    const words = (seed: string) => Array.from({ length: MAX_WORD_EDITS * 2 }, (_, k) => `${seed}${k}`).join(' ');
    const parts = partDiff({ role: 'user', content: words('a') }, { role: 'user', content: words('b') });
    expect(parts[0]!.chunks.map((chunk) => chunk.change)).toEqual(['removed', 'added']);
  });
});
