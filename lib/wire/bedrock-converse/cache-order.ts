import { isRecord } from '@/lib/json/is-record';
import type { CacheSection } from '../cache-sections';

/** A Converse list without its `cachePoint` entries: they mark where to cache, they are not content. */
function withoutCachePoints(list: unknown): unknown[] {
  return (Array.isArray(list) ? list : []).filter((item) => !(isRecord(item) && item.cachePoint !== undefined));
}

/**
 * A Converse body's sections as it stands (the tools, the system blocks, the messages: Bedrock
 * hands an Anthropic model tools before system), for a body no one translated into the Messages
 * request it becomes; the traffic replay reads a Converse body through that translation instead.
 */
export function converseCacheSections(body: Record<string, unknown>): CacheSection[] {
  const tools = isRecord(body.toolConfig) ? body.toolConfig.tools : undefined;
  return [
    { reason: 'tools_changed', path: 'toolConfig.tools', value: withoutCachePoints(tools) },
    { reason: 'system_changed', path: 'system', value: withoutCachePoints(body.system) },
    {
      reason: 'messages_changed',
      path: 'messages',
      value: (Array.isArray(body.messages) ? body.messages : []).map((message) =>
        isRecord(message) && Array.isArray(message.content) ? { ...message, content: withoutCachePoints(message.content) } : message,
      ),
    },
  ];
}
