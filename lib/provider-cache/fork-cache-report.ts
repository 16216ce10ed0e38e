import type { ForkCacheRequests } from './fork-cache-requests';
import { type CacheMissExplanation, explainCacheMiss } from './miss-explainer';
import { type FamilyCacheForecast, predictFamily } from './predict-family';
import { type ProviderAcceptance, providerAcceptance } from './provider-acceptance';
import { defaultModelRule, PROVIDER_IDS, type ProviderRules, providerRule, type RuleSource } from './provider-rules';

/** One provider's forecast for a fork, with the rule and sources it used, so the UI can show both. */
export interface ProviderForecast extends FamilyCacheForecast {
  name: string;
  mechanism: string;
  ttlSeconds: number | null;
  ttlOptions: string;
  minimumTokens: number;
  sources: { rule: RuleSource; prices: RuleSource; minimum: RuleSource };
}

/** What the preview shows about caching: the first difference, then each provider's forecast. */
export interface ForkCacheReport {
  explanation: CacheMissExplanation;
  /** Messages in the parent's previous request (the one the child is compared with). */
  previousMessages: number;
  forecasts: ProviderForecast[];
  /** Would each provider take the child's first request as it stands. */
  acceptance: ProviderAcceptance[];
}

function mechanismText(rules: ProviderRules['providers'][number]['mechanism']): string {
  switch (rules.kind) {
    case 'breakpoints':
      return `explicit breakpoints (at most ${rules.maxBreakpoints}, ${rules.lookbackBlocks}-block lookback)`;
    case 'prefix':
      return rules.stepTokens === null ? 'automatic prefix' : `automatic prefix in ${rules.stepTokens}-token steps`;
    case 'prefix-units':
      return 'whole prefix units';
  }
}

/**
 * Each provider's forecast for one child sent right after its parent's previous request, or for a
 * family of children sent at the given times, under `rules` (the shipped ones or a workspace's).
 */
export function forkCacheReport(
  requests: ForkCacheRequests,
  rules: ProviderRules,
  siblings: readonly { atMs: number; requests: ForkCacheRequests }[] = [],
): ForkCacheReport {
  const children = [
    { request: requests.child, atMs: 0, forkPrefix: requests.forkPrefix },
    ...siblings.map((sibling) => ({ request: sibling.requests.child, atMs: sibling.atMs, forkPrefix: sibling.requests.forkPrefix })),
  ];
  const forecasts = PROVIDER_IDS.flatMap((id): ProviderForecast[] => {
    const provider = providerRule(rules, id);
    const model = defaultModelRule(rules, id);
    if (model === undefined) return [];
    const forecast = predictFamily({ previous: requests.previous, children }, provider, model);
    return [
      {
        ...forecast,
        name: provider.name,
        mechanism: mechanismText(provider.mechanism),
        ttlSeconds: provider.ttlSeconds,
        ttlOptions: provider.ttlOptions,
        minimumTokens: model.minimumTokens,
        sources: { rule: provider.source, prices: model.prices, minimum: model.minimum },
      },
    ];
  });
  return {
    explanation: explainCacheMiss(requests.previousExplained, requests.childExplained),
    previousMessages: requests.previousExplained.messages.length,
    forecasts,
    acceptance: providerAcceptance(requests.childExplained.messages, requests.childExplained.tools),
  };
}
