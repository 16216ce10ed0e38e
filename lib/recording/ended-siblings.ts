import { type ModelMessage, type TranscriptMessage, toolCallsOf } from '@/lib/fork';
import type { CapturedConversation } from './captured-conversation';
import { keysOf, startsWithAll } from './conversation-keys';
import { messageKey } from './message-shape';

type ToolResultPart = Extract<Extract<ModelMessage, { role: 'tool' }>['content'][number], { type: 'tool-result' }>;

function resultsIn(message: ModelMessage): ToolResultPart[] {
  return message.role === 'tool' ? message.content.filter((part): part is ToolResultPart => part.type === 'tool-result') : [];
}

/**
 * The siblings of a fork's call that had ended when the fork took its snapshot, as their results:
 * calls of the same message run side by side, and a runtime snapshots its parent when the fork's
 * own handler runs (Kimi Code, Codex), so a sibling that ended first is part of the history the
 * child inherits. Which ones had is a matter of timing, so it is read from the traffic: a sibling
 * result the parent itself recorded later, which the child received word for word. Nothing of the
 * child's is taken that the parent did not record, so the rules still decide everything else.
 */
export function endedSiblings(
  inOrder: readonly CapturedConversation[],
  parent: CapturedConversation,
  index: number,
  toolCallId: string,
  child: CapturedConversation,
): TranscriptMessage[] {
  const siblings = toolCallsOf(parent.transcript.messages[index]!.message)
    .map((call) => call.toolCallId)
    .filter((id) => id !== toolCallId);
  if (siblings.length === 0) return [];
  const received = new Set(child.transcript.messages.flatMap(({ message }) => resultsIn(message).map((part) => messageKey({ role: 'tool', content: [part] }))));
  const prefix = keysOf(parent).slice(0, index + 1);
  const ended = new Map<string, TranscriptMessage>();
  for (const later of inOrder) {
    if (later.id === child.id || !startsWithAll(keysOf(later), prefix)) continue;
    for (const entry of later.transcript.messages.slice(index + 1)) {
      for (const part of resultsIn(entry.message)) {
        if (!siblings.includes(part.toolCallId) || ended.has(part.toolCallId)) continue;
        const message: ModelMessage = { role: 'tool', content: [part] };
        if (received.has(messageKey(message))) ended.set(part.toolCallId, { id: `${entry.id}-${part.toolCallId}`, message });
      }
    }
  }
  // In the order the calls were made: the order the runtime's history holds their results in.
  return siblings.flatMap((id) => (ended.has(id) ? [ended.get(id)!] : []));
}
