import { describe, expect, it } from 'vitest';
import { DEFAULT_SELECTION, type ForkSelection, requestFromSelection, selectionFromRequest } from './fork-selection';
import { decodeUrlState, encodeUrlState } from './url-state';

describe('requestFromSelection', () => {
  it('passes Qwen values through as typed, leaving out empty fields', () => {
    const selection: ForkSelection = { ...DEFAULT_SELECTION, qwen: { fork_turns: ' 3 ', subagent_type: 'fork', name: '' } };
    expect(requestFromSelection(selection)).toEqual({
      policy: 'qwen-fork-turns',
      directive: DEFAULT_SELECTION.directive,
      params: { subagent_type: 'fork', fork_turns: ' 3 ' },
    });
  });

  it('spells Kimi and DeepSeek values as their runtimes take them', () => {
    expect(
      requestFromSelection({
        ...DEFAULT_SELECTION,
        policy: 'kimi-fork',
        kimi: { fork: 'true', resume: 'agent-7', subagent_type: '', model: '', notice: 'system-reminder' },
        forkPoint: 4,
      }),
    ).toEqual({
      policy: 'kimi-fork',
      directive: DEFAULT_SELECTION.directive,
      forkPoint: 4,
      notice: 'system-reminder',
      params: { fork: true, resume: 'agent-7' },
    });
    expect(
      requestFromSelection({
        ...DEFAULT_SELECTION,
        policy: 'deepseek-completed-turns',
        deepseek: { maxDepth: '2', persona: 'You review.', toolFilter: 'read_file, ,grep' },
      }),
    ).toEqual({
      policy: 'deepseek-completed-turns',
      directive: DEFAULT_SELECTION.directive,
      params: { maxDepth: 2, persona: 'You review.', toolFilter: ['read_file', 'grep'] },
    });
    expect(
      requestFromSelection({ ...DEFAULT_SELECTION, policy: 'deepseek-completed-turns', deepseek: { maxDepth: 'deep', persona: '', toolFilter: '' } }).params,
    ).toEqual({ maxDepth: 'deep' });
  });

  it('round-trips a request through the controls', () => {
    const request = { policy: 'kimi-fork' as const, directive: 'go', notice: 'system-reminder' as const, params: { fork: true, model: 'k2' } };
    expect(requestFromSelection(selectionFromRequest(request))).toEqual(request);
  });
});

describe('URL state', () => {
  it('carries scenario, policy, parameters exactly (spaces and leading zeros too) and fork point', () => {
    const selection: ForkSelection = {
      ...DEFAULT_SELECTION,
      qwen: { fork_turns: ' 03 ', subagent_type: 'fork', name: 'ally' },
      directive: 'a & b',
      forkPoint: 7,
    };
    const query = encodeUrlState('tool-only-turns', selection);
    expect(query).toBe('scenario=tool-only-turns&policy=qwen-fork-turns&fork_turns=+03+&subagent_type=fork&name=ally&directive=a+%26+b&point=7');
    expect(decodeUrlState(query)).toEqual({ scenarioId: 'tool-only-turns', selection });
  });

  it('round-trips Kimi with fork left out, and DeepSeek', () => {
    const kimi: ForkSelection = {
      ...DEFAULT_SELECTION,
      policy: 'kimi-fork',
      kimi: { fork: '', resume: '', subagent_type: 'coder', model: '', notice: 'system-reminder' },
    };
    expect(decodeUrlState(encodeUrlState(null, kimi))).toEqual({ scenarioId: null, selection: kimi });
    const deepseek: ForkSelection = {
      ...DEFAULT_SELECTION,
      policy: 'deepseek-completed-turns',
      deepseek: { maxDepth: '1', persona: '', toolFilter: 'read_file' },
    };
    expect(decodeUrlState(encodeUrlState('x', deepseek))).toEqual({ scenarioId: 'x', selection: deepseek });
  });

  it('ignores a missing or unknown policy and a malformed fork point', () => {
    expect(decodeUrlState('scenario=a')).toEqual({ scenarioId: 'a', selection: null });
    expect(decodeUrlState('policy=teleport')).toEqual({ scenarioId: null, selection: null });
    expect(decodeUrlState('policy=qwen-fork-turns&point=-1')?.selection?.forkPoint).toBeNull();
  });
});
