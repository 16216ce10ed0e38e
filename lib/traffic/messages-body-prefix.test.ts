import { describe, expect, it } from 'vitest';
import { anthropicCacheRequest } from './anthropic-cache-request';
import { messagesBodyPrefix, placeholderBody } from './messages-body-prefix';

const tool = (name: string) => ({ name, description: `${name} a file`, input_schema: { type: 'object' } });
const body = {
  model: 'claude-sonnet-4-6',
  max_tokens: 1024,
  stream: true,
  tool_choice: { type: 'auto' },
  tools: [tool('read'), tool('edit')],
  system: [
    { type: 'text', text: 'You are a coding agent.' },
    { type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } },
  ],
  messages: [
    { role: 'user', content: 'Fix the date bug.' },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Reading it.' },
        { type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'src/date.ts' } },
      ],
    },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'export const x = 1;', cache_control: { type: 'ephemeral' } }] },
  ],
};

describe('messagesBodyPrefix', () => {
  it('cuts in the tools: the tools so far and tool_choice, counted with the placeholder message', () => {
    expect(messagesBodyPrefix(body, 1)).toEqual({
      body: { model: 'claude-sonnet-4-6', tools: [tool('read')], tool_choice: { type: 'auto' }, messages: [{ role: 'user', content: '.' }] },
      placeholder: true,
    });
  });

  it('cuts in the system: every tool and the system blocks so far', () => {
    expect(messagesBodyPrefix(body, 4)).toEqual({
      body: { model: 'claude-sonnet-4-6', tools: body.tools, tool_choice: { type: 'auto' }, system: body.system, messages: [{ role: 'user', content: '.' }] },
      placeholder: true,
    });
  });

  it('cuts inside a message: the blocks before the cut, and nothing that is not prompt', () => {
    expect(messagesBodyPrefix(body, 6)).toEqual({
      body: {
        model: 'claude-sonnet-4-6',
        tools: body.tools,
        tool_choice: { type: 'auto' },
        system: body.system,
        messages: [body.messages[0], { role: 'assistant', content: [{ type: 'text', text: 'Reading it.' }] }],
      },
      placeholder: false,
    });
  });

  it('at the end is the whole request without max_tokens, stream or sampling', async () => {
    const { request } = await anthropicCacheRequest(body);
    expect(request.segments).toHaveLength(8);
    const { max_tokens: _, stream: __, ...prompt } = body;
    expect(messagesBodyPrefix(body, 8)).toEqual({ body: prompt, placeholder: false });
  });

  it('keeps a string system prompt a string when all of it is kept, and leaves tool_choice out with no tool', () => {
    const plain = { model: 'm', system: 'Be brief.', tool_choice: { type: 'auto' }, messages: [{ role: 'user', content: 'Hi' }] };
    expect(messagesBodyPrefix(plain, 1)).toEqual({ body: { model: 'm', system: 'Be brief.', messages: [{ role: 'user', content: '.' }] }, placeholder: true });
    expect(messagesBodyPrefix(plain, 2).body).toEqual({ model: 'm', system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] });
    expect(placeholderBody('m')).toEqual({ model: 'm', messages: [{ role: 'user', content: '.' }] });
  });
});
