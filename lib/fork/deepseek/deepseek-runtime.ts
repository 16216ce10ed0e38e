import { defineForkRuntime } from '../runtime';
import { deepSeekAgentTool } from './deepseek-agent-tool';
import { deepSeekControls } from './deepseek-controls';
import { DEEPSEEK_POLICY, deepSeekForkRequestSchema } from './deepseek-fork-request';
import { DEEPSEEK_VERSIONS, deepSeekAnnouncedRelease } from './deepseek-versions';
import { planDeepSeekFork } from './plan-deepseek-fork';
import { isRuntimeContext } from './runtime-context';
import { STRUCTURED_OUTPUT_TOOL } from './structured-output';

/** DeepSeek Harness's delegation, forking the parent's completed turns. */
export const deepSeekRuntime = defineForkRuntime({
  policy: DEEPSEEK_POLICY,
  aliases: ['deepseek-harness', 'dsh'],
  shippedAs: 'deepseek-harness',
  label: 'DeepSeek Harness · completed turns',
  name: 'DeepSeek completed turns',
  versions: DEEPSEEK_VERSIONS,
  announcedRelease: deepSeekAnnouncedRelease,
  requestSchema: deepSeekForkRequestSchema,
  plan: planDeepSeekFork,
  agentTool: deepSeekAgentTool,
  controls: deepSeekControls,
  delivery: { kind: 'call-result' },
  // The tool registry's wrapper puts "Error: " in front of a failed tool's message
  // (subagent-in-process-driver/README.md lists the texts the parent sees).
  refusal: (message) => ({ type: 'text', value: `Error: ${message}` }),
  // The child's first prompt is the bare task; 0.1 sends the runtime context after it, as after every prompt.
  framing: {
    marks: isRuntimeContext,
    strip: (text) => (isRuntimeContext(text) ? '' : text),
    isHarnessMessage: isRuntimeContext,
    answerTool: STRUCTURED_OUTPUT_TOOL,
  },
});
