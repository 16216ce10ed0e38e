import { formatSeconds, formatTokens } from '@/lib/provider-cache/cache-prediction';
import type { CacheRequest } from '@/lib/provider-cache/cache-request';

/** An earlier request as the log names it. */
export interface EarlierRequest {
  source: string;
  index: number;
  atMs: number;
}

/**
 * What an earlier request could have left in the cache for a later one: the prefix the two share,
 * and, where the later one goes on with the earlier one's answer, that answer too (a provider that
 * caches the model's output, as DeepSeek does, holds it). In the later request's tokens.
 */
export interface LeftPrefix {
  earlier: EarlierRequest;
  tokens: number;
  withAnswer: boolean;
}

/**
 * Why the provider's report and the rule part, read from the prefixes the log's earlier requests
 * left: which of them the reported read matches, if any.
 * - `warmed-outside`: more was read than any request in the log left.
 * - `not-served`: nothing was read of a prefix an earlier request had sent.
 * - `older-prefix`: the read matches what an older or shorter request left, not the newest prefix.
 * - `shorter-prefix`: less was read than any request left, and no request left that much.
 * - `read-further`: more was read than the rule reads, as much as an earlier request left.
 * - `counted-apart`: the read matches the prefix the rule reads from, a few points off it.
 */
export type DisagreementKind = 'warmed-outside' | 'not-served' | 'older-prefix' | 'shorter-prefix' | 'read-further' | 'counted-apart';

export interface Disagreement {
  kind: DisagreementKind;
  /** The provider's name, as its sentences say it. */
  provider: string;
  readTokens: number;
  predictedTokens: number;
  /** The request's whole input, as reported. */
  totalTokens: number;
  /** The earlier prefix whose length is closest to what was read, within the agreement's tolerance. */
  matched: LeftPrefix | null;
  /** The longest prefix the log's earlier requests left: the one the rule reads from. */
  longest: LeftPrefix | null;
}

/**
 * The prefixes the earlier requests left for `request`, one each. Where an earlier request is the
 * whole start of this one and this one goes on with a model turn, that turn (up to the next turn
 * boundary) is taken as the earlier request's answer sent back.
 */
export function leftPrefixes(request: CacheRequest, earlier: readonly { exchange: EarlierRequest; request: CacheRequest; shared: number }[]): LeftPrefix[] {
  const { segments } = request;
  const sums = [0];
  for (const segment of segments) sums.push(sums.at(-1)! + segment.tokens);
  return earlier
    .filter(({ shared }) => shared > 0)
    .map(({ exchange: { source, index, atMs }, request: sent, shared }) => {
      let end = shared;
      // The earlier input's last segment marks a turn boundary when the model's answer follows it.
      if (shared === sent.segments.length && shared < segments.length && segments[shared - 1]!.turnBoundary) {
        end = shared + 1;
        while (end < segments.length && !segments[end - 1]!.turnBoundary) end += 1;
      }
      return { earlier: { source, index, atMs }, tokens: sums[end]!, withAnswer: end > shared };
    });
}

/**
 * How a disagreeing request's reported read sits among the prefixes the log left it. `tolerance`
 * is the agreement's, in tokens: a read within it of a left prefix is taken to be that prefix, in
 * counts scaled from another tokenizer and read in the provider's blocks.
 */
