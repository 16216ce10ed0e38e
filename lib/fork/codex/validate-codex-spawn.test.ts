import { describe, expect, it } from 'vitest';
import type { CodexForkParams } from './codex-fork-request';
import {
  EMPTY_MESSAGE,
  FORK_CONTEXT_UNSUPPORTED,
  FORK_TURNS_INVALID,
  FULL_FORK_AGENT_TYPE,
  FULL_FORK_OVERRIDES,
  forkModeOf,
  validateCodexSpawn,
} from './validate-codex-spawn';

const validate = (params: CodexForkParams, message = 'Write the tests.', lock: 'three-fields' | 'agent-type-only' = 'three-fields') =>
  validateCodexSpawn(message, { task_name: 'worker', ...params }, { version: 'codex-rs', lock });
const messageOf = (result: ReturnType<typeof validateCodexSpawn>) => (result.ok ? null : result.error.message);

describe('validateCodexSpawn — Handler::handle, in its order', () => {
  it('decodes the arguments first: a number for fork_turns is serde’s error, not a fork_turns error', () => {
    expect(validate({ fork_turns: 3 })).toEqual({
      ok: false,
      error: {
        parameter: 'fork_turns',
        code: 'arguments_unparsed',
        message: 'failed to parse function arguments: invalid type: integer `3`, expected a string at line 1 column 65',
        explanation: expect.stringContaining('compact JSON of this call'),
      },
    });
    expect(messageOf(validateCodexSpawn('Go.', {}, { version: 'codex-rs', lock: 'three-fields' }))).toBe(
      'failed to parse function arguments: missing field `task_name` at line 1 column 17',
    );
  });

  it('refuses fork_context whatever its value, before fork_turns is read', () => {
    for (const value of [true, false]) {
      expect(validate({ fork_context: value, fork_turns: 'banana' })).toEqual({
        ok: false,
        error: {
          parameter: 'fork_context',
          code: 'fork_context_unsupported',
          message: FORK_CONTEXT_UNSUPPORTED,
          explanation: `Got fork_context boolean ${value}. MultiAgentV2 refuses the field whatever its value, before it reads fork_turns; leave it out.`,
        },
      });
    }
    // null is the field left out.
    expect(validate({ fork_context: null }).ok).toBe(true);
  });

  it.each([
    [undefined, { kind: 'all' }],
    [null, { kind: 'all' }],
    ['', { kind: 'all' }],
    ['  \n', { kind: 'all' }],
    ['ALL', { kind: 'all' }],
    [' None ', { kind: 'none' }],
    ['+2', { kind: 'last', turns: 2n }],
    ['007', { kind: 'last', turns: 7n }],
    ['\u00853\u0085', { kind: 'last', turns: 3n }],
    ['18446744073709551615', { kind: 'last', turns: 18446744073709551615n }],
  ])('reads fork_turns %j', (value, mode) => {
    expect(forkModeOf(value)).toEqual(mode);
    expect(validate({ fork_turns: value })).toEqual({ ok: true, mode });
  });

  it.each(['0', '-1', '-0', '1.5', '3.0', '1e3', 'banana', '+', '\ufeff3', '18446744073709551616', 'nöne', 'two'])(
    'refuses fork_turns %j in Codex’s words',
    (value) => {
      expect(validate({ fork_turns: value })).toEqual({
        ok: false,
        error: {
          parameter: 'fork_turns',
          code: 'fork_turns_invalid',
          message: FORK_TURNS_INVALID,
          explanation: expect.stringContaining(`Got fork_turns ${JSON.stringify(value)}.`),
        },
      });
    },
  );

  it('checks the task after fork_turns and before the full-history lock, keeping it otherwise byte for byte', () => {
    expect(messageOf(validate({ fork_turns: 'banana' }, '  '))).toBe(FORK_TURNS_INVALID);
    expect(messageOf(validate({ model: 'gpt-5' }, ' \n'))).toBe(EMPTY_MESSAGE);
    expect(validate({}, '  spaced  ').ok).toBe(true);
  });

  it('locks agent_type (trimmed), model (even empty) and reasoning_effort on a full-history fork, written or by default', () => {
    for (const params of [{ agent_type: 'explorer' }, { model: '' }, { reasoning_effort: 'low' }, { fork_turns: 'all', model: 'gpt-5' }]) {
      expect(validate(params)).toEqual({
        ok: false,
        error: { parameter: Object.keys(params).at(-1), code: 'full_fork_override', message: FULL_FORK_OVERRIDES, explanation: expect.any(String) },
      });
    }
    expect(validate({ agent_type: '  ' })).toEqual({ ok: true, mode: { kind: 'all' } });
    expect(validate({ fork_turns: '1', agent_type: 'explorer', model: 'gpt-5', reasoning_effort: 'high' }).ok).toBe(true);
    expect(validate({ fork_turns: 'none', model: '' }).ok).toBe(true);
  });

  it('in the later version locks agent_type only', () => {
    expect(validate({ model: 'gpt-5', reasoning_effort: 'low' }, 'Go.', 'agent-type-only')).toEqual({ ok: true, mode: { kind: 'all' } });
    expect(messageOf(validate({ agent_type: 'explorer', model: 'gpt-5' }, 'Go.', 'agent-type-only'))).toBe(FULL_FORK_AGENT_TYPE);
  });
});
