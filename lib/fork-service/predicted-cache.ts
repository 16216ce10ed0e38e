import type { PredictedCache } from '@/lib/fork-exchange/run-record';
import type { ForkCacheReport } from '@/lib/provider-cache/fork-cache-report';
import type { ProviderId, ProviderRules } from '@/lib/provider-cache/provider-rules';

/** Where a run's requests go: a provider and the model name it is sent under. */
export interface CacheTarget {
  provider: ProviderId;
  model: string;
}

/** The rules with the run's own model shown for its provider, when the rules list that model. */
export function rulesShowing(rules: ProviderRules, target: CacheTarget | null): ProviderRules {
  if (target === null || !rules.models.some((model) => model.provider === target.provider && model.model === target.model)) return rules;
  return { ...rules, defaults: { ...rules.defaults, [target.provider]: target.model } };
}

/** The forecast for the provider a run uses, kept with the run to set beside what the provider reports. */
export function predictedCacheOf(report: ForkCacheReport | null, target: CacheTarget | null): PredictedCache | null {
  if (report === null || target === null) return null;
  const forecast = report.forecasts.find((entry) => entry.provider === target.provider);
  const child = forecast?.children[0];
  if (forecast === undefined || child === undefined) return null;
  const { cachedTokens, writtenTokens, uncachedTokens } = child.prediction;
  return { provider: forecast.provider, model: forecast.model, cachedTokens, writtenTokens, uncachedTokens };
}
