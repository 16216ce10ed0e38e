import { z } from 'zod';
import { PROVIDER_IDS, type ProviderRules } from './provider-rules';

const providerId = z.enum(PROVIDER_IDS as [string, ...string[]]);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD');
const price = z.number().min(0).max(10_000).nullable();
const tokens = z.number().int().min(0).max(10_000_000);

const ruleSource = z.object({
  url: z.string().url().max(2000),
  checked: day,
  thirdParty: z.literal(true).optional(),
  uncertain: z.literal(true).optional(),
});

const mechanism = z.discriminatedUnion('kind', [
  // At most 4: Anthropic refuses a fifth breakpoint, and the export marks the same ones the forecast assumes.
  z.object({ kind: z.literal('breakpoints'), maxBreakpoints: z.number().int().min(1).max(4), lookbackBlocks: z.number().int().min(0).max(10_000) }),
  z.object({ kind: z.literal('prefix'), stepTokens: z.number().int().min(1).max(1_000_000).nullable() }),
  z.object({ kind: z.literal('prefix-units') }),
]);

const providerRule = z.object({
  provider: providerId,
  name: z.string().min(1).max(100),
  mechanism,
  ttlSeconds: z.number().int().min(1).max(31_536_000).nullable(),
  prefixOrder: z.enum(['tools-system', 'system-tools']),
  reportsWrites: z.boolean(),
  ttlOptions: z.string().max(1000),
  usageFields: z.string().max(1000),
  source: ruleSource,
});

const modelRule = z.object({
  provider: providerId,
  model: z.string().min(1).max(200),
  minimumTokens: tokens,
  stepTokens: z.number().int().min(1).max(1_000_000).nullable().optional(),
  reportsWrites: z.boolean().optional(),
  input: price,
  cachedInput: price,
  cacheWrite: price,
  output: price,
  prices: ruleSource,
  minimum: ruleSource,
  contextWindow: z.number().int().min(1).max(100_000_000).nullable().optional(),
  maxInput: z.number().int().min(1).max(100_000_000).optional(),
  maxOutput: z.number().int().min(1).max(100_000_000).nullable().optional(),
  limits: ruleSource.optional(),
});

/**
 * A workspace's edited copy of the rules, as a person or a script sends it: every provider once,
 * at most 200 models, and each provider's default one of its own models.
 */
export const providerRulesSchema = z
  .object({
    providers: z.array(providerRule).length(PROVIDER_IDS.length),
    models: z.array(modelRule).min(1).max(200),
    defaults: z.object(Object.fromEntries(PROVIDER_IDS.map((id) => [id, z.string().min(1).max(200)]))),
  })
  .superRefine((rules, context) => {
    for (const id of PROVIDER_IDS) {
      if (rules.providers.filter((entry) => entry.provider === id).length !== 1) {
        context.addIssue({ code: 'custom', path: ['providers'], message: `provider "${id}" must appear exactly once` });
      }
      const fallback = rules.defaults[id];
      if (!rules.models.some((entry) => entry.provider === id && entry.model === fallback)) {
        context.addIssue({ code: 'custom', path: ['defaults', id], message: `"${fallback}" is not one of the ${id} models listed` });
      }
    }
  }) as unknown as z.ZodType<ProviderRules>;
