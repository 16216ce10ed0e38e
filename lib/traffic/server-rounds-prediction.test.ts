import { describe, expect, it } from 'vitest';
import type { CachePrediction } from '@/lib/provider-cache/cache-prediction';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { serverCall as call, serverResult as result, textBlock as text } from '@/lib/wire/anthropic-messages/testing/server-tool-blocks';
import { cacheTimeline } from './cache-timeline';
import { readAnswer } from './read-answer';
import { withServerRounds } from './server-rounds-prediction';
import type { TrafficExchange } from './traffic-exchange';

describe('withServerRounds', () => {
  const prediction = (cached: number, written: number, uncached: number, reason: string, expiresAtMs: number): CachePrediction => ({
    cachedTokens: cached,
    writtenTokens: written,
    uncachedTokens: uncached,
    totalTokens: cached + written + uncached,
    sharedSegments: 0,
    sharedTokens: 0,
    breakpoints: [3],
    reasons: [reason],
    expiresAtMs,
    expired: false,
  });

  it('adds the rounds up as the provider reports them, keeping the sent request’s reasons and the last round’s expiry', () => {
    const first = prediction(0, 4332, 5, 'Writes 4,332 tokens up to the breakpoint at segment 3.', 300_000);
    expect(withServerRounds(first, [])).toBe(first);
    expect(withServerRounds(first, [prediction(4332, 181, 5, 'ignored', 310_000), prediction(4513, 90, 0, 'ignored', 320_000)])).toEqual({
      ...first,
      cachedTokens: 8845,
      writtenTokens: 4603,
      uncachedTokens: 10,
      totalTokens: 13458,
      reasons: [
        'Writes 4,332 tokens up to the breakpoint at segment 3.',
        'Server tools ran 2 more rounds inside the call, each a request with the answer so far: they read 8,845 and wrote 271 tokens, counted in the same usage.',
      ],
      expiresAtMs: 320_000,
    });
  });
});

describe('a call whose answer ran server tools, through the cache timeline', () => {
  const SYSTEM = 'You are a meticulous data analyst; compute over the attached file exactly. '.repeat(300);
  const ephemeral = { type: 'ephemeral' };
  const answer = {
    content: [call('a', 'wc -l data.csv'), result('a', '10 data.csv'), text('The file has ten rows.')],
    // As the code-execution cassettes report it: two rounds added up. The first wrote the prefix to
    // the user's breakpoint; the second read it and wrote the server tool's call and result.
    usage: { input_tokens: 10, cache_creation_input_tokens: 3980, cache_read_input_tokens: 3900, output_tokens: 60 },
  };
  const exchange: TrafficExchange = {
    source: 'cassette.yaml',
    index: 0,
    atMs: 0,
    url: 'https://api.anthropic.com/v1/messages?beta=true',
    model: 'claude-sonnet-4-6',
    body: {
      model: 'claude-sonnet-4-6',
      system: [{ type: 'text', text: SYSTEM }],
      tools: [{ type: 'code_execution_20260120', name: 'code_execution' }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'How many rows?', cache_control: ephemeral },
            { type: 'container_upload', file_id: 'file_1' },
          ],
        },
      ],
    },
    ...readAnswer(answer),
  };

  it('reads what the first round wrote in the second, as the provider reported', async () => {
    const [entry] = await cacheTimeline([exchange], PROVIDER_RULES);
    expect(entry!.verdict).toBe('agrees');
    // The second round reads the whole prefix the first wrote, and writes the call and its result.
    const { cachedTokens, writtenTokens, uncachedTokens } = entry!.predicted!;
    expect([cachedTokens, writtenTokens, uncachedTokens].map(Math.round)).toEqual([3903, 3975, 12]);
    expect(entry!.reasons).toEqual([
      'No earlier request in the cache starts the same way.',
      'Writes 3,903 tokens up to the breakpoint at segment 3.',
      'Server tools ran one more round inside the call, each a request with the answer so far: they read 3,903 and wrote 71 tokens, counted in the same usage.',
    ]);
  });

  it('reads nothing when the rounds are not known: the one-round reading the rule replaced', async () => {
    const { serverRounds: _, ...oneRound } = exchange;
    const [entry] = await cacheTimeline([oneRound], PROVIDER_RULES);
    expect(entry!.predicted!.cachedTokens).toBe(0);
    // Read so, the provider's 3,903 read tokens come from nowhere in the log: a cache warmed outside it.
    expect(entry!.verdict).toBe('warmed outside');
  });
});
