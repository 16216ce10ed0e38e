import { describe, expect, it } from 'vitest';
import { contextWindowFinding } from './context-window';
import { PROVIDER_RULES } from './provider-rules';

const model = (id: string) => PROVIDER_RULES.models.find((entry) => entry.model === id)!;

describe('contextWindowFinding', () => {
  it('refuses a request past its model’s window, with the figure and the bound', () => {
    expect(contextWindowFinding(model('claude-sonnet-4-5'), 7_412_000)).toEqual({
      kind: 'context-window',
      verdict: 'refuses',
      messageIndex: null,
      count: 1,
      detail: 'about 7,412,000 input tokens; claude-sonnet-4-5 takes at most 200,000 (its context window, input and answer together)',
      source: { url: 'https://platform.claude.com/docs/en/models/sonnet-4-5/overview', checked: '2026-12-03' },
    });
  });

  it('bounds GPT-5 by its input cap, not its whole window', () => {
    expect(contextWindowFinding(model('gpt-5'), 300_000)?.detail).toBe(
      'about 300,000 input tokens; gpt-5 takes at most 272,000 (input, of a 400,000-token window)',
    );
    expect(contextWindowFinding(model('gpt-5'), 244_800)).toBeNull();
  });

  it('says only the provider’s own count decides within a tenth below the bound, and nothing further below', () => {
    expect(contextWindowFinding(model('claude-sonnet-4-5'), 180_001)).toMatchObject({
      verdict: 'unknown',
      detail:
        'about 180,001 input tokens, within 10% of the 200,000 claude-sonnet-4-5 takes (its context window, input and answer together): its own count decides',
    });
    expect(contextWindowFinding(model('claude-sonnet-4-5'), 200_000)?.verdict).toBe('unknown');
    expect(contextWindowFinding(model('claude-sonnet-4-5'), 180_000)).toBeNull();
  });

  it('takes a workspace’s own bound over the table, and says nothing for a model nobody bounded', () => {
    const edited = { ...model('claude-sonnet-4-5'), contextWindow: 1_000_000, limits: { url: 'https://example.com/mine', checked: '2026-12-03' } };
    expect(contextWindowFinding(edited, 300_000)).toBeNull();
    expect(contextWindowFinding({ ...model('gpt-5'), model: 'my-own-model' }, 10_000_000)).toBeNull();
    expect(contextWindowFinding(model('deepseek-chat'), 10_000_000)).toBeNull();
  });
});
