import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { readUsage } from '@/lib/wire/reported-usage';
import { prepareTraffic } from './prepare-traffic';
import { providerTokenAnchors } from './provider-token-anchors';
import { timelineReport } from './timeline-report';
import type { TrafficExchange } from './traffic-exchange';

const ephemeral = { type: 'ephemeral' };
/** Short in o200k (about 400 tokens), long in the stand-in tokenizer below: 1,100. */
const SYSTEM = 'Keep every change small. '.repeat(80);
const NOTES = 'A long session note that fills the context. '.repeat(200);

/**
 * A stand-in for Anthropic's tokenizer: the system prompt is 1,100 tokens, each message 3 plus a
 * token per four characters of its content. What the anchors take off for the placeholder is its own count.
 */
function standInCount(body: Record<string, unknown>): number {
  const system = body.system === undefined ? 0 : 1100;
  const messages = (body.messages as { content: unknown }[]).reduce((sum, message) => sum + 3 + Math.ceil(JSON.stringify(message.content).length / 4), 0);
  return system + messages;
}

function exchange(index: number, turns: string[], usage: Record<string, number> | null, model = 'claude-sonnet-4-6'): TrafficExchange {
  const body = {
    model,
    max_tokens: 512,
    system: [{ type: 'text', text: SYSTEM, cache_control: ephemeral }],
    messages: turns.map((text, at) => ({ role: at % 2 === 0 ? 'user' : 'assistant', content: [{ type: 'text', text }] })),
  };
  return {
    source: 'session.jsonl',
    index,
    atMs: 1_000 + index * 10_000,
    url: 'https://api.anthropic.com/v1/messages',
    body,
    model,
    usage: usage === null ? null : readUsage(usage),
  };
}

describe('providerTokenAnchors', () => {
  it('counts each request at its breakpoints and its end, equal bodies once, taking the placeholder off a prefix without messages', async () => {
    const sent: Record<string, unknown>[] = [];
    const prepared = await prepareTraffic([exchange(0, [NOTES], null), exchange(1, [NOTES, 'Done.', 'Again.'], null)]);
    const { anchors, counting } = await providerTokenAnchors(prepared, async (body) => {
      sent.push(body);
      return standInCount(body);
    });
    expect(anchors).toEqual([
      [
        { depth: 1, tokens: 1100 },
        { depth: 2, tokens: standInCount(prepared[0]!.exchange.body) },
      ],
      [
        { depth: 1, tokens: 1100 },
        { depth: 4, tokens: standInCount(prepared[1]!.exchange.body) },
      ],
    ]);
    // The system prefix and the placeholder once, then each whole request: four calls, not five.
    expect(sent).toHaveLength(4);
    expect(sent.every((body) => !('max_tokens' in body))).toBe(true);
    expect(counting).toEqual({ provider: 'anthropic', countable: 2, counted: 2, calls: 4, refused: 0, stopped: null });
  });

  it('leaves a prefix the provider refuses to the offline scale, and stops at the first error, keeping what was counted', async () => {
    const prepared = await prepareTraffic([exchange(0, [NOTES], null)]);
    const refusing = await providerTokenAnchors(prepared, async (body) =>
      (body.messages as unknown[]).length === 1 && body.system === undefined ? null : standInCount(body),
    );
    expect(refusing.anchors).toEqual([[{ depth: 2, tokens: standInCount(prepared[0]!.exchange.body) }]]);
    expect(refusing.counting).toMatchObject({ counted: 1, calls: 3, refused: 1, stopped: null });

    const failing = await providerTokenAnchors(prepared, async () => {
      throw new Error('Anthropic answered 401: invalid x-api-key');
    });
    expect(failing.anchors).toEqual([null]);
    expect(failing.counting).toMatchObject({
      counted: 0,
      calls: 0,
      stopped: 'Counting stopped after 0 of 3 prefixes: Anthropic answered 401: invalid x-api-key',
    });

    const limited = await providerTokenAnchors(prepared, async (body) => standInCount(body), 2);
    expect(limited.counting.stopped).toBe('Counted the first 2 of 3 distinct prefixes; the rest are scaled offline.');
    expect(limited.counting.calls).toBe(2);
  });

  it('with a reported total, counts only the breakpoints: a request with none is not counted and keeps the offline scale', async () => {
    const plain = exchange(0, [NOTES], { input_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 5 });
    const body = { ...plain.body, system: SYSTEM };
    const calls: unknown[] = [];
    const prepared = await prepareTraffic([{ ...plain, body }]);
    const { anchors, counting } = await providerTokenAnchors(prepared, async (counted) => {
      calls.push(counted);
      return 7;
    });
    expect([anchors, calls.length, counting.countable]).toEqual([[null], 0, 0]);
    const report = await timelineReport([{ ...plain, body }], PROVIDER_RULES, async () => 7);
    expect(report.entries[0]!.tokens).toBe('scaled');
  });

  it('keeps the first error when the calls in flight beside it fail too, and the limit beside it', async () => {
    const prepared = await prepareTraffic([exchange(0, [NOTES], null), exchange(1, [NOTES, 'Done.', 'Again.'], null)]);
    let failures = 0;
    const { counting } = await providerTokenAnchors(
      prepared,
      async () => {
        failures += 1;
        throw new Error(failures === 1 ? 'Anthropic answered 429: rate limited' : 'Anthropic answered 500: later');
      },
      3,
    );
    expect(counting.stopped).toBe(
      'Counted the first 3 of 4 distinct prefixes; the rest are scaled offline. Counting stopped after 0 of 4 prefixes: Anthropic answered 429: rate limited',
    );
  });

  it('counts under the request’s thinking setting', async () => {
    const thinking = { type: 'enabled', budget_tokens: 2048 };
    const plain = exchange(0, [NOTES], null);
    const prepared = await prepareTraffic([{ ...plain, body: { ...plain.body, thinking } }]);
    const sent: Record<string, unknown>[] = [];
    await providerTokenAnchors(prepared, async (body) => {
      sent.push(body);
      return standInCount(body);
    });
    expect(sent.filter((body) => body.system !== undefined).map((body) => body.thinking)).toEqual([thinking, thinking]);
  });

  it('counts only what Anthropic can: not DeepSeek behind the same API', async () => {
    const deepseek = { ...exchange(0, [NOTES], null, 'deepseek-v4-flash'), url: 'https://api.deepseek.com/anthropic/v1/messages' };
    const { anchors, counting } = await providerTokenAnchors(await prepareTraffic([deepseek]), async () => 1);
    expect(anchors).toEqual([null]);
    expect(counting).toMatchObject({ countable: 0, counted: 0, calls: 0 });
  });
});

