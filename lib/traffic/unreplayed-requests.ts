import type { TimelineEntry } from './cache-timeline';
import type { TrafficExchange } from './traffic-exchange';

/** A model request read from a log but not replayed: sent to an endpoint or a model the timeline has no cache rule for (Mistral, Amazon Nova, Gemini through OpenRouter…). */
export interface UnreplayedRequest {
  source: string;
  index: number;
  /** Where it was sent, host and path: what a person recognises the provider by. */
  endpoint: string;
  /** The model it named ('' when none): a router serves models of many providers at one endpoint. */
  model: string;
  /** Whether the provider reported its usage: a request a cache rule should have been checked on. */
  reported: boolean;
}

function endpointOf(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return `${host}${pathname}`;
  } catch {
    return url.slice(0, 200);
  }
}

/** The requests of `exchanges` that no entry replayed, in the order given. */
export function unreplayedOf(exchanges: readonly TrafficExchange[], entries: readonly TimelineEntry[]): UnreplayedRequest[] {
  const replayed = new Set(entries.map((entry) => `${entry.index} ${entry.source}`));
  // A Gemini cache made in the log is not replayed as a request: the requests that name it read it.
  return exchanges
    .filter((exchange) => exchange.createdCache === undefined && !replayed.has(`${exchange.index} ${exchange.source}`))
    .map(({ source, index, url, model, usage }) => ({ source, index, endpoint: endpointOf(url), model, reported: usage !== null }));
}

/** Where an unreplayed request went, as a person names it: the model and the endpoint. */
export function unreplayedPlace({ endpoint, model }: Pick<UnreplayedRequest, 'endpoint' | 'model'>): string {
  return model === '' ? endpoint : `${model} at ${endpoint}`;
}

/** The unreplayed requests in a sentence: how many, and where they went (the five commonest places). */
export function unreplayedSummary(unreplayed: readonly UnreplayedRequest[]): string {
  const byEndpoint = new Map<string, number>();
  for (const request of unreplayed) {
    const place = unreplayedPlace(request);
    byEndpoint.set(place, (byEndpoint.get(place) ?? 0) + 1);
  }
  const places = [...byEndpoint].sort((one, other) => other[1] - one[1]);
  const named = places.slice(0, 5).map(([place, count]) => (count === 1 ? place : `${place} (${count})`));
  const more = places.length > 5 ? `, and ${places.length - 5} more places` : '';
  const reported = unreplayed.filter((request) => request.reported).length;
  const usage = reported === 0 ? '' : `; ${reported === unreplayed.length ? 'all' : reported} with reported usage`;
  return `${unreplayed.length} not replayed: sent to ${named.join(', ')}${more}, where the timeline has no cache rule yet${usage}.`;
}
