import type { CacheRequest } from '@/lib/provider-cache/cache-request';

/** A prefix of a request counted by its provider: its first `depth` segments are `tokens` tokens. */
export interface TokenAnchor {
  depth: number;
  tokens: number;
}

/**
 * The request with its segment counts fitted to counted prefixes: between two anchors the offline
 * counts keep their proportions and add up to what the provider counted, so a breakpoint's prefix
 * (what a minimum, a read and a write are measured by) is the provider's own figure. `total`, the
 * reported input when there is one, closes the last stretch: it is what the provider billed. A
 * count that runs backwards (the few tokens the API adds to close a request) is held level.
 */
export function anchoredRequest(request: CacheRequest, anchors: readonly TokenAnchor[], total: number | null): CacheRequest {
  const length = request.segments.length;
  const points = anchors.filter((anchor) => anchor.depth > 0 && anchor.depth <= length && (total === null || anchor.depth < length));
  // Only the reported total: nothing the provider counted is left to fit to.
  if (points.length === 0) return request;
  if (total !== null) points.push({ depth: length, tokens: total });
  points.sort((a, b) => a.depth - b.depth);
  const tokens = request.segments.map((segment) => segment.tokens);
  let fromDepth = 0;
  let fromTokens = 0;
  for (const point of points) {
    if (point.depth <= fromDepth) continue;
    const counted = Math.max(fromTokens, total === null ? point.tokens : Math.min(point.tokens, total));
    const offline = tokens.slice(fromDepth, point.depth).reduce((sum, value) => sum + value, 0);
    const stretch = counted - fromTokens;
    for (let index = fromDepth; index < point.depth; index += 1) {
      // Segments the offline count found empty share the stretch evenly when all of it is empty.
      tokens[index] = offline > 0 ? (tokens[index]! * stretch) / offline : stretch / (point.depth - fromDepth);
    }
    fromDepth = point.depth;
    fromTokens = counted;
  }
  return { ...request, segments: request.segments.map((segment, index) => ({ ...segment, tokens: tokens[index]! })) };
}
