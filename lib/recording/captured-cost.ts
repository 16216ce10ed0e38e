import { modelRuleFor } from '@/lib/provider-cache/model-rule-for';
import type { ProviderId, ProviderRules } from '@/lib/provider-cache/provider-rules';
import { readUsage } from '@/lib/provider-cache/reported-usage';
import { type RequestCost, requestCost, totalCost } from '@/lib/provider-cache/request-cost';
import { streamedUsage } from '@/lib/traffic/streamed-usage';
import { MODEL_APIS, type ModelApi } from './model-api';

/** What a captured session's requests read, wrote and paid in full, as their answers reported it. */
export interface CapturedCost {
  /** Requests whose answer reported usage, of all the session's. */
  reported: number;
  requests: number;
  cachedTokens: number;
  writtenTokens: number;
  uncachedTokens: number;
  /** Dollars at each model's prices; incomplete where a model or a price is not in the rules. */
  cost: RequestCost;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function modelOf(requestBody: string): string {
  try {
    const body: unknown = JSON.parse(requestBody);
    return isObject(body) && typeof body.model === 'string' ? body.model : '';
  } catch {
    return '';
  }
}

function answerUsage(responseBody: string) {
  try {
    return readUsage(JSON.parse(responseBody));
  } catch {
    // A streamed answer is kept as its server-sent events.
    return streamedUsage(responseBody);
  }
}

/**
 * What each captured session cost, from the usage its answers reported (an answer forwarded to a
 * provider carries it; Fork Lab's offline answers carry no cache figures), priced at the rules'
 * prices for the model each request named: the API's own provider first, then any provider that
 * lists the model (a runtime may point an Anthropic client at DeepSeek). A fork's child is a
 * session of its own, so the parent and each child are counted apart.
 */
export function capturedCost(captures: readonly { api: ModelApi; requestBody: string; responseBody: string | null }[], rules: ProviderRules): CapturedCost {
  const costs: RequestCost[] = [];
  const allProviders = rules.providers.map((provider) => provider.provider);
  const sum = { reported: 0, cachedTokens: 0, writtenTokens: 0, uncachedTokens: 0 };
  for (const capture of captures) {
    const usage = capture.responseBody === null ? null : answerUsage(capture.responseBody);
    if (usage === null) continue;
    sum.reported += 1;
    sum.cachedTokens += usage.cachedTokens;
    sum.writtenTokens += usage.writtenTokens;
    sum.uncachedTokens += usage.uncachedTokens;
    const model = modelOf(capture.requestBody);
    const own = MODEL_APIS[capture.api].provider;
    const providers: ProviderId[] = [own, ...allProviders.filter((provider) => provider !== own)];
    const rule = providers.map((provider) => modelRuleFor(rules, provider, model)).find((found) => found !== null);
    costs.push(rule === undefined ? { dollars: 0, complete: false, missing: [`prices for ${model || 'an unnamed model'}`] } : requestCost(usage, rule));
  }
  return { requests: captures.length, ...sum, cost: totalCost(costs) };
}
