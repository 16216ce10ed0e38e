import { defineForkRuntime } from '../runtime';
import { FORK_PLACEHOLDER_RESULT, qwenFraming } from './child-message';
import { forkProfileNameError, forkProfilePath } from './fork-profile';
import { planQwenFork } from './plan-qwen-fork';
import { qwenAgentTool } from './qwen-agent-tool';
import { qwenControls } from './qwen-controls';
import { QWEN_POLICY, qwenForkRequestSchema } from './qwen-fork-request';
import { QWEN_VERSIONS, qwenAnnouncedRelease } from './qwen-versions';
import { isQwenTaskNotification, qwenTaskNotification } from './task-notification';

/** Qwen Code's `agent` tool with `subagent_type: "fork"` and `fork_turns`. */
export const qwenRuntime = defineForkRuntime({
  policy: QWEN_POLICY,
  aliases: ['qwen-code', 'qwen'],
  shippedAs: 'qwen-code',
  label: 'Qwen Code · fork_turns',
  name: 'Qwen Code fork_turns',
  versions: QWEN_VERSIONS,
  announcedRelease: qwenAnnouncedRelease,
  sessionFormats: ['qwen-code'],
  requestSchema: qwenForkRequestSchema,
  plan: planQwenFork,
  agentTool: qwenAgentTool,
  controls: qwenControls,
  // A Qwen fork runs in the background: its call is answered at once with the placeholder.
  delivery: {
    kind: 'background-notification',
    placeholder: FORK_PLACEHOLDER_RESULT,
    notification: qwenTaskNotification,
    isNotification: isQwenTaskNotification,
  },
  // The scheduler answers a failed call with `functionResponse.response = { error: message }`
  // (`createErrorResponse` in coreToolScheduler.ts), adding nothing to the runtime's text; the
  // blocked-spawn texts carry their own "Error: " (`buildSpawnBlockedResult` in agent.ts).
  refusal: (message) => ({ type: 'error-text', value: message }),
  framing: qwenFraming,
  projectFilesRead: (request) => {
    const { fork_profile: name } = request.params;
    return typeof name === 'string' && forkProfileNameError(name) === null ? [forkProfilePath(name)] : [];
  },
});
