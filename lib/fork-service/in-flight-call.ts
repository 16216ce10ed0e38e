import type { TranscriptMessage } from '@/lib/fork';

export const AGENT_TOOL_NAMES: ReadonlySet<string> = new Set(['agent', 'Agent', 'task', 'Task']);

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
    const parts = typeof message.content === 'string' ? [] : (message.content as { type: string; toolCallId?: string; toolName?: string }[]);
    if (message.role === 'tool' || message.role === 'user') {
      for (const part of parts) if (part.type === 'tool-result' && part.toolCallId !== undefined) answered.add(part.toolCallId);
      continue;
    }
    if (message.role !== 'assistant') return null;
    const open = parts.filter((part) => part.type === 'tool-call' && !answered.has(part.toolCallId!) && AGENT_TOOL_NAMES.has(String(part.toolName)));
    return open.length === 0 ? null : { toolCallId: open[0]!.toolCallId!, toolName: String(open[0]!.toolName) };
  }
  return null;
}
