import type { ProviderId } from '@/lib/provider-cache/provider-rules';
import type { TimelineEntry } from './cache-timeline';
import { FRACTION_TOLERANCE } from './fraction-tolerance';
import { routeLabel } from './traffic-exchange';

/** How well one provider's predictions matched what it reported, over the requests with usage. */
export interface ProviderAgreement {
  provider: ProviderId;
  /** The router or cloud the requests went through, when they did not go to the provider itself. */
  via?: string;
  /** The provider, and the route when there is one (`anthropic via OpenRouter`): each is a cache of its own. */
  label: string;
  /** Requests with usage, but those that read a cache warmed outside the log (`outsideReads`). */
  requests: number;
  /** Requests with usage no rule could predict (their model has no row). */
  unpredicted: number;
  /** Reported > 0 ⇔ predicted > 0. */
  hitMissAgrees: number;
  /** |predicted − reported| cached share ≤ {@link FRACTION_TOLERANCE}. */
  shareWithin: number;
  /**
   * Requests that read more than anything the log left them or the rule reads: a cache warmed
   * outside the log. No rule that reads only what the log holds can agree on their share, so they
   * are counted apart from `requests`.
   */
  outsideReads: number;
  /** Of those, the ones with nothing before them in the log to read: not even their hit can be predicted. */
  outsideHits: number;
}

/** Per provider and route, in the order they first appear. */
export function cacheAgreement(entries: readonly TimelineEntry[]): ProviderAgreement[] {
  const withUsage = entries.filter((entry) => entry.reported !== null);
  return [...new Set(withUsage.map(routeLabel))].map((label) => {
    const own = withUsage.filter((entry) => routeLabel(entry) === label);
    const { provider, via } = own[0]!;
    const predicted = own.filter((entry) => entry.predicted !== null);
    const outside = predicted.filter((entry) => entry.verdict === 'warmed outside');
    // A read of a cache the log never saw written is left out: no rule over the log can agree with it.
    const judged = predicted.filter((entry) => entry.verdict !== 'warmed outside');
    return {
      provider,
      ...(via === undefined ? {} : { via }),
      label,
      requests: own.length - outside.length,
      unpredicted: own.length - predicted.length,
      hitMissAgrees: judged.filter((entry) => entry.predicted!.cachedTokens > 0 === entry.reported!.cachedTokens > 0).length,
      shareWithin: judged.filter((entry) => Math.abs(entry.predictedFraction! - entry.reportedFraction!) <= FRACTION_TOLERANCE).length,
      outsideReads: outside.length,
      outsideHits: outside.filter(({ disagreement }) => disagreement!.longest === null && disagreement!.predictedTokens === 0).length,
    };
  });
}

const share = (part: number, whole: number) => `${part} of ${whole} (${whole === 0 ? '—' : `${Math.round((100 * part) / whole)}%`})`;

/** A provider's agreement after its name, as `/captures` and `fork-lab cache` say it. */
export function agreementSummary({ requests, unpredicted, hitMissAgrees, shareWithin, outsideReads }: ProviderAgreement): string {
  return [
    `${requests} request${requests === 1 ? '' : 's'} with reported usage`,
    `hit or miss agrees ${share(hitMissAgrees, requests)}`,
    `cached share within ${FRACTION_TOLERANCE * 100} points ${share(shareWithin, requests)}`,
    ...(unpredicted > 0 ? [`${unpredicted} without a rule for their model`] : []),
    ...(outsideReads > 0 ? [`${outsideReads} more read a cache warmed outside this log, left out`] : []),
  ].join(' · ');
}
