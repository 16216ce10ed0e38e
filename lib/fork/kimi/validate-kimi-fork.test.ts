import { describe, expect, it } from 'vitest';
import { profile } from '@/lib/scenarios/transcript-builders';
import { validateKimiForkParams } from './validate-kimi-fork';

const caller = profile({ name: 'agent', model: 'kimi-k2' });

describe('validateKimiForkParams', () => {
  it('accepts fork: true alone, with the own profile name, "primary" or the own model', () => {
    expect(validateKimiForkParams({ fork: true }, caller)).toEqual({ ok: true, mode: 'fork' });
    expect(validateKimiForkParams({ fork: true, subagent_type: 'agent' }, caller)).toEqual({ ok: true, mode: 'fork' });
    expect(validateKimiForkParams({ fork: true, subagent_type: '' }, caller)).toEqual({ ok: true, mode: 'fork' });
    expect(validateKimiForkParams({ fork: true, model: 'primary' }, caller)).toEqual({ ok: true, mode: 'fork' });
    expect(validateKimiForkParams({ fork: true, model: 'kimi-k2' }, caller)).toEqual({ ok: true, mode: 'fork' });
  });

  it('treats a missing or false fork as a regular subagent', () => {
    expect(validateKimiForkParams({}, caller)).toEqual({ ok: true, mode: 'fresh', why: 'fork is not set: a regular subagent' });
    expect(validateKimiForkParams({ fork: false, subagent_type: 'coder' }, caller)).toMatchObject({ mode: 'fresh' });
  });

  it('rejects a non-boolean fork', () => {
    expect(validateKimiForkParams({ fork: 'true' }, caller)).toEqual({
      ok: false,
      error: { parameter: 'fork', code: 'fork_type', message: 'fork must be true or false (got "true").' },
    });
  });

  it('checks resume first, then subagent_type, then model', () => {
    expect(validateKimiForkParams({ fork: true, resume: 'agent-7', subagent_type: 'coder', model: 'x' }, caller)).toEqual({
      ok: false,
      error: {
        parameter: 'resume',
        code: 'fork_with_resume',
        message:
          'resume cannot be used with fork: true (got resume "agent-7"). A fork starts a new agent from a snapshot of your history; to continue an existing agent, pass resume without fork.',
      },
    });
    expect(validateKimiForkParams({ fork: true, subagent_type: 'coder', model: 'x' }, caller)).toEqual({
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'fork_other_profile',
        message: 'fork: true launches a copy of your own profile "agent"; subagent_type "coder" is a different profile. Omit subagent_type or pass "agent".',
      },
    });
    expect(validateKimiForkParams({ fork: true, model: 'gpt-5' }, caller)).toEqual({
      ok: false,
      error: {
        parameter: 'model',
        code: 'fork_other_model',
        message: 'fork: true keeps your own model; model must be omitted, "primary" or "kimi-k2" (got "gpt-5").',
      },
    });
  });
});
