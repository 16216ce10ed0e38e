import { describe, expect, it } from 'vitest';
import { agentNameError } from './task-name';
import { validateCodexSpawn } from './validate-codex-spawn';

const messageOf = (name: string) => agentNameError(name)?.message ?? null;

describe('agentNameError — 0.169’s task names, in the words and order its traffic showed', () => {
  it('takes lowercase letters, digits and underscores', () => {
    expect(messageOf('write_tests_2')).toBeNull();
  });

  it('refuses, in order: empty, reserved, a slash, anything else outside the set (nothing is trimmed)', () => {
    expect(messageOf('')).toBe('agent_name must not be empty');
    expect(messageOf('root')).toBe('agent_name `root` is reserved');
    expect(messageOf('..')).toBe('agent_name `..` is reserved');
    expect(messageOf('.')).toBe('agent_name `.` is reserved');
    // `Bad/x` breaks two rules: the slash is named.
    expect(messageOf('Bad/x')).toBe('agent_name must not contain `/`');
    expect(messageOf(' ok')).toBe('agent_name must use only lowercase letters, digits, and underscores');
    expect(messageOf('Root')).toBe('agent_name must use only lowercase letters, digits, and underscores');
  });
});

describe('validateCodexSpawn — 0.169', () => {
  const rules = { version: '0.169', lock: 'three-fields' } as const;

  it('checks the task name after fork_turns and the message', () => {
    expect(validateCodexSpawn('   ', { task_name: 'Root' }, rules)).toMatchObject({ ok: false, error: { code: 'message_empty' } });
    expect(validateCodexSpawn('Go.', { task_name: '.', fork_turns: 'banana' }, rules)).toMatchObject({
      ok: false,
      error: { parameter: 'fork_turns', message: 'fork_turns must be `none` or `all`' },
    });
    expect(validateCodexSpawn('Go.', { task_name: 'a/b' }, rules)).toMatchObject({ ok: false, error: { parameter: 'task_name', code: 'task_name_slash' } });
  });

  it('decodes reasoning_effort as a string: any word passes the decoder, a map does not', () => {
    expect(validateCodexSpawn('Go.', { task_name: 'w', reasoning_effort: 'extreme' }, rules)).toEqual({ ok: true, mode: { kind: 'all' } });
    expect(validateCodexSpawn('Go.', { task_name: 'w', reasoning_effort: { low: null } }, rules)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^failed to parse function arguments: invalid type: map, expected a string at line 1 column \d+$/) },
    });
    // codex-rs as read decoded the enum, map form included.
    expect(validateCodexSpawn('Go.', { task_name: 'w', reasoning_effort: { low: null } }, { version: 'codex-rs', lock: 'agent-type-only' })).toEqual({
      ok: true,
      mode: { kind: 'all' },
    });
  });
});
