import type { CachePrediction } from './cache-prediction';
import type { ModelCacheRule } from './provider-rules';

/** Dollars for a request's input; `complete` is false when a price it needs is not known (the figure is then a lower bound). */
export interface RequestCost {
  dollars: number;
  complete: boolean;
  /** The prices that were needed and are not known. */
  missing: string[];
}

const PER_TOKEN = 1 / 1_000_000;

/** The input side of a request: what it reads, writes and sends uncached, at the model's prices. */
export function requestCost(prediction: Pick<CachePrediction, 'cachedTokens' | 'writtenTokens' | 'uncachedTokens'>, model: ModelCacheRule): RequestCost {
  const parts: [number, number | null, string][] = [
    [prediction.cachedTokens, model.cachedInput, 'cached input'],
    [prediction.writtenTokens, model.cacheWrite, 'cache write'],
    [prediction.uncachedTokens, model.input, 'input'],
  ];
  let dollars = 0;
  const missing: string[] = [];
  for (const [tokens, price, name] of parts) {
    if (tokens === 0) continue;
    if (price === null) missing.push(name);
    else dollars += tokens * price * PER_TOKEN;
  }
  return { dollars, complete: missing.length === 0, missing };
}

/** The sum of several requests' costs: complete only when each is. */
export function totalCost(costs: readonly RequestCost[]): RequestCost {
  return {
    dollars: costs.reduce((sum, cost) => sum + cost.dollars, 0),
    complete: costs.every((cost) => cost.complete),
    missing: [...new Set(costs.flatMap((cost) => cost.missing))],
  };
}

const SMALL = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });

/**
 * Dollars as a person reads them: two significant digits under a dollar (a first request often
 * costs a fraction of a cent), cents above; `unknown` when no price it needs is known.
 */
export function formatDollars(cost: RequestCost): string {
  if (!cost.complete && cost.dollars === 0) return 'unknown';
  const figure = cost.dollars >= 1 ? cost.dollars.toFixed(2) : SMALL.format(cost.dollars);
  return `${cost.complete ? '' : '≥ '}$${figure}`;
}
