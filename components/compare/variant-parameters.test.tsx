import { describe, expect, it } from 'vitest';
import { parametersLine } from './variant-parameters';

const models = [{ id: 'offline', label: 'Fork Lab offline' }] as never;

describe('parametersLine', () => {
  it('names the runtime, each parameter given a value, the fork point and the model, in that order', () => {
    const line = parametersLine({ policy: 'qwen-fork-turns', values: { fork_turns: '2', fork_tools: '' }, forkPoint: 7, modelId: 'offline' } as never, models);
    expect(line).toBe('Qwen Code fork_turns · fork_turns 2 · subagent_type fork · description Fork · runtime_version 0.24 · fork point 7 · Fork Lab offline');
  });

  it('shortens a long value and says when the system instruction is the person’s own', () => {
    const line = parametersLine(
      { policy: 'kimi-fork', values: { resume: 'x'.repeat(40) }, forkPoint: null, modelId: 'elsewhere', systemInstruction: 'Be brief.' } as never,
      models,
    );
    expect(line).toBe(
      `Kimi Code fork: true · description Fork · fork true · resume ${'x'.repeat(24)}… · runtime_version 2.1 · elsewhere · own system instruction`,
    );
  });
});
