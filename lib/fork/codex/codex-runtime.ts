import { defineForkRuntime } from '../runtime';
import { codexAgentTool } from './codex-agent-tool';
import { codexControls } from './codex-controls';
import { CODEX_POLICY, codexForkRequestSchema } from './codex-fork-request';
import { CODEX_VERSIONS, codexAnnouncedRelease } from './codex-versions';
import { interAgentContent } from './multi-agent-messages';
import { planCodexFork } from './plan-codex-fork';
import { agentMessageOf } from './shipped-messages';

/** OpenAI Codex's MultiAgentV2 `spawn_agent`, forking by `fork_turns`. */
export const codexRuntime = defineForkRuntime({
  policy: CODEX_POLICY,
  aliases: ['codex', 'spawn-agent'],
  shippedAs: 'codex',
  label: 'Codex · spawn_agent fork_turns',
  name: 'Codex spawn_agent',
  versions: CODEX_VERSIONS,
  announcedRelease: codexAnnouncedRelease,
  sessionFormats: ['codex'],
  requestSchema: codexForkRequestSchema,
  plan: planCodexFork,
  agentTool: codexAgentTool,
  controls: codexControls,
  // The spawn returns the child's task name at once; its final answer reaches the parent later as
  // a message. Fork Lab waits for it and answers the call with it, as the other runtimes do.
  delivery: { kind: 'call-result' },
  // A handler error is the function call's output text, as it is (`FunctionCallError::RespondToModel`).
  refusal: (message) => ({ type: 'text', value: message }),
  // codex-rs as read hands a task over as inter-agent JSON; 0.169 as an agent message with a header.
  framing: {
    marks: (text) => interAgentContent(text) !== null || agentMessageOf(text)?.type === 'NEW_TASK',
    strip: (text) => interAgentContent(text) ?? newTaskPayload(text) ?? text,
    isNews: (text) => agentMessageOf(text)?.type === 'FINAL_ANSWER',
  },
});

function newTaskPayload(text: string): string | null {
  const message = agentMessageOf(text);
  return message?.type === 'NEW_TASK' ? message.payload : null;
}
