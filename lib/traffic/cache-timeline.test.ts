import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import type { ReportedUsage } from '@/lib/wire/reported-usage';
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

/** A mini-swe-agent-like DeepSeek Chat Completions request, three seconds after the one before. */
function deepseekChat(index: number, body: Record<string, unknown>, cached: number, missed: number): TrafficExchange {
  return {
    source: 'run.traj.json',
    index,
    atMs: START + index * 3_000,
    url: 'https://api.deepseek.com/chat/completions',
    model: 'deepseek-chat',
    usage: { cachedTokens: cached, writtenTokens: missed, uncachedTokens: 0, outputTokens: 10, format: 'deepseek' },
    body: { model: 'deepseek-chat', ...body },
  };
}

const FIRST_TURN = [
  { role: 'system', content: SYSTEM },
  { role: 'user', content: 'Fix the bug.' },
];

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
    const second = [...FIRST_TURN, { role: 'assistant', content: 'Fixed.' }, { role: 'user', content: 'Run the tests.' }];
    const entries = await cacheTimeline([deepseekChat(0, { messages: FIRST_TURN }, 0, 3300), deepseekChat(1, { messages: second }, 3300, 10)], PROVIDER_RULES);
    expect(entries.map((entry) => [entry.provider, entry.verdict])).toEqual([
      ['deepseek', 'agrees'],
      ['deepseek', 'agrees'],
    ]);
    expect(entries[1]!.predicted!.cachedTokens).toBeGreaterThan(3200);
    // deepseek-chat's hits come in 64-token blocks.
    expect(entries[1]!.predicted!.cachedTokens % 64).toBe(0);
    expect(entries[1]!.reasons[0]).toMatch(/^Reads the whole prefix unit of [\d,]+ tokens, stored in 64-token blocks: [\d,]+\.$/);
  });

  it('leaves no DeepSeek unit where the system message ends: the tools follow it, and no request ended there', async () => {
    const chat = (index: number, description: string) =>
      deepseekChat(index, { tools: [{ type: 'function', function: { name: 'bash', description } }], messages: FIRST_TURN }, 0, 3220);
    // As test_deepseek_deferred_capability_with_thinking #1 did: the tools changed, and nothing was read.
    const [, changed] = await cacheTimeline([chat(0, 'Run a command.'), chat(1, 'Run a shell command.')], PROVIDER_RULES);
    expect(changed).toMatchObject({ verdict: 'agrees', disagreement: null });
    expect(changed!.predicted!.cachedTokens).toBe(0);
  });

  it('names the older request whose prefix DeepSeek served when it read less than the newest one left', async () => {
    const chat = (index: number, messages: unknown[], cached: number, missed: number) => deepseekChat(index, { messages }, cached, missed);
    const second = [
      ...FIRST_TURN,
      { role: 'assistant', content: 'Read the file. '.repeat(150) },
      { role: 'user', content: 'The file says this. '.repeat(150) },
    ];
    const third = [...second, { role: 'assistant', content: 'Run the tests. '.repeat(150) }, { role: 'user', content: 'Fix the bug.' }];
    // #2 read what #0 and its answer left (3,806 tokens, in 64-token blocks), not #1's 4,558-token input.
    const entries = await cacheTimeline([chat(0, FIRST_TURN, 0, 3205), chat(1, second, 3200, 1358), chat(2, third, 3776, 1387)], PROVIDER_RULES);
    expect(entries.map((entry) => entry.verdict)).toEqual(['agrees', 'agrees', 'disagrees']);
    const { kind, readTokens, predictedTokens, matched, longest } = entries[2]!.disagreement!;
    expect([kind, readTokens, predictedTokens]).toEqual(['older-prefix', 3776, 4544]);
    // #0's 3,806 tokens (its input and answer) and #1's 5,159, in #2's reported total of 5,163.
    expect(matched).toMatchObject({ earlier: { index: 0, atMs: START }, withAnswer: true });
    expect(matched!.tokens).toBeCloseTo(3806.74, 2);
    expect(longest).toMatchObject({ earlier: { index: 1, atMs: START + 3_000 }, withAnswer: true });
    expect(longest!.tokens).toBeCloseTo(5159, 2);
    expect(entries[1]!.disagreement).toBeNull();
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
