import type { ModelCacheRule, ProviderId, ProviderRules } from './provider-rules';

/**
 * The rule for a model as a request names it: its own row, or the row of the model it is a dated
 * snapshot of (`claude-sonnet-4-20250514` is `claude-sonnet-4`); null when the rules have neither.
 */
export function modelRuleFor(rules: ProviderRules, provider: ProviderId, model: string): ModelCacheRule | null {
  const rows = rules.models.filter((entry) => entry.provider === provider);
  const exact = rows.find((entry) => entry.model === model);
  if (exact !== undefined) return exact;
  const snapshots = rows.filter((entry) => model.startsWith(`${entry.model}-`) && /^\d{8}$/.test(model.slice(entry.model.length + 1)));
  return snapshots.sort((a, b) => b.model.length - a.model.length)[0] ?? null;
}
