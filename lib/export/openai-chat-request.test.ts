import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '@/lib/fork';
import { importTranscript } from '@/lib/import/import-transcript';
import { inlineMedia, sniffImageMediaType, toOpenAiChatRequest } from './openai-chat-request';
import { PNG, childRequest as sampleChildRequest, sampleConversation } from './testing/sample-child-request';

const conversation = sampleConversation('text');
const childRequest = (initial: ModelMessage[], overrides: Parameters<typeof sampleChildRequest>[1] = {}) =>
  sampleChildRequest(initial, { model: 'gpt-4.1', ...overrides });

describe('toOpenAiChatRequest', () => {
  it('writes the system instruction, every message, the first prompt and the tools', () => {
    expect(toOpenAiChatRequest(childRequest(conversation))).toEqual({
      model: 'gpt-4.1',
      messages: [
        { role: 'system', content: 'You are a coding agent.' },
        { role: 'user', content: 'Find the config.' },
        {
          role: 'assistant',
          content: 'Reading both.',
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"path":"config.json"}' } },
            { id: 'call_2', type: 'function', function: { name: 'read_file', arguments: '{"path":"b.json"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: '{"debug":true}' },
        { role: 'tool', tool_call_id: 'call_2', content: 'missing' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Also this screenshot.' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
            { type: 'image_url', image_url: { url: 'https://example.com/shot.jpg' } },
          ],
        },
        { role: 'assistant', content: 'Listing.', tool_calls: [{ id: 'call_3', type: 'function', function: { name: 'list', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'call_3', content: 'a.ts b.ts' },
        { role: 'assistant', content: 'Both read.' },
        { role: 'user', content: 'Now fix the bug.' },
      ],
      tools: [
        {
          type: 'function',
          function: { name: 'read_file', description: 'Read a file', parameters: { type: 'object', properties: { path: { type: 'string' } } } },
        },
        { type: 'function', function: { name: 'list', parameters: { type: 'object', properties: {} } } },
      ],
    });
  });

  it('imports back to the same messages, system instruction, tools and model (reasoning has no Chat field)', async () => {
    const child = childRequest(conversation);
    const imported = await importTranscript(JSON.stringify(toOpenAiChatRequest(child)), { format: 'openai-chat' });
    const withoutReasoning = conversation.map((message) =>
      message.role === 'assistant' && Array.isArray(message.content)
        ? { ...message, content: message.content.filter((part) => part.type !== 'reasoning') }
        : message,
    );
    expect(imported.transcript.messages.map((entry) => entry.message)).toEqual([...withoutReasoning, child.firstPrompt.message]);
    expect(imported.transcript.profile).toMatchObject({ systemInstruction: child.systemInstruction, tools: child.tools, model: child.model });
  });

  it('leaves out an empty system instruction and an empty tool list', () => {
    const body = toOpenAiChatRequest(childRequest([], { systemInstruction: '', tools: [] }));
    expect(body).toEqual({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'Now fix the bug.' }] });
  });

  it('writes results as text, middle system messages as system, and files the way the API takes them', () => {
    const body = toOpenAiChatRequest(
      childRequest(
        [
          {
            role: 'user',
            content: [
              { type: 'file', data: 'JVBERi0=', mediaType: 'application/pdf' },
              { type: 'file', data: 'UklGRg==', mediaType: 'audio/wav', filename: 'a.wav' },
              { type: 'file', data: 'aGk=', mediaType: 'text/plain', filename: 'notes.txt' },
              { type: 'file', data: 'https://x/doc.pdf', mediaType: 'application/pdf' },
              { type: 'image', image: `data:image/gif;base64,R0lGODlh`, providerOptions: { openai: { imageDetail: 'low' } } },
              { type: 'image', image: '/9j/4AAQ' },
            ],
          },
          {
            role: 'assistant',
            content: [
              { type: 'tool-call', toolCallId: 'a', toolName: 'f', input: { x: 1 } },
              { type: 'tool-call', toolCallId: 'b', toolName: 'f', input: {} },
              { type: 'tool-call', toolCallId: 'c', toolName: 'f', input: {} },
            ],
          },
          {
            role: 'tool',
            content: [
              { type: 'tool-result', toolCallId: 'a', toolName: 'f', output: { type: 'json', value: { ok: true } } },
              { type: 'tool-result', toolCallId: 'b', toolName: 'f', output: { type: 'error-text', value: 'boom' } },
              { type: 'tool-result', toolCallId: 'c', toolName: 'f', output: { type: 'execution-denied' } },
            ],
          },
          { role: 'system', content: 'Wrap up.' },
          { role: 'assistant', content: [{ type: 'reasoning', text: 'thinking' }] },
        ],
        { tools: [] },
      ),
    );
    expect(body.messages.slice(1, -1)).toEqual([
      {
        role: 'user',
        content: [
          { type: 'file', file: { filename: 'part-0.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' } },
          { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
          { type: 'text', text: '[file notes.txt (text/plain): 4 base64 characters not sent]' },
          { type: 'text', text: '[file (application/pdf): https://x/doc.pdf]' },
          { type: 'image_url', image_url: { url: 'data:image/gif;base64,R0lGODlh', detail: 'low' } },
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/4AAQ' } },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'a', type: 'function', function: { name: 'f', arguments: '{"x":1}' } },
          { id: 'b', type: 'function', function: { name: 'f', arguments: '{}' } },
          { id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'a', content: '{"ok":true}' },
      { role: 'tool', tool_call_id: 'b', content: 'boom' },
      { role: 'tool', tool_call_id: 'c', content: 'Tool call execution denied.' },
      { role: 'system', content: 'Wrap up.' },
      { role: 'assistant', content: '' },
    ]);
  });
});

describe('inlineMedia and sniffImageMediaType', () => {
  it('reads URLs, data URLs, base64 and bytes as the AI SDK does', () => {
    expect(inlineMedia('https://x/a.png', undefined)).toEqual({ kind: 'url', url: 'https://x/a.png' });
    expect(inlineMedia(new URL('https://x/a.png'), undefined)).toEqual({ kind: 'url', url: 'https://x/a.png' });
    expect(inlineMedia('data:image/png;base64,AAAA', undefined)).toEqual({ kind: 'base64', data: 'AAAA', mediaType: 'image/png' });
    expect(inlineMedia('AAAA', 'image/webp')).toEqual({ kind: 'base64', data: 'AAAA', mediaType: 'image/webp' });
    expect(inlineMedia(new Uint8Array([104, 105]), 'text/plain')).toEqual({ kind: 'base64', data: 'aGk=', mediaType: 'text/plain' });
  });

  it('knows PNG, JPEG, GIF and WebP, and defaults to JPEG', () => {
    expect([PNG, '/9j/4AAQ', 'R0lGODlh', 'UklGRlAAAABXRUJQ', 'AAAA'].map(sniffImageMediaType)).toEqual([
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
      'image/jpeg',
    ]);
  });
});

describe('toOpenAiChatRequest: free-form tool input', () => {
  it('sends a raw string input as the arguments themselves, not a JSON string of it', () => {
    const body = toOpenAiChatRequest(
      childRequest([
        { role: 'user', content: 'Patch it.' },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'apply_patch', input: '*** Begin Patch' }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'apply_patch', output: { type: 'text', value: 'ok' } }] },
      ]),
    );
    expect(body.messages.find((message) => message.role === 'assistant')).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'apply_patch', arguments: '*** Begin Patch' } }],
    });
  });
});

describe('toOpenAiChatRequest prompt_cache_key', () => {
  it("carries the parent's key when asked, so the fork stays in the parent's cache bucket, and nothing otherwise", () => {
    const child = sampleChildRequest([{ role: 'user', content: 'Start.' }]);
    expect(toOpenAiChatRequest(child, { promptCacheKey: 'session-42' }).prompt_cache_key).toBe('session-42');
    expect('prompt_cache_key' in toOpenAiChatRequest(child)).toBe(false);
    expect('prompt_cache_key' in toOpenAiChatRequest(child, { promptCacheKey: '' })).toBe(false);
  });
});
