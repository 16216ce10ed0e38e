import { toolCallsOf, toolResultIdsOf } from '../transcript/message-parts';
import type { TranscriptMessage } from '../transcript/transcript';

/**
 * Where the message whose calls are running stands, when a `task` call is made at `end`: the last
 * assistant message before it, past any tool results recorded after it, if one of its calls has no
 * result yet. Null when nothing is in flight there.
 *
 * `stripInFlightAIMessage` drops the state's last message when it is an AIMessage with tool calls.
 * LangGraph runs a message's calls together and adds their results only once all are done, so
 * when `task` runs, that message is always the last one: results a transcript holds after it were
 * written later, and the child never sees them.
 */
export function inFlightMessageIndex(messages: readonly TranscriptMessage[], end: number): number | null {
  const answered = new Set<string>();
  let index = end - 1;
  while (index >= 0 && messages[index]!.message.role === 'tool') {
    for (const id of toolResultIdsOf(messages[index]!.message)) answered.add(id);
    index--;
  }
  if (index < 0 || messages[index]!.message.role !== 'assistant') return null;
  return toolCallsOf(messages[index]!.message).some((call) => !answered.has(call.toolCallId)) ? index : null;
}
