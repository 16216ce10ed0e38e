import { describe, expect, it } from 'vitest';
import { messageTokenText, toolsTokenText } from './message-token-text';

describe('messageTokenText', () => {
  it('reads a string message as it is', () => {
    expect(messageTokenText({ role: 'user', content: 'hello there' })).toEqual({ text: 'hello there', binaryParts: 0 });
  });

  it('joins text, tool calls and tool results, and counts binary parts apart', () => {
    expect(
      messageTokenText({
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading it.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'read_file', input: { path: 'a.ts' } },
        ],
      }),
    ).toEqual({ text: 'Reading it.\nread_file {"path":"a.ts"}', binaryParts: 0 });
    expect(
      messageTokenText({
        role: 'tool',
        content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'read_file', output: { type: 'text', value: 'x' } }],
      }),
    ).toEqual({ text: 'read_file {"type":"text","value":"x"}', binaryParts: 0 });
    expect(
      messageTokenText({
        role: 'user',
        content: [
          { type: 'image', image: 'aGVsbG8=', mediaType: 'image/png' },
          { type: 'file', data: 'aGVsbG8=', mediaType: 'application/pdf' },
        ],
      }),
    ).toEqual({ text: '', binaryParts: 2 });
  });
});

describe('toolsTokenText', () => {
  it('writes one JSON declaration per line', () => {
    expect(toolsTokenText([{ name: 'ls', description: 'List files' }])).toBe('{"name":"ls","description":"List files"}');
  });
});
