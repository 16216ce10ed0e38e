/** A child request for the exporters' tests: a conversation with every part kind they map. */
import type { ChildMessage, ChildRequest, ModelMessage } from '@/lib/fork';

export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const copied = (message: ModelMessage, index: number): ChildMessage => ({
  message,
  source: { kind: 'copy', parentIndexes: [index], parentIds: [`m${index}`] },
});

export function childRequest(initial: ModelMessage[], overrides: Partial<ChildRequest> = {}): ChildRequest {
  return {
    profileName: 'fork',
    approvalSubject: 'agent',
    systemInstruction: 'You are a coding agent.',
    tools: [
      { name: 'read_file', description: 'Read a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
      { name: 'list', inputSchema: { type: 'object', properties: {} } },
    ],
    model: 'gpt-4.1',
    depth: 1,
    inheritance: { systemInstruction: 'parent', tools: 'parent', model: 'parent' },
    initialMessages: initial.map(copied),
    firstPrompt: { message: { role: 'user', content: 'Now fix the bug.' }, source: { kind: 'synthetic', rule: 'fork-directive-prompt' } },
    ...overrides,
  };
}

/**
 * Text, parallel tool calls and their results (the second one failed, for exporters that carry
 * the error flag), images inline and by URL, signed reasoning.
 */
export function sampleConversation(secondResult: 'text' | 'error-text' = 'text'): ModelMessage[] {
  return [
    { role: 'user', content: 'Find the config.' },
    {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Look in the root.', providerOptions: { anthropic: { signature: 'sig-1' } } },
        { type: 'text', text: 'Reading both.' },
        { type: 'tool-call', toolCallId: 'call_1', toolName: 'read_file', input: { path: 'config.json' } },
        { type: 'tool-call', toolCallId: 'call_2', toolName: 'read_file', input: { path: 'b.json' } },
      ],
    },
    {
      role: 'tool',
      content: [
        { type: 'tool-result', toolCallId: 'call_1', toolName: 'read_file', output: { type: 'text', value: '{"debug":true}' } },
        { type: 'tool-result', toolCallId: 'call_2', toolName: 'read_file', output: { type: secondResult, value: 'missing' } },
      ],
    },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Also this screenshot.' },
        { type: 'image', image: PNG, mediaType: 'image/png' },
        { type: 'image', image: 'https://example.com/shot.jpg' },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Listing.' },
        { type: 'tool-call', toolCallId: 'call_3', toolName: 'list', input: {} },
      ],
    },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call_3', toolName: 'list', output: { type: 'text', value: 'a.ts b.ts' } }] },
    { role: 'assistant', content: 'Both read.' },
  ];
}
