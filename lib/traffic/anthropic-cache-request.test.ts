import { describe, expect, it } from 'vitest';
import { anthropicCacheRequest, anthropicRoundRequests } from './anthropic-cache-request';

const ephemeral = { type: 'ephemeral' };

describe('anthropicCacheRequest', () => {
  it('is one segment per block, tools then system then messages, with the breakpoints as sent', async () => {
    const { request, breakpoints } = await anthropicCacheRequest({
      model: 'claude-sonnet-4-20250514',
      tools: [
        { name: 'Read', input_schema: {} },
        { name: 'Write', input_schema: {}, cache_control: ephemeral },
      ],
      system: [
        { type: 'text', text: 'You are Claude Code.', cache_control: ephemeral },
        { type: 'text', text: 'Be brief.' },
      ],
      messages: [
        { role: 'user', content: 'Fix the bug.' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'On it.' },
            { type: 'tool_use', id: 't1', name: 'Read', input: { path: 'a.ts' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'code', cache_control: ephemeral }] },
      ],
    });
    expect(request.model).toBe('claude-sonnet-4-20250514');
    expect(request.segments.map((segment) => segment.path)).toEqual([
      'tools[0]',
      'tools[1]',
      'system[0]',
      'system[1]',
      'messages[0].content[0]',
      'messages[1].content[0]',
      'messages[1].content[1]',
      'messages[2].content[0]',
    ]);
    expect(request.segments.every((segment) => segment.blocks === 1 && segment.tokens > 0)).toBe(true);
    expect(breakpoints).toEqual([2, 3, 8]);
    // Where the role changes an earlier request ended: DeepSeek's prefix units stand there.
    expect(request.segments.filter((segment) => segment.turnBoundary).map((segment) => segment.path)).toEqual([
      'messages[0].content[0]',
      'messages[1].content[1]',
    ]);
  });

  it('compares blocks without their cache_control, and tells a role and a message start apart', async () => {
    const keys = async (messages: unknown[]) => (await anthropicCacheRequest({ model: 'm', messages })).request.segments.map((segment) => segment.key);
    const [plain] = await keys([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
    const [marked] = await keys([{ role: 'user', content: [{ type: 'text', text: 'Hi', cache_control: ephemeral }] }]);
    const [asString] = await keys([{ role: 'user', content: 'Hi' }]);
    const [byAssistant] = await keys([{ role: 'assistant', content: 'Hi' }]);
    const [, continued] = await keys([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Yo' },
          { type: 'text', text: 'Hi' },
        ],
      },
    ]);
    expect(marked).toBe(plain);
    expect(asString).toBe(plain);
    expect(byAssistant).not.toBe(plain);
    expect(continued).not.toBe(plain);
  });

  it('puts a request-level cache_control (automatic caching) on the last block, beside the blocks’ own', async () => {
    const messages = [
      { role: 'user', content: [{ type: 'text', text: 'Read it.', cache_control: ephemeral }] },
      { role: 'assistant', content: 'Read.' },
      { role: 'user', content: 'Now sum it.' },
    ];
    expect((await anthropicCacheRequest({ model: 'm', cache_control: { type: 'ephemeral', ttl: '5m' }, messages })).breakpoints).toEqual([1, 3]);
    // On a request whose last block is marked already, it is the same breakpoint, not a second one.
    const lastMarked = [messages[0], { role: 'assistant', content: [{ type: 'text', text: 'Read.', cache_control: ephemeral }] }];
    expect((await anthropicCacheRequest({ model: 'm', cache_control: ephemeral, messages: lastMarked })).breakpoints).toEqual([1, 2]);
    expect((await anthropicCacheRequest({ model: 'm', messages })).breakpoints).toEqual([1]);
  });

  it('counts a thinking block by its thinking: the signature is an opaque check, not prompt', async () => {
    const thinking = (signature: string) => ({ role: 'assistant', content: [{ type: 'thinking', thinking: 'Count the rows first.', signature }] });
    const short = await anthropicCacheRequest({ messages: [thinking('c2ln')] });
    const long = await anthropicCacheRequest({ messages: [thinking('c2ln'.repeat(400))] });
    expect(long.request.segments[0]!.tokens).toBe(short.request.segments[0]!.tokens);
    // Still part of what the cache compares: another signature is another block.
    expect(long.request.segments[0]!.key).not.toBe(short.request.segments[0]!.key);
  });
});

describe('anthropicRoundRequests', () => {
  const call = { type: 'server_tool_use', id: 'a', name: 'web_search', input: { query: 'fork' } };
  const found = { type: 'web_search_tool_result', tool_use_id: 'a', content: [] };

  it('is the request with the answer so far as the assistant’s turn, and a breakpoint at its end besides the sent ones', async () => {
    const [round] = await anthropicRoundRequests(
      { system: [{ type: 'text', text: 'Be brief.', cache_control: ephemeral }], messages: [{ role: 'user', content: 'Search.' }] },
      [[call, found]],
    );
    expect(round!.request.segments.map((segment) => segment.path)).toEqual([
      'system[0]',
      'messages[0].content[0]',
      'messages[1].content[0]',
      'messages[1].content[1]',
    ]);
    expect(round!.breakpoints).toEqual([1, 4]);
  });

  it('cuts each round from the last: the answer so far, the sent breakpoints, and one at the round’s end', async () => {
    const second = { type: 'server_tool_use', id: 'b', name: 'web_search', input: { query: 'spawn' } };
    const foundAgain = { type: 'web_search_tool_result', tool_use_id: 'b', content: [] };
    const thinking = { type: 'thinking', thinking: 'One more search.', signature: 'c2ln' };
    const body = { system: [{ type: 'text', text: 'Be brief.', cache_control: ephemeral }], messages: [{ role: 'user', content: 'Search.' }] };
    const rounds = await anthropicRoundRequests(body, [
      [call, found],
      [call, found, thinking, second, foundAgain],
    ]);
    expect(rounds.map((round) => [round.request.segments.length, round.breakpoints])).toEqual([
      [4, [1, 4]],
      [7, [1, 7]],
    ]);
    // The first round is the second's prefix, block for block.
    expect(rounds[0]!.request.segments).toEqual(rounds[1]!.request.segments.slice(0, 4));
    // Automatic caching moves to each round's end; a request that caches nothing caches nothing in its rounds.
    const automatic = await anthropicRoundRequests({ ...body, system: 'Be brief.', cache_control: ephemeral }, [[call, found]]);
    expect(automatic[0]!.breakpoints).toEqual([4]);
    const uncached = await anthropicRoundRequests({ ...body, system: 'Be brief.' }, [[call, found]]);
    expect(uncached[0]!.breakpoints).toEqual([]);
  });

  it('continues a prefilled assistant message rather than starting another', async () => {
    const [round] = await anthropicRoundRequests(
      {
        messages: [
          { role: 'user', content: 'Search.' },
          { role: 'assistant', content: 'Searching:' },
        ],
      },
      [[call, found]],
    );
    expect(round!.request.segments.map((segment) => segment.path)).toEqual([
      'messages[0].content[0]',
      'messages[1].content[0]',
      'messages[1].content[1]',
      'messages[1].content[2]',
    ]);
  });
});
