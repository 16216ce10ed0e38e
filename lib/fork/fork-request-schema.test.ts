import { describe, expect, it } from 'vitest';
import { ForkRequestValidationError } from './errors';
import { parseForkRequest } from './fork-request-schema';

function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ForkRequestValidationError) return error.issues;
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('parseForkRequest', () => {
  it('keeps parameter values as sent, so the runtime checks can judge them', () => {
    expect(parseForkRequest({ policy: 'qwen-fork-turns', directive: 'x', params: { description: 'Fork', subagent_type: 'fork', fork_turns: 3 } })).toEqual({
      policy: 'qwen-fork-turns',
      directive: 'x',
      params: { description: 'Fork', subagent_type: 'fork', fork_turns: 3 },
    });
  });

  it('rejects an unknown policy and misspelled parameters with their paths', () => {
    expect(issuesOf(() => parseForkRequest({ policy: 'claude-cod', directive: 'x', params: {} })).map((i) => i.path)).toEqual(['policy']);
    expect(issuesOf(() => parseForkRequest({ policy: 'qwen-fork-turns', directive: 'x', params: { description: 'Fork', fork_turn: '3' } }))).toEqual([
      { path: 'params', message: 'Unrecognized key: "fork_turn"' },
    ]);
    expect(
      issuesOf(() => parseForkRequest({ policy: 'kimi-fork', directive: 'x', params: { description: 'Fork' }, notice: 'loud' })).map((i) => i.path),
    ).toEqual(['notice']);
  });

  it('prefixes paths when asked', () => {
    expect(issuesOf(() => parseForkRequest({ policy: 'kimi-fork', params: { description: 'Fork' } }, 'request')).map((i) => i.path)).toEqual([
      'request.directive',
    ]);
  });
});
