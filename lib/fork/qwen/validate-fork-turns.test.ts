import { describe, expect, it } from 'vitest';
import { validateQwenForkParams } from './validate-fork-turns';

const PROMPT = 'Write the tests.';
const FORMAT_MESSAGE = 'Parameter "fork_turns" must be "all" or a positive integer string such as "3".';
const REQUIRES_FORK_MESSAGE = 'Parameter "fork_turns" can only be used with subagent_type "fork".';
const TEAMMATE_MESSAGE = 'Parameter "fork_turns" cannot be used when spawning a named teammate.';

const FORMAT = (got: string) => ({
  ok: false,
  error: {
    parameter: 'fork_turns',
    code: 'fork_turns_format',
    message: FORMAT_MESSAGE,
    explanation: `Got ${got}. Qwen takes "all" or a whole number of turns written as a string: 1 or more, digits only, no sign, spaces or leading zero.`,
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
  ])('rejects fork_turns %j with the runtime’s format error, Fork Lab’s explanation beside it', (value, got) => {
    expect(validateQwenForkParams({ subagent_type: 'fork', fork_turns: value }, PROMPT)).toEqual(FORMAT(got));
  });

  it('reports the format error first among the fork_turns checks, even when subagent_type and name are wrong too', () => {
    expect(validateQwenForkParams({ subagent_type: 'general-purpose', fork_turns: 3, name: 'x' }, PROMPT)).toEqual(FORMAT('number 3'));
  });

  it('accepts "all" and positive integer strings, with no upper bound', () => {
    expect(validateQwenForkParams({ subagent_type: 'fork', fork_turns: 'all' }, PROMPT)).toEqual({ ok: true, fork: true, forkTurns: 'all' });
    expect(validateQwenForkParams({ subagent_type: 'fork', fork_turns: '3' }, PROMPT)).toEqual({ ok: true, fork: true, forkTurns: 3 });
    expect(validateQwenForkParams({ subagent_type: 'fork', fork_turns: '1000000' }, PROMPT)).toEqual({ ok: true, fork: true, forkTurns: 1_000_000 });
  });

  it('compares subagent_type case-insensitively', () => {
    expect(validateQwenForkParams({ subagent_type: 'FORK', fork_turns: '2' }, PROMPT)).toEqual({ ok: true, fork: true, forkTurns: 2 });
  });

  it('rejects fork_turns with another subagent type, or none', () => {
    expect(validateQwenForkParams({ subagent_type: 'general-purpose', fork_turns: '2' }, PROMPT)).toEqual({
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'fork_turns_requires_fork',
        message: REQUIRES_FORK_MESSAGE,
        explanation: 'subagent_type is "general-purpose". fork_turns only applies to subagent_type "fork" (any letter case).',
      },
    });
    expect(validateQwenForkParams({ fork_turns: 'all' }, PROMPT)).toEqual({
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'fork_turns_requires_fork',
        message: REQUIRES_FORK_MESSAGE,
        explanation: 'subagent_type is left out. fork_turns only applies to subagent_type "fork" (any letter case).',
      },
    });
  });

  it('rejects fork_turns for a named teammate, whatever the name, an empty one included (Qwen tests name !== undefined here)', () => {
    for (const [name, shown] of [
      ['reviewer', '"reviewer"'],
      ['', '""'],
    ]) {
      expect(validateQwenForkParams({ subagent_type: 'fork', fork_turns: '2', name }, PROMPT)).toEqual({
        ok: false,
        error: {
          parameter: 'name',
          code: 'fork_turns_with_teammate',
          message: TEAMMATE_MESSAGE,
          explanation: `name is ${shown}: any name, even an empty one, asks for a named teammate. Leave name out to fork.`,
        },
      });
    }
  });

  it('checks the prompt and subagent_type before any fork_turns check', () => {
    const blank = {
      ok: false,
      error: {
        parameter: 'directive',
        code: 'prompt_empty',
        message: 'Parameter "prompt" must be a non-empty string.',
        explanation: 'The directive is the prompt of the Agent call, and it is blank. Qwen refuses it before any other check.',
      },
    };
    expect(validateQwenForkParams({ subagent_type: 'fork', fork_turns: '0' }, ' \n\t')).toEqual(blank);
    expect(validateQwenForkParams({ subagent_type: 'general-purpose', fork_turns: '2' }, '')).toEqual(blank);

    const emptyType = (got: string) => ({
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'subagent_type_empty',
        message: 'Parameter "subagent_type" must be a non-empty string.',
        explanation: `subagent_type is ${got}. Leave it out for a regular subagent, or send "fork" to fork.`,
      },
    });
    expect(validateQwenForkParams({ subagent_type: '', fork_turns: '0' }, PROMPT)).toEqual(emptyType('""'));
    expect(validateQwenForkParams({ subagent_type: '  ', fork_turns: '2' }, PROMPT)).toEqual(emptyType('"  "'));
    expect(validateQwenForkParams({ subagent_type: 3, fork_turns: 3 }, PROMPT)).toEqual(emptyType('number 3'));
    expect(validateQwenForkParams({ subagent_type: null }, PROMPT)).toEqual(emptyType('null'));
  });

  it('without fork_turns: a fork is "all", anything else is not a fork (what it spawns is decided at dispatch)', () => {
    expect(validateQwenForkParams({ subagent_type: 'fork' }, PROMPT)).toEqual({ ok: true, fork: true, forkTurns: 'all' });
    expect(validateQwenForkParams({ subagent_type: 'general-purpose' }, PROMPT)).toEqual({ ok: true, fork: false, forkTurns: 'all' });
    expect(validateQwenForkParams({}, PROMPT)).toEqual({ ok: true, fork: false, forkTurns: 'all' });
    expect(validateQwenForkParams({ subagent_type: 'fork', name: 'bob' }, PROMPT)).toEqual({ ok: true, fork: true, forkTurns: 'all' });
  });
});
