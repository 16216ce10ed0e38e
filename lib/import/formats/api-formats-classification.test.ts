import { describe, expect, it } from 'vitest';
import { classifyMessages } from '@/lib/fork';
import type { ImportFormatId } from '../import-format';
import { importTranscript } from '../import-transcript';

const ENV = '<system-reminder>\nWorking directory: /repo\n</system-reminder>';
const NOTE = '<system-reminder>The todo list is empty.</system-reminder>';

/**
 * One conversation, written in each API format: an environment reminder first (startup context),
 * a prompt, a tool call and its result, an answer, a lone reminder, and a second prompt.
 */
const SAME_CONVERSATION: [ImportFormatId, unknown][] = [
  [
    'openai-chat',
    {
      messages: [
        { role: 'system', content: 'You are a coding agent.' },
        { role: 'user', content: ENV },
        { role: 'user', content: 'Read the config.' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_file', arguments: '{"path":"config.json"}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: '{}' },
        { role: 'assistant', content: 'It is empty.' },
        { role: 'user', content: NOTE },
        { role: 'user', content: 'Add a port.' },
      ],
    },
  ],
  [
    'openai-responses',
    {
      instructions: 'You are a coding agent.',
      input: [
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: ENV }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Read the config.' }] },
        { type: 'function_call', call_id: 'c1', name: 'read_file', arguments: '{"path":"config.json"}' },
        { type: 'function_call_output', call_id: 'c1', output: '{}' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'It is empty.' }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: NOTE }] },
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Add a port.' }] },
      ],
    },
  ],
  [
    'anthropic-messages',
    {
      system: 'You are a coding agent.',
      max_tokens: 1024,
      messages: [
        { role: 'user', content: ENV },
        { role: 'assistant', content: 'Noted.' },
        { role: 'user', content: 'Read the config.' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'read_file', input: { path: 'config.json' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: '{}' }] },
        { role: 'assistant', content: 'It is empty.' },
        { role: 'user', content: [{ type: 'text', text: NOTE }] },
        { role: 'assistant', content: 'Noted.' },
        { role: 'user', content: 'Add a port.' },
      ],
    },
  ],
  [
    'ai-sdk-model-messages',
    [
      { role: 'system', content: 'You are a coding agent.' },
      { role: 'user', content: ENV },
      { role: 'user', content: 'Read the config.' },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'read_file', input: { path: 'config.json' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'read_file', output: { type: 'text', value: '{}' } }] },
      { role: 'assistant', content: 'It is empty.' },
      { role: 'user', content: NOTE },
      { role: 'user', content: 'Add a port.' },
    ],
  ],
  [
    'ai-sdk-ui-messages',
    [
      { id: 's', role: 'system', parts: [{ type: 'text', text: 'You are a coding agent.' }] },
      { id: 'e', role: 'user', parts: [{ type: 'text', text: ENV }] },
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Read the config.' }] },
      {
        id: 'a1',
        role: 'assistant',
        parts: [
          { type: 'tool-read_file', toolCallId: 'c1', state: 'output-available', input: { path: 'config.json' }, output: '{}' },
          { type: 'step-start' },
          { type: 'text', text: 'It is empty.' },
        ],
      },
      { id: 'n', role: 'user', parts: [{ type: 'text', text: NOTE }] },
      { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Add a port.' }] },
    ],
  ],
];

describe('API formats after import: what decides a fork window', () => {
  it.each(SAME_CONVERSATION)('%s: startup reminder, two real turns, a tool pair, a pure reminder', async (format, body) => {
    const { transcript } = await importTranscript(JSON.stringify(body), { format });
    expect(transcript.profile.systemInstruction).toBe('You are a coding agent.');
    const kinds = classifyMessages(transcript.messages)
      .map((entry) => (entry.kind === 'real-user-turn' ? `turn ${entry.turnFromEnd}` : entry.kind))
      .filter((kind) => kind !== 'assistant');
    expect(kinds).toEqual(['startup-context', 'turn -2', 'tool-call', 'tool-result', 'pure-reminder', 'turn -1']);
  });
});
