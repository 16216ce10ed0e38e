import { describe, expect, it } from 'vitest';
import type { QwenForkParams } from './qwen-fork-request';
import { validateQwenForkParams } from './validate-fork-turns';

/** A call as Qwen 0.24's model writes it: with the description its schema requires. */
function validate(params: QwenForkParams, prompt: string) {
  return validateQwenForkParams({ description: 'Fork', ...params }, prompt);
}

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
    expect(validate({ subagent_type: 'fork', fork_turns: value }, PROMPT)).toEqual(FORMAT(got));
  });

  it('reports the format error first among the fork_turns checks, even when subagent_type and name are wrong too', () => {
    expect(validate({ subagent_type: 'general-purpose', fork_turns: 3, name: 'x' }, PROMPT)).toEqual(FORMAT('number 3'));
  });

  it('accepts "all" and positive integer strings, with no upper bound', () => {
    expect(validate({ subagent_type: 'fork', fork_turns: 'all' }, PROMPT)).toEqual({ ok: true, fork: true, forkTurns: 'all' });
    expect(validate({ subagent_type: 'fork', fork_turns: '3' }, PROMPT)).toEqual({ ok: true, fork: true, forkTurns: 3 });
    expect(validate({ subagent_type: 'fork', fork_turns: '1000000' }, PROMPT)).toEqual({ ok: true, fork: true, forkTurns: 1_000_000 });
  });

  it('compares subagent_type case-insensitively', () => {
    expect(validate({ subagent_type: 'FORK', fork_turns: '2' }, PROMPT)).toEqual({ ok: true, fork: true, forkTurns: 2 });
  });

  it('rejects fork_turns with another subagent type, or none', () => {
    expect(validate({ subagent_type: 'general-purpose', fork_turns: '2' }, PROMPT)).toEqual({
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'fork_turns_requires_fork',
        message: REQUIRES_FORK_MESSAGE,
        explanation: 'subagent_type is "general-purpose". fork_turns only applies to subagent_type "fork" (any letter case).',
      },
    });
    expect(validate({ fork_turns: 'all' }, PROMPT)).toEqual({
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
      expect(validate({ subagent_type: 'fork', fork_turns: '2', name }, PROMPT)).toEqual({
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
    expect(validate({ subagent_type: 'fork', fork_turns: '0' }, ' \n\t')).toEqual(blank);
    expect(validate({ subagent_type: 'general-purpose', fork_turns: '2' }, '')).toEqual(blank);

    const emptyType = (got: string) => ({
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'subagent_type_empty',
        message: 'Parameter "subagent_type" must be a non-empty string.',
        explanation: `subagent_type is ${got}. Leave it out for a regular subagent, or send "fork" to fork.`,
      },
    });
    expect(validate({ subagent_type: '', fork_turns: '0' }, PROMPT)).toEqual(emptyType('""'));
    expect(validate({ subagent_type: '  ', fork_turns: '2' }, PROMPT)).toEqual(emptyType('"  "'));
    expect(validate({ subagent_type: 3, fork_turns: 3 }, PROMPT)).toEqual(emptyType('number 3'));
    expect(validate({ subagent_type: null }, PROMPT)).toEqual(emptyType('null'));
  });

  it('without fork_turns: a fork is "all", anything else is not a fork (what it spawns is decided at dispatch)', () => {
    expect(validate({ subagent_type: 'fork' }, PROMPT)).toEqual({ ok: true, fork: true, forkTurns: 'all' });
    expect(validate({ subagent_type: 'general-purpose' }, PROMPT)).toEqual({ ok: true, fork: false, forkTurns: 'all' });
    expect(validate({}, PROMPT)).toEqual({ ok: true, fork: false, forkTurns: 'all' });
    expect(validate({ subagent_type: 'fork', name: 'bob' }, PROMPT)).toEqual({ ok: true, fork: true, forkTurns: 'all' });
  });
});

