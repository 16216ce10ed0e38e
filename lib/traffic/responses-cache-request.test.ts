import { describe, expect, it } from 'vitest';
import { responsesCacheRequest } from './responses-cache-request';

describe('responsesCacheRequest', () => {
  it('puts the instructions, the tools, then each input item in a segment, with turn boundaries where a model turn starts or ends', async () => {
    const request = await responsesCacheRequest({
      model: 'gpt-5.5',
      instructions: 'You are Codex.',
      tools: [{ type: 'function', name: 'shell' }],
      input: [
        { type: 'message', role: 'developer', content: [{ type: 'input_text', text: '<permissions>' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'List the files.' }] },
        { type: 'reasoning', summary: [] },
        { type: 'function_call', name: 'shell', arguments: '{"cmd":"ls"}', call_id: 'c1' },
        { type: 'function_call_output', call_id: 'c1', output: 'a.ts' },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Thanks.' }] },
      ],
    });
    expect(request.model).toBe('gpt-5.5');
    expect(request.segments.map((segment) => [segment.path, segment.turnBoundary ?? false])).toEqual([
      ['instructions', false],
      ['tools[0]', false],
      ['input[0]', false],
      ['input[1]', true],
      ['input[2]', false],
      ['input[3]', true],
      ['input[4]', false],
      ['input[5]', false],
    ]);
  });

  it('reads a string input as one user message', async () => {
    const request = await responsesCacheRequest({ model: 'gpt-5', input: 'Hello there.' });
    expect(request.segments.map((segment) => segment.path)).toEqual(['input[0]']);
  });
});
