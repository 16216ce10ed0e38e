import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import type { ReportedUsage } from '@/lib/provider-cache/reported-usage';
import { cacheTimeline } from './cache-timeline';
import type { TrafficExchange } from './traffic-exchange';

const ephemeral = { type: 'ephemeral' };
const SYSTEM = 'Follow the house rules for every change. '.repeat(400);
const MINUTE = 60_000;
/** A log's clock: epoch milliseconds (claude-trace writes seconds since the epoch). */
const START = Date.UTC(2025, 4, 29, 21, 38);

function usage(cached: number, written: number, uncached: number): ReportedUsage {
  return { cachedTokens: cached, writtenTokens: written, uncachedTokens: uncached, outputTokens: 10, format: 'anthropic' };
}

/** A Claude Code-like request: the system prompt and the last message marked, as 1.0.6 sends them. */
function exchange(index: number, atMs: number, turns: string[], reported: ReportedUsage | null, model = 'claude-sonnet-4-20250514'): TrafficExchange {
  const messages = turns.map((text, at) => ({
    role: at % 2 === 0 ? 'user' : 'assistant',
    content: [{ type: 'text', text, ...(at === turns.length - 1 ? { cache_control: ephemeral } : {}) }],
  }));
  return {
    source: 'session.jsonl',
    index,
    atMs,
    url: 'https://api.anthropic.com/v1/messages?beta=true',
    model,
    usage: reported,
    body: { model, system: [{ type: 'text', text: SYSTEM, cache_control: ephemeral }], messages },
  };
}

