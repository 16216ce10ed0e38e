import type { ChildMessage } from '../fork-plan';
import { copyToChild, firstPromptMessage, syntheticMessage, userTextMessage } from '../planning/child-message-copies';
import { toolResultsFor } from '../planning/tool-results-for';
import { type CuratedEntry, isUserRoleEntry } from '../transcript/curate-history';
import { toolCallsOf } from '../transcript/message-parts';
import type { AssistantModelMessage, TranscriptMessage, UserModelMessage } from '../transcript/transcript';
import { FORK_BEGIN_PROMPT, FORK_DIRECTIVE_ACKNOWLEDGEMENT, FORK_PLACEHOLDER_RESULT } from './child-message';

/** Which of the boundary cases applied. */
export type BoundaryCase = 'empty-selection' | 'trailing-user-dropped' | 'assistant-reply' | 'in-flight-tool-call';

export interface RepairedBoundary {
  boundary: BoundaryCase;
  initialMessages: ChildMessage[];
  firstPrompt: ChildMessage & { message: UserModelMessage };
  /** The selected entry dropped because nobody answered it (at most one). */
  dropped: CuratedEntry[];
  /** The assistant entry whose calls were in flight, re-emitted with redacted inputs. */
  inFlight: CuratedEntry | null;
}

/** The child's copies of curated entries: one child message per piece. */
export function copiesOf(entries: readonly CuratedEntry[], parent: readonly TranscriptMessage[]): ChildMessage[] {
  return entries.flatMap((entry) =>
    entry.pieces.map((piece) => copyToChild(piece.message, piece.meta, piece.sources, parent, piece.sources.length > 1 ? 'merged' : undefined)),
  );
}

/**
 * Make the selected history a valid conversation to send the child message (`buildChildMessage`) after, as Qwen's
 * `createForkSubagent` does, looking only at the last curated entry:
 * - a user-role entry (a prompt, or tool results curation made part of one) was never answered:
 *   that one entry is dropped (`slice(0, -1)`) and nothing else is repaired, so calls it answered
 *   are left open and a startup reminder before it stays;
 * - an assistant entry with tool calls is the parent's own Agent call in flight: the calls are
 *   answered with one placeholder, so sibling forks share a byte-identical prefix, and their inputs
 *   become `{}`, so no sibling reads another's directive (`buildForkedMessages`);
 * - anything else is kept as it is, and the directive is the first prompt.
 */
export function repairBoundary(selection: readonly CuratedEntry[], childMessage: string, parent: readonly TranscriptMessage[]): RepairedBoundary {
  const last = selection[selection.length - 1];
  const directivePrompt = firstPromptMessage(childMessage, 'fork-directive-prompt');

  if (last === undefined) {
    return { boundary: 'empty-selection', initialMessages: [], firstPrompt: directivePrompt, dropped: [], inFlight: null };
  }
  if (isUserRoleEntry(last)) {
    return {
      boundary: 'trailing-user-dropped',
      initialMessages: copiesOf(selection.slice(0, -1), parent),
      firstPrompt: directivePrompt,
      dropped: [last],
      inFlight: null,
    };
  }

  const replied = last.pieces[0]!;
  const calls = toolCallsOf(replied.message);
  if (calls.length === 0) {
    return { boundary: 'assistant-reply', initialMessages: copiesOf(selection, parent), firstPrompt: directivePrompt, dropped: [], inFlight: null };
  }

  const redacted = copyToChild(replied.message, replied.meta, replied.sources, parent, 'tool-inputs-redacted');
  for (const part of (redacted.message as AssistantModelMessage).content as unknown[]) {
    const toolCall = part as { type: string; input?: unknown };
    if (toolCall.type === 'tool-call') toolCall.input = {};
  }
  const placeholders = toolResultsFor(calls, { type: 'text', value: FORK_PLACEHOLDER_RESULT });
  const acknowledgement: AssistantModelMessage = {
    role: 'assistant',
    content: [{ type: 'text', text: FORK_DIRECTIVE_ACKNOWLEDGEMENT }],
  };
  return {
    boundary: 'in-flight-tool-call',
    initialMessages: [
      ...copiesOf(selection.slice(0, -1), parent),
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
    dropped: [],
    inFlight: last,
  };
}
