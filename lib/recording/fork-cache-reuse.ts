import { toolCallsOf } from '@/lib/fork';
import { isRecord } from '@/lib/json/is-record';
import { prefixTokens, requestTokens, sharedSegments } from '@/lib/provider-cache/cache-request';
import type { CacheMissReason } from '@/lib/provider-cache/miss-explainer';
import { modelRuleFor } from '@/lib/provider-cache/model-rule-for';
import { defaultModelRule, type ProviderId, type ProviderRules } from '@/lib/provider-cache/provider-rules';
import { type RequestCost, requestCost } from '@/lib/provider-cache/request-cost';
import { replayTraffic } from '@/lib/traffic/cache-timeline';
import { prepareTraffic } from '@/lib/traffic/prepare-traffic';
import { requestParting } from '@/lib/traffic/request-parting';
import type { TrafficExchange } from '@/lib/traffic/traffic-exchange';
import { type CacheRouting, cacheRouting } from './cache-routing';
import type { Capture } from './capture-store';
import { readCapture } from './captured-conversation';
import { capturedProvider } from './captured-provider';
import { keysOf, startsWithAll } from './conversation-keys';
import { MODEL_APIS } from './model-api';

/**
 * What a fork's child reused of its parent's cache, read off the two requests as they were sent:
 * the parent's last request before the fork (the one whose answer made the call) and the child's
 * first. Every figure comes from their bytes, counted by Fork Lab's tokenizer; the provider's cache
 * rule says what of the shared prefix it would read, and its prices what that costs.
 */
export interface ForkCacheReuse {
  /** The capture ids of the parent's request and the child's first. */
  parentRequest: number;
  childRequest: number;
  /** The provider whose cache and prices are applied, and the model priced (`pricedAs` when the request named one the provider does not list). */
  provider: ProviderId;
  model: string;
  pricedAs: string | null;
  /** The parent's request in tokens: the prefix its provider cached, which the child may repeat. */
  parentTokens: number;
  /** The child's first request in tokens, and how many of them lead it exactly as they led the parent's request. */
  childTokens: number;
  sharedTokens: number;
  /** Where the child parts from the parent's request, in cache order; null when it repeats all of it first. */
  parting: { reason: CacheMissReason; path: string } | null;
  /** Of the child's tokens, what the provider's cache would read, write and take at full price, just after the parent's request. */
  cachedTokens: number;
  writtenTokens: number;
  /** The child's first request's input, after the parent's request and sent cold (nothing cached). */
  cost: { fork: RequestCost; cold: RequestCost };
  /** Why the cache reads what it reads, in the provider's terms. */
  reasons: string[];
  routing: CacheRouting;
}

interface ForkAt {
  parentId: number;
  childId: number;
  toolCallId: string;
}

function bodyOf(capture: Capture): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(capture.requestBody);
    return isRecord(body) ? body : null;
  } catch {
    return null;
  }
}

/**
 * The parent's last request before the fork: the newest capture sent before the child whose
 * messages all lead the parent's history up to the call (its answer is the call, so it holds none
 * of it). A fork no call asked for (a program started it between turns) comes after the parent's
 * request whose answer ended the turn: that request.
 */
async function requestBeforeFork(captures: readonly Capture[], fork: ForkAt): Promise<Capture | null> {
  const parentCapture = captures.find((capture) => capture.id === fork.parentId);
  if (parentCapture === undefined) return null;
  if (fork.toolCallId === '') return parentCapture;
  const parent = await readCapture(parentCapture.id, parentCapture.api, parentCapture.requestBody, parentCapture.requestHeaders);
  if (parent === null) return null;
  const callAt = parent.transcript.messages.findIndex(({ message }) => toolCallsOf(message).some((call) => call.toolCallId === fork.toolCallId));
  if (callAt === -1) return null;
  const history = keysOf(parent).slice(0, callAt);
  const earlier = captures.filter((capture) => capture.id < fork.childId && capture.api === parentCapture.api).sort((a, b) => b.id - a.id);
  for (const capture of earlier) {
    const conversation = await readCapture(capture.id, capture.api, capture.requestBody, capture.requestHeaders);
    if (conversation !== null && conversation.transcript.messages.length > 0 && startsWithAll(history, keysOf(conversation))) return capture;
  }
  return null;
}

/**
 * A fork's cache reuse from the captured traffic, priced by `provider` (the one the runtime's users
 * reach; else the provider whose rules list the model, else the API's own). Null when the traffic
 * holds no request of the parent's before the child.
 */
export async function forkCacheReuse(captures: readonly Capture[], fork: ForkAt, rules: ProviderRules, provider?: ProviderId): Promise<ForkCacheReuse | null> {
  const child = captures.find((capture) => capture.id === fork.childId);
  const parent = await requestBeforeFork(captures, fork);
  if (child === undefined || parent === null) return null;
  const parentBody = bodyOf(parent);
  const childBody = bodyOf(child);
  if (parentBody === null || childBody === null) return null;
  const sentModel = typeof childBody.model === 'string' ? childBody.model : '';
  const priceBy = provider ?? capturedProvider(child.api, sentModel, rules)?.provider ?? MODEL_APIS[child.api].provider;
  const listed = modelRuleFor(rules, priceBy, sentModel);
  const model = listed ?? defaultModelRule(rules, priceBy);
  if (model === undefined) return null;
  const shape = MODEL_APIS[child.api].shape;
  const exchange = (capture: Capture, body: Record<string, unknown>): TrafficExchange => ({
    source: 'capture',
    index: capture.id,
    atMs: Date.parse(capture.startedAt),
    url: '',
    endpoint: { provider: priceBy, shape, model: model.model },
    body,
    model: model.model,
    usage: null,
  });
  const before = exchange(parent, parentBody);
  const first = exchange(child, childBody);
  const [afterParent, alone] = await Promise.all([prepareTraffic([before, first]), prepareTraffic([first])]);
  const [parentSent, childSent] = afterParent;
  const forked = replayTraffic(afterParent, rules, { partings: false })[1]?.predicted;
  const cold = replayTraffic(alone, rules, { partings: false })[0]?.predicted;
  if (parentSent === undefined || childSent === undefined || forked == null || cold == null) return null;
  const sharedTokens = prefixTokens(childSent.request, sharedSegments(parentSent.request, childSent.request));
  const parting = requestParting(before, first, shape, sharedTokens);
  return {
    parentRequest: parent.id,
    childRequest: child.id,
    provider: priceBy,
    model: model.model,
    pricedAs: listed === null ? model.model : null,
    parentTokens: requestTokens(parentSent.request),
    childTokens: requestTokens(childSent.request),
    sharedTokens,
    parting: parting.reason === null || parting.path === null ? null : { reason: parting.reason, path: parting.path },
    cachedTokens: forked.cachedTokens,
    writtenTokens: forked.writtenTokens,
    cost: { fork: requestCost(forked, model), cold: requestCost(cold, model) },
    reasons: forked.reasons,
    routing: cacheRouting({ body: parentBody, headers: parent.requestHeaders }, { body: childBody, headers: child.requestHeaders }),
  };
}
