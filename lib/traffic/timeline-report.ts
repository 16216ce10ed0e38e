import type { ProviderRules } from '@/lib/provider-cache/provider-rules';
import { type BreakpointWhatIf, breakpointWhatIf } from './breakpoint-what-if';
import { cacheAgreement, type ProviderAgreement } from './cache-agreement';
import { replayTraffic, type TimelineEntry } from './cache-timeline';
import { prepareTraffic, withProviderCounts } from './prepare-traffic';
import { type CountMessagesBody, type ProviderCounting, providerTokenAnchors } from './provider-token-anchors';
import type { TrafficExchange } from './traffic-exchange';
import { type UnreplayedRequest, unreplayedOf } from './unreplayed-requests';

/** What a page shows of some traffic: each request's timeline entry, the agreement per provider, and the breakpoint what-if. */
export interface TimelineReport {
  entries: TimelineEntry[];
  agreement: ProviderAgreement[];
  whatIf: BreakpointWhatIf;
  /** How the provider counted the prefixes, when it was asked to; null when every count is offline. */
  counting: ProviderCounting | null;
  /** The model requests read but not replayed: sent to an endpoint or a model the timeline has no cache rule for (Mistral, Amazon Nova, Gemini through OpenRouter…). */
  unreplayed: UnreplayedRequest[];
}

/**
 * Traffic taken apart once, replayed as sent, judged per provider, and priced with its breakpoints
 * placed otherwise. With `count`, Anthropic's requests are measured at their breakpoints by the
 * provider's own tokenizer first.
 */
export async function timelineReport(exchanges: readonly TrafficExchange[], rules: ProviderRules, count?: CountMessagesBody): Promise<TimelineReport> {
  let prepared = await prepareTraffic(exchanges);
  let counting: ProviderCounting | null = null;
  if (count !== undefined) {
    const counted = await providerTokenAnchors(prepared, count);
    prepared = withProviderCounts(prepared, counted.anchors);
    counting = counted.counting;
  }
  const entries = replayTraffic(prepared, rules);
  return { entries, agreement: cacheAgreement(entries), whatIf: breakpointWhatIf(prepared, rules), counting, unreplayed: unreplayedOf(exchanges, entries) };
}
