import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import type { Capture } from './capture-store';
import { forkCacheReuse } from './fork-cache-reuse';

/*
 * Two sibling forks of one message, in the Chat Completions shape Kimi Code sends: the parent's
 * request before the calls (#1), the two children's first requests (#2, #3), then the parent's
 * request with both results (#4). A long system prompt, so the cache has something to read.
 */

const SYSTEM = `You are a careful agent. ${'Follow the project rules. '.repeat(400)}`;
const START = [
  { role: 'system', content: SYSTEM },
  { role: 'user', content: 'Fork two workers.' },
];
const call = (id: string, prompt: string) => ({ id, type: 'function', function: { name: 'Agent', arguments: JSON.stringify({ fork: true, prompt }) } });
const CALLS = { role: 'assistant', content: '', tool_calls: [call('c0', 'Read notes.txt'), call('c1', 'When does the train leave?')] };
const open = (id: string) => ({ role: 'tool', tool_call_id: id, content: 'still running' });
const TOOLS = [{ type: 'function', function: { name: 'Agent', description: 'Launch a subagent.', parameters: { type: 'object', properties: {} } } }];

function capture(id: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Capture {
  return {
    id,
    api: 'openai-chat',
    sessionKey: null,
    captureSession: null,
    requestBody: JSON.stringify({ model: 'kimi-k3', tools: TOOLS, ...body }),
    requestHeaders: headers,
    status: 200,
    responseBody: null,
    responseTruncated: false,
    responseHeaders: null,
    error: null,
    startedAt: `2026-12-03T10:00:0${id}.000Z`,
    endedAt: null,
  };
}

const TRAFFIC = [
  capture(1, { messages: START, prompt_cache_key: 'session-1' }),
  capture(2, { messages: [...START, CALLS, open('c0'), open('c1'), { role: 'user', content: 'Read notes.txt' }], prompt_cache_key: 'session-1' }),
  capture(3, { messages: [...START, CALLS, open('c0'), open('c1'), { role: 'user', content: 'When does the train leave?' }], prompt_cache_key: 'session-2' }),
  capture(4, {
    messages: [...START, CALLS, { role: 'tool', tool_call_id: 'c0', content: 'one line' }, { role: 'tool', tool_call_id: 'c1', content: 'at nine' }],
    prompt_cache_key: 'session-1',
  }),
];

describe('what a fork reused of its parent’s cache', () => {
  it('compares the child’s first request with the parent’s request before the call, not with a sibling sent between them', async () => {
    const reuse = await forkCacheReuse(TRAFFIC, { parentId: 4, childId: 3, toolCallId: 'c1' }, PROVIDER_RULES, 'kimi');
    expect(reuse).toMatchObject({ parentRequest: 1, childRequest: 3, provider: 'kimi', model: 'kimi-k3', pricedAs: null, parting: null });
    // The child repeats the parent's whole request first, and Moonshot's cache reads it in 256-token steps.
    expect(reuse).toMatchObject({ parentTokens: 2040, childTokens: 2117, sharedTokens: 2040, cachedTokens: 1792, writtenTokens: 0 });
    expect(reuse!.reasons).toEqual(['Shared prefix 2,040 tokens; Kimi (Moonshot) counts hits in 256-token steps: 1,792.']);
    // 1,792 read at $0.30 a million and 325 at $3, against all 2,117 at $3.
    expect(reuse!.cost.fork.dollars).toBeCloseTo((1792 * 0.3 + 325 * 3) / 1_000_000, 12);
    expect(reuse!.cost.cold.dollars).toBeCloseTo((2117 * 3) / 1_000_000, 12);
    expect(reuse!.routing.values).toEqual([{ name: 'prompt_cache_key', parent: 'session-1', child: 'session-2' }]);
  });

  it('names where a child parts from its parent, and prices a model the provider does not list as its default', async () => {
    const offline = TRAFFIC.map((each) => ({ ...each, requestBody: each.requestBody.replace('"kimi-k3"', '"fork-lab-offline"') }));
    const renamed = offline.with(2, { ...offline[2]!, requestBody: offline[2]!.requestBody.replace('You are a careful agent.', 'You are a fork.') });
    const reuse = await forkCacheReuse(renamed, { parentId: 4, childId: 3, toolCallId: 'c1' }, PROVIDER_RULES, 'kimi');
    expect(reuse).toMatchObject({
      sharedTokens: 0,
      cachedTokens: 0,
      model: 'kimi-k3',
      pricedAs: 'kimi-k3',
      parting: { reason: 'system_changed', path: 'messages[0].content' },
    });
    expect(reuse!.cost.fork).toEqual(reuse!.cost.cold);
  });

  it('says nothing of a fork whose parent sent no request before the child', async () => {
    expect(await forkCacheReuse(TRAFFIC.slice(1), { parentId: 4, childId: 3, toolCallId: 'c1' }, PROVIDER_RULES, 'kimi')).toBeNull();
    expect(await forkCacheReuse(TRAFFIC, { parentId: 4, childId: 3, toolCallId: 'nope' }, PROVIDER_RULES, 'kimi')).toBeNull();
  });
});
