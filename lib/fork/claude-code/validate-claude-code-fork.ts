import type { ForkParameterError } from '../fork-plan';
import { describeValue } from '../planning/describe-value';
import type { AgentProfile } from '../transcript/transcript';
import type { ClaudeCodeForkGate, ClaudeCodeForkParams } from './claude-code-fork-request';
import { FORK_IN_FORK_UNAVAILABLE } from './fork-directive';

export const FORK_SUBAGENT_TYPE = 'fork';

export type ClaudeCodeValidation = { ok: true; mode: 'fork' } | { ok: true; mode: 'fresh'; why: string } | { ok: false; error: ForkParameterError };

/**
 * Claude Code's input check for a required parameter, as a real v1.0.108 session recorded it for
 * the tool then called `Task` ("InputValidationError: Task failed due to the following issue:\nThe
 * required parameter `prompt` is missing"); the tool is `Agent` since.
 */
function missingParameter(name: string): string {
  return `InputValidationError: Agent failed due to the following issue:\nThe required parameter \`${name}\` is missing`;
}

/** Whether the call asks for a fork under the version's gate. */
function asksForFork(subagentType: unknown, gate: ClaudeCodeForkGate): boolean {
  if (subagentType === FORK_SUBAGENT_TYPE) return true;
  // Behind CLAUDE_CODE_FORK_SUBAGENT=1 (v2.1.117–v2.1.231) a call without a type forked.
  return gate === 'omitted-type' && (subagentType === undefined || subagentType === null);
}

/**
 * The checks Fork Lab can ground: the required `description`, whether the call is a fork at all
 * (anything else starts a fresh agent, general-purpose by default), and that a fork is not asked
 * for from inside a fork, which is where the agent runs, not what its history quotes.
 */
export function validateClaudeCodeFork(
  params: ClaudeCodeForkParams,
  gate: ClaudeCodeForkGate,
  caller: AgentProfile,
  call?: Readonly<Record<string, unknown>>,
): ClaudeCodeValidation {
  if (params.description === undefined || params.description === null) {
    return {
      ok: false,
      error: {
        parameter: 'description',
        code: 'description_missing',
        message: missingParameter('description'),
        explanation:
          'The Agent tool requires a short description of the task (3–5 words) beside the prompt. The wording is the one a real Claude Code session recorded for a missing parameter.',
      },
    };
  }
  if (call !== undefined && (call.prompt === undefined || call.prompt === null)) {
    return {
      ok: false,
      error: {
        parameter: 'directive',
        code: 'prompt_missing',
        message: missingParameter('prompt'),
        explanation: 'The call has no prompt: the task for the agent. This is the exact text a real Claude Code session recorded.',
      },
    };
  }
  if (!asksForFork(params.subagent_type, gate)) {
    return {
      ok: true,
      mode: 'fresh',
      why:
        params.subagent_type === undefined || params.subagent_type === null
          ? 'subagent_type left out: a fresh agent, general-purpose by default'
          : `subagent_type ${describeValue(params.subagent_type)}: a fresh agent of that type`,
    };
  }
  if (caller.forkChild === true) {
    return {
      ok: false,
      error: {
        parameter: 'subagent_type',
        code: 'fork_in_fork',
        message: FORK_IN_FORK_UNAVAILABLE,
        explanation:
          'This agent runs as a fork, and a fork cannot fork again (documented: "A fork can\'t spawn further forks."). The wording is quoted from Claude Code issue reports, not its docs. A fresh subagent type is still allowed.',
      },
    };
  }
  return { ok: true, mode: 'fork' };
}
