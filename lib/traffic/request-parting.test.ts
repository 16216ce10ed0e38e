import { describe, expect, it } from 'vitest';
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

  it('reads a Converse request in its cache order, a cachePoint no part of what it compares', () => {
    const converse = (index: number, body: Record<string, unknown>) => ({
      ...exchange(index, body),
      url: 'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-sonnet-4-5-20250929-v1:0/converse',
    });
    const tools = { tools: [{ toolSpec: { name: 'lookup', inputSchema: { json: {} } } }, { cachePoint: { type: 'default' } }] };
    const earlier = converse(0, { toolConfig: tools, system: [{ text: 'Be brief.' }], messages: [{ role: 'user', content: [{ text: 'Hi' }] }] });
    const unmarked = { tools: [{ toolSpec: { name: 'lookup', inputSchema: { json: {} } } }] };
    const moved = converse(1, {
      toolConfig: unmarked,
      system: [{ text: 'Be brief.' }, { cachePoint: { type: 'default' } }],
      messages: [{ role: 'user', content: [{ text: 'Hi' }] }],
    });
    expect(requestParting(earlier, moved, 'converse', 9)).toMatchObject({ reason: null });
    const renamed = converse(1, {
      toolConfig: { tools: [{ toolSpec: { name: 'find', inputSchema: { json: {} } } }] },
      system: [{ text: 'Be brief.' }],
      messages: [],
    });
    expect(requestParting(earlier, renamed, 'converse', 0)).toMatchObject({ reason: 'tools_changed', path: 'toolConfig.tools[0].toolSpec.name' });
  });
});
