import { describe, expect, it } from 'vitest';
import { validateQwenForkParams } from './validate-fork-turns';

const FORMAT = (got: string) => ({
  ok: false,
  error: {
    parameter: 'fork_turns',
    code: 'fork_turns_format',
    message: `fork_turns must be "all" or a positive integer string such as "3" (got ${got}).`,
  },
});

describe('validateQwenForkParams', () => {
  it.each([
    [3, 'number 3'],
    ['', '""'],
    ['none', '"none"'],
    ['0', '"0"'],
    ['03', '"03"'],
    ['-1', '"-1"'],
    ['1.5', '"1.5"'],
    [' 3 ', '" 3 "'],
    [true, 'boolean true'],
    [null, 'null'],
    ['ALL', '"ALL"'],
    [['3'], 'an array'],
  ])('rejects fork_turns %j with the format error', (value, got) => {
    expect(validateQwenForkParams({ subagent_type: 'fork', fork_turns: value })).toEqual(FORMAT(got));
  });

  it('reports the format error first even when subagent_type is wrong too', () => {
    expect(validateQwenForkParams({ subagent_type: 'general-purpose', fork_turns: 3, name: 'x' })).toEqual(FORMAT('number 3'));
  });

  it('accepts "all" and positive integer strings, with no upper bound', () => {
    expect(validateQwenForkParams({ subagent_type: 'fork', fork_turns: 'all' })).toEqual({
      ok: true,
      mode: 'fork',
      forkTurns: 'all',
    });
    expect(validateQwenForkParams({ subagent_type: 'fork', fork_turns: '3' })).toEqual({
      ok: true,
      mode: 'fork',
      forkTurns: 3,
    });
    expect(validateQwenForkParams({ subagent_type: 'fork', fork_turns: '1000000' })).toEqual({
      ok: true,
      mode: 'fork',
      forkTurns: 1_000_000,
    });
  });

  it('compares subagent_type case-insensitively', () => {
    expect(validateQwenForkParams({ subagent_type: 'FORK', fork_turns: '2' })).toEqual({
      ok: true,
      mode: 'fork',
      forkTurns: 2,
    });
  });

  it('rejects fork_turns with another subagent type, or none', () => {
    expect(validateQwenForkParams({ subagent_type: 'general-purpose', fork_turns: '2' })).toEqual({
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'fork_turns_requires_fork',
        message: 'fork_turns can only be used with subagent_type "fork" (got "general-purpose").',
      },
    });
    expect(validateQwenForkParams({ fork_turns: 'all' })).toEqual({
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'fork_turns_requires_fork',
        message: 'fork_turns can only be used with subagent_type "fork" (got nothing).',
      },
    });
  });

  it('rejects fork_turns for a named teammate, whatever the name', () => {
    for (const name of ['reviewer', '']) {
      expect(validateQwenForkParams({ subagent_type: 'fork', fork_turns: '2', name })).toEqual({
        ok: false,
        error: {
          parameter: 'name',
          code: 'fork_turns_with_teammate',
          message: `fork_turns cannot be used when spawning a named teammate (got name ${JSON.stringify(name)}); omit name to fork.`,
        },
      });
    }
  });

  it('treats an omitted fork_turns as "all" for a fork, and anything else as a regular spawn', () => {
    expect(validateQwenForkParams({ subagent_type: 'fork' })).toEqual({ ok: true, mode: 'fork', forkTurns: 'all' });
    expect(validateQwenForkParams({ subagent_type: 'general-purpose' })).toEqual({
      ok: true,
      mode: 'fresh',
      why: 'subagent_type "general-purpose" is a regular subagent',
    });
    expect(validateQwenForkParams({})).toEqual({ ok: true, mode: 'fresh', why: 'no subagent_type: a regular subagent' });
    expect(validateQwenForkParams({ subagent_type: 'fork', name: 'bob' })).toEqual({
      ok: true,
      mode: 'fresh',
      why: 'spawns the named teammate "bob"',
    });
  });
});
