import { describe, expect, it } from 'vitest';
import { readUsage } from '@/lib/wire/reported-usage';
import { predictFamily } from './predict-family';
import { PROVIDER_RULES, type ProviderId, providerRule } from './provider-rules';
import { request, segment } from './testing-requests';

function rules(provider: ProviderId, model: string) {
  const modelRule = PROVIDER_RULES.models.find((entry) => entry.model === model)!;
  return [providerRule(PROVIDER_RULES, provider), modelRule] as const;
}

const children = (...requests: ReturnType<typeof request>[]) => requests.map((entry, index) => ({ request: entry, atMs: index * 1000, forkPrefix: 0 }));

describe('OpenAI: automatic prefix, 1,024 tokens then 128-token steps', () => {
  const previous = request([segment('tool:a', 100), segment('system', 400), segment('u1', 1000)]);

  it('caches 1,408 of a 1,500-token shared prefix', () => {
    const child = request([...previous.segments, segment('prompt', 200)]);
    const forecast = predictFamily({ previous: [previous], children: children(child) }, ...rules('openai', 'gpt-5'));
    // OpenAI stores the rest for later requests but neither bills nor reports it as a write.
    expect(forecast.children[0]!.prediction).toMatchObject({
      cachedTokens: 1408,
      writtenTokens: 0,
      uncachedTokens: 292,
      totalTokens: 1700,
      sharedTokens: 1500,
    });
    expect(forecast.children[0]!.prediction.reasons[0]).toBe('Shared prefix 1,500 tokens; OpenAI counts hits in 128-token steps: 1,408.');
    // 1,408 cached at $0.125 and 292 at the input price ($1.25), per million.
    expect(forecast.children[0]!.cost.dollars).toBeCloseTo((1408 * 0.125 + 292 * 1.25) / 1e6, 12);
    // What OpenAI reports for that request reads back as the same three figures.
    const { cachedTokens, writtenTokens, uncachedTokens } = forecast.children[0]!.prediction;
    expect(readUsage({ prompt_tokens: 1700, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 1408 } })).toMatchObject({
      cachedTokens,
      writtenTokens,
      uncachedTokens,
    });
  });

  it('caches nothing of a 1,000-token shared prefix', () => {
    const short = request([segment('system', 400), segment('u1', 600)]);
    const child = request([...short.segments, segment('prompt', 100)]);
    const forecast = predictFamily({ previous: [short], children: children(child) }, ...rules('openai', 'gpt-5'));
    expect(forecast.children[0]!.prediction).toMatchObject({ cachedTokens: 0, writtenTokens: 0, uncachedTokens: 1100 });
    expect(forecast.children[0]!.prediction.reasons[0]).toBe('The shared prefix (1,000 tokens) is under the minimum of 1,024: nothing is read.');
  });

  it('reads the exact prefix on models from GPT-5.6, which do not round, and reports and bills their writes', () => {
    const child = request([...previous.segments, segment('prompt', 200)]);
    const forecast = predictFamily({ previous: [previous], children: children(child) }, ...rules('openai', 'gpt-5.6-terra'));
    expect(forecast.children[0]!.prediction).toMatchObject({ cachedTokens: 1500, writtenTokens: 200, uncachedTokens: 0 });
    // gpt-5.6-terra: $0.20 cached, $2.50 written, per million.
    expect(forecast.children[0]!.cost.dollars).toBeCloseTo((1500 * 0.2 + 200 * 2.5) / 1e6, 12);
  });

  it('shares nothing with a request to another model', () => {
    const child = request([...previous.segments, segment('prompt', 200)], 'other');
    const forecast = predictFamily({ previous: [previous], children: children(child) }, ...rules('openai', 'gpt-5'));
    expect(forecast.children[0]!.prediction.cachedTokens).toBe(0);
  });
});

