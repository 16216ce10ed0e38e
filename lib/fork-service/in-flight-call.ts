import { FORK_RUNTIMES, type TranscriptMessage, toolCallsOf, toolResultIdsOf } from '@/lib/fork';

/**
 * The names a parent's Agent tool goes by: each runtime's own declaration (Codex's is
 * `spawn_agent`), and the spellings imported sessions use (Claude Code's `Task`, later `Agent`).
 */
export const AGENT_TOOL_NAMES: ReadonlySet<string> = new Set([
  'agent',
  'Agent',
  'task',
  'Task',
  ...FORK_RUNTIMES.map((runtime) => runtime.agentTool.declaration.name),
]);

/**
 * The parent's Agent call that launched the fork: an unanswered call to an agent tool in the last
 * assistant message before `end`, walking back over tool results (which answer that message's
 * other calls) and user messages that arrived while it ran. Its result is where the child's final
 * output goes. Null when there is none.
 */
export function inFlightAgentCall(messages: readonly TranscriptMessage[], end = messages.length): { toolCallId: string; toolName: string } | null {
  const answered = new Set<string>();
  for (let index = Math.min(end, messages.length) - 1; index >= 0; index -= 1) {
    const { message } = messages[index]!;
    if (message.role === 'tool' || message.role === 'user') {
      for (const toolCallId of toolResultIdsOf(message)) answered.add(toolCallId);
      continue;
    }
    if (message.role !== 'assistant') return null;
    const open = toolCallsOf(message).find((call) => !answered.has(call.toolCallId) && AGENT_TOOL_NAMES.has(call.toolName));
    return open === undefined ? null : { toolCallId: open.toolCallId, toolName: open.toolName };
  }
  return null;
}
