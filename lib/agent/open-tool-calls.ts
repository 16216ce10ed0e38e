import { linkToolPairs, type ParentTranscript } from '@/lib/fork';

export interface OpenToolCall {
  index: number;
  toolCallId: string;
  toolName: string;
}

/** Tool calls in the parent that no tool result answers, with the index of the message holding each. */
export function openToolCalls(parent: ParentTranscript): OpenToolCall[] {
  return [...linkToolPairs(parent.messages).calls].flatMap(([index, calls]) =>
    calls.filter((call) => call.resultIndex === null).map(({ toolCallId, toolName }) => ({ index, toolCallId, toolName })),
  );
}

/**
 * Why the parent cannot take a turn while calls are open: a provider refuses a conversation with
 * an unanswered call, and so would the runtime, which answers every call before the next user message.
 */
export function openCallsRefusal(open: readonly OpenToolCall[]): string {
  const which = open.map((call) => `#${call.index} ${call.toolName}`).join(', ');
  return `The parent has ${open.length === 1 ? 'an unanswered tool call' : `${open.length} unanswered tool calls`} (${which}). Launch the fork it asks for, or delete or answer it, before talking to the parent.`;
}
