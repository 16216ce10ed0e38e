import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { cacheTimeline } from './cache-timeline';
import { cacheLeftBy, inPlainWords } from './plain-words';
import type { TrafficExchange } from './traffic-exchange';

const SYSTEM = 'Follow the house rules for every change. '.repeat(400);

/** A DeepSeek Chat Completions request of a run, three seconds after the one before, with what it reported reading. */
function chat(index: number, messages: unknown[], cached: number, missed: number): TrafficExchange {
  return {
    source: 'run.traj.json',
    index,
    atMs: index * 3_000,
    url: 'https://api.deepseek.com/chat/completions',
    model: 'deepseek-chat',
    usage: { cachedTokens: cached, writtenTokens: missed, uncachedTokens: 0, outputTokens: 10, format: 'deepseek' },
    body: { model: 'deepseek-chat', messages },
  };
}

describe('inPlainWords', () => {
  it('says what each request could reuse of the one before and why no more, and what the provider read where that is news', async () => {
    const first = [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: 'Fix the bug.' },
    ];
    const second = [...first, { role: 'assistant', content: 'Fixed.' }, { role: 'user', content: 'Run the tests.' }];
    const reworded = [...second.slice(0, 3), { role: 'user', content: 'Run the linter.' }];
    const edited = [{ role: 'system', content: `${SYSTEM}Be brief.` }, ...second.slice(1)];
    const entries = await cacheTimeline(
      [
        chat(0, first, 0, 3200),
        chat(1, second, 3136, 80),
        chat(2, reworded, 3136, 80),
        chat(3, edited, 0, 3300),
        chat(4, [{ role: 'user', content: 'Say hi.' }], 2048, 10),
        chat(5, second, 0, 3300),
      ],
      PROVIDER_RULES,
    );
    const name = ({ index }: { index: number }) => `#${index}`;
    const left = cacheLeftBy(entries);
    expect(entries.map((entry) => [entry.verdict, inPlainWords(entry, name, left)])).toEqual([
      ['agrees', 'Nothing earlier in this log starts the same way, so its cache has nothing to reuse.'],
      ['agrees', 'It repeats all of #0: 3,210 tokens; the cache reads 3,200 of them.'],
      ['agrees', 'Its conversation differs from #1 at messages[3].content, after 3,211 tokens they share; the cache reads 3,200 of them.'],
      ['agrees', 'Its system prompt differs from #2 at messages[0].content, so none of the 3,216 tokens #2 left in the cache can be reused.'],
      [
        'warmed outside',
        'Nothing earlier in this log starts the same way, yet the provider read 2,048 tokens: a cache warmed outside this log (an earlier run, another session of the account).',
      ],
      // The same request again: the rule reads what #1 left; the provider read nothing.
      ['disagrees', 'It repeats all of #1: 3,300 tokens; the cache reads 3,264 of them. The provider reported reading nothing.'],
    ]);
  });
});

describe('inPlainWords for a sub-agent', () => {
  it('says first that a sub-agent sent the request, whose tool list parts from its parent’s', async () => {
    const task = 'Find where the date parser drops the month offset and report the file.';
    const parentTools = [{ name: 'Task', description: 'Start a sub-agent', input_schema: { type: 'object' } }];
    const messages = (system: string, tools: unknown[], content: unknown[]) => ({
      model: 'claude-sonnet-4-5',
      system,
      tools,
      max_tokens: 100,
      messages: content,
    });
    const exchange = (index: number, body: Record<string, unknown>): TrafficExchange => ({
      source: 'claude.jsonl',
      index,
      atMs: index * 2_000,
      url: 'https://api.anthropic.com/v1/messages',
      model: 'claude-sonnet-4-5',
      usage: { cachedTokens: 0, writtenTokens: 0, uncachedTokens: 3000, outputTokens: 5, format: 'anthropic' },
      body,
    });
    const parent = [{ role: 'user', content: 'Fix the date bug.' }];
    const called = [
      ...parent,
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Task', input: { description: 'Find the bug', prompt: task } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'src/date.ts' }] },
    ];
    const entries = await cacheTimeline(
      [
        exchange(0, messages(SYSTEM, parentTools, parent)),
        exchange(1, messages(SYSTEM, [{ name: 'Read', description: 'Read a file', input_schema: { type: 'object' } }], [{ role: 'user', content: task }])),
        exchange(2, messages(SYSTEM, parentTools, called)),
      ],
      PROVIDER_RULES,
    );
    expect(entries.map((entry) => entry.subAgent)).toEqual([false, true, false]);
    const sentence = inPlainWords(entries[1]!, ({ index }) => `#${index}`);
    expect(sentence).toMatch(/^Sub-agent request; its tool list differs from #0 at tools\[0\]/);
    expect(inPlainWords(entries[2]!, ({ index }) => `#${index}`)).toMatch(/^It repeats all of #0|^Its conversation differs from #0/);
  });
});
