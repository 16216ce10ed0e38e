import { describe, expect, it } from 'vitest';
import { profile } from '@/lib/scenarios/transcript-builders';
import { DEFAULT_PROGRAM, type DeepAgentsForkRequest } from './deep-agents-fork-request';
import { FORK_RECURSION_REFUSAL, validateDeepAgentsTask } from './validate-deep-agents-task';

const call = (description: string, subagent_type: unknown, extra: Partial<DeepAgentsForkRequest> = {}): DeepAgentsForkRequest => ({
  policy: 'deep-agents-fork',
  directive: description,
  params: { subagent_type },
  ...extra,
});
const top = profile();
const messageOf = (check: ReturnType<typeof validateDeepAgentsTask>) => (check.ok ? null : check.error.message);

describe('the checks runTask makes of a task call', () => {
  it('forks for the fork subagent’s name and starts a regular subagent for any other it holds', () => {
    expect(validateDeepAgentsTask(call('go', 'forker'), DEFAULT_PROGRAM, top)).toEqual({ ok: true, mode: 'fork' });
    expect(validateDeepAgentsTask(call('go', 'general-purpose'), DEFAULT_PROGRAM, top)).toEqual({
      ok: true,
      mode: 'fresh',
      why: 'subagent_type "general-purpose": a regular subagent (mode "isolated"), given only the description',
    });
  });

  it('throws for a type it does not hold, naming the allowed ones', () => {
    const program = { fork: { name: 'forker', kind: 'declarative' as const }, isolated: ['helper'] };
    expect(messageOf(validateDeepAgentsTask(call('go', 'nope'), program, top))).toBe(
      'Error: invoked agent of type nope, the only allowed types are `general-purpose`, `forker`, `helper`',
    );
    // The check is case-sensitive and takes the name as sent.
    expect(messageOf(validateDeepAgentsTask(call('go', ' forker'), DEFAULT_PROGRAM, top))).toBe(
      'Error: invoked agent of type  forker, the only allowed types are `general-purpose`, `forker`',
    );
  });

  it('takes a name every object has for a subagent, and fails on calling it', () => {
    expect(validateDeepAgentsTask(call('go', 'constructor'), DEFAULT_PROGRAM, top)).toMatchObject({
      ok: false,
      error: { code: 'inherited_key', message: 'subagent.invoke is not a function' },
    });
  });

  it('refuses every call from a fork child, before it looks at the type', () => {
    const child = profile({ depth: 1, forkChild: true });
    for (const type of ['forker', 'general-purpose', 'nope'])
      expect(messageOf(validateDeepAgentsTask(call('go', type), DEFAULT_PROGRAM, child))).toBe(FORK_RECURSION_REFUSAL);
    expect(FORK_RECURSION_REFUSAL).toBe(
      'You are a subagent and cannot delegate to another subagent. Complete this task yourself instead of calling this tool again.',
    );
  });

  it('refuses arguments that are not text first, in LangChain’s words, each in the schema’s order', () => {
    const refused = validateDeepAgentsTask(call('', null, { call: { subagent_type: null } }), DEFAULT_PROGRAM, profile({ depth: 1, forkChild: true }));
    expect(refused).toEqual({
      ok: false,
      error: {
        parameter: 'directive',
        code: 'input_schema',
        message:
          'Error invoking tool \'task\' with kwargs {"subagent_type":null} with error: Error: Received tool input did not match expected schema\n\n✖ Invalid input: expected string, received undefined\n  → at description\n✖ Invalid input: expected string, received null\n  → at subagent_type\n Please fix the error and try again.',
        explanation: expect.stringContaining('description nothing, subagent_type null'),
      },
    });
    expect(messageOf(validateDeepAgentsTask(call('go', 3), DEFAULT_PROGRAM, top))).toBe(
      'Error invoking tool \'task\' with kwargs {"description":"go","subagent_type":3} with error: Error: Received tool input did not match expected schema\n\n✖ Invalid input: expected string, received number\n  → at subagent_type\n Please fix the error and try again.',
    );
  });

  it('refuses a program that names two subagents alike, as createDeepAgent does', () => {
    expect(messageOf(validateDeepAgentsTask(call('go', 'forker'), { fork: { name: 'forker', kind: 'declarative' }, isolated: ['forker'] }, top))).toBe(
      "Duplicate subagent name 'forker'; each subagent must have a unique name.",
    );
    expect(validateDeepAgentsTask(call('go', 'forker'), { fork: { name: 'forker', kind: 'declarative' }, isolated: ['helper', 'helper'] }, top)).toMatchObject({
      ok: false,
      error: { parameter: 'other_subagents', message: "Duplicate subagent name 'helper'; each subagent must have a unique name." },
    });
  });
});
