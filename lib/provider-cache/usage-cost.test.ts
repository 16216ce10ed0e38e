import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from './provider-rules';
import { usageDollars } from './usage-cost';

const model = (name: string) => PROVIDER_RULES.models.find((entry) => entry.model === name)!;

describe('usageDollars', () => {
  it('prices each part of the reported input and the output at the model', () => {
    const usage = { cachedTokens: 4000, writtenTokens: 450, uncachedTokens: 3, outputTokens: 20, format: 'anthropic' as const };
    // claude-opus-4-1: 1.50 cached, 18.75 written, 15 input, 75 output per million.
    expect(usageDollars(usage, {}, model('claude-opus-4-1')).dollars).toBeCloseTo((4000 * 1.5 + 450 * 18.75 + 3 * 15 + 20 * 75) / 1e6, 12);
  });

  it('counts every input token as uncached without a breakdown, and says when a price is unknown', () => {
    expect(usageDollars(undefined, { inputTokens: 1000, outputTokens: 10 }, model('gpt-5')).dollars).toBeCloseTo((1000 * 1.25 + 10 * 10) / 1e6, 12);
    expect(usageDollars(undefined, { inputTokens: 1000, outputTokens: 10 }, model('gemini-2.5-flash'))).toMatchObject({
      complete: false,
      missing: ['input', 'output'],
    });
  });
});
