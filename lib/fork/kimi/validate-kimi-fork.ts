import type { ForkParameterError } from '../fork-plan';
import { describeValue } from '../planning/describe-value';
import type { AgentProfile } from '../transcript/transcript';
import type { KimiForkParams } from './kimi-fork-request';

/** The model alias that always means "the caller's own model". */
export const PRIMARY_MODEL_ALIAS = 'primary';

// Kimi Code's tool errors, byte for byte: the parent model reads these and nothing else
// (`packages/agent-core-v2`: `agent/tools/agent/agent.ts` and `session/subagent/spawn.ts`).
export const RESUME_WITH_TYPE_UNAVAILABLE = 'Cannot set subagent_type when resuming an existing agent. Resume by agent id only.';
export const FORK_WITH_RESUME_UNAVAILABLE = 'Cannot set resume when forking the current context. Fork creates a new agent; resume continues an existing one.';
export const FORK_WITH_TYPE_UNAVAILABLE = "Cannot set a different subagent_type when forking the current context. A fork inherits this agent's own agent type.";
export const FORK_WITH_MODEL_UNAVAILABLE = "Cannot override the model when forking the current context. A fork inherits this agent's model.";

export type KimiValidation = { ok: true; mode: 'fork' } | { ok: true; mode: 'fresh'; why: string } | { ok: false; error: ForkParameterError };

/** Absent the way Fork Lab reads a call: left out, or `null` (which Kimi's schema would refuse). */
function absent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

/**
 * Whether the call resumes an agent. Kimi trims the id first (`args.resume?.trim()`), so a
 * whitespace-only resume is no resume at all; a value of another type is kept as given.
 */
function resumes(resume: unknown): boolean {
  if (absent(resume)) return false;
  return typeof resume !== 'string' || resume.trim() !== '';
}

/** Whether the call names a type: the schema's preprocess removes an empty one. */
function namesType(subagentType: unknown): boolean {
  return !absent(subagentType) && subagentType !== '';
}

function error(parameter: string, code: string, message: string, explanation: string): KimiValidation {
  return { ok: false, error: { parameter, code, message, explanation } };
}

/**
 * Kimi's checks, returned as the tool error the model would see, in the runtime's order: the
 * schema (here only `fork`'s type), then a resume that also names a type (for every call, fork or
 * not), then — for `fork: true` — the fork checks. A fork is a copy of the caller, so anything that
 * would make it a different agent (another profile, another model, resuming an old agent) is
 * refused rather than ignored. The runtime's words are the `message`; what was sent and what is
 * allowed is Fork Lab's `explanation`, which no model reads.
 */
export function validateKimiForkParams(params: KimiForkParams, caller: AgentProfile): KimiValidation {
  const { fork, resume, subagent_type: subagentType, model } = params;
  if (fork !== undefined && typeof fork !== 'boolean') {
    return { ok: false, error: { parameter: 'fork', code: 'fork_type', message: `fork must be true or false (got ${describeValue(fork)}).` } };
  }
  if (resumes(resume) && namesType(subagentType)) {
    return error(
      'subagent_type',
      'resume_with_type',
      RESUME_WITH_TYPE_UNAVAILABLE,
      `resume ${describeValue(resume)} continues an existing agent, which keeps its own type, so subagent_type ${describeValue(subagentType)} cannot be sent with it. Leave subagent_type out to resume, or resume out to start a new agent.`,
    );
  }
  if (fork !== true) return { ok: true, mode: 'fresh', why: 'fork is not set: a regular subagent' };
  if (resumes(resume)) {
    return error(
      'resume',
      'fork_with_resume',
      FORK_WITH_RESUME_UNAVAILABLE,
      `Got resume ${describeValue(resume)}. A fork starts a new agent from a snapshot of your history; to continue an existing agent, pass resume without fork. A resume that is blank after trimming counts as left out.`,
    );
  }
  if (namesType(subagentType) && subagentType !== caller.name) {
    return error(
      'subagent_type',
      'fork_other_profile',
      FORK_WITH_TYPE_UNAVAILABLE,
      `Got subagent_type ${describeValue(subagentType)}. A fork is a copy of your own profile "${caller.name}": leave subagent_type out or empty, or pass "${caller.name}" exactly.`,
    );
  }
  if (!absent(model) && model !== PRIMARY_MODEL_ALIAS && model !== caller.model) {
    return error(
      'model',
      'fork_other_model',
      FORK_WITH_MODEL_UNAVAILABLE,
      `Got model ${describeValue(model)}. A fork keeps your own model: leave model out, or pass "${PRIMARY_MODEL_ALIAS}" or "${caller.model}".`,
    );
  }
  return { ok: true, mode: 'fork' };
}
