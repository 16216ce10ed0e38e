import type { ModelMessage } from '@/lib/fork';

/** Things in a request that some provider refuses, found without regard to any one provider. */
export type ProblemKind =
  | 'unanswered-call'
  | 'orphan-result'
  | 'empty-content'
  | 'same-role-twice'
  | 'image-in-user-message'
  | 'image-in-tool-result'
  | 'ends-with-assistant';

export interface RequestProblem {
  kind: ProblemKind;
  /** The message it is in (index in the request's messages). */
  messageIndex: number;
  /** What and where, for a person: the call id, the tool name. */
  detail: string;
}

type Part = Exclude<ModelMessage['content'], string>[number];

function partsOf(message: ModelMessage): readonly Part[] {
  return typeof message.content === 'string' ? [] : message.content;
}

function isEmpty(message: ModelMessage): boolean {
  if (typeof message.content === 'string') return message.content.trim() === '';
  return message.content.every((part) => part.type === 'text' && part.text.trim() === '');
}

const isImage = (part: Part) => part.type === 'image' || (part.type === 'file' && part.mediaType.startsWith('image/'));

/**
 * Every problem of a request's messages and tools, in message order. A call is answered when a
 * result with its id comes before the next message that is not a tool message, as every provider
 * that checks it requires; a result answers a call of the last assistant message before it.
 */
export function requestProblems(messages: readonly ModelMessage[]): RequestProblem[] {
  const problems: RequestProblem[] = [];
  // Reused, not rebuilt per message: a 10,000-message request is checked in one pass.
  const openCalls = new Map<string, number>();
  const lastCalls = new Set<string>();
  const closeOpen = () => {
    for (const [id, index] of openCalls) problems.push({ kind: 'unanswered-call', messageIndex: index, detail: `call ${id}` });
    openCalls.clear();
  };
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index]!;
    if (message.role !== 'tool' && openCalls.size > 0) closeOpen();
    if (isEmpty(message)) problems.push({ kind: 'empty-content', messageIndex: index, detail: `${message.role} message` });
    const previous = messages[index - 1];
    if (previous !== undefined && previous.role === message.role && message.role !== 'tool') {
      problems.push({ kind: 'same-role-twice', messageIndex: index, detail: `${message.role} after ${message.role}` });
    }
    if (message.role === 'assistant') lastCalls.clear();
    for (const part of partsOf(message)) {
      if (part.type === 'tool-call') {
        if (message.role === 'assistant') lastCalls.add(part.toolCallId);
        // A call the provider ran itself is answered in the same message, not by a tool message.
        if (part.providerExecuted !== true) openCalls.set(part.toolCallId, index);
      }
      if (part.type === 'tool-result') {
        if (message.role === 'tool' && !lastCalls.has(part.toolCallId)) {
          problems.push({ kind: 'orphan-result', messageIndex: index, detail: `result for ${part.toolCallId}` });
        }
        openCalls.delete(part.toolCallId);
        if (hasImage(part.output)) problems.push({ kind: 'image-in-tool-result', messageIndex: index, detail: `result for ${part.toolCallId}` });
      }
      if (message.role === 'user' && isImage(part)) problems.push({ kind: 'image-in-user-message', messageIndex: index, detail: 'image part' });
    }
  }
  closeOpen();
  if (messages.at(-1)?.role === 'assistant')
    problems.push({ kind: 'ends-with-assistant', messageIndex: messages.length - 1, detail: 'the last message is the model’s' });
  return problems;
}

type ToolResultOutput = Extract<Part, { type: 'tool-result' }>['output'];

function hasImage(output: ToolResultOutput): boolean {
  return (
    output.type === 'content' &&
    output.value.some((item) => item.type === 'image-data' || item.type === 'image-url' || (item.type === 'media' && item.mediaType.startsWith('image/')))
  );
}
