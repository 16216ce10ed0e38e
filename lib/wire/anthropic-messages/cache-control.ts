import { isRecord } from '@/lib/json/is-record';

/** Where a cached prefix ends: Anthropic writes (and later reads) the prefix up to a marked block. */
export interface CacheControl {
  type: 'ephemeral';
  /** How long the prefix is kept: 5 minutes unless asked for an hour. */
  ttl?: '5m' | '1h';
}

/**
 * A value as a cache reads it: `cache_control` marks where to cache, it is not content, wherever
 * it stands (a block, a tool, a message of OpenRouter's chat dialect, a block inside a tool result).
 */
export function withoutCacheControl(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCacheControl);
  if (!isRecord(value)) return value;
  const { cache_control: _, ...rest } = value;
  return Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, withoutCacheControl(inner)]));
}
