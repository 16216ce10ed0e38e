import type { LanguageModelV3 } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createOfflineModel } from '@/lib/ai/offline/offline-model';
import { BUILT_IN_SCENARIOS } from '@/lib/scenarios/built-in-scenarios';
import { parseOutputCheck } from './output-check';
import { defaultRuntimeVariants, MAX_SWEEP_VARIANTS, runSweep, SweepSetupError, windowVariants } from './run-sweep';

const startupBlock = BUILT_IN_SCENARIOS.find((scenario) => scenario.id === 'startup-block')!.transcript;
const question = 'What is the release tag?';

describe('runSweep', () => {
  it('finds the smallest window whose child knows a fact three turns back, by input tokens, the first listed on a tie', async () => {
    // Window 3 and "all" both hold every turn, and send the same messages (the startup block goes
    // out with the first prompt either way): a tie, and 3 is listed first.
    const result = await runSweep({
      parent: startupBlock,
      variants: windowVariants('qwen-fork-turns', ['1', '2', '3', 'all'], question),
      checks: [parseOutputCheck('contains:v2.14.3')],
      model: () => createOfflineModel(),
    });
    expect(result.variants.map((variant) => [variant.label, variant.status, variant.initialMessages])).toEqual([
      ['1', 'failed', 5],
      ['2', 'failed', 9],
      ['3', 'passed', 13],
      ['all', 'passed', 13],
    ]);
    expect(result.variants[2]!.inputTokens).toBe(result.variants[3]!.inputTokens);
    expect(result.smallestPassing).toBe('3');
    const reversed = await runSweep({
      parent: startupBlock,
      variants: windowVariants('qwen-fork-turns', ['all', '3'], question),
      checks: [parseOutputCheck('contains:v2.14.3')],
      model: () => createOfflineModel(),
    });
    expect(reversed.smallestPassing).toBe('all');
  });

  it('keeps a provider failure as that variant’s error and goes on', async () => {
    let calls = 0;
    const offline = createOfflineModel();
    const result = await runSweep({
      parent: startupBlock,
      variants: defaultRuntimeVariants(question),
      checks: [parseOutputCheck('contains:v2.14.3')],
      model: (): LanguageModelV3 => ({
        ...offline,
        async doGenerate(options) {
          calls += 1;
          if (calls === 2) throw new Error('HTTP 529: overloaded');
          return offline.doGenerate(options);
        },
      }),
    });
    expect(result.variants.map((variant) => variant.status)).toEqual(['passed', 'error', 'passed', 'passed', 'passed', 'passed']);
    expect(result.variants[1]!.errors).toEqual(['HTTP 529: overloaded']);
  });

  it('refuses a runtime without a window and a sweep of more than 16 forks', async () => {
    expect(() => windowVariants('kimi-fork', ['1'], question)).toThrow(SweepSetupError);
    const many = windowVariants(
      'qwen-fork-turns',
      Array.from({ length: MAX_SWEEP_VARIANTS + 1 }, () => '1'),
      question,
    );
    await expect(runSweep({ parent: startupBlock, variants: many, checks: [], model: () => createOfflineModel() })).rejects.toThrow(
      'a sweep tries 1 to 16 forks (got 17)',
    );
  });
});
