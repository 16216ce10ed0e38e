import { describe, expect, it } from 'vitest';
import { splitChecks, splitWindows, sweepChecksProblem, sweepWindowsProblem } from './sweep-form';

describe('sweep form', () => {
  it('reads windows comma-separated and checks one a line', () => {
    expect(splitWindows(' 1, 2 ,all')).toEqual(['1', '2', 'all']);
    expect(splitChecks('contains:a\n\n  regex:/b/  \n')).toEqual(['contains:a', 'regex:/b/']);
  });

  it('takes counts and the runtime’s own words for every turn and beyond', () => {
    expect(sweepWindowsProblem('qwen-fork-turns', '1,2,4,all')).toBeNull();
    expect(sweepWindowsProblem('codex-spawn-agent', '1,all,none,ALL')).toBeNull();
  });

  it('says which values are no window of the runtime’s field and what a window is', () => {
    expect(sweepWindowsProblem('qwen-fork-turns', '-5, 3.5, text, 2')).toBe(
      '“-5”, “3.5”, “text” are not windows of fork_turns: a whole number of turns from 1, or all.',
    );
    expect(sweepWindowsProblem('codex-spawn-agent', 'never')).toBe('“never” is not a window of fork_turns: a whole number of turns from 1, or all or none.');
    expect(sweepWindowsProblem('qwen-fork-turns', '0')).toBe('“0” is not a window of fork_turns: a whole number of turns from 1, or all.');
    expect(sweepWindowsProblem('qwen-fork-turns', '1,,2')).toContain('empty');
    expect(sweepWindowsProblem('qwen-fork-turns', '1,2,1')).toBe('“1” is listed twice: each window once, as a sweep names its rows by window.');
    expect(sweepWindowsProblem('qwen-fork-turns', Array.from({ length: 17 }, (_, index) => index + 1).join(','))).toBe('17 windows: a sweep tries at most 16.');
    expect(sweepWindowsProblem('qwen-fork-turns', '9'.repeat(65))).toContain('longer than a window can be (64 characters)');
    expect(sweepWindowsProblem('kimi-fork', '1')).toBe('Kimi Code fork: true has no window to sweep.');
  });

  it('asks for a check, and says which one cannot be read and why', () => {
    expect(sweepChecksProblem('contains:heron-7731\nmax-output-tokens:200')).toBeNull();
    expect(sweepChecksProblem('  \n')).toBe('Add a check, one a line (contains:heron-7731, say): each child passes or fails by its checks.');
    expect(sweepChecksProblem('contains:a\nmaybe:b')).toBe(
      'Check 2, “maybe:b”: "maybe" is not a check; one of contains, not-contains, regex, json-path, max-output-tokens.',
    );
    expect(sweepChecksProblem(Array.from({ length: 17 }, () => 'contains:a').join('\n'))).toBe('17 checks: a sweep takes at most 16.');
  });
});
