import type { ForkParameterError } from '../fork-plan';
import { describeValue } from '../planning/describe-value';
import { forkProfileNameError } from './fork-profile';
import { forkToolListError } from './fork-tools';
import type { QwenForkParams } from './qwen-fork-request';
import type { QwenVersion } from './qwen-versions';

/** Qwen's `subagent_type` for a fork. */
export const FORK_SUBAGENT_TYPE = 'fork';

/** `fork_turns` after validation: every real turn, or the last N. */
export type ForkTurns = 'all' | number;

const FORK_TURNS_PATTERN = /^[1-9][0-9]*$/;

/** Whether `subagent_type` asks for a fork: Qwen compares it without regard to letter case. */
export function isForkType(subagentType: unknown): boolean {
  return typeof subagentType === 'string' && subagentType.toLowerCase() === FORK_SUBAGENT_TYPE;
}

export type QwenValidation =
  | { ok: true; fork: boolean; forkTurns: ForkTurns; forkTools?: readonly string[]; forkProfile?: string }
  | { ok: false; error: ForkParameterError };

function refused(parameter: string, code: string, message: string, explanation: string): QwenValidation {
  return { ok: false, error: { parameter, code, message, explanation } };
}

/**
 * Qwen's `AgentTool.validateToolParams`, the checks Fork Lab models, in the runtime's order: the
 * prompt, then `subagent_type`, then the three `fork_turns` checks (format first). The `message` is
 * the runtime's own text, which the parent model reads; Fork Lab's reading of the value goes in
 * `explanation`. The `fork_turns` checks run only when it is present, so every call written before
 * it existed stays valid. What a valid call then spawns is `dispatchQwenSpawn`'s business.
 */
export function validateQwenForkParams(params: QwenForkParams, prompt: string, version: QwenVersion = '0.24'): QwenValidation {
  const { fork_turns: forkTurns, subagent_type: subagentType, name } = params;
  // 0.24 asks for a description first (its schema requires one); before, the call went without.
  if (version !== '0.23' && (typeof params.description !== 'string' || params.description.trim() === '')) {
    return refused(
      'description',
      'description_empty',
      'Parameter "description" must be a non-empty string.',
      `description is ${params.description === undefined ? 'left out' : describeValue(params.description)}. Qwen Code 0.24 requires a short description of the task (3–5 words) before any other check; before 0.24 none was needed.`,
    );
  }

  if (prompt.trim() === '') {
    return refused(
      'directive',
      'prompt_empty',
      'Parameter "prompt" must be a non-empty string.',
      'The directive is the prompt of the Agent call, and it is blank. Qwen refuses it before any other check.',
    );
  }
  if (subagentType !== undefined && (typeof subagentType !== 'string' || subagentType.trim() === '')) {
    return refused(
      'subagent_type',
      'subagent_type_empty',
      'Parameter "subagent_type" must be a non-empty string.',
      `subagent_type is ${describeValue(subagentType)}. Leave it out for a regular subagent, or send "fork" to fork.`,
    );
  }
  const turns = forkTurnsOf(forkTurns, subagentType, name);
  if (!turns.ok || version === '0.23') return turns;
  return withForkRestriction(params, turns);
}

/** The three `fork_turns` checks, in order; `all` when it is left out. */
function forkTurnsOf(forkTurns: unknown, subagentType: unknown, name: unknown): QwenValidation {
  const fork = isForkType(subagentType);
  if (forkTurns === undefined) return { ok: true, fork, forkTurns: 'all' };
  if (typeof forkTurns !== 'string' || (forkTurns !== 'all' && !FORK_TURNS_PATTERN.test(forkTurns))) {
    return refused(
      'fork_turns',
      'fork_turns_format',
      'Parameter "fork_turns" must be "all" or a positive integer string such as "3".',
      `Got ${describeValue(forkTurns)}. Qwen takes "all" or a whole number of turns written as a string: 1 or more, digits only, no sign, spaces or leading zero.`,
    );
  }
  if (!fork) {
    return refused(
      'subagent_type',
      'fork_turns_requires_fork',
      'Parameter "fork_turns" can only be used with subagent_type "fork".',
      `subagent_type is ${subagentType === undefined ? 'left out' : describeValue(subagentType)}. fork_turns only applies to subagent_type "fork" (any letter case).`,
    );
  }
  // `name !== undefined`, not truthiness: here an empty name still asks for a teammate.
  if (name !== undefined) {
    return refused(
      'name',
      'fork_turns_with_teammate',
      'Parameter "fork_turns" cannot be used when spawning a named teammate.',
      `name is ${describeValue(name)}: any name, even an empty one, asks for a named teammate. Leave name out to fork.`,
    );
  }
  return { ok: true, fork, forkTurns: forkTurns === 'all' ? 'all' : Number(forkTurns) };
}

/**
 * 0.24's `fork_tools` and `fork_profile` checks, after `fork_turns`: each only on a fork, never for
 * a named teammate, never both; then the list's or the name's own rules.
 */
function withForkRestriction(params: QwenForkParams, turns: QwenValidation & { ok: true }): QwenValidation {
  const { fork_tools: forkTools, fork_profile: forkProfile, name } = params;
  for (const [parameter, value] of [
    ['fork_tools', forkTools],
    ['fork_profile', forkProfile],
  ] as const) {
    if (value === undefined) continue;
    if (!turns.fork) {
      return refused(
        'subagent_type',
        `${parameter}_requires_fork`,
        `Parameter "${parameter}" can only be used with subagent_type "fork".`,
        `${parameter} only applies to a fork.`,
      );
    }
    if (name !== undefined) {
      return refused(
        'name',
        `${parameter}_with_teammate`,
        `Parameter "${parameter}" cannot be used when spawning a named teammate.`,
        'Leave name out to fork.',
      );
    }
    if (parameter === 'fork_tools') {
      const error = forkToolListError(value);
      if (error !== null) return refused('fork_tools', 'fork_tools_format', `Parameter "fork_tools" ${error}.`, `Got ${describeValue(value)}.`);
    } else {
      if (forkTools !== undefined) {
        return refused(
          'fork_profile',
          'fork_profile_with_tools',
          'Parameters "fork_profile" and "fork_tools" cannot be used together.',
          'A profile carries its own tool list.',
        );
      }
      const error = forkProfileNameError(value);
      if (error !== null) return refused('fork_profile', 'fork_profile_name', `Parameter "fork_profile" ${error}.`, `Got ${describeValue(value)}.`);
    }
  }
  return {
    ...turns,
    ...(forkTools === undefined ? {} : { forkTools: forkTools as string[] }),
    ...(typeof forkProfile === 'string' ? { forkProfile } : {}),
  };
}
