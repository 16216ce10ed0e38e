import { describe, expect, it } from 'vitest';
import { messagesBodyOfConverse } from './converse-as-messages';

const point = { cachePoint: { type: 'default' } };
const ephemeral = { type: 'ephemeral' };

describe('messagesBodyOfConverse', () => {
  it('turns a Converse body into the Messages request an Anthropic model reads, each cachePoint a breakpoint on the block before it', () => {
    const { body, origins } = messagesBodyOfConverse(
      {
        system: [{ text: 'Answer with a number.' }, point],
        toolConfig: {
          tools: [{ toolSpec: { name: 'lookup', description: 'Look it up.', inputSchema: { json: { type: 'object' } } } }, point],
        },
        messages: [
          {
            role: 'user',
            content: [{ text: 'Notes' }, { document: { name: 'Doc', format: 'txt', source: { bytes: 'WW91' } } }, point, { text: 'What is 10 + 11?' }],
          },
          { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'lookup', input: {} } }] },
          {
            role: 'user',
            content: [{ toolResult: { toolUseId: 't1', content: [{ text: '21' }], status: 'error' } }, { cachePoint: { type: 'default', ttl: '1h' } }],
          },
        ],
      },
      'claude-sonnet-4-5-20250929',
    );
    expect(body).toEqual({
      model: 'claude-sonnet-4-5-20250929',
      tools: [{ name: 'lookup', description: 'Look it up.', input_schema: { type: 'object' }, cache_control: ephemeral }],
      system: [{ type: 'text', text: 'Answer with a number.', cache_control: ephemeral }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Notes' },
            { document: { name: 'Doc', format: 'txt', source: { bytes: 'WW91' } }, cache_control: ephemeral },
            { type: 'text', text: 'What is 10 + 11?' },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'lookup', input: {} }] },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ text: '21' }], is_error: true, cache_control: { type: 'ephemeral', ttl: '1h' } }],
        },
      ],
    });
    // A cachePoint is no block: the origins skip it.
    expect(origins).toEqual([
      'toolConfig.tools[0]',
      'system[0]',
      'messages[0].content[0]',
      'messages[0].content[1]',
      'messages[0].content[3]',
      'messages[1].content[0]',
      'messages[2].content[0]',
    ]);
  });

  it('a cachePoint with nothing before it marks nothing', () => {
    const { body } = messagesBodyOfConverse({ system: [point, { text: 'Hi.' }], messages: [] }, 'claude-sonnet-4-5');
    expect(body.system).toEqual([{ type: 'text', text: 'Hi.' }]);
  });

  it('reads the model’s reasoning as Anthropic’s thinking block, its signature apart from its text', () => {
    const { body } = messagesBodyOfConverse(
      {
        messages: [
          {
            role: 'assistant',
            content: [
              { reasoningContent: { reasoningText: { text: 'Add them.', signature: 'c2ln' } } },
              { reasoningContent: { redactedContent: 'cmVk' } },
              { text: '21' },
            ],
          },
        ],
      },
      'claude-sonnet-4-5',
    );
    expect(body.messages).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Add them.', signature: 'c2ln' },
          { type: 'redacted_thinking', data: 'cmVk' },
          { type: 'text', text: '21' },
        ],
      },
    ]);
  });
});
