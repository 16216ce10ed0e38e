import type { CacheRequest, CacheSegment } from './cache-request';

/** A segment for tests: `tokens` tokens of content `key`, one block. */
export function segment(key: string, tokens: number, extra: Partial<CacheSegment> = {}): CacheSegment {
  return { key, tokens, blocks: 1, path: key === 'system' ? 'system' : key.startsWith('tool') ? `tools[${key}]` : `messages[${key}]`, ...extra };
}

export function request(segments: CacheSegment[], model = 'm'): CacheRequest {
  return { model, segments };
}
