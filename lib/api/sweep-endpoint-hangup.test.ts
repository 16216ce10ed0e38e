import type { LanguageModelV3 } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { parentOf } from '@/lib/scenarios/transcript-builders';

// The offline model, counting the calls that reach it and taking 150 ms over each.
const calls = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/lib/ai/providers', async (original) => {
  const actual = await original<typeof import('@/lib/ai/providers')>();
  const { createOfflineModel } = await import('@/lib/ai/offline/offline-model');
  return {
    ...actual,
    languageModel: (): LanguageModelV3 => {
      const model = createOfflineModel();
      return {
        ...model,
        async doGenerate(options) {
          calls.count += 1;
          await new Promise((resolve) => setTimeout(resolve, 150));
          return model.doGenerate(options);
        },
      };
    },
  };
});

const { answerSweepRequest } = await import('./sweep-endpoint');
const { registerParent } = await import('@/lib/fork-service');

describe('POST /api/sweep when the reader hangs up', () => {
  it('runs no child after the one under way', async () => {
    const parent = parentOf([
      { id: 'u1', message: { role: 'user', content: 'The tag is v1.' } },
      { id: 'a1', message: { role: 'assistant', content: 'Noted.' } },
      { id: 'u2', message: { role: 'user', content: 'Go on.' } },
    ]);
    const { parentKey } = await registerParent(parent);
    const body = JSON.stringify({
      parentKey,
      directive: 'What is the tag?',
      variants: { kind: 'windows', runtime: 'qwen-fork-turns', windows: ['1', '2', '3', '4', 'all'] },
      checks: ['contains:v1'],
    });
    const response = await answerSweepRequest(
      new Request('http://localhost/api/sweep', { method: 'POST', body, headers: { 'content-type': 'application/json' } }),
    );
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('"type":"variant"')) text += (await reader.read()).value ?? '';
    await reader.cancel();
    const afterHangUp = calls.count;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // The child running when the reader left may finish; none starts after it.
    expect(calls.count).toBeLessThanOrEqual(afterHangUp + 1);
    expect(calls.count).toBeLessThan(5);
  }, 15_000);
});
