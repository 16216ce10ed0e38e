import { describe, expect, it } from 'vitest';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { capturedCost } from './captured-cost';

const messages = (model: string) => JSON.stringify({ model, messages: [{ role: 'user', content: 'Hi' }] });
const anthropicAnswer = (cached: number, written: number, input: number) =>
  JSON.stringify({ usage: { input_tokens: input, cache_read_input_tokens: cached, cache_creation_input_tokens: written, output_tokens: 5 } });

describe('capturedCost', () => {
  it('sums what each answer reported and prices it at its model’s prices, a streamed answer included', () => {
    const chunk = { choices: [], usage: { prompt_tokens: 2000, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 1024 } } };
    const cost = capturedCost(
      [
        { api: 'anthropic-messages', requestBody: messages('claude-sonnet-4-20250514'), responseBody: anthropicAnswer(0, 3000, 10) },
        { api: 'anthropic-messages', requestBody: messages('claude-sonnet-4-20250514'), responseBody: anthropicAnswer(3000, 200, 10) },
        { api: 'openai-chat', requestBody: messages('gpt-4o'), responseBody: `data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n` },
        // Still running: no answer yet.
        { api: 'openai-chat', requestBody: messages('gpt-4o'), responseBody: null },
      ],
      PROVIDER_RULES,
    );
    expect(cost).toMatchObject({ requests: 4, reported: 3, cachedTokens: 4024, writtenTokens: 3200, uncachedTokens: 996 });
    // Sonnet 4: $3 in, $0.30 read, $3.75 write; GPT-4o: $2.50 in, $1.25 read (per million).
    const dollars = (3000 * 3.75 + 10 * 3 + 3000 * 0.3 + 200 * 3.75 + 10 * 3 + 1024 * 1.25 + 976 * 2.5) / 1_000_000;
    expect(cost.cost.dollars).toBeCloseTo(dollars, 12);
    expect(cost.cost.complete).toBe(true);
  });

  it('prices a model by any provider that lists it, and says which prices it lacks', () => {
    const cost = capturedCost(
      [
        // An Anthropic client pointed at DeepSeek: the model is DeepSeek's.
        { api: 'anthropic-messages', requestBody: messages('deepseek-v4-pro'), responseBody: anthropicAnswer(1000, 0, 24) },
        { api: 'anthropic-messages', requestBody: messages('claude-unknown-9'), responseBody: anthropicAnswer(0, 0, 40) },
        // An answer without cache figures (Fork Lab's offline model's) is not a report, nor is one that is not JSON.
        { api: 'openai-chat', requestBody: messages('fork-lab-offline'), responseBody: JSON.stringify({ usage: { prompt_tokens: 40, completion_tokens: 3 } }) },
        { api: 'openai-chat', requestBody: 'not json', responseBody: 'not json either' },
      ],
      PROVIDER_RULES,
    );
    expect(cost).toMatchObject({ requests: 4, reported: 2, cachedTokens: 1000, uncachedTokens: 64 });
    expect(cost.cost.complete).toBe(false);
    expect(cost.cost.missing).toEqual(['prices for claude-unknown-9']);
    expect(cost.cost.dollars).toBeCloseTo((1000 * 0.044 + 24 * 1.32) / 1_000_000, 12);
  });
});
