import { describe, expect, it } from 'vitest';
import { type ModelMessage, planFork } from '@/lib/fork';
import { importTranscript } from '@/lib/import/import-transcript';
import { parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';
import { EXPORT_MAX_TOKENS, toAnthropicMessagesRequest } from './anthropic-messages-request';
import { PNG, childRequest as sampleChildRequest, sampleConversation } from './testing/sample-child-request';

const conversation = sampleConversation('error-text');
const childRequest = (initial: ModelMessage[], overrides: Parameters<typeof sampleChildRequest>[1] = {}) =>
  sampleChildRequest(initial, { model: 'claude-sonnet-4-5', ...overrides });

describe('toAnthropicMessagesRequest', () => {
  it('writes system, alternating messages with tool results as blocks, and tools', () => {
    expect(toAnthropicMessagesRequest(childRequest(conversation))).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      system: 'You are a coding agent.',
      messages: [
        { role: 'user', content: 'Find the config.' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Look in the root.', signature: 'sig-1' },
            { type: 'text', text: 'Reading both.' },
            { type: 'tool_use', id: 'call_1', name: 'read_file', input: { path: 'config.json' } },
            { type: 'tool_use', id: 'call_2', name: 'read_file', input: { path: 'b.json' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1', content: '{"debug":true}' },
            { type: 'tool_result', tool_use_id: 'call_2', content: 'missing', is_error: true },
            { type: 'text', text: 'Also this screenshot.' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/shot.jpg' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Listing.' },
            { type: 'tool_use', id: 'call_3', name: 'list', input: {} },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_3', content: 'a.ts b.ts' }] },
        { role: 'assistant', content: 'Both read.' },
        { role: 'user', content: 'Now fix the bug.' },
      ],
      tools: [
        { name: 'read_file', description: 'Read a file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } },
        { name: 'list', input_schema: { type: 'object', properties: {} } },
      ],
    });
    expect(EXPORT_MAX_TOKENS).toBe(4096);
  });

  it('imports back to the same messages, system instruction, tools and model', async () => {
    const child = childRequest(conversation);
    const imported = await importTranscript(JSON.stringify(toAnthropicMessagesRequest(child)), { format: 'anthropic-messages' });
    expect(imported.transcript.messages.map((entry) => entry.message)).toEqual([...conversation, child.firstPrompt.message]);
    expect(imported.transcript.profile).toMatchObject({ systemInstruction: child.systemInstruction, tools: child.tools, model: child.model });
  });

  it('merges same-role neighbours, sends a middle system message as user text and leaves out unsigned reasoning', () => {
    const body = toAnthropicMessagesRequest(
      childRequest(
        [
          { role: 'user', content: 'Start.' },
          { role: 'assistant', content: [{ type: 'reasoning', text: 'unsigned' }] },
          { role: 'system', content: 'Be brief.' },
          {
            role: 'assistant',
            content: [
              { type: 'reasoning', text: '', providerOptions: { anthropic: { redactedData: 'EmwK' } } },
              { type: 'tool-call', toolCallId: 'a', toolName: 'f', input: { x: 1 } },
            ],
          },
          {
            role: 'tool',
            content: [{ type: 'tool-result', toolCallId: 'a', toolName: 'f', output: { type: 'error-json', value: { code: 2 } } }],
          },
        ],
        { systemInstruction: '', tools: [{ name: 'f' }] },
      ),
    );
    expect(body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Start.' },
            { type: 'text', text: 'Be brief.' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'redacted_thinking', data: 'EmwK' },
            { type: 'tool_use', id: 'a', name: 'f', input: { x: 1 } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'a', content: '{"code":2}', is_error: true },
            { type: 'text', text: 'Now fix the bug.' },
          ],
        },
      ],
      tools: [{ name: 'f', input_schema: { type: 'object', properties: {} } }],
    });
  });

  it('sends files as documents or images, and content results as blocks', () => {
    const body = toAnthropicMessagesRequest(
      childRequest(
        [
          {
            role: 'user',
            content: [
              { type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'spec.pdf' },
              { type: 'file', data: 'aMOpbGxv', mediaType: 'text/plain' },
              { type: 'file', data: 'https://x/doc.pdf', mediaType: 'application/pdf' },
              { type: 'file', data: 'data:image/gif;base64,R0lGODlh', mediaType: 'image/gif' },
            ],
          },
          { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'f', input: {} }] },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'a',
                toolName: 'f',
                output: {
                  type: 'content',
                  value: [
                    { type: 'text', text: 'see' },
                    { type: 'image-data', data: 'AAAA', mediaType: 'image/png' },
                  ],
                },
              },
            ],
          },
        ],
        { tools: [] },
      ),
    );
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'spec.pdf' },
          { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'héllo' } },
          { type: 'document', source: { type: 'url', url: 'https://x/doc.pdf' } },
          { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: 'R0lGODlh' } },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'f', input: {} }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'a',
            content: [
              { type: 'text', text: 'see' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
            ],
          },
          { type: 'text', text: 'Now fix the bug.' },
        ],
      },
    ]);
    expect(body.tools).toBeUndefined();
  });
});

