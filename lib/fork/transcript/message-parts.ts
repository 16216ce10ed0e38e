import type { ModelMessage } from './transcript';

/**
 * A content part of any message, with string content read as one text part. The AI SDK lets
 * `content` be a plain string; every rule in the spec speaks of parts, so we read both alike.
 * The union is the AI SDK's own, so `part.type === 'tool-call'` narrows to the call's fields.
 */
export type MessagePart = Exclude<ModelMessage['content'], string>[number];

/**
 * A message's role and content, as the rules read them: an AI SDK message, or one entry of Qwen's
 * curated history, where a user-role `Content` may hold prompt text and tool results together
 * (upstream keeps function responses in user-role content; the AI SDK has no such message).
 */
export interface ContentLike {
  role: ModelMessage['role'];
  content: string | readonly MessagePart[];
}

/** The parts of a message; a string content is one text part, an empty string none. */
export function partsOf(message: ContentLike): readonly MessagePart[] {
  const { content } = message;
  if (typeof content === 'string') {
    return content.length === 0 ? [] : [{ type: 'text', text: content }];
  }
  return content;
}

/** A message's text: its text parts' texts joined, nothing between them. */
export function joinedText(message: ContentLike): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** The text of the first text part, if there is one. */
export function firstText(message: ContentLike): string | undefined {
  for (const part of partsOf(message)) {
    if (part.type === 'text') return part.text;
  }
  return undefined;
}

export interface ToolCallRef {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/** The tool calls an assistant message makes, in order (none for other roles). */
export function toolCallsOf(message: ModelMessage): ToolCallRef[] {
  if (message.role !== 'assistant' || typeof message.content === 'string') return [];
  const calls: ToolCallRef[] = [];
  for (const part of message.content) {
    if (part.type === 'tool-call') {
      calls.push({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
    }
  }
  return calls;
}

/** The call ids a message answers with tool results, in order. */
export function toolResultIdsOf(message: ModelMessage): string[] {
  const ids: string[] = [];
  for (const part of partsOf(message)) {
    if (part.type === 'tool-result') ids.push(part.toolCallId);
  }
  return ids;
}

export function hasToolCalls(message: ContentLike): boolean {
  return message.role === 'assistant' && typeof message.content !== 'string' && message.content.some((part) => part.type === 'tool-call');
}
