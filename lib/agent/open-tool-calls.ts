import type { ParentTranscript } from '@/lib/fork';

export interface OpenToolCall {
  index: number;
  toolCallId: string;
  toolName: string;
}

/**
 * Tool calls in the parent that no tool result answers, with the index of the message holding each.
 * A result answers the first call of its id in the latest message before it that holds one, as the
 * timeline links them (`linkToolPairs`); one walk and one entry per call, since the chat asks again
 * at every change of the parent and the timeline's links cost a list per message.
 */
export function openToolCalls(parent: ParentTranscript): OpenToolCall[] {
  const calls: (OpenToolCall & { answered: boolean })[] = [];
  // The call a result with this id would answer: the first of the id in the latest message holding it.
  const answerable = new Map<string, number>();
  parent.messages.forEach(({ message }, index) => {
    if (typeof message.content === 'string') return;
    for (const part of message.content) {
      if (part.type === 'tool-call') {
        const known = answerable.get(part.toolCallId);
        if (known === undefined || calls[known]!.index !== index) answerable.set(part.toolCallId, calls.length);
        calls.push({ index, toolCallId: part.toolCallId, toolName: part.toolName, answered: false });
      } else if (part.type === 'tool-result') {
        const call = answerable.get(part.toolCallId);
        if (call !== undefined) calls[call]!.answered = true;
      }
    }
  });
  return calls.filter((call) => !call.answered).map(({ index, toolCallId, toolName }) => ({ index, toolCallId, toolName }));
}

/**
 * Why the parent cannot take a turn while calls are open: a provider refuses a conversation with
 * an unanswered call, and so would the runtime, which answers every call before the next user message.
 */
export function openCallsRefusal(open: readonly OpenToolCall[]): string {
  const which = open.map((call) => `#${call.index} ${call.toolName}`).join(', ');
  return `The parent has ${open.length === 1 ? 'an unanswered tool call' : `${open.length} unanswered tool calls`} (${which}). Launch the fork it asks for, or delete or answer it, before talking to the parent.`;
}
