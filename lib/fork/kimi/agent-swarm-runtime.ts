import { defineForkRuntime } from '../runtime';
import { agentSwarmControls } from './agent-swarm-controls';
import { renderSwarmResults } from './agent-swarm-family';
import { KIMI_SWARM_POLICY, kimiSwarmRequestSchema } from './agent-swarm-request';
import { agentSwarmTool } from './agent-swarm-tool';
import { kimiFraming } from './inheritance-notice';
import { kimiSteadyAnswer, withWallTime } from './kimi-results';
import { kimiToolError } from './kimi-runtime';
import { KIMI_VERSIONS, kimiAnnouncedRelease } from './kimi-versions';
import { planAgentSwarm } from './plan-agent-swarm';

/** Kimi Code's `AgentSwarm` tool with `fork: true`: one forked child per item, launched together. */
export const agentSwarmRuntime = defineForkRuntime({
  policy: KIMI_SWARM_POLICY,
  aliases: ['agent-swarm', 'kimi-swarm'],
  shippedAs: 'kimi-code',
  label: 'Kimi Code · AgentSwarm fork: true',
  name: 'Kimi Code AgentSwarm fork: true',
  versions: KIMI_VERSIONS,
  announcedRelease: kimiAnnouncedRelease,
  requestSchema: kimiSwarmRequestSchema,
  plan: planAgentSwarm,
  agentTool: agentSwarmTool,
  controls: agentSwarmControls,
  // The caller waits on its one swarm call until every child has ended (`AgentSwarmTool.runSwarm`).
  delivery: { kind: 'family-result', render: (outcomes, context) => withWallTime(renderSwarmResults(outcomes), context) },
  refusal: kimiToolError,
  steadyAnswer: kimiSteadyAnswer,
  framing: kimiFraming,
  memberRequest: (request, member) => ({ ...request, member }),
});