export function disagreementOf(
  provider: string,
  readTokens: number,
  predictedTokens: number,
  totalTokens: number,
  lefts: readonly LeftPrefix[],
  tolerance: number,
): Disagreement {
  // The latest of equals: the one the cache most likely still holds.
  const longest = lefts.reduce<LeftPrefix | null>((best, left) => (best === null || left.tokens >= best.tokens ? left : best), null);
  const matched = lefts.reduce<LeftPrefix | null>((best, left) => {
    const gap = Math.abs(left.tokens - readTokens);
    if (gap > tolerance) return best;
    return best === null || gap <= Math.abs(best.tokens - readTokens) ? left : best;
  }, null);
  const base = { provider, readTokens, predictedTokens, totalTokens, matched, longest };
  if (readTokens > 0 && (longest === null || readTokens > longest.tokens + tolerance)) return { ...base, kind: 'warmed-outside' };
  if (readTokens === 0) return { ...base, kind: 'not-served' };
  if (matched === null) return { ...base, kind: readTokens < predictedTokens ? 'shorter-prefix' : 'read-further' };
  if (readTokens < predictedTokens) return { ...base, kind: matched === longest ? 'counted-apart' : 'older-prefix' };
  return { ...base, kind: matched === longest && readTokens - predictedTokens <= tolerance ? 'counted-apart' : 'read-further' };
}

/** How a sentence names an earlier request. */
export type EarlierLabel = (earlier: EarlierRequest) => string;

const before = (left: LeftPrefix, atMs: number) => `${formatSeconds(Math.max(0, atMs - left.earlier.atMs))} before`;
const what = (left: LeftPrefix) => `${formatTokens(left.tokens)} tokens${left.withAnswer ? ', its input and answer' : ''}`;
const answered = (left: LeftPrefix) => (left.withAnswer ? ' (its input and answer)' : '');

/** The disagreement in a sentence, in the provider's terms. */
export function describeDisagreement(disagreement: Disagreement, atMs: number, label: EarlierLabel): string {
  const { kind, provider, readTokens, predictedTokens, totalTokens, matched, longest } = disagreement;
  const read = formatTokens(readTokens);
  const predicted = formatTokens(predictedTokens);
  switch (kind) {
    case 'warmed-outside':
      return longest === null
        ? `Read ${read} tokens where no earlier request in the log shares a prefix with it: requests the log does not hold had written one (an earlier run, another session of the account).`
        : `Read ${read} tokens, more than any earlier request in the log left it (${label(longest.earlier)}, ${what(longest)}): requests the log does not hold had written a longer prefix (an earlier run, another session of the account).`;
    case 'not-served':
      return longest === null
        ? `Read nothing where the rule reads ${predicted}.`
        : `Read nothing, though ${label(longest.earlier)} had left ${formatTokens(longest.tokens)} tokens ${before(longest, atMs)}${answered(longest)}: ${provider} did not serve a prefix it had been sent, and the log does not say why.`;
    case 'older-prefix':
      return `Read ${read} tokens: what ${label(matched!.earlier)} left ${before(matched!, atMs)} (${what(matched!)}), not the ${predicted} the rule reads from ${label(longest!.earlier)}, sent ${before(longest!, atMs)}: ${provider} served an older prefix than the newest it had been sent.`;
    case 'shorter-prefix':
      return `Read ${read} of the ${predicted} tokens the rule reads from ${label(longest!.earlier)}, and no request in the log left ${read}: ${provider} held a shorter prefix than the requests it had been sent.`;
    case 'read-further':
      if (matched !== null)
        return `Read ${read} tokens, as much as ${label(matched.earlier)} left ${before(matched, atMs)} (${what(matched)}), where the rule reads ${predicted}.`;
      // Inside the longest prefix: the provider read part of it, where the rule reads less.
      return longest !== null && readTokens < longest.tokens
        ? `Read ${read} of the ${formatTokens(longest.tokens)} tokens ${label(longest.earlier)} left ${before(longest, atMs)}${answered(longest)}, where the rule reads ${predicted}: ${provider} read part of that prefix.`
        : `Read ${read} tokens where the rule reads ${predicted}, and no request in the log left ${read}.`;
    case 'counted-apart': {
      const points = totalTokens === 0 ? 0 : (100 * Math.abs(readTokens - predictedTokens)) / totalTokens;
      return `Read ${read} tokens of the prefix ${label(matched!.earlier)} left, where the rule reads ${predicted}: ${points.toFixed(1)} points apart, as far as a count scaled from another tokenizer, or a read short of the prefix’s end, can put them.`;
    }
  }
}
