import { defineForkRuntime } from '../runtime';
import { kimiFraming } from './inheritance-notice';
import { kimiAgentTool } from './kimi-agent-tool';
import { kimiControls } from './kimi-controls';
import { KIMI_POLICY, kimiForkRequestSchema } from './kimi-fork-request';
import { kimiSteadyAnswer, renderKimiCallResult, wallTime } from './kimi-results';
import { isShippedKimi, KIMI_VERSIONS, kimiAnnouncedRelease } from './kimi-versions';
import { planKimiFork } from './plan-kimi-fork';

const KIMI_TOOL_ERROR_LINE = '<system>ERROR: Tool execution failed.</system>';

/**
 * A tool error reaches the model as this system line, a newline, then the tool's output
 * (`renderToolResultForModel` in agent-core-v2's contextMemory/toolResultRender.ts), after the
 * wall time in 2.1: Fork Lab refuses at once, so the time is nil.
 */
export const kimiToolError = (message: string, runtimeVersion?: string) => ({
  type: 'text' as const,
  value: `${isShippedKimi(runtimeVersion) ? `${wallTime(0)}\n` : ''}${KIMI_TOOL_ERROR_LINE}\n${message}`,
});

/** Kimi Code's `agent` tool with `fork: true`. */
export const kimiRuntime = defineForkRuntime({
  policy: KIMI_POLICY,
  aliases: ['kimi-code', 'kimi'],
  shippedAs: 'kimi-code',
  label: 'Kimi Code · fork: true',
  name: 'Kimi Code fork: true',
  versions: KIMI_VERSIONS,
  announcedRelease: kimiAnnouncedRelease,
  requestSchema: kimiForkRequestSchema,
  plan: planKimiFork,
  agentTool: kimiAgentTool,
  controls: kimiControls,
  delivery: { kind: 'call-result', render: renderKimiCallResult },
  refusal: kimiToolError,
  steadyAnswer: kimiSteadyAnswer,
  framing: kimiFraming,
});
