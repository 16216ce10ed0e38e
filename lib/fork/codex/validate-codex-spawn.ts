import type { ForkParameterError } from '../fork-plan';
import { describeValue } from '../planning/describe-value';
import type { CodexForkParams, CodexLockVariant } from './codex-fork-request';
import type { CodexVersion } from './codex-versions';
import { parseUsize, rustTrim } from './rust-text';
import { decodeSpawnArguments, SPAWN_AGENT_FIELDS } from './spawn-arguments';
import { agentNameError } from './task-name';

// Codex's tool errors, byte for byte: the parent model reads these and nothing else
// (codex-rs/core/src/tools/handlers/multi_agents_v2/spawn.rs and multi_agents_common.rs).
export const ARGUMENTS_UNPARSED = 'failed to parse function arguments: ';
export const FORK_CONTEXT_UNSUPPORTED = 'fork_context is not supported in MultiAgentV2; use fork_turns instead';
export const FORK_TURNS_INVALID = 'fork_turns must be `none`, `all`, or a positive integer string';
/** 0.169's words: a number still parses, but it forks the whole history (seen in codex@0.169.0). */
export const FORK_TURNS_INVALID_0169 = 'fork_turns must be `none` or `all`';
export const EMPTY_MESSAGE = "Empty message can't be sent to an agent";
export const FULL_FORK_OVERRIDES =
  'Full-history forked agents inherit the parent agent type, model, and reasoning effort; omit agent_type, model, and reasoning_effort, or spawn without a full-history fork.';
export const FULL_FORK_AGENT_TYPE = 'Full-history forked agents inherit the parent agent type; omit agent_type, or spawn without a full-history fork.';

/** What `fork_turns` asks for: no fork, the whole history, or the last N fork turns. */
export type CodexForkMode = { kind: 'none' } | { kind: 'all' } | { kind: 'last'; turns: bigint };

export type CodexValidation = { ok: true; mode: CodexForkMode } | { ok: false; error: ForkParameterError };

function refused(parameter: string, code: string, message: string, explanation: string): CodexValidation {
  return { ok: false, error: { parameter, code, message, explanation } };
}

const absent = (value: unknown) => value === undefined || value === null;

/** The call's arguments as the model writes them: every field present, in the record's order. */
export function spawnArgumentEntries(message: string, params: CodexForkParams): [string, unknown][] {
  const values: Record<string, unknown> = { ...params, message };
  return SPAWN_AGENT_FIELDS.filter((field) => values[field.name] !== undefined).map((field) => [field.name, values[field.name]]);
}

/**
 * `SpawnAgentArgs::fork_mode`: trimmed (Rust's white space), blank or left out means the whole
 * history, `none` and `all` in any ASCII letter case, otherwise a positive `usize`.
 */
export function forkModeOf(forkTurns: string | null | undefined): CodexForkMode | null {
  const value = rustTrim(forkTurns ?? '');
  // Rust's `eq_ignore_ascii_case`; no non-ASCII letter lower-cases to one of these, so
  // JavaScript's wider lower-casing agrees.
  if (value === '' || value.toLowerCase() === 'all') return { kind: 'all' };
  if (value.toLowerCase() === 'none') return { kind: 'none' };
  const turns = parseUsize(value);
  return turns === null || turns === 0n ? null : { kind: 'last', turns };
}

/** Which Codex's checks to run: the release line, and for codex-rs which full-history lock. */
export interface SpawnRules {
  version: CodexVersion;
  lock: CodexLockVariant;
}

/**
 * `Handler::handle`'s checks, in Codex's order, each stopping at the first failure: the arguments
 * decode; `fork_context` is refused whatever its value; `fork_turns` names a mode; the task is not
 * blank. Then, in codex-rs as read, a full-history fork leaves the agent's type (and its model and
 * effort) alone, since the child continues the parent's own context; 0.169 locks nothing (its
 * usage hint still says it does) and checks the task name instead.
 */
export function validateCodexSpawn(
  message: string,
  params: CodexForkParams,
  { version, lock }: SpawnRules,
  call?: Readonly<Record<string, unknown>>,
): CodexValidation {
  const shipped = version === '0.169';
  const decodeError = decodeSpawnArguments(call === undefined ? spawnArgumentEntries(message, params) : Object.entries(call), shipped ? 'string' : 'enum');
  if (decodeError !== null) {
    return refused(
      decodeError.field === 'message' ? 'directive' : decodeError.field,
      'arguments_unparsed',
      `${ARGUMENTS_UNPARSED}${decodeError.message}`,
      `Codex decodes the call into SpawnAgentArgs before any other check: message and task_name are strings, agent_type, model and fork_turns are strings or null, reasoning_effort is ${shipped ? 'a string or null' : 'one of its effort names'}, fork_context is a boolean. The position is where serde_json stops in the compact JSON of this call (Fork Lab writes ${SPAWN_AGENT_FIELDS.map((field) => field.name).join(', ')} in that order); a model that spaces or orders its JSON differently gets another column.`,
    );
  }
  if (!absent(params.fork_context)) {
    return refused(
      'fork_context',
      'fork_context_unsupported',
      FORK_CONTEXT_UNSUPPORTED,
      `Got fork_context ${describeValue(params.fork_context)}. MultiAgentV2 refuses the field whatever its value, before it reads fork_turns; leave it out.`,
    );
  }
  const forkTurns = params.fork_turns as string | null | undefined;
  const mode = forkModeOf(forkTurns);
  if (mode === null) {
    return refused(
      'fork_turns',
      'fork_turns_invalid',
      shipped ? FORK_TURNS_INVALID_0169 : FORK_TURNS_INVALID,
      `Got fork_turns ${describeValue(forkTurns)}. Allowed: "none", "all" (any letter case; blank or left out means all), or a whole number of turns from 1 to 18446744073709551615 written in ASCII digits, a leading + or zeros allowed${shipped ? ', which 0.169 still takes but forks the whole history by' : ''}. Surrounding white space is trimmed.`,
    );
  }
  if (rustTrim(message) === '') {
    return refused(
      'directive',
      'message_empty',
      EMPTY_MESSAGE,
      'The task (the call’s message) is blank. Codex refuses it after fork_turns and before the full-history rule.',
    );
  }
  if (shipped) {
    const nameError = agentNameError(typeof params.task_name === 'string' ? params.task_name : '');
    return nameError === null ? { ok: true, mode } : refused('task_name', nameError.code, nameError.message, nameError.explanation);
  }
  if (mode.kind === 'all') {
    const agentType = typeof params.agent_type === 'string' ? rustTrim(params.agent_type) : '';
    const overrides = [
      ...(agentType !== '' ? ['agent_type'] : []),
      ...(lock === 'three-fields' && !absent(params.model) ? ['model'] : []),
      ...(lock === 'three-fields' && !absent(params.reasoning_effort) ? ['reasoning_effort'] : []),
    ];
    if (overrides.length > 0) {
      return refused(
        overrides[0]!,
        'full_fork_override',
        lock === 'three-fields' ? FULL_FORK_OVERRIDES : FULL_FORK_AGENT_TYPE,
        `A full-history fork (fork_turns ${forkTurns === undefined ? 'left out, which means all' : describeValue(forkTurns)}) continues the parent's own context, so it cannot change ${overrides.join(', ')}. ${
          lock === 'three-fields'
            ? 'agent_type is trimmed first (blank counts as left out); model is refused even when empty.'
            : 'In this later version only agent_type is locked.'
        } Use fork_turns "none" or a number to spawn with overrides.`,
      );
    }
  }
  return { ok: true, mode };
}
