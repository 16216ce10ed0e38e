import { describe, expect, it } from 'vitest';
import { isInvalidAssistantMessage } from './invalid-assistant-message';

describe('isInvalidAssistantMessage', () => {
  it('flags no parts, empty string content, and an empty text part', () => {
    expect(isInvalidAssistantMessage({ role: 'assistant', content: [] })).toBe(true);
    expect(isInvalidAssistantMessage({ role: 'assistant', content: '' })).toBe(true);
    expect(
      isInvalidAssistantMessage({
        role: 'assistant',
        content: [
          { type: 'text', text: '' },
          { type: 'tool-call', toolCallId: 'c', toolName: 't', input: {} },
        ],
      }),
    ).toBe(true);
  });

  it('accepts empty reasoning, tool calls alone, and any non-empty text', () => {
    expect(isInvalidAssistantMessage({ role: 'assistant', content: [{ type: 'reasoning', text: '' }] })).toBe(false);
    expect(
      isInvalidAssistantMessage({
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'c', toolName: 't', input: {} }],
      }),
    ).toBe(false);
    expect(isInvalidAssistantMessage({ role: 'assistant', content: ' ' })).toBe(false);
  });
});
