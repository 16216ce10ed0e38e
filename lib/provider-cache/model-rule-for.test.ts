import { describe, expect, it } from 'vitest';
import { modelRuleFor } from './model-rule-for';
import { PROVIDER_RULES } from './provider-rules';

describe('modelRuleFor', () => {
  it('finds a model by its own name or as a dated snapshot of one, and nothing else', () => {
    expect(modelRuleFor(PROVIDER_RULES, 'anthropic', 'claude-sonnet-4')?.model).toBe('claude-sonnet-4');
    expect(modelRuleFor(PROVIDER_RULES, 'anthropic', 'claude-sonnet-4-20250514')?.model).toBe('claude-sonnet-4');
    expect(modelRuleFor(PROVIDER_RULES, 'anthropic', 'claude-3-5-haiku-20241022')?.minimumTokens).toBe(2048);
    expect(modelRuleFor(PROVIDER_RULES, 'anthropic', 'claude-sonnet-4-5')?.model).toBe('claude-sonnet-4-5');
    expect(modelRuleFor(PROVIDER_RULES, 'anthropic', 'claude-sonnet-4-preview')).toBeNull();
    expect(modelRuleFor(PROVIDER_RULES, 'openai', 'claude-sonnet-4-20250514')).toBeNull();
  });
});
