import { type CachePrediction, formatTokens } from '@/lib/provider-cache/cache-prediction';

/**
 * A call's prediction over all its rounds, as the provider reports its usage: reads, writes and
 * full-price tokens added up. What it shares, its breakpoints and why are the first round's, the
 * request as sent; when it expires is the last round's, the longest prefix it kept.
 */
export function withServerRounds(first: CachePrediction, rounds: readonly CachePrediction[]): CachePrediction {
  if (rounds.length === 0) return first;
  const sum = (pick: (prediction: CachePrediction) => number) => rounds.reduce((total, round) => total + pick(round), pick(first));
  const read = rounds.reduce((total, round) => total + round.cachedTokens, 0);
  const written = rounds.reduce((total, round) => total + round.writtenTokens, 0);
  const count = rounds.length === 1 ? 'one more round' : `${rounds.length} more rounds`;
  return {
    ...first,
    cachedTokens: sum((round) => round.cachedTokens),
    writtenTokens: sum((round) => round.writtenTokens),
    uncachedTokens: sum((round) => round.uncachedTokens),
    totalTokens: sum((round) => round.totalTokens),
    reasons: [
      ...first.reasons,
      `Server tools ran ${count} inside the call, each a request with the answer so far: they read ${formatTokens(read)} and wrote ${formatTokens(written)} tokens, counted in the same usage.`,
    ],
    expiresAtMs: rounds.at(-1)!.expiresAtMs,
  };
}