describe('Anthropic: breakpoints, minimum per model, 20-block lookback, 5-minute TTL', () => {
  const previous = request([segment('tool:a', 500), segment('system', 1000), segment('u1', 2000), segment('u2', 500)]);
  const child = request([...previous.segments, segment('call', 300), segment('placeholder', 100), segment('directive', 50)]);

  it('reads the parent breakpoint and writes up to its own last block', () => {
    const forecast = predictFamily(
      { previous: [previous], children: [{ request: child, atMs: 1000, forkPrefix: 6 }] },
      ...rules('anthropic', 'claude-opus-4-1'),
    );
    const first = forecast.children[0]!;
    expect(first.prediction).toMatchObject({ cachedTokens: 4000, writtenTokens: 450, uncachedTokens: 0, breakpoints: [1, 2, 6, 7] });
    expect(first.cost.dollars).toBeCloseTo((4000 * 1.5 + 450 * 18.75) / 1e6, 12);
    // The parent's own request wrote its prefix at the system (1,500) and at its end: 4,000 tokens.
    expect(forecast.parent).toMatchObject({ cachedTokens: 0, writtenTokens: 4000, breakpoints: [1, 2, 4] });
  });

  it('caches nothing under the model minimum', () => {
    const forecast = predictFamily(
      { previous: [previous], children: [{ request: child, atMs: 1000, forkPrefix: 6 }] },
      ...rules('anthropic', 'claude-opus-4-6'),
    );
    expect(forecast.children[0]!.prediction).toMatchObject({ cachedTokens: 0, writtenTokens: 4450, uncachedTokens: 0 });
    expect(forecast.children[0]!.prediction.reasons).toContain(
      "The shared prefix (4,000 tokens) is under claude-opus-4-6's minimum of 4,096: nothing is read.",
    );
  });

  it('does not look back more than 20 blocks from a breakpoint', () => {
    const far = request([...previous.segments, ...Array.from({ length: 25 }, (_, index) => segment(`new${index}`, 10))]);
    const forecast = predictFamily({ previous: [previous], children: [{ request: far, atMs: 1000, forkPrefix: 0 }] }, ...rules('anthropic', 'claude-opus-4-1'));
    expect(forecast.children[0]!.prediction.cachedTokens).toBe(1500);
    expect(forecast.children[0]!.prediction.reasons).toContain(
      "A longer cached prefix is more than 20 blocks before this request's nearest breakpoint: the lookback does not reach it.",
    );
  });

  it('misses once the parent prefix expired, and a sibling that refreshed it keeps it alive', () => {
    const late = predictFamily(
      { previous: [previous], children: [{ request: child, atMs: 301_000, forkPrefix: 6 }] },
      ...rules('anthropic', 'claude-opus-4-1'),
    );
    expect(late.children[0]).toMatchObject({ missedByTtl: true, prediction: { cachedTokens: 0 } });

    const sibling = request([...previous.segments, segment('call', 300), segment('placeholder', 100), segment('other', 60)]);
    const refreshed = predictFamily(
      {
        previous: [previous],
        children: [
          { request: child, atMs: 240_000, forkPrefix: 6 },
          { request: sibling, atMs: 480_000, forkPrefix: 6 },
        ],
      },
      ...rules('anthropic', 'claude-opus-4-1'),
    );
    expect(refreshed.children.map((entry) => entry.prediction.cachedTokens)).toEqual([4000, 4400]);
    expect(refreshed.children[1]!.missedByTtl).toBe(false);
  });
});

