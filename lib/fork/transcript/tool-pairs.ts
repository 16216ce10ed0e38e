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
  return extendToolPairs({ calls: new Map(), results: new Map() }, 0, messages);
}

/**
 * The links of `messages` from those of its first `linked` messages, walking only the rest: the
 * timeline of a 30,000-message parent gains the Agent call Fork Lab will write as one more row,
 * and linking that row should not cost a walk of the whole parent. `known` is left as it was.
 */
export function extendToolPairs(known: ToolPairLinks, linked: number, messages: readonly TranscriptMessage[]): ToolPairLinks {
  const calls: ToolPairLinks['calls'] = new Map(known.calls);
  const results: ToolPairLinks['results'] = new Map(known.results);
  // Calls of the new rows by id; the known rows' calls are looked up only when a new result needs one.
  const newCallAt = new Map<string, number>();
  let knownCallAt: Map<string, number> | null = null;
  const callIndexOf = (toolCallId: string): number | null => {
    const fresh = newCallAt.get(toolCallId);
    if (fresh !== undefined) return fresh;
    if (knownCallAt === null) {
      knownCallAt = new Map();
      for (const [index, list] of known.calls) for (const call of list) knownCallAt.set(call.toolCallId, index);
    }
    return knownCallAt.get(toolCallId) ?? null;
  };
  for (let index = linked; index < messages.length; index++) {
    for (const part of partsOf(messages[index]!.message)) {
      if (part.type === 'tool-call') {
        newCallAt.set(part.toolCallId, index);
        const list = calls.get(index) ?? [];
        list.push({ toolCallId: part.toolCallId, toolName: part.toolName, resultIndex: null });
        calls.set(index, list);
      } else if (part.type === 'tool-result') {
        const callIndex = callIndexOf(part.toolCallId);
        const list = results.get(index) ?? [];
        list.push({ toolCallId: part.toolCallId, callIndex });
        results.set(index, list);
        if (callIndex === null) continue;
        const callList = calls.get(callIndex) ?? [];
        const at = callList.findIndex((entry) => entry.toolCallId === part.toolCallId);
        if (at === -1 || callList[at]!.resultIndex !== null) continue;
        const answered = { ...callList[at]!, resultIndex: index };
        if (callIndex >= linked) callList[at] = answered;
        // A call of the known part: a new list, so the known links are not written.
        else
          calls.set(
            callIndex,
            callList.map((entry, position) => (position === at ? answered : entry)),
          );
      }
    }
  }
  return { calls, results };
}
