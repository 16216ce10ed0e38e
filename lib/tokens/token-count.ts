/** A token count, and whether it is exact. */
export interface TokenCount {
  tokens: number;
  /**
   * The text held a pre-token too long to merge exactly in linear time (a run of one character,
   * say), so it was counted in pieces: close to the exact count (merges across a piece boundary
   * are missed), not equal to it.
   */
  estimated: boolean;
}

/** The sum of counts, an estimate when any part is. */
export function sumCounts(counts: Iterable<TokenCount>): TokenCount {
  let tokens = 0;
  let estimated = false;
  for (const count of counts) {
    tokens += count.tokens;
    estimated ||= count.estimated;
  }
  return { tokens, estimated };
}