describe('cacheTimeline', () => {
  it('replays each request with its own breakpoints and judges it against the reported usage', async () => {
    const entries = await cacheTimeline(
      [
        exchange(0, START, ['Add a test.'], usage(0, 3300, 4)),
        exchange(1, START + MINUTE, ['Add a test.', 'Added.', 'Run it.'], usage(3290, 20, 4)),
        // Six minutes later the five-minute cache has expired: a miss, and the provider says so.
        exchange(2, START + 7 * MINUTE, ['Add a test.', 'Added.', 'Run it.', 'Passed.', 'Commit.'], usage(0, 3330, 4)),
        // Read right after it was written, but the provider reported a miss: a finding.
        exchange(3, START + 8 * MINUTE, ['Add a test.', 'Added.', 'Run it.', 'Passed.', 'Commit.', 'Done.', 'Push.'], usage(0, 3340, 4)),
        exchange(4, START + 9 * MINUTE, ['Hi'], usage(0, 0, 8), 'claude-unknown-1'),
        { ...exchange(5, START + 9 * MINUTE, ['Hi'], null), url: 'https://api.anthropic.com/api/event_logging/batch' },
      ],
      PROVIDER_RULES,
    );
    expect(entries.map((entry) => [entry.index, entry.verdict])).toEqual([
      [0, 'agrees'],
      [1, 'agrees'],
      [2, 'agrees'],
      [3, 'disagrees'],
      [4, 'no rule'],
    ]);
    const [first, second, expired, missed] = entries;
    expect(first!.predicted!.breakpoints).toEqual([1, 2]);
    expect(first!.predicted!.cachedTokens).toBe(0);
    expect(second!.predicted!.cachedTokens).toBeGreaterThan(3200);
    expect(Math.abs(second!.predictedFraction! - second!.reportedFraction!)).toBeLessThanOrEqual(0.05);
    expect(expired!.predicted!.cachedTokens).toBe(0);
    expect(expired!.reasons).toContain('The shared prefix expired at 6:00 before this request.');
    expect(missed!.predicted!.cachedTokens).toBeGreaterThan(3200);
    expect(missed!.reportedFraction).toBe(0);
    // It repeats all of #2, which the provider did not read: Sonnet 4's $3 input against $0.30 cached.
    expect(missed!.parting).toMatchObject({ earlier: { index: 2, atMs: START + 7 * MINUTE }, reason: null });
    expect(missed!.parting!.sharedTokens).toBeGreaterThan(3200);
    expect(missed!.missedDollars).toBeCloseTo((missed!.parting!.sharedTokens * 2.7) / 1_000_000, 9);
    expect(first!.parting).toBeNull();
    expect(second!.missedDollars).toBe(0);
  });

  it('shows where a one-block system prompt changed, though the two requests share nothing', async () => {
    const edited = exchange(1, START + MINUTE, ['Add a test.'], usage(0, 3300, 4));
    edited.body = {
      ...edited.body,
      system: [
        { type: 'text', text: SYSTEM.replace('house rules for every change. Follow', 'house rules for every commit. Follow'), cache_control: ephemeral },
      ],
    };
    const [first, second] = await cacheTimeline([exchange(0, START, ['Add a test.'], usage(0, 3300, 4)), edited], PROVIDER_RULES);
    expect(first!.parting).toBeNull();
    expect(second!.parting).toMatchObject({ earlier: { index: 0 }, sharedTokens: 0, reason: 'system_changed', path: 'system[0].text' });
    expect(second!.parting!.diff.filter((chunk) => chunk.change !== 'kept').map((chunk) => chunk.text)).toEqual(['change', 'commit']);
  });

  it('prices no miss where the shared prefix is under the model’s minimum: nothing could have been read', async () => {
    const haiku = 'claude-3-5-haiku-20241022';
    const small = (index: number, turns: string[]) => ({
      ...exchange(index, START + index * MINUTE, turns, usage(0, 0, 300), haiku),
      body: { model: haiku, messages: turns.map((text) => ({ role: 'user', content: text })) },
    });
    const [, second] = await cacheTimeline([small(0, ['Is this a new topic?']), small(1, ['Is this a new topic?', 'Yes.'])], PROVIDER_RULES);
    expect(second!.parting).toMatchObject({ earlier: { index: 0 }, reason: null });
    expect(second!.missedDollars).toBe(0);
  });

  it('scales its own counts to the reported total, so shares are compared, not tokenizers', async () => {
    const [entry] = await cacheTimeline([exchange(0, 0, ['Add a test.'], usage(0, 9000, 4))], PROVIDER_RULES);
    expect(entry!.predicted!.totalTokens).toBeCloseTo(9004, 6);
  });

  it('reads DeepSeek Chat Completions: a request reads the unit the previous answer left, in the reported total', async () => {
    const chat = (index: number, messages: { role: string; content: string }[], cached: number, uncached: number): TrafficExchange => ({
      source: 'run.traj.json',
      index,
      atMs: START + index * 3_000,
      url: 'https://api.deepseek.com/chat/completions',
      model: 'deepseek-chat',
      usage: { cachedTokens: cached, writtenTokens: 0, uncachedTokens: uncached, outputTokens: 10, format: 'deepseek' },
      body: { model: 'deepseek-chat', messages },
    });
    const first = [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: 'Fix the bug.' },
    ];
    const second = [...first, { role: 'assistant', content: 'Fixed.' }, { role: 'user', content: 'Run the tests.' }];
    const entries = await cacheTimeline([chat(0, first, 0, 3300), chat(1, second, 3300, 10)], PROVIDER_RULES);
    expect(entries.map((entry) => [entry.provider, entry.verdict])).toEqual([
      ['deepseek', 'agrees'],
      ['deepseek', 'agrees'],
    ]);
    expect(entries[1]!.predicted!.cachedTokens).toBeGreaterThan(3200);
    // deepseek-chat's hits come in 64-token blocks.
    expect(entries[1]!.predicted!.cachedTokens % 64).toBe(0);
    expect(entries[1]!.reasons[0]).toMatch(/^Reads the whole prefix unit of [\d,]+ tokens, stored in 64-token blocks: [\d,]+\.$/);
  });

  it('reads OpenAI Responses requests, Codex’s through ChatGPT’s backend too, in 128-token steps, whatever their prompt_cache_key', async () => {
    const responses = (index: number, key: string, input: string[], cached: number, uncached: number): TrafficExchange => ({
      source: 'codex.jsonl',
      index,
      atMs: START + index * MINUTE,
      url: 'https://chatgpt.com/backend-api/codex/responses',
      model: 'gpt-5.5',
      usage: { cachedTokens: cached, writtenTokens: 0, uncachedTokens: uncached, outputTokens: 10, format: 'openai-responses' },
      body: { model: 'gpt-5.5', instructions: SYSTEM, input: input.map((text) => ({ type: 'message', role: 'user', content: text })), prompt_cache_key: key },
    });
    const [first, second] = await cacheTimeline(
      [responses(0, 'session-1', ['Hi'], 0, 4000), responses(1, 'session-2', ['Hi', 'More'], 3968, 40)],
      PROVIDER_RULES,
    );
    expect(first).toMatchObject({ provider: 'openai', verdict: 'agrees' });
    // Another key, the same prefix: read, in whole 128-token steps.
    expect(second).toMatchObject({ provider: 'openai', verdict: 'agrees' });
    expect(second!.predicted!.cachedTokens % 128).toBe(0);
    expect(second!.predicted!.cachedTokens).toBeGreaterThan(3800);
  });
});
