import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { agreementSummary, cacheAgreement } from './cache-agreement';
import { cacheTimeline } from './cache-timeline';
import type { TrafficExchange } from './traffic-exchange';

const SYSTEM = 'Follow the house rules for every change. '.repeat(400);

/** A DeepSeek Chat Completions request of a run, three seconds after the one before. */
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

describe('cacheAgreement', () => {
  it('counts per provider the requests that agree, and those that read a cache warmed outside the log, which no rule could see', async () => {
    const first = [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: 'Fix the bug.' },
    ];
    const second = [...first, { role: 'assistant', content: 'Fixed.' }, { role: 'user', content: 'Run the tests.' }];
    const other = [
      { role: 'system', content: 'You review code. '.repeat(300) },
      { role: 'user', content: 'Review it.' },
    ];
    const entries = await cacheTimeline(
      [
        // Another run had sent the same system prompt: read with nothing before it in the log.
        chat(0, first, 3136, 69),
        // Reads what #0 left: agrees.
        chat(1, second, 3200, 10),
        // Reads nothing, as the rule says.
        chat(2, other, 0, 1200),
        // Shares only the system prompt with #2, yet reads far past it: warmed outside, though its hit could be foreseen.
        chat(3, [other[0], { role: 'user', content: 'Summarize the change log. '.repeat(400) }], 2800, 400),
      ],
      PROVIDER_RULES,
    );
    expect(entries.map((entry) => entry.verdict)).toEqual(['warmed outside', 'agrees', 'agrees', 'warmed outside']);
    expect(entries[3]!.disagreement).toMatchObject({ kind: 'warmed-outside', longest: { earlier: { index: 2 } } });
    expect(cacheAgreement(entries)).toEqual([
      { provider: 'deepseek', label: 'deepseek', requests: 2, unpredicted: 0, hitMissAgrees: 2, shareWithin: 2, outsideReads: 2, outsideHits: 1 },
    ]);
    expect(agreementSummary(cacheAgreement(entries)[0]!)).toBe(
      '2 requests with reported usage · hit or miss agrees 2 of 2 (100%) · cached share within 5 points 2 of 2 (100%) · 2 more read a cache warmed outside this log, left out',
    );
  });
});
