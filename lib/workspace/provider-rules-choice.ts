import { deepFreeze } from '@/lib/fork';
import { PROVIDER_IDS, PROVIDER_RULES, type ProviderId, type ProviderRules } from '@/lib/provider-cache/provider-rules';
import { providerRulesSchema } from '@/lib/provider-cache/provider-rules-schema';

/** The cache-forecast choices a workspace keeps: edited rules, and the model each provider is shown with. */
export interface ProviderRulesChoice {
  providerRules: ProviderRules | null;
  providerModels: Partial<Record<ProviderId, string>>;
}

/** Rules another version wrote that this one cannot read are dropped: the shipped ones apply. */
export function restoreProviderRules(saved: unknown): ProviderRules | null {
  if (saved === null || saved === undefined) return null;
  const parsed = providerRulesSchema.safeParse(saved);
  return parsed.success ? deepFreeze(parsed.data) : null;
}

export function restoreProviderModels(saved: unknown): Partial<Record<ProviderId, string>> {
  if (saved === null || typeof saved !== 'object' || Array.isArray(saved)) return {};
  return Object.fromEntries(
    Object.entries(saved).filter(
      ([provider, model]) => (PROVIDER_IDS as readonly string[]).includes(provider) && typeof model === 'string' && model.length <= 200,
    ),
  );
}

/**
 * The rules a forecast should use: the edited ones or the shipped ones, with the models a person
 * picked (one the rules do not list is ignored). Null when the workspace changed nothing.
 */
export function effectiveProviderRules(state: ProviderRulesChoice): ProviderRules | null {
  const picked = Object.entries(state.providerModels);
  if (state.providerRules === null && picked.length === 0) return null;
  const rules = state.providerRules ?? PROVIDER_RULES;
  const defaults = { ...rules.defaults };
  for (const [provider, model] of picked) {
    if (rules.models.some((entry) => entry.provider === provider && entry.model === model)) defaults[provider as ProviderId] = model!;
  }
  return { ...rules, defaults };
}
