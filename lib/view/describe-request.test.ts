import { describe, expect, it } from 'vitest';
import { describeRequest } from './describe-request';

describe('describeRequest', () => {
  it('names the policy and shows parameters as JSON values', () => {
    expect(describeRequest({ policy: 'qwen-fork-turns', directive: 'go', params: { description: 'Fork', subagent_type: 'fork', fork_turns: '3' } })).toBe(
      'Qwen Code fork_turns · { description: "Fork", subagent_type: "fork", fork_turns: "3" } · directive: “go”',
    );
    expect(describeRequest({ policy: 'kimi-fork', directive: 'go', params: { description: 'Fork', fork: true }, notice: 'system-reminder' })).toBe(
      'Kimi Code fork: true · { description: "Fork", fork: true } · notice: system-reminder · directive: “go”',
    );
  });
});
