import { CacheLedger } from './cache-ledger';
import type { CachePrediction, MechanismContext, PredictedRequest } from './cache-prediction';
import type { CacheRequest } from './cache-request';
import { predictRequest } from './predict-request';
import type { ModelCacheRule, ProviderCacheRule } from './provider-rules';
import { type RequestCost, requestCost, totalCost } from './request-cost';

export interface ChildCacheForecast {
  prediction: CachePrediction;
  cost: RequestCost;
  atMs: number;
  /** A longer prefix it shares was in the cache but expired before it was sent: sent sooner, it would have read more. */
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
  /** The parent's last request before each fork point, sent at time 0; the first is reported as `parent`. */
  previous: readonly CacheRequest[];
  /** Each child's first request, in the order they are sent. */
  children: readonly PredictedRequest[];
}

const reordered = new WeakMap<CacheRequest, CacheRequest>();

/**
 * The request with its head in the provider's order: Fork Lab builds tools first, then the system
 * instruction (Anthropic's order); the others put the system text first.
 */
function inPrefixOrder(request: CacheRequest, order: ProviderCacheRule['prefixOrder']): CacheRequest {
  if (order === 'tools-system') return request;
  const known = reordered.get(request);
  if (known !== undefined) return known;
  const system = request.segments.findIndex((segment) => segment.path === 'system');
  const made =
    system <= 0 ? request : { ...request, segments: [request.segments[system]!, ...request.segments.slice(0, system), ...request.segments.slice(system + 1)] };
  reordered.set(request, made);
  return made;
}

/**
 * The parent's previous request, then each child in turn, through one provider's cache: a later
 * sibling reads what the parent and the earlier siblings left, and nothing that expired before it.
 */
export function predictFamily(input: FamilyInput, provider: ProviderCacheRule, model: ModelCacheRule): FamilyCacheForecast {
  const context: MechanismContext = { ledger: new CacheLedger(provider.ttlSeconds), provider, model };
  const order = (request: CacheRequest) => inPrefixOrder(request, provider.prefixOrder);
  // Every parent request the family forks from (forks at different points have different ones), at time 0.
  const [first, ...others] = input.previous.map(order);
  const parent = predictRequest({ request: first!, atMs: 0, forkPrefix: first!.segments.length }, context);
  for (const previous of others) predictRequest({ request: previous, atMs: 0, forkPrefix: previous.segments.length }, context);
  const children = input.children.map((child): ChildCacheForecast => {
    const prediction = predictRequest({ ...child, request: order(child.request) }, context);
    return { prediction, cost: requestCost(prediction, model), atMs: child.atMs, missedByTtl: prediction.expired };
  });
  return {
    provider: provider.provider,
    model: model.model,
    parent,
    children,
    familyCost: totalCost(children.map((child) => child.cost)),
  };
}
