import { isRecord } from '@/lib/json/is-record';
import { withoutCacheControl } from '../anthropic-messages/cache-control';

/** A chat message as read from a log: any object, its fields unchecked. */
export type ChatMessageRecord = Record<string, unknown>;

/**
 * A content given as parts, as the one string it renders the same as when it is a single text part
 * with nothing else on it; anything else as it is. A client that marks its latest prompt for
 * caching sends it as a part, and as a string once the mark has moved on: both read the same.
 */
export function singleTextAsString<T>(content: T): T | string {
  if (!Array.isArray(content) || content.length !== 1 || !isRecord(content[0])) return content;
  const [part] = content;
  const { type, text, ...rest } = part;
  return type === 'text' && typeof text === 'string' && Object.keys(rest).length === 0 ? text : content;
}

/** A chat message as the model reads it: without its `cache_control` marks (OpenRouter's), its content as {@link singleTextAsString} reads it. */
export function chatMessageAsRead(message: ChatMessageRecord): ChatMessageRecord {
  const read = withoutCacheControl(message) as ChatMessageRecord;
  const content = singleTextAsString(read.content);
  return content === read.content ? read : { ...read, content };
}

/**
 * How many messages at the start are `system` ones: what the cache replay reads before the tools.
 * Only `system`: a leading `developer` message is read where it stands, after the tools, as it
 * always has been here (the importers, which build a transcript, fold it into the system prompt).
 */
export function leadingSystemCount(messages: readonly unknown[]): number {
  const first = messages.findIndex((message) => !isRecord(message) || message.role !== 'system');
  return first === -1 ? messages.length : first;
}
