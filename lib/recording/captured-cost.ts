import { isRecord } from '@/lib/json/is-record';
import type { ProviderRules } from '@/lib/provider-cache/provider-rules';
import { type RequestCost, requestCost, totalCost } from '@/lib/provider-cache/request-cost';
import { type ReportedUsage, readUsage } from '@/lib/wire/reported-usage';
import { streamedUsage } from '@/lib/wire/streamed-usage';
import { capturedProvider } from './captured-provider';
import type { ModelApi } from './model-api';

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

function modelOf(requestBody: string): string {
  try {
    const body: unknown = JSON.parse(requestBody);
    return isRecord(body) && typeof body.model === 'string' ? body.model : '';
  } catch {
    return '';
  }
}

/** A captured answer as the readers take it: one JSON document, or a stream's server-sent events as text. */
export function capturedAnswer(responseBody: string): unknown {
  try {
    return JSON.parse(responseBody);
  } catch {
    return responseBody;
  }
}

/** The usage a captured answer reported: the cost needs nothing else of it (the captures list asks every two seconds). */
function capturedUsage(responseBody: string): ReportedUsage | null {
  const answer = capturedAnswer(responseBody);
  return typeof answer === 'string' ? streamedUsage(answer) : readUsage(answer);
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
  const sum = { reported: 0, cachedTokens: 0, writtenTokens: 0, uncachedTokens: 0 };
  for (const capture of captures) {
    const usage = capture.responseBody === null ? null : capturedUsage(capture.responseBody);
    if (usage === null) continue;
    sum.reported += 1;
    sum.cachedTokens += usage.cachedTokens;
    sum.writtenTokens += usage.writtenTokens;
    sum.uncachedTokens += usage.uncachedTokens;
    const model = modelOf(capture.requestBody);
    const found = capturedProvider(capture.api, model, rules);
    costs.push(found === null ? { dollars: 0, complete: false, missing: [`prices for ${model || 'an unnamed model'}`] } : requestCost(usage, found.rule));
  }
  return { requests: captures.length, ...sum, cost: totalCost(costs) };
}
