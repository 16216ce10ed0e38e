import type { ForkParameterError } from '../fork-plan';
import type { AgentProfile } from '../transcript/transcript';
import { AGENT_SWARM_DESCRIPTION, AGENT_SWARM_PARAMETERS, type AgentSwarmArguments, SHIPPED_AGENT_SWARM_PARAMETERS } from './agent-swarm-input';
import { agentSwarmSpecs, type SwarmItemSpec } from './agent-swarm-specs';
import { declaredKimiSchema, kimiArgumentsError } from './kimi-tool-arguments';
import { isShippedKimi } from './kimi-versions';
import { FORK_WITH_RESUME_UNAVAILABLE, forkCopyError } from './validate-kimi-fork';

export const AGENT_SWARM_TOOL_NAME = 'AgentSwarm';

export type SwarmValidation =
  | { ok: false; error: ForkParameterError }
  | { ok: true; mode: 'fresh'; why: string }
  | { ok: true; mode: 'fork'; description: string; specs: SwarmItemSpec[] };

function refused(parameter: string, code: string, message: string, explanation?: string): SwarmValidation {
  return { ok: false, error: { parameter, code, message, ...(explanation === undefined ? {} : { explanation }) } };
}

/**
 * AgentSwarm's checks in Kimi's order (`AgentSwarmTool.runSwarm`), each answered in its words: the
 * tool's JSON schema first (every call is checked before it runs); then, for `fork: true`, a
 * non-empty resume map; then, only when there are items to spawn, the fork's type and model checks
 * (`forkIncompatibility`, shared with the Agent tool); then the specs (`createAgentSwarmSpecs`).
 * 2.1 checks against the schema the caller's requests declare (no `fork` without the flag, no
 * `model` without a pool), a default install's when they declare none.
 */
export function validateAgentSwarm(args: Record<string, unknown>, caller: AgentProfile, runtimeVersion: string | undefined): SwarmValidation {
  const schema = isShippedKimi(runtimeVersion)
    ? (declaredKimiSchema(caller, AGENT_SWARM_TOOL_NAME, AGENT_SWARM_DESCRIPTION) ?? SHIPPED_AGENT_SWARM_PARAMETERS)
    : AGENT_SWARM_PARAMETERS;
  const schemaError = kimiArgumentsError(AGENT_SWARM_TOOL_NAME, schema, args);
  if (schemaError !== null) {
    return refused(
      schemaError.parameter ?? 'items',
      'arguments_schema',
      schemaError.message,
      'Kimi checks the call against the tool’s JSON schema before anything else: description is required, items are at most 128 non-empty strings, fork is a boolean, resume_agent_ids maps ids to prompts, and no other argument is allowed.',
    );
  }
  const input = args as AgentSwarmArguments;
  const fork = input.fork === true;
  if (fork && Object.keys(input.resume_agent_ids ?? {}).length > 0) {
    return refused(
      'resume_agent_ids',
      'fork_with_resume',
      FORK_WITH_RESUME_UNAVAILABLE,
      'A forked swarm starts new agents from a snapshot of your history; resume existing agents in a separate AgentSwarm call without fork.',
    );
  }
  if (fork && (input.items?.length ?? 0) > 0) {
    const copyError = forkCopyError(input.subagent_type, input.model, caller, runtimeVersion);
    if (copyError !== null) return copyError;
  }
  const specs = agentSwarmSpecs(input);
  if (!specs.ok) return refused(specs.parameter, specs.code, specs.message);
  if (!fork) return { ok: true, mode: 'fresh', why: 'fork is not set: each item starts a regular subagent' };
  return { ok: true, mode: 'fork', description: input.description, specs: specs.specs };
}