describe('validateQwenForkParams from Qwen Code 0.24 (shipped 0.24.4)', () => {
  it('asks for a description before anything else; before 0.24 a call went without one', () => {
    const refusal = { ok: false, error: expect.objectContaining({ parameter: 'description', message: 'Parameter "description" must be a non-empty string.' }) };
    expect(validateQwenForkParams({ subagent_type: 'fork', fork_turns: 'x' }, '')).toEqual(refusal);
    expect(validateQwenForkParams({ description: '  ', subagent_type: 'fork' }, PROMPT)).toEqual(refusal);
    expect(validateQwenForkParams({ description: 3, subagent_type: 'fork' }, PROMPT)).toEqual(refusal);
    expect(validateQwenForkParams({ subagent_type: 'fork' }, PROMPT, '0.23')).toEqual({ ok: true, fork: true, forkTurns: 'all' });
  });

  it.each([
    ['read_file', 'Parameter "fork_tools" must be an array of non-empty tool names without surrounding whitespace.'],
    [[''], 'Parameter "fork_tools" must be an array of non-empty tool names without surrounding whitespace.'],
    [[' read_file'], 'Parameter "fork_tools" must be an array of non-empty tool names without surrounding whitespace.'],
    [[1], 'Parameter "fork_tools" must be an array of non-empty tool names without surrounding whitespace.'],
    [['*'], 'Parameter "fork_tools" does not accept "*"; omit it to allow every otherwise-executable inherited tool.'],
    [['mcp__github*'], 'Parameter "fork_tools" wildcard entries must be "mcp__*" or a trailing MCP tool-prefix pattern such as "mcp__github__read_*".'],
    [['foo*'], 'Parameter "fork_tools" wildcard entries must be "mcp__*" or a trailing MCP tool-prefix pattern such as "mcp__github__read_*".'],
  ])('refuses fork_tools %j in the runtime’s words', (value, message) => {
    expect(validate({ subagent_type: 'fork', fork_tools: value }, PROMPT)).toEqual({
      ok: false,
      error: expect.objectContaining({ parameter: 'fork_tools', message }),
    });
  });

  it('takes any list of names, MCP patterns and the empty list (run no tool); unknown names are not checked', () => {
    for (const tools of [['read_file'], [], ['mcp__*'], ['mcp__github__read_*'], ['nonexistent_tool']]) {
      expect(validate({ subagent_type: 'fork', fork_tools: tools }, PROMPT)).toEqual({ ok: true, fork: true, forkTurns: 'all', forkTools: tools });
    }
  });

  it('checks fork_tools and fork_profile after fork_turns: only on a fork, never for a teammate, never both', () => {
    const message = (value: unknown) => (validate(value as QwenForkParams, PROMPT) as { error: { message: string } }).error.message;
    expect(message({ subagent_type: 'Explore', fork_tools: [] })).toBe('Parameter "fork_tools" can only be used with subagent_type "fork".');
    expect(message({ subagent_type: 'fork', name: 'x', fork_profile: 'ro' })).toBe('Parameter "fork_profile" cannot be used when spawning a named teammate.');
    expect(message({ subagent_type: 'fork', fork_tools: [], fork_profile: 'ro-research' })).toBe(
      'Parameters "fork_profile" and "fork_tools" cannot be used together.',
    );
    expect(message({ subagent_type: 'fork', fork_turns: '0', fork_tools: 'bad' })).toBe(FORMAT_MESSAGE);
    expect(message({ subagent_type: 'fork', fork_profile: 'x' })).toBe('Parameter "fork_profile" must be between 2 and 50 characters.');
    expect(message({ subagent_type: 'fork', fork_profile: ' ro' })).toBe('Parameter "fork_profile" must be a non-empty string without surrounding whitespace.');
    expect(message({ subagent_type: 'fork', fork_profile: '-ro' })).toBe(
      'Parameter "fork_profile" may contain only letters, numbers, hyphens, and underscores, without a leading or trailing separator.',
    );
    expect(validate({ subagent_type: 'fork', fork_profile: 'ro-research' }, PROMPT)).toEqual({
      ok: true,
      fork: true,
      forkTurns: 'all',
      forkProfile: 'ro-research',
    });
  });
});
