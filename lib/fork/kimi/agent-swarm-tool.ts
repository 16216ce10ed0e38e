import type { RuntimeAgentTool } from '../runtime';
import { AGENT_SWARM_DESCRIPTION, SHIPPED_AGENT_SWARM_PARAMETERS } from './agent-swarm-input';
import { KIMI_SWARM_POLICY, type KimiSwarmRequest, swarmCallArguments } from './agent-swarm-request';
import { KIMI_NOTICE_VARIANTS } from './kimi-fork-request';
import { AGENT_SWARM_TOOL_NAME } from './validate-agent-swarm';

const CALL_PARAMETERS = ['description', 'items', 'fork', 'resume_agent_ids', 'subagent_type', 'model'] as const;
const ARGUMENTS = new Set<string>([...CALL_PARAMETERS, 'prompt_template']);

/** Kimi Code's `AgentSwarm` tool as 2.1 declares itself with the fork flag on, and the request a call makes. */
export const agentSwarmTool: RuntimeAgentTool<KimiSwarmRequest> = {
  declaration: { name: AGENT_SWARM_TOOL_NAME, description: AGENT_SWARM_DESCRIPTION, inputSchema: SHIPPED_AGENT_SWARM_PARAMETERS },
  requestFromCall: (input, settings) => {
    const notice = KIMI_NOTICE_VARIANTS.find((variant) => variant === settings.notice);
    const template = input.prompt_template;
    // A template that is not text, or is empty, or an argument the tool lacks, must reach Kimi's
    // schema check as written; the fields cannot hold it, so the call is kept.
    const unusual = (template !== undefined && (typeof template !== 'string' || template === '')) || Object.keys(input).some((key) => !ARGUMENTS.has(key));
    return {
      policy: KIMI_SWARM_POLICY,
      directive: typeof template === 'string' ? template : '',
      params: Object.fromEntries(CALL_PARAMETERS.filter((name) => name in input).map((name) => [name, input[name]])),
      ...(notice ? { notice } : {}),
      ...(unusual ? { call: { ...input } } : {}),
    };
  },
  callInput: swarmCallArguments,
};
