import type { ChildMessage } from '../fork-plan';
import { syntheticMessage } from '../planning/child-message-copies';
import type { AssistantModelMessage, ToolModelMessage } from '../transcript/transcript';
import { OPEN_CALL_OUTPUT } from './shipped-messages';

type Call = { toolCallId: string; toolName: string };

/** A sibling spawn Codex ran before this fork: its call is answered, its output recorded after the calls. */
export interface SiblingSpawn extends Call {
  output: string;
}

type AssistantPart = Exclude<AssistantModelMessage['content'], string>[number];

/**
 * An inherited assistant message with open calls, as Codex 0.169 repairs it: each open call's
 * output ("aborted") goes right after the call, so the message is cut there and the rest of its
 * items follow the output; the outputs of siblings that already ran keep their place after the
 * calls. A Responses reader sees one tool message wherever outputs stand together, so they are
 * written as one.
 */
export function openCallsAnswered(copy: ChildMessage, open: readonly Call[], siblings: readonly SiblingSpawn[]): ChildMessage[] {
  const message = copy.message as AssistantModelMessage;
  const parts: readonly AssistantPart[] = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  const openIds = new Set(open.map((call) => call.toolCallId));
  const pieces: ChildMessage[] = [];
  let run: AssistantPart[] = [];
  const flush = () => {
    if (run.length > 0) pieces.push({ ...copy, message: { ...message, content: run }, source: splitSource(copy) });
    run = [];
  };
  for (const part of parts) {
    run.push(part);
    if (part.type === 'tool-call' && openIds.has(part.toolCallId)) {
      flush();
      appendOutputs(pieces, [{ toolCallId: part.toolCallId, toolName: part.toolName, output: OPEN_CALL_OUTPUT }]);
    }
  }
  flush();
  appendOutputs(pieces, siblings);
  return pieces;
}

/** A copy cut where a call was answered: still the parent's message, in pieces. */
function splitSource(copy: ChildMessage): ChildMessage['source'] {
  return copy.source.kind === 'copy' ? { ...copy.source, change: 'split' } : copy.source;
}

/** Outputs after the pieces so far, joined to a tool message that ends them. */
function appendOutputs(pieces: ChildMessage[], outputs: readonly SiblingSpawn[]): void {
  if (outputs.length === 0) return;
  const results = outputs.map((call) => ({
    type: 'tool-result' as const,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    output: { type: 'text' as const, value: call.output },
  }));
  const last = pieces.at(-1);
  if (last !== undefined && last.source.kind === 'synthetic' && last.message.role === 'tool') {
    const joined: ToolModelMessage = { role: 'tool', content: [...last.message.content, ...results] };
    pieces[pieces.length - 1] = syntheticMessage(joined, 'call-aborted', [...(last.source.toolCallIds ?? []), ...outputs.map((call) => call.toolCallId)]);
    return;
  }
  pieces.push(
    syntheticMessage(
      { role: 'tool', content: results },
      'call-aborted',
      outputs.map((call) => call.toolCallId),
    ),
  );
}
