import 'server-only';
import type { ForkPlan, ParentTranscript } from '@/lib/fork';
import type { PredictedCache } from '@/lib/fork-exchange/run-record';
import { PROVIDER_RULES, type ProviderRules } from '@/lib/provider-cache/provider-rules';
import { type ChildTokenReport, childTokenReport, initialMessageTokens } from '@/lib/tokens/child-token-report';
import { forkCacheFor } from './fork-cache';
import { type CacheTarget, predictedCacheOf, rulesShowing } from './predicted-cache';
import { liveCounter } from './token-counters';

/** Token counts of a child planned on a parent the server has not registered (one mid-turn). */
export async function liveTokenReport(plan: ForkPlan, transcript: ParentTranscript): Promise<ChildTokenReport> {
  return (await childTokenReport(plan, await liveCounter(transcript)))!;
}

/** The cache forecast for the provider a child of a mid-turn parent runs on, kept with its run. */
export async function livePredictedCache(
  plan: ForkPlan,
  transcript: ParentTranscript,
  target: CacheTarget | null,
  rules: ProviderRules = PROVIDER_RULES,
): Promise<PredictedCache | null> {
  if (target === null) return null;
  const counter = await liveCounter(transcript);
  const report = await forkCacheFor(plan, transcript, counter, await initialMessageTokens(plan, counter), rulesShowing(rules, target));
  return predictedCacheOf(report, target);
}
