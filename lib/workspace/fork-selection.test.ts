import { describe, expect, it } from 'vitest';
import type { ForkPolicy } from '@/lib/fork';
import {
  DEFAULT_SELECTION,
  type ForkSelection,
  plannableRequest,
  requestFromSelection,
  restoreSelection,
  selectionFromRequest,
  withField,
} from './fork-selection';

/** The default selection with one runtime selected and its fields as typed. */
function typed(policy: ForkPolicy, fields: Record<string, string>, rest: Partial<ForkSelection> = {}): ForkSelection {
  return { ...DEFAULT_SELECTION, policy, fields: { ...DEFAULT_SELECTION.fields, [policy]: fields }, ...rest };
}

describe('requestFromSelection', () => {
  it('passes Qwen values through as typed, leaving out empty fields', () => {
    const selection = typed('qwen-fork-turns', { fork_turns: ' 3 ', subagent_type: 'fork', name: '' });
    expect(requestFromSelection(selection)).toEqual({
      policy: 'qwen-fork-turns',
      directive: DEFAULT_SELECTION.directive,
      params: { description: 'Fork', subagent_type: 'fork', fork_turns: ' 3 ' },
    });
  });

  it('spells Kimi and DeepSeek values as their runtimes take them', () => {
    expect(
      requestFromSelection(typed('kimi-fork', { fork: 'true', resume: 'agent-7', subagent_type: '', model: '', notice: 'system-reminder' }, { forkPoint: 4 })),
    ).toEqual({
      policy: 'kimi-fork',
      directive: DEFAULT_SELECTION.directive,
      forkPoint: 4,
      notice: 'system-reminder',
      params: { description: 'Fork', fork: true, resume: 'agent-7' },
    });
    expect(requestFromSelection(typed('deepseek-completed-turns', { maxDepth: '2', persona: 'You review.', toolFilter: 'read_file, ,grep' }))).toEqual({
      policy: 'deepseek-completed-turns',
      directive: DEFAULT_SELECTION.directive,
      params: { description: 'Fork', maxDepth: 2, persona: 'You review.', toolFilter: ['read_file', 'grep'] },
    });
    expect(requestFromSelection(typed('deepseek-completed-turns', { maxDepth: 'deep', persona: '', toolFilter: '' })).params).toEqual({
      description: 'Fork',
      maxDepth: 'deep',
    });
  });

  it('round-trips a request through the controls', () => {
    const request = {
      policy: 'kimi-fork' as const,
      directive: 'go',
      notice: 'system-reminder' as const,
      params: { description: 'Fork', fork: true, model: 'k2' },
    };
    expect(requestFromSelection(selectionFromRequest(request))).toEqual(request);
  });
});

describe('plannableRequest', () => {
  it('answers with errors instead of throwing for what the request schema refuses', () => {
    const fractional = plannableRequest({ ...DEFAULT_SELECTION, forkPoint: 3.5 });
    expect(fractional.request).toBeNull();
    expect(fractional.errors).toEqual([{ parameter: 'forkPoint', code: 'request_shape', message: 'forkPoint: Invalid input: expected int, received number' }]);
    const pasted = withField(withField(DEFAULT_SELECTION, 'fork_profile', 'ro'), 'fork_profile_file', 'x'.repeat(200_000));
    expect(plannableRequest(pasted).errors).toEqual([
      { parameter: 'fork_profile_file', code: 'too_long', message: 'fork_profile_file is 200,000 characters; Fork Lab takes at most 131,072.' },
    ]);
  });

  it('names each field longer than Fork Lab takes, with its length and bound, before anything is planned', () => {
    const long = withField({ ...DEFAULT_SELECTION, directive: 'd'.repeat(100_001) }, 'description', 'x'.repeat(10_001));
    expect(plannableRequest(long)).toEqual({
      request: null,
      errors: [
        { parameter: 'directive', code: 'too_long', message: 'directive is 100,001 characters; Fork Lab takes at most 100,000.' },
        { parameter: 'description', code: 'too_long', message: 'description is 10,001 characters; Fork Lab takes at most 10,000.' },
      ],
    });
    // At the bound, it is planned.
    expect(plannableRequest({ ...DEFAULT_SELECTION, directive: 'd'.repeat(100_000) }).errors).toEqual([]);
  });

  it('passes a request the schema takes through as it is', () => {
    expect(plannableRequest(DEFAULT_SELECTION)).toEqual({ request: requestFromSelection(DEFAULT_SELECTION), errors: [] });
  });
});

describe('restoreSelection', () => {
  it('keeps the fields a browser saved before selections were keyed by policy', () => {
    const saved = {
      policy: 'kimi-fork',
      qwen: { fork_turns: '2', subagent_type: 'fork', name: '' },
      kimi: { fork: 'false', resume: 'agent-1', subagent_type: '', model: '', notice: 'system-reminder' },
      deepseek: { maxDepth: '1', persona: '', toolFilter: '', outputSchema: '' },
      directive: 'go',
      forkPoint: 3,
    };
    const restored = restoreSelection(saved);
    expect(restored).toEqual({
      policy: 'kimi-fork',
      fields: {
        // Fields added since (0.24's description, fork_tools, fork_profile and its file; the version) get their defaults.
        'qwen-fork-turns': { ...saved.qwen, description: 'Fork', fork_tools: '', fork_profile: '', fork_profile_file: '', runtime_version: '0.24' },
        // Fields added since (2.1's description and run_in_background; the version) get their defaults.
        'kimi-fork': { description: 'Fork', run_in_background: '', runtime_version: '2.1', ...saved.kimi },
        // Fields added since (0.1's description; the version) get their defaults.
        'deepseek-completed-turns': { description: 'Fork', runtime_version: '0.1', ...saved.deepseek },
        // A runtime added after selections were keyed by policy was never saved the old way: its defaults.
        'kimi-agent-swarm': {
          description: 'Swarm',
          items: '',
          fork: 'true',
          subagent_type: '',
          model: '',
          resume_agent_ids: '',
          notice: '',
          runtime_version: '2.1',
          member: '',
        },
        'codex-spawn-agent': {
          task_name: 'worker',
          fork_turns: 'all',
          agent_type: '',
          model: '',
          reasoning_effort: '',
          fork_context: '',
          runtime_version: '0.169',
          lock: 'three-fields',
          finalAnswers: 'phase',
        },
        'claude-code-fork': { description: 'Forked worker', subagent_type: 'fork', model: '', gate: 'subagent-type-fork', runtime_version: '2.1.328' },
        'deep-agents-fork': {
          subagent_type: 'forker',
          fork_name: 'forker',
          fork_kind: 'declarative',
          fork_system_prompt: '',
          fork_tools: '',
          fork_model: '',
          other_subagents: '',
        },
      },
      directive: 'go',
      forkPoint: 3,
    });
    expect(restoreSelection(restored)).toEqual(restored);
  });

  it('defaults what it cannot read, field by field', () => {
    expect(restoreSelection(null)).toEqual(DEFAULT_SELECTION);
    const restored = restoreSelection({ policy: 'teleport', fields: { 'qwen-fork-turns': { fork_turns: 4, name: 'x' } }, forkPoint: -2 });
    expect(restored.policy).toBe(DEFAULT_SELECTION.policy);
    expect(restored.forkPoint).toBeNull();
    expect(restored.fields['qwen-fork-turns']).toEqual({
      fork_turns: 'all',
      subagent_type: 'fork',
      description: 'Fork',
      fork_tools: '',
      fork_profile: '',
      fork_profile_file: '',
      name: 'x',
      runtime_version: '0.24',
    });
  });
});
