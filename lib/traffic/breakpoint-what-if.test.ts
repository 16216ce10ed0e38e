import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import type { ReportedUsage } from '@/lib/wire/reported-usage';
import { breakpointWhatIf } from './breakpoint-what-if';
import { prepareTraffic } from './prepare-traffic';
import type { TrafficExchange } from './traffic-exchange';

const ephemeral = { type: 'ephemeral' };
const SYSTEM = 'Follow the house rules for every change. '.repeat(400);
const MINUTE = 60_000;
const START = Date.UTC(2025, 4, 29, 21, 38);
const MODEL = 'claude-sonnet-4-20250514';

/** A runtime that marks its system prompt only: every request pays in full for the conversation so far. */
function systemOnly(index: number, turns: number, usage: ReportedUsage | null): TrafficExchange {
  const messages = Array.from({ length: turns }, (_, at) => ({
    role: at % 2 === 0 ? 'user' : 'assistant',
    content: [{ type: 'text', text: `Step ${at}: ${'read the file and report what it says. '.repeat(60)}` }],
  }));
  return {
    source: 'session.jsonl',
    index,
    atMs: START + index * MINUTE,
    url: 'https://api.anthropic.com/v1/messages',
    model: MODEL,
    usage,
    body: { model: MODEL, system: [{ type: 'text', text: SYSTEM, cache_control: ephemeral }], messages },
  };
}

describe('breakpointWhatIf', () => {
  it('prices the same session under each placement by the same rules, and says what each saves against as sent', async () => {
    const prepared = await prepareTraffic([1, 3, 5, 7].map((turns, index) => systemOnly(index, turns, null)));
    const whatIf = breakpointWhatIf(prepared, PROVIDER_RULES);
    expect(whatIf.requests).toBe(4);
    expect(whatIf.billed).toBeNull();
    const by = Object.fromEntries(whatIf.outcomes.map((outcome) => [outcome.placement.id, outcome]));
    expect(Object.keys(by)).toEqual(['as-sent', 'none', 'last-block', 'tools-system-recent']);
    // Nothing marked: nothing read or written, every token at the full price.
    expect(by.none!.cachedTokens).toBe(0);
    expect(by.none!.writtenTokens).toBe(0);
    expect(by.none!.uncachedTokens).toBeCloseTo(by['as-sent']!.cachedTokens + by['as-sent']!.writtenTokens + by['as-sent']!.uncachedTokens, 6);
    expect(by.none!.savingDollars).toBeLessThan(0);
    // Marking the conversation's end reads it back on the next request: cheaper than the system prompt alone.
    expect(by['last-block']!.cachedTokens).toBeGreaterThan(by['as-sent']!.cachedTokens);
    expect(by['last-block']!.savingDollars).toBeGreaterThan(0);
    expect(by['tools-system-recent']!.savingDollars).toBeGreaterThan(0);
    for (const outcome of whatIf.outcomes) expect(outcome.savingDollars).toBeCloseTo(by['as-sent']!.cost.dollars - outcome.cost.dollars, 12);
    expect(by['as-sent']!.savingDollars).toBe(0);
  });

  it('sets the bill beside them at the same prices, and prices nothing a placement cannot change', async () => {
    const reported = (cached: number, written: number, uncached: number): ReportedUsage => ({
      cachedTokens: cached,
      writtenTokens: written,
      uncachedTokens: uncached,
      outputTokens: 10,
      format: 'anthropic',
    });
    const deepseek = { ...systemOnly(2, 1, reported(0, 0, 500)), url: 'https://api.deepseek.com/anthropic/v1/messages', model: 'deepseek-chat' };
    const prepared = await prepareTraffic([systemOnly(0, 1, reported(0, 3300, 4)), systemOnly(1, 3, reported(3300, 0, 2000)), deepseek]);
    const whatIf = breakpointWhatIf(prepared, PROVIDER_RULES);
    expect(whatIf.requests).toBe(2);
    // Sonnet 4: $3 input, $3.75 cache write, $0.30 cache read per million tokens.
    expect(whatIf.billed).toEqual({
      cachedTokens: 3300,
      writtenTokens: 3300,
      uncachedTokens: 2004,
      cost: { dollars: (3300 * 0.3 + 3300 * 3.75 + 2004 * 3) / 1_000_000, complete: true, missing: [] },
    });
  });
});
