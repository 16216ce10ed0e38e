import { describe, expect, it } from 'vitest';
import { firstText, hasToolCalls, partsOf, toolCallsOf, toolResultIdsOf } from './message-parts';

describe('message parts', () => {
  it('reads string content as one text part and the empty string as none', () => {
    expect(partsOf({ role: 'user', content: 'hi' })).toEqual([{ type: 'text', text: 'hi' }]);
    expect(partsOf({ role: 'assistant', content: '' })).toEqual([]);
  });

  it('finds the first text after non-text parts', () => {
    expect(
      firstText({
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'thinking' },
          { type: 'text', text: 'answer' },
        ],
      }),
    ).toBe('answer');
    expect(firstText({ role: 'user', content: [] })).toBeUndefined();
  });

  it('lists tool calls in order and the ids a tool message answers', () => {
    const call = {
      role: 'assistant' as const,
      content: [
        { type: 'tool-call' as const, toolCallId: 'a', toolName: 'x', input: { q: 1 } },
        { type: 'text' as const, text: 'and' },
        { type: 'tool-call' as const, toolCallId: 'b', toolName: 'y', input: {} },
      ],
    };
    expect(toolCallsOf(call)).toEqual([
      { toolCallId: 'a', toolName: 'x', input: { q: 1 } },
      { toolCallId: 'b', toolName: 'y', input: {} },
    ]);
    expect(hasToolCalls(call)).toBe(true);
    expect(hasToolCalls({ role: 'assistant', content: 'no calls' })).toBe(false);
    expect(
      toolResultIdsOf({
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'a', toolName: 'x', output: { type: 'text', value: 'ok' } }],
      }),
    ).toEqual(['a']);
  });
});
