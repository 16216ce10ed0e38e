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
 * and, on a provider that caches the model's output (DeepSeek), the earlier request's answer where
 * the later one sends it back. In the later request's tokens.
 */
export interface LeftPrefix {
  earlier: EarlierRequest;
  tokens: number;
  withAnswer: boolean;
}

/**
 * Why the provider's report and the rule part, read from the prefixes the recent requests of the
 * model left: which of them the reported read matches, if any.
 * - `warmed-outside`: more was read than the rule reads and than any request in the log left.
 * - `not-served`: nothing was read where the rule reads something.
 * - `older-prefix`: less was read than the rule reads: what an older request left, not the newest.
 * - `shorter-prefix`: less was read than the rule reads, and no older request left that much.
 * - `read-further`: more was read than the rule reads, as much as an earlier request left or part of it.
 * - `counted-apart`: the read is within the agreement's points of the rule's (a hit where the rule
 *   reads nothing, or the other way round, on a handful of tokens).
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
  /** The left prefix whose length is closest to what was read, within the agreement's tolerance. */
  matched: LeftPrefix | null;
  /** The longest prefix the recent requests left. */
  longest: LeftPrefix | null;
}

/**
 * The prefixes the recent requests left for `request`, one each. Where `cachesOutput` and an
 * earlier request is the whole start of this one, which goes on with the model's turn, that turn is
 * taken as the earlier request's answer sent back.
 */
export function leftPrefixes(
  request: CacheRequest,
  earlier: readonly { exchange: EarlierRequest; request: CacheRequest; shared: number }[],
  cachesOutput: boolean,
): LeftPrefix[] {
  const { segments } = request;
  const sums = [0];
  for (const segment of segments) sums.push(sums.at(-1)! + segment.tokens);
  return earlier
    .filter(({ shared }) => shared > 0)
    .map(({ exchange: { source, index, atMs }, request: sent, shared }) => {
      let end = shared;
      if (cachesOutput && shared === sent.segments.length) while (end < segments.length && segments[end]!.modelTurn) end += 1;
      return { earlier: { source, index, atMs }, tokens: sums[end]!, withAnswer: end > shared };
    });
}

/** Of equals, the latest: the one the cache most likely still holds. */
function closest(lefts: readonly LeftPrefix[], distance: (left: LeftPrefix) => number): LeftPrefix | null {
  return lefts.reduce<LeftPrefix | null>((best, left) => (best === null || distance(left) <= distance(best) ? left : best), null);
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
  const longest = closest(lefts, (left) => -left.tokens);
  const nearest = closest(lefts, (left) => Math.abs(left.tokens - readTokens));
  const matched = nearest !== null && Math.abs(nearest.tokens - readTokens) <= tolerance ? nearest : null;
  const base = { provider, readTokens, predictedTokens, totalTokens, matched, longest };
  // The rule may read more than the recent requests left (a Gemini cache named by the request, a server tool's rounds).
  const mostKnown = Math.max(predictedTokens, longest?.tokens ?? 0);
  if (readTokens > mostKnown + tolerance) return { ...base, kind: 'warmed-outside' };
  if (readTokens === 0) return { ...base, kind: 'not-served' };
  if (Math.abs(readTokens - predictedTokens) <= tolerance) return { ...base, kind: 'counted-apart' };
  if (readTokens > predictedTokens) return { ...base, kind: 'read-further' };
  const older = matched !== null && longest !== null && matched.earlier.atMs < longest.earlier.atMs;
  return { ...base, kind: older ? 'older-prefix' : 'shorter-prefix' };
}

/** How a sentence names an earlier request. */
export type EarlierLabel = (earlier: EarlierRequest) => string;

const before = (left: LeftPrefix, atMs: number) => `${formatSeconds(Math.max(0, atMs - left.earlier.atMs))} before`;
// A left prefix is counted offline and scaled to the request's reported total (or fitted to the
// provider's counts at a few places), so its size is said as about: the read is the provider's own.
const about = (left: LeftPrefix) => `about ${formatTokens(left.tokens)}`;
const what = (left: LeftPrefix) => `${about(left)} tokens${left.withAnswer ? ', its input and answer' : ''}`;
const answered = (left: LeftPrefix) => (left.withAnswer ? ' (its input and answer)' : '');

/** The disagreement in a sentence, in the provider's terms. */
export function describeDisagreement(disagreement: Disagreement, atMs: number, label: EarlierLabel): string {
  const { kind, provider, readTokens, predictedTokens, totalTokens, matched, longest } = disagreement;
  const read = formatTokens(readTokens);
  const predicted = formatTokens(predictedTokens);
  const outside = 'requests the log does not hold had written';
  switch (kind) {
    case 'warmed-outside':
      if (longest === null) {
        const rule = predictedTokens > 0 ? `, more than the ${predicted} the rule reads,` : '';
        return `Read ${read} tokens${rule} where no earlier request in the log shares a prefix with it: ${outside} one (an earlier run, another session of the account).`;
      }
      return `Read ${read} tokens, more than any earlier request in the log left it (${label(longest.earlier)}, ${what(longest)})${predictedTokens > longest.tokens ? ` and the ${predicted} the rule reads` : ''}: ${outside} a longer prefix (an earlier run, another session of the account).`;
    case 'not-served':
      return longest === null
        ? `Read nothing where the rule reads ${predicted}.`
        : `Read nothing, though ${label(longest.earlier)} had left ${about(longest)} tokens ${before(longest, atMs)}${answered(longest)}: ${provider} did not serve a prefix it had been sent, and the log does not say why.`;
    case 'older-prefix':
      // disagreementOf names an older prefix only with both the match and a newer, longer one.
      return `Read ${read} tokens: what ${label(matched!.earlier)} left ${before(matched!, atMs)} (${what(matched!)}), not what ${label(longest!.earlier)} left ${before(longest!, atMs)} (${what(longest!)}), where the rule reads ${predicted}: ${provider} served an older prefix than the newest it had been sent.`;
    case 'shorter-prefix':
      if (matched !== null)
        return `Read ${read} tokens, what ${label(matched.earlier)} left ${before(matched, atMs)} (${what(matched)}), where the rule reads ${predicted}: ${provider} served a shorter prefix than the longest it had been sent.`;
      return `Read ${read} of the ${predicted} tokens the rule reads${longest === null ? '' : ` (${label(longest.earlier)} left ${about(longest)})`}, and no request in the log left ${read}: ${provider} held a shorter prefix than the requests it had been sent.`;
    case 'read-further':
      if (matched !== null)
        return `Read ${read} tokens, as much as ${label(matched.earlier)} left ${before(matched, atMs)} (${what(matched)}), where the rule reads ${predicted}.`;
      return longest !== null && readTokens < longest.tokens
        ? `Read ${read} of ${about(longest)} tokens ${label(longest.earlier)} left ${before(longest, atMs)}${answered(longest)}, where the rule reads ${predicted}: ${provider} read part of that prefix.`
        : `Read ${read} tokens where the rule reads ${predicted}, and no request in the log left ${read}.`;
    case 'counted-apart': {
      const points = totalTokens === 0 ? 0 : (100 * Math.abs(readTokens - predictedTokens)) / totalTokens;
      return `Read ${read} tokens where the rule reads ${predicted}: ${points.toFixed(1)} points apart, as far as a count scaled from another tokenizer, or a read short of a prefix’s end, can put them.`;
    }
  }
}
