import { describe, expect, it } from 'vitest';
import { splitDataUrl } from '../data-url';
import { detectFormat } from '../detect-format';
import { FidelityLog } from '../fidelity-report';
import { AmbiguousFormatError, FormatMismatchError, InvalidContentError } from '../import-errors';
import type { ImportSource } from '../import-source';
import { importTranscript } from '../import-transcript';
import { aiSdkModelMessagesFormat, aiSdkUiMessagesFormat } from './ai-sdk';
import { anthropicMessagesFormat } from './anthropic-messages';
import { IMPORT_FORMATS } from './index';
import { openAiChatFormat } from './openai-chat';
import { openAiResponsesFormat } from './openai-responses';
import { SHARED_CHAT_SHAPE_SCORE } from './shared-chat-shape';

const json = (value: unknown): ImportSource => ({ shape: 'json', value, bytes: 0 });
const importChat = (value: unknown) => importTranscript(JSON.stringify(value), { format: 'openai-chat' });
const messagesOf = (result: { transcript: { messages: { message: unknown }[] } }) => result.transcript.messages.map((entry) => entry.message);
const entry = (result: { report: { entries: { action: string; reason: string }[] } }, pattern: RegExp) =>
  result.report.entries.find((candidate) => pattern.test(candidate.reason));

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('openAiChatFormat.detect', () => {
  it('is certain on markers only Chat Completions writes', () => {
    expect(openAiChatFormat.detect(json([{ role: 'assistant', content: null, tool_calls: [] }]))).toBe(1);
    expect(openAiChatFormat.detect(json({ messages: [{ role: 'tool', tool_call_id: 'a', content: 'x' }] }))).toBe(1);
    expect(openAiChatFormat.detect(json([{ role: 'developer', content: 'be brief' }]))).toBe(1);
    expect(
      openAiChatFormat.detect(
        json([
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'yo', refusal: null, annotations: [] },
        ]),
      ),
    ).toBe(1);
    expect(openAiChatFormat.detect(json([{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://x/y.png' } }] }]))).toBe(1);
    expect(openAiChatFormat.detect(json({ messages: [{ role: 'user', content: 'hi' }], tools: [{ type: 'function', function: { name: 'f' } }] }))).toBe(1);
  });

  it('scores 0 for JSON Lines, other APIs and what is not a message list', () => {
    expect(openAiChatFormat.detect({ shape: 'jsonl', records: [{ line: 1, value: { role: 'user', content: 'hi' } }], bytes: 0 })).toBe(0);
    expect(openAiChatFormat.detect(json({ input: [{ role: 'user', content: 'hi' }], messages: [] }))).toBe(0);
    expect(openAiChatFormat.detect(json([{ role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'f', input: {} }] }]))).toBe(0);
    expect(openAiChatFormat.detect(json([{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }]))).toBe(0);
    expect(openAiChatFormat.detect(json({ sessionId: 'x', messages: [{ id: '1', type: 'user', content: 'hi' }] }))).toBe(0);
    expect(openAiChatFormat.detect(json([]))).toBe(0);
  });
});

describe('the shape OpenAI Chat, Anthropic and AI SDK model messages share', () => {
  const shared = [
    { role: 'user', content: 'Hello' },
    { role: 'assistant', content: 'Hi! How can I help?' },
  ];

  it('scores the same in all three, and nothing in the others', () => {
    for (const value of [shared, { messages: shared }, [{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }]]) {
      expect(openAiChatFormat.detect(json(value))).toBe(SHARED_CHAT_SHAPE_SCORE);
      expect(anthropicMessagesFormat.detect(json(value))).toBe(SHARED_CHAT_SHAPE_SCORE);
      expect(aiSdkModelMessagesFormat.detect(json(value))).toBe(SHARED_CHAT_SHAPE_SCORE);
      expect(openAiResponsesFormat.detect(json(value))).toBe(0);
      expect(aiSdkUiMessagesFormat.detect(json(value))).toBe(0);
    }
  });

  it('asks the person to choose', () => {
    let error: unknown;
    try {
      detectFormat(json(shared), IMPORT_FORMATS);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AmbiguousFormatError);
    expect((error as AmbiguousFormatError).candidates.map((candidate) => candidate.id).sort()).toEqual([
      'ai-sdk-model-messages',
      'anthropic-messages',
      'openai-chat',
    ]);
  });

  it('leaves Anthropic out once a system role appears (its system prompt is top-level)', () => {
    const value = [{ role: 'system', content: 'Be brief.' }, ...shared];
    expect(anthropicMessagesFormat.detect(json(value))).toBe(0);
    expect(openAiChatFormat.detect(json(value))).toBe(SHARED_CHAT_SHAPE_SCORE);
    expect(aiSdkModelMessagesFormat.detect(json(value))).toBe(SHARED_CHAT_SHAPE_SCORE);
  });
});

describe('detection among every format', () => {
  it.each([
    [
      'openai-chat',
      {
        model: 'gpt-4.1',
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: null, tool_calls: [] },
        ],
      },
    ],
    ['openai-responses', { instructions: 'x', input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }] }],
    ['anthropic-messages', { model: 'claude-sonnet-4-5', max_tokens: 1024, system: 'x', messages: [{ role: 'user', content: 'hi' }] }],
    [
      'ai-sdk-model-messages',
      [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'f', input: {} }] },
      ],
    ],
    ['ai-sdk-ui-messages', [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }]],
  ])('picks %s for its own markers', (id, value) => {
    expect(detectFormat(json(value), IMPORT_FORMATS).id).toBe(id);
  });
});

