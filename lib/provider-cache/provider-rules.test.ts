import { describe, expect, it } from 'vitest';
import { CONFIGURED_MODEL_DEFAULTS } from '@/lib/ai/providers';
import { MODEL_LIMITS } from './model-limits';
import { defaultModelRule, PROVIDER_IDS, PROVIDER_RULES } from './provider-rules';
import { providerRulesSchema } from './provider-rules-schema';

describe('the shipped provider rules', () => {
  it('pass their own schema, so a workspace can start from them', () => {
    expect(providerRulesSchema.safeParse(PROVIDER_RULES).success).toBe(true);
  });

  it('name a source and the day it was read for every rule, price and minimum', () => {
    const sources = [...PROVIDER_RULES.providers.map((rule) => rule.source), ...PROVIDER_RULES.models.flatMap((model) => [model.prices, model.minimum])];
    for (const source of sources) {
      expect(source.url).toMatch(/^https:\/\//);
      expect(source.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });

  it('price, and bound, the models Fork Lab runs children on when a key is set', () => {
    for (const model of Object.values(CONFIGURED_MODEL_DEFAULTS)) {
      const rule = PROVIDER_RULES.models.find((entry) => entry.model === model);
      expect(rule, model).toBeDefined();
      expect(
        [rule!.input, rule!.cachedInput, rule!.cacheWrite, rule!.output].every((price) => typeof price === 'number'),
        model,
      ).toBe(true);
      expect(MODEL_LIMITS[model]?.contextWindow, model).toBeGreaterThan(0);
    }
  });

  it('give every priced model its context window, dated and sourced, or say nobody published one', () => {
    for (const { model } of PROVIDER_RULES.models) {
      const limits = MODEL_LIMITS[model];
      expect(limits, model).toBeDefined();
      expect(limits!.limits.url).toMatch(/^https:\/\//);
      expect(limits!.limits.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (limits!.maxInput !== undefined) expect(limits!.maxInput).toBeLessThan(limits!.contextWindow!);
    }
  });

  it('give every provider a default model of its own', () => {
    for (const id of PROVIDER_IDS) expect(defaultModelRule(PROVIDER_RULES, id)?.provider).toBe(id);
  });

  it('refuse an edit that leaves a provider without its default model, saying which', () => {
    const edited = { ...PROVIDER_RULES, models: PROVIDER_RULES.models.filter((model) => model.model !== 'gpt-5') };
    const parsed = providerRulesSchema.safeParse(edited);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['defaults.openai', '"gpt-5" is not one of the openai models listed'],
    ]);
  });

  it('refuse a negative price and an undated source', () => {
    const model = { ...PROVIDER_RULES.models[0]!, input: -1, prices: { url: 'https://example.com', checked: 'yesterday' } };
    const parsed = providerRulesSchema.safeParse({ ...PROVIDER_RULES, models: [model, ...PROVIDER_RULES.models.slice(1)] });
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['models.0.input', 'models.0.prices.checked']);
  });
});
