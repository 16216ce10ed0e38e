import { describe, expect, it } from 'vitest';
import { claudeCodeRuntime } from './claude-code-runtime';
import { FORK_IN_FORK_UNAVAILABLE } from './fork-directive';

describe('how a refused Agent call reaches Claude Code’s model', () => {
  it('wraps only what the tool’s input schema refuses; a refusal the call throws comes back as it is (seen in 2.1.328 traffic)', () => {
    expect(claudeCodeRuntime.refusal(FORK_IN_FORK_UNAVAILABLE)).toEqual({
      type: 'error-text',
      value: 'Fork is not available inside a forked worker. Complete your task directly using your tools.',
    });
    const invalid = 'InputValidationError: Agent failed due to the following issue:\nThe required parameter `description` is missing';
    expect(claudeCodeRuntime.refusal(invalid)).toEqual({ type: 'error-text', value: `<tool_use_error>${invalid}</tool_use_error>` });
  });
});
