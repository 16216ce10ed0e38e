import type { CacheLedger } from './cache-ledger';
import type { CacheRequest } from './cache-request';
import type { ModelCacheRule, ProviderCacheRule } from './provider-rules';

/**
 * What one request reads from the cache, writes to it and pays in full. The three are disjoint and
 * add up to the request: a provider's `input_tokens` may count them differently (see usageFields).
 */
export interface CachePrediction {
  cachedTokens: number;
  writtenTokens: number;
  uncachedTokens: number;
  totalTokens: number;
  /** Leading segments the request shares with some prefix still in the cache. */
  sharedSegments: number;
  sharedTokens: number;
  /** Where Fork Lab places Anthropic's breakpoints (segment counts from the start), when the rule uses them. */
  breakpoints?: number[];
  /** Why the figures are what they are, in the provider's terms, one sentence each. */
  reasons: string[];
  /** When the prefix this request read or wrote stops being cached if nobody reads it; null when unknown. */
  expiresAtMs: number | null;
  /** A longer prefix this request shares was in the cache, but expired before it was sent. */
  expired: boolean;
}

/** One request to predict: when it is sent, and how long a prefix it shares with the fork's parent. */
export interface PredictedRequest {
  request: CacheRequest;
  atMs: number;
  /** Segments before the child's own first prompt: what its siblings share, where Fork Lab puts a breakpoint. */
  forkPrefix: number;
  /**
   * A request read off the wire carries its own `cache_control` breakpoints (segment counts from
   * the start); the prediction takes those as they were sent instead of placing Fork Lab's.
   */
  sentBreakpoints?: readonly number[];
}

export interface MechanismContext {
  ledger: CacheLedger;
  provider: ProviderCacheRule;
  model: ModelCacheRule;
}

/** Tokens rounded down to the provider's step, or nothing under the model's minimum. */
export function cacheableTokens(shared: number, model: ModelCacheRule, step: number | null): number {
  if (shared < model.minimumTokens || shared === 0) return 0;
  return step === null ? shared : Math.floor(shared / step) * step;
}

/** Whole tokens: a replayed request's counts are scaled to the reported total, so they can be fractional. */
export function formatTokens(tokens: number): string {
  return Math.round(tokens).toLocaleString('en-US');
}

/** A time since the parent's previous request, as m:ss (h:mm:ss from an hour). */
export function formatSeconds(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const clock = `${String(Math.floor(seconds / 60) % 60).padStart(seconds >= 3600 ? 2 : 1, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  return seconds >= 3600 ? `${Math.floor(seconds / 3600)}:${clock}` : clock;
}
