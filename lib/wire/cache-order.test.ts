import { describe, expect, it } from 'vitest';
import { contentBlocks, messagesBodyParts } from './anthropic-messages/body-parts';
import { withoutCacheControl } from './anthropic-messages/cache-control';
import { cacheSections } from './cache-order';
import { geminiBodyParts, geminiModel } from './gemini/gemini-request';
import { chatMessageAsRead, leadingSystemCount, singleTextAsString } from './openai-chat/chat-content';
import { inputItems, speaker } from './openai-responses/input-items';

const mark = { type: 'ephemeral' } as const;
const sections = (body: Record<string, unknown>, shape: Parameters<typeof cacheSections>[1]) =>
  cacheSections(body, shape).map(({ reason, path, value }) => [reason, path, value]);

describe('each API’s cache order', () => {
  it('Messages: model, tools, system, messages, without cache_control anywhere, a string system as its one block', () => {
    const body = {
      model: 'claude',
      system: 'Be brief.',
      tools: [{ name: 'read', input_schema: {}, cache_control: mark }],
      messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 'x', cache_control: mark }] }] }],
    };
    expect(sections(body, 'messages')).toEqual([
      ['model_changed', 'model', 'claude'],
      ['tools_changed', 'tools', [{ name: 'read', input_schema: {} }]],
      ['system_changed', 'system', [{ type: 'text', text: 'Be brief.' }]],
      ['messages_changed', 'messages', [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: [{ type: 'text', text: 'x' }] }] }]],
    ]);
  });

  it('Chat Completions: model, the leading system messages, tools, the rest; one marked text part read as its string', () => {
    const body = {
      model: 'gpt',
      tools: [{ type: 'function', function: { name: 'read' } }],
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Hi', cache_control: mark }] },
        { role: 'system', content: 'Late.' },
      ],
    };
    expect(sections(body, 'chat')).toEqual([
      ['model_changed', 'model', 'gpt'],
      ['system_changed', 'messages', [{ role: 'system', content: 'Be brief.' }]],
      ['tools_changed', 'tools', body.tools],
      [
        'messages_changed',
        'messages',
        [
          { role: 'user', content: 'Hi' },
          { role: 'system', content: 'Late.' },
        ],
      ],
    ]);
  });

  it('Responses: model, instructions, tools, input (a string is the user’s one message)', () => {
    expect(sections({ model: 'gpt', instructions: 'Be brief.', input: 'Hi' }, 'responses')).toEqual([
      ['model_changed', 'model', 'gpt'],
      ['system_changed', 'instructions', 'Be brief.'],
      ['tools_changed', 'tools', []],
      ['messages_changed', 'input', [{ role: 'user', content: 'Hi' }]],
    ]);
  });

  it('Gemini: system instruction, tools, contents (the model is in the URL)', () => {
    const body = { systemInstruction: { parts: [{ text: 'Be brief.' }] }, contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] };
    expect(sections(body, 'gemini')).toEqual([
      ['system_changed', 'systemInstruction', body.systemInstruction],
      ['tools_changed', 'tools', []],
      ['messages_changed', 'contents', body.contents],
    ]);
    expect(geminiModel('https://host/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse')).toBe('gemini-2.5-flash');
  });

  it('Converse as it stands: tools, system, messages, each without its cachePoint entries', () => {
    const body = {
      toolConfig: { tools: [{ toolSpec: { name: 'read' } }, { cachePoint: { type: 'default' } }] },
      system: [{ text: 'Be brief.' }, { cachePoint: { type: 'default' } }],
      messages: [{ role: 'user', content: [{ text: 'Hi' }, { cachePoint: { type: 'default' } }] }],
    };
    expect(sections(body, 'converse')).toEqual([
      ['tools_changed', 'toolConfig.tools', [{ toolSpec: { name: 'read' } }]],
      ['system_changed', 'system', [{ text: 'Be brief.' }]],
      ['messages_changed', 'messages', [{ role: 'user', content: [{ text: 'Hi' }] }]],
    ]);
  });
});

describe('the shared readers', () => {
  it('reads a Messages content, a string or blocks, leaving out what is no block', () => {
    expect(contentBlocks('Hi')).toEqual([{ type: 'text', text: 'Hi' }]);
    expect(contentBlocks([{ type: 'text', text: 'a' }, 'stray', null])).toEqual([{ type: 'text', text: 'a' }]);
    expect(contentBlocks(undefined)).toEqual([]);
    const parts = messagesBodyParts({ tools: [{ name: 'x' }, 3], system: 'S', messages: [{ role: 'user', content: 'Hi' }, 'stray'] });
    expect(parts).toEqual({
      tools: [{ name: 'x' }],
      system: [{ type: 'text', text: 'S' }],
      messages: [{ message: { role: 'user', content: 'Hi' }, blocks: [{ type: 'text', text: 'Hi' }] }],
    });
  });

  it('takes cache_control out wherever it stands, and nothing else', () => {
    expect(withoutCacheControl({ a: [{ cache_control: mark, b: 1 }], cache_control: mark, c: 'cache_control' })).toEqual({ a: [{ b: 1 }], c: 'cache_control' });
  });

  it('reads one text part with nothing else on it as its string, anything else as it is', () => {
    expect(singleTextAsString([{ type: 'text', text: 'Hi' }])).toBe('Hi');
    const kept = [{ type: 'text', text: 'Hi', annotations: [] }];
    expect(singleTextAsString(kept)).toBe(kept);
    expect(singleTextAsString('Hi')).toBe('Hi');
    expect(chatMessageAsRead({ role: 'user', content: [{ type: 'text', text: 'Hi', cache_control: mark }], cache_control: mark })).toEqual({
      role: 'user',
      content: 'Hi',
    });
  });

  it('counts the leading system messages only', () => {
    expect(leadingSystemCount([{ role: 'system' }, { role: 'system' }, { role: 'user' }, { role: 'system' }])).toBe(2);
    expect(leadingSystemCount([{ role: 'developer' }, { role: 'system' }])).toBe(0);
    expect(leadingSystemCount([{ role: 'system' }])).toBe(1);
  });

  it('reads a Responses input and who each item speaks for', () => {
    expect(inputItems('Hi')).toEqual([{ role: 'user', content: 'Hi' }]);
    const items = inputItems([{ type: 'function_call', name: 'x' }, { type: 'function_call_output', output: 'y' }, { role: 'developer', content: 'z' }, 1]);
    expect(items.map(speaker)).toEqual(['assistant', 'tool', 'developer']);
  });

  it('reads a Gemini body’s parts with each content’s role', () => {
    expect(geminiBodyParts({ tools: [{ functionDeclarations: [] }], contents: [{ role: 'model', parts: [{ text: 'a' }, 'stray'] }] })).toEqual({
      system: [],
      tools: [{ functionDeclarations: [] }],
      contents: [{ role: 'model', parts: [{ text: 'a' }] }],
    });
  });
});
