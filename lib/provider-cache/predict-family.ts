import { CacheLedger } from './cache-ledger';
import type { CachePrediction, MechanismContext, PredictedRequest } from './cache-prediction';
import type { CacheRequest } from './cache-request';
import { predictBreakpoints } from './predict-breakpoints';
import { predictPrefix } from './predict-prefix';
import { predictPrefixUnits } from './predict-prefix-units';
import type { ModelCacheRule, ProviderCacheRule } from './provider-rules';
import { type RequestCost, requestCost, totalCost } from './request-cost';

export interface ChildCacheForecast {
  prediction: CachePrediction;
  cost: RequestCost;
  atMs: number;
  /** The previous request's shared prefix expired before this one was sent: a sibling sent sooner would have read it. */
  missedByTtl: boolean;
}

export interface FamilyCacheForecast {
  provider: ProviderCacheRule['provider'];
  model: string;
  /** The parent's previous request: the one that left its prefix in the cache. */
  parent: CachePrediction;
  children: ChildCacheForecast[];
  /** Every child's first request together (the parent's own request is not part of the fork's cost). */
  familyCost: RequestCost;
}

export interface FamilyInput {
  /** The parent's last request before the fork, sent at time 0. */
  previous: CacheRequest;
  /** Each child's first request, in the order they are sent. */
  children: readonly PredictedRequest[];
}

function predict(request: PredictedRequest, context: MechanismContext): CachePrediction {
  switch (context.provider.mechanism.kind) {
    case 'breakpoints':
      return predictBreakpoints(request, context);
    case 'prefix':
      return predictPrefix(request, context);
    case 'prefix-units':
      return predictPrefixUnits(request, context);
  }
}

/**
 * The parent's previous request, then each child in turn, through one provider's cache: a later
 * sibling reads what the parent and the earlier siblings left, and nothing that expired before it.
 */
export function predictFamily(input: FamilyInput, provider: ProviderCacheRule, model: ModelCacheRule): FamilyCacheForecast {
  const context: MechanismContext = { ledger: new CacheLedger(provider.ttlSeconds), provider, model };
  const parent = predict({ request: input.previous, atMs: 0, forkPrefix: input.previous.segments.length }, context);
  let expiresAtMs = parent.expiresAtMs;
  const children = input.children.map((child): ChildCacheForecast => {
    const missedByTtl = expiresAtMs !== null && child.atMs > expiresAtMs;
    const prediction = predict(child, context);
    expiresAtMs = prediction.expiresAtMs ?? expiresAtMs;
    return { prediction, cost: requestCost(prediction, model), atMs: child.atMs, missedByTtl };
  });
  return {
    provider: provider.provider,
    model: model.model,
    parent,
    children,
    familyCost: totalCost(children.map((child) => child.cost)),
  };
}
