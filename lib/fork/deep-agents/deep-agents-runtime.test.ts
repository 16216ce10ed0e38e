import { describe, expect, it } from 'vitest';
import { deepAgentsRuntime } from './deep-agents-runtime';
import { FORK_RECURSION_REFUSAL } from './validate-deep-agents-task';

describe('Deep Agents as a runtime', () => {
  it('answers a fork child’s call with the refusal as a plain result, and every other refusal as an error', () => {
    expect(deepAgentsRuntime.refusal(FORK_RECURSION_REFUSAL)).toEqual({ type: 'text', value: FORK_RECURSION_REFUSAL });
    const unknown = 'Error: invoked agent of type nope, the only allowed types are `general-purpose`, `forker`';
    expect(deepAgentsRuntime.refusal(unknown)).toEqual({ type: 'error-text', value: unknown });
  });

  it('reads the release from Fork Lab’s own driver header; a Deep Agents request announces none itself', () => {
    expect(deepAgentsRuntime.announcedRelease!({ 'x-fork-lab-runtime': 'deepagents/1.14.1' })).toBe('1.14.1');
    expect(deepAgentsRuntime.announcedRelease!({ 'user-agent': 'langchainjs-openai/1.0.0 ((node/v20.20.2; linux; x64))' })).toBeNull();
    expect(deepAgentsRuntime.announcedRelease!({ 'x-fork-lab-runtime': 'claude-cli/2.1.328' })).toBeNull();
  });

  it('spells a call of its task tool from the controls and reads the same request back from it', () => {
    const { controls, agentTool } = deepAgentsRuntime;
    const settings = { ...controls.defaults, fork_kind: 'compiled', fork_system_prompt: 'Own prompt.' };
    const request = controls.toRequest(settings, { directive: 'What is the deploy password?' });
    expect(request).toEqual({
      policy: 'deep-agents-fork',
      directive: 'What is the deploy password?',
      params: { subagent_type: 'forker' },
      program: { fork: { name: 'forker', kind: 'compiled', systemPrompt: 'Own prompt.' } },
    });
    expect(agentTool.callInput(request)).toEqual({ subagent_type: 'forker', description: 'What is the deploy password?' });
    expect(agentTool.requestFromCall(agentTool.callInput(request), settings)).toEqual(request);
    expect(controls.fromRequest(request)).toEqual(settings);
    // Arguments the schema refuses travel as written.
    expect(agentTool.requestFromCall({ description: 7, subagent_type: 'forker' }, {})).toEqual({
      policy: 'deep-agents-fork',
      directive: '',
      params: { subagent_type: 'forker' },
      call: { description: 7, subagent_type: 'forker' },
    });
  });
});
