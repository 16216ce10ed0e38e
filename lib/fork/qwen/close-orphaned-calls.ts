import type { ChildMessage } from '../fork-plan';
import { syntheticMessage } from '../planning/child-message-copies';
import { toolResultsFor } from '../planning/tool-results-for';
import { toolResultIdsOf } from '../transcript/message-parts';
import type { ModelMessage } from '../transcript/transcript';

/** The error Qwen's chat answers a call with when no result for it is in the history it sends. */
export const ORPHAN_TOOL_USE_REPAIR_REASON =
  'Tool execution result was not recorded — likely interrupted by network failure, abort, or process exit. Treat as failure and retry if needed.';

/** The calls a result must answer: a provider runs its own tools and answers them itself. */
function callsToAnswer(message: ModelMessage): { toolCallId: string; toolName: string }[] {
  if (message.role !== 'assistant' || typeof message.content === 'string') return [];
  return message.content.flatMap((part) =>
    part.type === 'tool-call' && part.providerExecuted !== true ? [{ toolCallId: part.toolCallId, toolName: part.toolName }] : [],
  );
}

export interface ClosedCalls {
  initialMessages: ChildMessage[];
  /** Parent indexes of the assistant messages whose calls were answered here. */
  closedSources: number[];
}

/**
 * What Qwen's chat does to the fork's history when the child first sends it
 * (`repairOrphanedToolUseTurns`, run on every send of `GeminiChat.sendMessageStream`): every call
 * no result answers in the user-role turns right after it gets an error result, placed after the
 * results that are there. The boundary repair leaves such calls when it drops a trailing entry of
 * results, or a prompt that came after the parent's own Agent call.
 *
 * Upstream also moves a result that landed in a later turn and drops duplicate results; neither
 * can happen here, because curation has already merged the user-role turns that follow a call.
 * Results whose call is not in the history (a window can open with them) are left as they are, as
 * upstream leaves them.
 */
export function closeOrphanedCalls(messages: readonly ChildMessage[]): ClosedCalls {
  const out: ChildMessage[] = [];
  const closedSources: number[] = [];
  for (let index = 0; index < messages.length; index++) {
    const entry = messages[index]!;
    out.push(entry);
    const calls = callsToAnswer(entry.message);
    if (calls.length === 0) continue;

    // The adjacent user-role turn: the tool messages right after the call, then any user message.
    const answered = new Set<string>();
    let next = index + 1;
    while (next < messages.length && messages[next]!.message.role === 'tool') {
      for (const id of toolResultIdsOf(messages[next]!.message)) answered.add(id);
      out.push(messages[next]!);
      next++;
    }
    index = next - 1;
    const open = calls.filter((call) => !answered.has(call.toolCallId));
    if (open.length === 0) continue;
    const results = toolResultsFor(open, { type: 'error-text', value: ORPHAN_TOOL_USE_REPAIR_REASON });
    out.push(
      syntheticMessage(
        results,
        'orphaned-call-closed',
        open.map((call) => call.toolCallId),
      ),
    );
    if (entry.source.kind === 'copy') closedSources.push(...entry.source.parentIndexes);
  }
  return { initialMessages: out, closedSources };
}
