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

function ttlsIn(value: unknown, into: string[]): string[] {
  if (Array.isArray(value)) {
    for (const item of value) ttlsIn(item, into);
    return into;
  }
  if (!isRecord(value)) return into;
  const control = value.cache_control;
  if (isRecord(control)) into.push(typeof control.ttl === 'string' ? control.ttl : '5m');
  for (const [key, child] of Object.entries(value)) if (key !== 'cache_control') ttlsIn(child, into);
  return into;
}

/** Each breakpoint's lifetime (`5m` where its `cache_control` names none), in Anthropic's cache order: tools, system, messages. */
export function cacheControlTtls(body: Record<string, unknown>): string[] {
  return ttlsIn([body.tools, body.system, body.messages], []);
}
