import type { CacheSection } from '../cache-sections';
import { withoutCacheControl } from './cache-control';

/**
 * A Messages body's sections in Anthropic's cache order (the model, the tools, the system prompt,
 * the messages), each as the cache compares it: without its `cache_control` marks, and a system
 * prompt given as a string read as the one text block it is.
 */
export function messagesCacheSections(body: Record<string, unknown>): CacheSection[] {
  return [
    { reason: 'model_changed', path: 'model', value: body.model },
    { reason: 'tools_changed', path: 'tools', value: withoutCacheControl(body.tools ?? []) },
    {
      reason: 'system_changed',
      path: 'system',
      value: withoutCacheControl(typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : (body.system ?? [])),
    },
    { reason: 'messages_changed', path: 'messages', value: withoutCacheControl(body.messages ?? []) },
  ];
}
