import { describe, expect, it } from 'vitest';
import { decodeSpawnArguments } from './spawn-arguments';

const call = (extra: [string, unknown][]) => decodeSpawnArguments([['message', 'Go.'], ['task_name', 'worker'], ...extra]);

describe('decodeSpawnArguments (serde_json into SpawnAgentArgs)', () => {
  it('accepts strings, nulls for optional fields, a known effort and a boolean fork_context', () => {
    expect(
      call([
        ['fork_turns', '2'],
        ['model', null],
        ['reasoning_effort', 'xhigh'],
        ['fork_context', false],
      ]),
    ).toBeNull();
  });

  // {"message":"Go.","task_name":"worker","fork_turns":3} — the 3 is the 52nd byte.
  it('refuses a number for fork_turns where the decoder stops, after the value', () => {
    expect(call([['fork_turns', 3]])).toEqual({ field: 'fork_turns', message: 'invalid type: integer `3`, expected a string at line 1 column 52' });
    expect(call([['fork_turns', -1]])).toEqual({ field: 'fork_turns', message: 'invalid type: integer `-1`, expected a string at line 1 column 53' });
    expect(call([['fork_turns', 1.5]])).toEqual({ field: 'fork_turns', message: 'invalid type: floating point `1.5`, expected a string at line 1 column 54' });
    expect(call([['fork_turns', true]])).toEqual({ field: 'fork_turns', message: 'invalid type: boolean `true`, expected a string at line 1 column 55' });
  });

  it('stops at the first byte of an array or object, and counts bytes, not characters', () => {
    expect(call([['agent_type', ['a']]])).toEqual({ field: 'agent_type', message: 'invalid type: sequence, expected a string at line 1 column 51' });
    // "Gé." is one byte longer than "Go." in UTF-8.
    expect(
      decodeSpawnArguments([
        ['message', 'Gé.'],
        ['task_name', 'w'],
        ['model', {}],
      ]),
    ).toEqual({
      field: 'model',
      message: 'invalid type: map, expected a string at line 1 column 42',
    });
  });

  it('refuses a non-boolean fork_context and an unknown effort in serde’s words', () => {
    expect(call([['fork_context', 'yes']])).toEqual({ field: 'fork_context', message: 'invalid type: string "yes", expected a boolean at line 1 column 58' });
    expect(call([['reasoning_effort', 'extreme']])).toEqual({
      field: 'reasoning_effort',
      message: 'unknown variant `extreme`, expected one of `none`, `minimal`, `low`, `medium`, `high`, `xhigh` at line 1 column 66',
    });
    expect(call([['reasoning_effort', 2]])).toEqual({ field: 'reasoning_effort', message: 'expected value at line 1 column 58' });
  });

  it('reports the first error in the order the JSON holds them, then a missing field at the end', () => {
    expect(
      call([
        ['model', 1],
        ['fork_turns', 2],
      ])?.field,
    ).toBe('model');
    expect(decodeSpawnArguments([['message', 'Go.']])).toEqual({ field: 'task_name', message: 'missing field `task_name` at line 1 column 17' });
    expect(
      decodeSpawnArguments([
        ['task_name', null],
        ['message', 'Go.'],
      ]),
    ).toEqual({
      field: 'task_name',
      message: 'invalid type: null, expected a string at line 1 column 17',
    });
  });

  it('refuses a field the record does not have', () => {
    expect(call([['items', []]])).toEqual({
      field: 'items',
      message:
        'unknown field `items`, expected one of `message`, `task_name`, `agent_type`, `model`, `reasoning_effort`, `fork_turns`, `fork_context` at line 1 column 45',
    });
  });
});

describe('numbers as serde_json reads them', () => {
  it('names an integer that overflows 64 bits, or has an exponent, a float', () => {
    expect(call([['model', 2 ** 64]])?.message).toBe('invalid type: floating point `18446744073709552000.0`, expected a string at line 1 column 66');
    expect(call([['model', 1e21]])?.message).toBe('invalid type: floating point `1000000000000000000000.0`, expected a string at line 1 column 51');
    // JavaScript writes -2^62 with its shortest digits; that text still fits a signed 64-bit integer.
    expect(call([['model', -(2 ** 62)]])?.message).toBe('invalid type: integer `-4611686018427388000`, expected a string at line 1 column 66');
    // -2^63 is written -9223372036854776000, below the signed range: a float.
    expect(call([['model', -(2 ** 63)]])?.message).toBe('invalid type: floating point `-9223372036854776000.0`, expected a string at line 1 column 66');
  });
});
