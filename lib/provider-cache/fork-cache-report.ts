import { contextWindowFinding } from './context-window';
import type { ForkCacheRequests } from './fork-cache-requests';
import { type CacheMissExplanation, explainCacheMiss } from './miss-explainer';
import { type FamilyCacheForecast, predictFamily } from './predict-family';
import { type AcceptanceFinding, type ProviderAcceptance, providerAcceptance, withFindings } from './provider-acceptance';
import { defaultModelRule, PROVIDER_IDS, type ProviderId, type ProviderRules, providerRule, type RuleSource } from './provider-rules';

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
  /** Which child of each forecast (`children[focus]`) the preview is about; the explainer and acceptance are its. */
  focus: number;
  /** How each child is named when there are several (`#1`, `#9`). */
  labels?: string[];
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

/** One child of a forecast: its requests, and when it is sent after the first. */
export interface ForecastMember {
  atMs: number;
  requests: ForkCacheRequests;
}

/** The parent requests the members fork from, each once, shortest first (forks at different points have different ones). */
function distinctPrevious(members: readonly ForecastMember[]): ForkCacheRequests['previous'][] {
  const byShape = new Map<string, ForkCacheRequests['previous']>();
  for (const { requests } of members) byShape.set(`${requests.previous.model} ${requests.previous.segments.length}`, requests.previous);
  return [...byShape.values()].sort((a, b) => a.segments.length - b.segments.length);
}

/**
 * Each provider's forecast for children sent one after another (one child, or a family at the
 * given times) after the parent's previous requests, under `rules` (the shipped ones or a
 * workspace's). `focus` is the child the explainer and the acceptance badges are about.
 */
export function forkCacheReport(members: readonly ForecastMember[], rules: ProviderRules, focus = 0, labels?: readonly string[]): ForkCacheReport {
  const focused = members[focus]!.requests;
  const previous = distinctPrevious(members);
  const children = members.map(({ atMs, requests }) => ({ request: requests.child, atMs, forkPrefix: requests.forkPrefix }));
  // A request past its model's context window is refused whatever its cache would do.
  const oversized = new Map<ProviderId, AcceptanceFinding>();
  const forecasts = PROVIDER_IDS.flatMap((id): ProviderForecast[] => {
    const provider = providerRule(rules, id);
    const model = defaultModelRule(rules, id);
    if (model === undefined) return [];
    const forecast = predictFamily({ previous, children }, provider, model);
    const finding = contextWindowFinding(model, forecast.children[focus]!.prediction.totalTokens);
    if (finding !== null) oversized.set(id, finding);
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
    focus,
    ...(labels === undefined ? {} : { labels: [...labels] }),
    explanation: explainCacheMiss(focused.previousExplained, focused.childExplained),
    previousMessages: focused.previousExplained.messages.length,
    forecasts,
    acceptance: withFindings(providerAcceptance(focused.childExplained.messages, focused.childExplained.tools), oversized),
  };
}
