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
}

/** Per provider, in the order the providers first appear. */
export function cacheAgreement(entries: readonly TimelineEntry[]): ProviderAgreement[] {
  const withUsage = entries.filter((entry) => entry.reported !== null);
  return [...new Set(withUsage.map((entry) => entry.provider))].map((provider) => {
    const own = withUsage.filter((entry) => entry.provider === provider);
    const judged = own.filter((entry) => entry.predicted !== null);
    return {
      provider,
      requests: own.length,
      unpredicted: own.length - judged.length,
      hitMissAgrees: judged.filter((entry) => entry.predicted!.cachedTokens > 0 === entry.reported!.cachedTokens > 0).length,
      shareWithin: judged.filter((entry) => Math.abs(entry.predictedFraction! - entry.reportedFraction!) <= FRACTION_TOLERANCE).length,
    };
  });
}