describe('DeepSeek: whole prefix units only', () => {
  const previous = request([
    segment('system', 100),
    segment('u1', 200, { turnBoundary: true }),
    segment('a1', 300, { turnBoundary: true }),
    segment('u2', 400),
  ]);

  it('reads the previous request whole when the child extends it', () => {
    const child = request([...previous.segments, segment('call', 50), segment('directive', 30)]);
    const forecast = predictFamily({ previous: [previous], children: children(child) }, ...rules('deepseek', 'deepseek-flash'));
    expect(forecast.children[0]!.prediction).toMatchObject({ cachedTokens: 1000, writtenTokens: 80 });
  });

  it('reads a unit in the storage blocks its model reported hits in: deepseek-chat 64 tokens, deepseek-v4-flash 128', () => {
    const child = request([...previous.segments, segment('call', 50)]);
    const chat = predictFamily({ previous: [previous], children: children(child) }, ...rules('deepseek', 'deepseek-chat'));
    expect(chat.children[0]!.prediction).toMatchObject({ cachedTokens: 960, writtenTokens: 90, sharedTokens: 1000 });
    expect(chat.children[0]!.prediction.reasons[0]).toBe('Reads the whole prefix unit of 1,000 tokens, stored in 64-token blocks: 960.');
    const flash = predictFamily({ previous: [previous], children: children(child) }, ...rules('deepseek', 'deepseek-v4-flash'));
    expect(flash.children[0]!.prediction).toMatchObject({ cachedTokens: 896, writtenTokens: 154 });
    const short = request([segment('system', 50, { turnBoundary: true })]);
    const under = predictFamily(
      { previous: [short], children: children(request([...short.segments, segment('prompt', 5)])) },
      ...rules('deepseek', 'deepseek-chat'),
    );
    expect(under.children[0]!.prediction.cachedTokens).toBe(0);
    expect(under.children[0]!.prediction.reasons[0]).toBe(
      'The only whole prefix unit it matches (50 tokens) is shorter than one 64-token block: nothing is read.',
    );
  });

  it('falls back to the last turn boundary when the child changes a later message', () => {
    const child = request([previous.segments[0]!, previous.segments[1]!, segment('a1-stripped', 100), segment('directive', 30)]);
    const forecast = predictFamily({ previous: [previous], children: children(child) }, ...rules('deepseek', 'deepseek-flash'));
    expect(forecast.children[0]!.prediction).toMatchObject({ cachedTokens: 300, sharedTokens: 300 });
  });

  it('misses inside a unit, and the common prefix becomes a unit for the next sibling', () => {
    const plain = request([segment('system', 100), segment('u1', 200), segment('a1', 300)]);
    const first = request([segment('system', 100), segment('u1', 200), segment('b', 10)]);
    const second = request([segment('system', 100), segment('u1', 200), segment('c', 10)]);
    const forecast = predictFamily({ previous: [plain], children: children(first, second) }, ...rules('deepseek', 'deepseek-flash'));
    expect(forecast.children.map((entry) => entry.prediction.cachedTokens)).toEqual([0, 300]);
  });
});

describe('Kimi: automatic prefix in measured 256-token chunks', () => {
  it('rounds the shared prefix down to 256 tokens and bills the rest as input', () => {
    const previous = request([segment('system', 700)]);
    const child = request([segment('system', 700), segment('prompt', 20)]);
    const forecast = predictFamily({ previous: [previous], children: children(child) }, ...rules('kimi', 'kimi-k3'));
    expect(forecast.children[0]!.prediction).toMatchObject({ cachedTokens: 512, writtenTokens: 0, uncachedTokens: 208 });
    expect(forecast.children[0]!.cost.dollars).toBeCloseTo((512 * 0.3 + 208 * 3) / 1e6, 12);
  });

  it('says a shared prefix shorter than one step is rounded away, not expired', () => {
    const previous = request([segment('system', 100)]);
    const forecast = predictFamily(
      { previous: [previous], children: children(request([segment('system', 100), segment('prompt', 5)])) },
      ...rules('kimi', 'kimi-k3'),
    );
    expect(forecast.children[0]!.prediction.reasons[0]).toBe('The shared prefix (100 tokens) is shorter than one 256-token step: nothing is read.');
  });
});

describe('Gemini: prices nobody verified', () => {
  it('gives no dollar figure rather than a guess', () => {
    const previous = request([segment('system', 3000)]);
    const forecast = predictFamily(
      { previous: [previous], children: children(request([segment('system', 3000), segment('prompt', 5)])) },
      ...rules('gemini', 'gemini-2.5-flash'),
    );
    expect(forecast.children[0]!.prediction.cachedTokens).toBe(3000);
    expect(forecast.children[0]!.cost).toEqual({ dollars: 0, complete: false, missing: ['cached input', 'input'] });
  });
});

