import { describe, expect, it } from 'vitest';
import { profile } from '@/lib/scenarios/transcript-builders';
import type { KimiForkParams } from './kimi-fork-request';
import { validateKimiFork } from './validate-kimi-fork';

/** The checks of the code read in August, for a call with these parameters. */
const codeRead = (params: KimiForkParams, caller: Parameters<typeof validateKimiFork>[1]) =>
  validateKimiFork({ policy: 'kimi-fork', directive: 'd', params, runtimeVersion: 'code-read' }, caller);

const caller = profile({ name: 'agent', model: 'kimi-k2' });

describe('validateKimiFork, code-read', () => {
  it('accepts fork: true alone, with the own profile name, "primary" or the own model', () => {
    expect(codeRead({ fork: true }, caller)).toEqual({ ok: true, mode: 'fork' });
    expect(codeRead({ fork: true, subagent_type: 'agent' }, caller)).toEqual({ ok: true, mode: 'fork' });
    expect(codeRead({ fork: true, subagent_type: '' }, caller)).toEqual({ ok: true, mode: 'fork' });
    expect(codeRead({ fork: true, model: 'primary' }, caller)).toEqual({ ok: true, mode: 'fork' });
    expect(codeRead({ fork: true, model: 'kimi-k2' }, caller)).toEqual({ ok: true, mode: 'fork' });
  });

  it('treats a missing or false fork as a regular subagent', () => {
    expect(codeRead({}, caller)).toEqual({ ok: true, mode: 'fresh', why: 'fork is not set: a regular subagent' });
    expect(codeRead({ fork: false, subagent_type: 'coder' }, caller)).toMatchObject({ mode: 'fresh' });
  });

  it("refuses arguments of the wrong type with Kimi's own schema check, every complaint in its words", () => {
    expect(codeRead({ fork: 'true' }, caller)).toEqual({
      ok: false,
      error: {
        parameter: 'fork',
        code: 'arguments_schema',
        message: 'Invalid args for tool "Agent": /fork must be boolean',
        explanation:
          "Kimi checks the call against the tool's JSON schema before anything else: fork is a boolean, and resume, subagent_type and model are strings.",
      },
    });
    // Ajv reports every error, in the schema's property order, joined by "; ".
    const both = codeRead({ fork: 1, model: 3, resume: 5 }, caller);
    expect(both).toMatchObject({
      ok: false,
      error: { parameter: 'resume', message: 'Invalid args for tool "Agent": /resume must be string; /fork must be boolean; /model must be string' },
    });
  });

  it('answers a resume together with a subagent_type with the resume error, before any fork check and for every call', () => {
    const resumeWithType = {
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'resume_with_type',
        message: 'Cannot set subagent_type when resuming an existing agent. Resume by agent id only.',
        explanation:
          'resume "agent-7" continues an existing agent, which keeps its own type, so subagent_type "coder" cannot be sent with it. Leave subagent_type out to resume, or resume out to start a new agent.',
      },
    };
    expect(codeRead({ fork: true, resume: 'agent-7', subagent_type: 'coder', model: 'x' }, caller)).toEqual(resumeWithType);
    expect(codeRead({ fork: false, resume: 'agent-7', subagent_type: 'coder' }, caller)).toEqual(resumeWithType);
    expect(codeRead({ resume: 'agent-7', subagent_type: 'coder' }, caller)).toEqual(resumeWithType);
    // Even the caller's own type: a resumed agent keeps whatever type it has.
    expect(codeRead({ fork: true, resume: 'agent-7', subagent_type: 'agent' }, caller)).toMatchObject({ error: { code: 'resume_with_type' } });
    // An empty subagent_type is no type (the schema's preprocess removes it).
    expect(codeRead({ fork: true, resume: 'agent-7', subagent_type: '' }, caller)).toMatchObject({ error: { code: 'fork_with_resume' } });
    // A fork that is not a boolean fails the schema first.
    expect(codeRead({ fork: 'yes', resume: 'agent-7', subagent_type: 'coder' }, caller)).toMatchObject({ error: { code: 'arguments_schema' } });
  });

  it('ignores a resume that is blank after trimming', () => {
    expect(codeRead({ fork: true, resume: '   ' }, caller)).toEqual({ ok: true, mode: 'fork' });
    expect(codeRead({ fork: true, resume: ' \t\n', subagent_type: 'agent' }, caller)).toEqual({ ok: true, mode: 'fork' });
    // Not a resume, so a foreign type meets the fork's type check instead of the resume-with-type check.
    expect(codeRead({ fork: true, resume: '  ', subagent_type: 'coder' }, caller)).toMatchObject({ error: { code: 'fork_other_profile' } });
    expect(codeRead({ fork: false, resume: '  ', subagent_type: 'coder' }, caller)).toMatchObject({ ok: true, mode: 'fresh' });
    // A padded id is still a resume.
    expect(codeRead({ fork: true, resume: ' agent-7 ' }, caller)).toMatchObject({ error: { code: 'fork_with_resume' } });
  });

  it('checks resume first, then subagent_type, then model, in the runtime’s own words with Fork Lab’s explanation beside them', () => {
    expect(codeRead({ fork: true, resume: 'agent-7', model: 'x' }, caller)).toEqual({
      ok: false,
      error: {
        parameter: 'resume',
        code: 'fork_with_resume',
        message: 'Cannot set resume when forking the current context. Fork creates a new agent; resume continues an existing one.',
        explanation:
          'Got resume "agent-7". A fork starts a new agent from a snapshot of your history; to continue an existing agent, pass resume without fork. A resume that is blank after trimming counts as left out.',
      },
    });
    expect(codeRead({ fork: true, subagent_type: 'coder', model: 'x' }, caller)).toEqual({
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'fork_other_profile',
        message: "Cannot set a different subagent_type when forking the current context. A fork inherits this agent's own agent type.",
        explanation: 'Got subagent_type "coder". A fork is a copy of your own profile "agent": leave subagent_type out or empty, or pass "agent" exactly.',
      },
    });
    expect(codeRead({ fork: true, model: 'gpt-5' }, caller)).toEqual({
      ok: false,
      error: {
        parameter: 'model',
        code: 'fork_other_model',
        message: "Cannot override the model when forking the current context. A fork inherits this agent's model.",
        explanation: 'Got model "gpt-5". A fork keeps your own model: leave model out, or pass "primary" or "kimi-k2".',
      },
    });
  });
});