describe('toAnthropicMessagesRequest: shapes the API refuses', () => {
  it('wraps a raw string tool input as an object, and leaves out empty text and empty messages', () => {
    const body = toAnthropicMessagesRequest({
      profileName: 'p',
      approvalSubject: 'p',
      systemInstruction: '',
      tools: [],
      model: 'm',
      depth: 1,
      inheritance: { systemInstruction: 'parent', tools: 'parent', model: 'parent' } as never,
      initialMessages: [
        { message: { role: 'user', content: 'Patch it.' }, source: { kind: 'synthetic', rule: 'task-prompt' } },
        {
          message: {
            role: 'assistant',
            content: [
              { type: 'text', text: '' },
              { type: 'tool-call', toolCallId: 'c1', toolName: 'apply_patch', input: '*** Begin Patch' },
            ],
          },
          source: { kind: 'synthetic', rule: 'task-prompt' },
        },
        {
          message: { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'apply_patch', output: { type: 'text', value: 'ok' } }] },
          source: { kind: 'synthetic', rule: 'task-prompt' },
        },
        { message: { role: 'assistant', content: '' }, source: { kind: 'synthetic', rule: 'task-prompt' } },
      ],
      firstPrompt: { message: { role: 'user', content: 'Go on.' }, source: { kind: 'synthetic', rule: 'task-prompt' } },
    });
    expect(body.messages).toEqual([
      { role: 'user', content: 'Patch it.' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'apply_patch', input: { input: '*** Begin Patch' } }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'c1', content: 'ok' },
          { type: 'text', text: 'Go on.' },
        ],
      },
    ]);
  });
});

describe('toAnthropicMessagesRequest: a Claude Code fork', () => {
  it('ends with the one user message Claude Code sends: the placeholder results, then the directive', () => {
    const parent = parentOf([
      user('u1', 'Fork two workers.'),
      toolCalls('forks', [
        { id: 'f1', tool: 'Agent', input: { description: 'Tests', subagent_type: 'fork', prompt: 'Write tests.' } },
        { id: 'f2', tool: 'Agent', input: { description: 'Docs', subagent_type: 'fork', prompt: 'Write docs.' } },
      ]),
    ]);
    const lastMessage = (runtimeVersion: string) => {
      const request = {
        policy: 'claude-code-fork',
        directive: 'Write tests.',
        params: { description: 'Tests', subagent_type: 'fork' },
        runtimeVersion,
      } as const;
      const body = toAnthropicMessagesRequest(planFork(parent, request).child!);
      expect(body.messages).toHaveLength(3);
      const last = body.messages.at(-1)!;
      expect(last.role).toBe('user');
      return (last.content as { type: string; tool_use_id?: string; content?: unknown; text?: string }[]).map((block) => [
        block.type,
        block.tool_use_id ?? block.text?.slice(-'Your directive: Write tests.'.length),
      ]);
    };
    // The 2.1.88-era reconstruction answers every call of the message.
    expect(lastMessage('2.1.88')).toEqual([
      ['tool_result', 'f1'],
      ['tool_result', 'f2'],
      ['text', 'Your directive: Write tests.'],
    ]);
    // 2.1.328 keeps this fork's own call alone, and answers it.
    expect(lastMessage('2.1.328')).toEqual([
      ['tool_result', 'f1'],
      ['text', 'Your directive: Write tests.'],
    ]);
  });
});
