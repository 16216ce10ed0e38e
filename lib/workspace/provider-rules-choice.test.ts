import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { effectiveProviderRules, restoreProviderModels } from './provider-rules-choice';

describe('effectiveProviderRules', () => {
  it('is null when the workspace changed nothing, so the server uses the shipped rules', () => {
    expect(effectiveProviderRules({ providerRules: null, providerModels: {} })).toBeNull();
  });

  it('applies a picked model to the shipped rules without copying an edit, and ignores a model they do not list', () => {
    const rules = effectiveProviderRules({ providerRules: null, providerModels: { openai: 'gpt-4o', anthropic: 'claude-nobody' } })!;
    expect(rules.defaults).toEqual({ ...PROVIDER_RULES.defaults, openai: 'gpt-4o' });
    expect(rules.models).toBe(PROVIDER_RULES.models);
  });

  it('applies a picked model to edited rules', () => {
    const edited = { ...PROVIDER_RULES, models: PROVIDER_RULES.models.map((model) => (model.model === 'gpt-4o' ? { ...model, input: 9 } : model)) };
    const rules = effectiveProviderRules({ providerRules: edited, providerModels: { openai: 'gpt-4o' } })!;
    expect(rules.models).toBe(edited.models);
    expect(rules.defaults.openai).toBe('gpt-4o');
  });
});

describe('restoreProviderModels', () => {
  it('keeps known providers with a model name, and nothing else', () => {
    expect(restoreProviderModels({ openai: 'gpt-4o', nobody: 'x', kimi: 3 })).toEqual({ openai: 'gpt-4o' });
    expect(restoreProviderModels(['openai'])).toEqual({});
  });
});
