import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { cacheTimeline } from '@/lib/traffic/cache-timeline';
import type { TrafficExchange } from '@/lib/traffic/traffic-exchange';
import { defaultBasis, timelineBars } from './cache-timeline-figures';

const SYSTEM = 'Follow the house rules for every change. '.repeat(400);

function chat(index: number, messages: unknown[], usage: TrafficExchange['usage']): TrafficExchange {
  return {
    source: 'run.traj.json',
    index,
    atMs: index * 3_000,
    url: 'https://api.deepseek.com/chat/completions',
    model: 'deepseek-chat',
    usage,
    body: { model: 'deepseek-chat', messages },
  };
}

const first = [
  { role: 'system', content: SYSTEM },
  { role: 'user', content: 'Fix the bug.' },
];
const second = [...first, { role: 'assistant', content: 'Fixed.' }, { role: 'user', content: 'Run the tests.' }];

describe('timelineBars', () => {
  it('stacks each shown request as reported or as predicted, and keeps a slot for one without figures', async () => {
    const entries = await cacheTimeline(
      [
        chat(0, first, { cachedTokens: 0, writtenTokens: 3200, uncachedTokens: 0, outputTokens: 10, format: 'deepseek' }),
        chat(1, second, { cachedTokens: 3136, writtenTokens: 80, uncachedTokens: 0, outputTokens: 10, format: 'deepseek' }),
        chat(2, second, null),
      ],
      PROVIDER_RULES,
    );
    const name = ({ index }: { index: number }) => `#${index}`;
    expect(timelineBars(entries, 'reported', name)).toEqual([
      { label: '#0', row: 0, read: 0, written: 3200, uncached: 0, verdict: 'agrees', known: true },
      { label: '#1', row: 1, read: 3136, written: 80, uncached: 0, verdict: 'agrees', known: true },
      { label: '#2', row: 2, read: 0, written: 0, uncached: 0, verdict: 'no usage', known: false },
    ]);
    const predicted = timelineBars(entries, 'predicted', name);
    expect(predicted.map(({ read, written, uncached, known }) => [read, written, uncached, known])).toEqual(
      entries.map((entry) => [entry.predicted!.cachedTokens, entry.predicted!.writtenTokens, entry.predicted!.uncachedTokens, true]),
    );
    // The rule has the third request read what the second left, though nothing was reported for it.
    expect(predicted[2]!.read).toBeGreaterThan(0);
    expect(defaultBasis(entries)).toBe('reported');
    expect(defaultBasis(entries.slice(2))).toBe('predicted');
  });
});
