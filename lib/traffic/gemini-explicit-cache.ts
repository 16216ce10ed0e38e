import type { CachePrediction } from '@/lib/provider-cache/cache-prediction';
import { formatSeconds, formatTokens } from '@/lib/provider-cache/cache-prediction';
import { type CacheRequest, prefixTokens, requestTokens } from '@/lib/provider-cache/cache-request';
import { contentKey } from '@/lib/provider-cache/content-key';

/**
 * A request that names an explicit cache (Gemini's `cachedContent`): which one, how many of its
 * leading segments are the cache's content, and when the cache was made and lapses (null when it
 * was made outside the log, or its answer gave no expiry).
 */
export interface ExplicitCacheUse {
  name: string;
  segments: number;
  createdAtMs: number | null;
  expiresAtMs: number | null;
}

/** A cache made earlier in the log: its content as Fork Lab counts it, and when. */
export interface ExplicitCacheMade {
  request: CacheRequest;
  createdAtMs: number;
  expiresAtMs: number | null;
}

/**
 * The request as Gemini runs it: the cached content (its system instruction, tools and contents)
 * first, then the request's own contents. The cached segments get keys of their own: they are
 * billed as the cache, whatever an implicit prefix holds.
 */
export function withExplicitCache(request: CacheRequest, name: string, made: ExplicitCacheMade | null): { request: CacheRequest; use: ExplicitCacheUse } {
  const cached = (made?.request.segments ?? []).map((segment) => ({
    ...segment,
    key: contentKey(['cachedContent', name, segment.key]),
    path: `${name} ${segment.path}`,
  }));
  return {
    request: { ...request, segments: [...cached, ...request.segments] },
    use: { name, segments: cached.length, createdAtMs: made?.createdAtMs ?? null, expiresAtMs: made?.expiresAtMs ?? null },
  };
}

/**
 * What a request that names an explicit cache reads: all of the cache's content while it lives,
 * at the cached price, and nothing else (Gemini's context caching docs: the cached tokens are
 * billed at the reduced rate on every request that names the cache). Gemini reports no writes; the
 * cache was paid for when it was made. Its expiry is given from `startMs`, the log's first request,
 * as the timeline gives times.
 */
export function explicitCachePrediction(request: CacheRequest, use: ExplicitCacheUse, atMs: number, startMs: number): CachePrediction {
  const total = requestTokens(request);
  const live = use.segments > 0 && (use.expiresAtMs === null || atMs < use.expiresAtMs);
  const cached = live ? prefixTokens(request, use.segments) : 0;
  const reasons =
    use.segments === 0
      ? [`Names the explicit cache ${use.name}, made outside this log: its size is unknown, so nothing is predicted read.`]
      : live
        ? [`Reads all of the explicit cache ${use.name} (${formatTokens(cached)} tokens), made ${formatSeconds(atMs - use.createdAtMs!)} before.`]
        : [`The explicit cache ${use.name} expired ${formatSeconds(atMs - use.expiresAtMs!)} before this request: nothing is read.`];
  return {
    cachedTokens: cached,
    writtenTokens: 0,
    uncachedTokens: total - cached,
    totalTokens: total,
    sharedSegments: live ? use.segments : 0,
    sharedTokens: cached,
    reasons,
    expiresAtMs: live && use.expiresAtMs !== null ? use.expiresAtMs - startMs : null,
    expired: use.segments > 0 && !live,
  };
}
