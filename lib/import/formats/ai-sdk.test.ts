import { describe, expect, it } from 'vitest';
import { InvalidContentError } from '../import-errors';
import type { ImportSource } from '../import-source';
import { importTranscript } from '../import-transcript';
import { aiSdkModelMessagesFormat, aiSdkUiMessagesFormat } from './ai-sdk';
import { SHARED_CHAT_SHAPE_SCORE } from './shared-chat-shape';

const json = (value: unknown): ImportSource => ({ shape: 'json', value, bytes: 0 });
const importModel = (value: unknown) => importTranscript(JSON.stringify(value), { format: 'ai-sdk-model-messages' });
const importUi = (value: unknown) => importTranscript(JSON.stringify(value), { format: 'ai-sdk-ui-messages' });
const messagesOf = (result: { transcript: { messages: { message: unknown }[] } }) => result.transcript.messages.map((entry) => entry.message);
const findings = (result: { report: { entries: { action: string; reason: string; fields: string[] }[] } }) =>
  result.report.entries.map(({ action, reason, fields }) => ({ action, reason: reason.split(/[:;]/)[0], fields }));

const assistantWithCall = {
  role: 'assistant',
  content: [
    { type: 'reasoning', text: 'Need the weather.' },
    { type: 'text', text: 'Checking.' },
    { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: { city: 'Oslo' } },
  ],
};
const toolResult = {
  role: 'tool',
  content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'weather', output: { type: 'json', value: { temp: 20 } } }],
};

describe('aiSdkModelMessagesFormat.detect', () => {
  it('is certain on parts only the AI SDK writes', () => {
    expect(aiSdkModelMessagesFormat.detect(json([{ role: 'user', content: 'hi' }, assistantWithCall]))).toBe(1);
    expect(aiSdkModelMessagesFormat.detect(json({ messages: [toolResult] }))).toBe(1);
    expect(aiSdkModelMessagesFormat.detect(json([{ role: 'user', content: [{ type: 'image', image: 'https://x/a.png' }] }]))).toBe(1);
    expect(aiSdkModelMessagesFormat.detect(json([{ role: 'user', content: 'hi', providerOptions: { openai: {} } }]))).toBe(1);
  });

  it('shares the plain shape, and scores 0 for keys a ModelMessage cannot have', () => {
    expect(aiSdkModelMessagesFormat.detect(json([{ role: 'user', content: 'hi' }]))).toBe(SHARED_CHAT_SHAPE_SCORE);
    expect(aiSdkModelMessagesFormat.detect(json([{ id: 'm1', role: 'user', content: 'hi' }]))).toBe(0);
    expect(aiSdkModelMessagesFormat.detect(json([{ id: 'm1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }]))).toBe(0);
    expect(aiSdkModelMessagesFormat.detect(json([{ role: 'assistant', content: null, tool_calls: [] }]))).toBe(0);
    expect(aiSdkModelMessagesFormat.detect({ shape: 'jsonl', records: [{ line: 1, value: assistantWithCall }], bytes: 0 })).toBe(0);
  });
});

describe('aiSdkModelMessagesFormat.convert', () => {
  it('keeps messages as they are and moves leading system messages into the profile', async () => {
    const result = await importModel([
      { role: 'system', content: 'You are helpful.' },
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
      assistantWithCall,
      toolResult,
      { role: 'system', content: 'Answer in Celsius.' },
      { role: 'assistant', content: 'It is 20°C.' },
    ]);
    expect(messagesOf(result)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
      assistantWithCall,
      toolResult,
      { role: 'system', content: 'Answer in Celsius.' },
      { role: 'assistant', content: 'It is 20°C.' },
    ]);
    expect(result.transcript.profile.systemInstruction).toBe('You are helpful.\n\nBe brief.');
    expect(findings(result)).toEqual([
      { action: 'flagged', reason: 'system message after the conversation started kept as a system message where it was', fields: ['messages[5]'] },
      {
        action: 'merged',
        reason: 'leading system messages joined into the one system instruction, a blank line between them',
        fields: ['messages[0]', 'messages[1]'],
      },
      { action: 'not-stored', reason: 'tool schemas', fields: [] },
      { action: 'not-stored', reason: 'model', fields: [] },
    ]);
  });

  it("puts a wrapper's system option first", async () => {
    const result = await importModel({
      system: 'From the option.',
      messages: [
        { role: 'system', content: 'From the list.' },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(result.transcript.profile.systemInstruction).toBe('From the option.\n\nFrom the list.');
  });

  it.each([
    [[{ role: 'bot', content: 'x' }], 'messages[0].role'],
    [[{ role: 'user', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 'f', input: {} }] }], 'messages[0].content[0].type'],
    [
      [{ role: 'tool', content: [{ type: 'tool-result', toolCallId: 'a', toolName: '', output: { type: 'text', value: 'x' } }] }],
      'messages[0].content[0].toolName',
    ],
    [[{ role: 'user', content: 'hi', id: 'm1' }], 'messages[0]'],
  ])('refuses an element that is not a ModelMessage, naming it and what is allowed (%#)', async (value, field) => {
    const error = await importModel(value).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidContentError);
    expect((error as InvalidContentError).location.field).toBe(field);
    expect((error as InvalidContentError).message).toMatch(/a ModelMessage is \{role: "system", content: string\}/);
  });
});

describe('aiSdkUiMessagesFormat.detect', () => {
  it('is certain on {id, role, parts} and scores 0 for untyped parts (Gemini) and plain messages', () => {
    expect(aiSdkUiMessagesFormat.detect(json([{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'hi' }] }]))).toBe(1);
    expect(aiSdkUiMessagesFormat.detect(json({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }] }))).toBe(0.9);
    expect(aiSdkUiMessagesFormat.detect(json([{ role: 'user', parts: [{ text: 'hi' }] }]))).toBe(0);
    expect(aiSdkUiMessagesFormat.detect(json([{ role: 'model', parts: [{ type: 'text', text: 'hi' }] }]))).toBe(0);
    expect(aiSdkUiMessagesFormat.detect(json([{ role: 'user', content: 'hi' }]))).toBe(0);
  });
});

