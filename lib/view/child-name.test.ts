import { describe, expect, it } from 'vitest';
import { childName } from './child-name';

describe('childName', () => {
  it("reads a child by the call's own name for it, and its window when the window is a count", () => {
    expect(childName({ policy: 'qwen-fork-turns', directive: 'Write the tests', params: { description: 'Date tests', fork_turns: '1' } }, 2)).toBe(
      '#2 Date tests · fork_turns 1',
    );
    expect(childName({ policy: 'codex-spawn-agent', directive: 'Review it', params: { task_name: 'reviewer' } })).toBe('reviewer');
  });

  it('falls back to the first words of the directive, cut where long', () => {
    expect(
      childName(
        {
          policy: 'kimi-fork',
          directive: '  Summarise what we have established so far and list the open questions.',
          params: { description: 'Fork', fork: true },
        },
        1,
      ),
    ).toBe('#1 Summarise what we have established so…');
    expect(childName({ policy: 'qwen-fork-turns', directive: 'Check it', params: { description: '  ' } })).toBe('Check it');
    // The playground's default name says nothing about the child.
    expect(childName({ policy: 'qwen-fork-turns', directive: 'Check it', params: { description: 'Fork', fork_turns: 'all' } })).toBe(
      'Check it · fork_turns all',
    );
    expect(childName({ policy: 'deepseek-completed-turns', directive: 'x'.repeat(80), params: {} })).toBe(`${'x'.repeat(47)}…`);
    expect(childName({ policy: 'deepseek-completed-turns', directive: '', params: {} })).toBe('child');
  });
});
