import type { ProviderRules } from '@/lib/provider-cache/provider-rules';
import { type BreakpointWhatIf, breakpointWhatIf } from './breakpoint-what-if';
import { cacheAgreement, type ProviderAgreement } from './cache-agreement';
import { replayTraffic, type TimelineEntry } from './cache-timeline';
import { prepareTraffic } from './prepare-traffic';
import type { TrafficExchange } from './traffic-exchange';

/** What a page shows of some traffic: each request's timeline entry, the agreement per provider, and the breakpoint what-if. */
export interface TimelineReport {
  entries: TimelineEntry[];
  agreement: ProviderAgreement[];
  whatIf: BreakpointWhatIf;
}

/** Traffic taken apart once, replayed as sent, judged per provider, and priced with its breakpoints placed otherwise. */
export async function timelineReport(exchanges: readonly TrafficExchange[], rules: ProviderRules): Promise<TimelineReport> {
  const prepared = await prepareTraffic(exchanges);
  const entries = replayTraffic(prepared, rules);
  return { entries, agreement: cacheAgreement(entries), whatIf: breakpointWhatIf(prepared, rules) };
}
