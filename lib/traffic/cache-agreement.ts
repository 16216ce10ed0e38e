import type { ProviderId } from '@/lib/provider-cache/provider-rules';
import { FRACTION_TOLERANCE, type TimelineEntry } from './cache-timeline';

/** How well one provider's predictions matched what it reported, over the requests with usage. */
export interface ProviderAgreement {
  provider: ProviderId;
  requests: number;
  /** Requests with usage no rule could predict (their model has no row). */
  unpredicted: number;
  /** Reported > 0 ⇔ predicted > 0. */
  hitMissAgrees: number;
  /** |predicted − reported| cached share ≤ {@link FRACTION_TOLERANCE}. */
  shareWithin: number;
  /**
   * Requests that read more than anything the log left them or the rule reads: a cache warmed
   * outside the log. No rule that reads only what the log holds can agree on their share.
   */
  outsideReads: number;
  /** Of those, the ones with nothing before them in the log to read: not even their hit can be predicted. */
  outsideHits: number;
}

/** Per provider, in the order the providers first appear. */
export function cacheAgreement(entries: readonly TimelineEntry[]): ProviderAgreement[] {
  const withUsage = entries.filter((entry) => entry.reported !== null);
  return [...new Set(withUsage.map((entry) => entry.provider))].map((provider) => {
    const own = withUsage.filter((entry) => entry.provider === provider);
    const judged = own.filter((entry) => entry.predicted !== null);
    const outside = judged.filter((entry) => entry.disagreement?.kind === 'warmed-outside');
    return {
      provider,
      requests: own.length,
      unpredicted: own.length - judged.length,
      hitMissAgrees: judged.filter((entry) => entry.predicted!.cachedTokens > 0 === entry.reported!.cachedTokens > 0).length,
      shareWithin: judged.filter((entry) => Math.abs(entry.predictedFraction! - entry.reportedFraction!) <= FRACTION_TOLERANCE).length,
      outsideReads: outside.length,
      outsideHits: outside.filter(({ disagreement }) => disagreement!.longest === null && disagreement!.predictedTokens === 0).length,
    };
  });
}
