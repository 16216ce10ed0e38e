import { describe, expect, it } from 'vitest';
import { InvalidContentError } from '../import-errors';
import type { ImportSource } from '../import-source';
import { importTranscript } from '../import-transcript';
import { anthropicMessagesFormat } from './anthropic-messages';
import { SHARED_CHAT_SHAPE_SCORE } from './shared-chat-shape';

const json = (value: unknown): ImportSource => ({ shape: 'json', value, bytes: 0 });
const importAnthropic = (value: unknown) => importTranscript(JSON.stringify(value), { format: 'anthropic-messages' });
const messagesOf = (result: { transcript: { messages: { message: unknown }[] } }) => result.transcript.messages.map((entry) => entry.message);

describe('anthropicMessagesFormat.detect', () => {
  it('is certain on blocks and body keys only Anthropic writes', () => {
    expect(anthropicMessagesFormat.detect(json([{ role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'f', input: {} }] }]))).toBe(1);
    expect(anthropicMessagesFormat.detect(json([{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: 'x' }] }]))).toBe(1);
    expect(anthropicMessagesFormat.detect(json({ system: 'Be brief.', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }))).toBe(1);
    expect(anthropicMessagesFormat.detect(json({ messages: [{ role: 'user', content: 'hi' }], tools: [{ name: 'f', input_schema: {} }] }))).toBe(1);
  });

  it('shares the plain shape, and scores 0 for other roles, other APIs and JSON Lines', () => {
    expect(anthropicMessagesFormat.detect(json([{ role: 'user', content: 'hi' }]))).toBe(SHARED_CHAT_SHAPE_SCORE);
    expect(anthropicMessagesFormat.detect(json({ system: 'x', messages: [{ role: 'user', content: 'hi' }] }))).toBe(SHARED_CHAT_SHAPE_SCORE);
    expect(anthropicMessagesFormat.detect(json([{ role: 'tool', tool_call_id: 'a', content: 'x' }]))).toBe(0);
    expect(anthropicMessagesFormat.detect(json([{ role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'f', input: {} }] }]))).toBe(0);
    expect(anthropicMessagesFormat.detect({ shape: 'jsonl', records: [{ line: 1, value: { role: 'user', content: 'hi' } }], bytes: 0 })).toBe(0);
  });
});

describe('anthropicMessagesFormat.convert', () => {
  const body = {
    model: 'claude-sonnet-4-5',
    max_tokens: 8000,
    system: [
      { type: 'text', text: 'You are a coding agent.' },
      { type: 'text', text: 'Be careful.', cache_control: { type: 'ephemeral' } },
    ],
    messages: [
      { role: 'user', content: 'Fix the bug' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Look at the file first.', signature: 'sig-1' },
          { type: 'text', text: 'Reading.' },
          { type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'a.ts' } },
          { type: 'tool_use', id: 'toolu_2', name: 'read', input: { path: 'b.ts' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'export const a = 1;' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: [{ type: 'text', text: 'ENOENT' }], is_error: true },
          { type: 'text', text: 'b.ts was renamed', cache_control: { type: 'ephemeral' } },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'redacted_thinking', data: 'EmwKAhgB' },
          { type: 'text', text: 'Noted.' },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'document', title: 'notes', source: { type: 'text', media_type: 'text/plain', data: 'héllo' } },
          { type: 'image', source: { type: 'url', url: 'https://x/shot.png' } },
        ],
      },
    ],
    tools: [{ name: 'read', description: 'Read a file', input_schema: { type: 'object', properties: { path: { type: 'string' } } } }],
  };

  it("maps blocks to parts, tool results to a tool message before the user's own blocks", async () => {
    const result = await importAnthropic(body);
    expect(messagesOf(result)).toEqual([
      { role: 'user', content: 'Fix the bug' },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Look at the file first.', providerOptions: { anthropic: { signature: 'sig-1' } } },
          { type: 'text', text: 'Reading.' },
          { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'read', input: { path: 'a.ts' } },
          { type: 'tool-call', toolCallId: 'toolu_2', toolName: 'read', input: { path: 'b.ts' } },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'toolu_1', toolName: 'read', output: { type: 'text', value: 'export const a = 1;' } },
          { type: 'tool-result', toolCallId: 'toolu_2', toolName: 'read', output: { type: 'error-text', value: 'ENOENT' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'b.ts was renamed' },
          { type: 'image', image: 'iVBORw0KGgo=', mediaType: 'image/png' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Noted.' }] },
      {
        role: 'user',
        content: [
          { type: 'file', data: 'aMOpbGxv', mediaType: 'text/plain', filename: 'notes' },
          { type: 'image', image: 'https://x/shot.png' },
        ],
      },
    ]);
  });

  it('puts the system blocks, model and tools in the profile', async () => {
    const { transcript } = await importAnthropic(body);
    expect(transcript.profile).toMatchObject({
      systemInstruction: 'You are a coding agent.\n\nBe careful.',
      model: 'claude-sonnet-4-5',
      tools: [{ name: 'read', description: 'Read a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } }],
    });
  });

  it('reports cache_control once for all its places, and the thinking it kept or dropped', async () => {
    const result = await importAnthropic(body);
    expect(result.report.entries.map(({ action, reason, fields }) => ({ action, reason: reason.split(':')[0], fields }))).toEqual([
      { action: 'dropped', reason: 'request setting not carried over', fields: ['max_tokens'] },
      { action: 'flagged', reason: 'signed thinking kept with its signature', fields: ['messages[1].content[0]'] },
      { action: 'dropped', reason: 'cache_control marks dropped', fields: ['messages[2].content[2].cache_control', 'system[1].cache_control'] },
      { action: 'dropped', reason: 'redacted thinking dropped', fields: ['messages[3].content[0]'] },
      { action: 'merged', reason: 'system text blocks joined into the one system instruction, a blank line between them', fields: ['system[0]', 'system[1]'] },
    ]);
  });

  it('keeps a user message that holds only tool results as a tool message alone', async () => {
    const result = await importAnthropic([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'ls', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1' }] },
    ]);
    expect(messagesOf(result).slice(2)).toEqual([
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 't1', toolName: 'ls', output: { type: 'text', value: '' } }] },
    ]);
  });

  it('keeps several text blocks of a result apart, as a content output', async () => {
    const result = await importAnthropic([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'ls', input: {} }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 't1',
            content: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          },
        ],
      },
    ]);
    expect(messagesOf(result)[2]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 't1',
          toolName: 'ls',
          output: {
            type: 'content',
            value: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          },
        },
      ],
    });
  });

  it.each([
    [[{ role: 'system', content: 'x' }], 'messages[0].role', /allowed: user, assistant \(the system prompt is the top-level "system"\)/],
    [[{ role: 'user', content: [{ type: 'tool_use', id: 'a', name: 'f', input: {} }] }], 'messages[0].content[0].type', /belongs in an assistant message/],
    [[{ role: 'user', content: 3 }], 'messages[0].content', /is a number; expected a string or a list of content blocks/],
    [[{ role: 'user', content: [{ type: 'image', source: { type: 'base64', data: 'AA' } }] }], 'messages[0].content[0].source.media_type', /is missing/],
    [{ system: 5, messages: [{ role: 'user', content: 'x' }] }, 'system', /is a number; expected a string or a list of text blocks/],
  ])('refuses a wrong type, naming the field (%#)', async (value, field, message) => {
    const error = await importAnthropic(value).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidContentError);
    expect((error as InvalidContentError).location.field).toBe(field);
    expect((error as InvalidContentError).message).toMatch(message);
  });
});
