import { z } from 'zod';
import type { ForkParameterError } from '../fork-plan';
import { describeValue } from '../planning/describe-value';
import { type AgentProfile, UNNAMED_PROFILE } from '../transcript/transcript';
import { KIMI_AGENT_DESCRIPTION, KIMI_AGENT_PARAMETERS, KIMI_AGENT_TOOL_NAME } from './kimi-agent-declaration';
import { type KimiForkParams, type KimiForkRequest, kimiCallArguments } from './kimi-fork-request';
import { declaredKimiSchema, kimiArgumentsError, kimiInputJsonSchema } from './kimi-tool-arguments';
import { isShippedKimi } from './kimi-versions';

/** The model alias that always means "the caller's own model". */
export const PRIMARY_MODEL_ALIAS = 'primary';

// Kimi Code's tool errors, byte for byte: the parent model reads these and nothing else
// (`packages/agent-core-v2`: `agent/tools/agent/agent.ts` and `session/subagent/spawn.ts`).
export const RESUME_WITH_TYPE_UNAVAILABLE = 'Cannot set subagent_type when resuming an existing agent. Resume by agent id only.';
export const FORK_WITH_RESUME_UNAVAILABLE = 'Cannot set resume when forking the current context. Fork creates a new agent; resume continues an existing one.';
export const FORK_WITH_TYPE_UNAVAILABLE = "Cannot set a different subagent_type when forking the current context. A fork inherits this agent's own agent type.";
export const FORK_WITH_MODEL_UNAVAILABLE = "Cannot override the model when forking the current context. A fork inherits this agent's model.";

/** The profile a 2.1 session's main agent runs (`DEFAULT_AGENT_PROFILE_NAME`): a fork of it may name it. */
export const KIMI_MAIN_PROFILE = 'agent';

/**
 * The types of the Agent tool's fork parameters as the code read in August declared them
 * (`SubagentToolInputSchema`): enough for its argument check to word a wrong type as it would.
 */
const CODE_READ_ARGUMENT_TYPES = kimiInputJsonSchema(
  z.object({ subagent_type: z.string().optional(), resume: z.string().optional(), fork: z.boolean().optional(), model: z.string().optional() }),
);
const CODE_READ_PARAMETERS = ['subagent_type', 'resume', 'fork', 'model'] as const;

/** The fork parameters a call sent, for the August schema: Fork Lab reads a `null` as left out, as it always has. */
function codeReadArguments(params: KimiForkParams): Record<string, unknown> {
  return Object.fromEntries(
    CODE_READ_PARAMETERS.flatMap((name) => (params[name] === undefined || params[name] === null ? [] : [[name, params[name]] as const])),
  );
}

/**
 * The caller's agent type as Kimi knows it: a profile the recorded requests do not name is a
 * session's main agent, whose profile 2.1 calls `agent`.
 */
export function kimiCallerType(caller: AgentProfile, runtimeVersion: string | undefined): string {
  return isShippedKimi(runtimeVersion) && caller.name === UNNAMED_PROFILE ? KIMI_MAIN_PROFILE : caller.name;
}

/**
 * The call checked against the schema 2.1 checks it with: the parent's own Agent declaration when
 * its requests carry Kimi's (whether `fork` and `model` exist depends on the fork flag and the model
 * pool, and the declaration says which), else the declaration of a default install.
 */
function shippedArgumentsError(request: KimiForkRequest, caller: AgentProfile) {
  const schema = declaredKimiSchema(caller, KIMI_AGENT_TOOL_NAME, KIMI_AGENT_DESCRIPTION) ?? KIMI_AGENT_PARAMETERS;
  return kimiArgumentsError(KIMI_AGENT_TOOL_NAME, schema, kimiCallArguments(request));
}

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

function refusal(parameter: string, code: string, message: string, explanation: string): KimiValidation & { ok: false } {
  return { ok: false, error: { parameter, code, message, explanation } };
}

