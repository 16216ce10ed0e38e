import type { ForkParameterError } from '../fork-plan';
import { describeValue } from '../qwen/validate-fork-turns';
import type { AgentProfile } from '../transcript/transcript';
import type { KimiForkParams } from './kimi-fork-request';

/** The model alias that always means "the caller's own model". */
export const PRIMARY_MODEL_ALIAS = 'primary';

export type KimiValidation = { ok: true; mode: 'fork' } | { ok: true; mode: 'fresh'; why: string } | { ok: false; error: ForkParameterError };

/**
 * Kimi's checks for `fork: true`, returned as the tool error the model would see, in the
 * runtime's order. A fork is a copy of the caller, so anything that would make it a different
 * agent (another profile, another model, resuming an old agent) is refused rather than ignored.
 */
export function validateKimiForkParams(params: KimiForkParams, caller: AgentProfile): KimiValidation {
  const { fork, resume, subagent_type: subagentType, model } = params;
  if (fork === undefined || fork === false) {
    return { ok: true, mode: 'fresh', why: 'fork is not set: a regular subagent' };
  }
  if (fork !== true) {
    return {
      ok: false,
      error: { parameter: 'fork', code: 'fork_type', message: `fork must be true or false (got ${describeValue(fork)}).` },
    };
  }
  if (resume !== undefined && resume !== null && resume !== '') {
    return {
      ok: false,
      error: {
        parameter: 'resume',
        code: 'fork_with_resume',
        message: `resume cannot be used with fork: true (got resume ${describeValue(resume)}). A fork starts a new agent from a snapshot of your history; to continue an existing agent, pass resume without fork.`,
      },
    };
  }
  if (subagentType !== undefined && subagentType !== null && subagentType !== '' && subagentType !== caller.name) {
    return {
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'fork_other_profile',
        message: `fork: true launches a copy of your own profile "${caller.name}"; subagent_type ${describeValue(subagentType)} is a different profile. Omit subagent_type or pass "${caller.name}".`,
      },
    };
  }
  if (model !== undefined && model !== null && model !== PRIMARY_MODEL_ALIAS && model !== caller.model) {
    return {
      ok: false,
      error: {
        parameter: 'model',
        code: 'fork_other_model',
        message: `fork: true keeps your own model; model must be omitted, "${PRIMARY_MODEL_ALIAS}" or "${caller.model}" (got ${describeValue(model)}).`,
      },
    };
  }
  return { ok: true, mode: 'fork' };
}