describe('aiSdkUiMessagesFormat.convert', () => {
  const messages = [
    {
      id: 's1',
      role: 'system',
      parts: [
        { type: 'text', text: 'You are ' },
        { type: 'text', text: 'helpful.' },
      ],
    },
    {
      id: 'u1',
      role: 'user',
      metadata: { createdAt: 1 },
      parts: [
        { type: 'text', text: 'Weather in Oslo?' },
        { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AAAA', filename: 'map.png' },
        { type: 'data-weather', data: { city: 'Oslo' } },
      ],
    },
    {
      id: 'a1',
      role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'reasoning', text: 'Call the tool.', providerMetadata: { anthropic: { signature: 'sig' } } },
        { type: 'text', text: 'Checking.', state: 'done' },
        { type: 'tool-weather', toolCallId: 'c1', state: 'output-available', input: { city: 'Oslo' }, output: { temp: 20 } },
        { type: 'step-start' },
        { type: 'tool-search', toolCallId: 'c2', state: 'output-error', input: { q: 'oslo' }, errorText: 'timeout' },
        { type: 'step-start' },
        { type: 'text', text: 'It is 20°C.' },
        { type: 'source-url', sourceId: 's', url: 'https://yr.no' },
      ],
    },
    { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Thanks, and tomorrow?' }] },
    {
      id: 'a2',
      role: 'assistant',
      parts: [{ type: 'step-start' }, { type: 'dynamic-tool', toolName: 'forecast', toolCallId: 'c3', state: 'input-available', input: { day: 1 } }],
    },
  ];

  it('converts like convertToModelMessages: steps, then their results', async () => {
    const result = await importUi(messages);
    expect(messagesOf(result)).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Weather in Oslo?' },
          { type: 'file', data: 'data:image/png;base64,AAAA', mediaType: 'image/png', filename: 'map.png' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Call the tool.', providerOptions: { anthropic: { signature: 'sig' } } },
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: { city: 'Oslo' } },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'weather', output: { type: 'json', value: { temp: 20 } } }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c2', toolName: 'search', input: { q: 'oslo' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c2', toolName: 'search', output: { type: 'error-text', value: 'timeout' } }] },
      { role: 'assistant', content: [{ type: 'text', text: 'It is 20°C.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Thanks, and tomorrow?' }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c3', toolName: 'forecast', input: { day: 1 } }] },
    ]);
    expect(result.transcript.profile.systemInstruction).toBe('You are helpful.');
  });

  it('keeps message ids, naming later steps and result messages after them', async () => {
    const result = await importUi(messages);
    expect(result.transcript.messages.map((message) => message.id)).toEqual(['u1', 'a1', 'a1#results', 'a1#step2', 'a1#step2#results', 'a1#step3', 'u2', 'a2']);
  });

  it('reports dropped parts and metadata, and the call left open', async () => {
    const result = await importUi(messages);
    expect(findings(result)).toEqual([
      { action: 'dropped', reason: 'message field not carried over', fields: ['messages[1].metadata'] },
      {
        action: 'dropped',
        reason: 'UI part with no ModelMessage form (sources, data parts) dropped, as convertToModelMessages does',
        fields: ['messages[1].parts[2]', 'messages[2].parts[8]'],
      },
      { action: 'not-stored', reason: 'tool schemas', fields: [] },
      { action: 'not-stored', reason: 'model', fields: [] },
      { action: 'flagged', reason: 'tool call "c3" (forecast) has no result', fields: ['messages[4].parts[1]'] },
    ]);
  });

  it('keeps a streaming call unanswered and drops approval data', async () => {
    const result = await importUi([
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'go' }] },
      {
        id: 'a',
        role: 'assistant',
        parts: [
          { type: 'tool-ls', toolCallId: 'c1', state: 'input-streaming' },
          { type: 'tool-rm', toolCallId: 'c2', state: 'approval-requested', input: { path: '/' }, approval: { id: 'ap1' } },
          { type: 'tool-cat', toolCallId: 'c3', state: 'output-denied', input: {}, approval: { id: 'ap2', approved: false, reason: 'no' } },
        ],
      },
    ]);
    expect(messagesOf(result).slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'tool-call', toolCallId: 'c1', toolName: 'ls', input: {} },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'rm', input: { path: '/' } },
          { type: 'tool-call', toolCallId: 'c3', toolName: 'cat', input: {} },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c3', toolName: 'cat', output: { type: 'error-text', value: 'no' } }] },
    ]);
    expect(findings(result).slice(0, 2)).toEqual([
      { action: 'flagged', reason: 'tool call was still streaming its input when saved', fields: ['messages[1].parts[0]'] },
      { action: 'dropped', reason: 'tool approval request/response dropped', fields: ['messages[1].parts[1].approval'] },
    ]);
  });

  it.each([
    [[{ id: 'a', role: 'tool', parts: [] }], 'messages[0].role', /allowed: system, user, assistant/],
    [[{ id: 'a', role: 'user', parts: 'hi' }], 'messages[0].parts', /is "hi"; expected a list of parts/],
    [[{ id: 'a', role: 'assistant', parts: [{ type: 'tool-x', toolCallId: 'c', state: 'done' }] }], 'messages[0].parts[0].state', /allowed: input-streaming/],
    [[{ id: 'a', role: 'assistant', parts: [{ type: 'tool-x', state: 'input-available' }] }], 'messages[0].parts[0].toolCallId', /is missing/],
    [[{ id: 'a', role: 'user', parts: [{ type: 'file', url: 'https://x' }] }], 'messages[0].parts[0].mediaType', /is missing/],
  ])('refuses a wrong type, naming the field (%#)', async (value, field, message) => {
    const error = await importUi(value).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InvalidContentError);
    expect((error as InvalidContentError).location.field).toBe(field);
    expect((error as InvalidContentError).message).toMatch(message);
  });
});
