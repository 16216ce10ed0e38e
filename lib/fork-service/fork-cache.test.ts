import { describe, expect, it } from 'vitest';
import type { ForkRequest } from '@/lib/fork';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { assistant, parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';

const { previewFork, registerParent } = await import('./fork-service');

const parent = parentOf([
  user('u1', 'The build number is 4417.'),
  assistant('a1', 'Noted.'),
  user('u2', 'Now check the tests.'),
  toolCalls('c1', [{ id: 'call-1', tool: 'agent', input: { fork: true, prompt: 'x' } }]),
]);
const request: ForkRequest = { policy: 'kimi-fork', directive: 'check', params: { fork: true } };

async function cacheOf(forkRequest: ForkRequest, rules = PROVIDER_RULES) {
  const { parentKey } = await registerParent(parent);
  const preview = await previewFork(parentKey, forkRequest, undefined, rules);
  if (preview.status !== 'ok' || preview.cache === null) throw new Error('no cache report');
  return preview.cache;
}

describe("a preview's cache report", () => {
  it("compares the child with the parent's previous request: all of it, without the Agent call it answered", async () => {
    const cache = await cacheOf(request);
    expect(cache.previousMessages).toBe(3);
    expect(cache.explanation.reason).toBeNull();
    expect(cache.forecasts.map((forecast) => forecast.provider)).toEqual(['anthropic', 'openai', 'gemini', 'deepseek', 'kimi', 'qwen']);
    // A tiny parent is under every minimum but DeepSeek's, whose units need none.
    const deepseek = cache.forecasts.find((forecast) => forecast.provider === 'deepseek')!;
    expect(deepseek.children[0]!.prediction.cachedTokens).toBe(deepseek.parent.writtenTokens);
    expect(deepseek.parent.writtenTokens).toBeGreaterThan(0);
    expect(cache.forecasts.find((forecast) => forecast.provider === 'openai')!.children[0]!.prediction.cachedTokens).toBe(0);
    expect(cache.acceptance.every((entry) => entry.status === 'accepted')).toBe(true);
  });

  it('moves the explainer to system_changed when a person tries another system instruction', async () => {
    const cache = await cacheOf({ ...request, childSystemInstruction: 'You are a forked worker.' });
    expect(cache.explanation).toMatchObject({ reason: 'system_changed', path: 'system', sharedMessages: 0 });
    const deepseek = cache.forecasts.find((forecast) => forecast.provider === 'deepseek')!;
    expect(deepseek.children[0]!.prediction.cachedTokens).toBe(0);
  });

  it("follows a workspace's edited rules", async () => {
    const rules = {
      ...PROVIDER_RULES,
      models: PROVIDER_RULES.models.map((model) => (model.model === 'gpt-5' ? { ...model, minimumTokens: 1, stepTokens: null } : model)),
    };
    const cache = await cacheOf(request, rules);
    const openai = cache.forecasts.find((forecast) => forecast.provider === 'openai')!;
    expect(openai.minimumTokens).toBe(1);
    // With no minimum and no steps, the whole shared prefix is read.
    const prediction = openai.children[0]!.prediction;
    expect(prediction.sharedTokens).toBeGreaterThan(0);
    expect(prediction.cachedTokens).toBe(prediction.sharedTokens);
  });
});
