import { describe, expect, it } from 'vitest';
import { chatCacheRequest } from './chat-cache-request';

describe('chatCacheRequest', () => {
  it('puts the leading system messages, then the tools, then the rest, a segment each, with turn boundaries where a model turn starts or ends', async () => {
    const request = await chatCacheRequest({
      model: 'deepseek-chat',
      tools: [{ type: 'function', function: { name: 'bash' } }],
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Fix it.' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', function: { name: 'bash', arguments: '{}' } }] },
        { role: 'tool', content: 'ok', tool_call_id: 'c1' },
        { role: 'tool', content: 'ok too', tool_call_id: 'c2' },
        { role: 'user', content: 'Go on.' },
      ],
    });
    expect(request.model).toBe('deepseek-chat');
    expect(request.segments.map((segment) => [segment.path, segment.turnBoundary ?? false])).toEqual([
      ['messages[0]', false],
      ['tools[0]', false],
      ['messages[1]', true],
      ['messages[2]', true],
      ['messages[3]', false],
      ['messages[4]', false],
      ['messages[5]', false],
    ]);
    expect(request.segments.every((segment) => segment.tokens > 0 && segment.blocks === 1)).toBe(true);
  });

  it('keys a message by all it sent: the same text with another tool call is another prefix', async () => {
    const one = await chatCacheRequest({ messages: [{ role: 'assistant', content: 'x', tool_calls: [{ id: 'a' }] }] });
    const other = await chatCacheRequest({ messages: [{ role: 'assistant', content: 'x', tool_calls: [{ id: 'b' }] }] });
    const same = await chatCacheRequest({ messages: [{ role: 'assistant', content: 'x', tool_calls: [{ id: 'a' }] }] });
    expect(one.segments[0]!.key).not.toBe(other.segments[0]!.key);
    expect(one.segments[0]!.key).toBe(same.segments[0]!.key);
  });

  it('keys a prompt sent as one marked text part as the string it is sent as once the mark has moved on', async () => {
    const marked = await chatCacheRequest({ messages: [{ role: 'user', content: [{ type: 'text', text: 'hello', cache_control: { type: 'ephemeral' } }] }] });
    const plain = await chatCacheRequest({ messages: [{ role: 'user', content: 'hello' }] });
    const withImage = await chatCacheRequest({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'hello' },
            { type: 'image_url', image_url: { url: 'x' } },
          ],
        },
      ],
    });
    expect(marked.segments[0]!.key).toBe(plain.segments[0]!.key);
    expect(withImage.segments[0]!.key).not.toBe(plain.segments[0]!.key);
  });
});
