/**
 * Where two requests part, in the words of Anthropic's cache diagnostics (`cache_miss_reason.type`):
 * Fork Lab says it so for every API, each in its own cache order.
 */
export type CacheMissReason = 'model_changed' | 'tools_changed' | 'system_changed' | 'messages_changed';

/** A part of a request body in its provider's cache order: what a change there is called, where it is, and its value as the cache compares it. */
export interface CacheSection {
  reason: CacheMissReason;
  path: string;
  value: unknown;
}
