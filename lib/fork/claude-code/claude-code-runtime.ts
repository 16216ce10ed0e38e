import { defineForkRuntime } from '../runtime';
import { claudeCodeAgentTool } from './claude-code-agent-tool';
import { claudeCodeControls } from './claude-code-controls';
import { CLAUDE_CODE_POLICY, claudeCodeForkRequestSchema } from './claude-code-fork-request';
import { CLAUDE_CODE_VERSIONS, claudeCodeAnnouncedRelease } from './claude-code-versions';
import { claudeCodeFraming } from './fork-directive';
import { planClaudeCodeFork } from './plan-claude-code-fork';

/** Claude Code's Agent tool with `subagent_type: "fork"`, from its documentation (its source is not public). */
export const claudeCodeRuntime = defineForkRuntime({
  policy: CLAUDE_CODE_POLICY,
  aliases: ['claude-code', 'claude'],
  shippedAs: 'claude-code',
  label: 'Claude Code · subagent_type "fork"',
  name: 'Claude Code fork',
  versions: CLAUDE_CODE_VERSIONS,
  announcedRelease: claudeCodeAnnouncedRelease,
  sessionFormats: ['claude-code'],
  requestSchema: claudeCodeForkRequestSchema,
  plan: planClaudeCodeFork,
  agentTool: claudeCodeAgentTool,
  controls: claudeCodeControls,
  // Claude Code runs forks in the background and hands the parent only the final result; the text
  // of its notification is not public, so Fork Lab answers the Agent call with the result.
  delivery: { kind: 'call-result' },
  // Only an input the tool's schema refuses comes back wrapped in <tool_use_error>; what the call
  // itself throws (a fork inside a fork) comes back as it is, an error result all the same. Seen in
  // 2.1.328 traffic (a nested fork, is_error true, unwrapped) and read in its binary; real sessions
  // agree (a wrapped InputValidationError, an unwrapped EISDIR).
  refusal: (message) => ({ type: 'error-text', value: message.startsWith('InputValidationError') ? `<tool_use_error>${message}</tool_use_error>` : message }),
  framing: claudeCodeFraming,
});
