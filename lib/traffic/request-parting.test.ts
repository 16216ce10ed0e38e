import { describe, expect, it } from 'vitest';
import { messagesBodyOfConverse } from '@/lib/wire/bedrock-converse/converse-as-messages';
import { messagesBodyOfChat } from '@/lib/wire/openai-chat/chat-as-messages';
import { requestParting } from './request-parting';
import type { TrafficExchange } from './traffic-exchange';

const exchange = (index: number, body: Record<string, unknown>): TrafficExchange => ({
  source: 'log.jsonl',
  index,
  atMs: 1_000 * index,
  url: 'https://api.anthropic.com/v1/messages',
  model: 'claude-sonnet-4',
  usage: null,
  body: { model: 'claude-sonnet-4', ...body },
});

const system = [{ type: 'text', text: 'You are a careful coding agent.', cache_control: { type: 'ephemeral' } }];
const turn = (text: string, cached = false) => ({
  role: 'user',
  content: [{ type: 'text', text, ...(cached ? { cache_control: { type: 'ephemeral' } } : {}) }],
});

describe('requestParting', () => {
  it('says a growing conversation does not part: the later request starts with all of the earlier one, breakpoints moved or not', () => {
    const earlier = exchange(0, { system, messages: [turn('Add a test.', true)] });
    const later = exchange(1, { system, messages: [turn('Add a test.'), { role: 'assistant', content: 'Added.' }, turn('Run it.', true)] });
    expect(requestParting(earlier, later, 'messages', 120)).toEqual({
      earlier: { source: 'log.jsonl', index: 0, atMs: 0 },
      sharedTokens: 120,
      reason: null,
      path: null,
      diff: [],
    });
  });

  it('names the first place in cache order where they differ, with a word diff, in the diagnostics’ words', () => {
    const earlier = exchange(0, { system, messages: [turn('Add a test for parseDate.')] });
    const changedSystem = exchange(1, { system: [{ type: 'text', text: 'You are a hasty coding agent.' }], messages: [turn('Add a test for parseDate.')] });
    expect(requestParting(earlier, changedSystem, 'messages', 0)).toMatchObject({
      reason: 'system_changed',
      path: 'system[0].text',
      diff: [
        { text: 'You are a ', change: 'kept' },
        { text: 'careful', change: 'removed' },
        { text: 'hasty', change: 'added' },
        { text: ' coding agent.', change: 'kept' },
      ],
    });
    const compacted = exchange(2, { system, messages: [turn('Summary of the session so far.')] });
    expect(requestParting(earlier, compacted, 'messages', 10)).toMatchObject({ reason: 'messages_changed', path: 'messages[0].content[0].text' });
    const tools = exchange(3, { system, tools: [{ name: 'Read' }], messages: [turn('Add a test for parseDate.')] });
    expect(requestParting(earlier, tools, 'messages', 0)).toMatchObject({ reason: 'tools_changed', path: 'tools[0]' });
  });

  it('numbers a chat request’s messages as the request does, past its system messages', () => {
    const chat = (index: number, messages: unknown[]) => ({ ...exchange(index, { messages }), url: 'https://api.deepseek.com/chat/completions' });
    const earlier = chat(0, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Fix it.' },
    ]);
    const later = chat(1, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Fix it now.' },
    ]);
    expect(requestParting(earlier, later, 'chat', 5)).toMatchObject({ reason: 'messages_changed', path: 'messages[1].content' });
  });

  it('reads a chat prompt marked for caching as the same prompt sent as a string once the mark moved on', () => {
    const chat = (index: number, messages: unknown[]) => ({ ...exchange(index, { messages }), url: 'https://openrouter.ai/api/v1/chat/completions' });
    const marked = chat(0, [{ role: 'user', content: [{ type: 'text', text: 'Fix it.', cache_control: { type: 'ephemeral' } }] }]);
    const moved = chat(1, [
      { role: 'user', content: 'Fix it.' },
      { role: 'assistant', content: 'Fixed.' },
      { role: 'user', content: [{ type: 'text', text: 'Thanks.', cache_control: { type: 'ephemeral' } }] },
    ]);
    expect(requestParting(marked, moved, 'chat', 5)).toMatchObject({ reason: null, path: null });
    const edited = chat(1, [{ role: 'user', content: 'Fix it all.' }]);
    expect(requestParting(marked, edited, 'chat', 0)).toMatchObject({ reason: 'messages_changed', path: 'messages[0].content' });
  });

  it('compares two translated requests as the Messages requests they became, and names the place in the body as sent', () => {
    const converse = (index: number, body: Record<string, unknown>) => {
      const sent = {
        ...exchange(index, body),
        url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-sonnet-4-5-20250929-v1:0/converse',
      };
      return { sent, translation: messagesBodyOfConverse(body, 'claude-sonnet-4-5-20250929') };
    };
    const parting = (one: ReturnType<typeof converse>, other: ReturnType<typeof converse>) =>
      requestParting(one.sent, other.sent, 'converse', 0, { earlier: one.translation, later: other.translation });
    const point = { cachePoint: { type: 'default' } };
    const tool = { toolSpec: { name: 'lookup', inputSchema: { json: {} } } };
    const earlier = converse(0, {
      toolConfig: { tools: [tool, point] },
      system: [{ text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ text: 'Hi' }, point, { text: 'A' }, { text: 'B' }] }],
    });
    // A cachePoint moved is no change: it marks where to cache.
    const moved = converse(1, {
      toolConfig: { tools: [tool] },
      system: [{ text: 'Be brief.' }, point],
      messages: [{ role: 'user', content: [{ text: 'Hi' }, { text: 'A' }, point, { text: 'B' }] }],
    });
    expect(parting(earlier, moved)).toMatchObject({ reason: null });
    // Past a cachePoint, an index counts as the body was sent; a block the later request dropped is named where the earlier had it.
    const edited = converse(1, {
      toolConfig: { tools: [tool, point] },
      system: [{ text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ text: 'Hi' }, point, { text: 'A!' }] }],
    });
    expect(parting(earlier, edited)).toMatchObject({ reason: 'messages_changed', path: 'messages[0].content[2].text' });
    const dropped = converse(1, {
      toolConfig: { tools: [tool, point] },
      system: [{ text: 'Be brief.' }],
      messages: [{ role: 'user', content: [{ text: 'Hi' }, point, { text: 'A' }] }],
    });
    expect(parting(earlier, dropped)).toMatchObject({ reason: 'messages_changed', path: 'messages[0].content[3]' });
    // Anthropic caches tools first: a renamed tool parts there, named as the block that was sent.
    const renamed = converse(1, {
      toolConfig: { tools: [{ toolSpec: { name: 'find', inputSchema: { json: {} } } }] },
      system: [{ text: 'Be brief!' }],
      messages: [],
    });
    expect(parting(earlier, renamed)).toMatchObject({ reason: 'tools_changed', path: 'toolConfig.tools[0]' });
  });

  it('compares an OpenRouter chat body to an Anthropic model in Anthropic’s order, every system message part of the system', () => {
    const chat = (index: number, messages: unknown[]) => {
      const body = { model: 'anthropic/claude-sonnet-4.6', messages };
      return {
        sent: { ...exchange(index, body), url: 'https://openrouter.ai/api/v1/chat/completions' },
        translation: messagesBodyOfChat(body, 'claude-sonnet-4-6'),
      };
    };
    const earlier = chat(0, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Fix it.' },
      { role: 'assistant', content: 'Done.' },
      { role: 'system', content: 'Now be thorough.' },
      { role: 'user', content: 'Check it.' },
    ]);
    const later = chat(1, [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Fix it.' },
      { role: 'assistant', content: 'Done.' },
      { role: 'system', content: 'Now be careful.' },
      { role: 'user', content: 'Check it.' },
    ]);
    expect(requestParting(earlier.sent, later.sent, 'chat', 0, { earlier: earlier.translation, later: later.translation })).toMatchObject({
      reason: 'system_changed',
      path: 'messages[3].content',
    });
  });
});
