import type { ChildMessage } from '../fork-plan';
import { syntheticMessage } from '../planning/child-message-copies';
import { toolCallsOf, toolResultIdsOf } from '../transcript/message-parts';
import type { ToolModelMessage } from '../transcript/transcript';

/** What `patchDanglingToolCalls` answers a call nothing answered, word for word (its ` - ` included). */
export function cancelledCallText(toolName: string, toolCallId: string): string {
  return `Tool call ${toolName} with id ${toolCallId} was cancelled - another message came in before it could be completed.`;
}

export interface PatchedHistory {
  messages: ChildMessage[];
  /** Parent indexes of assistant messages whose unanswered calls got a cancellation result. */
  closed: Set<number>;
  /** Parent indexes of tool messages left out whole: no call in the history asked for any of their results. */
  dropped: Set<number>;
}

function parentIndexOf(entry: ChildMessage): number | undefined {
  return entry.source.kind === 'copy' ? entry.source.parentIndexes[0] : undefined;
}

/**
 * A declarative fork mirrors the parent's default middleware, `patchToolCallsMiddleware` among
 * it, and that rewrites the inherited history before the child's first request (`beforeAgent`,
 * `patchDanglingToolCalls` in dist/langsmith-Bgi_Ta-k.js): a tool result whose call no message
 * holds is removed, and a call no later message answers is answered right after its message.
 * A parent that ran under the same middleware has neither, so its copy passes unchanged.
 */
export function patchToolCalls(history: readonly ChildMessage[]): PatchedHistory {
  const callIds = new Set<string>();
  /** Where each call's last result stands: a call is answered when a result comes after it. */
  const lastResultAt = new Map<string, number>();
  history.forEach((entry, position) => {
    for (const call of toolCallsOf(entry.message)) callIds.add(call.toolCallId);
    if (entry.message.role === 'tool') for (const id of toolResultIdsOf(entry.message)) lastResultAt.set(id, position);
  });
  const out: ChildMessage[] = [];
  const closed = new Set<number>();
  const dropped = new Set<number>();
  history.forEach((entry, position) => {
    const { message } = entry;
    if (message.role === 'tool') {
      const kept = message.content.filter((part) => part.type !== 'tool-result' || callIds.has(part.toolCallId));
      if (kept.length === 0) {
        const index = parentIndexOf(entry);
        if (index !== undefined) dropped.add(index);
      } else if (kept.length < message.content.length) {
        const source = entry.source.kind === 'copy' ? { ...entry.source, change: 'stripped' as const } : entry.source;
        out.push({ ...entry, message: { ...message, content: kept }, source });
      } else {
        out.push(entry);
      }
      return;
    }
    out.push(entry);
    const dangling = toolCallsOf(message).filter((call) => (lastResultAt.get(call.toolCallId) ?? -1) <= position);
    if (dangling.length === 0) return;
    const cancelled: ToolModelMessage = {
      role: 'tool',
      content: dangling.map((call) => ({
        type: 'tool-result',
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: { type: 'text', value: cancelledCallText(call.toolName, call.toolCallId) },
      })),
    };
    out.push(
      syntheticMessage(
        cancelled,
        'open-call-closed',
        dangling.map((call) => call.toolCallId),
      ),
    );
    const index = parentIndexOf(entry);
    if (index !== undefined) closed.add(index);
  });
  return { messages: out, closed, dropped };
}