describe('openAiChatFormat.convert', () => {
  const body = {
    model: 'gpt-4.1',
    temperature: 0.2,
    messages: [
      { role: 'system', content: 'You are a coding agent.' },
      { role: 'developer', content: [{ type: 'text', text: 'Answer briefly.' }] },
      { role: 'user', content: 'Read config.json' },
      {
        role: 'assistant',
        content: 'Reading both files.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"config.json"}' } },
          { id: 'call_2', type: 'function', function: { name: 'read_file', arguments: '' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"debug":true}' },
      {
        role: 'tool',
        tool_call_id: 'call_2',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
      { role: 'assistant', content: 'Debug is on.', refusal: null, annotations: [] },
      { role: 'system', content: 'Now be verbose.' },
      {
        role: 'user',
        name: 'ana',
        content: [
          { type: 'text', text: 'And this?' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}`, detail: 'high' } },
          { type: 'image_url', image_url: { url: 'https://example.com/a.jpg' } },
          { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
          { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'spec.pdf' } },
          { type: 'file', file: { file_id: 'file-abc' } },
        ],
      },
      { role: 'assistant', content: null, refusal: 'I cannot help with that.' },
    ],
    tools: [
      {
        type: 'function',
        function: { name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } }, strict: true },
      },
      { type: 'function', function: { name: 'noop' } },
    ],
  };

  it('maps every message to its ModelMessage', async () => {
    const result = await importChat(body);
    expect(messagesOf(result)).toEqual([
      { role: 'user', content: 'Read config.json' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading both files.' },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'read_file', input: { path: 'config.json' } },
          { type: 'tool-call', toolCallId: 'call_2', toolName: 'read_file', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'call_1', toolName: 'read_file', output: { type: 'text', value: '{"debug":true}' } },
          {
            type: 'tool-result',
            toolCallId: 'call_2',
            toolName: 'read_file',
            output: {
              type: 'content',
              value: [
                { type: 'text', text: 'a' },
                { type: 'text', text: 'b' },
              ],
            },
          },
        ],
      },
      { role: 'assistant', content: 'Debug is on.' },
      { role: 'system', content: 'Now be verbose.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'And this?' },
          { type: 'image', image: PNG, mediaType: 'image/png', providerOptions: { openai: { imageDetail: 'high' } } },
          { type: 'image', image: 'https://example.com/a.jpg' },
          { type: 'file', data: 'UklGRg==', mediaType: 'audio/wav' },
          { type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf', filename: 'spec.pdf' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'I cannot help with that.' }] },
    ]);
  });

  it('puts leading system and developer messages, the model and the tools in the profile', async () => {
    const { transcript } = await importChat(body);
    expect(transcript.profile.systemInstruction).toBe('You are a coding agent.\n\nAnswer briefly.');
    expect(transcript.profile.model).toBe('gpt-4.1');
    expect(transcript.profile.tools).toEqual([
      { name: 'read_file', description: 'Read a file', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
      { name: 'noop' },
    ]);
  });

  it('reports every place it is not exact', async () => {
    const result = await importChat(body);
    const findings = result.report.entries.map(({ action, fields, count }) => ({ action, fields, count }));
    expect(findings).toEqual([
      { action: 'dropped', fields: ['temperature'], count: 1 },
      { action: 'merged', fields: ['messages[5]'], count: 1 },
      { action: 'flagged', fields: ['messages[7]'], count: 1 },
      { action: 'dropped', fields: ['messages[8].name'], count: 1 },
      { action: 'dropped', fields: ['messages[8].content[5]'], count: 1 },
      { action: 'merged', fields: ['messages[9].refusal'], count: 1 },
      { action: 'merged', fields: ['messages[0]', 'messages[1]'], count: 2 },
      { action: 'dropped', fields: ['tools[0].function.strict'], count: 1 },
    ]);
    expect(entry(result, /^request setting/)?.action).toBe('dropped');
    expect(entry(result, /OpenAI file id/)?.action).toBe('dropped');
    expect(entry(result, /refusal kept as text/)?.action).toBe('merged');
    expect(entry(result, /not stored|not recorded/)).toBeUndefined();
  });

  it('keeps arguments that are not JSON as the raw string, flagged', async () => {
    const result = await importChat([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{"a":' } }] },
    ]);
    expect(messagesOf(result)[1]).toEqual({ role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c', toolName: 'f', input: '{"a":' }] });
    expect(entry(result, /not valid JSON/)).toMatchObject({ action: 'flagged', fields: ['messages[1].tool_calls[0].function.arguments'] });
  });

  it('pairs a legacy function_call with its function reply through a made-up id', async () => {
    const result = await importChat([
      { role: 'user', content: 'weather?' },
      { role: 'assistant', content: null, function_call: { name: 'weather', arguments: '{"city":"Oslo"}' } },
      { role: 'function', name: 'weather', content: 'rain' },
    ]);
    expect(messagesOf(result).slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'function-call-1', toolName: 'weather', input: { city: 'Oslo' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'function-call-1', toolName: 'weather', output: { type: 'text', value: 'rain' } }] },
    ]);
    expect(entry(result, /legacy function_call/)).toMatchObject({ action: 'guessed', fields: ['messages[1].function_call'] });
  });

  it('drops a tool result whose call is not there; a bare list holds no tool schemas, and a chat without a system message sent none', async () => {
    const result = await importChat([
      { role: 'user', content: 'hi' },
      { role: 'tool', tool_call_id: 'ghost', content: 'x' },
    ]);
    expect(messagesOf(result)).toEqual([{ role: 'user', content: 'hi' }]);
    expect(entry(result, /call "ghost" dropped/)).toMatchObject({ action: 'dropped', fields: ['messages[1]'] });
    expect(entry(result, /^system prompt/)).toBeUndefined();
    expect(entry(result, /^tool schemas: not stored/)?.action).toBe('not-stored');
    expect(entry(result, /^model: not recorded/)?.action).toBe('not-stored');
  });

  it('takes an empty tools list as stored', async () => {
    const result = await importChat({ messages: [{ role: 'user', content: 'hi' }], tools: [] });
    expect(result.transcript.profile.tools).toEqual([]);
    expect(entry(result, /^tool schemas/)).toBeUndefined();
  });

  it.each([
    [[{ role: 'bot', content: 'x' }], 'messages[0].role', /"bot"; allowed: system, developer, user, assistant, tool, function/],
    [[{ role: 'user', content: 42 }], 'messages[0].content', /is a number; a user message holds a string or a list/],
    [['hello'], 'messages[0]', /is "hello"; expected a message object/],
    [
      [{ role: 'assistant', content: null, tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{}' } }] }],
      'messages[0].tool_calls[0].id',
      /is missing; expected the call's id/,
    ],
    [[{ role: 'tool', content: 'x' }], 'messages[0].tool_call_id', /is missing/],
    [{ messages: [{ role: 'user', content: 'x' }], tools: { read: {} } }, 'tools', /is an object; expected a list/],
    [{ messages: [{ role: 'user', content: 'x' }], model: 4 }, 'model', /is a number/],
  ])('refuses a wrong type, naming the field (%#)', async (value, field, message) => {
    const error = await importChat(value).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidContentError);
    expect((error as InvalidContentError).location.field).toBe(field);
    expect((error as InvalidContentError).message).toMatch(message);
  });

  it('refuses JSON Lines and a document without messages', () => {
    const log = new FidelityLog();
    expect(() => openAiChatFormat.convert({ shape: 'jsonl', records: [], bytes: 0 }, log)).toThrow(FormatMismatchError);
    expect(() => openAiChatFormat.convert(json({ input: 'hi' }), log)).toThrow(/expected a list of messages/);
  });
});

describe('splitDataUrl', () => {
  it('splits a base64 data URL and leaves anything else alone', () => {
    expect(splitDataUrl('data:image/png;base64,AAAA')).toEqual({ mediaType: 'image/png', data: 'AAAA' });
    expect(splitDataUrl('data:text/plain;charset=utf-8;base64,aGk=')).toEqual({ mediaType: 'text/plain', data: 'aGk=' });
    expect(splitDataUrl('data:text/plain,hi')).toBeUndefined();
    expect(splitDataUrl('https://example.com/a.png')).toBeUndefined();
  });
});