describe('formatDollars', () => {
  it('shows fractions of a cent, a lower bound, and unknown', async () => {
    const { formatDollars } = await import('./request-cost');
    expect(formatDollars({ dollars: 0.0000055, complete: true, missing: [] })).toBe('$0.0000055');
    expect(formatDollars({ dollars: 12.345, complete: true, missing: [] })).toBe('$12.35');
    expect(formatDollars({ dollars: 0.25, complete: false, missing: ['cache write'] })).toBe('≥ $0.25');
    expect(formatDollars({ dollars: 0, complete: false, missing: ['input'] })).toBe('unknown');
  });
});

describe('formatSeconds', () => {
  it('writes m:ss, and h:mm:ss from an hour', async () => {
    const { formatSeconds } = await import('./cache-prediction');
    expect([0, 65_000, 300_000, 3_600_000, 86_400_000].map(formatSeconds)).toEqual(['0:00', '1:05', '5:00', '1:00:00', '24:00:00']);
  });
});

describe('a family through one cache', () => {
  const previous = request([segment('tool:a', 500), segment('system', 1000), segment('u1', 2000)]);
  const plain = (task: string) => request([...previous.segments, segment(task, 20)]);
  const otherSystem = request([segment('tool:a', 500), segment('system-tried', 1000), segment('u1', 2000), segment('task-a', 20)]);

  it('marks a sibling that finds the parent prefix expired, because an earlier sibling could not refresh it', () => {
    const forecast = predictFamily(
      {
        previous: [previous],
        children: [
          { request: otherSystem, atMs: 200_000, forkPrefix: 3 },
          { request: plain('task-b'), atMs: 400_000, forkPrefix: 3 },
        ],
      },
      ...rules('anthropic', 'claude-opus-4-1'),
    );
    expect(forecast.children.map((child) => child.missedByTtl)).toEqual([false, true]);
    expect(forecast.children[1]!.prediction.cachedTokens).toBe(0);
  });

  it('does not call a child on another model late: it could never share the prefix', () => {
    const forecast = predictFamily(
      { previous: [previous], children: [{ request: { ...plain('x'), model: 'other' }, atMs: 400_000, forkPrefix: 3 }] },
      ...rules('anthropic', 'claude-opus-4-1'),
    );
    expect(forecast.children[0]!.missedByTtl).toBe(false);
  });

  it('caches the head in each provider order: a changed system instruction keeps the tools before it only where tools come first', () => {
    const bigTools = request([segment('tool:a', 1500), segment('system', 1000), segment('u1', 2000)]);
    const tried = request([segment('tool:a', 1500), segment('system-tried', 1000), segment('u1', 2000), segment('task', 20)]);
    const family = { previous: [bigTools], children: [{ request: tried, atMs: 1000, forkPrefix: 3 }] };
    expect(predictFamily(family, ...rules('anthropic', 'claude-opus-4-1')).children[0]!.prediction.cachedTokens).toBe(1500);
    expect(predictFamily(family, ...rules('openai', 'gpt-5')).children[0]!.prediction.cachedTokens).toBe(0);
  });

  it('replays every parent request the family forks from, so a fork further along reads its own', () => {
    const further = request([...previous.segments, segment('a1', 300), segment('u2', 900)]);
    const child = request([...further.segments, segment('task', 20)]);
    const forecast = predictFamily(
      {
        previous: [previous, further],
        children: [
          { request: plain('first'), atMs: 0, forkPrefix: 3 },
          { request: child, atMs: 0, forkPrefix: 5 },
        ],
      },
      ...rules('openai', 'gpt-5'),
    );
    expect(forecast.children[1]!.prediction.sharedTokens).toBe(4700);
  });
});
