import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import type { ReportedUsage } from '@/lib/wire/reported-usage';
import { cacheTimeline } from './cache-timeline';
import { readAnswer } from './read-answer';
import type { TrafficExchange } from './traffic-exchange';

const BASE = 'https://generativelanguage.googleapis.com/v1beta';
const START = Date.UTC(2026, 4, 28, 14, 45, 17);
const FACTS = 'Paris is the capital of France. The Eiffel Tower is in Paris. '.repeat(200);

function gemini(cached: number, prompt: number): ReportedUsage {
  return { cachedTokens: cached, writtenTokens: 0, uncachedTokens: prompt - cached, outputTokens: 2, format: 'gemini' };
}

/** A cache made as pydantic-ai's cassette makes one: `POST cachedContents`, answered with its name and expiry. */
const created: TrafficExchange = {
  source: 'cassette.yaml',
  index: 0,
  atMs: START,
  url: `${BASE}/cachedContents`,
  model: 'models/gemini-2.5-flash',
  body: { model: 'models/gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: FACTS }] }], ttl: '120s' },
  ...readAnswer({ name: 'cachedContents/7lf5', expireTime: new Date(START + 120_000).toISOString(), usageMetadata: { totalTokenCount: 3512 } }),
};

const asking = (index: number, atMs: number, name: string, reported: ReportedUsage): TrafficExchange => ({
  source: 'cassette.yaml',
  index,
  atMs,
  url: `${BASE}/models/gemini-2.5-flash:generateContent`,
  model: 'gemini-2.5-flash',
  body: { cachedContent: name, contents: [{ role: 'user', parts: [{ text: 'What is the capital of France?' }] }] },
  usage: reported,
});

describe('Gemini explicit caches', () => {
  it('reads a created cache’s name and expiry off its answer', () => {
    expect(created.createdCache).toEqual({ name: 'cachedContents/7lf5', expiresAtMs: START + 120_000 });
    expect(readAnswer({ name: 'models/gemini-2.5-flash' })).toEqual({ usage: null });
  });

  it('reads all of the named cache while it lives, nothing once it expired, and says so', async () => {
    const [live, expired] = await cacheTimeline(
      [created, asking(1, START + 30_000, 'cachedContents/7lf5', gemini(3512, 3520)), asking(2, START + 150_000, 'cachedContents/7lf5', gemini(0, 3520))],
      PROVIDER_RULES,
    );
    expect(live!.verdict).toBe('agrees');
    // Counted offline and scaled to the reported total, as every request is.
    expect(Math.round(live!.predicted!.cachedTokens)).toBe(3511);
    expect(live!.reasons).toEqual(['Reads all of the explicit cache cachedContents/7lf5 (3,511 tokens), made 0:30 before.']);
    expect(live!.predicted!.expiresAtMs).toBe(90_000);
    expect(expired!.predicted!.cachedTokens).toBe(0);
    expect(expired!.predicted!.expired).toBe(true);
    expect(expired!.reasons).toEqual(['The explicit cache cachedContents/7lf5 expired 0:30 before this request: nothing is read.']);
  });

  it('predicts no read from a cache made outside the log, whose size it cannot know', async () => {
    const [entry] = await cacheTimeline([asking(0, START, 'cachedContents/elsewhere', gemini(3512, 3520))], PROVIDER_RULES);
    expect(entry!.predicted!.cachedTokens).toBe(0);
    expect(entry!.reasons).toEqual([
      'Names the explicit cache cachedContents/elsewhere, made outside this log: its size is unknown, so nothing is predicted read.',
    ]);
  });
});
