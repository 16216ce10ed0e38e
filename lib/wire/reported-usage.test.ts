import { describe, expect, it } from 'vitest';
import { readStepUsage, readUsage } from './reported-usage';

/*
 * Payloads as the providers send them. Sources (read 2026-12-01):
 * - Anthropic: anthropics/anthropic-sdk-python tests/fixtures/fable-fallback/stream-b-fallback.sse, line 2 (MIT)
 * - OpenAI Responses: openai/openai-python tests/lib/responses/test_responses.py, line 36 (Apache-2.0)
 * - OpenAI Chat: the `usage` object of the Chat Completions API reference (prompt_tokens_details)
 * - Kimi: https://platform.kimi.ai/docs/api/chat, as quoted in earendil-works/pi#8075
 * - DeepSeek: ds-api 0.10.7 src/raw/response/non_streaming/usage.rs (field names), https://api-docs.deepseek.com
 * - Gemini: field names from https://ai.google.dev/api/generate-content#UsageMetadata (values ours)
 * - DashScope: langchain4j/langchain4j-community#788 (prompt_tokens_details.cache_creation_input_tokens)
 */
describe('readUsage', () => {
  it('reads an Anthropic usage: input_tokens are only what follows the last breakpoint', () => {
    const fixture = {
      input_tokens: 31,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
      output_tokens: 7,
    };
    expect(readUsage(fixture)).toEqual({ cachedTokens: 0, writtenTokens: 0, uncachedTokens: 31, outputTokens: 7, format: 'anthropic' });
    expect(readUsage({ ...fixture, cache_read_input_tokens: 4000, cache_creation_input_tokens: 450, input_tokens: 3 })).toMatchObject({
      cachedTokens: 4000,
      writtenTokens: 450,
      uncachedTokens: 3,
    });
  });

  it('reads an OpenAI Responses usage, whose input_tokens include the cached ones', () => {
    const fixture = { input_tokens: 14, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 }, output_tokens: 50 };
    expect(readUsage({ usage: fixture })).toEqual({ cachedTokens: 0, writtenTokens: 0, uncachedTokens: 14, outputTokens: 50, format: 'openai-responses' });
    expect(readUsage({ ...fixture, input_tokens: 1700, input_tokens_details: { cached_tokens: 1408 } })).toMatchObject({
      cachedTokens: 1408,
      uncachedTokens: 292,
    });
  });

  it('reads an OpenAI Chat usage and a DashScope one with its creation count', () => {
    expect(readUsage({ prompt_tokens: 1700, completion_tokens: 5, prompt_tokens_details: { cached_tokens: 1408 } })).toEqual({
      cachedTokens: 1408,
      writtenTokens: 0,
      uncachedTokens: 292,
      outputTokens: 5,
      format: 'openai-chat',
    });
    expect(readUsage({ prompt_tokens: 3000, prompt_tokens_details: { cached_tokens: 0, cache_creation_input_tokens: 2048 } })).toMatchObject({
      cachedTokens: 0,
      writtenTokens: 2048,
      uncachedTokens: 952,
    });
  });

  const usage = (cachedTokens: number, writtenTokens: number, uncachedTokens: number, outputTokens: number, format: string) => ({
    cachedTokens,
    writtenTokens,
    uncachedTokens,
    outputTokens,
    format,
  });
  it.each([
    // DeepSeek: hits and misses; every miss is stored as units for later requests.
    ['DeepSeek', { prompt_tokens: 1080, completion_tokens: 9, prompt_cache_hit_tokens: 1000, prompt_cache_miss_tokens: 80 }, usage(1000, 80, 0, 9, 'deepseek')],
    // Kimi: a top-level cached_tokens beside prompt_tokens.
    ['Kimi', { prompt_tokens: 19, completion_tokens: 13, total_tokens: 32, cached_tokens: 12 }, usage(12, 0, 7, 13, 'kimi')],
    // Gemini: promptTokenCount includes the cached tokens.
    [
      'Gemini',
      { usageMetadata: { promptTokenCount: 1200, cachedContentTokenCount: 1000, candidatesTokenCount: 30, totalTokenCount: 1230 } },
      usage(1000, 0, 200, 30, 'gemini'),
    ],
    // Bedrock's Converse: inputTokens exclude what was read from and written to the cache, as Anthropic's.
    [
      'Bedrock',
      { usage: { inputTokens: 2, outputTokens: 8, totalTokens: 1332, cacheReadInputTokens: 1322, cacheWriteInputTokens: 0 } },
      usage(1322, 0, 2, 8, 'bedrock'),
    ],
    ['Bedrock (no cache fields)', { usage: { inputTokens: 22, outputTokens: 4, totalTokens: 26 } }, usage(0, 0, 22, 4, 'bedrock')],
  ])('reads a %s usage', (_name, payload, expected) => {
    expect(readUsage(payload)).toEqual(expected);
  });

  it('finds nothing in a payload of another shape', () => {
    expect(readUsage({ tokens: 3 })).toBeNull();
    // The AI SDK's own usage is spelled like Bedrock's, but its inputTokens include the cached ones.
    expect(readUsage({ inputTokens: 30, outputTokens: 5, totalTokens: 35, cachedInputTokens: 20 })).toBeNull();
    expect(readUsage('usage')).toBeNull();
    expect(readUsage({ prompt_tokens: -1, prompt_tokens_details: {} })).toBeNull();
  });
});

describe('readStepUsage', () => {
  it("prefers the provider's own payload the AI SDK kept", () => {
    const step = {
      inputTokens: 1080,
      inputTokenDetails: { noCacheTokens: 1080, cacheReadTokens: undefined, cacheWriteTokens: undefined },
      outputTokens: 9,
      raw: { prompt_tokens: 1080, completion_tokens: 9, prompt_cache_hit_tokens: 1000, prompt_cache_miss_tokens: 80 },
    };
    expect(readStepUsage(step)).toMatchObject({ cachedTokens: 1000, format: 'deepseek' });
  });

  it("falls back to the AI SDK's normalised figures", () => {
    const step = { inputTokens: 4453, inputTokenDetails: { noCacheTokens: 3, cacheReadTokens: 4000, cacheWriteTokens: 450 }, outputTokens: 20 };
    expect(readStepUsage(step)).toEqual({ cachedTokens: 4000, writtenTokens: 450, uncachedTokens: 3, outputTokens: 20, format: 'ai-sdk' });
    expect(readStepUsage({ inputTokens: undefined, outputTokens: undefined })).toBeNull();
  });
});
