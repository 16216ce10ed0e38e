/**
 * A request as a prompt cache sees it: the parts a provider hashes, in the order it caches them
 * (tools, then the system instruction, then the messages), each with its token count. Providers
 * match whole prefixes, so two requests share exactly their leading segments with equal keys.
 */
export interface CacheSegment {
  /** Equal keys mean equal content (a content hash, or the parent's own key for a copy). */
  key: string;
  tokens: number;
  /** Content blocks in it: Anthropic looks back a number of blocks, not tokens. */
  blocks: number;
  /** Where it stands in the request, for a person: `tools[2]`, `system`, `messages[5]`. */
  path: string;
  /**
   * An earlier request of the conversation ended right after this segment, its input or the
   * model's output (an assistant message ends here and a user or tool message follows, or the other
   * way round). DeepSeek writes its prefix units at such places.
   */
  turnBoundary?: true;
  /** Part of the model's own turn (an assistant message or item): an earlier answer, sent back. */
  modelTurn?: true;
}

export interface CacheRequest {
  model: string;
  segments: readonly CacheSegment[];
  /**
   * What the model answered this request with, when the forecast knows it (the parent's Agent
   * call): DeepSeek stores a unit at the end of the output too.
   */
  output?: readonly CacheSegment[];
}

/** Leading segments two requests share: providers cache per model, so another model shares none. */
export function sharedSegments(a: CacheRequest, b: CacheRequest): number {
  if (a.model !== b.model) return 0;
  const length = Math.min(a.segments.length, b.segments.length);
  let shared = 0;
  while (shared < length && a.segments[shared]!.key === b.segments[shared]!.key) shared += 1;
  return shared;
}

/** Tokens of the first `count` segments. */
export function prefixTokens(request: CacheRequest, count: number): number {
  let tokens = 0;
  for (let index = 0; index < count; index += 1) tokens += request.segments[index]!.tokens;
  return tokens;
}

export function requestTokens(request: CacheRequest): number {
  return prefixTokens(request, request.segments.length);
}
