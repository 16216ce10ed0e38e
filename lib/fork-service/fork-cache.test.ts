import { describe, expect, it } from 'vitest';
import type { ForkRequest } from '@/lib/fork';
import { PROVIDER_RULES } from '@/lib/provider-cache/provider-rules';
import { assistant, parentOf, toolCalls, user } from '@/lib/scenarios/transcript-builders';

const { previewFork, registerParent } = await import('./index');

const parent = parentOf([
  user('u1', 'The build number is 4417.'),
  assistant('a1', 'Noted.'),
  user('u2', 'Now check the tests.'),
  toolCalls('c1', [{ id: 'call-1', tool: 'agent', input: { fork: true, prompt: 'x' } }]),
]);
const request: ForkRequest = { policy: 'kimi-fork', directive: 'check', params: { description: 'Fork', fork: true } };

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
    // A tiny parent is under every minimum but DeepSeek's, whose units need none: the child reads the
    // unit at the end of the parent's output, its Agent call, which the child copies.
    const deepseek = cache.forecasts.find((forecast) => forecast.provider === 'deepseek')!;
    const child = deepseek.children[0]!.prediction;
    expect(deepseek.parent.writtenTokens).toBeGreaterThan(0);
    expect(child.cachedTokens).toBeGreaterThan(deepseek.parent.writtenTokens);
    expect(child.cachedTokens).toBe(child.sharedTokens);
    expect(cache.forecasts.find((forecast) => forecast.provider === 'openai')!.children[0]!.prediction.cachedTokens).toBe(0);
    // Kimi 2.1 sends its notice and the task as two user messages in a row: the providers that
    // never said whether they take that say so; with the notice in front of the task, all take it.
    expect(
      cache.acceptance.filter((entry) => entry.status !== 'accepted').map((entry) => [entry.provider, entry.findings.map((finding) => finding.kind)]),
    ).toEqual([
      ['gemini', ['same-role-twice']],
      ['deepseek', ['same-role-twice']],
      ['kimi', ['same-role-twice']],
      ['qwen', ['same-role-twice']],
    ]);
    const prefixed = await cacheOf({ ...request, runtimeVersion: 'code-read' });
    expect(prefixed.acceptance.every((entry) => entry.status === 'accepted')).toBe(true);
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

describe("an AgentSwarm preview's cache report", () => {
  const TEMPLATE = 'Review {{item}} for likely regressions.';
  const items = Array.from({ length: 10 }, (_, index) => `src/file-${index + 1}.ts`);
  const swarmParent = parentOf(
    [
      user('u1', 'The date parser changed in ten files.'),
      toolCalls('swarm-call', [{ id: 'swarm-1', tool: 'AgentSwarm', input: { description: 'Review', prompt_template: TEMPLATE, items, fork: true } }]),
    ],
    { model: 'kimi-k2' },
  );
  const swarm = (member?: number): ForkRequest => ({
    policy: 'kimi-agent-swarm',
    directive: TEMPLATE,
    params: { description: 'Review', items, fork: true },
    ...(member === undefined ? {} : { member }),
  });

  it('is about the member the preview shows, even one past the first eight', async () => {
    const { parentKey } = await registerParent(swarmParent);
    for (const [member, label] of [
      [undefined, '#1'],
      [3, '#3'],
      [10, '#10'],
    ] as const) {
      const preview = await previewFork(parentKey, swarm(member));
      if (preview.status !== 'ok' || preview.cache === null) throw new Error('no cache report');
      const { cache } = preview;
      expect(cache.labels![cache.focus]).toBe(label);
      const kimi = cache.forecasts.find((forecast) => forecast.provider === 'kimi')!;
      expect(kimi.children).toHaveLength(member === 10 ? 9 : 8);
      expect(cache.labels).toEqual(member === 10 ? ['#1', '#2', '#3', '#4', '#5', '#6', '#7', '#8', '#10'] : ['#1', '#2', '#3', '#4', '#5', '#6', '#7', '#8']);
    }
  });
});
