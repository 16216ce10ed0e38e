import { describe, expect, it } from 'vitest';

const { configuredModels, languageModel, redactSecrets, UnknownModelError } = await import('./providers');

describe('providers', () => {
  it('offers only the offline model with no configuration', () => {
    expect(configuredModels({})).toEqual([{ id: 'offline', label: 'Fork Lab offline (deterministic local model)', provider: 'offline', deterministic: true }]);
  });

  it('adds each provider its variables configure, without secrets in the options', () => {
    const env = {
      OPENAI_API_KEY: 'sk-test-openai-key-123',
      ANTHROPIC_API_KEY: 'sk-ant-test-key-456',
      ANTHROPIC_MODEL: 'claude-haiku-4-5',
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_COMPATIBLE_MODEL: 'qwen3:8b',
      OPENAI_COMPATIBLE_NAME: 'ollama',
    };
    const models = configuredModels(env);
    expect(models.map((model) => [model.id, model.label])).toEqual([
      ['offline', 'Fork Lab offline (deterministic local model)'],
      ['openai:gpt-4o-mini', 'OpenAI · gpt-4o-mini'],
      ['anthropic:claude-haiku-4-5', 'Anthropic · claude-haiku-4-5'],
      ['compatible:qwen3:8b', 'ollama · qwen3:8b (127.0.0.1:11434)'],
    ]);
    expect(JSON.stringify(models)).not.toContain('sk-');
    expect(languageModel('compatible:qwen3:8b', env)).toMatchObject({ modelId: 'qwen3:8b' });
  });

  it('names the configured models when asked for one that is not', () => {
    expect(() => languageModel('openai:gpt-4o', {})).toThrow(UnknownModelError);
    expect(() => languageModel('openai:gpt-4o', {})).toThrow('There is no configured model "openai:gpt-4o". Configured: offline.');
  });

  it('redacts configured keys and key-shaped strings', () => {
    expect(redactSecrets('401: bad key sk-live-abcdef123456 and secret-value-9', { OPENAI_COMPATIBLE_API_KEY: 'secret-value-9' })).toBe(
      '401: bad key [redacted] and [redacted]',
    );
  });
});
