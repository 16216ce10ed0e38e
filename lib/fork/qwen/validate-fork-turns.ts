import type { ForkParameterError } from '../fork-plan';
import type { QwenForkParams } from './qwen-fork-request';

/** Qwen's `subagent_type` for a fork. */
export const FORK_SUBAGENT_TYPE = 'fork';

/** `fork_turns` after validation: every real turn, or the last N. */
export type ForkTurns = 'all' | number;

const FORK_TURNS_PATTERN = /^[1-9][0-9]*$/;

/** How a value the model sent reads in an error message. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${value}`;
  return Array.isArray(value) ? 'an array' : 'an object';
}

export type QwenValidation =
  | { ok: true; mode: 'fork'; forkTurns: ForkTurns }
  | { ok: true; mode: 'fresh'; why: string }
  | { ok: false; error: ForkParameterError };

/**
 * Qwen's Agent tool validation, in the runtime's order. The format check runs first, so a value
 * of the wrong type reports the format error even when the subagent type is wrong too; the other
 * two checks only apply when `fork_turns` is present, because omitting it keeps every older
 * call valid.
 */
export function validateQwenForkParams(params: QwenForkParams): QwenValidation {
  const { fork_turns: forkTurns, subagent_type: subagentType, name } = params;
  const isFork = typeof subagentType === 'string' && subagentType.toLowerCase() === FORK_SUBAGENT_TYPE;

  if (forkTurns === undefined) {
    if (name !== undefined) {
      return { ok: true, mode: 'fresh', why: `spawns the named teammate ${describeValue(name)}` };
    }
    if (isFork) return { ok: true, mode: 'fork', forkTurns: 'all' };
    return {
      ok: true,
      mode: 'fresh',
      why: subagentType === undefined ? 'no subagent_type: a regular subagent' : `subagent_type ${describeValue(subagentType)} is a regular subagent`,
    };
  }

  if (typeof forkTurns !== 'string' || (forkTurns !== 'all' && !FORK_TURNS_PATTERN.test(forkTurns))) {
    return {
      ok: false,
      error: {
        parameter: 'fork_turns',
        code: 'fork_turns_format',
        message: `fork_turns must be "all" or a positive integer string such as "3" (got ${describeValue(forkTurns)}).`,
      },
    };
  }
  if (!isFork) {
    return {
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'fork_turns_requires_fork',
        message: `fork_turns can only be used with subagent_type "fork" (got ${describeValue(subagentType)}).`,
      },
    };
  }
  if (name !== undefined) {
    return {
      ok: false,
      error: {
        parameter: 'name',
        code: 'fork_turns_with_teammate',
        message: `fork_turns cannot be used when spawning a named teammate (got name ${describeValue(name)}); omit name to fork.`,
      },
    };
  }
  return { ok: true, mode: 'fork', forkTurns: forkTurns === 'all' ? 'all' : Number(forkTurns) };
}
