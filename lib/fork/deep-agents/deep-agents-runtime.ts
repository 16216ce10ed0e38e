import { defineForkRuntime } from '../runtime';
import { deepAgentsAgentTool } from './deep-agents-agent-tool';
import { deepAgentsControls } from './deep-agents-controls';
import { DEEP_AGENTS_POLICY, deepAgentsForkRequestSchema } from './deep-agents-fork-request';
import { DEEP_AGENTS_VERSIONS, deepAgentsAnnouncedRelease } from './deep-agents-versions';
import { deepAgentsFraming } from './fork-preamble';
import { planDeepAgentsFork } from './plan-deep-agents-fork';
import { FORK_RECURSION_REFUSAL } from './validate-deep-agents-task';

/** LangChain Deep Agents' `task` tool naming a subagent with `mode: "fork"` (experimental in the package). */
export const deepAgentsRuntime = defineForkRuntime({
  policy: DEEP_AGENTS_POLICY,
  aliases: ['deep-agents', 'deepagents'],
  shippedAs: 'deep-agents',
  label: 'Deep Agents · mode "fork" (experimental)',
  name: 'Deep Agents fork',
  versions: DEEP_AGENTS_VERSIONS,
  announcedRelease: deepAgentsAnnouncedRelease,
  requestSchema: deepAgentsForkRequestSchema,
  plan: planDeepAgentsFork,
  agentTool: deepAgentsAgentTool,
  controls: deepAgentsControls,
  // `task` awaits the subagent and answers with its last AIMessage's text, trimmed
  // (`returnCommandWithStateUpdate`): the parent waits for the result. Seen in 1.14.1 (verify result-delivered).
  delivery: { kind: 'call-result' },
  // A fork child's call is answered with the refusal as the tool's plain result. Anything else is
  // an error: the input schema's (a tool message with status "error"), or one that fails the whole
  // run (an unknown type), which Fork Lab can only answer as an error.
  refusal: (message) => (message === FORK_RECURSION_REFUSAL ? { type: 'text', value: message } : { type: 'error-text', value: message }),
  framing: deepAgentsFraming,
});
