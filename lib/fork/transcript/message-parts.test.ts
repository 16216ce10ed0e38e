import { describe, expect, expectTypeOf, it } from 'vitest';
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

  it('reads a result wherever it stands, and types each part so callers read its fields without casts', () => {
    // A provider-executed tool answers inside the assistant message that called it.
    const executed = {
      role: 'assistant' as const,
      content: [
        { type: 'tool-call' as const, toolCallId: 'a', toolName: 'web_search', input: {} },
        { type: 'tool-result' as const, toolCallId: 'a', toolName: 'web_search', output: { type: 'text' as const, value: 'found' } },
      ],
    };
    expect(toolResultIdsOf(executed)).toEqual(['a']);
    expect(toolResultIdsOf({ role: 'user', content: 'tool-result' })).toEqual([]);
    const [call, result] = partsOf(executed);
    if (call?.type !== 'tool-call' || result?.type !== 'tool-result') throw new Error('parts out of order');
    expectTypeOf(call.toolName).toEqualTypeOf<string>();
    expectTypeOf(result.output).not.toBeUnknown();
    expect([call.toolName, result.toolCallId]).toEqual(['web_search', 'a']);
  });
});
