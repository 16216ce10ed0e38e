import type { ReportedUsage } from '@/lib/wire/reported-usage';
import type { ModelCacheRule } from './provider-rules';
import { type RequestCost, requestCost, totalCost } from './request-cost';

/**
 * Dollars a run's request cost at a model's prices: its input as the provider reported it (read,
 * written, neither) and its output. A run without a breakdown (an older record) counts every input
 * token as uncached, which is what it cost unless the provider cached some.
 */
export function usageDollars(usage: ReportedUsage | undefined, totals: { inputTokens?: number; outputTokens?: number }, model: ModelCacheRule): RequestCost {
  const input = usage ?? { cachedTokens: 0, writtenTokens: 0, uncachedTokens: totals.inputTokens ?? 0 };
  const outputTokens = usage?.outputTokens ?? totals.outputTokens ?? 0;
  const output: RequestCost =
    outputTokens === 0
      ? { dollars: 0, complete: true, missing: [] }
      : model.output === null
        ? { dollars: 0, complete: false, missing: ['output'] }
        : { dollars: (outputTokens * model.output) / 1_000_000, complete: true, missing: [] };
  return totalCost([requestCost(input, model), output]);
}
