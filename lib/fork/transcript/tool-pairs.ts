import { partsOf } from './message-parts';
import type { TranscriptMessage } from './transcript';

/** Where a tool call's result is, and where a result's call is, for drawing them as pairs. */
export interface ToolPairLinks {
  /** Per message index: its tool calls and the index of the message answering each (null: open). */
  calls: Map<number, { toolCallId: string; toolName: string; resultIndex: number | null }[]>;
  /** Per message index: its tool results and the index of the message holding each call (null: orphan). */
  results: Map<number, { toolCallId: string; callIndex: number | null }[]>;
}

export function linkToolPairs(messages: readonly TranscriptMessage[]): ToolPairLinks {
  const calls: ToolPairLinks['calls'] = new Map();
  const results: ToolPairLinks['results'] = new Map();
  const callAt = new Map<string, number>();
  messages.forEach((entry, index) => {
    for (const part of partsOf(entry.message)) {
      if (part.type === 'tool-call') {
        callAt.set(part.toolCallId, index);
        const list = calls.get(index) ?? [];
        list.push({ toolCallId: part.toolCallId, toolName: part.toolName, resultIndex: null });
        calls.set(index, list);
      } else if (part.type === 'tool-result') {
        const callIndex = callAt.get(part.toolCallId) ?? null;
        const list = results.get(index) ?? [];
        list.push({ toolCallId: part.toolCallId, callIndex });
        results.set(index, list);
        if (callIndex !== null) {
          const call = calls.get(callIndex)?.find((entry) => entry.toolCallId === part.toolCallId);
          if (call !== undefined && call.resultIndex === null) call.resultIndex = index;
        }
      }
    }
  });
  return { calls, results };
}
