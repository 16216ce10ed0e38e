import { modelRuleFor } from '@/lib/provider-cache/model-rule-for';
import type { ModelCacheRule, ProviderId, ProviderRules } from '@/lib/provider-cache/provider-rules';
import { MODEL_APIS, type ModelApi } from './model-api';

/**
 * The provider whose rules a captured request is read by, with its model's rule: the API's own
 * provider first, then any provider that lists the model (a runtime may point an Anthropic client
 * at DeepSeek). The capture keeps no upstream address, so the model is what names it. Null when no
 * provider lists the model.
 */
export function capturedProvider(api: ModelApi, model: string, rules: ProviderRules): { provider: ProviderId; rule: ModelCacheRule } | null {
  const own = MODEL_APIS[api].provider;
  const providers: ProviderId[] = [own, ...rules.providers.map((entry) => entry.provider).filter((provider) => provider !== own)];
  for (const provider of providers) {
    const rule = modelRuleFor(rules, provider, model);
    if (rule !== null) return { provider, rule };
  }
  return null;
}
