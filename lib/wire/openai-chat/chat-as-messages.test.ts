import { describe, expect, it } from 'vitest';
import { messagesBodyOfChat, pathAsSent } from './chat-as-messages';

const mark = { type: 'ephemeral', ttl: '5m' };

describe('messagesBodyOfChat', () => {
  it('turns a Chat Completions body for an Anthropic model into the Messages request, breakpoints where they were sent', () => {
    const translated = messagesBodyOfChat(
      {
        model: 'anthropic/claude-sonnet-4.6',
        messages: [
          { role: 'system', content: [{ type: 'text', text: 'You do sums.', cache_control: mark }] },
          { role: 'user', content: 'What is 123 * 456?' },
          {
            role: 'assistant',
            content: 'Let me calculate.',
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'calculator', arguments: '{"expression": "123 * 456"}' } }],
          },
          { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: '56088', cache_control: mark }] },
          { role: 'user', content: 'Thanks.' },
        ],
        tools: [{ type: 'function', cache_control: mark, function: { name: 'calculator', description: 'Evaluate.', parameters: { type: 'object' } } }],
      },
      'claude-sonnet-4-6',
    );
    const { body, origins } = translated;
    expect(body).toEqual({
      model: 'claude-sonnet-4-6',
      tools: [{ name: 'calculator', description: 'Evaluate.', input_schema: { type: 'object' }, cache_control: mark }],
      system: [{ type: 'text', text: 'You do sums.', cache_control: mark }],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'What is 123 * 456?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Let me calculate.' },
            { type: 'tool_use', id: 'call_1', name: 'calculator', input: { expression: '123 * 456' } },
          ],
        },
        // The tool's result and the next prompt are one user turn: the Messages API alternates roles.
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'text', text: '56088' }], cache_control: mark },
            { type: 'text', text: 'Thanks.' },
          ],
        },
      ],
    });
    expect(translated.blockPaths).toEqual([
      'tools[0]',
      'system[0]',
      'messages[0].content[0]',
      'messages[1].content[0]',
      'messages[1].content[1]',
      'messages[2].content[0]',
      'messages[2].content[1]',
    ]);
    expect(origins).toEqual([
      'tools[0]',
      'messages[0].content[0]',
      'messages[1].content',
      'messages[2].content',
      'messages[2].tool_calls[0]',
      'messages[3]',
      'messages[4].content',
    ]);
  });

  it('keeps arguments that are not JSON as sent, and reads a body with no tools or messages', () => {
    const { body } = messagesBodyOfChat(
      { messages: [{ role: 'assistant', content: null, tool_calls: [{ id: 'c', function: { name: 'f', arguments: '{not json' } }] }] },
      'claude-sonnet-4-6',
    );
    expect(body.messages).toEqual([{ role: 'assistant', content: [{ type: 'tool_use', id: 'c', name: 'f', input: '{not json' }] }]);
    expect(messagesBodyOfChat({}, 'claude-sonnet-4-6')).toEqual({ body: { model: 'claude-sonnet-4-6', messages: [] }, origins: [], blockPaths: [] });
  });

  it('reads a breakpoint on the message itself as one on its last block, and a request-level one as automatic caching', () => {
    const { body } = messagesBodyOfChat(
      {
        cache_control: { type: 'ephemeral' },
        messages: [
          { role: 'user', content: 'Sum these.', cache_control: mark },
          { role: 'assistant', content: 'Calling.', tool_calls: [{ id: 'c', function: { name: 'sum', arguments: '{}' } }], cache_control: mark },
          { role: 'tool', tool_call_id: 'c', content: '3', cache_control: mark },
          { role: 'assistant', content: 'Again.', tool_calls: [{ id: 'd', function: { name: 'sum', arguments: '{}' } }] },
          // An empty result has no block to carry the mark: its tool_result does.
          { role: 'tool', tool_call_id: 'd', content: '', cache_control: mark },
        ],
      },
      'claude-sonnet-4-6',
    );
    expect(body).toEqual({
      model: 'claude-sonnet-4-6',
      cache_control: { type: 'ephemeral' },
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Sum these.', cache_control: mark }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Calling.' },
            { type: 'tool_use', id: 'c', name: 'sum', input: {}, cache_control: mark },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c', content: [{ type: 'text', text: '3' }], cache_control: mark }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Again.' },
            { type: 'tool_use', id: 'd', name: 'sum', input: {} },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'd', content: [], cache_control: mark }] },
      ],
    });
  });

  it('names a place in the translation where it stood in the body as sent', () => {
    const translated = messagesBodyOfChat(
      {
        messages: [
          { role: 'system', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Hi' },
              { type: 'image_url', image_url: { url: 'x' } },
            ],
          },
        ],
      },
      'claude-sonnet-4-6',
    );
    expect(pathAsSent(translated, 'system[0].text')).toBe('messages[0].content');
    expect(pathAsSent(translated, 'messages[0].content[0].text')).toBe('messages[1].content[0].text');
    expect(pathAsSent(translated, 'messages[0].content[1].image_url.url')).toBe('messages[1].content[1]');
    expect(pathAsSent(translated, 'messages[0].content[10]')).toBeNull();
  });
});