describe('timelineReport with the provider counting', () => {
  // The system prompt is 1,100 tokens to the provider: over Sonnet's 1,024 minimum. Offline it is a
  // fifth of the request, which scaled to the reported total puts it under the minimum.
  const total = 1100 + 3 + Math.ceil(JSON.stringify([{ type: 'text', text: NOTES }]).length / 4);
  const log = [
    exchange(0, [NOTES], { input_tokens: total - 1100, cache_creation_input_tokens: 1100, cache_read_input_tokens: 0, output_tokens: 5 }),
    exchange(1, [NOTES], { input_tokens: total - 1100, cache_creation_input_tokens: 0, cache_read_input_tokens: 1100, output_tokens: 5 }),
  ];

  it('offline, the scaled system prompt falls under the minimum and the repeat is predicted to miss', async () => {
    const report = await timelineReport(log, PROVIDER_RULES);
    expect(report.counting).toBeNull();
    expect(report.entries.map((entry) => [entry.tokens, entry.predicted?.cachedTokens, entry.verdict])).toEqual([
      ['scaled', 0, 'agrees'],
      ['scaled', 0, 'disagrees'],
    ]);
  });

  it('counted by the provider, the system prompt is over the minimum: written first, read by the repeat', async () => {
    const report = await timelineReport(log, PROVIDER_RULES, async (body) => standInCount(body));
    expect(report.counting).toMatchObject({ countable: 2, counted: 2, refused: 0, stopped: null });
    expect(report.entries.map((entry) => [entry.tokens, entry.predicted?.writtenTokens, entry.predicted?.cachedTokens, entry.verdict])).toEqual([
      ['provider', 1100, 0, 'agrees'],
      ['provider', 0, 1100, 'agrees'],
    ]);
  });
});
