import type { ForkPlan } from '../fork-plan';
import { freshPlan, rejectedPlan } from '../planning/refused-plans';
import type { ParentTranscript } from '../transcript/transcript';
import { swarmMembers } from './agent-swarm-family';
import { KIMI_SWARM_POLICY, type KimiSwarmRequest, swarmCallArguments } from './agent-swarm-request';
import { planKimiSnapshot } from './kimi-snapshot-plan';
import { AGENT_SWARM_TOOL_NAME, validateAgentSwarm } from './validate-agent-swarm';
import { kimiCallerType } from './validate-kimi-fork';

/**
 * Plan a Kimi Code AgentSwarm with `fork: true`: one fork per item, each from the caller's closed
 * snapshot (the swarm call closed as an Agent call is) and each with its own filled-in prompt behind
 * the notice. The plan's child is the member `request.member` names; the family lists them all.
 */
export function planAgentSwarm(parent: ParentTranscript, request: KimiSwarmRequest, end: number): ForkPlan {
  const validation = validateAgentSwarm(swarmCallArguments(request), parent.profile, request.runtimeVersion);
  if (!validation.ok) return rejectedPlan(KIMI_SWARM_POLICY, [validation.error], parent.messages.length);
  if (validation.mode === 'fresh') return freshPlan(KIMI_SWARM_POLICY, validation.why, parent.messages.length);

  // A fork keeps the caller's own agent type (`planSpawn`: the caller's profile, else `coder`).
  const members = swarmMembers(validation.description, kimiCallerType(parent.profile, request.runtimeVersion), validation.specs);
  const asked = request.member ?? members[0]!.index;
  const member = members.find((candidate) => candidate.index === asked) ?? members[0]!;
  const plan = planKimiSnapshot({
    policy: KIMI_SWARM_POLICY,
    parent,
    end,
    task: member.task,
    notice: request.notice,
    mechanism: `AgentSwarm fork: true, ${members.length} items`,
    runtimeVersion: request.runtimeVersion,
  });
  const warnings =
    member.index === asked ? [] : [`There is no item ${asked}: the swarm has items 1 to ${members.length}, so the plan shows item ${member.index}.`];
  return {
    ...plan,
    warnings,
    family: { tool: AGENT_SWARM_TOOL_NAME, description: validation.description, members, member: member.index },
  };
}
