import { isRecord } from '@/lib/json/is-record';

/** A block, tool or message of a body as read from a log: any object, its fields unchecked. */
export type Block = Record<string, unknown>;

/** A message's (or the system's) content as blocks, as the API reads it: a string is one text block. */
export function contentBlocks(value: unknown): Block[] {
  if (typeof value === 'string') return [{ type: 'text', text: value }];
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/**
 * A Messages body's parts in the order Anthropic caches them: the tools, then the system blocks,
 * then each message's blocks. Read from a log, so anything that is not an object is left out.
 */
export function messagesBodyParts(body: Record<string, unknown>): { tools: Block[]; system: Block[]; messages: { message: Block; blocks: Block[] }[] } {
  return {
    tools: Array.isArray(body.tools) ? body.tools.filter(isRecord) : [],
    system: contentBlocks(body.system),
    messages: (Array.isArray(body.messages) ? body.messages.filter(isRecord) : []).map((message) => ({ message, blocks: contentBlocks(message.content) })),
  };
}
