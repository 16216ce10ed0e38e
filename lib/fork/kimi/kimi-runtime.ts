import { defineForkRuntime } from '../runtime';
import { kimiFraming } from './inheritance-notice';
import { kimiAgentTool } from './kimi-agent-tool';
import { kimiControls } from './kimi-controls';
import { KIMI_POLICY, kimiForkRequestSchema } from './kimi-fork-request';
import { planKimiFork } from './plan-kimi-fork';

/** Kimi Code's `agent` tool with `fork: true`. */
export const kimiRuntime = defineForkRuntime({
  policy: KIMI_POLICY,
  label: 'Kimi Code · fork: true',
  name: 'Kimi Code fork: true',
  requestSchema: kimiForkRequestSchema,
  plan: planKimiFork,
  agentTool: kimiAgentTool,
  controls: kimiControls,
  delivery: { kind: 'call-result' },
  framing: kimiFraming,
});
