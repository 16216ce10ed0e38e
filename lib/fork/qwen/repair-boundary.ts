import type { ChildMessage } from '../fork-plan';
import { copyToChild, firstPromptMessage, syntheticMessage, userTextMessage } from '../planning/child-message-copies';
import { toolCallsOf } from '../transcript/message-parts';
import type { AssistantModelMessage, ToolModelMessage, TranscriptMessage, UserModelMessage } from '../transcript/transcript';
import { buildChildMessage, FORK_BEGIN_PROMPT, FORK_DIRECTIVE_ACKNOWLEDGEMENT, FORK_PLACEHOLDER_RESULT } from './child-message';
import type { CuratedEntry } from './curate-history';

/** Which of the boundary cases applied. */
export type BoundaryCase = 'empty-selection' | 'trailing-user-dropped' | 'assistant-reply' | 'in-flight-tool-call';

export interface RepairedBoundary {
  boundary: BoundaryCase;
  initialMessages: ChildMessage[];
  firstPrompt: ChildMessage & { message: UserModelMessage };
  /** Selected entries dropped because nobody answered them. */
  dropped: CuratedEntry[];
  /** The assistant entry whose calls were in flight, re-emitted with redacted inputs. */
  inFlight: CuratedEntry | null;
}

/**
 * Make the selected history a valid conversation to send the directive after.
 *
 * Qwen keeps tool results as user-role content, so in our shapes the trailing run of `user` and
 * `tool` messages is the single trailing user entry Qwen drops: nobody answered it. If that leaves
 * an assistant message with tool calls last (the normal case: the parent's own Agent call is in
 * flight), the calls are answered with one placeholder so that sibling forks share a byte-identical
 * prefix, and their inputs become `{}` so no sibling reads another's directive.
 */
export function repairBoundary(selection: readonly CuratedEntry[], directive: string, parent: readonly TranscriptMessage[]): RepairedBoundary {
  let keep = selection.length;
  while (keep > 0) {
    const role = selection[keep - 1]!.message.role;
    if (role !== 'user' && role !== 'tool') break;
    keep--;
  }
  const dropped = selection.slice(keep);
  const last = selection[keep - 1];
  const copies = (entries: readonly CuratedEntry[]) =>
    entries.map((entry) => copyToChild(entry.message, entry.meta, entry.sources, parent, entry.sources.length > 1 ? 'merged' : undefined));
  const childMessage = buildChildMessage(directive);

  if (last === undefined) {
    return {
      boundary: dropped.length > 0 ? 'trailing-user-dropped' : 'empty-selection',
      initialMessages: [],
      firstPrompt: firstPromptMessage(childMessage, 'fork-directive-prompt'),
      dropped,
      inFlight: null,
    };
  }

  const calls = toolCallsOf(last.message);
  if (last.message.role !== 'assistant' || calls.length === 0) {
    return {
      boundary: dropped.length > 0 ? 'trailing-user-dropped' : 'assistant-reply',
      initialMessages: copies(selection.slice(0, keep)),
      firstPrompt: firstPromptMessage(childMessage, 'fork-directive-prompt'),
      dropped,
      inFlight: null,
    };
  }

  const redacted = copyToChild(last.message, last.meta, last.sources, parent, 'tool-inputs-redacted');
  for (const part of (redacted.message as AssistantModelMessage).content as unknown[]) {
    const toolCall = part as { type: string; input?: unknown };
    if (toolCall.type === 'tool-call') toolCall.input = {};
  }
  const placeholders: ToolModelMessage = {
    role: 'tool',
    content: calls.map((call) => ({
      type: 'tool-result',
      toolCallId: call.toolCallId,
      toolName: call.toolName,
      output: { type: 'text', value: FORK_PLACEHOLDER_RESULT },
    })),
  };
  const acknowledgement: AssistantModelMessage = {
    role: 'assistant',
    content: [{ type: 'text', text: FORK_DIRECTIVE_ACKNOWLEDGEMENT }],
  };
  return {
    boundary: 'in-flight-tool-call',
    initialMessages: [
      ...copies(selection.slice(0, keep - 1)),
      redacted,
      syntheticMessage(
        placeholders,
        'fork-placeholder-result',
        calls.map((call) => call.toolCallId),
      ),
      syntheticMessage(userTextMessage(childMessage), 'fork-directive-message'),
      syntheticMessage(acknowledgement, 'fork-directive-acknowledgement'),
    ],
    firstPrompt: firstPromptMessage(FORK_BEGIN_PROMPT, 'fork-begin-prompt'),
    dropped,
    inFlight: last,
  };
}
