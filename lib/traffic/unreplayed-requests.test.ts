import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from './cache-timeline';
import type { TrafficExchange } from './traffic-exchange';
import { unreplayedOf, unreplayedSummary } from './unreplayed-requests';

const exchange = (index: number, url: string, extra: Partial<TrafficExchange> = {}): TrafficExchange => ({
  source: 'run.yaml',
  index,
  atMs: 0,
  url,
  body: {},
  model: 'm',
  usage: null,
  ...extra,
});

describe('unreplayedOf', () => {
  it('lists the requests no entry replayed by where they went, leaving out a Gemini cache the log made', () => {
    const exchanges = [
      exchange(0, 'https://api.anthropic.com/v1/messages'),
      exchange(1, 'https://api.mistral.ai/v1/chat/completions?x=1', {
        usage: { cachedTokens: 224, writtenTokens: 0, uncachedTokens: 44, outputTokens: 5, format: 'openai-chat' },
      }),
      exchange(2, 'https://generativelanguage.googleapis.com/v1beta/cachedContents', { createdCache: { name: 'cachedContents/a', expiresAtMs: 1 } }),
      exchange(3, 'not a url'),
    ];
    const entries = [{ source: 'run.yaml', index: 0 }] as TimelineEntry[];
    expect(unreplayedOf(exchanges, entries)).toEqual([
      { source: 'run.yaml', index: 1, endpoint: 'api.mistral.ai/v1/chat/completions', model: 'm', reported: true },
      { source: 'run.yaml', index: 3, endpoint: 'not a url', model: 'm', reported: false },
    ]);
  });
});

describe('unreplayedSummary', () => {
  it('counts them and names the commonest places, five at most, by model where the request named one', () => {
    const at = (endpoint: string, count: number, model = '', reported = false) =>
      Array.from({ length: count }, (_, index) => ({ source: 's', index, endpoint, model, reported }));
    expect(unreplayedSummary([...at('a/x', 1), ...at('b/y', 3)])).toBe('4 not replayed: sent to b/y (3), a/x, where the timeline has no cache rule yet.');
    // A router serves many providers' models at one endpoint: the model says which it could not replay.
    expect(unreplayedSummary([...at('openrouter.ai/api/v1/chat/completions', 2, 'google/gemini-2.5-flash', true), ...at('a/x', 1, 'm')])).toBe(
      '3 not replayed: sent to google/gemini-2.5-flash at openrouter.ai/api/v1/chat/completions (2), m at a/x, where the timeline has no cache rule yet; 2 with reported usage.',
    );
    expect(unreplayedSummary(at('a/x', 2, 'm', true))).toBe(
      '2 not replayed: sent to m at a/x (2), where the timeline has no cache rule yet; all with reported usage.',
    );
    const many = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'].flatMap((place, rank) => at(place, 7 - rank));
    expect(unreplayedSummary(many)).toBe(
      '28 not replayed: sent to p1 (7), p2 (6), p3 (5), p4 (4), p5 (3), and 2 more places, where the timeline has no cache rule yet.',
    );
  });
});