/**
 * Kimi's checks, returned as the tool error the model would see, in the runtime's order: the
 * schema (the types of the parameters), then a resume that also names a type (for every call, fork or
 * not), then — for `fork: true` — the fork checks. A fork is a copy of the caller, so anything that
 * would make it a different agent (another profile, another model, resuming an old agent) is
 * refused rather than ignored. The runtime's words are the `message`; what was sent and what is
 * allowed is Fork Lab's `explanation`, which no model reads.
 */
export function validateKimiFork(request: KimiForkRequest, caller: AgentProfile): KimiValidation {
  const { params, runtimeVersion } = request;
  const { fork, resume, subagent_type: subagentType, model } = params;
  const shipped = isShippedKimi(runtimeVersion);
  const argumentsError = shipped
    ? shippedArgumentsError(request, caller)
    : kimiArgumentsError(KIMI_AGENT_TOOL_NAME, CODE_READ_ARGUMENT_TYPES, codeReadArguments(params));
  if (argumentsError !== null) {
    return {
      ok: false,
      error: {
        parameter: argumentsError.parameter ?? 'fork',
        code: 'arguments_schema',
        message: argumentsError.message,
        explanation: shipped
          ? 'Kimi checks the call against the tool’s JSON schema before anything else: prompt and description are required text, fork and run_in_background are booleans, and no other argument is allowed. Without the fork flag (KIMI_CODE_EXPERIMENTAL_SUBAGENT_FORK) the schema has no fork, and without a secondary model pool no model.'
          : `Kimi checks the call against the tool's JSON schema before anything else: fork is a boolean, and resume, subagent_type and model are strings.`,
      },
    };
  }
  if (resumes(resume) && namesType(subagentType)) {
    return refusal(
      'subagent_type',
      'resume_with_type',
      RESUME_WITH_TYPE_UNAVAILABLE,
      `resume ${describeValue(resume)} continues an existing agent, which keeps its own type, so subagent_type ${describeValue(subagentType)} cannot be sent with it. Leave subagent_type out to resume, or resume out to start a new agent.`,
    );
  }
  if (fork !== true) return { ok: true, mode: 'fresh', why: 'fork is not set: a regular subagent' };
  if (resumes(resume)) {
    return refusal(
      'resume',
      'fork_with_resume',
      FORK_WITH_RESUME_UNAVAILABLE,
      `Got resume ${describeValue(resume)}. A fork starts a new agent from a snapshot of your history; to continue an existing agent, pass resume without fork. A resume that is blank after trimming counts as left out.`,
    );
  }
  return forkCopyError(subagentType, model, caller, runtimeVersion) ?? { ok: true, mode: 'fork' };
}

/**
 * `forkIncompatibility`'s type and model checks (`session/subagent/spawn.ts`), which the Agent tool
 * and AgentSwarm share: a fork is a copy of the caller, so another profile or another model is
 * refused rather than ignored.
 */
export function forkCopyError(
  subagentType: unknown,
  model: unknown,
  caller: AgentProfile,
  runtimeVersion: string | undefined,
): (KimiValidation & { ok: false }) | null {
  const own = kimiCallerType(caller, runtimeVersion);
  if (namesType(subagentType) && subagentType !== own) {
    return refusal(
      'subagent_type',
      'fork_other_profile',
      FORK_WITH_TYPE_UNAVAILABLE,
      `Got subagent_type ${describeValue(subagentType)}. A fork is a copy of your own profile "${own}": leave subagent_type out or empty, or pass "${own}" exactly.`,
    );
  }
  if (!absent(model) && model !== PRIMARY_MODEL_ALIAS && model !== caller.model) {
    return refusal(
      'model',
      'fork_other_model',
      FORK_WITH_MODEL_UNAVAILABLE,
      `Got model ${describeValue(model)}. A fork keeps your own model: leave model out, or pass "${PRIMARY_MODEL_ALIAS}" or "${caller.model}".`,
    );
  }
  return null;
}
