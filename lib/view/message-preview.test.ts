import { describe, expect, it } from 'vitest';
import { previewParts, previewText } from './message-preview';

describe('previewParts', () => {
  it('shows text, tool calls with their input, and tool results with their output', () => {
    expect(
      previewParts({
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'think' },
          { type: 'text', text: 'Reading.' },
          { type: 'tool-call', toolCallId: 'c', toolName: 'read_file', input: { path: 'a.ts' } },
        ],
      }),
    ).toEqual(['(reasoning) think', 'Reading.', 'read_file({"path":"a.ts"})']);
    expect(
      previewParts({
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c', toolName: 'read_file', output: { type: 'text', value: 'A' } },
          { type: 'tool-result', toolCallId: 'd', toolName: 'x', output: { type: 'json', value: { ok: 1 } } },
          { type: 'tool-result', toolCallId: 'e', toolName: 'y', output: { type: 'execution-denied', reason: 'no' } },
        ],
      }),
    ).toEqual(['read_file → A', 'x → {"ok":1}', 'y → denied: no']);
  });

  it('names images and files instead of dumping their data', () => {
    expect(
      previewText({
        role: 'user',
        content: [
          { type: 'image', image: 'AAAA', mediaType: 'image/png' },
          { type: 'file', data: 'AAAA', mediaType: 'text/plain', filename: 'a.txt' },
        ],
      }),
    ).toBe('[image image/png]\n[file a.txt text/plain]');
  });

  it('keeps markup as plain text', () => {
    expect(previewText({ role: 'user', content: '<script>alert(1)</script>' })).toBe('<script>alert(1)</script>');
  });
});
