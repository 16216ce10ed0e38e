import { toolResultsFor } from '../planning/tool-results-for';
import { toolCallsOf, toolResultIdsOf } from '../transcript/message-parts';
import type { ToolModelMessage, TranscriptMessage } from '../transcript/transcript';

/**
 * What an open call is answered with in the snapshot: Kimi Code's `INHERITED_IN_FLIGHT_TOOL_OUTPUT`
 * (`agent-core-v2` `agent/contextMemory/openToolExchange.ts`), byte for byte, since the child reads
 * it and it is part of the cached prefix every sibling fork shares.
 */
export const OPEN_CALL_RESULT =
  'This tool call was still executing when this conversation snapshot was inherited from the source agent, ' +
  'so its result is not part of this context. The outcome is unknown — do not assume it succeeded or failed, and do not wait for it.';

export interface ClosedSnapshot {
  /** How many parent messages the seed copies (all of them, or none for tool messages only). */
  length: number;
  /** Index of the assistant message whose calls were closed, or null. */
  closedAssistant: number | null;
  /** Ids of the calls that were open, in call order. */
  openCallIds: string[];
  /** Synthetic results for the open calls, in call order, to append after the copies. */
  closingResults: ToolModelMessage[];
  /** Whether the closed assistant message was partial and is sealed in the snapshot. */
  sealed: boolean;
  /** The history held nothing but tool messages. */
  toolMessagesOnly: boolean;
}

/**
 * Close the snapshot of `messages[0, end)`: walk back over trailing tool messages to the last
 * assistant message; each of its calls that has no result yet gets a synthetic one, appended after
 * the results that exist, so a partially answered parallel batch keeps its real results. A partial
 * assistant message is sealed only when one of its calls was open: otherwise it is left as it was.
 */
export function closeOpenToolCalls(messages: readonly TranscriptMessage[], end: number): ClosedSnapshot {
  let index = end - 1;
  while (index >= 0 && messages[index]!.message.role === 'tool') index--;
  if (index < 0) {
    return { length: 0, closedAssistant: null, openCallIds: [], closingResults: [], sealed: false, toolMessagesOnly: end > 0 };
  }
  const last = messages[index]!;
  const calls = toolCallsOf(last.message);
  if (last.message.role !== 'assistant' || calls.length === 0) {
    return { length: end, closedAssistant: null, openCallIds: [], closingResults: [], sealed: false, toolMessagesOnly: false };
  }
  const answered = new Set<string>();
  for (let k = index + 1; k < end; k++) for (const id of toolResultIdsOf(messages[k]!.message)) answered.add(id);
  const open = calls.filter((call) => !answered.has(call.toolCallId));
  return {
    length: end,
    closedAssistant: open.length > 0 ? index : null,
    openCallIds: open.map((call) => call.toolCallId),
    closingResults: open.map((call) => toolResultsFor([call], { type: 'text', value: OPEN_CALL_RESULT })),
    sealed: open.length > 0 && last.meta?.partial === true,
    toolMessagesOnly: false,
  };
}
