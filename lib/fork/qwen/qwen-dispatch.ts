import type { ForkParameterError } from '../fork-plan';
import { describeValue } from '../planning/describe-value';
import type { AgentProfile } from '../transcript/transcript';
import type { QwenForkParams } from './qwen-fork-request';
import type { ForkTurns } from './validate-fork-turns';

/** What Qwen does with a call that passed validation. */
export type QwenDispatch = { kind: 'fork'; forkTurns: ForkTurns } | { kind: 'fresh'; why: string } | { kind: 'refused'; error: ForkParameterError };

function regularSubagent(subagentType: unknown): string {
  return subagentType === undefined ? 'no subagent_type: a regular subagent' : `subagent_type ${describeValue(subagentType)} is a regular subagent`;
}

/**
 * Qwen's `AgentToolInvocation.execute`, in its order, for a call `validateQwenForkParams` accepted:
 * team routing, then the spawn guard, then the nested-fork check. Where the caller runs comes from
 * its profile, never from its history: upstream marks a fork's run with an AsyncLocalStorage frame
 * because a fork's history is the parent's and a scan of it cannot tell the two apart, and a
 * top-level agent may well quote the fork boilerplate.
 *
 * - A truthy `name` from the top-level session spawns a teammate. Fork Lab assumes a team is
 *   active (Qwen ignores the name without one). Below the top level the name is ignored.
 * - Inside a fork every spawn is refused (`spawnBlockReason` → `isInForkExecution`).
 * - A fork asked for by any other sub-agent is refused (`!isTopLevelSession()`).
 */
export function dispatchQwenSpawn(params: QwenForkParams, validated: { fork: boolean; forkTurns: ForkTurns }, caller: AgentProfile): QwenDispatch {
  const { subagent_type: subagentType, name } = params;
  const topLevel = caller.depth === 0;

  if (name && topLevel) return { kind: 'fresh', why: `spawns the named teammate ${describeValue(name)}` };
  if (caller.forkChild === true) {
    return {
      kind: 'refused',
      error: {
        parameter: 'subagent_type',
        code: 'spawn_inside_fork',
        message: 'Error: Cannot spawn sub-agents from within a fork. Please execute tasks directly.',
        explanation: 'This agent runs as a fork (its profile has forkChild: true). Qwen refuses every Agent call made inside a fork, a regular subagent too.',
      },
    };
  }
  if (validated.fork && !topLevel) {
    return {
      kind: 'refused',
      error: {
        parameter: 'subagent_type',
        code: 'fork_inside_subagent',
        message:
          'Error: subagent_type "fork" is not supported from within a sub-agent. Complete this task directly with your own tools instead of requesting a nested fork.',
        explanation: `This agent is a sub-agent (depth ${caller.depth}). Qwen forks only from the top-level session.`,
      },
    };
  }
  if (validated.fork) return { kind: 'fork', forkTurns: validated.forkTurns };
  const ignoredName = name ? ` (name ${describeValue(name)} is ignored: only the top-level session spawns teammates)` : '';
  return { kind: 'fresh', why: `${regularSubagent(subagentType)}${ignoredName}` };
}
